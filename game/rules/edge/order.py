"""Edge's turn order (GAPS G1-4, S1-GRAPPLE-3/4, G1-11) on the controller's policy interface.

Each round runs in phases: ``ranged`` (no ranged weapons are in edge's item
list yet, so it is empty), ``movement`` (everyone not in a grapple; the later,
simultaneous version of the source made deterministic: side order, then
fighter id, GX-4), ``melee`` (fighters next to a foe and not in a grapple,
by the reach of their weapon, highest first; equal reach in side order then
id, GX-4), ``grapple`` (the end of the melee phase, S1-GRAPPLE-3: each grapple
in the order it began, its initiator first, then the other, S1-GRAPPLE-4;
each fighter rolls once a round, G1-2/G1-11), ``magic`` (empty: no spells),
``misc`` (readying items, for those who have not acted).

A slot is one turn for the controller. Slots are worked out when they are
reached (a fighter who stepped next to a foe in the movement phase gets a
melee slot; a grapple entered in the melee phase gets its rolls). The cursor
is ``battle.state["initiative"]``: ``phase``, ``step`` (= ``[phase]``, so the
controller's ``end_phase`` hook sees phase changes), ``slot`` and ``done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.hexgrid import hex_distance
from game.rules.base import Reason, Ruleset
from game.rules.edge import links
from game.rules.edge.stats import held_weapons, reach
from game.rules.initiative import Policy, side_rank

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle

Event = dict[str, Any]

__all__ = ["PHASES", "PHASE_ACTIONS", "EdgeTurnOrder", "phase_of", "slots_in", "phase_reason"]

PHASES: tuple[str, ...] = ("ranged", "movement", "melee", "grapple", "magic", "misc")

#: what each phase offers (``EdgeRuleset.phases`` declares it as each Phase's ``actions``); ``face``, ``wait``
#: and ``do_nothing`` are named by no phase, so they are open in every phase (``Ruleset.phases_of``)
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "ranged": (),
    "movement": ("move", "change_posture"),
    "melee": ("attack", "enter_grapple"),
    "grapple": ("grapple_roll", "release"),
    "magic": (),
    "misc": ("ready", "release", "change_posture"),
}


def phase_of(battle: Battle) -> str | None:
    """The current phase when edge's policy runs the battle (``None`` in ``clinch resolve`` and tests)."""
    cur = battle.state.get("initiative")
    if isinstance(cur, dict) and cur.get("policy") == EdgeTurnOrder.name:
        return cur.get("phase")
    return None


def _alive(battle: Battle) -> list[str]:
    return [f.id for f in battle.fighters if not ({"dead", "unconscious", "bound"} & set(f.conditions))]


def _key(battle: Battle, fid: str) -> tuple[int, str]:
    return side_rank(battle, battle.fighter(fid)), fid


def slots_in(battle: Battle, phase: str) -> list[str]:
    """The fighters with a slot in ``phase``, in order (before removing the ones already done)."""
    alive = _alive(battle)
    if phase == "movement":
        return sorted((f for f in alive if not links.is_in_grapple(battle, f)), key=lambda f: _key(battle, f))
    if phase == "melee":
        out = []
        for fid in alive:
            me = battle.fighter(fid)
            if links.is_in_grapple(battle, fid) or links.used(battle, fid, "acted"):
                continue
            if any(o.side != me.side and not o.has("dead") and hex_distance(o.hex, me.hex) == 1
                   for o in battle.fighters):
                best = max((reach(w) for w in held_weapons(me)), default=0)
                out.append((-best, *_key(battle, fid)))
        return [fid for *_, fid in sorted(out)]
    if phase == "grapple":
        order: list[str] = []
        for g in sorted(battle.grapples, key=lambda g: g.since):
            first = links.initiator(g)
            for fid in (first, links.other(g, first)):
                if fid in alive and fid not in order and not links.used(battle, fid, "rolled") \
                        and links.pin_level(g, fid) < links.PIN_MAX:
                    order.append(fid)
        return order
    if phase == "misc":
        return sorted((f for f in alive if battle.fighter(f).items and not links.used(battle, f, "acted")),
                      key=lambda f: _key(battle, f))
    return []


class EdgeTurnOrder(Policy):
    """G1-4's phases as a :class:`game.rules.initiative.Policy` (see the module docstring)."""

    name = "edge-phases"
    rule = "G1-4"
    #: the phases the cursor runs, in order: the ruleset declares them from the same :data:`PHASES`
    phases: tuple[str, ...] = PHASES

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        cur = battle.state["initiative"] = {"policy": self.name, "phase": None, "step": None, "slot": None,
                                            "done": [], "phase_index": 0}
        battle.order = sorted(_alive(battle), key=lambda f: _key(battle, f))
        del cur
        return [self._order_event(battle, phases=list(PHASES))]

    def _take(self, battle: Battle) -> str | None:
        cur = battle.state["initiative"]
        done = {(d[0], d[1]) for d in cur.get("done", [])}
        i = int(cur.get("phase_index", 0))
        while i < len(PHASES):
            phase = PHASES[i]
            for fid in slots_in(battle, phase):
                if (fid, phase) not in done:
                    cur.update({"phase_index": i, "phase": phase, "step": [phase], "slot": [fid, phase]})
                    return fid
            i += 1
        cur.update({"phase_index": i, "phase": None, "step": None, "slot": None})
        return None

    def first(self, battle: Battle) -> str | None:
        cur = battle.state.get("initiative")
        if not isinstance(cur, dict) or cur.get("policy") != self.name:
            self.start_round(battle, None)  # type: ignore[arg-type]  (rolls no dice)
        battle.state["initiative"].update({"done": [], "phase_index": 0, "slot": None})
        return self._take(battle)

    def next(self, battle: Battle) -> str | None:
        cur = battle.state["initiative"]
        slot = cur.get("slot")
        if slot:
            cur.setdefault("done", []).append(list(slot))
        return self._take(battle)

    # a round written down (SITUATION-FORMAT.md) -----------------------------------------------------
    def written_phases(self) -> tuple[str, ...]:
        return self.phases

    def written_start(self, battle: Battle, listed: list[tuple[str, int | None]]) -> None:
        super().written_start(battle, listed)
        battle.state["initiative"]["phase_index"] = 0

    def written_step(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> Any:
        return [phase]

    def written_steps(self, battle: Battle, number: int | None) -> list[Any]:
        return [[p] for p in PHASES]

    def written_place(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> None:
        cur = battle.state["initiative"]
        if cur.get("slot"):
            cur.setdefault("done", []).append(cur["slot"])
        cur.update({"phase_index": PHASES.index(phase) if phase in PHASES else 0, "phase": phase, "step": [phase],
                    "slot": [fighter_id, phase]})

    def written_reason(self, battle: Battle, played: list[dict[str, Any]], fighter_id: str, phase: str | None,
                       number: int | None, action_type: str) -> Reason | None:
        """G1-4: melee by reach, longest first; S1-GRAPPLE-4: in a grapple, the one who began it rolls first."""
        me = battle.fighter(fighter_id)
        if phase == "melee":
            mine = max((reach(w) for w in held_weapons(me)), default=0)
            for p in played:
                other = battle.get(p["fighter"])
                if p["phase"] != "melee" or other is None or other.id == fighter_id:
                    continue
                if max((reach(w) for w in held_weapons(other)), default=0) < mine:
                    return Reason(f"{me.label}'s longer reach strikes before {other.label} in the melee phase: "
                                  f"list {me.label} before {other.label}.", "G1-4")
        if phase == "grapple":
            for g in battle.grapples:
                if fighter_id not in (g.holder, g.target):
                    continue
                first = links.initiator(g)
                if first != fighter_id and first in slots_in(battle, "grapple"):
                    return Reason(f"{battle.fighter(first).label} began this grapple and rolls first.",
                                  "S1-GRAPPLE-4")
        return None

    def describe(self, battle: Battle) -> dict[str, Any]:
        out = super().describe(battle)
        out["phases"] = list(PHASES)
        out["slots"] = {p: slots_in(battle, p) for p in PHASES}
        return out


def phase_reason(battle: Battle, action_type: str, rules: Ruleset) -> Reason | None:
    """Why an action type is not open in the current phase (only when edge's policy runs the battle): the
    ruleset's phase data says where it acts (``EdgeRuleset.phases``, built from :data:`PHASE_ACTIONS`)."""
    phase = phase_of(battle)
    if phase is None or phase in rules.phases_of(action_type):
        return None
    # the player reads the action in words ("Enter grapple"), never its id ("enter_grapple")
    return Reason(f"{_title(action_type)} is not part of the {phase} phase", "G1-4")


def _title(action_type: str) -> str:
    """An action type in words, as the menu says it ("enter_grapple" -> "Enter grapple")."""
    return action_type.replace("_", " ").capitalize()
