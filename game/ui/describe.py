"""Words for what happens: intents, events, rolls and what an action's percentage means.

No pygame here: the combat log, the action menu, the roll breakdown and the
tests all read these sentences. Everything works from the plain-data shapes
of ../shared/docs/SITUATION-FORMAT.md, so it works for every ruleset; a field
a ruleset leaves out is simply not mentioned. What is one ruleset's own (the
outcome a percentage is the chance of, what an edge buys, the verbs for its
grip kinds, the rule IDs of its attack rolls) comes from the battle's
``Ruleset`` (``headline``, ``odds_words``, ``grip_words``, ``attack_rules``),
never from a ruleset id written here.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any

import game.rules  # noqa: F401  (registers every ruleset)
from game.rules.action_words import base_words, headline_chance, rolls_before, target_name, whole_chance
from game.rules.base import RULESETS, Ruleset, UnknownRuleset, rules_of
from game.wording import percent
from game.wording import verb as agree

__all__ = [
    "name_of", "intent_words", "event_line", "roll_line", "contest_line", "main_chance", "odds_meaning",
    "variant_label", "signed", "roll_verdict", "pool_words", "made_total", "die_sides", "intent_title", "roll_sum", "dc_name", "is_range_roll", "need_words",
    "deed_words", "decision_words", "PART_WORDS", "FACING_WORDS", "facing_word", "contest_verdict", "ruleset_of",
    "auto_words", "table_rows", "table_words", "stat_text", "damage_roll_words", "aimed_label",
]

#: direction 0-5 (the axial vectors of ARCHITECTURE.md) as a compass word, by the map's hex top
FACING_WORDS = {"pointy": ("east", "north-east", "north-west", "west", "south-west", "south-east"),
                "flat": ("south-east", "north-east", "north", "north-west", "south-west", "south")}

def ruleset_of(battle: Any) -> Ruleset:
    """The battle's ruleset, for its own words (the rules' one instance per ruleset, ``base.rules_of``); a plain
    :class:`Ruleset` (the generic words) for no battle or one whose ruleset is not registered."""
    rid = getattr(battle, "ruleset", None)
    if isinstance(rid, str):
        try:
            return rules_of(battle)
        except UnknownRuleset:
            pass
    return Ruleset()


@lru_cache(maxsize=1)
def _attack_rules() -> tuple[str, ...]:
    """Every registered ruleset's attack-roll rule IDs (``dc_name`` reads an event without its battle)."""
    return tuple(dict.fromkeys(p for cls in RULESETS.values() for p in cls.presentation_type.attack_rules))


@lru_cache(maxsize=1)
def _grip_words() -> dict[str, str]:
    """Every registered ruleset's grip verbs, for a log line whose battle names no known ruleset."""
    return {k: v for cls in RULESETS.values() for k, v in cls.presentation_type.grip_words.items()}


@lru_cache(maxsize=1)
def _auto_words() -> dict[str, str]:
    """Every registered ruleset's words for an automatic result (a roll event read without its battle)."""
    return {k: v for cls in RULESETS.values() for k, v in cls.presentation_type.auto_words.items()}


@lru_cache(maxsize=1)
def _table_rows() -> dict[str, tuple[tuple[str, str, str], ...]]:
    """Every registered ruleset's die tables (a roll naming its ``table`` is read without its battle)."""
    return {k: v for cls in RULESETS.values() for k, v in cls.presentation_type.table_rows.items()}


def auto_words(ev: dict[str, Any]) -> str | None:
    """A roll's automatic result in words ("automatic hit, triple damage"), or None when the dice were read
    against the target as usual."""
    auto = ev.get("auto")
    if not auto:
        return None
    return _auto_words().get(str(auto)) or f"automatic {_words(auto)}"


def table_rows(ev: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """The rows of the die table a roll names in ``table`` ((row, row in words, what it does), ...), or ()."""
    table = ev.get("table")
    return _table_rows().get(str(table), ()) if table else ()


def table_words(ev: dict[str, Any]) -> str:
    """The row a table roll came up on and what it does: "row 3 or 4: ..." (the event's own ``effect``
    sentence when it has one, else the table's words)."""
    row = ev.get("row")
    if row is None:  # a roll with no rows to read (which brawler a shot strikes, S3-HTH-20): its effect
        return str(ev.get("effect") or "").rstrip(". ")
    shown, does = str(row), ""
    for key, words, what in table_rows(ev):
        if key == row:
            shown, does = words, what
    effect = str(ev.get("effect") or does).rstrip(". ")
    return f"row {shown}" + (f": {effect}" if effect else "")


def stat_text(ruleset: Ruleset, stat: str, value: Any) -> str:
    """A stat's value as a player reads it: a number, or its name where the ruleset names it (MA Master)."""
    if isinstance(value, int) and not isinstance(value, bool):
        named = ruleset.presentation.stat_words.get(stat, {}).get(value)
        if named:
            return named
    return str(value)


def damage_roll_words(ev: dict[str, Any]) -> str:
    """A damage event's roll, short: "2d6-1 rolled 4+3, x2" (nothing when the event does not carry it)."""
    dr = ev.get("damage_roll")
    if not isinstance(dr, dict):
        return ""
    faces = "+".join(str(x) for x in dr.get("faces") or []) or "no dice"
    mult = "".join(f", {str(m).split(':')[0]}" for m in dr.get("multipliers") or [])
    return f"{dr.get('expr', '?')} rolled {faces}{mult}"


def name_of(battle: Any, fid: Any) -> str:
    if not isinstance(fid, str):
        return str(fid)
    f = battle.get(fid) if battle is not None else None
    if f is None and battle is not None and hasattr(battle, "side"):
        side = battle.side(fid)  # a side's roll (surprise, reaction)
        return (side.name or side.id) if side is not None else fid
    return f.label if f is not None else fid


def facing_word(battle: Any, facing: Any) -> str:
    """``north-east`` for direction 1 on a pointy-top map (the map's own layout names the sides)."""
    if not isinstance(facing, int):
        return f"direction {facing}"
    board = getattr(battle, "board", None)
    return FACING_WORDS.get(getattr(board, "top", "pointy"), FACING_WORDS["pointy"])[facing % 6]


def signed(v: int | float) -> str:
    v = int(v) if float(v).is_integer() else v
    return f"+{v}" if v > 0 else ("\u2212" + str(abs(v)) if v < 0 else "\u00b10")


def _words(s: str) -> str:
    return str(s).replace("_", " ")


def _posture_words(d: dict[str, Any]) -> str:
    """The posture a change_posture intent asks for: a plain intent leaves out the default, standing (the
    play-through's log read "Rook changes posture to None")."""
    return _words(d.get("posture") or "standing")


def intent_title(d: dict[str, Any]) -> str:
    return _words(d.get("type", "")).capitalize()


def intent_words(battle: Any, d: dict[str, Any], *, detail: bool = False) -> str:
    """``{"actor": "cass", "type": "grapple", "target": "edda", "location": "neck"}`` -> a sentence.

    ``detail`` also names what tells two options of one kind apart (an all-out attack's option, the hex
    a move and attack steps to), for lists of options such as the computer's alternatives.
    """
    who = name_of(battle, d.get("actor"))
    kind = d.get("type", "")
    tgt = name_of(battle, d["target"]) if d.get("target") else None
    where = d.get("location")
    extra = []
    if d.get("hands"):
        extra.append(f"{d['hands']} hand{'s' if d['hands'] != 1 else ''}")
    if d.get("maneuver") and d["maneuver"] != "attack":
        extra.append(_words(d["maneuver"]))
    if d.get("item"):
        extra.append(f"with {_words(d['item'])}")
    if d.get("option") and (detail or kind != "all_out_attack"):  # edge's declined result read "(none)"
        extra.append("no result" if d["option"] == "none" else _words(d["option"]))
    if detail and d.get("to") and kind not in ("move", "drag"):
        extra.append(f"from {tuple(d['to'])}")
    tail = f" ({', '.join(extra)})" if extra else ""
    if kind == "move":
        return f"{who} moves to {tuple(d.get('to') or ())}"
    if kind == "face":  # a plain intent leaves out a field at its default, and a Face's is 0
        return f"{who} turns to face {facing_word(battle, d.get('facing', 0))}"
    if kind == "change_posture":
        return f"{who} changes posture to {_posture_words(d)}"
    if kind in ("do_nothing", "pass"):
        return f"{who} does nothing"
    if "first" in d or kind == "move_order":  # G3-3's choice (a plain intent leaves out first=False)
        return f"{who} chooses: {_order_words(battle, d)}"
    if kind == "grapple":
        where = where or "torso"
        return f"{who} grapples {tgt}{'’s ' + _words(where) if tgt and where else ''}{tail}"
    if kind == "drag":
        return f"{who} drags {tgt or 'the held foe'} to {tuple(d.get('to') or ())}"
    if kind == "hth":  # nd6's short name: "Ann: hth Bob" in the log was seen under Xvfb
        return f"{who} goes hand-to-hand with {tgt or 'a foe'}{tail}"
    if kind == "leave_hth":
        return f"{who} breaks away from hand-to-hand{tail}"
    verb = _words(kind)
    if tgt:
        loc = f" at the {_words(where)}" if where and where != "torso" else ""
        return f"{who}: {verb} {tgt}{loc}{tail}"
    return f"{who}: {verb}{tail}"


def deed_words(battle: Any, d: dict[str, Any]) -> str:
    """What an intent does, without who does it: ``grapple Cass’s neck (2 hands)``, ``move to (6, 2)``."""
    kind = d.get("type", "")
    to = tuple(d.get("to") or ())
    if kind == "move":
        return f"move to {to}"
    if kind == "face":
        return f"turn to face {facing_word(battle, d.get('facing', 0))}"
    if kind == "change_posture":
        return f"change posture to {_posture_words(d)}"
    if kind in ("do_nothing", "pass"):
        return "do nothing"
    if kind == "drag":
        return f"drag {name_of(battle, d['target']) if d.get('target') else 'the held foe'} to {to}"
    if "first" in d or kind == "move_order":
        return f"choose: {_order_words(battle, d)}"
    text = intent_words(battle, d, detail=True)
    who = name_of(battle, d.get("actor"))
    if kind == "grapple" and text.startswith(who + " grapples "):
        return "grapple " + text[len(who) + len(" grapples "):]
    for said, verb in ((" goes hand-to-hand", "go hand-to-hand"), (" breaks away", "break away")):
        if kind in ("hth", "leave_hth") and text.startswith(who + said):
            return verb + text[len(who) + len(said):]
    return text[len(who) + 2:] if text.startswith(who + ": ") else text


#: the parts of the computer's evaluation, as a player reads them: (words when it gains, words when it loses)
PART_WORDS: dict[str, tuple[str, str]] = {
    "dealt": ("hurts a foe", "foes recover"),
    "taken": ("recovers", "gets hurt"),
    "control": ("gains control", "loses control"),
    "danger": ("safer", "more exposed"),
    "position": ("better placed", "worse placed"),
}


def _choice_why(battle: Any, c: Any) -> list[str]:
    """Why the computer took ``c``, in words and never its score: ``["hit 20%", "safer", "expects Dane to attack
    Cass"]`` (its main roll's chance, the parts of the position it gains or loses most, the reply it expects).
    New players read the scores ("+1.10", "safer +0.8") as noise: the log says what it did and why."""
    key, p = main_chance(getattr(c, "odds", None), ruleset_of(battle))
    why = []
    if key is not None and p is not None:
        why.append(f"{_words(key)} {percent(p)}")
    parts = sorted((getattr(c, "parts", None) or {}).items(), key=lambda kv: -abs(kv[1]))
    for name, v in parts[:2]:
        if abs(v) >= 0.05 and name in PART_WORDS:
            why.append(PART_WORDS[name][0 if v > 0 else 1])
    reply = getattr(c, "reply", None)
    if reply is not None:
        first = "strikes again, then " if getattr(c, "again", False) else ""
        why.append(f"{first}expects {name_of(battle, reply.actor)} to {deed_words(battle, reply.to_dict())}")
    return why


#: the intents whose words are "do nothing" (:func:`deed_words`)
NOTHING_TYPES = ("do_nothing", "pass")


def decision_needs_a_line(decision: Any) -> bool:
    """Whether the computer's choice gets its own log line: not when doing nothing was its only choice.

    The entry's own line already says it ("Dane passes the movement phase."): the d20 log gave every phase
    the computer passed a second line, "Computer, for Dane: do nothing (the only choice).", which told the
    player nothing more.
    """
    action = getattr(decision, "action", None)
    if action is None:
        return False
    kind = action.to_dict().get("type", "")
    return not (kind in NOTHING_TYPES and not tuple(getattr(decision, "alternatives", ()) or ()))


def decision_words(battle: Any, decision: Any) -> str:
    """The computer's choice for the combat log, one sentence: what it chose and why in words.

    The why is :func:`_choice_why`'s (its main roll's chance, what it gains, the reply it expects); a choice
    nothing told apart from the others says so, the only one says so. No scores and no list of the
    alternatives with theirs (playtest: in the nd6 log "(+0.00). Also weighed: ... (+0.00)" was noise to a
    player); :meth:`Decision.to_dict` keeps them for tools and tests.
    """
    action = getattr(decision, "action", None)
    who = name_of(battle, decision.fighter)
    if action is None:
        return f"Computer, for {who}: nothing to do."
    chosen = getattr(decision, "chosen", None)
    head = f"Computer, for {who}: {deed_words(battle, action.to_dict())}"
    alts = tuple(getattr(decision, "alternatives", ()) or ())
    lower = chosen is not None and chosen.samples and any(c.score > chosen.score + 1e-9 for c in alts)
    if chosen is not None and chosen.samples:
        why = _choice_why(battle, chosen)
        if not why and not lower:  # nothing in the position changes either way (who moves first, a wait)
            why = ["no other choice looked better"] if alts else ["the only choice"]
    else:  # the only legal action, or a pick at random: nothing was weighed
        why = ["the only choice"] if not alts else [f"picked without weighing, at the {decision.level} level"]
    line = f"{head} ({', '.join(why)})." if why else f"{head}."
    if lower:
        # easy and normal draw from the best kinds of action (their visible mistakes)
        line += (f" (The {getattr(decision, 'level', 'normal')} level does not always take the choice that "
                 f"looks best.)")
    return line


def dc_name(ev: dict[str, Any]) -> str:
    """What a roll-over roll's ``dc`` is: "AC" for an attack, "save" for a saving throw, else "DC"."""
    if ev.get("save"):
        return "save"
    label = str(ev.get("label", "")).lower()
    if ev.get("dc_modifiers") is not None or " attacks " in label or "critical confirmation" in label \
            or str(ev.get("rule", "")).startswith(_attack_rules()):
        return "AC"
    if "parry" in label:
        return "to beat"
    return "DC"


def _is_attack(ev: dict[str, Any]) -> bool:
    return dc_name(ev) == "AC"


def is_range_roll(ev: dict[str, Any]) -> bool:
    """A roll with a ``target`` where a LOW roll is bad ("surprised on 1-4"): success means rolling above it."""
    tgt, tot = ev.get("target"), ev.get("total")
    if not isinstance(tgt, int | float) or not isinstance(tot, int | float) or "success" not in ev:
        return False
    if ev.get("critical") or ev.get("automatic") or "dc" in ev:
        return False
    return bool(ev["success"]) == (tot > tgt)


def roll_sum(ev: dict[str, Any], battle: Any = None) -> str:
    """The sum behind a roll, in the way its dice read.

    d20 (roll-over, ``dc``): "d20: 14 + 2 (STR bonus) + 1 (attack bonus) = 17 vs AC 15";
    3d6 (roll-under, ``target``): "12 (5+6+1), needs 15 or less";
    edge pools: "4 dice (5, 2, 6, 1): 2 count (5+ scores) = 2 points".
    """
    dice = [int(x) for x in ev.get("dice") or []]
    if "dc" in ev and ev.get("dc") is not None:
        face = "+".join(str(d) for d in dice) if dice else "?"
        head = "d20" if len(dice) <= 1 else f"{len(dice)} dice"
        parts = [face]
        base = ev.get("base")
        if base:  # where the base comes from, never a bare "base" (``action_words.base_words``)

            said = "attack bonus" if _is_attack(ev) else base_words(
                ruleset_of(battle) if battle is not None else None, battle, ev)
            parts.append(f"{signed(base).replace('+', '+ ').replace(chr(0x2212), chr(0x2212) + ' ')} ({said})")
        for m in ev.get("modifiers") or []:
            v = m.get("value", 0)
            if not v:
                continue
            parts.append(f"{signed(v).replace('+', '+ ').replace(chr(0x2212), chr(0x2212) + ' ')} "
                         f"({m.get('reason', '')})")
        return f"{head}: {' '.join(parts)} = {ev.get('total')} vs {dc_name(ev)} {ev['dc']}"
    if "points" in ev or "counted" in ev:
        need_face = ev.get("need")
        return pool_words(ev) + (f" ({need_face}+ scores)" if need_face is not None else "")
    tgt = ev.get("target")
    faces = "+".join(str(d) for d in dice)
    rolled = f"{ev.get('total')}" + (f" ({faces})" if len(dice) > 1 else "")
    if isinstance(tgt, int | float):
        if is_range_roll(ev):
            return f"rolled {rolled}, 1-{tgt} means caught out"
        return f"{rolled}, needs {tgt} or less"
    return made_total(ev) or f"rolled {rolled}"


def die_sides(ev: dict[str, Any], battle: Any = None) -> int:
    """How many faces a roll's dice have, for drawing them (pips only on a d6, the numeral on any other die):
    the event's ``sides``, the size its ``expr`` names ("1d8"), 20 for a roll over a DC, else the ruleset's
    ``die_sides`` (a pool of d10s read as pips under Xvfb), else 6."""
    if isinstance(ev.get("sides"), int):
        return int(ev["sides"])
    m = re.match(r"\s*\d*\s*d(\d+)", str(ev.get("expr") or ""))
    if m:
        return int(m.group(1))
    if ev.get("dc") is not None:
        return 20
    rs = ruleset_of(battle) if battle is not None else None
    return rs.presentation.die_sides if rs is not None else 6


def pool_words(ev: dict[str, Any]) -> str:
    """A pool roll as a player counts it, each die that scored in brackets: "1 success: [8] 1 6 3". A new player
    read "rolled 1 (8+1+6+3)" as a sum. (Not a check mark after the die: the game's font has no glyph for one,
    and under Xvfb it drew an empty box.)"""
    dice = list(ev.get("dice") or [])
    counted = list(ev.get("counted") or [])
    n = sum(1 for c in counted if c) if counted else int(ev.get("points", ev.get("total")) or 0)
    marks = " ".join(f"[{d}]" if i < len(counted) and counted[i] else str(d) for i, d in enumerate(dice))
    return f"{n} success{'es' if n != 1 else ''}: {marks or 'no dice'}"


def made_total(ev: dict[str, Any]) -> str | None:
    """How a roll with no number to pass came to its total when modifiers changed it: "rolled 2 \u2212 3 =
    \u22121" (a table roll: nd6's reaction die read "rolled \u22121", no die showed that); None when the dice
    alone are the total, or the sum does not add up to it."""
    dice = [x for x in ev.get("dice") or [] if isinstance(x, int)]
    mods = sum(int(m.get("value", 0)) for m in ev.get("modifiers") or [] if isinstance(m, dict))
    total = ev.get("total")
    if not dice or not mods or not isinstance(total, int) or sum(dice) + mods != total:
        return None
    faces = "+".join(str(d) for d in dice)
    sign = "\u2212" if mods < 0 else "+"
    return f"rolled {faces} {sign} {abs(mods)} = {signed(total) if total < 0 else total}"


def need_words(ev: dict[str, Any]) -> str:
    """What the dice must do, short (the dice pop-up): "d20 +3 vs AC 15", "needs 12 or less", "5+ counts";
    for a table roll with modifiers, how the total was made: "rolled 5, −2 from behind = 3"."""
    if ev.get("table") and ev.get("modifiers"):
        faces = "+".join(str(x) for x in ev.get("dice") or [])
        mods = ", ".join(f"{signed(m.get('value', 0))} {m.get('reason', '')}".strip() for m in ev["modifiers"])
        return f"rolled {faces}, {mods} = {ev.get('total')}"
    if ev.get("dc") is not None:
        add = int(ev.get("base") or 0) + sum(int(m.get("value", 0)) for m in ev.get("modifiers") or [])
        head = f"d20 {signed(add) if add else ''} vs {dc_name(ev)} {ev['dc']}".replace("  ", " ")
        face = int(ev["dc"]) - add  # playtest: "d20 +2 vs DC 16: needs 16+" read as a 16 on the die
        return f"{head}: {face}+ on the die" if 2 <= face <= 20 else f"{head}: a total of {ev['dc']}+"
    if is_range_roll(ev):
        return f"1-{ev['target']}: caught out"
    if ev.get("need") is not None and "points" in ev:
        return f"each {ev['need']}+ scores a point"
    tgt = ev.get("target")
    return f"needs {tgt} or less" if isinstance(tgt, int | float) else ""


def roll_verdict(ev: dict[str, Any]) -> str:
    """"success by 2" / "failed by 3" / "critical success"; "hit"/"miss" for d20 attacks."""
    if is_range_roll(ev):
        label = str(ev.get("label", "")).lower()
        if "surprise" in label:
            return "not surprised" if ev["success"] else "surprised"
        return "safe" if ev["success"] else "caught"
    if "dc" in ev and "success" in ev and _is_attack(ev):
        nat = ev.get("critical")
        if nat == "success":
            return "natural 20: hit"
        if nat == "failure":
            return "natural 1: miss"
        m = ev.get("margin")
        if m is None and isinstance(ev.get("total"), int | float) and isinstance(ev.get("dc"), int | float):
            m = ev["total"] - ev["dc"]
        if ev["success"]:
            return "hit" if m is None else f"hit (by {abs(int(m))})" if m else "hit, exactly"
        return "miss" if m is None else f"miss (short by {abs(int(m))})"
    auto = auto_words(ev)
    if auto:
        return auto
    if ev.get("table") and ev.get("row") is not None:  # read off a table: the row is the verdict
        return table_words(ev).split(":")[0]
    crit = ev.get("critical")
    if crit:
        return f"critical {crit}"
    if "success" not in ev:
        return ""
    m = ev.get("margin")
    ok = bool(ev["success"])
    if m is None:
        return "success" if ok else "failed"
    m = abs(int(m))
    if ok:
        return "success, exactly" if m == 0 else f"success by {m}"
    return f"failed by {m}"


def _faces(ev: dict[str, Any]) -> str:
    dice = ev.get("dice") or []
    return "+".join(str(x) for x in dice)


def aimed_label(battle: Any, ev: dict[str, Any], label: str) -> str:
    """A roll's label with the figure it was rolled at (the event's ``target_id``) when the label does not name
    it: a sweep's two rolls both read "full-auto sweep: DX" under Xvfb; now "full-auto sweep at Dunn: DX"."""
    tid = ev.get("target_id")
    if not isinstance(tid, str) or not tid or tid == ev.get("actor"):
        return label
    name = name_of(battle, tid)
    if not name or name in label:
        return label
    head, sep, stat = label.rpartition(": ")
    return f"{head} at {name}: {stat}" if sep else f"{label} at {name}"


def roll_line(battle: Any, ev: dict[str, Any]) -> str:
    """"Cass — grapple Edda's torso: DX: needs 14 or less, rolled 12 (5+6+1): success by 2".

    d20 (``dc``): "Ann — Ann attacks Dane: d20: 14 + 2 (STR) + 1 (attack bonus) = 17 vs AC 15 — hit"."""
    who = name_of(battle, ev.get("actor"))
    label = aimed_label(battle, ev, str(ev.get("label", "roll")))
    if ("dc" in ev and ev.get("dc") is not None) or is_range_roll(ev):
        verdict = roll_verdict(ev)
        head = label if str(label).startswith(who) else f"{who} \u2014 {label}"  # "Hilde tries to grab Jory"
        return f"{head}: {roll_sum(ev, battle)}" + (f" \u2014 {verdict}" if verdict else "")
    if "target" in ev and ev.get("target") is not None and isinstance(ev.get("target"), int | float):
        need = f"needs {ev['target']} or less"
    elif "dc" in ev:
        need = f"needs {ev['dc']} or more"
    else:
        need = ""
    faces = _faces(ev)
    rolled = f"rolled {ev.get('total')}" + (f" ({faces})" if faces and len(ev.get('dice') or []) > 1 else "")
    if "counted" in ev:  # a pool: the successes, each scoring die marked (never a sum)
        rolled = pool_words(ev)
    elif need == "":
        rolled = made_total(ev) or rolled
    verdict = "" if ev.get("table") else roll_verdict(ev)  # a table roll: its row and effect say it all
    # more dice than usual say why, the last reason deciding (nd6: "Sable is a Martial Arts Master dodging: 5d6
    # (S3-MA-8)"); the pop-up said it for a moment, the log and the hand-over read "rolled 26" on five dice
    why = [str(w) for w in (ev.get("dice_why") or [])[-1:]]
    parts = [p for p in (need, rolled, verdict, table_words(ev), *why) if p]
    return f"{who} \u2014 {label}: " + ", ".join(parts)


def contest_verdict(battle: Any, ev: dict[str, Any]) -> str:
    """Who won a contest, in words. An opposed roll of the edge ruleset that ties still has an edge of 0,
    and what needs no edge still happens (an escape, entering a grapple: S1-MENU-1, G1-3): no "nothing
    changes" there."""
    winner = ev.get("winner")
    edge = ev.get("edge")
    rolls = ev.get("rolls") or []
    if winner and edge is None and len(rolls) == 2 and winner == rolls[1].get("actor") and all(
            r.get("success") and not r.get("auto") for r in rolls) and rolls[0].get("margin") == rolls[1].get("margin"):
        # made by as much as each other: the one rolling against keeps things as they are (nd6 G3-2); "Jin wins"
        # with both made exactly read like a mistake under Xvfb
        return f"equal margins: {name_of(battle, winner)} holds"
    if winner:
        # the contest's edge is the actor's points minus the other's (S1-MENU-1): the winner's edge is its size
        return f"{name_of(battle, winner)} wins" + (f" with edge {abs(edge)}" if isinstance(edge, int) else "")
    if edge is not None:
        return f"a tie at edge {edge}: only what needs no edge"
    return "a tie: nothing changes"


def contest_line(battle: Any, ev: dict[str, Any]) -> str:
    rolls = ev.get("rolls") or []
    bits = []
    for r in rolls:
        m = r.get("margin")
        auto = auto_words(r)
        if auto:  # the total decided, not the margin (nd6: 16 fails under 18, S3-KNOCK-4): no "missed by 2"
            verdict = f"rolled {r.get('total')}: {auto}"
        else:
            verdict = 'made it by ' + str(m) if r.get('success') else 'missed by ' + str(abs(m or 0))
        # the pop-up's title form, "Ann: break free: ST" (the labels are what is tried, "break free", so
        # "Ann break free" read as broken English), or the label alone when it names the roller first
        who, label = name_of(battle, r.get("actor")), str(r.get("label", "") or "roll")
        head = label if label.startswith(who) else f"{who}: {label}"
        bits.append(f"{head}, {verdict}")
    kind = _words(ev.get("kind", "")) + " contest" if ev.get("kind") else "contest"
    return f"{kind.capitalize()}: " + "; ".join(bits) + f" \u2014 {contest_verdict(battle, ev)}"


def _condition_line(battle: Any, ev: dict[str, Any]) -> str | None:
    """A condition gained or lost, in the ruleset's words (nd6's in_hth: "in hand-to-hand", S3-HTH-7)."""
    tgt = name_of(battle, ev.get("target"))
    rs = ruleset_of(battle)
    if ev.get("add"):
        return f"{tgt} is {rs.presentation.condition_name(str(ev['add']))}"
    if ev.get("remove"):
        if ev["remove"] == rs.presentation.brawl_condition:
            return f"{tgt} is out of hand-to-hand"
        return f"{tgt} is no longer {rs.presentation.condition_name(str(ev['remove']))}"
    return None


def event_line(battle: Any, ev: dict[str, Any]) -> str | None:
    """One log line for an event (None for bookkeeping the player need not read)."""
    t = ev.get("type")
    who = name_of(battle, ev.get("actor"))
    if t == "roll":
        return roll_line(battle, ev)
    if t == "contest":
        return contest_line(battle, ev)
    if t == "move":
        mover = name_of(battle, ev.get("target", ev.get("actor")))
        steps = len(ev.get("path") or []) or 1
        by = f" ({who})" if ev.get("target") not in (None, ev.get("actor")) else ""
        return f"{mover} moves {steps} hex{'es' if steps != 1 else ''} to {tuple(ev.get('to') or ())}{by}"
    if t == "face":
        return None
    if t == "posture":
        tgt = name_of(battle, ev.get("target"))
        verb = {"prone": "falls prone", "kneeling": "kneels", "standing": "stands up", "crouching": "crouches",
                "sitting": "sits", "crawling": "crawls"}.get(ev.get("posture"), f"is now {ev.get('posture')}")
        return f"{tgt} {verb}"
    if t == "grapple_start":
        g = ev.get("grapple") or {}
        hands = g.get("hands", 1)
        kind = "" if g.get("kind", "grapple") == "grapple" else f" ({_words(g['kind'])})"
        # a grip with no hands counted (edge: one mutual link, E-5) says nothing of hands
        with_hands = f" with {hands} hand{'s' if hands != 1 else ''}" if hands else ""
        return (f"{name_of(battle, g.get('holder'))} grips {name_of(battle, g.get('target'))}"
                f"{'’s ' + _words(g['location']) if g.get('location') else ''}{with_hands}{kind}")
    if t == "grapple_change":
        ch = ev.get("changes") or {}
        kind = ch.get("kind")
        if kind:
            words = ruleset_of(battle).presentation.grip_words.get(kind) or _grip_words().get(kind) \
                or f"now holds ({_words(kind)})"
            return f"{name_of(battle, ev.get('holder'))} {words} {name_of(battle, ev.get('target'))}"
        what = ", ".join(f"{_words(k)} {_words(v)}" for k, v in ch.items() if k != "extra")
        if not what:
            return None
        return f"{name_of(battle, ev.get('holder'))}’s grip on {name_of(battle, ev.get('target'))}: {what}"
    if t == "grapple_end":
        why = f" ({ev['why']})" if ev.get("why") else ""
        return f"{name_of(battle, ev.get('holder'))} no longer holds {name_of(battle, ev.get('target'))}{why}"
    if t == "damage":
        tgt = name_of(battle, ev.get("target"))
        kind = ev.get("damage_type") or ""
        dr = f", DR {ev['dr']}" if ev.get("dr") else ""
        inj = ev.get("injury", ev.get("amount"))
        rolled = damage_roll_words(ev)
        return (f"{tgt} takes {inj} injury ({ev.get('amount')} {kind}{dr}) to the "
                f"{_words(ev.get('location', 'body'))}" + (f" \u2014 {rolled}" if rolled else ""))
    if t == "condition":
        return _condition_line(battle, ev)
    if t == "item":
        act = ev.get("action", "")
        return f"{who}: {_words(ev.get('item', ''))} {act}"
    if t == "message":
        if ev.get("rule") == "GX-4" and "lands when" in str(ev.get("text", "")):
            return "Held back: " + str(ev.get("text"))
        return ev.get("text")
    if t == "illegal":
        return f"Not allowed: {ev.get('reason')}"
    if t == "effect_start":
        eff = ev.get("effect") or {}
        return f"{name_of(battle, eff.get('fighter'))}: {_words(eff.get('kind', ''))} (until {_words(eff.get('until', ''))})"
    if t == "effect_end":
        return None
    if t == "initiative":
        order = ", ".join(name_of(battle, f) for f in ev.get("order") or [])
        return f"Round {ev.get('round')}: turn order {order}"
    if t == "stat":
        return ruleset_of(battle).presentation.event_words(battle, ev)
    return None


def main_chance(odds: dict[str, float] | None, ruleset: Ruleset | None = None) -> tuple[str | None, float | None]:
    """The outcome a menu shows and its chance: the ruleset's ``headline`` (hit, win, success...), else the
    likeliest outcome; ``None`` for a sure thing. Without a ruleset, the generic headline."""
    return headline_chance(ruleset, odds)


def odds_meaning(battle: Any, action: Any, odds: dict[str, float] | None) -> str:
    """What the percentage means for this action, in a sentence, with every outcome's share."""
    ruleset = ruleset_of(battle)
    key, p = main_chance(odds, ruleset)
    whole = whole_chance(ruleset, battle, action, odds)
    before = rolls_before(ruleset, battle, action) if odds else ()
    lead = ""
    if before and whole is not None:  # a roll comes first (3d6's G0-7): the menu's number counts it
        first = ", then ".join(f"{label}, {percent(q)}" for label, q in before)
        lead = f"{percent(whole)} = the chance of the whole: first {first}; then "
    if key is None or key == "done":
        return lead + "no roll is involved." if lead else (
            "No roll is involved." if key is None else "Certain: no roll is involved.")

    tgt = getattr(action, "target", None)  # else a sweep's first target, whose odds these are (nd6 full auto)
    foe = name_of(battle, tgt) if tgt else target_name(battle, action)
    kind = getattr(action, "type", "")
    own = ruleset.presentation.odds_words(battle, action, odds, foe) if odds else None  # edge's ladder of edges
    if own:
        return lead + own
    if key == "hit":
        what = "the grip takes hold" if kind in ("grapple", "wrestle") else "the blow lands"
        # a defence roll only where the odds have one (d20's attack meets an AC, nobody rolls to defend)
        why = (f"your roll succeeds and {foe}'s best defence fails (or you roll a critical)" if "defended" in odds
               else "your roll succeeds")
        head = f"{percent(p)} = the chance {what}: {why}."
    elif key == "win":
        head = (f"{percent(p)} = the chance you win the contest against {foe} "
                f"(a tie or a loss: it does not work).")
    elif key == "success":
        head = f"{percent(p)} = the chance your roll succeeds."
    else:
        head = f"{percent(p)} = the chance of \u201c{_words(key)}\u201d."
    rest = " \u00b7 ".join(f"{_words(k)} {percent(v)}" for k, v in odds.items()) if odds else ""
    return lead + (f"{head} Outcomes: {rest}." if rest else head)


def _order_words(battle: Any, d: dict[str, Any]) -> str:
    """A side's choice of turn order (G3-3), which way round, by the side's name: "The Dock Gang moves first"."""
    f = battle.get(d.get("actor")) if battle is not None and d.get("actor") else None
    side = battle.side(f.side) if f is not None and hasattr(battle, "side") else None
    who = (side.name or side.id) if side is not None else "our side"
    return f"{who} {agree(who, 'moves', 'move')} {'first' if d.get('first') else 'second'}"  # "The Raiders move"


def _item_words(action: Any, battle: Any, d: dict[str, Any]) -> str:
    """What an option strikes with: the item named, what is in hand (the ruleset's ``held_item`` value), or
    bare hands."""
    held = ruleset_of(battle).presentation.held_item
    if held is not None and d["item"] == held:
        f = battle.get(d.get("actor")) if battle is not None and d.get("actor") else None
        hands = [v for v in (getattr(f, "hands", None) or {}).values() if v]
        return _words(hands[0]) if hands else "bare hands"
    return _words(d["item"]) if d["item"] else "bare hands"


def variant_label(action: Any, battle: Any, shared_target: bool = True, skip_maneuver: bool = True) -> str:
    """What tells this option apart from its siblings of the same type ("neck, 2 hands, all-out")."""
    d = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    parts = []
    if d.get("target") and not shared_target:
        parts.append(name_of(battle, d["target"]))
    if d.get("targets"):  # a sweep across several (nd6 full auto, S3-AUTO-18), beside the shots at one of them
        parts.append("sweep: " + ", ".join(name_of(battle, t) for t in d["targets"]))
    if d.get("location") is not None:
        parts.append(_words(d["location"]))
    if "hands" in d and d["hands"] is not None:
        parts.append(f"{d['hands']} hand{'s' if d['hands'] != 1 else ''}")
    elif "hands" in d and getattr(action, "type", "") == "release":  # beside "1 hand": a bare "Release" was unclear
        parts.append("all hands")
    if isinstance(d.get("first"), bool):
        parts.append(_order_words(battle, d))
    if "item" in d:
        parts.append(_item_words(action, battle, d))
    if d.get("maneuver") and d["maneuver"] != "attack" and not skip_maneuver:
        parts.append(_words(d["maneuver"]).replace("all out attack", "all-out"))
    if "option" in d:
        if d["option"] or "ask" not in d:
            parts.append(_words(d["option"]) if d["option"] else "normal")
        elif d.get("type", getattr(action, "type", "")) in ("grapple_roll", "enter_grapple"):
            parts = [p for p in parts if p != "bare hands"]  # ``item`` is what a Wrest would take
            parts.append("roll, then choose the result")
    if "mode" in d and d["mode"]:
        parts.append(_words(d["mode"]))
    if d.get("ammo"):  # a shotgun's slugs beside its usual shot (issue 17): else two rows read the same
        parts.append(_words(d["ammo"]))
    if isinstance(d.get("burst"), str) and d["burst"]:  # a flame thrower's small or large burst
        parts.append(f"{_words(d['burst'])} burst")
    if isinstance(d.get("dice"), int) and not isinstance(d.get("dice"), bool):  # an energy shot split smaller
        n = d.get("shots") if isinstance(d.get("shots"), int) and not isinstance(d.get("shots"), bool) else 1
        parts.append(f"{n} shots of {d['dice']}d6" if n > 1 else f"a {d['dice']}d6 shot")  # it read "3 dice"
    if "kind" in d and isinstance(d["kind"], str) and d["kind"]:
        parts.append(_words(d["kind"]))
    if d.get("count") is not None:
        parts.append(f"until number {d['count']}")
    if d.get("fighter"):
        parts.append(f"until {name_of(battle, d['fighter'])} acts")
    if d.get("reaction"):
        parts.append(f"if it fails: {_words(d['reaction'])}")
    if d.get("climb"):
        parts.append(f"climb {d['climb']}'" if d["climb"] > 0 else f"dive {-d['climb']}'")
    if "posture" in d:
        parts.append(_words(d["posture"]))
    if "defense" in d and d["defense"]:
        parts.append(_words(d["defense"]))
    if "facing" in d and d["facing"] is not None:
        parts.append(f"direction {d['facing']}")
    if "to" in d and d["to"] is not None:
        parts.append(f"to {tuple(d['to'])}")
    return ", ".join(parts)
