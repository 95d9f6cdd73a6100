"""The mover's later slot in a phased round: what a move, a charge or a defence now leads to later.

Some turn orders give a fighter more than one slot a round with others' slots
between (G3-3 style: everyone moves, side after side, then everyone acts in
an order of its own). A move is then worth only what it lets the fighter do
in its later slot (strike the foe it stepped up to, or not: a long run spends
the attack), and a defence declared now only what it saves when the foes
strike. The first look sees none of that: every step next to a foe scores as
a step, and a defence as nothing at all.

So when the mover has a later slot this round that is not the very next one
(the next one is :func:`game.ai.replies.follow_up`'s case), each outcome of
each candidate is carried on: the slots between are skipped (the others are
assumed to hold still), the mover plays its best option aimed at a foe there
(an antithetic pair each, by our evaluation; or nothing), and then each foe
that still has a slot this round and stands next to the mover answers with its
best blow at it (by its side's evaluation, one roll, the mirror roll for the
mirrored outcome). The change all that makes is the candidate's ``reply``,
so every candidate is compared on the same footing (``candidates.compared``).

Nothing here names a ruleset: it reads the initiative policy's ``next`` on a
scratch copy, ``legal_actions`` and the actions' ``target`` field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.candidates import OutOfBudget, weighed
from game.ai.evaluate import Evaluator
from game.hexgrid import hex_distance

if TYPE_CHECKING:
    from game.ai.candidates import Candidate
    from game.ai.search_view import SearchView
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["later_slot", "carry_on", "advance", "split_slots"]

#: the options aimed at a foe the mover weighs in its later slot (one per kind and foe)
MAX_FOLLOW = 6
#: the slots looked through for the mover's later one
MAX_SLOTS = 64


def _policy(search: SearchView):  # noqa: ANN202 - any initiative policy with ``next``
    model = search.replies
    if model.policy is None:
        try:
            model.policy = search.ruleset.initiative() or False
        except Exception:  # noqa: BLE001 - a ruleset without a policy: no later slot to see
            model.policy = False
    return model.policy or None


def later_slot(search: SearchView) -> list[str] | None:
    """The fighters whose slots come after the mover's present one this round, in order, when the mover
    itself has one of them and it is not the very next; else None (nothing to carry on to)."""
    policy = _policy(search)
    if policy is None or not hasattr(policy, "next"):
        return None
    probe = search.root.clone(with_log=False)
    probe.current = search.fid
    after: list[str] = []
    try:
        for _ in range(MAX_SLOTS):
            fid = policy.next(probe)
            if fid is None:
                break
            after.append(fid)
    except Exception:  # noqa: BLE001 - a policy that cannot answer on a scratch copy: no opinion
        return None
    if search.fid not in after or after.index(search.fid) == 0:
        return None
    return after


def advance(search: SearchView, state: Battle) -> Battle | None:
    """A copy of ``state`` with the turn order moved on to the mover's later slot this round (the slots
    between skipped), or None when it has none."""
    policy = _policy(search)
    if policy is None:
        return None
    probe = state.clone(with_log=False)
    try:
        for _ in range(MAX_SLOTS):
            fid = policy.next(probe)
            if fid is None:
                return None
            if fid == search.fid:
                me = probe.get(fid)
                if me is None or not search.ruleset.can_act(probe, me):
                    return None
                probe.current = fid
                return probe
    except Exception:  # noqa: BLE001
        return None
    return None


def _aimed(search: SearchView, state: Battle, actor: str, at: set[str], limit: int) -> list[Action]:
    """``actor``'s legal options in ``state`` aimed at one of ``at``, one per kind and target."""
    saved = state.current
    state.current = actor
    try:
        options = search.ruleset.legal_actions(state, actor)
    except Exception as exc:  # noqa: BLE001 - an engine bug: report it, never crash the game
        search.errors.append(f"legal_actions({actor}): {type(exc).__name__}: {exc}")
        return []
    finally:
        state.current = saved
    out: list[Action] = []
    seen: set[tuple[str, str]] = set()
    for o in options:
        if o.reason is not None:
            continue
        target = getattr(o.action, "target", None)
        if not isinstance(target, str) or target not in at or (o.action.type, target) in seen:
            continue
        seen.add((o.action.type, target))
        out.append(o.action)
        if len(out) >= limit:
            break
    return out


def _play(search: SearchView, state: Battle, action: Action, key: str, i: int) -> tuple[Battle, bool] | None:
    try:
        return search.play(state, action, (key, i))
    except OutOfBudget:
        raise
    except Exception as exc:  # noqa: BLE001
        search.errors.append(f"{action.text()}: {type(exc).__name__}: {exc}")
        return None


def _follow(search: SearchView, probe: Battle) -> tuple[list[Battle], Action | None]:
    """The mover's best option aimed at a foe in its later slot (its sampled outcomes), or ``probe`` itself
    when none is better than holding still."""
    me = probe.fighter(search.fid)
    foes = {f.id for f in probe.fighters if f.side != me.side and search.ruleset.can_fight(probe, f)}
    here = search.ev.value(probe)
    best: tuple[float, list[Battle], Action | None] = (here, [probe], None)
    for a in _aimed(search, probe, search.fid, foes, MAX_FOLLOW):
        kids: list[Battle] = []
        for i in range(2):
            got = _play(search, probe, a, "later:" + a.text(), i)
            if got is None:
                break
            kids.append(got[0])
            if not got[1]:
                break
        if kids:
            m = sum(search.ev.value(k) for k in kids) / len(kids)
            if m > best[0] + 1e-9:
                best = (m, kids, a)
    return best[1], best[2]


def _threats(search: SearchView, state: Battle, i: int, acting: list[str]) -> tuple[Battle, Action | None]:
    """Each foe still to act this round and standing next to the mover strikes it with its best blow (by its
    side's evaluation), one after the other, on roll ``i`` of each blow."""
    first: Action | None = None
    for fid in acting:
        me = state.get(search.fid)
        foe = state.get(fid)
        if me is None or foe is None or not search.ruleset.can_fight(state, me):
            break
        if foe.side == search.side or not search.ruleset.can_act(state, foe) or hex_distance(foe.hex, me.hex) > 1:
            continue
        foe_ev = search.replies.foe_evs.get(foe.side)
        if foe_ev is None:
            foe_ev = search.replies.foe_evs[foe.side] = Evaluator(search.root, search.ruleset, foe.side,
                                                                  search.weights, mover=fid)
        best: tuple[float, Battle, Action] | None = None
        for a in _aimed(search, state, fid, {search.fid}, 4):
            got = _play(search, state, a, "threat:" + a.text(), i)
            if got is None:
                continue
            v = foe_ev.value(got[0])
            if best is None or v > best[0] + 1e-9:
                best = (v, got[0], a)
        if best is not None and best[0] > foe_ev.value(state) + 1e-9:
            state = best[1]
            first = first or best[2]
    return state, first


def split_slots(acting: list[str], fid: str) -> tuple[list[str], list[str]]:
    """Who strikes before the mover's later slot and who after it, from ``acting`` (the slots after its present
    one this round, its later one among them): a foe whose every slot left comes before the mover's later one
    (it moves and strikes first, G3-3's higher adjusted DX) strikes before the mover's blow; the others after."""
    k = acting.index(fid)
    later = acting[k + 1:]
    before = [x for i, x in enumerate(acting[:k]) if x != fid and x not in later and x not in acting[:i]]
    after = [x for i, x in enumerate(later) if x != fid and x not in later[:i]]
    return before, after


def carry_on(search: SearchView, cands: list[Candidate], acting: list[str]) -> None:
    """Re-score the candidates, best first, by what follows in the mover's later slot and the foes' blows
    before and after it (``acting``: who still has a slot this round, ``split_slots``). A candidate is replaced
    only when it is done, and once any is, only those done are compared (``candidates.compared``)."""
    before, after = split_slots(acting, search.fid)
    ranked = sorted((c for c in cands if c.values and not c.failed and c.states), key=lambda c: (-c.mean, c.order))
    states = max(1, search.level.reply_states)
    for c in ranked:
        deltas: list[float] = []
        blow, threat = None, None
        looked = c.states[:states]
        for j, state in enumerate(looked):
            v0 = search.ev.value(state)
            probe = advance(search, state)
            if probe is None:
                deltas.append(0.0)
                continue
            # the foes who strike first do so on roll j (the mirror roll for the mirrored outcome), or on a pair
            # of rolls for an action with one outcome (a pole arm set against the charger's blow, or not)
            firsts = [(j, probe)]
            if before:
                rolls = [0, 1] if len(looked) == 1 and search.level.pair_threats else [j]
                firsts = []
                for i in rolls:
                    hit, t = _threats(search, probe, i, before)
                    firsts.append((i, hit))
                    threat = threat or t
            vals = []
            for _, first in firsts:
                kids, a = _follow(search, first)
                blow = blow or a
                # the foes' blows after it on an antithetic pair of rolls: on the mover's two outcomes, or twice
                # on its one (one roll alone tells a defence from standing still only by luck)
                pairs = list(enumerate(kids)) if len(kids) > 1 or not search.level.pair_threats else \
                    [(0, kids[0]), (1, kids[0])]
                for i, kid in pairs:
                    end, t = _threats(search, kid, i, after)
                    vals.append(search.ev.value(end))
                    threat = threat or t
            deltas.append(sum(vals) / len(vals) - v0)
        bits = []
        if blow is not None:
            bits.append(f"then {blow.text()}")
        if threat is not None:
            bits.append(f"after {threat.text()}")
        c.reply = weighed(c, deltas)
        c.reply_note, c.reply_action, c.again = ", ".join(bits), threat, blow is not None
        c.replies = []
