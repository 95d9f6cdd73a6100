"""The game's menus: main menu, new battle, load/replay, pause, settings, rules help, end of battle."""
