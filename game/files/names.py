"""Names and ids in a user's file, checked in one place; any text made safe to show.

Every loader (scenarios, situations and the lab, saves, lessons) asks :func:`name_problem` of each name
and id a file gives (a fighter's, a side's, a save's title, a board's name), so that a name the screen
cannot draw or a terminal cannot print is refused in one sentence before it reaches either: no control
character (a NUL, a newline), no bidirectional override or isolate (they turn the rest of a line
around), at least one visible character, at most :data:`MAX_NAME` characters. A name of letters from any
script, with emoji or a zero-width joiner inside, is fine.

:func:`shown` is the other half: what the screen draws of any text at all (a file name that is not
UTF-8, a title from an old save), escaped where it cannot be shown and cut to a length. Headless: no
pygame.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME", "BIDI_CONTROLS", "name_problem", "is_visible", "shown", "initial"]

#: the longest name or id a file may give (as ``game.files.scenario_types.MAX_NAME``)
MAX_NAME = 200
#: the bidirectional embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: a line of text is drawn at most this long (a 10,000-character board name would cost seconds a frame)
MAX_SHOWN = 300


def is_visible(ch: str) -> bool:
    """Whether a character draws something: not a control, format, surrogate, separator or combining mark."""
    return unicodedata.category(ch)[0] not in "CZM"


def name_problem(text: str, *, allow_empty: bool = False, max_length: int = MAX_NAME) -> str | None:
    """Why ``text`` cannot be a name or an id (a clause: "holds a NUL character"), or None when it can.

    >>> name_problem("Ann") is None
    True
    >>> name_problem("A\\x00nn")
    'holds a NUL character (U+0000)'
    >>> name_problem("\\u200b")
    'has no visible character'
    """
    if not isinstance(text, str):
        return "must be text"
    if len(text) > max_length:
        return f"is {len(text):,} characters long; a name may have at most {max_length}"
    if not text:
        return None if allow_empty else "must not be empty"
    for ch in text:
        code = ord(ch)
        if ch == "\x00":
            return "holds a NUL character (U+0000)"
        cat = unicodedata.category(ch)
        if cat == "Cc":
            return f"holds a control character (U+{code:04X})"
        if cat == "Cs":
            return f"holds a character that is not Unicode text (U+{code:04X})"
        if ch in BIDI_CONTROLS:
            return f"holds a bidirectional control (U+{code:04X}), which turns the text around"
        if ch in "\u2028\u2029":
            return f"holds a line break (U+{code:04X})"
    if not any(is_visible(ch) for ch in text):
        return "has no visible character"
    return None


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (Python's surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def shown(text: object, limit: int = MAX_SHOWN) -> str:
    """``text`` as the screen may draw it: what cannot be shown escaped (``\\x00``, ``\\u202e``, a file name's
    stray byte as ``\\xff``), cut to ``limit`` characters with an ellipsis, and never a string that draws
    nothing but is not empty (a lone zero-width space draws as ``\\u200b``).

    >>> shown("Ann")
    'Ann'
    >>> shown("A\\x00nn")
    'A\\\\x00nn'
    """
    text = str(text)
    if len(text) > limit:
        text = text[:max(0, limit - 1)] + "\u2026"
    if text.isprintable():
        return text
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS:
            out.append(_escape(ch))
        else:
            out.append(ch)
    result = "".join(out)
    if result and not any(is_visible(ch) or ch == " " for ch in result):
        result = "".join(_escape(ch) if not ch.isspace() else ch for ch in result)
    return result


def initial(name: object) -> str:
    """The first visible character of a name, upper-cased: the letter a token or an icon shows ("?" for none).

    A name may begin with a zero-width or combining character; the token shows the first one that draws.

    >>> initial("\\u200bann")
    'A'
    """
    return next((ch.upper() for ch in str(name)[:MAX_NAME] if is_visible(ch)), "?")
