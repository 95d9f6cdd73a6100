"""English around names the player wrote: possessives and verb agreement for side and fighter names.

Side names come from scenario files ("Red", "The Sailors", "Caravan Guards"),
so a sentence built around one must bend to it: "The Sailors' turn", not
"The Sailors's turn"; "Caravan Guards win!", not "Caravan Guards wins!".
Names are kept exactly as written (never lower- or upper-cased). No pygame
here: the turn controller's undo reasons use it as well as the screens.

>>> possessive("Red"), possessive("The Sailors"), possessive("Marcus")
("Red's", "The Sailors'", "Marcus's")
>>> win_words("Caravan Guards"), win_words("Red")
('Caravan Guards win!', 'Red wins!')
"""

from __future__ import annotations

__all__ = ["is_plural", "possessive", "verb", "win_words", "percent", "percents", "PRONOUNS", "DEFAULT_PRONOUN",
           "pronoun_problem", "Pronoun", "pronoun_of"]

#: last words ending in "s" that are singular (a person's or a beast's name, not a group)
_SINGULAR_S = ("ss", "us", "is", "'s")


def is_plural(name: str) -> bool:
    """Whether ``name`` reads as a group ("Sailors", "Caravan Guards") rather than one ("Red", "Marcus").

    The last word decides: a plural ends in "s" but not in the endings of singular names and words
    ("Marcus", "Boss", "Iris"). A name of one letter or a number is singular. A fighter is one person
    whatever the name ("Lars", "Mags"): callers naming a fighter pass ``plural=False`` to :func:`possessive`.
    """
    words = str(name).split()
    if not words:
        return False
    last = words[-1].strip(".,!?\"()")
    if len(last) < 3 or not last[-1:] == "s" or not last[0].isalpha():
        return False
    return not last.lower().endswith(_SINGULAR_S)


def possessive(name: str, plural: bool | None = None) -> str:
    """``name`` with its possessive: "Red's", "The Sailors'", "Marcus's" (``plural`` overrides the guess)."""
    name = str(name)
    return f"{name}'" if (is_plural(name) if plural is None else plural) else f"{name}'s"


def verb(name: str, singular: str, plural: str) -> str:
    """The form of a verb that agrees with ``name``: ``verb("Red", "wins", "win")`` is "wins"."""
    return plural if is_plural(name) else singular


def win_words(name: str) -> str:
    """The end of battle for a winner named ``name``: "Red wins!", "Caravan Guards win!"."""
    return f"{name} {verb(name, 'wins', 'win')}!"


#: the pronouns a scenario may give a fighter (``pronoun = "she"``), the one a fighter has when it gives none
PRONOUNS = ("they", "she", "he", "it")
DEFAULT_PRONOUN = "they"
#: subject, object, possessive, reflexive; whether a verb after the subject takes its plural form
_FORMS: dict[str, tuple[str, str, str, str, bool]] = {
    "they": ("they", "them", "their", "themselves", True),
    "she": ("she", "her", "her", "herself", False),
    "he": ("he", "him", "his", "himself", False),
    "it": ("it", "it", "its", "itself", False),
}


def pronoun_problem(value: object) -> str | None:
    """Why ``value`` cannot be a fighter's pronoun (a clause naming the ones it may be), or None when it can.

    >>> pronoun_problem("she") is None, pronoun_problem("She")
    (True, "must be one of they, she, he, it, got 'She'")
    """
    if isinstance(value, str) and value in _FORMS:
        return None
    return f"must be one of {', '.join(PRONOUNS)}, got {value!r}"


class Pronoun:
    """The words a sentence uses for one fighter after naming them: "Ann sets her weapon", "they set their
    weapon" (a fighter with no pronoun in the scenario is "they", never "it").

    >>> p = Pronoun("they"); f"{p.they} {p.verb('sets', 'set')} {p.their} weapon"
    'they set their weapon'
    """

    __slots__ = ("they", "them", "their", "themselves", "plural")

    def __init__(self, word: str | None = None) -> None:
        forms = _FORMS.get(word or DEFAULT_PRONOUN, _FORMS[DEFAULT_PRONOUN])
        self.they, self.them, self.their, self.themselves, self.plural = forms

    def verb(self, singular: str, plural: str) -> str:
        """The verb after the pronoun as subject: "she sets", "they set"."""
        return plural if self.plural else singular

    @property
    def They(self) -> str:  # noqa: N802 - the capitalised word, at a sentence's start
        return self.they[:1].upper() + self.they[1:]


def pronoun_of(fighter: object) -> Pronoun:
    """The pronoun of a fighter (anything with a ``pronoun`` attribute), "they" for one without."""
    return Pronoun(getattr(fighter, "pronoun", None))


def percent(p: float | None, *, unknown: str = "") -> str:
    """A chance as a player reads it: whole percent, but never "0%" or "100%" for what may still happen
    (below 1% reads "<1%", above 99% ">99%"); ``unknown`` stands for a chance not worked out."""
    if p is None:
        return unknown
    x = p * 100
    if 0 < x < 1:
        return "<1%"
    if 99 < x < 100:
        return ">99%"
    return f"{round(x)}%"


def percents(ps: list[float] | tuple[float, ...], keep: int | None = None) -> list[str]:
    """Chances that make up a whole (a chart's outcomes), rounded so their percentages add up to 100:
    whole percents by largest remainder (rounding each alone can show 34% + 34% + 33% = 101%), with
    :func:`percent`'s "<1%" and ">99%" for what may still happen. Chances that are not a whole (their
    sum is not 1) are each rounded alone. ``keep``: the index of a share that must read as :func:`percent`
    reads it alone (the one the action menu shows: a chart said "hit 58%" beside a menu's 57%); the others
    share what is left."""
    if not ps or abs(sum(ps) - 1.0) > 1e-6:
        return [percent(p) for p in ps]
    xs = [max(0.0, p) * 100 for p in ps]
    whole = [int(x) for x in xs]
    order = [i for i in range(len(xs)) if i != keep]
    if keep is not None and 0 <= keep < len(xs):
        whole[keep] = round(xs[keep])
    for i in sorted(order, key=lambda i: (-(xs[i] - whole[i]), i))[:max(0, 100 - sum(whole))]:
        whole[i] += 1
    out = []
    for x, n in zip(xs, whole):
        out.append("<1%" if 0 < x < 1 else ">99%" if 99 < x < 100 else f"{n}%")
    return out
