"""The screens every other screen may go back up to: the main menu, the lessons list and the builder.

The screens lead to each other in circles (main menu -> battle -> pause menu ->
main menu; lessons -> a lesson -> its card -> lessons). Imported from each other,
even inside functions, those circles were loops of imports. Instead a screen
asks the app it was given for these two (``self.app.screens.main_menu()``); the
app builds one :class:`Screens`, and nothing but ``game.ui.app`` imports this
module, so no screen imports the screens above it. A screen still imports the
screens below it (the main menu its sub-menus, the pause menu the load screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.scene import Scene

__all__ = ["Screens"]


class Screens:
    """Builds the main menu and the lessons list for one app (the screens a reset goes back to)."""

    def __init__(self, app: Any) -> None:
        self._app = app

    def main_menu(self) -> Scene:
        from game.ui.menus.main_menu import MainMenu  # late: start-up time (the first screen's own imports)

        return MainMenu(self._app)

    def learn_menu(self) -> Scene:
        from game.ui.menus.learn_menu import LearnMenu  # late: start-up time (lessons load when asked)

        return LearnMenu(self._app)

    def builder(self) -> Scene:
        """The battle builder on the set-up the player left (the end screen's "Back to the builder")."""
        from game.ui.menus.builder_menu import BuilderScene  # late: start-up time

        return BuilderScene(self._app, alone=True)
