"""The verbs every ruleset has (move, face, change posture, ready, wait, do nothing), written once where the
rulesets agree.

What the rulesets agree on, and this module holds:

- each verb's intent ``type`` (the name saves, situations, the UI and the
  computer use for it), in one mixin per verb, so ``isinstance(a, FaceVerb)``
  means "a facing change" whatever the ruleset;
- wait and do nothing are, unless a ruleset adds to them, one line in the log
  and nothing else (:class:`Announce`).

What they do not agree on stays in each ruleset's class, with a comment citing
the rule that makes it differ: where a move may go and what it costs (G0-4 /
S4-MOVE / G1-4), whether a turn in place is free and how often (ruling L-4 /
S4-FACE-1..3 / G1-4), the postures there are (G0-8 / S4-PRONE / G1-7), how an
item is readied (G0-4 / G4-6 / G1-10), and what waiting means (d20 holds its
initiative number, S4-INIT-5/6). The fields stay in each ruleset's class too:
their defaults decide each intent's dict and text form, which saves and
situations keep, and they differ (``facing`` has a default under 3d6 and d20,
none under edge).

A ruleset's action lists the verb mixin first and its family base second
(``class Wait(WaitVerb, D20Action)``), so the mixin's ``type`` and
``_resolve`` come before the family's. No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.rules.events import message

if TYPE_CHECKING:
    from game.model import Fighter
    from game.rules.events import Resolution

__all__ = ["Verb", "MoveVerb", "FaceVerb", "ChangePostureVerb", "ReadyVerb", "Announce", "WaitVerb", "DoNothingVerb"]


class Verb:
    """A verb every ruleset has: its ``type`` is the same everywhere. A mixin: no fields, no slots."""

    __slots__ = ()
    type: ClassVar[str] = ""


class MoveVerb(Verb):
    """Move to a hex (``to``)."""

    __slots__ = ()
    type: ClassVar[str] = "move"


class FaceVerb(Verb):
    """Turn to face one of the six hex sides (``facing``, 0-5)."""

    __slots__ = ()
    type: ClassVar[str] = "face"


class ChangePostureVerb(Verb):
    """Take another posture (``posture``)."""

    __slots__ = ()
    type: ClassVar[str] = "change_posture"


class ReadyVerb(Verb):
    """Take an item in hand (``item``)."""

    __slots__ = ()
    type: ClassVar[str] = "ready"


class Announce(Verb):
    """An action whose whole effect is one line in the log: ``message`` filled in with the actor's
    ``label`` or ``id``, citing the action's ``rule`` if it has one. Records, changes nothing."""

    __slots__ = ()
    #: the log line, e.g. ``"{label} waits"`` (fields: ``label``, ``id``)
    message: ClassVar[str] = ""
    rule: ClassVar[str]  # the action's own (``Action.rule``)

    def _resolve(self, r: Resolution, actor: Fighter) -> None:
        r.note(message(self.message.format(label=actor.label, id=actor.id), actor=actor.id, rule=self.rule or None))


class WaitVerb(Announce):
    """Wait: the turn passes (a ruleset with held actions adds them: d20, S4-INIT-5)."""

    __slots__ = ()
    type: ClassVar[str] = "wait"
    title: ClassVar[str] = "Wait"
    message: ClassVar[str] = "{label} waits"


class DoNothingVerb(Announce):
    """Do nothing: the turn passes."""

    __slots__ = ()
    type: ClassVar[str] = "do_nothing"
    title: ClassVar[str] = "Do nothing"
    message: ClassVar[str] = "{label} does nothing"
