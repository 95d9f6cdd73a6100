"""The look-ahead (hard level): the best few actions re-scored against the foe's likely reply.

For a couple of sampled outcomes of each action, the foe who answers picks
its best reply (:mod:`game.ai.replies`); the action is worth the mean over all
its samples plus the change that reply makes. Quiet actions (no dice, nothing
the evaluation sees: a set weapon, a defence) get a look too, since only the
reply can value them, and their variants face the same reply with the same
dice. With budget left, the replies are rolled more often
(:func:`refine_replies`) until the best action leads clearly.

Each function takes the :class:`~game.ai.search.Search` it works for, as a
:class:`~game.ai.search_view.SearchView` (its budget, dice, evaluation and
reply model: what it may read and change) and the candidates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.candidates import weighed
from game.ai.replies import gather, reply_value

if TYPE_CHECKING:
    from game.ai.candidates import Candidate
    from game.ai.search_view import SearchView
    from game.model import Battle
    from game.rules.base import Action

__all__ = ["lookahead", "share_reply", "replied", "refine_replies", "after_reply"]


def lookahead(search: SearchView, cands: list[Candidate]) -> None:
    """Re-score the ``level.lookahead`` best actions against the foe's reply (all or none of them, to compare
    fairly), then give a few quiet kinds of action a look each."""
    level = search.level
    ranked = sorted((c for c in cands if c.values and not c.failed), key=lambda c: -c.mean)
    top = ranked[:level.lookahead]
    if len(top) < 2:
        return
    gather(search)
    # a big melee has spent much on the first look already: search one outcome per action
    states = level.reply_states if search.nodes < 120 else 1
    results: list[tuple[Candidate, float, str, Action | None, bool]] = []
    for c in top:
        results.append((c, *replied(search, c, states)))
    # only a finished look-ahead replaces the first-look scores (all or nothing, to compare fairly)
    for c, v, note, reply, again in results:
        c.reply, c.reply_note, c.reply_action, c.again = v, note, reply, again
    for c in top:
        share_reply(search, c)
    # actions that rolled no dice and changed nothing the evaluation sees may prepare something for the
    # foe's turn (a weapon set against a charge, a defence, an aim): only the look-ahead can value them.
    # The best of a few such kinds get a look each while the budget lasts (each one is compared fairly
    # with the others once it is done; one cut short is left out)
    looked = {c.action.type for c in top}
    _other_kinds(search, ranked, looked, states)
    extra = 0
    for c in ranked[len(top):]:
        if extra >= level.lookahead_quiet:
            break
        if not c.exact or c.action.type in looked or abs(c.mean) > 1e-9:
            continue
        looked.add(c.action.type)
        extra += 1
        c.reply, c.reply_note, c.reply_action, c.again = replied(search, c, 1)
        share_reply(search, c)


def _other_kinds(search: SearchView, ranked: list[Candidate], looked: set[str], states: int) -> None:
    """Kinds of action aimed at a foe whose worth lies in the exchange after them (a brawl entered, where
    both strike at +4 and the foe has let go of its sword; a foe held or knocked down) look no better than a
    blow on the first look, and the blow's variants may fill the look-ahead. The best of up to
    ``Weights.lookahead_kinds`` such kinds within half an hp bar of the best first look face the reply too,
    on as many outcomes as the best (``states``: an antithetic pair, so a brawl that began and one fended
    off are both seen; ``looked``: the kinds already looked at, updated)."""
    want = search.weights.lookahead_kinds
    if want <= 0 or not ranked:
        return
    me = search.root.fighter(search.fid)
    foes = {f.id for f in search.root.fighters if f.side != me.side}
    floor = ranked[0].mean - search.weights.hp / 2
    done = 0
    for c in ranked:
        if done >= want or c.mean < floor:
            break
        target = getattr(c.action, "target", None)
        if c.reply is not None or c.exact or c.action.type in looked or target not in foes:
            continue
        looked.add(c.action.type)
        done += 1
        c.reply, c.reply_note, c.reply_action, c.again = replied(search, c, states)


def share_reply(search: SearchView, c: Candidate) -> None:
    """The other variants of a quiet action (no dice, nothing the evaluation sees: all-out defence of a
    parry rather than a dodge) all look alike until the foe strikes, so they wait behind the first and are
    never looked ahead. They face the reply found for ``c``, with the same dice: a look at each costs one
    resolution and the reply's samples, not a search of the foe's options. (The foe might answer one
    variant otherwise; it is the likely blow, rolled alike, that tells a useful defence from a useless
    one.)"""
    level = search.level
    if not level.reply_refine or not c.exact or abs(c.mean) > 1e-9 or c.reply is None or not c.replies:
        return
    target = getattr(c.action, "target", None)
    _, reply, key, delta0 = c.replies[0]
    for sib in search.groups.get((c.action.type, target if isinstance(target, str) else ""), ()):
        if sib is c or sib.reply is not None or sib.failed:
            continue
        if not sib.values:
            search.sample(sib, 0)
        if sib.failed or not sib.exact or abs(sib.mean) > 1e-9 or not sib.states:
            continue
        state = sib.states[0]
        delta = delta0 if reply is None else after_reply(search, state, reply, key, level.reply_samples)
        sib.replies = [(state, reply, key, delta)]
        sib.reply, sib.reply_note, sib.reply_action, sib.again = delta, c.reply_note, c.reply_action, c.again


def replied(search: SearchView, c: Candidate, states: int) -> tuple[float, str, Action | None, bool]:
    """What the foe's reply changes in ``c``'s value, and the first outcome's expected reply (its note,
    the action, whether the mover strikes again first).

    Only a few sampled outcomes are searched for a reply, so ``c`` is worth the mean over *all* its
    samples plus the change the reply makes on the searched ones (``Candidate.score``). Their value after the
    reply alone would judge a long shot (a 10% break free from a choke hold) by two outcomes that most
    likely both failed, and so exactly like doing nothing.
    """
    deltas = []
    note, reply, again = "", None, False
    found = []
    for state in c.states[:states]:
        v, note_i, reply_i, again_i, key = reply_value(search, state)
        deltas.append(v - (search.ev.value(state) - search.base))
        found.append((state, None if again_i else reply_i, key, deltas[-1]))
        if not note:
            note, reply, again = note_i, reply_i, again_i
    c.replies = found
    return weighed(c, deltas), note, reply, again


def refine_replies(search: SearchView, cands: list[Candidate]) -> None:
    """With budget to spare, the foe's reply is rolled ``level.reply_refine`` times instead of twice on each
    outcome searched, with the same dice for every action. Two rolls of a blow seldom tell all-out defence
    from doing nothing, and a strangle that two rolls call mild may kill one time in four. Since the reply
    hurts every action alike, refining only the leader would be unfair to it: the best action not yet
    refined is refined next, until the best refined one leads all the others by a quarter of an hp bar
    (twelve at most). An action's reply is replaced only once all its outcomes are done, and once any is,
    the choice is made among the refined ones (``candidates.compared``): the others were found clearly worse,
    or were not reached, and their two-roll scores cannot be compared fairly with eight-roll ones."""
    looked = [c for c in cands if c.reply is not None and c.values and not c.failed and c.replies]
    if len(looked) < 2:
        return
    margin = search.weights.hp / 4
    n = search.level.reply_refine
    done: list[Candidate] = []
    while len(done) < 12:
        rest = sorted((c for c in looked if c not in done), key=lambda c: (-c.score, c.order))
        if not rest or (done and rest[0].score < max(c.score for c in done) - margin):
            return
        c = rest[0]
        deltas = [old if reply is None else after_reply(search, state, reply, key, n)
                  for state, reply, key, old in c.replies]
        c.reply = weighed(c, deltas)
        c.refined = True
        done.append(c)


def after_reply(search: SearchView, state: Battle, reply: Action, key: str, n: int) -> float:
    """What ``n`` rolls of the foe's ``reply`` (one if it rolls no dice) change in our value in ``state``,
    on average: the reply's dice ``key`` makes them the same rolls for every action compared."""
    vals = []
    for i in range(n):
        child, rolled = search.play(state, reply, (key, i))
        vals.append(search.ev.value(child))
        if not rolled:
            break
    return sum(vals) / len(vals) - search.ev.value(state)
