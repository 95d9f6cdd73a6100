"""Short sentences for events and intents, for the step-through of ``game.teaching.explain`` (issue 18).

The window's log has its own words (``game.ui.describe``); the headless layers may not import the UI, so
the explanation keeps these plain ones, read from the event shapes of SITUATION-FORMAT.md and the
battle's :class:`~game.rules.base.Ruleset` members (automatic results, die tables, grip verbs): no
ruleset id is written here.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Ruleset

__all__ = ["name_of", "signed", "auto_words", "table_words", "contest_verdict", "event_line", "intent_words"]


def _w(s: Any) -> str:
    return str(s).replace("_", " ")


def name_of(battle: Any, fid: Any) -> str:
    """A fighter's name as the player wrote it (its id when it has none, or no such fighter)."""
    if not isinstance(fid, str):
        return str(fid)
    f = battle.get(fid) if battle is not None else None
    return f.label if f is not None else fid


def signed(v: int | float) -> str:
    v = int(v) if float(v).is_integer() else v
    return f"+{v}" if v > 0 else ("\u2212" + str(abs(v)) if v < 0 else "\u00b10")


def auto_words(ruleset: Ruleset, ev: dict[str, Any]) -> str | None:
    """A roll's automatic result in the ruleset's words ("automatic hit, triple damage"), or None."""
    auto = ev.get("auto")
    if not auto:
        return None
    return ruleset.presentation.auto_words.get(str(auto)) or f"automatic {_w(auto)}"


def table_words(ruleset: Ruleset, ev: dict[str, Any]) -> str:
    """The row a table roll came up on and what it does ("row 3-4: ...")."""
    row = ev.get("row")
    if row is None:
        return str(ev.get("effect") or "").rstrip(". ")
    shown, does = str(row), ""
    for key, words, what in ruleset.presentation.table_rows.get(str(ev.get("table")), ()):
        if key == row:
            shown, does = words, what
    effect = str(ev.get("effect") or does).rstrip(". ")
    return f"row {shown}" + (f": {effect}" if effect else "")


def contest_verdict(battle: Any, ev: dict[str, Any]) -> str:
    """Who won a contest (and by which edge, where the ruleset counts one)."""
    winner, edge = ev.get("winner"), ev.get("edge")
    if winner:
        return f"{name_of(battle, winner)} wins" + (f" with edge {abs(edge)}" if isinstance(edge, int) else "")
    if edge is not None:
        return f"a tie at edge {edge}: only what needs no edge happens"
    return "a tie: nothing changes"


def intent_words(battle: Any, d: dict[str, Any]) -> str:
    """``{"actor": "ann", "type": "grapple", "target": "bob"}`` -> "ann: grapple bob"."""
    who = name_of(battle, d.get("actor"))
    kind = str(d.get("type", ""))
    if kind == "move":
        return f"{who} moves to {tuple(d.get('to') or ())}"
    # nd6's short names read as words ("ann: hth bob" was the heading of a hand-to-hand)
    bits = [{"hth": "hand-to-hand with", "leave_hth": "break away from hand-to-hand"}.get(kind, _w(kind))]
    if d.get("target"):
        bits.append(name_of(battle, d["target"]))
    extra = []
    for key in ("location", "option", "mode"):
        if d.get(key):
            extra.append("no result" if key == "option" and d[key] == "none" else _w(d[key]))
    if d.get("hands"):
        extra.append(f"{d['hands']} hand{'s' if d['hands'] != 1 else ''}")
    if d.get("item"):
        extra.append(f"with {_w(d['item'])}")
    if d.get("to") and kind != "move":
        extra.append(f"to {tuple(d['to'])}")
    return f"{who}: {' '.join(bits)}" + (f" ({', '.join(extra)})" if extra else "")


def event_line(battle: Any, ruleset: Ruleset, ev: dict[str, Any]) -> str | None:
    """One sentence for a state-changing event (None for bookkeeping a player need not read)."""
    t = ev.get("type")
    who = name_of(battle, ev.get("actor"))
    tgt = name_of(battle, ev.get("target")) if ev.get("target") else who
    if t == "move":
        by = f" ({who})" if ev.get("target") not in (None, ev.get("actor")) else ""
        return f"{tgt} moves to {tuple(ev.get('to') or ())}{by}"
    if t == "face":
        return f"{who} turns to direction {ev.get('facing')}"
    if t == "posture":
        return f"{tgt} is now {_w(ev.get('posture'))}"
    if t == "grapple_start":
        g = ev.get("grapple") or {}
        kind = "" if g.get("kind", "grapple") == "grapple" else f" ({_w(g['kind'])})"
        return (f"{name_of(battle, g.get('holder'))} grips {name_of(battle, g.get('target'))}"
                + (f" by the {_w(g['location'])}" if g.get("location") else "") + kind)
    if t == "grapple_change":
        ch = ev.get("changes") or {}
        holder, target = name_of(battle, ev.get("holder")), name_of(battle, ev.get("target"))
        if ch.get("kind"):
            verb = ruleset.presentation.grip_words.get(ch["kind"]) or f"now holds ({_w(ch['kind'])})"
            return f"{holder} {verb} {target}"
        what = ", ".join(f"{_w(k)} {_w(v)}" for k, v in ch.items() if k != "extra")
        return f"{holder}'s grip on {target}: {what}" if what else None
    if t == "grapple_end":
        why = f" ({ev['why']})" if ev.get("why") else ""
        return f"{name_of(battle, ev.get('holder'))} no longer holds {name_of(battle, ev.get('target'))}{why}"
    if t == "damage":
        inj = ev.get("injury", ev.get("amount"))
        return f"{tgt} takes {inj} injury to the {_w(ev.get('location', 'body'))}"
    if t == "condition":
        if ev.get("add"):
            return f"{tgt} is {_w(ev['add'])}"
        if ev.get("remove"):
            return f"{tgt} is no longer {_w(ev['remove'])}"
        return None
    if t == "item":
        return f"{who}: {_w(ev.get('item', ''))} {_w(ev.get('action', ''))}"
    if t == "message":
        return str(ev.get("text") or "") or None
    if t == "illegal":
        return f"Not allowed: {ev.get('reason')}"
    if t == "effect_start":
        eff = ev.get("effect") or {}
        return f"{name_of(battle, eff.get('fighter'))}: {_w(eff.get('kind', ''))} (until {_w(eff.get('until', ''))})"
    if t == "stat":
        return ruleset.presentation.event_words(battle, ev)
    return None
