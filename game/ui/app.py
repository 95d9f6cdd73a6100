"""The application: a window, a clock, the settings, a stack of scenes, the loop.

``App(scenario, size, clock=...)``: with a scenario (a path to a ``.toml``,
a ready :class:`game.model.Battle`, or a started :class:`~game.ui.session.Session`)
it opens straight on that battle; with ``None`` it opens on the main menu,
where "Quick battle" (or Enter) starts the default scenario in one click.
Everything a test needs is public: ``handle(event)``, ``update(dt)``,
``draw(surface)``, ``step()`` (one frame: queued events, update, draw,
flip), ``run(max_frames)``, and ``battle_scene``/``board``/``battle`` for
the battle on screen.

pygame-gui: one themed ``UIManager`` (``app.gui``) for the whole window;
every event goes through it first, then to the top scene.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from game.builder.draft import DraftKeeper
from game.files import saves
from game.files.data_files import icon_path
from game.files.names import shown
from game.model import battle_title
from game.ui.battle_scene import BattleScene
from game.ui.clock import Clock, RealClock
from game.ui.gui import make_manager
from game.ui.scene import Scene, SceneStack, Transition
from game.ui.screens import Screens
from game.ui.session import Session, new_session
from game.ui.settings import Settings, config_dir, load_settings, save_settings
from game.ui.shipped_scenarios import DEFAULT_SCENARIO, MAPS_DIR, load_battle
from game.ui.sound import SoundBoard
from game.ui.text import TextCache

__all__ = ["App", "DEFAULT_SIZE", "DEFAULT_SCENARIO", "MAPS_DIR", "load_battle", "clean_leftovers"]

DEFAULT_SIZE = (1280, 800)
FPS = 60


def is_quit_key(event: pygame.event.Event) -> bool:
    """Ctrl+Q: the one key that quits the game from any screen (the key table's "quit the game")."""
    return (event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_q
            and bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL))


#: a toast shows this many characters at most (the battle screen cuts longer ones)
TOAST_CHARS = 118


def without_paths(text: str) -> str:
    """``text`` with each file-system path in it said as "the save folder" (issue 15: no path in a toast;
    the combat log keeps the whole sentence): ``Saving is off: the save folder cannot be written (...).``"""
    words = text.split(" ")
    hit = [i for i, w in enumerate(words) if "/" in w or "\\" in w]
    if not hit:
        return text
    i, j = hit[0], hit[-1]  # a path with spaces in it is one path: from its first slash to its last
    tail = words[j][len(words[j].rstrip(".,;:")):]
    return " ".join([*words[:i], "the save folder" + tail, *words[j + 1:]])


def fit_path(text: str, limit: int) -> str:
    """``text`` in ``limit`` characters by shortening its longest word (a path) in the middle.

    A sentence that names a deep folder stays a whole sentence with its end
    (the reason) readable: ``Saving is off: /tmp/…/sub/autosave cannot be written (not a directory).``
    """
    if len(text) <= limit:
        return text
    words = text.split(" ")
    i = max(range(len(words)), key=lambda k: len(words[k]))
    word = words[i]
    keep = len(word) - (len(text) - limit) - 1  # characters of the word left beside the ellipsis
    if keep < 8:
        return text[: limit - 1] + "\u2026"
    head = min(5, keep // 3)
    words[i] = word[:head] + "\u2026" + word[len(word) - (keep - head):]
    return " ".join(words)


def clean_leftovers() -> list[Path]:
    """Remove the temporary files interrupted writes left in the saves, autosave and settings folders.

    Run once as the window opens; never raises (see ``game.files.saves.clean_stale_temps``).
    """
    try:
        folders: list[Path | str] = [saves.saves_dir(), saves.autosave_dir(), config_dir()]
    except (OSError, ValueError):  # a home folder platformdirs cannot name: nothing to clean
        return []
    return saves.clean_stale_temps(folders)


def set_window_icon() -> None:
    """Give the window the game's icon (``assets/icon.png``, drawn by ``tools/make_icon.py``), so the task
    bar and the window switcher show Clinch, not SDL's default; a missing or unreadable icon is skipped:
    it must never stop the game from opening."""
    path = icon_path()
    if not path.is_file():
        return
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, OSError):
        return


class App:
    """The game window. Drive it with real events (``run``) or by hand (``handle`` / ``step``)."""

    def __init__(self, scenario: str | Path | Any | None = None, size: tuple[int, int] | None = None,
                 clock: Clock | None = None, *, resizable: bool = True, title: str = "Clinch",
                 settings: Settings | None = None, session_kw: dict[str, Any] | None = None,
                 seat: dict[str, str] | None = None, dice: str | list[int] | None = None,
                 autosave: bool = True, idle_ms: int = 0, briefing: bool = False,
                 seed: int | str | None = None) -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        if settings is None:
            settings, self.settings_problem = load_settings()
        else:
            self.settings_problem = None
        self.settings = settings

        #: the sound effects (silent where there is no audio device; the mixer starts at the first sound)
        self.sound = SoundBoard(settings.volume, settings.mute)
        clean_leftovers()
        #: the autosave problem last said in the window (and the session it was said for): said once
        self._save_said: str | None = None
        self._save_said_in: Any = None
        self.size = (int(size[0]), int(size[1])) if size else tuple(settings.window_size)
        self.resizable = resizable
        flags = pygame.RESIZABLE if resizable else 0
        if settings.fullscreen and size is None:
            flags = pygame.FULLSCREEN
        self.screen = pygame.display.set_mode(self.size, flags)
        self.size = self.screen.get_size()
        self.title = title
        pygame.display.set_caption(title)
        set_window_icon()
        pygame.key.set_repeat(300, 40)
        self.clock: Clock = clock or RealClock()
        self.text = TextCache()

        self.gui = make_manager(self.size)
        self.session_kw = dict(session_kw or {})
        self.dice = dice  # tests: scripted faces for every battle started here
        self.autosave = autosave
        #: the dice seed of each new battle started here: ``"fresh"`` draws one from the OS for each (the
        #: ``clinch`` command: a restarted battle gets new luck), a number gives every battle that seed
        #: (``clinch play --seed N``), ``None`` keeps the scenario's own (tests, ``clinch screenshot``)
        self.seed = seed
        #: a briefing (sides, who plays them, how to win) before each battle started from a scenario here: the
        #: ``clinch`` command asks for it; tests that build an App themselves go straight to the battle
        self.briefing = briefing
        self.scenes = SceneStack()
        self.running = True
        self.frames = 0
        #: when calm (no input for ``CALM_AFTER_MS`` and the top scene ``wants_frames`` nothing), wait up to
        #: this long for an event before the next frame instead of drawing 60 a second (0: never wait;
        #: tests and benchmarks step frames themselves)
        self.idle_ms = idle_ms
        self._last_input = time.monotonic()
        #: the screens a screen goes back up to (the main menu, the lessons list): asked here, never imported
        self.screens = Screens(self)
        #: the battle builder's set-up in the making: kept for this run and in a draft file (issue 28)
        self.builder_draft = DraftKeeper()
        if scenario is None:
            self.scenes.apply(Transition("push", self.screens.main_menu()), self.size)
        else:
            scene = self.battle_from(scenario, seat=seat, dice=dice)
            self.scenes.apply(Transition("push", scene), self.size)

    # -- battles ------------------------------------------------------------------------------
    def computer_kw(self) -> dict[str, Any]:
        """A new session's keywords: the computer's level and thinking time from the settings, then the
        app's own (tests pin a node budget there)."""
        return {"ai_level": self.settings.ai_level, "ai_budget_ms": self.settings.ai_budget_ms, **self.session_kw}

    def battle_from(self, scenario: Any, *, seat: dict[str, str] | None = None,
                    dice: str | list[int] | None = None, ruleset: str | None = None,
                    seed: int | None = None) -> Scene:
        """A battle scene for a scenario path, a Battle or a Session (``SessionError`` if it cannot start).

        A new battle (not a loaded Session) opens behind its briefing when the app shows briefings, and
        rolls with ``seed`` when one is given, else as :attr:`seed` says.
        """
        if isinstance(scenario, Session):
            session = scenario
        else:
            battle = load_battle(scenario)
            seed = seed if seed is not None else self.new_battle_seed()
            if seed is not None:
                battle.rng.seed = seed
            if dice is None:
                dice = self.dice if self.dice is not None else (
                    "manual" if self.settings.dice_source == "manual" else "seeded")
            kw = self.computer_kw()
            session = new_session(battle, ruleset=ruleset, seat=seat, dice=dice, autosave=self.autosave, **kw)
            if isinstance(scenario, str | Path):
                session.scenario = str(scenario)
        pygame.display.set_caption(shown(f"{self.title} - {battle_title(session.battle)}"))  # never a NUL
        scene = BattleScene(self, session)
        if self.briefing and not isinstance(scenario, Session):
            # late: start-up time: game.ui.briefing is not loaded for the menu's first frame
            from game.ui.briefing import BriefingScene

            return BriefingScene(self, scene)
        return scene

    def new_battle_seed(self) -> int | None:
        """The seed a new battle rolls with (see :attr:`seed`): ``None`` leaves the scenario's."""
        if self.seed == "fresh":
            # late: tests patch it: the function must see the replacement at call time
            from game.dice import fresh_seed

            return fresh_seed()
        return self.seed if isinstance(self.seed, int) else None

    @property
    def scene(self) -> Scene | None:
        return self.scenes.top

    @property
    def battle_scene(self) -> Any:
        """The battle screen in the stack (the top one), if any."""
        for s in reversed(self.scenes.scenes):
            if isinstance(s, BattleScene):
                return s
            below = getattr(s, "below", None)
            if isinstance(below, BattleScene):
                return below
        return None

    @property
    def board(self) -> Any:
        bs = self.battle_scene
        return bs.board if bs is not None else None

    @property
    def battle(self) -> Any:
        bs = self.battle_scene
        return bs.session.battle if bs is not None else None

    @property
    def session(self) -> Any:
        bs = self.battle_scene
        return bs.session if bs is not None else None

    def store_settings(self) -> str | None:
        return save_settings(self.settings)

    def change_setting(self, name: str, value: Any) -> str | None:
        """Set one setting and store them all (a screen's choice that outlives it, e.g. computer dice)."""
        setattr(self.settings, name, value)
        return self.store_settings()

    def apply_sound(self) -> None:
        """The volume or the mute switch changed in the settings: the sound board follows at once."""
        self.sound.set_volume(self.settings.volume)
        self.sound.set_muted(self.settings.mute)

    def toggle_mute(self) -> bool:
        """Mute or unmute (Ctrl+M), saved with the settings; True when sound is now on."""
        self.settings.mute = not self.settings.mute
        self.apply_sound()
        self.store_settings()
        return not self.settings.mute

    def relay_save_problem(self) -> None:
        """Say in the battle on screen, once, that autosaving is off (a full or read-only data folder).

        The controller keeps every move whatever the disk does and keeps
        trying; this tells the player when that starts failing (a toast, and
        a line in the combat log that stays), and when it works again. The
        same sentence is not repeated for the next battle of this window.
        """
        bs = self.battle_scene
        if bs is None:
            return
        session = bs.session
        problem = getattr(session, "save_problem", None)
        if problem == self._save_said:
            return
        text, tone = None, "failure"
        if problem is not None:
            text = problem
        elif session is self._save_said_in:
            text, tone = "Autosaving works again.", "success"
        self._save_said, self._save_said_in = problem, session
        if text:
            bs.toast(fit_path(without_paths(text), TOAST_CHARS), tone)
            bs.log.note(text)  # the whole sentence stays in the combat log

    # -- the loop's parts ----------------------------------------------------------------------
    def apply(self, t: Transition | None) -> None:
        if t is not None and not self.scenes.apply(t, self.size):
            self.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT or is_quit_key(event):
            # Ctrl+Q quits from every screen, whatever is open over it (a menu, a dialog, the hand-over screen)
            # or going on (an animation, the computer thinking: its worker is told to stop, never waited for)
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (getattr(event, "w", None) or self.screen.get_width(),
                    getattr(event, "h", None) or self.screen.get_height())
            self.resize(size)
            return
        self.gui.process_events(event)
        top = self.scenes.top
        if top is None:
            return
        self.apply(top.handle(event))

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(200, int(size[0])), max(150, int(size[1])))
        if size == self.size:
            return
        self.size = size
        surf = pygame.display.get_surface()
        if surf is None or surf.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if self.resizable else 0)
        else:
            self.screen = surf
        self.gui.set_window_resolution(size)
        for s in self.scenes.scenes:
            s.resize(size)

    def set_display(self, size: tuple[int, int], fullscreen: bool) -> None:
        """Apply window settings now."""
        flags = pygame.FULLSCREEN if fullscreen else (pygame.RESIZABLE if self.resizable else 0)
        self.screen = pygame.display.set_mode(size, flags)
        new = self.screen.get_size()
        self.size = (0, 0)
        self.resize(new)

    def update(self, dt_ms: int) -> None:
        top = self.scenes.top
        if top is not None:
            top.update(dt_ms)
            self.apply(top.take_transition())
        self.relay_save_problem()
        self.gui.update(dt_ms / 1000.0)

    def draw(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        surface = self.screen if surface is None else surface
        top = self.scenes.top
        if top is not None:
            top.draw(surface)
        self.gui.draw_ui(surface)
        if top is not None:
            top.draw_over_gui(surface)
        return surface

    def pump(self) -> None:
        """Handle every queued event."""
        for event in pygame.event.get():
            self._last_input = time.monotonic()
            self.handle(event)
            if not self.running:
                return

    #: a screen counts as calm this long after the last input (hover highlights and menus settle first)
    CALM_AFTER_MS = 750

    def calm(self) -> bool:
        """Nothing moves and nobody has touched the game for a moment: the loop may sleep until an event."""
        top = self.scenes.top
        return (top is not None and (time.monotonic() - self._last_input) * 1000 >= self.CALM_AFTER_MS
                and not top.wants_frames())

    def step(self, framerate: float = FPS) -> None:
        """One frame: events, update by the clock's step, draw, flip.

        On a calm screen (``idle_ms``) the frame first waits for an event, at most ``idle_ms``: an idle
        battle costs a few frames a second instead of sixty, and any input is answered at once.
        """
        if self.idle_ms and self.calm():
            event = pygame.event.wait(self.idle_ms)
            if event.type != pygame.NOEVENT:
                self._last_input = time.monotonic()
                self.handle(event)
        self.pump()
        if not self.running:
            return
        dt = self.clock.tick(framerate)
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def run(self, max_frames: int | None = None) -> int:
        try:
            while self.running and (max_frames is None or self.frames < max_frames):
                self.step()
                if self.frames == 1:  # the mixer starts once the first frame is up, not in the first click that
                    self.sound.warm()  # plays a sound (0.1 s where the audio device fails to open)
        finally:
            self.close()
        return 0

    def close(self) -> None:
        for s in self.scenes.scenes:
            sess = getattr(s, "session", None)
            if sess is not None:
                sess.close()

    def save_screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.draw(), str(path))
