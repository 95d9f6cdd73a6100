"""The opponent's tunables as data: feature weights, per-ruleset hints and the levels.

Nothing here names an action class or a ruleset: the core reads only
generic battle state (hp, fp, posture, conditions, grips, hexes, facing).
A ruleset whose conditions or grip kinds mean something special declares
``ai_hints`` (``Ruleset.ai_hints``, kept in its own folder): field overrides
merged by :func:`weights_for`; unknown names fall back to the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from game.rules import find_ruleset

if TYPE_CHECKING:
    from game.rules.base import Ruleset

__all__ = ["Weights", "Level", "LEVELS", "weights_for", "level_named"]


@dataclass(frozen=True)
class Weights:
    """How much each feature of a position is worth, in "fighters" (1.0 ~ a quarter of a fighter)."""

    out: float = 10.0  # a fighter who no longer counts (unconscious, dead, ...), on top of its hp
    #: a fighter at 0 hp or less who still stands is this much out already: everything but waiting risks its
    #: collapse (3d6, G0-7), so one who only waits is no use to its side (and a foe there is half beaten)
    spent: float = 5.0
    hp: float = 4.0  # a whole hp bar
    fp: float = 1.0  # a whole fp bar
    #: posture -> value for the fighter in it (a prone foe is control for us)
    posture: dict[str, float] = field(default_factory=lambda: {
        "standing": 0.0, "crouching": -0.2, "kneeling": -0.6, "sitting": -0.8, "crawling": -0.9, "prone": -1.4,
    })
    #: condition -> value for the fighter who has it (unknown conditions: ``condition_default``)
    conditions: dict[str, float] = field(default_factory=lambda: {
        "stunned": -1.5, "mentally_stunned": -1.0, "physically_stunned": -1.5, "helpless": -3.0,
        "surprised": -0.8, "pinned": -2.0, "choking": -1.5, "suffocating": -2.0, "strangled": -1.5,
        "dazed": -1.0, "reeling": -0.8, "shock": -0.3, "bleeding": -0.5, "grappled": -0.5,
        "disarmed": -0.5, "blinded": -1.0, "crippled": -1.0, "all_out_defense": 0.0, "aiming": 0.1,
        "evaluating": 0.1, "concentrating": 0.0, "wrestling": 0.0,
    })
    condition_default: float = -0.4
    #: grip kind -> value of holding it (for the holder's side; minus for the target's side)
    grip_kind: dict[str, float] = field(default_factory=lambda: {
        "grapple": 1.2, "pin": 3.2, "choke_hold": 2.8, "arm_lock": 2.4, "strangle": 2.8, "hold": 1.2,
    })
    grip_default: float = 1.4
    #: grip location -> extra value (neck and head grips lead to strangles and wrenches)
    grip_location: dict[str, float] = field(default_factory=lambda: {
        "neck": 0.6, "head": 0.4, "skull": 0.4, "face": 0.3, "arm": 0.3, "leg": 0.3,
    })
    grip_hand: float = 0.08  # each hand committed to a grip (it cannot punch or defend)
    being_held_extra: float = 0.2  # held fighters suffer a little more than holders gain (danger)
    #: the most that grips, posture and conditions together can cost a fighter who still fights: less than
    #: being out (``out`` and a whole hp bar), so finishing a foe is always worth more than keeping it down
    #: (two edge pins at -5 on one foe counted 12, more than knocking it out: the holders never did)
    held_cap: float = 8.0
    # danger / position (switched off by the easy level)
    rear: float = 0.8  # a foe stands in your rear hex
    side_arc: float = 0.3  # a foe stands in your side hexes
    flanked: float = 0.4  # per adjacent foe beyond the first
    facing: float = 0.12  # your chosen foe is in your front arc
    distance: float = 0.09  # per hex between a fighter and its chosen foe
    support: float = 0.25  # a friend next to a foe who holds one of ours
    shoot_range: int = 10  # a fighter with a missile weapon closes to this many hexes of its chosen foe ...
    shoot_keep: int = 2  # ... and keeps further than this from every foe (engaged, it cannot shoot)
    shoot_close: float = 0.3  # per hex closer than that
    #: ... and further than this from every foe without one (a melee foe's reach: what it can charge across
    #: and still strike); 0: ``shoot_keep`` alone
    shoot_keep_melee: int = 0
    retreat_hp: float = 0.25  # below this share of hp, a fighter on a losing side backs off
    #: carry each action on to the mover's later slot in a phased round (``game.ai.slots``, levels with
    #: ``Level.later``): a ruleset whose round puts a fighter's move and its blow in two slots with the
    #: others' between opts in through its ``ai_hints`` (off by default: the other phased orders were
    #: tuned without it)
    later_slot: bool = False
    #: levels with a look-ahead also play the foe's reply to the best action of up to this many other kinds
    #: aimed at a foe whose first look comes within half an hp bar of the best (``game.ai.lookahead``): a
    #: ruleset where what an action is worth lies in the exchange after it (a brawl entered, a foe held)
    #: opts in through its ``ai_hints`` (0 by default: the others were tuned without it)
    lookahead_kinds: int = 0
    danger: bool = True  # the easy level plays without reading danger


@dataclass(frozen=True)
class Level:
    """How hard the computer tries."""

    name: str
    samples: int = 4  # resolutions sampled per uncertain action
    top: int = 8  # uncertain actions that get all their samples (the rest get a first look)
    moves: int = 12  # actions with a destination hex looked at (those that serve the plan best)
    breadth: int | None = None  # other actions looked at (a seeded random few; None: all)
    expand: int = 6  # groups of variants (kind x target) opened up beyond their first member
    temperature: float = 0.0  # softmax temperature over scores; 0 = always the best
    lookahead: int = 0  # best actions re-scored against the foe's likely reply (0: none)
    #: besides those, kinds of quiet actions (no dice, no visible change: set a weapon, defend, aim) looked
    #: at against the reply while the budget lasts
    lookahead_quiet: int = 0
    reply_states: int = 2  # sampled outcomes per action searched for a reply
    reply_samples: int = 2  # resolutions of each reply (an antithetic pair, the same across our actions)
    #: with budget to spare at the end, the three best uncertain actions are sampled up to this many times
    refine: int = 0
    #: ... and then the foe's reply to the best looked-ahead actions is rolled this many times (0: not)
    reply_refine: int = 0
    #: in a phased round (the mover has a later slot this round, others' slots between), carry each action on
    #: to that slot and the foes' blows after it (``game.ai.slots``) instead of the plain look-ahead
    later: bool = False
    #: ... and the foes' blows there rolled on an antithetic pair even after an action with one outcome (a
    #: defence, a step): one roll tells a defence from standing still only by luck
    pair_threats: bool = False
    #: after the first look, every uncertain action's first sample gets its antithetic twin before the best are
    #: sampled on: a subdue that wins 63% of the time and lost its one roll must not sink below actions that
    #: cannot fail, where the sampling rounds and the look-ahead never reach it
    pair_first: bool = False
    danger: bool = True
    random: bool = False


LEVELS: dict[str, Level] = {
    "random": Level("random", samples=0, random=True),
    "easy": Level("easy", samples=2, top=4, moves=3, breadth=8, expand=1, temperature=0.6, danger=False),
    "normal": Level("normal", samples=4, top=6, moves=10, expand=4, temperature=0.12, later=True),
    "hard": Level("hard", samples=6, top=8, moves=16, expand=6, temperature=0.0, lookahead=3, reply_states=2,
                  lookahead_quiet=3, refine=16, reply_refine=8, later=True, pair_threats=True, pair_first=True),
}


def weights_for(ruleset: Ruleset | str, *, danger: bool = True) -> Weights:
    """The weights for a ruleset: the defaults with its ``ai_hints`` merged in (a dict field key by key)."""
    if isinstance(ruleset, str):
        ruleset = find_ruleset(ruleset)
    w = Weights()
    hint = ruleset.ai_hints
    if hint:
        merged: dict[str, Any] = {}
        for key, value in hint.items():
            base = getattr(w, key)
            merged[key] = {**base, **value} if isinstance(base, dict) else value
        w = replace(w, **merged)
    if not danger:
        w = replace(w, danger=False)
    return w


def level_named(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r} (levels: {', '.join(LEVELS)})") from None
