"""What the map shows while a shot, a grenade or a flame burst is aimed (``Ruleset.aim_preview``, issue 17 Play).

Plain data read from the rules' own functions, so the picture and the roll can never disagree: the line of fire
and the figures in it that must be rolled to miss (:func:`.ranged.line_of_fire`, G3-10), the range in MH with its
penalty (G3-12, S3-ENERGY-5), smoke on the line (S3-SMOKE-5), the chance of each figure in the way being struck
(G3-10 with S3-AUTO-12's bonus turned into a penalty), the rounds of automatic fire that hit (G3-21, the odds'
``rounds:N`` keys), a grenade's area (S3-GRENADE-9/18/21) with the chance of every landing hex and scatter
(S3-GRENADE-4/5, G3-25), and a flame thrower's hexes placed one by one under :mod:`.flamer`'s own checks
(S3-FLAMER-5/6). Nothing here decides a rule; the UI draws what it gets.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from game.hexgrid import Hex, hex_distance, hex_spiral
from game.rules.nd6 import autofire, grenades, ranged, rolls
from game.rules.nd6.items import item
from game.rules.nd6.ranged import range_mod
from game.rules.nd6.ranges import mh_of

if TYPE_CHECKING:
    from game.model import Battle, Fighter

__all__ = ["aim_preview", "shot_preview", "grenade_preview", "flame_preview"]


def _qr(h: Hex) -> list[int]:
    return [h.q, h.r]


def _pc(p: float) -> str:
    """A chance in words: whole percents, one decimal under 1% (an 18 on 3d6 is 0.5%, not 0%)."""
    return f"{p:.1%}" if 0 < p < 0.01 else f"{p:.0%}"


def _name(weapon: str | None) -> str:
    return str(item(weapon).get("name", weapon)) if weapon else "bare hands"


def aim_preview(battle: Battle, action: Any, odds: dict[str, float] | None) -> dict[str, Any] | None:
    """The preview of ``action`` (``odds``: the ruleset's own for it), or None when it aims at nothing far."""
    f = battle.get(getattr(action, "actor", ""))
    if f is None:
        return None
    t = action.type
    if t == "throw_grenade":
        return grenade_preview(battle, f, action, odds)
    if t == "flame":
        return flame_preview(battle, f, action, odds)
    if t in ("attack", "burst", "full_auto", "fire_and_stab"):
        return shot_preview(battle, f, action, odds)
    return None


# -- shots -------------------------------------------------------------------------------------------------------

def _aims(action: Any) -> list[str]:
    if hasattr(action, "aims"):
        return list(action.aims())
    return [action.target] if getattr(action, "target", "") else []


def _rounds_fired(battle: Battle, f: Fighter, action: Any, weapon: str) -> int:
    """Rounds fired at the first target: 3 for a burst (S3-AUTO-8), the stream's for full auto, else 0."""
    mode = getattr(action, "mode", None)
    if action.type == "burst" or mode == "burst":
        return autofire.BURST
    if action.type == "full_auto" or mode == "full_auto":
        return int(getattr(action, "shots", None) or autofire.default_rounds(f, weapon))
    return 0


def _range(weapon: str | None, hexes: int) -> dict[str, Any]:
    """G3-12 (S3-ENERGY-5): the range in hexes and MH, its penalty and the sentence for the aim box."""
    mh = mh_of(hexes)
    mod = range_mod(weapon, hexes)
    penalty, rule = (mod.value, mod.rule) if mod is not None else (0, "G3-12")
    words = f"range {hexes} hex{'es' if hexes != 1 else ''} = {mh} MH: " + (
        f"{penalty} DX ({rule})" if penalty else "no range penalty (G3-12)")
    return {"hexes": hexes, "mh": mh, "penalty": penalty, "rule": rule, "words": words}


def shot_preview(battle: Battle, f: Fighter, action: Any, odds: dict[str, float] | None) -> dict[str, Any] | None:
    """A shot, burst or stream: its lines of fire, range, figures in the way with their chance of being struck,
    and for automatic fire the distribution of rounds that hit (G3-10, G3-12, G3-21, S3-SMOKE-5)."""
    probe = action._parts()[0] if action.type == "fire_and_stab" else action
    weapon = probe.weapon(f) if hasattr(probe, "weapon") else None
    aims = [battle.get(a) for a in _aims(probe)]
    aims = [t for t in aims if t is not None]
    if not aims or weapon is None or item(weapon).get("kind") != "missile":
        return None
    first = aims[0]
    if probe.type == "attack" and not ranged.is_shot(battle, f, first, weapon, getattr(probe, "mode", None)):
        return None
    rounds = _rounds_fired(battle, f, probe, weapon)
    lines, text = [], []
    for t in aims:
        lines.append(_line(battle, f, t.hex, t.id))
    rng = _range(weapon, hex_distance(f.hex, first.hex))
    text.append(f"{_name(weapon)} at {first.label}: {rng['words']}")
    lof0 = lines[0]
    if lof0["blocked"]:
        text.append(f"No line of fire to {first.label} (GX-5).")
    if lof0["smoke"]:
        text.append(f"{lof0['smoke']} smoke hex{'es' if lof0['smoke'] > 1 else ''} on the line: "
                    f"-{lof0['smoke']} DX (S3-SMOKE-5).")
    struck = _in_the_way(battle, f, first, weapon, rounds, lof0["figures"])
    clear = 1.0
    for fid, p in struck:
        clear *= 1.0 - p
        who = battle.get(fid)
        text.append(f"{who.label if who else fid} is in the way: roll to miss, struck {_pc(p)} (G3-10).")
    out: dict[str, Any] = {"kind": "shot", "from": _qr(f.hex), "lines": lines, "range": rng,
                           "odds": dict(odds or {}), "figures": [[fid, p] for fid, p in struck],
                           "clear": clear}
    dist = sorted((int(k.split(":", 1)[1]), p) for k, p in (odds or {}).items() if k.startswith("rounds:"))
    if dist and not lof0["blocked"]:  # a shot that may not be fired has no rounds to count
        out["rounds"] = [[k, p] for k, p in dist]
        mean = sum(k * p for k, p in dist)
        text.append(f"{rounds} rounds at {first.label}: on average {mean:.1f} hit (G3-21).")
    if "hit" in (odds or {}) and not lof0["blocked"]:
        reach = f" once past the figures in the way ({clear:.0%} of shots get through)" if struck else ""
        text.append(f"Chance to hit {first.label}: {_pc(odds['hit'])}{reach}.")
    out["lines_text"] = text
    return out


def _line(battle: Battle, f: Fighter, to: Hex, target: str | None) -> dict[str, Any]:
    """One line of fire as data (GX-5, G3-10, S3-SMOKE-5), with the first hex that blocks it, if any."""
    lof = ranged.line_of_fire(battle, f, to)
    out = {"to": _qr(to), "target": target, "hexes": [_qr(h) for h in lof.hexes], "blocked": lof.blocked,
           "figures": list(lof.figures), "smoke": lof.smoke}
    if lof.blocked:
        idx = battle.board.index()
        wall = next((h for h in lof.hexes[1:-1] if (c := idx.get(h)) is not None and c.blocks_sight), None)
        off = next((h for h in lof.hexes if h not in battle.board), None) if battle.board.cells else None
        at = wall or off
        if at is not None:
            out["blocked_at"] = _qr(at)
    return out


def _in_the_way(battle: Battle, f: Fighter, t: Fighter, weapon: str, rounds: int,
                figures: list[str]) -> list[tuple[str, float]]:
    """G3-10: each figure in the way (not the target's own brawl) and the chance its roll to miss fails."""
    if not figures:
        return []
    plan = ranged.shot_plan(battle, f, t, weapon, rounds=max(1, rounds))
    bonus = autofire.auto_bonus(rounds) if rounds else 0
    out = []
    for fid in figures:
        fig = battle.get(fid)
        if fig is None or fig.hex == t.hex:
            continue
        spec = ranged._miss_spec(battle, plan.spec, f, fig, weapon, bonus)
        out.append((fid, 1.0 - rolls.save_odds(3, spec.target)))
    return out


# -- grenades ----------------------------------------------------------------------------------------------------

def grenade_preview(battle: Battle, f: Fighter, action: Any, odds: dict[str, float] | None) -> dict[str, Any]:
    """A throw at a hex: the area it reaches there, every hex it may land in with its chance, and each outcome
    in words (S3-GRENADE-2/4/5/6, G3-25); any hex in range may be aimed at (``any_hex``)."""
    g = action.weapon(f)
    to = Hex(*action.to)
    area = grenades.area_of(g, to) if g else {"inner": [to], "outer": []}
    throw = grenades.throw_odds(battle, f, to)
    landing = grenades.landing_odds(battle, f, to)
    hexes = hex_distance(f.hex, to)
    mh = mh_of(hexes)
    outcomes: list[list[Any]] = [["lands on the hex aimed at (S3-GRENADE-2)", throw.get("hit", 0.0)]]
    for k in sorted((k for k in throw if k.startswith("scatter:")), key=lambda k: int(k.split(":")[1])):
        n = int(k.split(":")[1])
        outcomes.append([f"scatters {n} hex{'es' if n > 1 else ''}, direction 1d6 (S3-GRENADE-4, G3-25)", throw[k]])
    if throw.get("dropped"):
        outcomes.append(["dropped in the thrower's own hex on an 18 (S3-GRENADE-5)", throw["dropped"]])
    text = [f"{_name(g)} at [{to.q}, {to.r}]: {hexes} hex{'es' if hexes != 1 else ''} = {mh} MH, "
            f"{-mh if mh else 0} DX (S3-GRENADE-2); reach {grenades.max_range(f)} hexes (S3-GRENADE-6)."]
    if g:
        text.append(_area_words(g))
    here = landing.get(to, 0.0)
    stopped = (f"; {_pc(here)} comes down there in all, scatters stopped by a wall or the edge included (ND6-17)"
               if here - throw.get("hit", 0.0) >= 0.005 else "")
    text.append(f"{_pc(throw.get('hit', 0.0))} lands on the hex aimed at (S3-GRENADE-2){stopped}.")
    spread = [f"{n} hex{'es' if n > 1 else ''} {_pc(p)}" for n, p in sorted(
        (int(k.split(":")[1]), p) for k, p in throw.items() if k.startswith("scatter:"))]
    if spread:
        text.append(f"{_pc(sum(p for k, p in throw.items() if k.startswith('scatter:')))} misses and scatters as "
                    f"many hexes as it missed by, toward a side rolled on 1d6 (S3-GRENADE-4, G3-25): "
                    f"{', '.join(spread)}.")
    if throw.get("dropped"):
        text.append(f"{_pc(throw['dropped'])} dropped in the thrower's own hex (an 18, S3-GRENADE-5).")
    return {"kind": "grenade", "from": _qr(f.hex), "to": _qr(to), "any_hex": True,
            "area": {k: [_qr(h) for h in v] for k, v in area.items()},
            "landing": [[h.q, h.r, p] for h, p in sorted(landing.items(), key=lambda x: -x[1]) if p > 0],
            "outcomes": outcomes, "odds": dict(odds or throw), "range": {"hexes": hexes, "mh": mh,
                                                                        "penalty": -mh, "rule": "S3-GRENADE-2"},
            "lines_text": text}


def _area_words(g: str) -> str:
    """What the grenade does where it comes down, in the areas the map tints (S3-GRENADE-9/18/21, S3-SMOKE-1)."""
    if g in grenades.CLOUD_KINDS:
        return (f"A cloud of {grenades.CLOUD_KINDS[g].replace('_', ' ')}: its hex the first turn, the megahex the "
                "next, then spreading and drifting with the wind (S3-SMOKE-1, S3-SMOKE-3).")
    if g in grenades.FIRE_HITS:
        inner, outer = grenades.FIRE_HITS[g]
        where = ("its hex", "the six round it") if g == "molotov" else ("the megahex", "the ring round it")
        rule = "S3-GRENADE-9" if g == "molotov" else "S3-GRENADE-21"
        return (f"Burning liquid: {inner} hits in {where[0]}, {outer} in {where[1]}, burning "
                f"{grenades.BURN_TURNS} turns ({rule}, S3-GRENADE-11).")
    return (f"It bursts: {grenades.HE_DICE[0]} to everyone in the megahex it lands in, {grenades.HE_DICE[1]} in the "
            "ring round it (S3-GRENADE-18).")


# -- flame throwers ----------------------------------------------------------------------------------------------

def _flamer() -> Any:
    try:
        return importlib.import_module("game.rules.nd6.flamer")
    except ModuleNotFoundError:
        return None


def flame_preview(battle: Battle, f: Fighter, action: Any, odds: dict[str, float] | None) -> dict[str, Any] | None:
    """A flame burst: the hexes placed so far (``action.hexes``), those :func:`.flamer.next_hexes` lets the firer
    add next, and for the hexes around the aim that may not be added :func:`.flamer.placement_reason`'s sentence
    (S3-FLAMER-3/5/6); the line of fire and range to the aim (S3-FLAMER-4)."""
    mod = _flamer()
    if mod is None:
        return None
    aim, tgt = mod.aim_of(battle, action)
    burst = getattr(action, "burst", "small")
    if aim is None or burst not in mod.BURSTS:
        return None
    count = mod.BURSTS[burst][0]
    hit_placed = [Hex(*h) for h in (getattr(action, "hexes", None) or ())]
    # once the hit's hexes are all placed, the hexes being placed are the miss's (S3-FLAMER-6: next to the aim,
    # never on it); the player may also leave them to the rules (ruling ND6-21)
    miss = len(hit_placed) >= count
    placed = [Hex(*h) for h in (getattr(action, "miss_hexes", None) or ())] if miss else hit_placed
    open_ = mod.next_hexes(battle, f, aim, burst, placed, not miss)
    rule = "S3-FLAMER-6" if miss else "S3-FLAMER-5"
    refused: dict[str, str] = {}
    if len(placed) < count:
        for h in _near(aim, 2 + (count > 3)):
            if h in placed or h in open_:
                continue
            why = mod.placement_reason(battle, f, action, [*placed, h], not miss)
            refused[f"{h.q},{h.r}"] = why or (
                f"Each new hex of fire goes next to one already placed ({rule})." if placed else
                f"After a miss the first hex of fire goes next to [{aim.q}, {aim.r}], not on it ({rule})."
                if miss else f"The first hex of fire goes in [{aim.q}, {aim.r}] or next to it ({rule}).")
    l0 = {**_line(battle, f, aim, tgt.id if tgt is not None else None), "figures": []}
    who = tgt.label if tgt is not None else f"[{aim.q}, {aim.r}]"
    rng = _range(mod.FLAMER, hex_distance(f.hex, aim))
    text = [f"{_name(mod.FLAMER)}, {burst} burst at {who}: {rng['words']}",
            f"Place {count} hexes of fire: {len(placed)} placed, {count - len(placed)} to go; the first in or next "
            f"to the aim, each next to one placed (S3-FLAMER-5)." if not miss else
            f"Now where the fire lies on a miss: {len(placed)} of {count} placed; the first next to the aim but "
            f"not on it, each next to one placed (S3-FLAMER-6)."]
    if "hit" in (odds or {}):
        text.append(f"Chance to hit: {_pc(odds['hit'])}; on a miss the fire lies on these hexes if none is the "
                    "aim's own, else where the rules place it (S3-FLAMER-6, ND6-21).")
    return {"kind": "flame", "from": _qr(f.hex), "lines": [l0], "range": rng, "odds": dict(odds or {}),
            "place": {"count": count, "placed": [_qr(h) for h in placed], "open": [_qr(h) for h in open_],
                      "refused": refused, "miss": miss,
                      "hit_hexes": [_qr(h) for h in hit_placed] if miss else []},
            "lines_text": text}


def _near(c: Hex, radius: int) -> list[Hex]:
    return list(hex_spiral(c, radius))
