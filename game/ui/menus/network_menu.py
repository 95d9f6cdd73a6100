"""Network: host a match for a friend on another machine, join one, or watch one (``game.net``).

Host: a scenario (a shipped one, or one of the player's own battles, the builder's, listed under "Your
battles" as New battle lists them) and the side you play; the game starts ``clinch serve``'s
server on a thread of its own (``game.ui.net_session.HostedServer``), on
127.0.0.1 (this machine only) unless "Let other machines join" is on (then
every network: 0.0.0.0), and shows the match code and the address to tell the
friend. Join: the host's address (``HOST:PORT``), the code, and a side if you
want one. Watch: the same, as a spectator who may join mid-battle. Once the
server has welcomed this window, the battle screen opens on a
:class:`~game.ui.net_session.NetSession`. Every problem (a bad address, a
port taken, a refusal, a server never reached) is one sentence at the foot.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.files.maps import load_scenario
from game.files.names import shown
from game.net.client import NetClient
from game.ui.battle_scene import BattleScene
from game.ui.menus.base import GuiScene
from game.ui.menus.new_battle import your_battles
from game.ui.net_session import HostedServer, NetError, NetSession, lan_address
from game.ui.scene import Transition
from game.ui.shipped_scenarios import DEFAULT_SCENARIO, scenario_files, scenario_titles

__all__ = ["NetworkMenu", "parse_address", "DEFAULT_PORT"]

DEFAULT_PORT = 8765
MODES = ("host", "join", "watch")
ANY_SIDE = "any free side"


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6; a bare host takes :data:`DEFAULT_PORT`); ``ValueError`` in one
    sentence naming the field."""
    text = text.strip()
    if not text:
        raise ValueError("Address: give the host's address, as HOST:PORT (for example 192.168.1.20:8765).")
    host, sep, port = text.rpartition(":")
    if not sep or (host.count(":") and not host.startswith("[")):
        host, port = text, str(DEFAULT_PORT)
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not host or any(c.isspace() for c in host) or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(f"Address {text!r} is not HOST:PORT with a port from 1 to 65535.")
    return host, int(port)


class NetworkMenu(GuiScene):
    """Host, join or watch a served match; opens the battle once the server has said welcome."""

    def __init__(self, app: Any, mode: str = "host") -> None:
        super().__init__(app)
        self.mode = mode if mode in MODES else "host"
        self.titles = scenario_titles(scenario_files())
        self.titles.update(your_battles(self.titles))  # issue 29: "a scenario or your own battle"
        self.scenario: Any = DEFAULT_SCENARIO if DEFAULT_SCENARIO in self.titles.values() else (
            next(iter(self.titles.values()), None))
        self.sides: list[tuple[str, str]] = []  # (id, name) of the scenario's sides
        self.side = ""  # the side this window plays ("" any free one when joining)
        self.lan = False  # host: let other machines join (0.0.0.0)
        self.port = str(DEFAULT_PORT)
        self.address = f"127.0.0.1:{DEFAULT_PORT}"
        self.code = ""
        self.fields: dict[str, Any] = {}
        self.dropdowns: dict[Any, str] = {}
        self.client: Any = None
        self.hosted: Any = None
        self.shared = ""  # host: the code and address to tell the friend
        self.welcomed = False  # host: our own seat is taken; the code stays on screen until "To the battle"
        self._load_sides()

    def _load_sides(self) -> None:
        self.sides = []
        b = self.load_chosen(self.scenario)
        if b is None:
            return
        self.sides = [(s.id, s.name or s.id) for s in b.sides]
        if self.side not in {s for s, _ in self.sides}:
            self.side = self.sides[0][0] if self.sides else ""

    # -- widgets ----------------------------------------------------------------------------
    def build(self) -> None:
        self.fields, self.dropdowns = {}, {}
        w, _h = self.size
        bw = min(640, w - 40)
        x = (w - bw) // 2
        y = 50
        self.label(pygame.Rect(x, y, bw, 40), "Play over a network", "@menu_title")
        y += 54
        third = (bw - 16) // 3
        for i, (m, text) in enumerate((("host", "Host a match"), ("join", "Join a match"), ("watch", "Watch"))):
            b = self.button(pygame.Rect(x + i * (third + 8), y, third, 40), text, f"mode:{m}",
                            object_id="@primary_button" if m == self.mode else "@big_button")
            if self.client is not None:
                b.disable()
        y += 60
        y = self._build_host(x, y, bw) if self.mode == "host" else self._build_join(x, y, bw)
        go = {"host": "Host  (Enter)", "join": "Join  (Enter)", "watch": "Watch  (Enter)"}[self.mode]
        if self.client is not None:
            go = "Connecting\u2026" if self.hosted is None else "Starting the server\u2026"
        if self.welcomed:
            go = "To the battle  (Enter)"
        b = self.button(pygame.Rect(x, y, bw // 2 - 8, 50), go, "go", object_id="@primary_button")
        if self.client is not None and not self.welcomed:
            b.disable()
        self.button(pygame.Rect(x + bw // 2 + 8, y, bw // 2 - 8, 50), "Back  (Esc)", "back",
                    object_id="@big_button")
        if self.client is not None:  # the match is made: what it was made of stays as it is (Back starts over)
            for w in [*self.dropdowns, *self.fields.values(), self.button_named("lan")]:
                if w is not None:
                    w.disable()

    def _build_host(self, x: int, y: int, bw: int) -> int:
        names = list(self.titles) or ["(no scenarios)"]
        now = next((t for t, p in self.titles.items() if p == self.scenario), names[0])
        self._dropdown(x, y, bw, "Scenario", names, now, "scenario")
        y += 48
        side_names = [n for _, n in self.sides] or ["-"]
        mine = next((n for s, n in self.sides if s == self.side), side_names[0])
        self._dropdown(x, y, bw, "You play", side_names, mine, "side")
        y += 48
        self.label(pygame.Rect(x, y, 170, 38), "Port")
        self._entry(x + 180, y, 160, self.port, "port")
        lan = "Other machines may join: on" if self.lan else "Other machines may join: off"
        self.button(pygame.Rect(x + 350, y, bw - 350, 38), lan, "lan",
                    tooltip="Off: only this machine (127.0.0.1). On: every network this machine is on (0.0.0.0): "
                            "a LAN, a VPN, or a forwarded port.")
        y += 52
        others = ", ".join(n for s, n in self.sides if s != self.side) or "nobody"
        self.label(pygame.Rect(x, y, bw, 24), f"The other side ({others}) is played from another window.")
        y += 34
        if self.shared:
            self.label(pygame.Rect(x, y, bw, 30), self.shared, "@subtitle")
            y += 38
        return y + 8

    def _build_join(self, x: int, y: int, bw: int) -> int:
        self.label(pygame.Rect(x, y, 170, 38), "Address")
        self._entry(x + 180, y, bw - 180, self.address, "address")
        y += 48
        self.label(pygame.Rect(x, y, 170, 38), "Match code")
        self._entry(x + 180, y, bw - 180, self.code, "code")
        y += 48
        if self.mode == "join":
            self.label(pygame.Rect(x, y, 170, 38), "Side")
            self._entry(x + 180, y, bw - 180, self.side if self.side else "", "side")
            y += 40
            self.label(pygame.Rect(x + 180, y, bw - 180, 22), "The side's id, or empty for any free side.")
            y += 30
        else:
            self.label(pygame.Rect(x, y, bw, 24), "A spectator sees every move as it is played; joins mid-battle.")
            y += 34
        return y + 8

    def _dropdown(self, x: int, y: int, bw: int, label: str, options: list[str], current: str, key: str) -> None:
        self.label(pygame.Rect(x, y, 170, 38), label)
        dd = pygame_gui.elements.UIDropDownMenu(options, current if current in options else options[0],
                                                pygame.Rect(x + 180, y, bw - 180, 38), self.gui)
        self.add(dd)
        self.dropdowns[dd] = key

    def _entry(self, x: int, y: int, w: int, text: str, key: str) -> None:
        e = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, w, 38), self.gui))
        e.set_text_length_limit(200)
        e.set_text(text)
        self.fields[key] = e

    def _read_fields(self) -> None:
        for key, e in self.fields.items():
            text = e.get_text().strip()
            if key == "side" and self.mode != "host":
                self.side = "" if text == ANY_SIDE else text
            elif key in ("port", "address", "code"):
                setattr(self, key, text)

    # -- events -----------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            key = self.dropdowns[event.ui_element]
            if key == "scenario" and self.titles.get(event.text) not in (None, self.scenario):
                self.scenario = self.titles[event.text]
                self._load_sides()
                self._read_fields()
                self.rebuild()
            elif key == "scenario" and self.titles.get(event.text) is None:  # the "Your battles" heading
                self._read_fields()
                self.rebuild()  # picks nothing: the drop-down names the chosen scenario again
            elif key == "side":
                self.side = next((s for s, n in self.sides if n == event.text), self.side)
                self._read_fields()
                self.rebuild()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.go()
        return None

    def on_button(self, name: str, widget: Any) -> Transition | None:
        self._read_fields()
        if name.startswith("mode:"):
            self.mode = name[5:]
            if self.mode != "host":
                self.side = ""
            else:
                self._load_sides()
            self.message = None
            self.rebuild()
            return None
        if name == "lan":
            self.lan = not self.lan
            self.rebuild()
            return None
        if name == "go":
            return self.go()
        if name == "back":
            return self.on_escape()
        return None

    def on_escape(self) -> Transition | None:
        self.cancel()
        return Transition("pop")

    # -- connecting -------------------------------------------------------------------------
    def go(self) -> Transition | None:
        """Host or join as the form says; the battle opens when the server welcomes us (:meth:`update`)."""
        if self.welcomed and self.client is not None:
            self._open_battle(self.client)
            return None
        if self.client is not None:
            return None
        self._read_fields()
        try:
            if self.mode == "host":
                host, port, seat = self._host()
            else:
                host, port = parse_address(self.address)
                if not self.code:
                    raise ValueError("Match code: give the code the host's window shows.")
                seat = "watch" if self.mode == "watch" else self.side
        except ValueError as exc:
            self.say(str(exc), "failure")
            return None

        self.client = NetClient(host, port, self.code, seat=seat, wake=_post).start()
        self.say(f"Connecting to {host}:{port}\u2026")
        self.rebuild()
        return None

    def _host(self) -> tuple[str, int, str]:
        if self.scenario is None:
            raise ValueError("There is no scenario to host.")
        if not self.port.isdigit() or not 0 <= int(self.port) <= 65535:
            raise ValueError(f"Port {self.port!r} is not a number from 0 to 65535.")
        try:
            battle = load_scenario(self.scenario)
        except (ValueError, OSError, KeyError, TypeError) as exc:
            raise ValueError(f"{self.scenario.name}: {exc}") from None
        hosted = HostedServer(host="0.0.0.0" if self.lan else "127.0.0.1", port=int(self.port))
        self.code = hosted.add_match(str(self.scenario), battle, host=self.side)  # may give an away seat away
        try:
            hosted.start()
        except NetError as exc:
            raise ValueError(str(exc)) from None
        self.hosted = hosted
        where = f"{lan_address()}:{hosted.port}" if self.lan else f"127.0.0.1:{hosted.port} (this machine only)"
        self.shared = f"Match code {self.code} \u00b7 address {where}"
        return "127.0.0.1", hosted.port, self.side

    def cancel(self) -> None:
        """Leave: close the connection and stop the server this window started."""
        self.welcomed = False
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None

    def wants_frames(self) -> bool:
        return self.client is not None and not self.welcomed  # waiting for the server's answer

    def update(self, dt_ms: int) -> None:
        c = self.client
        if c is None:
            return
        notes = c.poll() if c.mirror is None else []
        for note in notes:
            if note.kind in ("refused", "error"):
                self.cancel()
                self.shared = ""
                self.say(note.text, "failure")
                self.rebuild()
                return
        if c.mirror is not None and c.mirror.good and not self.welcomed:
            if self.hosted is None:
                self._open_battle(c)
                return
            self.welcomed = True  # the host reads the code out first; the battle waits for "To the battle"
            self.say("Tell the other player the match code and the address; they choose Network, Join.", "success")
            self.rebuild()

    def _open_battle(self, client: Any) -> None:
        session = NetSession(client, hosted=self.hosted, scenario=str(self.scenario) if self.hosted else None)
        shared = self.shared
        self.client = self.hosted = None  # the battle owns them now
        self.welcomed = False
        session.shared = shared

        pygame.display.set_caption(shown(f"{self.app.title} - {session.battle.board.name} (network)"))  # no NUL
        scene = BattleScene(self.app, session)
        self.request(Transition("reset", scene))


#: the event the network thread posts to wake the window: ``pygame.USEREVENT`` itself, which
#: ``pygame.event.custom_type()`` never hands out. A type taken from ``custom_type()`` was not safe: once pygame
#: is quit and started again the count starts over at pygame_gui's first event type (UI_BUTTON_PRESSED), so a
#: wake-up was read as a button press without its button (AttributeError: no ``ui_element``)
WAKE = pygame.USEREVENT


def _post() -> None:
    """Wake the window from the network thread (SDL's event queue takes events from any thread)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE, clinch_wake=True))
    except pygame.error:
        pass
