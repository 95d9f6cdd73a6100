"""A situation read in another ruleset's terms, every assumed value named (issue 18).

``clinch compare`` and the lab's side-by-side view put one moment under two
rulesets. :func:`translate` takes a situation dict (``../shared/docs/SITUATION-FORMAT.md``)
and returns the same moment for another ruleset plus the assumptions made on
the way, one sentence each (a stat with no counterpart, an item taken as the
nearest, a grip that becomes a brawl, dice that cannot be reused).

Each ruleset says how its own terms map to a common description
(``Ruleset.translation``, a :class:`game.rules.translation.Translator` from its
own folder); this module only walks the situation through the hub, so no
ruleset's facts or ids are written here.
"""

from __future__ import annotations

import copy
from typing import Any

from game.rules.base import UnknownRuleset, find_ruleset
from game.rules.translation import Notes

__all__ = ["translate", "TranslationError", "first_action_only"]


class TranslationError(ValueError):
    """The situation cannot be read in the other ruleset at all (one sentence)."""


def translate(spec: dict[str, Any], to_ruleset: str) -> tuple[dict[str, Any], list[str]]:
    """The situation ``spec`` for ``to_ruleset``, and every value assumed on the way (sentences).

    The same ruleset gives an unchanged copy and no assumptions. An action with no counterpart ends the
    action list there (named). ``dice`` are dropped: faces scripted for one ruleset's rolls do not fit
    another's, so the other rolls its own (named).
    """
    try:
        src = find_ruleset(str(spec.get("ruleset", "")))
        dst = find_ruleset(to_ruleset)
    except UnknownRuleset as exc:
        raise TranslationError(exc.args[0]) from None
    if src.id == dst.id:
        return copy.deepcopy(spec), []
    ts, td = src.translation(), dst.translation()
    for r, t in ((src, ts), (dst, td)):
        if t is None:
            raise TranslationError(f"the ruleset {r.id!r} has no translation to the common terms")
    notes = Notes()
    if type(ts) is type(td):
        return _within_family(spec, dst, td, notes)
    ts.spec = spec
    fighters = [ts.fighter_to_common(f, notes) for f in spec.get("fighters") or []]
    grips = [ts.grip_to_common(g, notes) for g in spec.get("grapples") or []]
    grips += ts.grips_from_state(spec, notes)
    out: dict[str, Any] = {"ruleset": dst.id, "map": spec.get("map")}
    out["fighters"] = [td.fighter_from_common(c, notes) for c in fighters]
    out["grapples"] = [g for g in (td.grip_from_common(c, notes) for c in grips) if g is not None]
    td.finish(out, grips, notes)
    effects = []
    for e in spec.get("effects") or []:
        if e.get("kind") in dst.board_effects:
            effects.append(copy.deepcopy(e))
        else:
            notes.add(f"effects: {e.get('kind')} at {e.get('hex')} dropped: {dst.id} has no such board effect.")
    if effects:
        out["effects"] = effects
    td.spec = out
    actions = []
    for i, a in enumerate(spec.get("actions") or []):
        intent = ts.intent_to_common(a, notes)
        if intent is not None and intent.target is None and intent.verb in _ON_GRIP:
            intent.target = _grip_partner(intent.actor, grips)
        made = td.intent_from_common(intent, notes) if intent is not None else None
        if made is None:
            rest = len(spec["actions"]) - i
            notes.add(f"actions[{i}] ({a.get('type')}) has no counterpart in {dst.id}: "
                      f"{'it is' if rest == 1 else f'it and the {rest - 1} after it are'} left out.")
            break
        actions.append(made)
    out["actions"] = actions
    if spec.get("dice") is not None:
        notes.add(f"dice: the file's faces were scripted for {src.id}'s rolls; {dst.id} rolls its own "
                  f"(seeded).")
    return out, list(notes)


def _within_family(spec: dict[str, Any], dst: Any, td: Any, notes: Notes) -> tuple[dict[str, Any], list[str]]:
    """Variants sharing one folder (and so one translator) share their terms: the situation is kept as it
    is, and only what the other variant lacks (a condition, a grip kind, an action) is changed, named."""
    out = copy.deepcopy(spec)
    out["ruleset"] = dst.id
    out.pop("dice", None)
    for f in out.get("fighters") or []:
        kept = [c for c in f.get("conditions") or [] if c in dst.conditions]
        for c in f.get("conditions") or []:
            if c not in kept:
                notes.add(f"{f['id']}: condition {c} has no counterpart in {dst.id}: dropped.")
        if "conditions" in f:
            f["conditions"] = kept
    for g in out.get("grapples") or []:
        kind = g.get("kind", "grapple")
        if kind not in td.grip_kinds or td.grip_kinds[kind] not in td.common_grips:
            g["kind"] = "grapple"
            notes.add(f"grip {g['holder']} on {g['target']}: a {kind.replace('_', ' ')} becomes a plain grapple "
                      f"in {dst.id}.")
    for i, a in enumerate(out.get("actions") or []):
        if a.get("type") not in dst.actions:
            notes.add(f"actions[{i}] ({a.get('type')}) has no counterpart in {dst.id}: it and any after it are "
                      f"left out.")
            out["actions"] = out["actions"][:i]
            break
    if spec.get("dice") is not None:
        notes.add(f"dice: the file's faces were scripted for {spec['ruleset']}'s rolls; {dst.id} rolls its own "
                  f"(seeded).")
    return out, list(notes)


#: common verbs that act on the foe a grip joins the actor to (a file may leave their ``target`` out)
_ON_GRIP = frozenset({"break_free", "takedown", "pin", "throw", "choke", "arm_lock", "release", "subdue"})


def _grip_partner(actor: str, grips: list[Any]) -> str | None:
    """The one the actor holds, else the one holding it (the first grip listed)."""
    for g in grips:
        if g.holder == actor:
            return str(g.target)
    for g in grips:
        if g.target == actor:
            return str(g.holder)
    return None


def first_action_only(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``spec`` keeping only its first action (``clinch compare`` resolves that one)."""
    out = copy.deepcopy(spec)
    out["actions"] = list(out.get("actions") or [])[:1]
    return out
