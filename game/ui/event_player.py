"""The event player: turns a result's events into animation, one after another.

The controller has already changed the battle when the player starts. The
board meanwhile shows a *shadow* copy of the battle as it was before; the
player applies each event to the shadow (``game.rules.events.apply_event``,
the same function the rules use) when that event's animation reaches its
point, so the picture always shows exactly the state the events describe.
When the queue is empty the scene goes back to drawing the real battle.

Time comes only from :meth:`EventPlayer.update` (``dt_ms`` from the app's
injected clock: ``FixedClock`` in tests), scaled by the speed setting;
``speed = 0`` plays everything at once. :meth:`finish` (a click) plays the
rest instantly. Easing is ``pytweening``.

What each event looks like:

======================  ==========================================================
``move``                the token walks its path hex by hex, turning to each step
``face``                the facing pointer turns one side at a time
``roll``                the actor lunges (if its action has a target); a dice pop-up
                        shows the faces tumbling, then settling, against the target
``contest``             both rolls' pop-ups, then who won
``damage``              a number rises from the target
``posture``             the token drops (prone, kneeling) with a caption
``grapple_start``       the grip's link grows from holder to held
``grapple_change/end``  a caption; the link changes look or goes
``condition``           the icon appears with a caption
``message``             a banner at the top of the board
shots, throws, blasts   before their event, a step of :mod:`game.ui.fx_anims`: a
                        tracer for a roll at a figure more than a hex away, a
                        grenade's flight, a blast's rings, a flame jet
======================  ==========================================================

Sound: with ``sounds`` set (the app's :class:`~game.ui.sound.SoundBoard`),
each animation makes its sound as it begins (dice for a roll, a blow for
damage, a grip, a fall), a walk one step per hex; at the instant speed each
kind of sound of a result plays once. A click that skips plays nothing more.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pytweening

from game.hexgrid import Hex, direction_between
from game.rules.events import apply_event
from game.ui.describe import name_of, roll_verdict, ruleset_of
from game.ui.fx_anims import FX_KINDS, fx_begin, fx_step

__all__ = ["EventPlayer", "Anim", "DURATIONS", "Floater", "HURRY"]

#: base durations in ms (at speed 1.0)
DURATIONS = {
    "step": 170, "face": 70, "roll": 1050, "contest": 1500, "damage": 650, "posture": 420, "grapple": 450,
    "grapple_end": 380, "condition": 420, "message": 900, "item": 420, "lunge": 260,
}
#: how much faster everything plays while Space is held
HURRY = 4.0
LUNGE_TYPES_SKIP = {"move", "face", "change_posture", "do_nothing", "wait", "pass", "ready", "evaluate", "aim",
                    "concentrate", "all_out_defense", "release", "throw_away"}


@dataclass
class Floater:
    """A caption or number rising from a point of the map (world pixels) and fading."""

    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    size: int = 20
    age: float = 0.0
    life: float = 1100.0
    big: bool = False
    #: the fighter it is about: it rises from that fighter's token as drawn (:mod:`game.ui.float_place`)
    fighter: str | None = None


@dataclass
class Anim:
    """One step of the queue: ``kind``, its event (applied at ``apply_at`` of the way), its duration."""

    kind: str
    event: dict[str, Any] | None
    duration: float
    apply_at: float = 1.0  # 0 = at the start, 1 = at the end
    data: dict[str, Any] = field(default_factory=dict)
    t: float = 0.0
    applied: bool = False

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


def _rolled_together(first: Anim, ev: dict[str, Any]) -> bool:
    """Whether roll ``ev`` is one more of the plain order rolls ``first`` shows (initiative dice, a roll-off):
    same rule, nothing to succeed at, no modifiers, aimed at nobody, and a roller not yet in the group. They pop
    up at once above their rollers: nd6's start of a round was ten pop-ups one after another (about ten seconds,
    seen under Xvfb)."""
    group = [first.event or {}, *first.data.get("together", ())]
    head = group[0]

    def plain(r: dict[str, Any]) -> bool:
        return "success" not in r and not r.get("modifiers") and not r.get("target_id") and not r.get("table")

    return (plain(head) and plain(ev) and ev.get("rule") == head.get("rule") and ev.get("actor") is not None
            and all(r.get("actor") != ev.get("actor") for r in group))


def _condition_words(battle: Any) -> Any:
    """The ruleset's words for a condition ("on fire (whole body)"), the id with spaces without a battle."""
    if battle is None:
        return lambda c: c.replace("_", " ")

    return ruleset_of(battle).presentation.condition_name


class EventPlayer:
    """Plays log entries as animation on a shadow battle (see the module docstring)."""

    def __init__(self, speed: float = 1.0, *, rng_seed: int = 0) -> None:
        self.speed = speed
        self.queue: deque[Anim] = deque()
        self.current: Anim | None = None
        self.shadow: Any = None
        self.floaters: list[Floater] = []
        self.banner: tuple[str, float] | None = None  # (text, ms left)
        self.played: list[dict[str, Any]] = []  # every event applied, in order (tests read it)
        self._rng = random.Random(rng_seed)
        self._pos_of: Any = None
        #: ``colour_for(fighter_id, tone) -> rgb | None``: the battle screen colours a caption by what it means
        #: for the player (a blow to a foe is good news); None or a None answer: the tone's own colour
        self.colour_for: Any = None
        #: ``listener(entry, event)`` is told of each event as it plays (the combat log follows the picture)
        self.listener: Any = None
        #: ``sound_for(kind, event) -> name | None`` and ``play(name)``: the sound board (None: silent)
        self.sounds: Any = None
        #: the key that skipped the events (the battle screen): while it is held, its repeats do nothing
        self.skip_key: int | None = None
        #: how fast what plays now runs, over the speed setting: 2 for computer moves ("fast computer turns")
        self.pace = 1.0
        #: Space held: everything plays ``HURRY`` times as fast until it is let go
        self.hurry = False

    # -- feeding ----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def forget_shadow(self) -> None:
        """The screen shows the live battle again: the next animation takes a new shadow."""
        self.shadow = None

    def set_pace(self, pace: float) -> None:
        """Play the next entries at ``pace`` (2 for the computer's moves with "fast computer turns")."""
        self.pace = pace

    def clear_banner(self) -> None:
        """The banner goes at once (its action was undone)."""
        self.banner = None

    def release(self, key: int | None, *, space: bool) -> bool:
        """A key let go (Space ends the hurry); True when it was the key that skipped, free again now."""
        self.hurry = self.hurry and not space
        if key != self.skip_key:
            return False
        self.skip_key = None
        return True

    def hold(self, key: int, *, hurry: bool) -> None:
        """``key`` skipped (``hurry``: fast-forwards): its repeats, and the next turn, wait for its release."""
        self.hurry = self.hurry or hurry
        self.skip_key = key

    def start(self, shadow: Any) -> None:
        """Begin (or continue) animating on ``shadow``: the battle as the screen shows it now."""
        if self.shadow is None:
            self.shadow = shadow

    def play(self, entries: list[dict[str, Any]] | tuple[dict[str, Any], ...], shadow: Any,
             shown: dict[str, Any] | None = None) -> None:
        """Queue the events of these log entries (each entry's ``intent`` tells who lunges at whom).

        ``shown``: whose action these entries are and in which phase (``{"fighter", "phase"}``), kept on each
        animation for the header (:func:`game.ui.hud.initiative_bar.action_in_play`): the battle has moved on
        to the next turn by the time its last action plays."""
        self.start(shadow)
        for entry in entries:
            intent = entry.get("intent") or {}
            lunged = False
            start = len(self.queue)
            for ev in entry.get("events", []):
                t = ev.get("type")
                if (t in ("roll", "contest") and not lunged and intent.get("target")
                        and intent.get("type") not in LUNGE_TYPES_SKIP):
                    actor = intent.get("actor")
                    first = ev if t == "roll" else (ev.get("rolls") or [{}])[0]
                    if first.get("actor") == actor:
                        self.queue.append(Anim("lunge", None, DURATIONS["lunge"],
                                               data={"actor": actor, "target": intent["target"]}))
                        lunged = True
                self._queue_event(ev)
            mine = shown is not None and intent.get("actor") == shown.get("fighter")
            for a in list(self.queue)[start:]:
                a.data["entry"] = entry
                if mine:  # the next round's initiative rolls in the same result are nobody's action
                    a.data["shown"] = shown
        if self.speed <= 0:
            self._sound_at_once(list(self.queue))
            self.finish()

    def _queue_event(self, ev: dict[str, Any]) -> None:
        t = ev.get("type")
        q = self.queue
        fx = fx_step(ev)  # a shot's tracer, a grenade's flight, a blast (game.ui.fx_anims), before the event
        if fx is not None:
            q.append(Anim(fx[0], None, fx[1], data=fx[2]))
        if t == "move":
            path = [tuple(p) for p in (ev.get("path") or [ev.get("to")])]
            q.append(Anim("move", ev, DURATIONS["step"] * max(1, len(path)), data={"path": path}))
        elif t == "face":
            q.append(Anim("face", ev, DURATIONS["face"]))
        elif t == "roll":
            last = q[-1] if q else None
            if last is not None and last.kind == "roll" and _rolled_together(last, ev):
                # an order roll of one more fighter: its die pops up with the others', the event is logged after
                last.data.setdefault("together", []).append(ev)
                q.append(Anim("instant", ev, 0.0, apply_at=0.0))
            else:
                q.append(Anim("roll", ev, DURATIONS["roll"], apply_at=0.0))
        elif t == "contest":
            q.append(Anim("contest", ev, DURATIONS["contest"], apply_at=0.0))
        elif t == "damage":
            q.append(Anim("damage", ev, DURATIONS["damage"], apply_at=0.0))
        elif t == "posture":
            q.append(Anim("posture", ev, DURATIONS["posture"], apply_at=0.45))
        elif t == "grapple_start":
            q.append(Anim("grapple", ev, DURATIONS["grapple"], apply_at=0.0))
        elif t in ("grapple_change", "grapple_end"):
            q.append(Anim(t, ev, DURATIONS["grapple_end"], apply_at=0.5))
        elif t == "condition":
            q.append(Anim("condition", ev, DURATIONS["condition"], apply_at=0.0))
        elif t == "message":
            q.append(Anim("message", ev, DURATIONS["message"] * 0.5, apply_at=0.0))
        elif t == "item":
            a = Anim("item", ev, DURATIONS["item"], apply_at=0.0)
            # a grenade flown just before is gone from the thrower's hand: "molotov thrown", not the item event's
            # "lost" (which floated over Rook as his molotov flew, under Xvfb)
            if ev.get("action") == "lost" and any(x.kind == "message" and (x.event or {}).get("flight")
                                                  and (x.event or {}).get("grenade") == ev.get("item") for x in q):
                a.data["words"] = f"{ev.get('item', '')} thrown"
            q.append(a)
        else:
            q.append(Anim("instant", ev, 0.0, apply_at=0.0))

    # -- time -------------------------------------------------------------------------------
    @property
    def rate(self) -> float:
        """How many milliseconds of animation one millisecond of the clock plays (pace, then Space held)."""
        return max(0.1, self.pace) * (HURRY if self.hurry else 1.0)

    def update(self, dt_ms: float) -> None:
        dt_ms = dt_ms * self.rate  # floaters, banners and steps alike: the whole picture runs faster
        for fl in self.floaters:
            fl.age += dt_ms
        self.floaters = [f for f in self.floaters if f.age < f.life]
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt_ms) if left - dt_ms > 0 else None
        if self.speed <= 0:
            self.finish()
            return
        budget = dt_ms / self.speed
        while budget > 0 or (self.current is None and self.queue and self.queue[0].duration <= 0):
            if self.current is None:
                if not self.queue:
                    break
                self.current = self.queue.popleft()
                self._begin(self.current)
            a = self.current
            need = a.duration - a.t
            used = min(budget, need)
            a.t += used
            budget -= used
            self._tick(a)
            if a.t >= a.duration:
                self._end(a)
                self.current = None
            else:
                break

    def finish(self) -> None:
        """Play everything left at once (a click, or the instant speed)."""
        if self.current is not None:
            self.current.t = self.current.duration
            self._tick(self.current)
            self._end(self.current, quiet=True)
            self.current = None
        while self.queue:
            a = self.queue.popleft()
            self._begin(a, quiet=True)
            a.t = a.duration
            self._end(a, quiet=True)

    # -- one animation ----------------------------------------------------------------------
    def _apply(self, a: Anim) -> None:
        if a.applied or a.event is None:
            a.applied = True
            return
        a.applied = True
        if self.shadow is not None:
            try:
                apply_event(self.shadow, a.event)
            except (KeyError, ValueError, TypeError, AttributeError):
                pass  # an event for someone the shadow lacks: the real battle is shown at the end anyway
        self.played.append(a.event)
        if self.listener is not None:
            self.listener(a.data.get("entry") or {}, a.event)

    def _begin(self, a: Anim, quiet: bool = False) -> None:
        ev = a.event or {}
        if a.kind == "roll":
            a.data["tumble"] = [self._rng.randint(1, 6) for _ in ev.get("dice") or []]
        if a.kind in FX_KINDS:
            fx_begin(a, self.shadow)
        if a.kind == "face" and self.shadow is not None:
            f = self.shadow.get(ev.get("actor"))
            a.data["from"] = f.facing if f is not None else ev.get("facing", 0)
        if a.apply_at <= 0:
            self._apply(a)
        if quiet:
            return
        self._sound(a.kind, a.event)
        self._captions(a)

    def _sound(self, kind: str, event: dict[str, Any] | None) -> None:
        if self.sounds is not None:
            name = self.sounds.sound_for(kind, event)
            if name:
                self.sounds.play(name)

    def _sound_at_once(self, anims: list[Anim]) -> None:
        """The instant speed: each kind of sound in these animations once, in their order (no animation to
        pace them, and a dozen dice at once is noise)."""
        if self.sounds is None:
            return
        heard: set[str] = set()
        for a in anims:
            name = self.sounds.sound_for(a.kind, a.event)
            if name and name not in heard:
                heard.add(name)
                self.sounds.play(name)

    def _captions(self, a: Anim) -> None:
        ev = a.event or {}
        b = self.shadow
        t = a.kind
        if t == "damage":
            self._float(ev.get("target"), f"\u2212{ev.get('injury', ev.get('amount', 0))}", "damage", size=30,
                        big=True)
        elif t == "posture":
            words = {"prone": "falls prone", "kneeling": "kneels", "standing": "stands",
                     "crouching": "crouches", "sitting": "sits"}.get(ev.get("posture"), ev.get("posture"))
            self._float(ev.get("target"), str(words), "neutral")
        elif t == "grapple":
            g = ev.get("grapple") or {}
            kind = g.get("kind", "grapple")
            what = "grabs" if kind == "grapple" else kind.replace("_", " ")
            self._float(g.get("target"), f"{what} {g.get('location', '')}".strip(), "grip")
        elif t == "grapple_end":
            self._float(ev.get("target"), "free", "neutral")
        elif t == "grapple_change":
            ch = ev.get("changes") or {}
            if "kind" in ch:
                self._float(ev.get("target"), str(ch["kind"]).replace("_", " ").upper(), "grip", big=True)
        elif t == "condition":
            named = _condition_words(b)
            if ev.get("add"):
                self._float(ev.get("target"), named(str(ev["add"])), "failure")
            elif ev.get("remove"):
                self._float(ev.get("target"), f"no longer {named(str(ev['remove']))}", "neutral")
        elif t == "item":
            what = a.data.get("words") or f"{ev.get('item', '')} {ev.get('action', '')}"
            what = what.replace("_", " ")  # words, as the log has them
            self._float(ev.get("actor"), what.strip(), "neutral")
        elif t == "message":
            text = ev.get("text")
            if text:
                self.banner = (str(text), max(900.0, DURATIONS["message"] * 1.8) * max(self.speed, 0.3))
        elif t == "roll":
            ok = ev.get("success")
            if ok is not None:
                a.data["verdict"] = roll_verdict(ev)
        _ = b

    def _float(self, fid: Any, text: str, tone: str, size: int = 20, big: bool = False) -> None:
        pos = self._pos_of(fid) if (self._pos_of is not None and isinstance(fid, str)) else None
        if pos is None:
            return
        col = self.colour_for(fid, tone) if self.colour_for is not None else None
        self.floaters.append(Floater(text, pos[0], pos[1], col or _TONES.get(tone, (255, 255, 255)), size=size,
                                     life=1100.0 * max(self.speed, 0.4), big=big, fighter=fid))

    def _tick(self, a: Anim) -> None:
        if not a.applied and a.apply_at < 1.0 and a.progress >= a.apply_at:
            self._apply(a)
        if a.kind == "face" and self.shadow is not None:
            ev = a.event or {}
            f = self.shadow.get(ev.get("actor"))
            if f is not None:
                start, end = a.data.get("from", f.facing), int(ev.get("facing", f.facing))
                diff = (end - start) % 6
                if diff > 3:
                    diff -= 6
                step = round(diff * a.progress)
                f.facing = (start + step) % 6
        if a.kind == "move" and self.shadow is not None:
            path = a.data["path"]
            ev = a.event or {}
            who = self.shadow.get(ev.get("target", ev.get("actor")))
            if who is not None and path:
                i = min(len(path) - 1, int(a.progress * len(path)))
                if i > a.data.get("stepped", 0):  # a footstep on each hex after the first
                    a.data["stepped"] = i
                    self._sound("move", ev)
                prev = Hex(*path[i - 1]) if i > 0 else who.hex
                d = direction_between(prev, Hex(*path[i]))
                if d is not None and ev.get("target", ev.get("actor")) == ev.get("actor"):
                    who.facing = d

    def _end(self, a: Anim, quiet: bool = False) -> None:
        self._apply(a)

    # -- what the board asks while drawing --------------------------------------------------
    def set_position_source(self, pos_of: Any) -> None:
        """``pos_of(fighter_id) -> (wx, wy) | None``: where a token stands (for captions)."""
        self._pos_of = pos_of

    def token_override(self, centre_of: Any) -> dict[str, tuple[float, float]]:
        """World positions that replace tokens' own while they walk or lunge.

        ``centre_of(hex_tuple) -> (wx, wy)``; token positions of others come from ``self._pos_of``.
        """
        a = self.current
        out: dict[str, tuple[float, float]] = {}
        if a is None:
            return out
        if a.kind == "move":
            ev = a.event or {}
            who = ev.get("target", ev.get("actor"))
            path = a.data["path"]
            f = self.shadow.get(who) if self.shadow is not None else None
            if f is None or not path:
                return out
            pts = [centre_of((f.hex.q, f.hex.r))] + [centre_of(p) for p in path]
            x = a.progress * (len(pts) - 1)
            i = min(len(pts) - 2, int(x))
            frac = pytweening.easeInOutSine(min(1.0, x - i))
            (x0, y0), (x1, y1) = pts[i], pts[i + 1]
            out[who] = (x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac)
            # a dragged companion moves with the same event shape; nothing more to do here
        elif a.kind == "lunge" and self._pos_of is not None:
            src, dst = self._pos_of(a.data["actor"]), self._pos_of(a.data["target"])
            if src is not None and dst is not None:
                p = a.progress
                k = pytweening.easeOutQuad(p / 0.45) if p < 0.45 else pytweening.easeInQuad(1 - (p - 0.45) / 0.55)
                dx, dy = dst[0] - src[0], dst[1] - src[1]
                dist = math.hypot(dx, dy)
                if dist < 1:
                    dx, dy, dist = 1.0, 0.0, 1.0
                reach = min(dist * 0.45, 26.0)
                out[a.data["actor"]] = (src[0] + dx / dist * reach * k, src[1] + dy / dist * reach * k)
        elif a.kind == "posture" and self._pos_of is not None:
            ev = a.event or {}
            p = self._pos_of(ev.get("target"))
            if p is not None:
                bounce = math.sin(a.progress * math.pi) * 8.0
                out[ev.get("target")] = (p[0], p[1] + bounce)
        return out

    def link_growth(self) -> dict[tuple[str, str], float]:
        """Grips being drawn in: (holder, target) -> 0..1 of their length."""
        a = self.current
        if a is None or a.kind != "grapple":
            return {}
        g = (a.event or {}).get("grapple") or {}
        return {(g.get("holder"), g.get("target")): pytweening.easeOutCubic(a.progress)}

    def popups(self) -> list[dict[str, Any]]:
        """Dice pop-ups to draw now: one per roll (two for a contest), with faces shown so far."""
        a = self.current
        if a is None or a.kind not in ("roll", "contest"):
            return []
        ev = a.event or {}
        rolls = [ev, *a.data.get("together", ())] if a.kind == "roll" else list(ev.get("rolls") or [])
        settle = 0.35 if a.kind == "roll" else 0.3
        out = []
        for r in rolls:
            dice = list(r.get("dice") or [])
            if a.progress < settle:
                seed = int(a.t // 60)
                rnd = random.Random(seed * 31 + len(out))
                faces = [rnd.randint(1, 6) for _ in dice]
                settled = False
            else:
                faces, settled = dice, True
            out.append({"roll": r, "faces": faces, "settled": settled, "progress": a.progress,
                        "winner": ev.get("winner") if a.kind == "contest" else None,
                        "contest": a.kind == "contest"})
        return out

    def describe_current(self, battle: Any) -> str:
        a = self.current
        if a is None:
            return ""
        ev = a.event or {}
        return f"{a.kind}: {name_of(battle, ev.get('actor'))}"


_TONES = {"damage": (255, 96, 80), "neutral": (250, 240, 200), "grip": (255, 200, 90), "failure": (255, 160, 90),
          "success": (120, 230, 140)}
