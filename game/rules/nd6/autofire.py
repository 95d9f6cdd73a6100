"""Automatic fire (S3-AUTO-1..24): three-round bursts and full-auto streams, at one target or swept across several.

One burst or stream is one roll to hit (S3-AUTO-10) with +1 DX per 3 rounds it puts on the target (S3-AUTO-9);
its margin tells how many rounds strike (G3-21: margin + 1, at most the rounds fired) and each round is its own
``damage`` event. The roll event carries ``rounds`` (fired at that figure) and ``hits`` (rounds that struck: a
figure that has suffered 8 or more from the stream falls and the rest pass over it, S3-AUTO-15). Figures in the
line of fire are rolled to miss first with the bonus turned into a penalty (G3-10, S3-AUTO-12); rounds that miss
them go on (S3-AUTO-13).

A sweep (``full_auto`` with ``targets`` in arc order, S3-AUTO-18..23) walks the stream from target to target:
-4 DX per target on every roll (G3-20), one round lost per hex between two targets that are not adjacent
(S3-AUTO-22); each target takes up to the margin + 1 of the rounds still flying, the rest go on to the next,
and the sweep ends at the last target or when the rounds run out (ruling ND6-19).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import hex_distance
from game.rules import events as E
from game.rules.base import Reason
from game.rules.common import Mod
from game.rules.nd6 import ranged, rolls, weapons
from game.rules.nd6.actions import Attack, Nd6Action, attack_reach, mark, too_late_to_attack
from game.rules.nd6.combat import AttackPlan, _fumble, add_hook, apply_hits, check_target, damage_rolled
from game.rules.nd6.hth import after_miss, struck_member
from game.rules.nd6.items import item
from game.rules.nd6.status import foes, in_hth, is_down, is_out, ready_weapon, this_round

if TYPE_CHECKING:
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["Burst", "FullAuto", "ACTIONS", "BURST", "FELL", "auto_bonus", "rounds_hitting", "volley", "bursts",
           "stream", "auto_reason", "auto_odds", "options", "odds", "start_turn"]

#: S3-AUTO-8: a burst is three rounds
BURST = 3
#: S3-AUTO-15: hits from one burst or stream that fell a figure
FELL = 8
#: G3-20 (S3-AUTO-19): DX per target declared in a sweep
SWEEP_PENALTY = -4


def auto_bonus(rounds: int) -> int:
    """S3-AUTO-9: +1 DX for every 3 rounds fired at one target."""
    return max(0, rounds) // 3


def rounds_hitting(roll: dict[str, Any], rounds: int) -> int:
    """G3-21 (S3-AUTO-10): margin of success + 1 rounds strike, at most the rounds fired; an automatic hit whose
    margin is below 0 lands one (ruling ND6-19); a miss lands none."""
    if not roll.get("success"):
        return 0
    return max(1, min(rounds, int(roll["margin"]) + 1))


def _rounds_on(r: Resolution, plan: AttackPlan, shooter: Fighter, t: Fighter, n: int, rule: str) -> tuple[int, int]:
    """``n`` rounds strike ``t``, each its own damage event; stops when ``t`` is out or has suffered 8+ from this
    stream (S3-AUTO-15). Returns (rounds that struck, injury)."""
    struck = injury = 0
    was = plan.target
    plan.target = t.id
    for _ in range(n):
        if is_out(t):
            break
        hits, faces = damage_rolled(r, plan, 1, [])
        injury += apply_hits(r, shooter, t, hits, faces=faces, plan=plan, reasons=[], rule=rule)
        struck += 1
        if injury >= FELL:
            if not is_down(t) and not is_out(t):
                r.emit(E.posture(t.id, "prone", rule="S3-AUTO-15"))
            r.note(E.message(f"{t.label} suffers {injury} hits from the stream and drops; the rest of the rounds "
                             "pass over it.", actor=t.id, rule="S3-AUTO-15"))
            break
    plan.target = was
    return struck, injury


def volley(r: Resolution, f: Fighter, t: Fighter, weapon: str, rounds: int, *, fired: int | None = None,
           mods: list[Mod] | None = None, defense: str | None = None, label: str = "burst") -> dict[str, Any]:
    """One burst or stream's ``rounds`` at ``t`` (``fired``: the rounds of the whole stream, for the recoil):
    rolls to miss the figures in the way, one roll to hit, the rounds that strike. Spends nothing (the caller
    spends the stream's rounds once)."""
    battle = r.battle
    bonus = auto_bonus(rounds)
    extra = list(mods or [])
    if bonus:
        extra.append(Mod(bonus, f"automatic fire: {rounds} rounds at one target", "S3-AUTO-9"))
    plan = ranged.shot_plan(battle, f, t, weapon, extra_mods=extra, defense=defense, rounds=fired or rounds)
    plan.spec.label = f"{label}: DX"
    for fn in ranged.hook("adjust_shot"):
        fn(battle, plan, f, t, None)
    out: dict[str, Any] = {"target": t.id, "rounds": rounds, "hit": False, "hits": 0, "injury": 0, "left": rounds,
                           "bystanders": {}}
    left = rounds
    for fig_id in plan.extra["line_of_fire"].figures:
        fig = battle.fighter(fig_id)
        if is_out(fig) or fig.hex == t.hex:
            continue  # the target's own brawl: S3-HTH-20 picks the one struck
        miss = ranged.roll_to_miss(r, plan, fig_id, auto_bonus=bonus)
        if miss["hit"]:
            k = min(left, miss["rounds"])  # G3-10: the margin of failure strikes it; the rest go on (S3-AUTO-13)
            struck, _ = _rounds_on(r, plan, f, fig, k, "G3-10")
            miss["hits"] = struck
            out["bystanders"][fig_id] = struck
            left -= k
            if left <= 0:
                out["left"] = 0
                return out
    roll = rolls.attack_roll(r.dice, plan.spec)
    roll["target_id"] = t.id
    roll["rule"] = "S3-AUTO-10"
    roll["rounds"] = left
    if plan.extra.get("dice_why"):
        roll["dice_why"] = list(plan.extra["dice_why"])
    r.note(roll)
    weapons.after_roll(r, plan, roll)  # S3-BAYONET-4: the shot marks its target
    n = rounds_hitting(roll, left)
    roll["hits"] = 0
    if not n:
        _fumble(r, f, plan, roll.get("auto"))  # S3-AUTO-24: "broken weapon" jams; G3-1: drop
        if in_hth(t):
            after_miss(r, plan)
        return out
    if in_hth(t):
        t = struck_member(r, plan, t)  # S3-HTH-20: a burst into a brawl strikes a member at random
    struck, injury = _rounds_on(r, plan, f, t, n, "S3-AUTO-10")
    roll["hits"] = struck
    roll["effect"] = f"{struck} of {left} round{'s' * (left != 1)} strike{'s' * (struck == 1)} {t.label}."
    out.update(hit=True, hits=struck, injury=injury, left=left - struck, struck=t.id)
    return out


def _note_fired(r: Resolution, f: Fighter, weapon: str, mode: str, t: Fighter, n: int) -> None:
    ranged.note_fired(r, f, weapon, mode, t, n)


def bursts(r: Resolution, f: Fighter, targets: list[str], weapon: str, *, n: int = 1,
           defense: str | None = None) -> list[dict[str, Any]]:
    """``n`` three-round bursts (S3-AUTO-8), one roll each (S3-AUTO-10); the second at ``targets[1]`` when given,
    at -1 DX per MH from the first target (G3-22)."""
    battle = r.battle
    outs = []
    for i in range(n):
        t = battle.fighter(targets[min(i, len(targets) - 1)])
        if is_out(t) or is_out(f) or weapon not in f.hands.values() or weapon in (f.counters.get("jammed") or ()):
            break
        mods = [m for m in (ranged.switch_mod(battle, f, t),) if m is not None]
        k = min(BURST, ranged.rounds_left(f, weapon)) if ranged.magazine(weapon) else BURST
        ranged.spend(r, f, weapon, k)
        outs.append(volley(r, f, t, weapon, k, mods=mods, defense=defense, label=f"burst {i + 1}"))
        _note_fired(r, f, weapon, "burst", t, k)
    return outs


def stream(r: Resolution, f: Fighter, targets: list[str], weapon: str, *, rounds: int | None = None,
           defense: str | None = None) -> list[dict[str, Any]]:
    """Full auto (S3-AUTO-8): ``rounds`` (default the weapon's full rate, or what is left) at one target, or swept
    across ``targets`` in arc order (S3-AUTO-18..23)."""
    battle = r.battle
    n = rounds or default_rounds(f, weapon)
    ranged.spend(r, f, weapon, n)
    sweep = len(targets) > 1
    mods = [Mod(SWEEP_PENALTY * len(targets), f"full-auto sweep across {len(targets)} targets", "S3-AUTO-19")] \
        if sweep else []
    left = n
    outs = []
    prev = None
    for tid in targets:
        t = battle.fighter(tid)
        if prev is not None and hex_distance(prev.hex, t.hex) > 1:
            lost = min(left, hex_distance(prev.hex, t.hex) - 1)
            left -= lost  # S3-AUTO-22: a round lost per hex between targets that are not adjacent
            r.note(E.message(f"{lost} round{'s' * (lost != 1)} lost between {prev.label} and {t.label}.", actor=f.id,
                             rule="S3-AUTO-22"))
        prev = t
        if left <= 0:
            r.note(E.message(f"{f.label}'s stream runs out before {t.label}.", actor=f.id, rule="S3-AUTO-23"))
            break
        if is_out(t):
            continue
        if is_out(f) or weapon in (f.counters.get("jammed") or ()) or weapon not in f.hands.values():
            break
        out = volley(r, f, t, weapon, left, fired=n, mods=mods, defense=defense,
                     label="full-auto sweep" if sweep else "full auto")
        outs.append(out)
        left -= out["rounds"] - out["left"]  # S3-AUTO-21: the rounds that struck stop; the rest go on
        _note_fired(r, f, weapon, "full_auto", t, 0)
    fired = this_round(f, "fired", battle) or {}
    mark(r, f, "fired", **{**{k: v for k, v in fired.items() if k != "round"}, "rounds": n})
    return outs


def default_rounds(f: Fighter, weapon: str) -> int:
    """SITUATION-FORMAT: full auto fires the weapon's full rate, or the rounds left when fewer (ruling ND6-19)."""
    rate = ranged.rates(weapon)["full"]
    return min(rate, ranged.rounds_left(f, weapon)) if ranged.magazine(weapon) else rate


def auto_reason(battle: Battle, f: Fighter, targets: list[str], action: Any) -> Reason | None:
    """Why this burst or stream cannot be fired: the mode (S3-AUTO-2/3), bursts and rounds a turn, the magazine,
    the line of fire to every target (GX-5)."""
    weapon = action.weapon(f)
    if weapon is None or item(weapon).get("kind") != "missile":
        return Reason(f"{f.label} holds no gun.", "S3-AUTO-1")
    mode = "burst" if isinstance(action, Burst) or getattr(action, "mode", None) == "burst" else "full_auto"
    why = ranged.mode_reason(battle, f, weapon, mode)
    if why is not None:
        return why
    rate = ranged.rates(weapon)
    name = item(weapon).get("name", weapon)
    left = ranged.rounds_left(f, weapon) if ranged.magazine(weapon) else 10 ** 6
    if mode == "burst":
        n = _burst_count(action)
        if n is None:
            return Reason("A burst is three rounds: shots 3 or 6 (bursts 1 or 2).", "S3-AUTO-8", "bad_intent")
        if n > rate["burst"]:
            return Reason(f"{name} fires at most {rate['burst']} burst{'s' * (rate['burst'] > 1)} a turn.",
                          "S3-AUTO-3")
        if left < BURST:
            return Reason(f"{f.label}'s {name} has {left} rounds left: not enough for a burst.", "S3-AUTO-8")
    else:
        n = getattr(action, "shots", None)
        if n is not None and not 1 <= n <= rate["full"]:
            return Reason(f"{name} fires at most {rate['full']} rounds of full auto a turn.", "S3-AUTO-3")
        if left <= 0 or (n is not None and n > left):
            return Reason(f"{f.label}'s {name} has {left} rounds left.", "S3-AUTO-8")
    if len(set(targets)) != len(targets):
        return Reason("A sweep names each target once, in arc order.", "S3-AUTO-20", "bad_intent")
    for tid in targets:
        t = battle.get(tid)
        why = check_target(battle, f, t, tid)
        if why is not None or t is None:
            return why
        if ranged.line_of_fire(battle, f, t.hex).blocked:
            return Reason(f"{f.label} has no line of fire to {t.label}.", "GX-5")
    return None


def _burst_count(action: Any) -> int | None:
    if isinstance(action, Burst):
        return action.bursts if action.bursts in (1, 2) else None
    shots = getattr(action, "shots", None) or BURST
    return shots // BURST if shots in (BURST, 2 * BURST) else None


# -- the actions -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _AutoAction(Nd6Action):
    target: str = ""
    targets: tuple[str, ...] = ()
    item: str | None = ""
    defense: str | None = None

    def weapon(self, f: Fighter) -> str | None:
        return ready_weapon(f) if self.item == "" else self.item

    def aims(self) -> list[str]:
        return list(self.targets) if self.targets else ([self.target] if self.target else [])

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        aims = self.aims()
        if not aims:
            return Reason("Name a target (or targets).", "S3-AUTO-1", "bad_intent")
        if self.defense not in (None, "none", "defend", "dodge"):
            return Reason(f"defense must be none, defend or dodge, not {self.defense!r}.", "G3-4", "bad_intent")
        w = self.weapon(f)
        if w is None or w not in f.hands.values():
            return Reason(f"{f.label} holds no gun.", "S3-AUTO-1")
        if in_hth(f):
            return Reason(f"{f.label} is in hand-to-hand: no automatic fire there.", "S3-HTH-8")
        for tid in aims:
            t = battle.get(tid)
            why = check_target(battle, f, t, tid)
            if why is not None or t is None:
                return why
            why = attack_reach(battle, f, t, w)
            if why is not None:
                return why
            if not ranged.is_shot(battle, f, t, w):
                return Reason(f"{f.label}'s {item(w).get('name', w)} cannot fire at {t.label}.", "S3-AUTO-24")
        return too_late_to_attack(battle, f) or auto_reason(battle, f, aims, self)


@dataclass(frozen=True, slots=True)
class Burst(_AutoAction):
    """S3-AUTO-8: one three-round burst (``bursts: 2`` for the weapon's second this turn; with ``targets`` the
    second goes at the second target, G3-22)."""

    type: ClassVar[str] = "burst"
    title: ClassVar[str] = "Burst"
    rule: ClassVar[str] = "S3-AUTO-8"
    bursts: int = 1

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        w = self.weapon(f)
        assert w is not None
        ranged.set_mode(r, f, w, "burst")
        bursts(r, f, self.aims(), w, n=self.bursts, defense=self.defense)


@dataclass(frozen=True, slots=True)
class FullAuto(_AutoAction):
    """S3-AUTO-8, S3-AUTO-18..23: full-auto fire at ``target``, or swept across ``targets`` in arc order;
    ``shots`` is the rounds fired (default the weapon's full rate)."""

    type: ClassVar[str] = "full_auto"
    title: ClassVar[str] = "Full auto"
    rule: ClassVar[str] = "S3-AUTO-8"
    shots: int | None = None

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        w = self.weapon(f)
        assert w is not None
        ranged.set_mode(r, f, w, "full_auto")
        stream(r, f, self.aims(), w, rounds=self.shots, defense=self.defense)


ACTIONS: tuple[type[Nd6Action], ...] = (Burst, FullAuto)


# -- odds and the menu -------------------------------------------------------------------------------------------------

def auto_odds(plan: AttackPlan, rounds: int) -> dict[str, float]:
    """The exact distribution of rounds that hit one target (G3-21): ``hit`` (at least one) and ``rounds:k``."""
    counts = rolls.sum_counts(plan.ndice)
    space = 6 ** plan.ndice
    target = plan.spec.target
    out = {f"rounds:{k}": 0.0 for k in range(rounds + 1)}
    out["drop"] = out["break"] = 0.0
    for total, ways in enumerate(counts):
        if not ways:
            continue
        band = rolls.auto_result(plan.ndice, total)
        success = band in rolls.SUCCESS_BANDS if band is not None else total <= target
        k = rounds_hitting({"success": success, "margin": target - total}, rounds)
        out[f"rounds:{k}"] += ways / space
        if band in ("drop", "break"):
            out[band] += ways / space  # G3-1; a "broken weapon" is a jam (S3-AUTO-24)
    out["hit"] = 1.0 - out["rounds:0"]
    out["miss"] = out["rounds:0"]
    return out


def odds(battle: Battle, action: Any) -> dict[str, float] | None:
    """Odds of a burst or stream at its first target (figures in the way aside); None if not automatic fire."""
    mode = getattr(action, "mode", None)
    if not isinstance(action, (Burst, FullAuto)) and not (isinstance(action, Attack) and mode in ("burst",
                                                                                                     "full_auto")):
        return None
    f = battle.get(action.actor)
    aims = action.aims() if isinstance(action, _AutoAction) else [action.target]
    t = battle.get(aims[0]) if aims else None
    w = action.weapon(f) if f is not None else None
    if f is None or t is None or w is None:
        return {}
    if isinstance(action, Burst) or mode == "burst":
        n = BURST
        fired = BURST
        mods = []
    else:
        n = fired = (action.shots or default_rounds(f, w))
        mods = [Mod(SWEEP_PENALTY * len(aims), "sweep", "S3-AUTO-19")] if len(aims) > 1 else []
    if auto_bonus(n):
        mods.append(Mod(auto_bonus(n), "automatic fire", "S3-AUTO-9"))
    plan = ranged.shot_plan(battle, f, t, w, extra_mods=mods, defense=action.defense, rounds=fired)
    return auto_odds(plan, n)


def options(battle: Battle, f: Fighter) -> list[Any]:
    """A burst and a full-auto stream at each foe in the line of fire, when the gun in hand has those modes."""
    w = ready_weapon(f)
    if w is None or in_hth(f) or item(w).get("kind") != "missile":
        return []
    rate = ranged.rates(w)
    if not rate["burst"] and not rate["full"]:
        return []
    out: list[Any] = []
    seen = []
    for o in foes(battle, f):
        if rate["burst"]:
            out.append(Burst(actor=f.id, target=o.id))
        if rate["full"]:
            out.append(FullAuto(actor=f.id, target=o.id))
            if not ranged.line_of_fire(battle, f, o.hex).blocked and o.hex != f.hex:
                seen.append(o)
    if rate["full"] and len(seen) >= 2:  # S3-AUTO-18/20: one sweep across the foes in sight, in arc order
        out.append(FullAuto(actor=f.id, targets=tuple(o.id for o in sorted(seen, key=lambda o: _bearing(f, o)))))
    return out


def _bearing(f: Fighter, o: Fighter) -> float:
    """The angle from ``f``'s facing to ``o`` (-pi to pi, counter-clockwise), so a sweep's targets run one way
    across the front and never wrap round behind the firer."""
    dq, dr = o.hex.q - f.hex.q, o.hex.r - f.hex.r
    angle = math.atan2(-dr * math.sqrt(3) / 2, dq + dr / 2)  # axial to plane, y up: direction 1 is +60 degrees
    return (angle - f.facing * math.pi / 3 + math.pi) % (2 * math.pi) - math.pi


def start_turn(r: Resolution, f: Fighter) -> None:
    """Nothing carries over between turns."""
    return None


for _name, _fn in (("auto_reason", auto_reason), ("bursts", bursts), ("stream", stream)):
    add_hook(_name, _fn)  # ranged asks these of a burst or a stream (combat.HOOK_NAMES)
