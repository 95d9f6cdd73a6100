"""The turn controller's autosave: written after each step, a failure kept as a sentence, never raised.

The controller (``game.flow.turns``) calls :func:`autosave_after` after every call
that played steps, undid or redid, and ``game.files.saves.load_game`` after loading.
The step has happened by then: a full disk or a read-only folder must not undo
it, lose it or stop the battle, so the sentence is kept in the controller's
``save_problem`` for the UI to show, and the next step tries again
(``save_problem`` goes back to ``None`` once a write succeeds).

The file is written by ``game.files.save_file``, which knows the save's record
and the autosave folder but never the controller: the loading half
(``game.files.saves``, which replays logs through ``game.flow.turns``) stands
above both, so this call needs no late import and closes no loop. Nothing here
imports pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.files import save_file

if TYPE_CHECKING:
    from game.flow.turns import TurnController

__all__ = ["autosave_after"]


def autosave_after(ctl: TurnController) -> None:
    """Autosave ``ctl`` when its settings name a folder and it knows its initial state (see the module)."""
    settings = ctl.settings
    if settings.autosave_dir is None or ctl.initial is None:
        return
    try:
        ctl.autosaves = save_file.autosave(ctl, settings.autosave_dir, keep=settings.autosave_keep)
    except (OSError, ValueError) as exc:  # SaveError is a ValueError: one sentence naming the folder
        ctl.save_problem = str(exc) or f"Saving is off: {settings.autosave_dir} cannot be written."
        return
    ctl.save_problem = None
