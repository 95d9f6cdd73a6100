"""Fire (seed 003 section 16.11; S3-FIRE-1..16 with G3-15, G3-19): burning hexes, burning fighters, putting
fires out, and how armour meets fire.

Fire hits of one moment are added up and armour is taken off once (S3-GRENADE-15): :func:`fire_hits`, which
every module that burns someone calls with the ``source`` of the fire. Armour by source (G3-15):

- a burning liquid (``burning_liquid``: molotov, flame thrower; ``incendiary``): only full body armour
  protects, and a soaked fighter only in its first turn of burning (S3-GRENADE-13);
- a fire attack (``attack``: a torch's blow is an ordinary attack and keeps its full armour, S3-FIRE-13);
- inside a burning hex (``fire``, ``coals``) or burning on the body (``body``): medieval-type armour gives
  half, modern armour its full value (S3-FIRE-14; ruling ND6-20 says which count as medieval);
- fuel on a soaked fighter burns inside the armour (``soaked``): none after the first turn (S3-FIRE-15,
  read with S3-GRENADE-13 under G3-15).

A burning fighter carries one of ``on_fire_limb``, ``on_fire_half``, ``on_fire_whole`` (S3-FIRE-4) and
``soaked`` when the fire is fuel on it; its counter ``fire`` keeps ``{"ran": round, "burned": turns,
"left": turns}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import hex_distance
from game.rules import events as E
from game.rules.base import Reason, no_fighter
from game.rules.common import RollSpec
from game.rules.nd6 import rolls
from game.rules.nd6.actions import ACTION_GATES, Nd6Action, mark, moved_this_round, phase_of
from game.rules.nd6.combat import add_hook, apply_hits
from game.rules.nd6.damage import Dmg
from game.rules.nd6.damage import roll as roll_damage
from game.rules.nd6.effects import EffectOwner, add_owner, burning_at
from game.rules.nd6.items import item
from game.rules.nd6.reach import move_reach
from game.rules.nd6.status import in_hth, iq, is_out, mov, this_round

if TYPE_CHECKING:
    from game.hexgrid import Hex
    from game.model import Battle, Fighter
    from game.rules.events import Resolution

__all__ = ["EXTENTS", "LIQUID_SOURCES", "COALS_ROUNDS", "SOAKED_TURNS", "extent", "is_burning", "fire_stops",
           "fire_hits", "burnt_down", "start_round", "start_turn", "ignite", "put_out", "after_fire_hit",
           "before_walk", "on_walk", "compelled", "forced_reason", "StopDropRoll", "Extinguish", "ACTIONS", "options", "odds"]

#: how much of the body burns, least first (S3-FIRE-4)
EXTENTS: tuple[str, ...] = ("on_fire_limb", "on_fire_half", "on_fire_whole")
#: fire whose armour rule is S3-GRENADE-13 (G3-15): molotov and flame thrower liquid, incendiary material
LIQUID_SOURCES: tuple[str, ...] = ("burning_liquid", "incendiary", "molotov", "incendiary_grenade", "flamethrower")
#: house (ruling ND6-20): a plain fire that burns out lies as hot coals this many rounds (S3-FIRE-11)
COALS_ROUNDS = 3
#: the armour that protects against burning liquid (S3-GRENADE-13)
FIREPROOF = "full_body_armor"


def extent(f: Fighter) -> str | None:
    """The fighter's burning condition (the largest if a situation gave several), or None."""
    return next((c for c in reversed(EXTENTS) if c in f.conditions), None)


def is_burning(f: Fighter) -> bool:
    return extent(f) is not None


def _burned_turns(f: Fighter) -> int:
    c = f.counters.get("fire")
    return int(c.get("burned", 0)) if isinstance(c, dict) else 0


def fire_stops(f: Fighter, source: str) -> tuple[int, str]:
    """Hits the fighter's armour stops against fire of ``source``, and the rule that says so (G3-15)."""
    modern = sum(int(item(i).get("stops", 0)) for i in f.items
                 if item(i).get("kind") == "armour" and "shield" not in item(i).get("tags", ()))
    shield = sum(int(item(h).get("stops", 0)) for h in dict.fromkeys(f.hands.values())
                 if h and "shield" in item(h).get("tags", ()))
    medieval = int(f.dr) + shield  # ruling ND6-20: a bare armour number and a shield are medieval-type
    if source in LIQUID_SOURCES or source == "soaked":
        if "soaked" in f.conditions and _burned_turns(f) >= 1:
            return 0, "S3-FIRE-15" if source == "soaked" else "S3-GRENADE-13"
        return (int(item(FIREPROOF).get("stops", 0)) if FIREPROOF in f.items else 0), "S3-GRENADE-13"
    if source == "attack":
        return modern + medieval, "S3-FIRE-13"
    return modern + medieval // 2, "S3-FIRE-14"


def fire_hits(r: Resolution, f: Fighter, hits: int | Sequence[int], *, source: str, rule: str,
              by: Fighter | None = None, why: str = "") -> int:
    """Fire hits of one moment on ``f``: added up, armour once by ``source`` (S3-GRENADE-15, G3-15); returns
    the ST lost. ``by`` is who caused it (None: the fire itself, logged as the fighter's own)."""
    total = hits if isinstance(hits, int) else sum(hits)
    total = max(0, int(total))
    stops, armour_rule = fire_stops(f, source)
    if not isinstance(hits, int) and len(hits) > 1:
        r.note(E.message(f"{f.label}'s fire hits this moment: {' + '.join(str(h) for h in hits)} = {total}, "
                         f"armour taken off once.", actor=f.id, rule="S3-GRENADE-15"))
    if why:
        r.note(E.message(why, actor=f.id, rule=rule))
    r.note(E.message(f"Armour against this fire stops {min(stops, total)} of {total} hits on {f.label}.",
                     actor=f.id, rule=armour_rule))
    return apply_hits(r, by or f, f, total, rule=rule, dtype="fire", stops=stops)


def burnt_down(ended: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the effects that just ran out leave: a plain fire burns down to hot coals (S3-FIRE-11)."""
    return [{"kind": "coals", "hex": list(e["hex"]), "turns_left": COALS_ROUNDS, "age": 0}
            for e in ended if e["kind"] == "fire"]


# -- the round and the turn ----------------------------------------------------------------------------------------

def start_round(r: Resolution) -> None:
    """Fire's upkeep at the start of a round: nothing beyond the ticking of :mod:`.effects` (burning fighters
    burn at their own turn's start, :func:`start_turn`)."""


def _liquid(kind: str) -> bool:
    return kind in ("burning_liquid", "incendiary")


#: S3-GRENADE-12/22: hits of a burning liquid or incendiary hex, (moving through, stopping); staying a turn
#: costs the stopping hits again (ruling ND6-20)
LIQUID_HITS: dict[str, tuple[int, int]] = {"burning_liquid": (2, 4), "incendiary": (4, 8)}


def start_turn(r: Resolution, f: Fighter) -> None:
    """The fighter's turn starts (once a round, G3-3's two slots being one turn): a fire on it burns and maybe
    spreads (S3-FIRE-4/6, S3-GRENADE-13), a burning hex it stayed in burns (S3-FIRE-10/11); then the IQ checks
    not to run (S3-FIRE-7) and to stay in a burning hex (S3-FIRE-12)."""
    battle = r.battle
    here = burning_here(battle, f)
    if is_out(f) or not (is_burning(f) or here) or this_round(f, "fire_turn", battle):
        return
    r.emit(E.stat(f.id, "counters.fire_turn", {"round": battle.round}))
    parts: list[int] = []
    sources: list[str] = []
    rule = "S3-FIRE-4"
    if is_burning(f):
        parts.append(_burn(r, f))
        sources.append(_burn_source(f))
        rule = "S3-GRENADE-13" if "soaked" in f.conditions else "S3-FIRE-4"
    if here is not None:
        stay = f.counters.get("in_fire")
        at = [f.hex.q, f.hex.r]
        if isinstance(stay, dict) and stay.get("hex") == at and stay.get("round") == battle.round - 1:
            parts.append(_hex_hits(r, here, "stay"))  # S3-FIRE-10: a whole turn spent in it
            sources.append(here["kind"])
            rule = "S3-FIRE-10" if len(parts) == 1 else "S3-GRENADE-15"
        r.emit(E.stat(f.id, "counters.in_fire", {"hex": at, "round": battle.round}))
    if parts:
        fire_hits(r, f, parts if len(parts) > 1 else parts[0], source=_worst(sources), rule=rule)
    if is_out(f):
        return
    if is_burning(f):
        _burn_down(r, f)
    if is_burning(f):
        _panic_check(r, f)
    if here is not None and not is_out(f):
        ok = _iq_check(r, f, 3, "stay in the burning hex", "S3-FIRE-12")
        if not ok:
            r.emit(E.stat(f.id, "counters.must_leave", {"round": battle.round, "hex": [f.hex.q, f.hex.r]},
                          rule="S3-FIRE-12"))
            r.note(E.message(f"{f.label} will not stay in the fire: {f.words.they} must leave the hex this turn.", actor=f.id,
                             rule="S3-FIRE-12"))


def burning_here(battle: Any, f: Fighter) -> dict[str, Any] | None:
    return burning_at(battle, f.hex)


def _worst(sources: list[str]) -> str:
    """Several fires at one moment: the liquid's armour rule (S3-GRENADE-13) if any of them is liquid."""
    return next((s for s in sources if s in LIQUID_SOURCES or s == "soaked"), sources[0] if sources else "fire")


def _burn_source(f: Fighter) -> str:
    if "soaked" in f.conditions:
        c = f.counters.get("fire")
        src = c.get("source") if isinstance(c, dict) else None
        return src if src in LIQUID_SOURCES else "soaked"
    return "body"


def _burn(r: Resolution, f: Fighter) -> int:
    """One turn of burning (S3-FIRE-4), spread first by last round's running (S3-FIRE-6); soaked in fuel, 4 hits
    (S3-GRENADE-13). Returns the hits, before armour."""
    battle = r.battle
    ran = f.counters.get("ran")
    running = isinstance(ran, dict) and ran.get("round") == battle.round - 1
    ext = was = extent(f)
    assert ext is not None
    if running and ext != EXTENTS[-1]:
        wider = EXTENTS[EXTENTS.index(ext) + 1]
        r.emit(E.condition(f.id, remove=ext, rule="S3-FIRE-6"))
        r.emit(E.condition(f.id, add=wider, rule="S3-FIRE-6"))
        r.note(E.message(f"Running fanned the flames: {f.label}'s fire spreads ({_words(wider)}).", actor=f.id,
                         rule="S3-FIRE-6"))
        ext = wider
    if "soaked" in f.conditions:
        return 4  # S3-GRENADE-13: the fuel on it burns for 4 hits a turn
    d = {"on_fire_limb": Dmg(1, -4), "on_fire_half": Dmg(1, -2), "on_fire_whole": Dmg(1, 0)}[ext]
    if running and was == EXTENTS[-1]:
        d = Dmg(d.dice, d.adds + 2)  # S3-FIRE-6: running while burning all over, +2
    _, hits = roll_damage(r.dice, d, f"burning, {_words(ext)}: {d}", "S3-FIRE-4")
    return hits


def _burn_down(r: Resolution, f: Fighter) -> None:
    """Count the turn burned; fuel on a soaked fighter burns 12 turns and is gone (S3-GRENADE-11)."""
    c = f.counters.get("fire")
    c = dict(c) if isinstance(c, dict) else {}
    c["burned"] = int(c.get("burned", 0)) + 1
    if "soaked" in f.conditions:
        c["left"] = int(c.get("left", SOAKED_TURNS)) - 1
        if c["left"] <= 0:
            put_out(r, f, why=f"The fuel on {f.label} has burned away.", rule="S3-GRENADE-11")
            r.emit(E.condition(f.id, remove="soaked", rule="S3-GRENADE-11"))
            return
    r.emit(E.stat(f.id, "counters.fire", c))


def _panic_check(r: Resolution, f: Fighter) -> None:
    """S3-FIRE-7 (G3-19): 3d6, 4d6, 5d6 against IQ by the size of the fire, one die more if it ran last round;
    failing it, the fighter must run this turn."""
    battle = r.battle
    ext = extent(f)
    n = 3 + EXTENTS.index(ext or EXTENTS[0])
    prev = f.counters.get("must_run")
    if isinstance(prev, dict) and prev.get("round") == battle.round - 1:
        n += 1  # stopping once running is harder
    if not _iq_check(r, f, n, "keep calm and not run", "S3-FIRE-7"):
        r.emit(E.stat(f.id, "counters.must_run", {"round": battle.round}, rule="S3-FIRE-7"))
        r.note(E.message(f"{f.label} panics and must run this turn.", actor=f.id, rule="S3-FIRE-7"))


def _iq_check(r: Resolution, f: Fighter, n: int, what: str, rule: str) -> bool:
    """An IQ check (G3-19): ``n`` d6 at or under IQ, no automatic results."""
    spec = RollSpec(actor=f.id, label=f"{what}: {n}d6 vs IQ", base=iq(f), rule=rule, dice=n)
    return bool(r.note(rolls.save_roll(r.dice, spec))["success"])


def _words(ext: str) -> str:
    return {"on_fire_limb": "one limb", "on_fire_half": "half the body", "on_fire_whole": "the whole body"}[ext]


#: S3-GRENADE-11: fuel on a soaked fighter burns this many turns
SOAKED_TURNS = 12


def ignite(r: Resolution, f: Fighter, ext: str = "on_fire_whole", *, soaked: bool = False,
           source: str = "fire", rule: str = "S3-FIRE-4") -> None:
    """Set ``f`` on fire (``ext``: how much of it); ``soaked``: burning fuel on it (S3-GRENADE-10/11,
    ``source`` the liquid's kind: ``burning_liquid`` or ``incendiary``). For the grenade and flame thrower
    modules, and a flaming weapon's hit (S3-FIRE-3)."""
    if is_out(f) and "dead" in f.conditions:
        return
    old = extent(f)
    if old is None or EXTENTS.index(ext) > EXTENTS.index(old):
        if old is not None:
            r.emit(E.condition(f.id, remove=old, rule=rule))
        r.emit(E.condition(f.id, add=ext, rule=rule))
    if soaked and "soaked" not in f.conditions:
        r.emit(E.condition(f.id, add="soaked", rule=rule))
    c = f.counters.get("fire")
    c = dict(c) if isinstance(c, dict) else {"burned": 0}
    c["source"] = source
    if soaked:
        c.setdefault("left", SOAKED_TURNS)
    r.emit(E.stat(f.id, "counters.fire", c, rule=rule))


def put_out(r: Resolution, f: Fighter, *, why: str, rule: str, by: Fighter | None = None) -> None:
    """The fire on ``f`` is out (the fuel stays on a soaked fighter: a flame may light it again)."""
    for c in EXTENTS:
        if c in f.conditions:
            r.emit(E.condition(f.id, remove=c, rule=rule))
    for key in ("fire", "must_run"):
        if key in f.counters:
            r.emit(E.stat(f.id, f"counters.{key}", None, rule=rule))
    r.note(E.message(why, actor=(by or f).id, rule=rule))


# -- a flaming weapon (S3-FIRE-2/3) ----------------------------------------------------------------------------------

def after_fire_hit(r: Resolution, a: Fighter, t: Fighter, weapon: str) -> None:
    """S3-FIRE-3: a flaming weapon's hit lights only a very flammable target (soaked in fuel, not burning):
    one die, 1-3 it catches fire all over (house: the fuel covers it)."""
    if is_out(t) or is_burning(t) or "soaked" not in t.conditions:
        return
    if item(weapon).get("kind") not in ("melee", "thrown"):
        return
    faces = r.dice.roll(1, 6, "does the fuel catch fire? 1-3 it does", "S3-FIRE-3")
    caught = faces[0] <= 3
    r.note(E.message(f"{t.label}'s fuel {'catches fire' if caught else 'does not catch'} ({faces[0]}).",
                     actor=a.id, rule="S3-FIRE-3"))
    if caught:
        ignite(r, t, "on_fire_whole", soaked=True, source="soaked", rule="S3-FIRE-3")


# -- walking through fire (S3-FIRE-8..12, S3-GRENADE-12/15/22) -------------------------------------------------------

def before_walk(r: Resolution, f: Fighter, path: list[Hex]) -> list[Hex]:
    """The hexes of ``path`` walked: a 3d6 IQ check for each burning hex entered (S3-FIRE-12, G3-19), rolled as
    the fighter comes to it; failing, it stops in the hex before (ruling ND6-20)."""
    for i, h in enumerate(path):
        fire = burning_at(r.battle, h)
        if fire is None:
            continue
        if not _iq_check(r, f, 3, f"enter the {fire['kind'].replace('_', ' ')} at [{h.q}, {h.r}]", "S3-FIRE-12"):
            r.note(E.message(f"{f.label} will not walk into the fire and stops short.", actor=f.id,
                             rule="S3-FIRE-12"))
            return path[:i]
    return path


def _hex_hits(r: Resolution, fire: dict[str, Any], how: str, n: int = 1, coals: bool = False) -> int:
    """Hits of a burning hex: ``through`` (``n`` hexes), ``stop`` or ``stay`` (S3-FIRE-8..11, S3-GRENADE-12/22)."""
    kind = fire["kind"]
    if _liquid(kind):
        through, stop = LIQUID_HITS[kind]
        return through * n if how == "through" else stop
    coals = coals or kind == "coals"
    d = {"through": Dmg(1, -4 + 2 * (n - 1)), "stop": Dmg(1, -2), "stay": Dmg(1, 0)}[how]
    rule = {"through": "S3-FIRE-8", "stop": "S3-FIRE-9", "stay": "S3-FIRE-10"}[how]
    if coals:
        d = Dmg(d.dice + 1, d.adds)  # S3-FIRE-11: hot coals, +1d6
        rule = "S3-FIRE-11"
    _, hits = roll_damage(r.dice, d, f"fire, {how}{f' {n} hexes' if how == 'through' else ''}: {d}", rule)
    return hits


def on_walk(r: Resolution, f: Fighter, path: list[Hex]) -> None:
    """The fire hits of a walk, added up and armoured once (S3-FIRE-8/9/11, S3-GRENADE-12/15/22); a burning
    fighter that walked 2+ hexes ran (S3-FIRE-6, ruling ND6-20); leaving a burning hex ends its stay."""
    battle = r.battle
    if "in_fire" in f.counters:
        r.emit(E.stat(f.id, "counters.in_fire", None))
    if is_burning(f) and len(path) >= 2:
        r.emit(E.stat(f.id, "counters.ran", {"round": battle.round}, rule="S3-FIRE-6"))
    crossed = [(h, burning_at(battle, h)) for h in path[:-1]]
    crossed = [(h, e) for h, e in crossed if e is not None]
    last = burning_at(battle, path[-1]) if path else None
    parts: list[int] = []
    sources: list[str] = []
    rules: list[str] = []
    plain = [e for _, e in crossed if not _liquid(e["kind"])]
    if plain:
        parts.append(_hex_hits(r, plain[0], "through", len(plain), any(e["kind"] == "coals" for e in plain)))
        sources.append("fire")
        rules.append("S3-FIRE-8")
    for _, e in crossed:
        if _liquid(e["kind"]):
            parts.append(_hex_hits(r, e, "through"))
            sources.append(e["kind"])
            rules.append("S3-GRENADE-12" if e["kind"] == "burning_liquid" else "S3-GRENADE-22")
    if last is not None:
        parts.append(_hex_hits(r, last, "stop"))
        sources.append(last["kind"] if _liquid(last["kind"]) else "fire")
        rules.append("S3-FIRE-9" if not _liquid(last["kind"]) else
                     "S3-GRENADE-12" if last["kind"] == "burning_liquid" else "S3-GRENADE-22")
    if not parts:
        return
    fire_hits(r, f, parts if len(parts) > 1 else parts[0], source=_worst(sources),
              rule=rules[0] if len(rules) == 1 else "S3-GRENADE-15")


# -- compelled to run or leave (S3-FIRE-7, S3-FIRE-12) --------------------------------------------------------------

def compelled(battle: Any, f: Fighter) -> bool:
    """Whether a failed IQ check this round limits the fighter's moves (S3-FIRE-7, S3-FIRE-12)."""
    return bool(this_round(f, "must_run", battle) or this_round(f, "must_leave", battle))


def forced_reason(battle: Any, f: Fighter, action: Any) -> Reason | None:
    """Why ``action`` is not allowed to a fighter that failed its IQ check this round: one that must run
    (S3-FIRE-7) may only move, as far as it can (2+ hexes when it can; engaged, its shift or a disengage; in a
    brawl, breaking away); one that must leave a burning hex (S3-FIRE-12) only move out of it. Waiting is
    allowed once it has moved, or when no such move is open to it now (the action phase, stunned, subdued,
    in a brawl: ruling ND6-20), so there is always something it may do."""
    run = this_round(f, "must_run", battle)
    leave = this_round(f, "must_leave", battle)
    if not run and not leave or action.type in ("move_order", "leave_hth"):
        return None
    if "stunned" in f.conditions or "subdued" in f.conditions:
        return None  # it can do nothing anyway (S3-STUN-2, S3-SUBDUE-3)
    can_walk = phase_of(battle) in (None, "movement") and not in_hth(f)
    moves = _moves(battle, f) if can_walk else {}
    need = 2 if any(n >= 2 for n in moves.values()) else 1
    if run:
        fits = {h for h, n in moves.items() if n >= need}
        why, rule = f"{f.label} is on fire and panics: {f.words.they} must run this turn", "S3-FIRE-7"
    else:
        start = leave.get("hex") if leave else None
        fits = {h for h in moves if list(h) != start}
        why, rule = f"{f.label} must get out of the burning hex this turn", "S3-FIRE-12"
    if action.type in ("move", "disengage"):
        if tuple(action.to) in fits or action.type == "disengage" and (leave or need == 1):
            return None  # disengaging is one step away: the run of an engaged fighter
        return Reason(f"{why} ({'as far as it can' if run else 'out of the hex'}).", rule)
    if getattr(action, "passive", False):
        if moved_this_round(battle, f) or not fits or this_round(f, "moved", battle):
            return None
    return Reason(f"{why}: it can do nothing else.", rule)


def _moves(battle: Any, f: Fighter) -> dict[tuple[int, int], int]:
    """The hexes the fighter may move to now, with the hexes walked to each."""
    if this_round(f, "moved", battle):
        return {}
    reach = move_reach(battle, f)
    out: dict[tuple[int, int], int] = {}
    for h in reach.cost:
        p = reach.path(h) or [h]
        if h != f.hex:
            out[(h.q, h.r)] = len(p)
    return out


# -- putting a fire out (S3-FIRE-5, S3-GRENADE-13/14) -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class StopDropRoll(Nd6Action):
    """Drop and roll: the fire is out at the end of this turn, whose burn the fighter has already taken
    (S3-FIRE-5). Burning fuel on a soaked fighter does not go out this way (S3-GRENADE-13)."""

    type: ClassVar[str] = "stop_drop_roll"
    title: ClassVar[str] = "Stop, drop and roll"
    rule: ClassVar[str] = "S3-FIRE-5"

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        return _can_roll(battle, f)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        _roll_out(r, f)


def _can_roll(battle: Battle, f: Fighter) -> Reason | None:
    if not is_burning(f):
        return Reason(f"{f.label} is not on fire.", "S3-FIRE-5")
    if "soaked" in f.conditions:
        return Reason("Burning fuel goes out only with an extinguisher or under water.", "S3-GRENADE-13")
    if in_hth(f):
        return Reason(f"{f.label} is in hand-to-hand: no room to roll.", "G3-9")
    if this_round(f, "stood", battle) or (this_round(f, "acted", battle) and phase_of(battle) is not None) \
            or (this_round(f, "moved", battle) and phase_of(battle) is not None):
        return Reason(f"Rolling takes {f.label}'s whole turn.", "S3-FIRE-5")
    return None


def _roll_out(r: Resolution, f: Fighter) -> None:
    if f.posture != "prone":
        r.emit(E.posture(f.id, "prone", rule="S3-FIRE-5"))
    put_out(r, f, why=f"{f.label} drops and rolls: the fire is out.", rule="S3-FIRE-5")
    mark(r, f, "stood")  # the whole turn (as standing up, G3-8)
    if phase_of(r.battle) is not None:
        mark(r, f, "moved", hexes=mov(f))
        mark(r, f, "acted")


@dataclass(frozen=True, slots=True)
class Extinguish(Nd6Action):
    """Put out a fire: ``target`` an adjacent burning fighter (helping: out at once, S3-FIRE-5), or left out,
    oneself. With a fire extinguisher in hand any fire goes out, fuel too (S3-GRENADE-13, three uses, house);
    without one, helping beats out a fire that is not fuel, and oneself means stop, drop and roll."""

    type: ClassVar[str] = "extinguish"
    title: ClassVar[str] = "Put out the fire"
    rule: ClassVar[str] = "S3-FIRE-5"
    target: str | None = None

    def _check(self, battle: Battle, f: Fighter) -> Reason | None:
        ext = _extinguisher(f)
        if self.target in (None, "", f.id):
            if ext is None:
                return _can_roll(battle, f)
            return _unquenchable(f) if is_burning(f) else Reason(f"{f.label} is not on fire.", "S3-FIRE-5")
        t = battle.get(self.target)
        if t is None:
            return no_fighter(self.target)
        if not is_burning(t):
            return Reason(f"{t.label} is not on fire.", "S3-FIRE-5")
        if hex_distance(f.hex, t.hex) > 1:
            return Reason(f"{t.label} is not next to {f.label}.", "S3-FIRE-5")
        if ext is None and "soaked" in t.conditions:
            return Reason("Burning fuel goes out only with an extinguisher or under water.", "S3-GRENADE-13")
        return _unquenchable(t)

    def _resolve(self, r: Resolution, f: Fighter) -> None:
        ext = _extinguisher(f)
        t = f if self.target in (None, "", f.id) else r.battle.fighter(self.target)
        if ext is None and t is f:
            _roll_out(r, f)
            return
        if ext is not None:
            used = int(f.counters.get("foam", 0)) + 1
            r.emit(E.stat(f.id, "counters.foam", used, rule="S3-GRENADE-14"))
            put_out(r, t, why=f"{f.label} sprays {'itself' if t is f else t.label} with the extinguisher: the fire "
                    "is out.", rule="S3-GRENADE-13" if "soaked" in t.conditions else "S3-FIRE-5", by=f)
        else:
            put_out(r, t, why=f"{f.label} beats out the flames on {t.label}.", rule="S3-FIRE-5", by=f)


def _unquenchable(t: Fighter) -> Reason | None:
    c = t.counters.get("fire")
    if isinstance(c, dict) and c.get("unquenchable"):
        return Reason("Incendiary material cannot be put out.", "S3-GRENADE-20")
    return None


def _extinguisher(f: Fighter) -> str | None:
    """The fire extinguisher in hand with foam left (house: ``rounds`` uses), or None."""
    if "fire_extinguisher" not in f.hands.values():
        return None
    if int(f.counters.get("foam", 0)) >= int(item("fire_extinguisher").get("rounds", 3)):
        return None
    return "fire_extinguisher"


ACTIONS: tuple[type, ...] = (StopDropRoll, Extinguish)


def options(battle: Battle, f: Fighter) -> list[Any]:
    """The fire actions worth offering: only to or next to a burning fighter."""
    out: list[Any] = []
    if is_burning(f):
        out.append(StopDropRoll(actor=f.id))
        if _extinguisher(f):
            out.append(Extinguish(actor=f.id))
    for o in battle.fighters:
        if o.id != f.id and is_burning(o) and not is_out(o) and hex_distance(o.hex, f.hex) <= 1:
            out.append(Extinguish(actor=f.id, target=o.id))
    return out


def odds(battle: Battle, action: Any) -> dict[str, float] | None:
    """Putting a fire out always works (S3-FIRE-5): ``success`` 1.0; not ours: None."""
    if isinstance(action, (StopDropRoll, Extinguish)):
        return {"success": 1.0}
    return None


add_owner(EffectOwner(rank=0, burnt_down=burnt_down, start_round=start_round, before_walk=before_walk,
                      on_walk=on_walk))  # the fires act first each round and on every walk
ACTION_GATES.append(forced_reason)  # every nd6 action asks it (S3-FIRE-7/12)
add_hook("after_fire_hit", after_fire_hit)  # the attack asks it after a flaming weapon's hit (S3-FIRE-3)
