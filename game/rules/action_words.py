"""What an action does and costs, in plain words, with every roll it entails: the menu's hover (issue 18).

:class:`ActionWords` is what :meth:`game.rules.presentation.Presentation.action_words`
returns: ``does`` and ``costs`` (sentences), ``rolls`` (each roll the action
entails, in order, with its chance), ``whole`` (the chance of the whole
action, not only of its last roll), ``chart`` (the share of every outcome, for
a small bar chart: win / tie / lose, hit / defended / miss, each edge, rounds
that hit), ``damage`` (the spread of injury when the action hits) and ``foe``
(the same odds as the foe sees them).

:func:`generic_words` builds a default from ``Ruleset.odds`` alone (outcome
names only, no ruleset id), so every action of every ruleset says something;
each ruleset's own ``action_words`` module fills its main actions over it with
its own words. No pygame here: the UI and the tests read the same data.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.rules.hoped import first_hoped

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.base import Action, Ruleset

__all__ = ["ActionWords", "Bar", "generic_words", "dice_spread", "with_words", "chart_kind", "FOE_WORDS", "COMMON_DOES",
           "OUTCOME_WORDS", "whole_chance", "headline_chance", "rolls_before", "own_hook", "base_words",
           "OPTION_FIELDS", "option_words"]

#: one bar of a chart or one roll: (label, chance 0..1)
Bar = tuple[str, float]

#: an outcome of ``odds`` as the actor reads it in a chart
OUTCOME_WORDS: dict[str, str] = {
    "win": "win", "tie": "tie", "lose": "lose", "hit": "hit", "defended": "defended", "miss": "miss",
    "success": "success", "failure": "failure", "escape": "escape", "takes_hold": "takes hold",
    "triple": "triple damage", "double": "double damage", "drop": "weapon dropped", "break": "weapon broken",
    "down": "foe knocked down", "enter": "enter", "repelled": "repelled", "auto_hit": "hit by the defender",
}

#: the same outcome as the foe reads it ("you win" is "Bob loses")
FOE_WORDS: dict[str, str] = {
    "win": "loses", "tie": "ties", "lose": "wins", "hit": "is hit", "defended": "defends",
    "miss": "is missed", "success": "fails to stop it", "failure": "is spared", "escape": "loses the hold",
    "takes_hold": "is held",
}

#: what the verbs every ruleset shares (``game.rules.basic_actions``) do, when a ruleset says nothing more
COMMON_DOES: dict[str, str] = {
    "move": "Walk to the hex you pick on the map; the lit hexes are those you can reach, with their cost.",
    "face": "Turn to face another way.",
    "change_posture": "Change posture (stand, kneel, crouch or lie down).",
    "wait": "Hold your action until later.",
    "do_nothing": "Let the turn pass.",
    "ready": "Take an item in hand.",
    "release": "Let go of your grip.",
}

#: the outcomes that make up a whole distribution (a chart shows these, never the overlapping extras)
_PARTITIONS: tuple[tuple[str, ...], ...] = (
    ("win", "tie", "lose"), ("hit", "defended", "miss"), ("hit", "miss"), ("success", "failure"),
    ("enter", "repelled", "auto_hit"), ("enter", "repelled"),
)


@dataclass(frozen=True)
class ActionWords:
    """What an action does and costs and the rolls it entails (see the module docstring).

    ``rules``: the rule IDs behind the words, for the hover's links into the rules help.
    ``chart_kind``: ``contest`` (win / tie / lose), ``attack`` (hit / defended / miss), ``ladder`` (each
    edge), ``rounds`` (rounds that hit), ``outcomes`` (anything else).
    """

    does: str = ""
    costs: str = ""
    rolls: tuple[Bar, ...] = ()
    whole: float | None = None
    chart: tuple[Bar, ...] = ()
    chart_kind: str = "outcomes"
    damage: tuple[tuple[int, float], ...] = ()
    damage_label: str = ""
    foe: tuple[Bar, ...] = ()
    rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """Plain data (tests, ``--json`` dumps)."""
        return dataclasses.asdict(self)


def with_words(words: ActionWords, **changes: Any) -> ActionWords:
    """``words`` with some fields replaced (a ruleset fills its own over the generic default)."""
    return dataclasses.replace(words, **changes)


def chart_kind(odds: dict[str, float]) -> str:
    """Which picture fits these odds (the keys decide, never the ruleset)."""
    if any(k.startswith("edge>=") for k in odds):
        return "ladder"
    if any(k.startswith("rounds:") for k in odds):
        return "rounds"
    if {"win", "lose"} <= set(odds):
        return "contest"
    if {"hit", "miss"} <= set(odds):
        return "attack"
    return "outcomes"


def _edge_bars(odds: dict[str, float]) -> tuple[Bar, ...]:
    """``edge>=k`` ladders as the chance of each edge value: no edge at all (the foe's points beat yours),
    then edge 0, 1, 2 and 3 or more."""
    ks = sorted(int(k[6:]) for k in odds if k.startswith("edge>=") and k[6:].lstrip("-").isdigit())
    if not ks:
        return ()
    bars: list[Bar] = [("below 0", max(0.0, 1.0 - odds[f"edge>={ks[0]}"]))]
    for i, k in enumerate(ks):
        here = odds[f"edge>={k}"]
        nxt = odds[f"edge>={ks[i + 1]}"] if i + 1 < len(ks) else 0.0
        bars.append((f"{k}+" if i + 1 == len(ks) else str(k), max(0.0, here - nxt)))
    return tuple(bars)


def _rounds_bars(odds: dict[str, float]) -> tuple[Bar, ...]:
    """``rounds:n`` as bars, the long tail of zeros cut."""
    ns = sorted(int(k[7:]) for k in odds if k.startswith("rounds:") and k[7:].isdigit())
    bars = [(str(n), odds[f"rounds:{n}"]) for n in ns]
    while len(bars) > 2 and bars[-1][1] < 0.0005:
        bars.pop()
    return tuple(bars)


def _partition(odds: dict[str, float]) -> tuple[str, ...]:
    for keys in _PARTITIONS:
        if set(keys) <= set(odds):
            return keys
    return tuple(k for k in odds if ":" not in k and ">=" not in k)


def chart_bars(odds: dict[str, float]) -> tuple[Bar, ...]:
    """The chart of these odds: every outcome's share, in reading order."""
    kind = chart_kind(odds)
    if kind == "ladder":
        return _edge_bars(odds)
    if kind == "rounds":
        return _rounds_bars(odds)
    return tuple((OUTCOME_WORDS.get(k, k.replace("_", " ")), float(odds[k])) for k in _partition(odds))


def foe_bars(odds: dict[str, float], foe: str) -> tuple[Bar, ...]:
    """The same odds from the foe's side: "Bob defends 23%", "Bob wins 40%"."""
    kind = chart_kind(odds)
    if kind == "ladder":
        bars = _edge_bars(odds)
        if not bars:
            return ()
        keep = bars[0][1]
        return ((f"{foe} wins the roll", keep), (f"{foe} loses it", 1.0 - keep))
    if kind == "rounds":
        rounds = _rounds_bars(odds)
        none = next((p for label, p in rounds if label == "0"), None)
        return () if none is None else ((f"{foe} is not hit", none), (f"{foe} is hit at least once", 1 - none))
    out = []
    for k in _partition(odds):
        verb = FOE_WORDS.get(k)
        if verb is not None:
            out.append((f"{foe} {verb}", float(odds[k])))
    return tuple(out)


def _rolls(odds: dict[str, float], kind: str, head: str | None, foe: str) -> tuple[tuple[Bar, ...], float | None]:
    """The rolls the generic odds imply, in order, and the chance of the whole."""
    if kind == "attack":
        made = odds.get("hit", 0.0) + odds.get("defended", 0.0)
        rolls: list[Bar] = [("your roll to hit succeeds", made)]
        if "defended" in odds:
            beat = odds["hit"] / made if made > 0 else 0.0
            rolls.append((f"then {foe}'s defence fails", beat))
        return tuple(rolls), odds.get("hit")
    if kind == "contest":
        return ((f"you win the contest with {foe}", odds["win"]),), odds["win"]
    if kind == "ladder":
        p = odds.get(f"edge>={1}")
        return ((("your pool beats the foe's (edge 1 or more)", p),) if p is not None else ()), (
            odds.get(head) if head else p)
    if kind == "rounds":
        none = odds.get("rounds:0")
        return ((("at least one round hits", 1.0 - none),) if none is not None else ()), (
            odds.get(head) if head else (1.0 - none if none is not None else None))
    if head is not None:
        return ((head.replace("_", " "), odds[head]),), odds[head]
    return (), None


@lru_cache(maxsize=64)
def _hook(package: str, name: str) -> Any:
    try:
        module = importlib.import_module(f"{package}.action_words")
    except ImportError:
        return None
    return getattr(module, name, None)


def own_hook(ruleset: Ruleset | None, name: str) -> Any:
    """A function ``name`` of the ruleset's own ``action_words`` module (its folder's words), or None: how a
    ruleset adds to the common words without a method on its class (``rolls_before``, ``base_words``)."""
    if ruleset is None or not getattr(ruleset, "id", ""):
        return None
    return _hook(type(ruleset).__module__.rsplit(".", 1)[0], name)


#: the fields of an action whose value is an option the player picks among its siblings in a menu: an attack's
#: ``option`` (d20's careful, lingering, staff_two...; 3d6's determined or strong; edge's result bought), d20's
#: defence ``mode`` and brawl ``kind``, nd6's fire ``mode``, a holder's ``reaction``
OPTION_FIELDS: tuple[str, ...] = ("option", "mode", "kind", "reaction")


def option_words(ruleset: Ruleset | None, action: Action) -> list[str]:
    """What each option the action carries does, one sentence each in the ruleset's own words: its
    ``action_words.OPTION_WORDS`` (value -> sentence). A new player met d20's "careful", "lingering" and
    "staff two" with no word of what they do."""
    table = own_hook(ruleset, "OPTION_WORDS") or {}
    out: list[str] = []
    for name in OPTION_FIELDS:
        value = getattr(action, name, None)
        if isinstance(value, str) and value in table:
            out.append(table[value])
    return out


def headline_chance(ruleset: Ruleset | None, odds: dict[str, float] | None) -> tuple[str | None, float | None]:
    """The outcome an action is taken for and its chance in ``odds`` alone: the ruleset's ``headline`` (hit,
    win, success...), else the likeliest outcome; ``(None, None)`` without odds, ``("done", None)`` for a sure
    thing."""
    if not odds:
        return None, None
    if set(odds) == {"done"}:
        return "done", None
    k = ruleset.headline(odds) if ruleset is not None else first_hoped(odds)
    if k is None or k not in odds:
        k = max(odds, key=lambda x: odds[x])
    return k, float(odds[k])


def rolls_before(ruleset: Ruleset | None, battle: Battle | None, action: Action) -> tuple[Bar, ...]:
    """Rolls the fighter makes before anything the action itself rolls, each with its chance (3d6: the HT roll to
    stay conscious at 0 HP or less, G0-7), from the ruleset's own ``rolls_before(battle, action)``; () if none."""
    hook = own_hook(ruleset, "rolls_before")
    return tuple(hook(battle, action)) if hook is not None and battle is not None else ()


def whole_chance(ruleset: Ruleset | None, battle: Battle | None, action: Action,
                 odds: dict[str, float] | None) -> float | None:
    """The chance of the whole action: the action menu's percentage and the hover's "the whole", one computation
    for both. The headline outcome's chance in ``odds`` times every roll made before it (:func:`rolls_before`);
    None when ``odds`` are unknown or the action is a sure thing with no roll before it."""
    if odds is None:
        return None
    _, p = headline_chance(ruleset, odds)
    before = rolls_before(ruleset, battle, action) if odds else ()
    if not before:
        return p
    whole = 1.0 if p is None else p
    for _, q in before:
        whole *= q
    return whole


#: the last bracket of a roll's label: "kick Brom (DX)", "axe damage (1d+4 cutting)", "parry with axe (Axe/Mace 13)"
_BRACKET = re.compile(r"\(([^()]*)\)[^()]*$")
#: a stat named first: "HT against a major wound"
_STAT_FIRST = re.compile(r"^([A-Z]{2,3})\b")


def base_words(ruleset: Ruleset | None, battle: Battle | None, roll: dict[str, Any]) -> str:
    """Where a roll's ``base`` comes from, in words, for the roll breakdown and the explanations: the ruleset's
    own ``base_words(battle, roll)`` first (3d6: "Parry = 3 + Wrestling 15 / 2, rounded down"), else what the
    roll event names: its pool's stat, the stat or skill after its label's colon or in its last bracket, the
    stat its label starts with, the dice of a damage roll, or that the dice alone decide. Never a bare
    "base" (a breakdown read "10 Base: base")."""
    hook = own_hook(ruleset, "base_words")
    said = hook(battle, roll) if hook is not None else None
    if said:
        return str(said)
    label = str(roll.get("label") or "").strip()
    bracket = _BRACKET.search(label)
    after = label.rsplit(":", 1)[1].strip() if ":" in label else ""
    if roll.get("damage") and roll.get("base"):
        dice = bracket.group(1) if bracket else after
        return f"the damage dice{' of ' + dice if dice else ''}, before their adds"
    if roll.get("stat"):
        return str(roll["stat"])
    if not roll.get("base"):  # "initiative: The Dock Gang" names who rolls, not a base
        dice = bracket.group(1) if bracket else (after if roll.get("damage") else "")
        return "none, the dice alone" + (f" ({dice})" if dice else "")
    if after:
        return after
    if bracket:
        return bracket.group(1)
    stat = _STAT_FIRST.match(label)
    if stat:
        return stat.group(1)
    return f"the {label or 'roll'}'s own number"


def generic_words(ruleset: Ruleset, battle: Battle, action: Action, odds: dict[str, float] | None = None,
                  foe: str | None = None) -> ActionWords:
    """The default hover: from ``ruleset.odds`` and the action's own class members (title, rule, free).

    ``does`` is left empty when nothing better than the title is known: the UI then quotes the rules help
    at the action's rule. ``foe``: the target's name (looked up when not given)."""
    if odds is None:
        try:
            odds = ruleset.odds(battle, action)
        except Exception:  # noqa: BLE001 - a ruleset's odds may refuse an action it would refuse anyway
            odds = {}
    odds = {k: float(v) for k, v in (odds or {}).items() if isinstance(v, (int, float))}
    if foe is None:
        foe = target_name(battle, action)
    costs = ("A free action: your turn goes on." if getattr(action, "free", False) else
             "Takes your turn.")
    does = COMMON_DOES.get(getattr(action, "type", ""), "")
    before = rolls_before(ruleset, battle, action) if odds else ()
    whole = whole_chance(ruleset, battle, action, odds)  # the menu's percentage, computed the same way
    if not odds or set(odds) == {"done"}:
        return ActionWords(does=does, costs=costs, rolls=before, whole=whole, rules=_rules(action))
    kind = chart_kind(odds)
    head = ruleset.headline(odds)
    rolls, _ = _rolls(odds, kind, head, foe)
    return ActionWords(does=does, costs=costs, rolls=(*before, *rolls), whole=whole, chart=chart_bars(odds),
                       chart_kind=kind, foe=foe_bars(odds, foe), rules=_rules(action))


def target_name(battle: Battle | None, action: Action) -> str:
    """The name of the action's target (a sweep's first, whose odds it shows: nd6 ``targets``), or "the foe"."""
    tid = getattr(action, "target", None) or next(iter(getattr(action, "targets", None) or ()), None)
    f = battle.get(tid) if battle is not None and isinstance(tid, str) else None
    return f.label if f is not None else "the foe"


def _rules(action: Action) -> tuple[str, ...]:
    rule = getattr(action, "rule", "")
    return (rule,) if rule else ()


@lru_cache(maxsize=256)
def dice_spread(n: int, sides: int = 6, add: int = 0, floor: int = 0, mult: int = 1) -> tuple[tuple[int, float], ...]:
    """The exact spread of ``(n d sides + add) * mult`` floored at ``floor``: ((value, chance), ...).

    For the damage chart: a ruleset names its damage dice, this counts every face."""
    dist: dict[int, float] = {0: 1.0}
    for _ in range(max(0, n)):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    out: dict[int, float] = {}
    for total, p in dist.items():
        v = max(floor, total + add) * mult
        out[v] = out.get(v, 0.0) + p
    return tuple(sorted(out.items()))
