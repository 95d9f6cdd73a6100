"""The foe's side of the look-ahead: who answers our action, with what, and which answer it picks.

The search values an action by what the likely reply does to it. The foe who
replies is the same for every action compared (the next foe in turn order),
its options are gathered once at the root and pruned to a score or so (a foe
in a big melee has hundreds), and in each sampled outcome it picks its best
answer by its own side's evaluation, each option rolled with the same dice
whatever action of ours it answers (common random numbers). Where the turn
order gives our mover the next slot too (a phased round), its best follow-up
blow comes first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.candidates import OutOfBudget, hex_field, shifted
from game.ai.evaluate import Evaluator
from game.hexgrid import hex_distance

if TYPE_CHECKING:
    from game.ai.search import Search
    from game.hexgrid import Hex
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["Replies", "ReplyRolls"]


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

    def roll(self, search: Search, state: Battle, foe_ev: Evaluator, upto: int) -> bool:
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


class Replies:
    """The reply model of one search: the replier, its pool of options, the mover's own follow-up blows, and
    what each answer is worth. Made with the search; ``own_pool`` is filled by its first stage, the rest by
    ``gather`` when the look-ahead starts."""

    def __init__(self, search: Search) -> None:
        self.search = search
        #: the foe who answers (None: nobody can)
        self.replier: str | None = None
        #: where our fighters stood at the root (a reply aimed at one who has moved since follows it)
        self.ours_at_root: dict[str, Hex] = {}
        #: each foe side's evaluator, made when first needed
        self.foe_evs: dict[str, Evaluator] = {}
        self.policy: Any = None  # the ruleset's initiative policy (False: none)
        self.own_pool: list[Action] = []  # the mover's blows (one per kind and foe) for a follow-up
        #: the replier's kept options and, for each, the one of ours it is aimed at or ends next to
        self.pool: list[tuple[Action, str | None]] = []

    def gather(self) -> None:
        """Choose the replier and gather its options once, at the root, legal or not (grab us and it may break
        free); each sampled state then only checks the few kept."""
        s = self.search
        self.replier = replier = self.pick_replier()
        if replier is None:
            return
        s.spend()  # the legal_actions call below is a big step: stop first if time is up
        root = s.root
        saved = root.current
        root.current = replier
        try:
            every = s.ruleset.legal_actions(root, replier)
        finally:
            root.current = saved
        every.sort(key=lambda o: o.reason is not None)  # per (kind, target) keep a legal variant
        self.pool = self.prune(root, [o.action for o in every], replier)

    def value(self, state: Battle, follow: bool = True) -> tuple[float, str, Action | None, bool, str]:
        """Our value after the likely foe's best reply in ``state``; a note, that reply, whether the mover
        strikes again before it, and the key of the reply's dice."""
        s = self.search
        replier = self.replier
        if replier is None or state.get(replier) is None or not s.ruleset.can_act(state, state.fighter(replier)):
            return s.ev.value(state) - s.base, "", None, False, ""
        nxt, probe = self.acts_next(state) if follow and self.own_pool else (None, state)
        if nxt == s.fid:
            # the turn order gives the mover the next slot too (a phased round: it moves, then strikes on the
            # same number): its best blow comes first, then the foe's reply
            kids = self.follow_up(probe)
            if kids:
                vals = [self.value(k, follow=False) for k in kids]
                return (sum(v[0] for v in vals) / len(vals), "strikes again first, " + (vals[0][1] or "no reply"),
                        vals[0][2], True, "")
        foe = state.fighter(replier)
        foe_ev = self.foe_evs.get(foe.side)
        if foe_ev is None:
            foe_ev = self.foe_evs[foe.side] = Evaluator(s.root, s.ruleset, foe.side, s.weights, mover=replier)
        options = self.options(state, replier)
        # the foe's best answer by its own evaluation: each option is rolled ``reply_samples`` times; uncertain
        # options tied at the top (a blow parried in both rolls looks like a feint that failed, and like doing
        # nothing) are rolled up to ``reply_refine`` times to tell them apart; still tied, one that rolled dice
        # comes before one that did not, as in ``choose``
        scored = [r for a, key in options if (r := ReplyRolls(a, key)).roll(s, state, foe_ev,
                                                                             s.level.reply_samples)]
        if not scored:
            return s.ev.value(state) - s.base, "", None, False, ""
        top = max(r.foe for r in scored)
        tied = [r for r in scored if r.rolled and r.foe > top - 1e-9]
        if len(tied) > 1 and s.level.reply_refine > s.level.reply_samples:
            for r in tied:
                r.roll(s, state, foe_ev, s.level.reply_refine)
        best = max(scored, key=lambda r: (r.foe, r.rolled))  # the first of equals: the pool's order
        return best.ours - s.base, f"after {best.action.text()}", best.action, False, best.key

    def options(self, state: Battle, replier: str) -> list[tuple[Action, str]]:
        """The pool's options legal for ``replier`` in ``state``, each with the key of its dice."""
        s = self.search
        # the pool was gathered at the root: a move or charge aimed at one of ours who has moved since is
        # aimed at where it stands now (its destination shifted as far as our fighter went)
        shift: dict[str, tuple[int, int]] = {}
        for fid, h in self.ours_at_root.items():
            now = state.get(fid)
            if now is not None and now.hex != h:
                shift[fid] = (now.hex.q - h.q, now.hex.r - h.r)
        saved = state.current
        state.current = replier
        options: list[tuple[Action, str]] = []
        try:
            for a, anchor in self.pool:
                # the reply's dice are keyed by the reply as gathered, not as shifted: the same foe's blow
                # rolls the same dice whether our fighter stood or stepped back (common random numbers)
                key = "reply:" + a.text()
                if anchor in shift:
                    a = shifted(a, shift[anchor])
                try:
                    if a.check(state) is None:
                        options.append((a, key))
                except Exception as exc:  # noqa: BLE001
                    s.errors.append(f"{a.text()}.check: {type(exc).__name__}: {exc}")
        finally:
            state.current = saved
        return options

    def acts_next(self, state: Battle) -> tuple[str | None, Battle]:
        """Who the turn order lets act after the action that led to ``state`` (None: not known, or a new
        round), and a copy of ``state`` with the turn order moved on to that slot."""
        s = self.search
        if self.policy is False:
            return None, state
        if self.policy is None:
            try:
                self.policy = s.ruleset.initiative() or False
            except Exception:  # noqa: BLE001 - a ruleset without a policy: no opinion
                self.policy = False
                return None, state
        probe = state.clone(with_log=False)
        try:
            for _ in range(6 * len(probe.fighters) + 6):
                fid = self.policy.next(probe)
                if fid is None:
                    return None, state
                f = probe.get(fid)
                if f is not None and s.ruleset.can_act(probe, f):
                    probe.current = fid
                    return fid, probe
        except Exception:  # noqa: BLE001 - a policy that cannot answer on a scratch state: no opinion
            return None, state
        return None, state

    def pick_replier(self) -> str | None:
        """The foe who answers in the look-ahead: the next foe in turn order who can act (the same
        foe for every candidate, so that they are compared fairly), else the nearest foe."""
        s = self.search
        root = s.root
        order = list(root.order)
        foes = {f.id: f for f in root.fighters if f.side != s.side and s.ruleset.can_act(root, f)}
        if not foes:
            return None
        if s.fid in order:
            i = order.index(s.fid)
            order = order[i + 1:] + order[:i]
        for fid in order:
            if fid in foes:
                return fid
        me = root.fighter(s.fid)
        return min(foes.values(), key=lambda f: (hex_distance(f.hex, me.hex), f.id)).id

    def prune(self, state: Battle, options: list[Action], replier: str) -> list[tuple[Action, str | None]]:
        """The replies worth a look: at most one per (kind, target) among actions aimed at one of ours
        within two hexes or at no one (breaking free, getting up...), and the moves that end next to
        one of ours (at most 3). In a big melee a foe has hundreds of options; this keeps under twenty."""
        me = state.fighter(replier)
        ours = {f.id: f.hex for f in state.fighters if f.side == self.search.side}
        self.ours_at_root = dict(ours)
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

    def follow_up(self, state: Battle) -> list[Battle]:
        """The mover's best blow in ``state`` (its kept options aimed at a foe, one antithetic pair each, by our
        evaluation): the sampled outcomes, or none when no blow helps."""
        s = self.search
        saved = state.current
        state.current = s.fid
        try:
            opts = [a for a in self.own_pool if a.check(state) is None]
        except Exception:  # noqa: BLE001
            opts = []
        finally:
            state.current = saved
        here = s.ev.value(state)
        best: tuple[float, list[Battle]] | None = None
        for a in opts:
            kids: list[Battle] = []
            for i in range(2):
                try:
                    child, rolled = s.play(state, a, ("follow:" + a.text(), i))
                except OutOfBudget:
                    raise
                except Exception as exc:  # noqa: BLE001
                    s.errors.append(f"{a.text()}: {type(exc).__name__}: {exc}")
                    break
                kids.append(child)
                if not rolled:
                    break
            if kids:
                m = sum(s.ev.value(k) for k in kids) / len(kids)
                if m > here + 1e-9 and (best is None or m > best[0]):
                    best = (m, kids)
        return best[1] if best else []
