"""Names and drawn text from hostile files: refused in one sentence, or drawn without raising.

A hostile-input pass found fighter names that begin with a zero-width character (U+200B, U+202E, U+2067)
or hold a NUL closing ``clinch play``, the lab and a loaded save's battle ("Text has zero width", "A null
character was found in the text"). Two halves, each with hypothesis: :func:`game.files.names.name_problem`
(the one check every loader uses) and the fonts the UI draws with (:class:`game.ui.text.SafeFont`), which
take any string at all.
"""

from __future__ import annotations

import os
import unicodedata

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.files.names import BIDI_CONTROLS, MAX_NAME, initial, name_problem, shown  # noqa: E402

HOSTILE = ["\u200b", "\u200bAnn", "\u202eAnn", "\u2067Ann", "A\x00nn", "\x00", "\u202e", "\u2067", "",
           "Ann\n", "\ud800", "\udcff", "x" * 10_000, " ", "\u0301", "\u2028", "Ann\u202e\u2069"]
#: any code point, surrogates included (a file name that is not UTF-8 reaches Python as U+DC80-U+DCFF)
ANY_TEXT = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF), max_size=400)


@pytest.mark.parametrize("bad", ["A\x00nn", "\x00", "Ann\n", "\u202eAnn", "\u2067Ann", "\u200b", " ", "",
                                 "\ud800", "x" * (MAX_NAME + 1), "\u2028", "\t"])
def test_a_name_no_screen_can_show_has_a_problem(bad):
    """No NUL or control character, no bidi override or isolate, a visible character, at most 200."""
    assert name_problem(bad) is not None


@pytest.mark.parametrize("good", ["Ann", "Ann-Marie O'Neil", "Zoë", "Дмитрий", "李小龍", "محمد", "👩\u200d🚒 Fire",
                                  "x" * MAX_NAME, "\u200bAnn"])
def test_names_in_any_script_are_fine(good):
    assert name_problem(good) is None


@settings(max_examples=400, deadline=None)
@given(ANY_TEXT)
def test_name_problem_says_what_the_rules_say(text):
    """The check against its own definition: refused exactly when a rule of the module's docstring is broken."""
    problem = name_problem(text)
    broken = (not text or len(text) > MAX_NAME
              or any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS or c in "\u2028\u2029"
                     for c in text)
              or not any(unicodedata.category(c)[0] not in "CZM" for c in text))
    assert (problem is not None) == broken, (text, problem)
    if problem is not None:
        assert "\n" not in problem and problem[:1].islower()


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT, st.integers(min_value=1, max_value=500))
def test_shown_text_is_printable_bounded_and_never_invisible(text, limit):
    out = shown(text, limit)
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c in BIDI_CONTROLS for c in out)
    assert len(out) <= 6 * limit + 6
    out.encode("utf-8")  # no lone surrogate left
    if text.isprintable() and len(text) <= limit:
        assert out == text
    if out:
        assert any(unicodedata.category(c)[0] not in "CZM" or c.isspace() for c in out)
    assert initial(text) == "?" or unicodedata.category(initial(text)[:1])[0] not in "CZM"


@pytest.fixture(scope="module")
def cache():
    import pygame

    from game.ui.text import TextCache

    pygame.font.init()
    return TextCache()


@pytest.mark.parametrize("text", HOSTILE)
def test_every_hostile_name_draws(cache, text):
    from game.ui.text import fit_text, label_surface, wrap

    for bold in (False, True):
        img = cache.render(text, 14, bold=bold)
        assert img.get_height() > 0
        assert img.get_width() < 30_000
        cache.font(12, bold).size(text)
    fit_text(cache, text, 13, 80)
    wrap(cache, text, 13, 120)
    label_surface(cache, [text, text], 12)


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT, st.integers(min_value=6, max_value=40), st.booleans())
def test_any_string_draws_measures_fits_and_wraps(cache, text, size, bold):
    """The fonts the UI draws with take any string: rendering, measuring, fitting and wrapping never raise."""
    from game.ui.text import fit_text, wrap

    font = cache.font(size, bold)
    w, h = font.size(text)
    assert w >= 0 and h > 0
    assert cache.render(text, size, bold=bold).get_height() > 0
    assert font.render(text, True, (255, 255, 255), (0, 0, 0)).get_height() > 0
    cut = fit_text(cache, text, size, 100, bold)
    assert cache.font(size, bold).size(cut)[0] <= 100 or len(cut) <= 1
    assert all(isinstance(line, str) for line in wrap(cache, text, size, 150, bold))


def test_a_token_shows_the_first_letter_that_draws():
    assert initial("\u200bann") == "A" and initial("\u202e\u2067") == "?" and initial("Zoë") == "Z"
