"""``clinch check-save FILE``: is a save (or an autosave) sound? Replays it and checks its hash.

A sound save prints one line and exits 0::

    autosave-5f3a9c0e12d4b876.json: sound: 3d6-lite, 214 intents, round 17, hash ab12cd34ef56

A save Clinch would refuse to load (damaged, tampered, from another version,
not a save at all, a folder, a pipe...) ends with the one sentence the
game would show and exit status 2. The check is exactly the one loading
makes (:func:`game.files.saves.check_save`): the whole log re-played from the
battle's initial state, every entry compared, the result compared with the
snapshot and the recorded state hash. Headless: no pygame.
"""

from __future__ import annotations

from game.cli import CommandError
from game.files.saves import SaveError, check_save

USAGE = "usage: clinch check-save FILE"


def main(argv: list[str]) -> int:
    args = list(argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    if args and args[0] == "--":
        args = args[1:]
    elif any(a.startswith("-") and a != "-" for a in args):
        bad = next(a for a in args if a.startswith("-"))
        raise CommandError(f"unknown option {bad!r}; {USAGE}.")
    if len(args) != 1:
        raise CommandError(f"give exactly one save file; {USAGE}.")
    path = args[0]
    try:
        save, ctl = check_save(path)
    except SaveError as exc:
        raise CommandError(str(exc)) from None
    b = ctl.battle
    intents = sum(1 for e in save.log if "intent" in e)
    if b.ended:
        where = f"over after round {b.round}" if b.round else "over"
        side = b.side(b.winner) if b.winner else None
        where += f", {(side.name or side.id) if side else b.winner} won" if b.winner else ", a draw"
    else:
        where = f"round {b.round}"
    print(f"{path}: sound: {save.ruleset}, {intents} intent{'s' if intents != 1 else ''}, {where}, "
          f"hash {save.state_hash[:12]}")
    return 0
