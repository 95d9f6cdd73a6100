"""The foe's side of the look-ahead: who answers our action, with what, and which answer it picks.

The search values an action by what the likely reply does to it. The foe who
replies is the same for every action compared (the next foe in turn order),
its options are gathered once at the root and pruned to a score or so (a foe
in a big melee has hundreds), and in each sampled outcome it picks its best
answer by its own side's evaluation, each option rolled with the same dice
whatever action of ours it answers (common random numbers). Where the turn
order gives our mover the next slot too (a phased round), its best follow-up
blow comes first.

Each function takes the :class:`~game.ai.search.Search` it works for, as a
:class:`~game.ai.search_view.SearchView` (what it may read and change); what it
learns is kept in the search's :class:`Replies`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.candidates import OutOfBudget, hex_field, shifted
from game.ai.evaluate import Evaluator
from game.hexgrid import hex_distance

if TYPE_CHECKING:
    from game.ai.search_view import SearchView
    from game.hexgrid import Hex
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["Replies", "ReplyRolls", "gather", "reply_value", "reply_options", "acts_next", "pick_replier",
           "prune_replies", "follow_up"]


@dataclass(slots=True)
class ReplyRolls:
    """The rolls of one reply the foe may make in one state: both sides' values after each."""

    action: Action
    key: str  # its dice (the same for every action of ours it answers)
    foe_vals: list[float] = field(default_factory=list)
    our_vals: list[float] = field(default_factory=list)
    rolled: bool = False

    @property
    def foe(self) -> float:
        """The foe's mean value (rounded: equal outcomes compare equal whatever the order of the sum)."""
        return round(sum(self.foe_vals) / len(self.foe_vals), 9)

    @property
    def ours(self) -> float:
        return sum(self.our_vals) / len(self.our_vals)

    def roll(self, search: SearchView, state: Battle, foe_ev: Evaluator, upto: int) -> bool:
        """Roll on to ``upto`` samples (one, if the reply rolls no dice); False if it could not be played."""
        for i in range(len(self.foe_vals), upto):
            try:
                child, self.rolled = search.play(state, self.action, (self.key, i))
            except OutOfBudget:
                raise
            except Exception as exc:  # noqa: BLE001 - an engine bug: report it, never crash the game
                search.errors.append(f"{self.action.text()}: {type(exc).__name__}: {exc}")
                break
            self.foe_vals.append(foe_ev.value(child))
            self.our_vals.append(search.ev.value(child))
            if not self.rolled:
                break
        return bool(self.foe_vals)


@dataclass(slots=True)
class Replies:
    """What one search knows of the foe's side: the replier, its pool of options, our fighters where they
    stood, and the mover's own follow-up blows. ``own_pool`` is filled by the first stage, the rest by
    ``gather`` when the look-ahead starts. Plain data, with no reference back to the search: a search must
    be freed the moment its decision is made (a cycle would leave its clones to the garbage collector)."""

    #: the foe who answers (None: nobody can)
    replier: str | None = None
    #: where our fighters stood at the root (a reply aimed at one who has moved since follows it)
    ours_at_root: dict[str, Hex] = field(default_factory=dict)
    #: each foe side's evaluator, made when first needed
    foe_evs: dict[str, Evaluator] = field(default_factory=dict)
    policy: Any = None  # the ruleset's initiative policy (False: none)
    own_pool: list[Action] = field(default_factory=list)  # the mover's blows (one per kind and foe) for a follow-up
    #: the replier's kept options and, for each, the one of ours it is aimed at or ends next to
    pool: list[tuple[Action, str | None]] = field(default_factory=list)


def gather(search: SearchView) -> None:
    """Choose the replier and gather its options once, at the root, legal or not (grab us and it may break
    free); each sampled state then only checks the few kept."""
    model = search.replies
    model.replier = replier = pick_replier(search)
    if replier is None:
        return
    search.spend()  # the legal_actions call below is a big step: stop first if time is up
    root = search.root
    saved = root.current
    root.current = replier
    try:
        every = search.ruleset.legal_actions(root, replier)
    finally:
        root.current = saved
    every.sort(key=lambda o: o.reason is not None)  # per (kind, target) keep a legal variant
    model.pool = prune_replies(search, root, [o.action for o in every], replier)


def reply_value(search: SearchView, state: Battle, follow: bool = True) -> tuple[float, str, Action | None, bool, str]:
    """Our value after the likely foe's best reply in ``state``; a note, that reply, whether the mover
    strikes again before it, and the key of the reply's dice."""
    model = search.replies
    replier = model.replier
    if replier is None or state.get(replier) is None or not search.ruleset.can_act(state, state.fighter(replier)):
        return search.ev.value(state) - search.base, "", None, False, ""
    nxt, probe = acts_next(search, state) if follow and model.own_pool else (None, state)
    if nxt == search.fid:
        # the turn order gives the mover the next slot too (a phased round: it moves, then strikes on the
        # same number): its best blow comes first, then the foe's reply
        kids = follow_up(search, probe)
        if kids:
            vals = [reply_value(search, k, follow=False) for k in kids]
            return (sum(v[0] for v in vals) / len(vals), "strikes again first, " + (vals[0][1] or "no reply"),
                    vals[0][2], True, "")
    foe = state.fighter(replier)
    foe_ev = model.foe_evs.get(foe.side)
    if foe_ev is None:
        foe_ev = model.foe_evs[foe.side] = Evaluator(search.root, search.ruleset, foe.side, search.weights,
                                                     mover=replier)
    options = reply_options(search, state, replier)
    # the foe's best answer by its own evaluation: each option is rolled ``reply_samples`` times; uncertain
    # options tied at the top (a blow parried in both rolls looks like a feint that failed, and like doing
    # nothing) are rolled up to ``reply_refine`` times to tell them apart; still tied, one that rolled dice
    # comes before one that did not, as in ``choose``
    scored = [r for a, key in options if (r := ReplyRolls(a, key)).roll(search, state, foe_ev,
                                                                         search.level.reply_samples)]
    if not scored:
        return search.ev.value(state) - search.base, "", None, False, ""
    top = max(r.foe for r in scored)
    tied = [r for r in scored if r.rolled and r.foe > top - 1e-9]
    if len(tied) > 1 and search.level.reply_refine > search.level.reply_samples:
        for r in tied:
            r.roll(search, state, foe_ev, search.level.reply_refine)
    best = max(scored, key=lambda r: (r.foe, r.rolled))  # the first of equals: the pool's order
    return best.ours - search.base, f"after {best.action.text()}", best.action, False, best.key


def reply_options(search: SearchView, state: Battle, replier: str) -> list[tuple[Action, str]]:
    """The pool's options legal for ``replier`` in ``state``, each with the key of its dice."""
    model = search.replies
    # the pool was gathered at the root: a move or charge aimed at one of ours who has moved since is
    # aimed at where it stands now (its destination shifted as far as our fighter went)
    shift: dict[str, tuple[int, int]] = {}
    for fid, h in model.ours_at_root.items():
        now = state.get(fid)
        if now is not None and now.hex != h:
            shift[fid] = (now.hex.q - h.q, now.hex.r - h.r)
    saved = state.current
    state.current = replier
    options: list[tuple[Action, str]] = []
    try:
        for a, anchor in model.pool:
            # the reply's dice are keyed by the reply as gathered, not as shifted: the same foe's blow
            # rolls the same dice whether our fighter stood or stepped back (common random numbers)
            key = "reply:" + a.text()
            if anchor in shift:
                a = shifted(a, shift[anchor])
            try:
                if a.check(state, search.ruleset) is None:
                    options.append((a, key))
            except Exception as exc:  # noqa: BLE001
                search.errors.append(f"{a.text()}.check: {type(exc).__name__}: {exc}")
    finally:
        state.current = saved
    return options


def acts_next(search: SearchView, state: Battle) -> tuple[str | None, Battle]:
    """Who the turn order lets act after the action that led to ``state`` (None: not known, or a new
    round), and a copy of ``state`` with the turn order moved on to that slot."""
    model = search.replies
    if model.policy is False:
        return None, state
    if model.policy is None:
        try:
            model.policy = search.ruleset.initiative() or False
        except Exception:  # noqa: BLE001 - a ruleset without a policy: no opinion
            model.policy = False
            return None, state
    probe = state.clone(with_log=False)
    try:
        for _ in range(6 * len(probe.fighters) + 6):
            fid = model.policy.next(probe)
            if fid is None:
                return None, state
            f = probe.get(fid)
            if f is not None and search.ruleset.can_act(probe, f):
                probe.current = fid
                return fid, probe
    except Exception:  # noqa: BLE001 - a policy that cannot answer on a scratch state: no opinion
        return None, state
    return None, state


def pick_replier(search: SearchView) -> str | None:
    """The foe who answers in the look-ahead: the next foe in turn order who can act (the same
    foe for every candidate, so that they are compared fairly), else the nearest foe."""
    root = search.root
    order = list(root.order)
    foes = {f.id: f for f in root.fighters if f.side != search.side and search.ruleset.can_act(root, f)}
    if not foes:
        return None
    if search.fid in order:
        i = order.index(search.fid)
        order = order[i + 1:] + order[:i]
    for fid in order:
        if fid in foes:
            return fid
    me = root.fighter(search.fid)
    return min(foes.values(), key=lambda f: (hex_distance(f.hex, me.hex), f.id)).id


def prune_replies(search: SearchView, state: Battle, options: list[Action], replier: str) -> list[tuple[Action, str | None]]:
    """The replies worth a look: at most one per (kind, target) among actions aimed at one of ours
    within two hexes or at no one (breaking free, getting up...), and the moves that end next to
    one of ours (at most 3). In a big melee a foe has hundreds of options; this keeps under twenty."""
    me = state.fighter(replier)
    ours = {f.id: f.hex for f in state.fighters if f.side == search.side}
    search.replies.ours_at_root = dict(ours)
    near = {fid for fid, h in ours.items() if hex_distance(h, me.hex) <= 2}
    keep: list[tuple[Action, str | None]] = []
    seen: set[tuple[str, str]] = set()
    moves: list[tuple[int, int, Action, str | None]] = []
    for a in options:
        to = hex_field(a)
        target = getattr(a, "target", None)
        if isinstance(target, str) and target in ours and to is not None and hex_distance(to, ours[target]) <= 1:
            near = near | {target}  # a charge (or any move-and-strike) that ends next to one of ours
        if to is not None and not target:
            d, anchor = min(((hex_distance(to, h), fid) for fid, h in ours.items()), default=(99, None))
            if d <= 1:
                moves.append((d, len(moves), a, anchor))
            continue
        if isinstance(target, str) and target:
            if target not in near:
                continue
            key = (a.type, target)
        else:
            key = (a.type, "")
        if key in seen:
            continue
        seen.add(key)
        keep.append((a, target if isinstance(target, str) and target in ours else None))
    moves.sort(key=lambda m: (m[0], m[1]))
    return keep[:14] + [(m[2], m[3]) for m in moves[:3]]


def follow_up(search: SearchView, state: Battle) -> list[Battle]:
    """The mover's best blow in ``state`` (its kept options aimed at a foe, one antithetic pair each, by our
    evaluation): the sampled outcomes, or none when no blow helps."""
    model = search.replies
    saved = state.current
    state.current = search.fid
    try:
        opts = [a for a in model.own_pool if a.check(state, search.ruleset) is None]
    except Exception:  # noqa: BLE001
        opts = []
    finally:
        state.current = saved
    here = search.ev.value(state)
    best: tuple[float, list[Battle]] | None = None
    for a in opts:
        kids: list[Battle] = []
        for i in range(2):
            try:
                child, rolled = search.play(state, a, ("follow:" + a.text(), i))
            except OutOfBudget:
                raise
            except Exception as exc:  # noqa: BLE001
                search.errors.append(f"{a.text()}: {type(exc).__name__}: {exc}")
                break
            kids.append(child)
            if not rolled:
                break
        if kids:
            m = sum(search.ev.value(k) for k in kids) / len(kids)
            if m > here + 1e-9 and (best is None or m > best[0]):
                best = (m, kids)
    return best[1] if best else []
