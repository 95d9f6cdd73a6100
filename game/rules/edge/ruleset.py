"""The ``edge`` ruleset (seed 001, The Shard): d10 pools, opposed Strength, results bought with edge.

``EdgeRuleset`` gathers the pieces: :mod:`.pool` (dice and exact odds),
:mod:`.combat` (melee, damage, prone, HP), :mod:`.grapple` (entering a
grapple, the grapple roll, the result menu), :mod:`.basic` (move, face,
posture, attack, ready, release, wait), :mod:`.order` (the phased turn order)
and :mod:`.stats` (stat keys, items, conditions, options).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.hexgrid import Hex, hex_distance
from game.rules.base import Action, Option, Phase, Reason, Ruleset, register
from game.rules.edge import basic, checks, facts, grapple, links, scenario_schema
from game.rules.edge.combat import attack_spec, defence_spec
from game.rules.edge.order import PHASE_ACTIONS, PHASES, EdgeTurnOrder, phase_reason
from game.rules.edge.pool import edge_odds, odds_text
from game.rules.edge.presentation import EdgePresentation
from game.rules.edge.stats import CONDITIONS, ITEMS, STATS, held_weapons, max_hp, normalise_stats
from game.rules.presentation import Presentation

if TYPE_CHECKING:
    from game.model import Battle
    from game.rules.events import Resolution

__all__ = ["EdgeRuleset"]


@register
class EdgeRuleset(Ruleset):
    """Seed 001 (checklist S1) with the conventional rules of GAPS G1-1..G1-12."""

    id: ClassVar[str] = "edge"
    name: ClassVar[str] = "Edge (The Shard): d10 pools, opposed Strength, results bought with edge"
    presentation_type: ClassVar[type[Presentation]] = EdgePresentation
    source_text: ClassVar[str] = "001"
    sections: ClassVar[tuple[str, ...]] = ("S1",)
    actions: ClassVar[dict[str, type[Action]]] = {
        cls.type: cls for cls in (
            basic.Move, basic.Face, basic.ChangePosture, basic.Attack, basic.Ready, basic.Release, basic.Wait,
            basic.DoNothing, grapple.EnterGrapple, grapple.GrappleRoll,
        )
    }
    conditions: ClassVar[dict[str, str]] = CONDITIONS
    items: ClassVar[dict[str, dict[str, Any]]] = ITEMS
    stats: ClassVar[dict[str, str]] = STATS
    options: ClassVar[dict[str, Any]] = scenario_schema.OPTIONS
    trait_types: ClassVar[dict[str, Any]] = scenario_schema.TRAIT_TYPES
    grapple_kinds: ClassVar[tuple[str, ...]] = links.GRAPPLE_KINDS
    #: the round's phases in order (S1, order.PHASES: the one list the turn order runs) and the action types each
    #: offers (G1-4, order.PHASE_ACTIONS: the actions' phase gate reads them here, :meth:`phases_of`); none does
    #: anything of its own when it ends
    phases: ClassVar[tuple[Phase, ...]] = tuple(Phase(name, actions=PHASE_ACTIONS[name]) for name in PHASES)
    #: E-5: an edge grip holds with no hands counted (a situation's grip without ``hands`` has 0)
    grip_hands_default: ClassVar[int] = 0
    ai_hints: ClassVar[dict[str, Any]] = facts.AI_HINTS
    stat_blocks: ClassVar[tuple[dict[str, Any], ...]] = facts.STAT_BLOCKS
    hoped: ClassVar[tuple[str, ...]] = facts.HOPED
    #: results of a grapple roll and their minimum edge (S1-MENU-1)
    results: ClassVar[dict[str, int]] = grapple.RESULTS

    # -- set-up ----------------------------------------------------------------------------
    def setup(self, battle: Battle) -> None:
        """Stat names to keys, HP filled (G1-9), ``prone`` as a posture, grapples checked (G1-8)."""
        for i, f in enumerate(battle.fighters):
            normalise_stats(f, f"fighters[{i}]")
            if f.hp is None:
                f.hp = max_hp(f)
            if "prone" in f.conditions:
                f.conditions.remove("prone")
                f.posture = "prone"
            if f.posture not in basic.POSTURES:
                raise ValueError(f"fighters[{i}].posture: edge has standing and prone, not {f.posture!r} (G1-7)")
        seen: dict[Any, str] = {}
        for f in battle.fighters:
            if f.hex in seen:
                raise ValueError(f"fighters: {seen[f.hex]} and {f.id} share a hex; edge never shares one (G1-8)")
            seen[f.hex] = f.id
        for i, g in enumerate(battle.grapples):
            if hex_distance(battle.fighter(g.holder).hex, battle.fighter(g.target).hex) != 1:
                raise ValueError(f"grapples[{i}]: {g.holder} and {g.target} must stand in adjacent hexes (G1-8)")
            if g.kind not in ("grapple", *links.GRAPPLE_KINDS):
                raise ValueError(f"grapples[{i}].kind: edge grapples are grapple, pin, pin-2 .. pin-5")
            g.extra.setdefault("initiator", g.holder)
            g.extra.setdefault("round", 0)
            if links.pin_level(g, g.target) and not battle.fighter(g.target).has("pinned"):
                battle.fighter(g.target).conditions.append("pinned")

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self, battle: Battle, fighter_id: str) -> list[Option]:
        """Every action of this fighter now, each with the reason when it may not be taken.

        Grapple rolls appear once per grapple with no ``option`` (the engine
        or the result menu chooses) and once per result, whose reason covers
        what is known before the roll (posture, items, hexes); what the edge
        will pay for is in :meth:`odds`.
        """
        me = battle.fighter(fighter_id)
        out: list[Option] = []

        def add(action: Action) -> None:
            out.append(Option(action, action.check(battle, self)))

        reach_map = basic.reachable(battle, fighter_id) if not links.is_in_grapple(battle, fighter_id) else {}
        for h in sorted(reach_map):
            add(basic.Move(actor=fighter_id, to=(h.q, h.r)))
        for facing in range(6):
            if facing != me.facing:
                add(basic.Face(actor=fighter_id, facing=facing))
        add(basic.ChangePosture(actor=fighter_id, posture="prone" if me.posture == "standing" else "standing"))
        others = [f for f in battle.fighters if f.id != fighter_id and f.side != me.side and not f.has("dead")]
        weapons: list[str | None] = [None, *held_weapons(me)]
        for foe in others:
            for w in weapons:
                add(basic.Attack(actor=fighter_id, target=foe.id, item=w))
            if not links.link(battle, fighter_id, foe.id):
                add(grapple.EnterGrapple(actor=fighter_id, target=foe.id,
                                         weapon=next((w for w in held_weapons(me) if ITEMS[w]["hooked"]), None)))
        out.extend(grapple.generate_results(battle, fighter_id, self))
        for item in me.items:
            add(basic.Ready(actor=fighter_id, item=item))
        for g in links.links_of(battle, fighter_id):
            add(basic.Release(actor=fighter_id, target=links.other(g, fighter_id)))
        add(basic.Wait(actor=fighter_id))
        add(basic.DoNothing(actor=fighter_id))
        return out

    def result_menu(self, battle: Battle, actor: str, target: str, edge: int | None = None,
                    drop: tuple[str, ...] = ()) -> list[Option]:
        """The result menu after a grapple roll (see :func:`grapple.result_menu`)."""
        return grapple.result_menu(battle, actor, target, edge, drop)

    def odds(self, battle: Battle, action: Action) -> dict[str, float]:
        """Exact chances: ``edge>=k`` for k = 0..3 (grapple rolls, enter_grapple, attacks) and the action's
        own outcomes: ``option`` (a grapple roll's chosen result is paid for), ``enter`` / ``enter_and_roll``
        (enter_grapple), ``hit`` / ``ignore_armour`` (attack)."""
        if isinstance(action, grapple.GrappleRoll):
            g, reason = checks.find_link(battle, action.actor, action.target)
            if g is None:
                return {}
            return grapple.roll_odds(battle, action.actor, g, grapple._fields(action))
        if isinstance(action, (basic.Attack, grapple.EnterGrapple)):
            weapon = action.item if isinstance(action, basic.Attack) else action.weapon
            weapon = None if weapon == "fist" else weapon
            a = attack_spec(battle, action.actor, weapon)
            d = defence_spec(battle, action.target, defense=action.defense)
            odds = edge_odds(a.pool, a.modifier, d.pool, d.modifier)
            out = {f"edge>={k}": float(p) for k, p in odds.items()}
            if isinstance(action, basic.Attack):
                out.update(hit=out["edge>=1"], ignore_armour=out["edge>=3"])
            else:
                out.update(enter=out["edge>=0"], enter_and_roll=out["edge>=1"])
            return out
        return {}

    def odds_text(self, battle: Battle, action: Action) -> str:
        """``edge >= 1: 54%, >= 2: 31%, >= 3: 14%`` for the action menu ('' for actions without a roll)."""
        odds = self.odds(battle, action)
        rows = {int(k.split(">=")[1]): v for k, v in odds.items() if k.startswith("edge>=") and k != "edge>=0"}
        return odds_text(rows) if rows else ""

    def move_path(self, battle: Battle, action: Action) -> list[Hex] | None:
        """GX-5: the cheapest path normal movement walks (G1-4), so the preview shows what it costs."""
        if not isinstance(action, basic.Move):
            return None
        return basic.reachable_path(battle, action.actor, Hex(*action.to))

    def initiative(self) -> EdgeTurnOrder:
        return EdgeTurnOrder()

    def conditions_in_force(self, res: Resolution) -> None:
        """Ruling E-14 (G1-9): a grapple with a fighter a situation gives as dead ends, as it does in play
        (``links.end_broken_links``); one with an unconscious or bound fighter lasts, as a pin at -5 leaves it."""
        for g in list(res.battle.grapples):
            dead = [fid for fid in (g.holder, g.target) if res.battle.fighter(fid).has("dead")]
            if dead:
                links.end_link(res, g, actor=dead[0], why="a grappler is dead", rule="G1-9")

    def max_hp(self, fighter: Any) -> float | None:
        """G1-9: Strength + Willpower + 5 + size, or the fighter's own ``HP``."""
        return float(max_hp(fighter))

    def can_fight(self, battle: Battle, fighter: Any) -> bool:
        return not ({"dead", "unconscious", "bound"} & set(fighter.conditions))

    def phase_reason(self, battle: Battle, action_type: str) -> Reason | None:
        return phase_reason(battle, action_type, self)
