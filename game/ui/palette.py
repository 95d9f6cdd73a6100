"""Colours the game draws with, in two palettes: standard and colour-blind safe.

Colour is never the only cue (tokens have side shapes, rolls say "success"/
"failed" in words and draw a tick or a cross, arcs differ in strength), but
the colour-blind palette (Okabe & Ito's eight colours) keeps the hues apart
for protanopia, deuteranopia and tritanopia too. ``palette(name)`` returns a
:class:`Palette`; the scenes read it every frame (it is a cheap object).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = ["Palette", "palette", "STANDARD", "COLOUR_BLIND", "FONT_REGULAR", "FONT_BOLD"]

RGB = tuple[int, int, int]


def _font(name: str) -> str | None:
    try:
        # late: optional dependency: pygame_gui
        import pygame_gui

        path = os.path.join(os.path.dirname(pygame_gui.__file__), "data", name)
        return path if os.path.isfile(path) else None
    except ImportError:  # pragma: no cover - pygame-gui is a dependency
        return None


FONT_REGULAR = _font("NotoSans-Regular.ttf")
FONT_BOLD = _font("NotoSans-Bold.ttf")


@dataclass(frozen=True)
class Palette:
    name: str
    sides: tuple[RGB, ...]  # side colours by side order (used when the palette overrides the scenario's)
    use_scenario_colours: bool
    success: RGB
    failure: RGB
    neutral: RGB
    accent: RGB  # whose turn / selection
    text: RGB
    dim: RGB
    panel: tuple[int, int, int, int]
    panel_edge: RGB
    reach: tuple[int, int, int, int]
    reach_edge: tuple[int, int, int, int]
    path: RGB
    hp: RGB
    fp: RGB
    damage: RGB
    arcs: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int, int]]]
    grips: dict[str, RGB]
    #: the lit hexes a move may reach but that give up this round's attack (a run, past half MOV): a second
    #: tint as a hex map's movement overlay draws its run band (``Ruleset.move_band``)
    reach_run: tuple[int, int, int, int] = (255, 150, 30, 90)
    reach_run_edge: tuple[int, int, int, int] = (255, 200, 90, 220)


STANDARD = Palette(
    name="standard",
    sides=((192, 57, 43), (46, 111, 216), (39, 174, 96), (142, 68, 173), (230, 126, 34)),
    use_scenario_colours=True,
    success=(92, 200, 110),
    failure=(235, 87, 74),
    neutral=(220, 200, 120),
    accent=(255, 216, 74),
    text=(236, 232, 220),
    dim=(150, 150, 150),
    panel=(18, 20, 26, 228),
    panel_edge=(90, 96, 110),
    reach=(90, 200, 255, 60),
    reach_edge=(150, 225, 255, 170),
    path=(255, 255, 255),
    hp=(205, 60, 50),
    fp=(60, 130, 220),
    damage=(255, 90, 70),
    arcs={"front": ((70, 220, 110, 100), (150, 255, 170, 190)),
          "side": ((250, 200, 40, 100), (255, 225, 110, 190)),
          "rear": ((240, 50, 40, 120), (255, 120, 110, 210))},
    grips={"grapple": (255, 190, 60), "pin": (235, 90, 200), "choke_hold": (170, 120, 255),
           "arm_lock": (90, 230, 230), "other": (255, 255, 255)},
)

# Okabe & Ito: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple.
COLOUR_BLIND = Palette(
    name="colour-blind",
    sides=((213, 94, 0), (0, 114, 178), (240, 228, 66), (204, 121, 167), (86, 180, 233)),
    use_scenario_colours=False,
    success=(86, 180, 233),
    failure=(230, 159, 0),
    neutral=(240, 228, 66),
    accent=(240, 228, 66),
    text=(240, 240, 240),
    dim=(160, 160, 160),
    panel=(14, 16, 22, 232),
    panel_edge=(110, 110, 120),
    reach=(86, 180, 233, 70),
    reach_edge=(160, 215, 245, 190),
    path=(255, 255, 255),
    hp=(213, 94, 0),
    fp=(86, 180, 233),
    damage=(230, 159, 0),
    arcs={"front": ((0, 114, 178, 110), (86, 180, 233, 200)),
          "side": ((240, 228, 66, 90), (250, 240, 120, 200)),
          "rear": ((213, 94, 0, 130), (240, 150, 80, 220))},
    grips={"grapple": (240, 228, 66), "pin": (204, 121, 167), "choke_hold": (86, 180, 233),
           "arm_lock": (0, 158, 115), "other": (255, 255, 255)},
    reach_run=(230, 159, 0, 85),  # Okabe & Ito's orange against the sky blue of the walk
    reach_run_edge=(245, 195, 90, 200),
)


def palette(name: str) -> Palette:
    return COLOUR_BLIND if name == "colour-blind" else STANDARD
