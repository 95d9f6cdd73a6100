"""A battle played over a network, seen from one seat: the same face as :class:`game.ui.session.Session`.

The battle screen talks to its session (what may be done, whose turn it is,
submit an intent) and never asks whether the battle is local. A
:class:`NetSession` answers from a :class:`game.net.client.NetClient`: the
board shows ``client.mirror.battle`` (the server's battle, rebuilt entry by
entry), the player's intents go to ``client.submit`` (the server rolls and
decides), and :meth:`NetSession.arrivals` (called each frame, as the computer
is polled in a local battle) hands the screen what the server sent since:
each arrival a ``Result`` with the new log entries and the battle as it was
before them (the *shadow* the event player animates on), or one sentence
(an error, a refusal, a dropped connection).

Undo is a take-back request: the other players accept or refuse it (the
server takes the battle back only while no die was rolled since), and
:meth:`NetSession.question` is what this seat is asked meanwhile (a take-back
to accept, an away player's seat to give to the computer after the wait),
answered with :meth:`NetSession.answer`. An intent sent just before the
connection dropped is sent again once the server has welcomed us back, if the
entries it sent do not hold it (the index it names makes a second copy a
refusal, never a second action). Manual dice are off: the server rolls.

:class:`HostedServer` runs :class:`game.net.server.Server` on a thread of the
game, so a player can host a match from the window (loopback unless the
player lets other machines join).
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.files import saves
from game.flow.turns import Result, side_ids
from game.rules.base import Action, Option, Reason
from game.ui.battle_commands import forget_shown

if TYPE_CHECKING:
    from game.ui.event_player import EventPlayer
    from game.ui.hud.combat_log import CombatLog

__all__ = ["NetSession", "Arrival", "HostedServer", "NetError", "lan_address", "take_arrivals",
           "leave_battle"]

#: seconds the window waits for its own server to bind its port
BIND_WAIT = 5.0


class NetError(ValueError):
    """A match that cannot be hosted or joined: one sentence for the player."""


@dataclass(frozen=True)
class Arrival:
    """What came from the server since the last frame: a result to animate (with its shadow), or words."""

    result: Result | None = None
    shadow: Any = None
    text: str = ""
    tone: str = "neutral"
    #: the entries include another side's action (the turn banner then recaps it when the turn comes back)
    others: bool = False
    #: the battle was replaced whole (a take-back, or fetched again): the screen redraws it and its log
    rebuilt: bool = False


class _Quiet:
    """Where the in-game server's console lines go (the window says what matters in its own words)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        """Nothing to flush."""


class HostedServer:
    """``clinch serve`` inside the game: its own thread and event loop, stopped with the battle."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0, seed: int | None = None) -> None:
        # late: start-up time: game.net.server is not loaded for the menu's first frame
        from game.net.server import Server

        self.server = Server(host=host, port=port, data=None, seed=seed, log=_Quiet())
        self.error: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._bound = threading.Event()

    @property
    def host(self) -> str:
        return self.server.host

    @property
    def port(self) -> int:
        return self.server.port

    def add_match(self, scenario: str, battle: Any, *, host: str = "") -> str:
        """A new match of ``battle``; its code, to tell the other players. ``host``: the side this window plays
        (the one that may give an away player's seat to the computer)."""
        return self.server.add_match(scenario, battle, host=host).code

    def start(self) -> HostedServer:
        """Bind and serve; :class:`NetError` in one sentence when the port cannot be bound."""
        self._thread = threading.Thread(target=self._main, name="clinch-host", daemon=True)
        self._thread.start()
        if not self._bound.wait(BIND_WAIT):
            self.error = self.error or f"The server did not start within {BIND_WAIT:g} s."
        if self.error is not None:
            self.stop()
            raise NetError(self.error)
        return self

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except OSError as exc:
            why = os.strerror(exc.errno) if exc.errno else str(exc)
            self.error = f"Cannot listen on {self.server.host}:{self.server.port} ({why}); choose another port."
        finally:
            self._bound.set()
            loop.close()

    async def _serve(self) -> None:
        self.server.ready = asyncio.Event()
        task = asyncio.create_task(self.server.run())
        ready = asyncio.create_task(self.server.ready.wait())
        try:
            await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
            if not task.done():
                self._bound.set()
            await task  # raises the OSError of a port that cannot be bound
        finally:
            ready.cancel()

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.server.stop)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)


def lan_address() -> str:
    """This machine's address on its network, for the host to tell a friend (no packet is sent: a UDP socket
    only picks the interface its route would use); ``"this machine's address"`` when there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
    except OSError:
        return "this machine's address"


class NetSession:
    """One seat of a served match (or a spectator's), with :class:`~game.ui.session.Session`'s face."""

    networked = True
    scenario: str | None = None
    ai_level = "normal"
    ai_problem: str | None = None  # the computer plays at the server: never a problem here
    last_decision: Any = None
    save_problem: str | None = None
    thinking = False
    waiting_for_dice = None

    def __init__(self, client: Any, *, hosted: HostedServer | None = None, scenario: str | None = None) -> None:
        self.client = client
        self.hosted = hosted
        self.scenario = scenario
        self.resting: set[tuple[str, int]] = set()
        self._sent_for: int | None = None  # the entry count our last intent was sent for (awaiting its entry)
        self._pending: Action | None = None  # that intent, sent again after a reconnect if it was lost
        self._kept_waiting: set[tuple[str, float]] = set()  # away seats the host chose to keep waiting for
        self._asking = False  # our take-back request is on its way or open
        self._mirror: Any = None
        self._shadow: Any = None
        self._log_len = 0
        self.dropped = False
        #: the host's "Match code K7QM2X · address 192.168.1.20:8765", said while waiting for the others
        self.shared = ""
        self._remember()

    def take_ai_problem(self) -> str | None:
        """None: the computer plays at the server (Session's face)."""
        return None

    # -- what is going on ---------------------------------------------------------------------
    @property
    def mirror(self) -> Any:
        return self.client.mirror

    @property
    def battle(self) -> Any:
        return self.mirror.battle

    @property
    def ruleset(self) -> Any:
        return self.mirror.ruleset

    @property
    def ctl(self) -> Any:
        """The mirror's controller: read it (initiative, the first state), never play on it."""
        return self.mirror.ctl

    @property
    def my_side(self) -> str:
        return self.client.seat or ""

    @property
    def seat(self) -> dict[str, str]:
        return {s: ("human" if s == self.my_side else "remote") for s in side_ids(self.battle)}

    def whose_turn(self) -> str | None:
        return self.ctl.whose_turn()

    def current_side(self) -> str | None:
        return self.ctl.current_side()

    def is_human_turn(self) -> bool:
        """This seat's turn, with no intent of ours still on its way to the server."""
        m = self.mirror
        return self.client.my_turn() and self._sent_for != m.count and not self.battle.ended

    def human_sides(self) -> list[str]:
        return [self.my_side] if self.my_side else []

    def is_hotseat(self) -> bool:
        return False  # each player has their own screen: nothing to hide between turns

    def side_name(self, side_id: str | None) -> str:
        if side_id is None:
            return ""
        s = self.battle.side(side_id)
        return (s.name or s.id) if s is not None else side_id

    def waiting_words(self) -> str:
        """The hint while another seat plays: ``Waiting for Blue…``, and how our connection stands."""
        b = self.battle
        if b.ended:
            return ""
        if self.client.my_turn() and self._sent_for == self.mirror.count:
            return "Sent to the server\u2026"
        if self.client.my_turn():
            return ""
        who = self.side_name(self.current_side()) or "the other player"
        if self.dropped:
            return "Connection to the server lost (reconnecting\u2026)"
        if self.current_side() in self.client.away:
            return f"Waiting for {who} (reconnecting\u2026)"
        watching = "" if self.my_side else "You are watching \u00b7 "
        share = f" \u00b7 {self.shared}" if self.shared else ""
        return f"{watching}Waiting for {who}\u2026{share}"

    def dice_words(self) -> str:
        """The pause menu's line on the dice. The host's server rolls every die and keeps its seed secret until
        the battle is over (a seat that knew it could foresee every roll), so before the end this says who
        rolls and which match this is; once the server has told the seed (its Ended), the seed too."""
        code = getattr(self.client, "code", "")
        match = f"Match {code} \u00b7 " if code else ""
        ended = getattr(self.client, "ended", None)
        if ended is None:
            return f"{match}dice rolled by the host's server (its seed is told when the battle ends)"
        return f"{match}dice seed {ended.seed}, told by the server at the end \u00b7 the same dice again: " \
               f"clinch play --seed {ended.seed}"

    def options(self, fighter_id: str | None = None) -> list[Option]:
        fid = fighter_id or self.whose_turn()
        if fid is None or fid != self.whose_turn() or not self.is_human_turn():
            return []
        return self.ctl.legal_actions()

    def odds(self, action: Action) -> dict[str, float] | None:
        try:
            return self.ruleset.odds(self.battle, action)
        except Exception:  # noqa: BLE001 - a ruleset without odds for this action: show no number
            return None

    # -- playing ------------------------------------------------------------------------------
    def _sent(self, ok: bool) -> Result:
        if not ok:
            return Result("rejected", reason=Reason("Not connected to the server; try again in a moment.",
                                                    kind="bad_intent"))
        self._sent_for = self.mirror.count
        return Result("ok")  # the server's entry brings the outcome (arrivals)

    def submit(self, intent: Action) -> Result:
        if not self.is_human_turn():
            return Result("rejected", reason=Reason("It is not this seat's turn.", kind="not_your_turn"))
        self._pending = intent
        return self._sent(self.client.submit(intent))

    def _send_again(self) -> None:
        """Welcomed back: the intent on its way when the connection dropped goes again if the server's entries
        do not hold it (had it been played, the entry would be here and the count past it)."""
        m = self.mirror
        if self._pending is not None and m is not None and self._sent_for == m.count and self.client.my_turn():
            if self.client.submit(self._pending):
                return
        self._sent_for, self._pending = None, None  # played, or not ours to send now: the player acts again

    def choose(self, action: Action) -> Result:
        return self.submit(action)

    def end_turn(self) -> Result:
        intent = self.ctl.pass_intent()
        if intent is None:
            return Result("rejected", reason=Reason("It is nobody's turn.", kind="not_your_turn"))
        return self.submit(intent)

    def end_round(self) -> Result:
        """End the fighter's round: pass this turn and, as each later turn of it in this round comes back from
        the server, pass that too (:meth:`pass_idle`)."""
        fid, rnd = self.whose_turn(), self.battle.round
        result = self.end_turn()
        if fid is not None and not result.rejected:
            self.resting.add((fid, rnd))
        return result

    def pass_idle(self) -> tuple[Result | None, list[Any]]:
        """This seat's turn with nothing in it but a pass (``game.flow.idle.nothing_to_do``), or of a fighter
        whose round its player ended: the pass goes to the server, one turn at a time (the next is looked at
        when its entry comes back). No log line of its own: the server's entry says who passed."""
        # late: start-up time: game.flow.idle is not loaded for the menu's first frame
        from game.flow.idle import nothing_to_do

        self.resting = {(f, r) for f, r in self.resting if r >= self.battle.round}
        if not self.is_human_turn():
            return None, []
        fid = self.whose_turn()
        if (fid, self.battle.round) not in self.resting and not nothing_to_do(self.ctl):
            return None, []
        result = self.end_turn()
        return (None, []) if result.rejected else (result, [])

    def _off(self, what: str) -> Result:
        return Result("rejected", reason=Reason(f"{what} is off in a networked battle: the server has played it "
                                                f"for both players.", kind="illegal"))

    def undo(self) -> Result:
        return self._off("Undo")  # the battle screen asks the other side instead (ask_take_back)

    def redo(self) -> Result:
        return self._off("Redo")

    def undo_reason(self) -> Reason | None:
        return self._off("Undo").reason

    # -- take-backs and away seats (asked of the other players; the server decides) ---------------------
    def can_take_back(self) -> bool:
        """Whether this seat has an action it may ask to take back: its last one, with no die rolled in it or
        since (the server would refuse it: taking back never rolls the dice again)."""
        m = self.mirror
        if not self.my_side or m is None or self.battle.ended or self.client.asked is not None or self._asking:
            return False
        for item in reversed(m.battle.log):
            if item.get("dice"):
                return False
            actor = (item.get("intent") or {}).get("actor")
            f = self.battle.get(actor) if isinstance(actor, str) else None
            if f is not None and f.side == self.my_side:
                return True
        return False

    def ask_take_back(self) -> str:
        """Undo in a served battle: ask the other players; one sentence for the screen."""
        if not self.my_side:
            return "A spectator cannot take anything back."
        if self.client.asked is not None:
            return "A take-back request is waiting for its answer already."
        if not self.can_take_back():
            return "Nothing to take back: dice were rolled since your last action, or you have not acted yet."
        if not self.client.ask_take_back():
            return "Not connected to the server; try again in a moment."
        self._asking = True
        others = [self.side_name(s) for s in side_ids(self.battle) if s != self.my_side]
        return f"Asked {' and '.join(others) or 'the others'} to let you take back your last action\u2026"

    def question(self) -> tuple[str, str, str, str] | None:
        """What this seat is asked now: (sentence, yes button, no button, what it is about), or ``None``."""
        c = self.client
        if not self.my_side or self.battle.ended:
            return None
        if c.asked is not None and c.asked[0] != self.my_side:
            who = self.side_name(c.asked[0])
            return f"{who} asks to take back their last action.", "Let them", "Refuse", "takeback"
        for side, dropped in sorted(c.away.items()):
            if (side, dropped) not in self._kept_waiting and c.may_give(side):
                who = self.side_name(side)
                return (f"{who} has been away over {c.wait:g} s.", "Computer plays them", "Keep waiting",
                        f"give:{side}")
        return None

    def answer(self, about: str, yes: bool) -> str:
        """The player's answer to :meth:`question`; one sentence for the screen ("" if none is needed)."""
        c = self.client
        if about == "takeback":
            return "" if c.answer(yes) else "Not connected to the server; try again in a moment."
        side = about.removeprefix("give:")
        if not yes:
            self._kept_waiting.add((side, c.away.get(side, 0.0)))
            return f"Waiting for {self.side_name(side)}."
        return "" if c.give_seat(side) else "Not connected to the server; try again in a moment."

    def give_dice(self, faces: list[int]) -> Result:
        return self._off("Entering dice")

    def cancel_dice(self) -> bool:
        return False

    def set_dice_source(self, source: str) -> Result | None:
        return None  # the server rolls

    def set_ai(self, level: str, budget_ms: float | None) -> None:
        """No computer plays on this screen."""

    def computer_to_act(self) -> bool:
        return False

    def poll_computer(self) -> tuple[Result, Any] | None:
        return None

    def cancel_computer(self) -> None:
        """No computer plays on this screen."""

    # -- the network --------------------------------------------------------------------------
    def _remember(self) -> None:
        m = self.mirror
        if m is None:
            return
        if m is not self._mirror or len(m.battle.log) != self._log_len:
            self._mirror = m
            self._shadow = m.battle.clone(with_log=False)
            self._log_len = len(m.battle.log)

    def arrivals(self) -> list[Arrival]:
        """Apply what the server sent (``client.poll``) and say it: results to animate, sentences to show."""
        out: list[Arrival] = []
        entries = False
        for note in self.client.poll():
            if note.kind == "entry":
                entries = True
                self.dropped = False
            elif note.kind == "dropped":
                self.dropped = True
                out.append(Arrival(text=note.text or "The connection dropped; reconnecting.", tone="failure"))
            elif note.kind == "welcome":
                self.dropped = False
                self._send_again()
            elif note.kind in ("error", "refused"):
                self._sent_for, self._pending, self._asking = None, None, False
                out.append(Arrival(text=note.text, tone="failure"))
            elif note.kind == "ended":
                out.append(Arrival(text=note.text, tone="success"))
            elif note.kind == "presence" and note.side != self.my_side:
                out.append(Arrival(text=self._presence_words(note.side), tone="neutral"))
            elif note.kind == "takeback_done":
                self._asking = False
                out.append(Arrival(text=note.text, tone="neutral"))
        m = self.mirror
        if m is not None and self._mirror is not None and m is not self._mirror:
            out.insert(0, Arrival(rebuilt=True))  # first: the redraw clears the toasts of the moment before
        if entries and m is self._mirror and m is not None:
            new = tuple(m.battle.log[self._log_len:])
            if new:
                sides = {getattr(m.battle.get((e.get("intent") or {}).get("actor") or ""), "side", None)
                         for e in new}
                out.insert(0, Arrival(result=Result("ok", entries=new, ended=m.battle.ended,
                                                    winner=m.battle.winner), shadow=self._shadow,
                                      others=bool(sides - {None, self.my_side})))
        if m is not None and self._sent_for is not None and m.count != self._sent_for:
            self._sent_for = None
        self._remember()
        return out

    def _presence_words(self, side: str) -> str:
        who = self.side_name(side)
        if side in self.client.away:
            return f"{who} lost the connection; waiting for them (reconnecting\u2026)."
        if side in self.client.computer:
            return f"The computer plays {who} now."
        return f"{who} is back."

    def close(self) -> None:
        self.client.close()
        if self.hosted is not None:
            self.hosted.stop()

    # -- files --------------------------------------------------------------------------------
    def save(self, path: Any = None, name: str = "save", *, title: str = "") -> Any:
        """A copy of the battle so far, as a local save (the match itself lives on the server)."""
        return saves.save_game(self.ctl, path, name=name, scenario=self.scenario, title=title)

    def replay(self) -> Any:
        """The battle step by step: once it is over the server has told its seed, and the start carries it (the
        copy's start has none, and its rolls would not replay); before that, one sentence."""
        ended = self.client.ended
        if ended is None:
            raise saves.SaveError("A served battle can be replayed once it is over (the server tells its dice then).")
        start = self.mirror.initial.clone(with_log=False)
        start.rng.seed = ended.seed
        return saves.Replay(start, self.battle.log, self.ruleset, seat=dict(self.seat))


class ArrivalScene(Protocol):
    """What a served match's arrivals and leaving ask of the battle screen (issue 27): it reads the session,
    finishes the player's animation and rebuilds the log; the rest (animate a result, a toast, the live board,
    the next mode, the widgets gone) it asks by a call. The battle screen (``BattleScene``) is one; the banner
    and net bar it is handed on to read what their own doors say (``game.ui.handover.TurnScene``)."""

    @property
    def session(self) -> Any: ...
    @property
    def player(self) -> EventPlayer: ...
    @property
    def log(self) -> CombatLog: ...

    def dispatch(self, result: Any, shadow: Any = None, decision: Any = None) -> None: ...
    def toast(self, text: str, tone: str = "neutral") -> None: ...
    def close_mode_widgets(self) -> None: ...
    def show_live(self) -> None: ...
    def settle(self, first: bool = False) -> None: ...


def take_arrivals(scene: ArrivalScene) -> None:
    """The battle screen's frame: what its session says arrived by itself (a served match's entries and notes;
    a local session has none) is animated as the computer's moves are, each sentence a toast; when the turn
    comes back to this seat, the turn's banner recaps what the other players did since."""
    arrivals = getattr(scene.session, "arrivals", list)()
    for a in arrivals:
        if a.rebuilt:
            _rebuild(scene)
        if a.result is not None:
            scene.dispatch(a.result, a.shadow)
        if a.text:
            scene.toast(a.text, a.tone)
    if any(a.others for a in arrivals) and scene.session.is_human_turn():
        # late: start-up time: game.ui.handover is not loaded for the menu's first frame
        from game.ui.handover import show_turn_banner

        show_turn_banner(scene, scene.session.current_side())
    if getattr(scene.session, "networked", False):
        # late: start-up time: game.ui.net_bar is not loaded for the menu's first frame
        from game.ui.net_bar import sync_net_bar

        sync_net_bar(scene)  # "Take back", or what the other players ask of this seat


def _rebuild(scene: ArrivalScene) -> None:
    """The served battle was replaced whole (a take-back the players agreed, or fetched again): the board, the
    log and the last roll's box show it as it is now, nothing of what was taken back."""
    s = scene.session
    scene.player.finish()
    scene.close_mode_widgets()
    scene.show_live()
    forget_shown(scene)
    scene.log.rebuild(s.battle.log, s.battle)
    scene.settle()


def leave_battle(scene: ArrivalScene) -> None:
    """The battle screen goes: its menu and dialog widgets, and a served match's connection and the server this
    window hosted (a local battle's session lives on: the end screen and the review still read it)."""
    scene.close_mode_widgets()
    if getattr(scene.session, "networked", False):
        # late: start-up time: game.ui.net_bar is not loaded for the menu's first frame
        from game.ui.net_bar import kill_net_bar

        kill_net_bar(scene)
        scene.session.close()
