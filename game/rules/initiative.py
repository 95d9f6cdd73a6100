"""Turn order as a policy: who acts first, who acts next, and when a round ends.

boardgame.io's lesson (STYLE.md): turn order is two functions, ``first`` and
``next``, with presets. A policy here is a small object with no state of its
own: everything it remembers lives in the battle (``battle.order`` and the
plain-data cursor ``battle.state["initiative"]``) so saves and replays carry
it and the UI's initiative bar can read it.

The protocol (:class:`InitiativePolicy`), in the order the turn controller
(``game.flow.turns``) calls it:

- ``start_round(battle, dice) -> events``: once at the start of every round,
  before ``first``. The only place a policy rolls dice (initiative rolls, the
  once-only roll-off, surprise). It changes the battle only by applying events
  (``events.Resolution``) or by writing its own cursor, and returns the events
  so the controller can log them with the faces.
- ``first(battle) -> fighter id | None``: the first fighter of the round.
- ``next(battle) -> fighter id | None``: after a turn ends; ``None`` ends the
  round. Both must be deterministic functions of the battle (no dice). They
  may return a fighter who cannot act; the controller skips it (asking
  ``next`` again) and guards against a policy that never ends a round.
- ``describe(battle) -> dict``: what the initiative bar shows.
- ``can_hold(battle, fighter_id, count=None, with_fighter=None) -> Reason | None``:
  whether a fighter may delay its action (S4-INIT-5/6); only the phased
  countdown allows it.

Presets:

- :class:`FixedOrder` — one order for the whole battle by a stat key, ties by
  further keys, then a seeded roll-off made once (3d6: :func:`basic_speed_order`,
  G0-4).
- :class:`PerRoundRoll` — everyone rolls each round, highest first.
- :class:`PhasedCountdown` — a roll each round, counted down high to low; on
  each number the phases (movement, artillery, missiles, magic, hand-to-hand)
  each resolve for everyone acting on that number (S4-INIT-1..6, S4-PHASE-1);
  equal numbers act together, in a fixed order (GX-4); holds to a lower number
  or with a named fighter are ``hold`` effects; surprised fighters lose the
  round (S4-SURPRISE-5). The current number and phase are in
  ``battle.state["initiative"]["count"]`` and ``["phase"]``.
- :class:`SidesThenOrder` — each side rolls a die, the winner chooses whether
  its side moves first or second, the sides move one after the other, then
  everyone acts by a key (adjusted DX), ties by a roll-off each round (G3-3);
  ``["phase"]`` is ``choose``, ``movement`` or ``action``.

Turn-scoped effects the policies rely on (``hold``, ``surprised``) use
``until="end_of_round"``, which the controller expires when a round ends.

For the phased countdown every slot (a fighter in one phase of one number)
is one controller *turn*: ``start_turn``/``end_turn`` run per slot and a
``next_turn`` effect ends at the fighter's next slot, possibly later on the
same number. Effects meant to last "for the round" should use
``end_of_round`` (or ``turns``) instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from game.rules.base import Reason
from game.rules.events import Resolution, effect_start, has_effect, stat
from game.wording import verb

if TYPE_CHECKING:
    from game.dice import Dice
    from game.model import Battle, Fighter

Event = dict[str, Any]

__all__ = [
    "InitiativePolicy", "Policy", "FixedOrder", "PerRoundRoll", "PhasedCountdown", "PHASES",
    "basic_speed", "basic_speed_order", "roll_1d6_plus", "hold_event", "surprise_event", "side_rank",
    "is_surprised", "SidesThenOrder", "SIDE_PHASES", "SlotPolicy",
]

#: S4-PHASE-1: the order of phases on each initiative number.
PHASES: tuple[str, ...] = ("movement", "artillery", "missiles", "magic", "hand-to-hand")


@runtime_checkable
class InitiativePolicy(Protocol):
    """What the turn controller needs from a ruleset's turn order (see the module docstring)."""

    name: str

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]: ...

    def first(self, battle: Battle) -> str | None: ...

    def next(self, battle: Battle) -> str | None: ...

    def describe(self, battle: Battle) -> dict[str, Any]: ...

    def can_hold(self, battle: Battle, fighter_id: str, count: int | None = None,
                 with_fighter: str | None = None) -> Reason | None: ...


def side_rank(battle: Battle, fighter: Fighter) -> int:
    """Position of the fighter's side (``battle.sides`` order, else first appearance): GX-4's fixed order."""
    ids = [s.id for s in battle.sides]
    for f in battle.fighters:
        if f.side not in ids:
            ids.append(f.side)
    return ids.index(fighter.side)


def _cursor(battle: Battle) -> dict[str, Any]:
    cur = battle.state.get("initiative")
    if not isinstance(cur, dict):
        cur = battle.state["initiative"] = {}
    return cur


class Policy:
    """Shared defaults: a cursor over ``battle.order``; no rolls; no holds."""

    name = "policy"
    #: the checklist/gap ID that defines this order, cited in the ``initiative`` event
    rule = ""

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        return []

    def first(self, battle: Battle) -> str | None:
        cur = _cursor(battle)
        cur["index"] = 0
        return battle.order[0] if battle.order else None

    def next(self, battle: Battle) -> str | None:
        cur = _cursor(battle)
        i = int(cur.get("index", -1)) + 1
        cur["index"] = i
        return battle.order[i] if i < len(battle.order) else None

    def describe(self, battle: Battle) -> dict[str, Any]:
        cur = _cursor(battle)
        return {"policy": self.name, "round": battle.round, "current": battle.current,
                "order": list(battle.order), "count": cur.get("count"), "phase": cur.get("phase"),
                "rolls": dict(cur.get("rolls", {}))}

    def phase_ended(self, battle: Battle, step: Any) -> str | None:
        """The name of the ruleset's phase (``Ruleset.phases``) that ended when the cursor left ``step``, or None:
        an order without phases has none."""
        return None

    def can_hold(self, battle: Battle, fighter_id: str, count: int | None = None,
                 with_fighter: str | None = None) -> Reason | None:
        return Reason("This ruleset's turn order has no holding to a later initiative number.", self.rule)

    # -- a round written down (SITUATION-FORMAT.md, "Rounds written down") ----------------------------------------
    #: whether the actions of a round written down may carry initiative numbers (a countdown's)
    numbered = False
    #: action types declared anywhere in a round, outside the one-action limits (d20's defence, S4-PARRY-1)
    anytime: tuple[str, ...] = ()
    #: the action types a round written down plays in its first (movement) phase when they could play later
    #: too; ``None``: any action plays in the first phase it may
    movers: tuple[str, ...] | None = None

    def written_phases(self) -> tuple[str, ...]:
        """The phases a round written down passes through, in order; none: one turn each, in the listed order."""
        return ()

    def written_start(self, battle: Battle, listed: list[tuple[str, int | None]]) -> None:
        """Set the cursor for a round whose turn sequence a file lists (``listed``: each action's fighter and
        initiative number, in order) instead of rolling for it: no dice, the listed order is the order."""
        battle.order = list(dict.fromkeys(fid for fid, _ in listed))
        cur = _cursor(battle)
        cur.clear()
        cur.update({"policy": self.name, "written": True, "done": [], "slot": None, "phase": None, "step": None})

    def written_step(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> Any:
        """The step (``end_phase``'s argument) of a slot; ``None`` for an order without phases."""
        return None

    def written_steps(self, battle: Battle, number: int | None) -> list[Any]:
        """Every step of one pass through the phases, in order (their ends run even when nobody acts in them)."""
        return []

    def written_place(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> None:
        """Put the cursor on the slot a listed action plays in, as if the order had reached it."""
        cur = _cursor(battle)
        if cur.get("slot"):
            cur.setdefault("done", []).append(cur["slot"])
        cur.update({"slot": fighter_id, "phase": phase, "step": self.written_step(battle, fighter_id, phase, number)})

    def written_reason(self, battle: Battle, played: list[dict[str, Any]], fighter_id: str, phase: str | None,
                       number: int | None, action_type: str) -> Reason | None:
        """Why the listed order cannot put this action here (its order rules, what one fighter may do in one
        round); ``played``: the round's actions before it (``fighter``, ``phase``, ``number``, ``type``,
        ``free``). ``None``: it may."""
        return None

    def _order_event(self, battle: Battle, **extra: Any) -> Event:
        ev: Event = {"type": "initiative", "policy": self.name, "round": battle.round, "order": list(battle.order)}
        ev.update(extra)
        if self.rule:
            ev["rule"] = self.rule
        return ev


# -- keys and rolls --------------------------------------------------------------------------------

def basic_speed(f: Fighter) -> float:
    """G0-4: Basic Speed = (DX + HT) / 4, unless the fighter's stats give ``Speed``."""
    if "Speed" in f.stats:
        return float(f.stats["Speed"])
    return (f.stats.get("DX", 10) + f.stats.get("HT", 10)) / 4


def _roll_off(battle: Battle, ids: list[str], dice: Dice, res: Resolution, *, sides: int, rule: str,
              rounds: int = 8) -> list[str]:
    """Order tied fighters by a roll-off (highest first); re-roll remaining ties, at most ``rounds`` times."""
    if len(ids) < 2:
        return list(ids)
    scores: dict[str, list[int]] = {i: [] for i in ids}
    groups = [list(ids)]
    for _ in range(rounds):
        tied = [g for g in groups if len(g) > 1]
        if not tied:
            break
        for g in tied:
            for fid in g:
                face = dice.roll(1, sides, f"the initiative roll-off ({fid})", rule)[0]
                scores[fid].append(face)
                res.note({"type": "roll", "actor": fid, "label": "initiative roll-off", "rule": rule, "base": 0,
                          "modifiers": [], "dice": [face], "total": face})
        new_groups: list[list[str]] = []
        for g in groups:
            by: dict[tuple[int, ...], list[str]] = {}
            for fid in g:
                by.setdefault(tuple(scores[fid]), []).append(fid)
            for key in sorted(by, reverse=True):
                new_groups.append(by[key])
        groups = new_groups
    # still tied after every re-roll (vanishingly rare): fighter id decides
    return [fid for g in groups for fid in sorted(g)]


class FixedOrder(Policy):
    """One order for the whole battle: ``key`` descending, ties by a seeded roll-off made once.

    ``key(fighter)`` returns something sortable (a tuple: the stat, then the
    tie-breaking stats). The roll-off happens in the first ``start_round``;
    its faces are logged, so the order is part of the battle's history.
    Fighters added later (reinforcements) join at their key's place.
    """

    name = "fixed"

    def __init__(self, key: Callable[[Fighter], Any], *, roll_off_die: int = 6, rule: str = "",
                 order_by: str = "") -> None:
        self.key = key
        self.roll_off_die = roll_off_die
        self.rule = rule
        self.order_by = order_by

    def written_reason(self, battle: Battle, played: list[dict[str, Any]], fighter_id: str, phase: str | None,
                       number: int | None, action_type: str) -> Reason | None:
        """One turn each (free actions continue it), in the fixed order: a faster fighter listed after a
        slower one is refused; equal keys keep the listed order (no roll-off in a round written down)."""
        me = battle.fighter(fighter_id)
        mine = [i for i, p in enumerate(played) if p["fighter"] == fighter_id]
        # its turn is over once it took a whole action, or once another fighter acted after its free actions
        if any(not played[i]["free"] for i in mine) or (mine and played[-1]["fighter"] != fighter_id):
            return Reason(f"{me.label} has had {me.their} turn this round: one turn each.", self.rule)
        for p in played:
            other = battle.get(p["fighter"])
            if other is not None and other.id != fighter_id and self.key(other) < self.key(me):
                by = f" ({self.order_by})" if self.order_by else ""
                return Reason(f"{me.label} acts before {other.label} in the fixed turn order{by}: list "
                              f"{me.label} before {other.label}.", self.rule)
        return None

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        cur = _cursor(battle)
        known = cur.get("fixed")
        present = [f.id for f in battle.fighters]
        if isinstance(known, list) and set(known) == set(present):
            battle.order = list(known)
            return []
        res = Resolution(battle, dice)
        ranked = sorted(battle.fighters, key=lambda f: self.key(f), reverse=True)
        order: list[str] = []
        i = 0
        while i < len(ranked):
            j = i
            while j + 1 < len(ranked) and self.key(ranked[j + 1]) == self.key(ranked[i]):
                j += 1
            group = [f.id for f in ranked[i:j + 1]]
            if isinstance(known, list) and all(g in known for g in group):
                group.sort(key=known.index)  # keep an earlier roll-off
            else:
                group = _roll_off(battle, group, dice, res, sides=self.roll_off_die, rule=self.rule)
            order.extend(group)
            i = j + 1
        battle.order = order
        cur["fixed"] = list(order)
        res.note(self._order_event(battle))
        return res.events


def basic_speed_order(*, rule: str = "G0-4") -> FixedOrder:
    """3d6 turn order (G0-4): Basic Speed, then DX, then a seeded 1d6 roll-off once; fixed for the battle."""
    return FixedOrder(lambda f: (basic_speed(f), f.stats.get("DX", 10)), rule=rule, order_by="Basic Speed, then DX")


class PerRoundRoll(Policy):
    """Everyone rolls at the start of each round; highest total first.

    ``roll(battle, fighter, dice) -> (total, roll_event)``. Ties: ``tiebreak(fighter)``
    (higher first), then side order and fighter id (GX-4).
    """

    name = "per_round"

    def __init__(self, roll: Callable[[Battle, Fighter, Dice], tuple[int, Event]], *,
                 tiebreak: Callable[[Fighter], Any] | None = None, rule: str = "") -> None:
        self.roll = roll
        self.tiebreak = tiebreak or (lambda f: 0)
        self.rule = rule

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        res = Resolution(battle, dice)
        rolls: dict[str, int] = {}
        for f in battle.fighters:
            total, ev = self.roll(battle, f, dice)
            rolls[f.id] = total
            res.note(ev)
        ranked = sorted(battle.fighters, key=lambda f: (-rolls[f.id], _neg(self.tiebreak(f)), side_rank(battle, f), f.id))
        battle.order = [f.id for f in ranked]
        cur = _cursor(battle)
        cur.clear()
        cur["rolls"] = rolls
        res.note(self._order_event(battle, rolls=dict(rolls)))
        return res.events


def _neg(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(-v for v in value)
    return -value


def roll_1d6_plus(bonus: Callable[[Fighter], int], *, label: str = "initiative",
                  rule: str = "S4-INIT-1") -> Callable[[Battle, Fighter, Dice], tuple[int, Event]]:
    """A roll function for :class:`PerRoundRoll` / :class:`PhasedCountdown`: 1d6 + ``bonus(fighter)``."""

    def roll(battle: Battle, f: Fighter, dice: Dice) -> tuple[int, Event]:
        face = dice.roll(1, 6, f"{f.label}'s {label}", rule)[0]
        b = bonus(f)
        mods = [{"value": b, "reason": "DEX bonus", "rule": rule}] if b else []
        return face + b, {"type": "roll", "actor": f.id, "label": label, "rule": rule, "base": 0,
                          "modifiers": mods, "dice": [face], "total": face + b}

    return roll


# -- the phased countdown (S4) ---------------------------------------------------------------------

def hold_event(fighter: str, round_: int, *, count: int | None = None, with_fighter: str | None = None,
               rule: str | None = None) -> Event:
    """The effect a hold intent emits: act on number ``count`` (S4-INIT-5) or with ``with_fighter`` (S4-INIT-6)."""
    data: dict[str, Any] = {"round": round_}
    if count is not None:
        data["count"] = count
    if with_fighter is not None:
        data["with"] = with_fighter
    return effect_start(fighter, "hold", until="end_of_round", data=data,
                        rule=rule or ("S4-INIT-6" if with_fighter else "S4-INIT-5"))


def surprise_event(fighter: str, round_: int, *, rule: str = "S4-SURPRISE-5") -> Event:
    """A fighter loses this round to surprise (S4-SURPRISE-5): the countdown gives it no turn."""
    return effect_start(fighter, "surprised", until="end_of_round", data={"round": round_}, rule=rule)


def is_surprised(battle: Battle, fighter_id: str) -> bool:
    eff = has_effect(battle, fighter_id, "surprised")
    return eff is not None and eff.get("data", {}).get("round", battle.round) == battle.round


class SlotPolicy(Policy):
    """A policy whose round is a list of slots (a turn each) it works out from the cursor: ``first`` clears the
    round's done slots, ``next`` marks the current one done, and both ask :meth:`_take` for the next slot not
    done (writing it into the cursor as ``slot``), the same for every slot-based order (phased countdown, sides
    then order) so only how the slots are listed differs."""

    def _take(self, battle: Battle) -> str | None:
        """Write the first slot not yet done into the cursor and return its fighter (None: the round is over)."""
        raise NotImplementedError

    def first(self, battle: Battle) -> str | None:
        cur = _cursor(battle)
        cur["done"] = []
        cur["slot"] = None
        return self._take(battle)

    def next(self, battle: Battle) -> str | None:
        cur = _cursor(battle)
        slot = cur.get("slot")
        if slot:
            cur.setdefault("done", []).append(list(slot))
        return self._take(battle)


class PhasedCountdown(SlotPolicy):
    """A roll each round, counted down high to low, with phases inside each number.

    - ``roll(battle, fighter, dice) -> (total, roll_event)`` each round for
      every fighter not surprised (S4-INIT-1, S4-ROUND-2).
    - ``phases``: the order within a number (S4-PHASE-1).
    - ``acts_in(battle, fighter_id, phase) -> bool``: whether the fighter has a
      slot in that phase (default: every phase). A slot is one turn for the
      controller; the ruleset reads ``battle.state["initiative"]["phase"]`` to
      offer that phase's actions.
    - ``surprise(battle, dice, res) -> None``: optional, called in round 1 before
      the rolls; it emits :func:`surprise_event` for the sides caught unaware
      (S4-SURPRISE-1..5).
    - ``note(battle) -> str | None``: optional, a line the initiative bar shows
      under the count (d20: the encounter's reaction roll), as ``describe``'s ``note``.

    Everyone on the same number acts in each phase before the next phase
    begins; within a phase, side order then fighter id (GX-4:
    "simultaneous" made deterministic). ``battle.state["initiative"]["step"]``
    is ``[count, phase]``; the controller calls the ruleset's optional
    ``end_phase`` hook when it changes, where deferred damage of simultaneous
    actions can land (GX-4).
    """

    name = "phased"

    def __init__(self, roll: Callable[[Battle, Fighter, Dice], tuple[int, Event]], *,
                 phases: Sequence[str] = PHASES,
                 acts_in: Callable[[Battle, str, str], bool] | None = None,
                 surprise: Callable[[Battle, Dice, Resolution], None] | None = None,
                 note: Callable[[Battle], str | None] | None = None,
                 rule: str = "S4-INIT-2", anytime: tuple[str, ...] = (), movers: tuple[str, ...] | None = None) -> None:
        self.roll = roll
        self.note = note
        self.anytime = anytime
        self.movers = movers
        self.phases = tuple(phases)
        self.acts_in = acts_in or (lambda b, f, p: True)
        self.surprise = surprise
        self.rule = rule

    # rolls ---------------------------------------------------------------------------------------
    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        res = Resolution(battle, dice)
        cur = _cursor(battle)
        if self.surprise is not None and not cur.get("surprise_checked"):
            self.surprise(battle, dice, res)
        rolls: dict[str, int] = {}
        for f in battle.fighters:
            if is_surprised(battle, f.id):
                continue  # S4-ROUND-2: those not surprised roll
            total, ev = self.roll(battle, f, dice)
            rolls[f.id] = total
            res.note(ev)
        cur.clear()
        cur.update({"policy": self.name, "rolls": rolls, "done": [], "slot": None, "count": None,
                    "phase": None, "step": None, "surprise_checked": True})
        battle.order = [f.id for f in sorted((battle.fighter(i) for i in rolls),
                                             key=lambda f: (-rolls[f.id], side_rank(battle, f), f.id))]
        res.note(self._order_event(battle, rolls=dict(rolls)))
        return res.events

    # numbers -------------------------------------------------------------------------------------
    def _hold(self, battle: Battle, fighter_id: str) -> dict[str, Any] | None:
        eff = has_effect(battle, fighter_id, "hold")
        if eff is None or eff.get("data", {}).get("round") != battle.round:
            return None
        return eff.get("data", {})

    def number(self, battle: Battle, fighter_id: str, _seen: frozenset[str] = frozenset()) -> int | None:
        """The number a fighter acts on this round: its roll, or where its hold puts it."""
        rolls = _cursor(battle).get("rolls", {})
        if fighter_id not in rolls:
            return None
        hold = self._hold(battle, fighter_id)
        if hold is not None:
            if "with" in hold and hold["with"] not in _seen:
                other = self.number(battle, hold["with"], _seen | {fighter_id})
                if other is not None:
                    return other
            if "count" in hold:
                return int(hold["count"])
        return int(rolls[fighter_id])

    def _slots(self, battle: Battle) -> list[tuple[int, int, int, str]]:
        cur = _cursor(battle)
        done = {(d[0], d[1], d[2]) for d in cur.get("done", [])}
        out = []
        for fid in cur.get("rolls", {}):
            f = battle.get(fid)
            if f is None or is_surprised(battle, fid):
                continue
            n = self.number(battle, fid)
            if n is None:
                continue
            for i, phase in enumerate(self.phases):
                if (fid, n, phase) in done or not self.acts_in(battle, fid, phase):
                    continue
                out.append((-n, i, side_rank(battle, f), fid))
        out.sort()
        return out

    def _take(self, battle: Battle) -> str | None:
        cur = _cursor(battle)
        slots = self._slots(battle)
        if not slots:
            cur.update({"slot": None, "count": None, "phase": None, "step": None})
            return None
        neg, i, _, fid = slots[0]
        cur.update({"slot": [fid, -neg, self.phases[i]], "count": -neg, "phase": self.phases[i],
                    "step": [-neg, self.phases[i]]})
        return fid

    def phase_ended(self, battle: Battle, step: Any) -> str | None:
        """``step`` is ``[count, phase]``: leaving it ends that phase on that number (GX-4)."""
        if isinstance(step, list | tuple) and len(step) == 2:
            return str(step[1])
        return None

    def describe(self, battle: Battle) -> dict[str, Any]:
        out = super().describe(battle)
        rows = []
        for fid in battle.order:
            hold = self._hold(battle, fid)
            rows.append({"fighter": fid, "rolled": _cursor(battle).get("rolls", {}).get(fid),
                         "number": self.number(battle, fid), "holding": hold is not None})
        out["rows"] = rows
        out["surprised"] = [f.id for f in battle.fighters if is_surprised(battle, f.id)]
        out["phases"] = list(self.phases)
        if self.note is not None:
            out["note"] = self.note(battle)
        return out

    # a round written down ------------------------------------------------------------------------
    numbered = True

    def written_phases(self) -> tuple[str, ...]:
        return self.phases

    def written_start(self, battle: Battle, listed: list[tuple[str, int | None]]) -> None:
        """The listed numbers stand for the rolls (a fighter's first); without numbers everyone is on one."""
        super().written_start(battle, listed)
        rolls: dict[str, int] = {}
        for fid, n in listed:
            rolls.setdefault(fid, 0 if n is None else int(n))
        _cursor(battle).update({"rolls": rolls, "count": None, "surprise_checked": True})

    def written_step(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> Any:
        return [0 if number is None else int(number), phase]

    def written_steps(self, battle: Battle, number: int | None) -> list[Any]:
        return [[0 if number is None else int(number), p] for p in self.phases]

    def written_place(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> None:
        """The slot ``[fighter, number, phase]``, as :meth:`_take` writes it; earlier slots count as done."""
        cur = _cursor(battle)
        n = 0 if number is None else int(number)
        if cur.get("slot"):
            cur.setdefault("done", []).append(cur["slot"])
        cur["rolls"][fighter_id] = cur.get("rolls", {}).get(fighter_id, n)
        cur.update({"slot": [fighter_id, n, phase], "count": n, "phase": phase, "step": [n, phase]})

    def written_reason(self, battle: Battle, played: list[dict[str, Any]], fighter_id: str, phase: str | None,
                       number: int | None, action_type: str) -> Reason | None:
        """S4-PHASE-1: one action in the movement phase and one in a later phase a round (declared defences
        and the like, :attr:`anytime`, besides)."""
        if action_type in self.anytime:
            return None
        first = self.phases[0]
        mine = [p for p in played if p["fighter"] == fighter_id and not p["free"] and p["type"] not in self.anytime]
        same = [p for p in mine if (p["phase"] == first) == (phase == first)]
        if same:
            f = battle.fighter(fighter_id)
            what = f"a {first}-phase action" if phase == first else f"an action after the {first} phase"
            return Reason(f"{f.label} has already taken {what} this round ({same[0]['type']}): one {first}-phase "
                          f"action and one action in a later phase a round.", "S4-PHASE-1")
        return None

    # holds ---------------------------------------------------------------------------------------
    def can_hold(self, battle: Battle, fighter_id: str, count: int | None = None,
                 with_fighter: str | None = None) -> Reason | None:
        """S4-INIT-5/6: only on one's own first slot of the round, to a lower number or a fighter still to act."""
        cur = _cursor(battle)
        if (count is None) == (with_fighter is None):
            return Reason("Hold to a number or with a named fighter, not both or neither.", "S4-INIT-5", "bad_intent")
        if any(d[0] == fighter_id for d in cur.get("done", [])):
            return Reason("A fighter can only hold before it has acted this round.", "S4-INIT-5")
        here = self.number(battle, fighter_id)
        if here is None:
            return Reason("This fighter has no initiative number this round.", "S4-INIT-5")
        if count is not None:
            if count >= here:
                return Reason(f"Holding means acting on a lower number than {here}.", "S4-INIT-5")
            return None
        assert with_fighter is not None
        if battle.get(with_fighter) is None:
            return Reason(f"There is no fighter {with_fighter!r} to wait for.", "S4-INIT-6", "unknown")
        there = self.number(battle, with_fighter, frozenset({fighter_id}))
        if there is None or is_surprised(battle, with_fighter):
            return Reason(f"{battle.fighter(with_fighter).label} does not act this round.", "S4-INIT-6")
        if there > here:
            return Reason(f"{battle.fighter(with_fighter).label} has already had {battle.fighter(with_fighter).their} number.", "S4-INIT-6")
        return None


# -- sides, then movement by side, then actions by a key (G3-3) ------------------------------------

#: G3-3: the three parts of a round: the winner's choice, the sides' movement, everyone's actions.
SIDE_PHASES: tuple[str, ...] = ("choose", "movement", "action")


def _side_ids(battle: Battle) -> list[str]:
    """Every side with a fighter in the battle, in ``side_rank`` order."""
    ids = [s.id for s in battle.sides]
    for f in battle.fighters:
        if f.side not in ids:
            ids.append(f.side)
    present = {f.side for f in battle.fighters}
    return [s for s in ids if s in present]


def _side_label(battle: Battle, side_id: str) -> str:
    s = battle.side(side_id)
    return (s.name or s.id) if s is not None else side_id


def _key_list(value: Any) -> list[Any]:
    """A key as plain JSON data for the cursor (a save carries it; the bar shows it)."""
    return list(value) if isinstance(value, (tuple, list)) else [value]


class SidesThenOrder(SlotPolicy):
    """A side roll, the winner's choice, movement side by side, then actions by a key (G3-3).

    Each round (``start_round``): every side with a fighter able to act rolls
    ``die`` (1d6); a tie at the top re-rolls every side. The winner's first
    able fighter gets a ``choose`` slot, where the ruleset offers "move first"
    and "move second": either writes the side that moves first into
    ``battle.state[choice_field]`` with :meth:`choice_event`. No choice (the
    chooser passed, the slot was skipped, ``choose=False`` or more than two
    sides) leaves the winner moving last, after the others in side order: the
    usual reason to win the roll is to see the foe move before one's own side
    does. Then a ``movement`` slot for each fighter of the first side that
    ``can_move`` (in ``battle.fighters`` order), then the next side's. Then an
    ``action`` slot for each fighter in the order fixed at the start of the
    round: ``key(battle, fighter)`` highest first (nd6: a ready bayonet, then
    adjusted DX, S3-BAYONET-6), equal keys by one roll of ``die`` each among
    the tied only (logged), then side order, then fighter id.

    The cursor ``battle.state["initiative"]`` holds ``side_rolls`` (the last,
    deciding roll of each side), ``winner``, ``chooser``, ``movement_sides``
    (once the choice is past), ``dx_order``, ``keys``, ``rolloff``, ``phase``,
    ``moving_side``, ``step`` (``["choose"]``, ``["movement", side]``,
    ``["action"]``: the controller calls the ruleset's ``end_phase`` at each
    change, so the end of each side's movement is a moment the rules can use),
    ``slot`` and ``done``. ``battle.order`` is the action order, so the
    initiative bar and a save carry it. ``order_by`` says in words what the
    key is (the bar's "Actions by ..."; nd6: adjusted DX).
    """

    name = "sides"
    phases = SIDE_PHASES

    def __init__(self, key: Callable[[Battle, Fighter], Any], *,
                 can_move: Callable[[Battle, str], bool] | None = None,
                 can_act: Callable[[Battle, str], bool] | None = None,
                 choice_field: str = "sides_first", choose: bool = True, die: int = 6,
                 max_rerolls: int = 50, order_by: str = "", rule: str = "G3-3", first_key_rule: str = "",
                 movers: tuple[str, ...] | None = None) -> None:
        self.key = key
        self.first_key_rule = first_key_rule
        self.movers = movers
        self.order_by = order_by
        self.can_move = can_move or (lambda b, fid: True)
        self.can_act = can_act or (lambda b, fid: True)
        self.choice_field = choice_field
        self.choose = choose
        self.die = die
        self.max_rerolls = max_rerolls
        self.rule = rule

    # the round's rolls ---------------------------------------------------------------------------
    def _able(self, battle: Battle, fighter: Fighter) -> bool:
        return self.can_act(battle, fighter.id)

    def start_round(self, battle: Battle, dice: Dice) -> list[Event]:
        res = Resolution(battle, dice)
        cur = _cursor(battle)
        cur.clear()
        battle.state.pop(self.choice_field, None)  # last round's choice does not carry over
        actors = {}
        for f in battle.fighters:
            if f.side not in actors and self._able(battle, f):
                actors[f.side] = f.id
        rolling = [s for s in _side_ids(battle) if s in actors]
        winner, rolls, rerolls = self._roll_sides(battle, dice, res, rolling, actors)
        order, keys, rolloff = self._action_order(battle, dice, res)
        battle.order = order
        cur.update({"policy": self.name, "side_rolls": rolls, "rerolls": rerolls, "winner": winner,
                    "chooser": actors.get(winner) if (winner and self.choose and len(rolling) == 2) else None,
                    "dx_order": list(order), "keys": keys, "rolloff": rolloff, "phase": None, "step": None,
                    "moving_side": None, "slot": None, "done": []})
        res.note(self._order_event(battle, side_rolls=dict(rolls), winner=winner))
        return res.events

    def _roll_sides(self, battle: Battle, dice: Dice, res: Resolution, rolling: list[str],
                    actors: dict[str, str]) -> tuple[str | None, dict[str, int], int]:
        """G3-3 (1): each side rolls; a tie at the top and every side rolls again. One side alone rolls nothing."""
        if len(rolling) < 2:
            return (rolling[0] if rolling else None), {}, 0
        rolls: dict[str, int] = {}
        for attempt in range(self.max_rerolls):
            rolls = {}
            for sid in rolling:
                name = _side_label(battle, sid)
                face = dice.roll(1, self.die, f"{name}'s initiative", self.rule)[0]
                rolls[sid] = face
                res.note({"type": "roll", "actor": actors[sid], "side": sid, "label": f"initiative: {name}",
                          "rule": self.rule, "base": 0, "modifiers": [], "dice": [face], "total": face})
            top = max(rolls.values())
            if sum(1 for v in rolls.values() if v == top) == 1:
                return max(rolls, key=lambda s: rolls[s]), rolls, attempt
        # still tied after every re-roll (practically never): the first side in order wins
        top = max(rolls.values())
        return next(s for s in rolling if rolls[s] == top), rolls, self.max_rerolls

    def _action_order(self, battle: Battle, dice: Dice,
                      res: Resolution) -> tuple[list[str], dict[str, list[Any]], dict[str, int]]:
        """G3-3 (3): by ``key`` highest first; equal keys: one die each among the tied, then side, then id."""
        able = [f for f in battle.fighters if self._able(battle, f)]
        keys = {f.id: self.key(battle, f) for f in able}
        groups: dict[Any, list[Fighter]] = {}
        for f in able:
            groups.setdefault(keys[f.id], []).append(f)
        order: list[str] = []
        rolloff: dict[str, int] = {}
        for k in sorted(groups, reverse=True):
            group = groups[k]
            if len(group) > 1:
                for f in group:
                    face = dice.roll(1, self.die, f"{f.label}'s initiative roll-off", self.rule)[0]
                    rolloff[f.id] = face
                    res.note({"type": "roll", "actor": f.id, "label": "initiative roll-off", "rule": self.rule,
                              "base": 0, "modifiers": [], "dice": [face], "total": face})
            group = sorted(group, key=lambda f: (-rolloff.get(f.id, 0), side_rank(battle, f), f.id))
            order.extend(f.id for f in group)
        return order, {fid: _key_list(k) for fid, k in keys.items()}, rolloff

    # the winner's choice -------------------------------------------------------------------------
    def choice_event(self, battle: Battle, fighter_id: str, first: bool, *, rule: str | None = None) -> Event:
        """The event a "move first" / "move second" action emits: the side that moves first, in the state."""
        mine = battle.fighter(fighter_id).side
        if first:
            side = mine
        else:
            side = next((s for s in _side_ids(battle) if s != mine), mine)
        return stat(fighter_id, f"battle.{self.choice_field}", side, rule=rule or self.rule)

    def choice_words(self, battle: Battle, ev: Event) -> str | None:
        """The log's words for a :meth:`choice_event` (a ruleset's ``event_words`` calls this), else ``None``."""
        if ev.get("type") != "stat" or ev.get("field") != f"battle.{self.choice_field}":
            return None
        side = str(ev.get("value"))
        chooser = battle.get(str(ev.get("actor")))
        who = _side_label(battle, chooser.side) if chooser is not None else side
        if chooser is not None and chooser.side == side:  # "The Raiders ... move first", "Depot Guard ... moves"
            return f"{who} won the initiative and {verb(who, 'moves', 'move')} first."
        return f"{who} won the initiative and {verb(who, 'lets', 'let')} {_side_label(battle, side)} move first."

    def can_choose(self, battle: Battle, fighter_id: str) -> Reason | None:
        """Whether ``fighter_id`` is in its choose slot now (the only time the two choice actions are legal)."""
        cur = _cursor(battle)
        if cur.get("policy") != self.name or cur.get("phase") != "choose" or cur.get("chooser") != fighter_id:
            return Reason("Only the winner of the initiative roll chooses, before anyone moves.", self.rule)
        return None

    def phase(self, battle: Battle) -> str | None:
        """The current phase when this policy runs the battle (``None`` in ``clinch resolve`` and between rounds)."""
        cur = battle.state.get("initiative")
        if isinstance(cur, dict) and cur.get("policy") == self.name:
            return cur.get("phase")
        return None

    def movement_sides(self, battle: Battle) -> list[str]:
        """The order the sides move in: the chosen side first, else the winner last (see the class docstring)."""
        cur = _cursor(battle)
        fixed = cur.get("movement_sides")
        if isinstance(fixed, list):
            return list(fixed)
        sides = _side_ids(battle)
        chosen = battle.state.get(self.choice_field)
        if chosen in sides:
            return [chosen] + [s for s in sides if s != chosen]
        winner = cur.get("winner")
        return [s for s in sides if s != winner] + ([winner] if winner in sides else [])

    def phase_ended(self, battle: Battle, step: Any) -> str | None:
        """``step`` is ``["choose"]``, ``["movement", side]`` or ``["action"]``: leaving it ends that phase,
        except that one side's movement ends the movement phase only when the order has left it (the last side
        has moved), G3-3."""
        if not isinstance(step, list | tuple) or not step:
            return None
        cur = battle.state.get("initiative")
        if step[0] == "movement" and isinstance(cur, dict) and cur.get("phase") == "movement":
            return None
        return str(step[0])

    # slots -----------------------------------------------------------------------------------------
    def _slots(self, battle: Battle) -> list[tuple[str, str]]:
        """Every ``(phase, fighter)`` slot of the round, in order, done ones included."""
        cur = _cursor(battle)
        out: list[tuple[str, str]] = []
        chooser = cur.get("chooser")
        if chooser and battle.get(chooser) is not None:
            out.append(("choose", chooser))
        for sid in self.movement_sides(battle):
            out += [("movement", f.id) for f in battle.fighters if f.side == sid and self.can_move(battle, f.id)]
        out += [("action", fid) for fid in cur.get("dx_order", [])
                if battle.get(fid) is not None and self.can_act(battle, fid)]
        return out

    def _take(self, battle: Battle) -> str | None:
        cur = _cursor(battle)
        done = {(d[0], d[1]) for d in cur.get("done", [])}
        for phase, fid in self._slots(battle):
            if (phase, fid) in done:
                continue
            side = None
            if phase != "choose" and "movement_sides" not in cur:
                cur["movement_sides"] = self.movement_sides(battle)  # the choice is past: fixed for the round
            if phase == "movement":
                side = battle.fighter(fid).side
            cur.update({"slot": [phase, fid], "phase": phase, "moving_side": side,
                        "step": [phase, side] if side else [phase]})
            return fid
        cur.update({"slot": None, "phase": None, "moving_side": None, "step": None})
        return None

    # a round written down ------------------------------------------------------------------------
    def written_phases(self) -> tuple[str, ...]:
        """Movement, then actions: no choice (the side listed first in the movement phase moves first)."""
        return tuple(p for p in self.phases if p != "choose")

    def written_start(self, battle: Battle, listed: list[tuple[str, int | None]]) -> None:
        """No side roll and no roll-off: the action order's keys are taken now, ties kept in the listed order."""
        super().written_start(battle, listed)
        battle.state.pop(self.choice_field, None)
        able = [f for f in battle.fighters if self._able(battle, f)]
        keys = {f.id: self.key(battle, f) for f in able}
        cur = _cursor(battle)
        cur.update({"side_rolls": {}, "winner": None, "chooser": None, "movement_sides": [], "rolloff": {},
                    "dx_order": [f.id for f in sorted(able, key=lambda f: tuple(_neg(k) for k in _key_list(keys[f.id])))],
                    "keys": {fid: _key_list(k) for fid, k in keys.items()}, "moving_side": None})

    def written_step(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> Any:
        return [phase, battle.fighter(fighter_id).side] if phase == "movement" else [phase]

    def written_steps(self, battle: Battle, number: int | None) -> list[Any]:
        sides = list(_cursor(battle).get("movement_sides") or [])
        sides += [s for s in _side_ids(battle) if s not in sides]
        return [["movement", s] for s in sides] + [["action"]]

    def written_place(self, battle: Battle, fighter_id: str, phase: str | None, number: int | None) -> None:
        """The slot ``[phase, fighter]``; a side's first move puts it next in the movement order."""
        cur = _cursor(battle)
        if cur.get("slot"):
            cur.setdefault("done", []).append(cur["slot"])
        side = battle.fighter(fighter_id).side if phase == "movement" else None
        if side is not None and side not in cur.setdefault("movement_sides", []):
            cur["movement_sides"].append(side)
        cur.update({"slot": [phase, fighter_id], "phase": phase, "moving_side": side,
                    "step": self.written_step(battle, fighter_id, phase, number)})

    def written_reason(self, battle: Battle, played: list[dict[str, Any]], fighter_id: str, phase: str | None,
                       number: int | None, action_type: str) -> Reason | None:
        """G3-3: the sides move one after the other; actions by the key, highest first (equal keys: as listed)."""
        me = battle.fighter(fighter_id)
        if phase == "movement":
            moved = [battle.fighter(p["fighter"]).side for p in played if p["phase"] == "movement"]
            if me.side in moved and moved[-1] != me.side:
                return Reason(f"{_side_label(battle, me.side)} has finished moving this round: the sides move one "
                              f"after the other.", self.rule)
            return None
        keys = _cursor(battle).get("keys", {})
        mine = keys.get(fighter_id)
        for p in played:
            theirs = keys.get(p["fighter"])
            if p["phase"] != "action" or p["fighter"] == fighter_id or mine is None or theirs is None:
                continue
            if theirs < mine:
                other = battle.fighter(p["fighter"])
                first = self.first_key_rule if self.first_key_rule and theirs[:1] != mine[:1] else self.rule
                by = f" (by {self.order_by})" if self.order_by else ""
                return Reason(f"{me.label} acts before {other.label} in the action phase{by}: list {me.label} "
                              f"before {other.label}.", first)
        return None

    def describe(self, battle: Battle) -> dict[str, Any]:
        """Policy.describe plus the side roll, who moves first, the phase and the action order with its keys."""
        out = super().describe(battle)
        cur = _cursor(battle)
        sides = cur.get("movement_sides")
        keys = cur.get("keys", {})
        rolloff = cur.get("rolloff", {})
        out.update({
            "side_rolls": dict(cur.get("side_rolls", {})), "winner": cur.get("winner"),
            "chooser": cur.get("chooser"), "moves_first": sides[0] if sides else None,
            "movement_sides": list(sides) if sides else None, "moving_side": cur.get("moving_side"),
            "dx_order": [{"fighter": fid, "key": list(keys.get(fid, [])), "roll_off": rolloff.get(fid)}
                         for fid in cur.get("dx_order", [])],
            "phases": list(self.phases),
            "side_names": {s: _side_label(battle, s) for s in _side_ids(battle)},
            "order_by": self.order_by,
        })
        return out
