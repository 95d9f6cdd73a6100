"""``game.maps``: the name :mod:`game.files.maps` had before the loose modules were grouped into packages.

Kept as an alias, nothing more, because code outside this repository imports the old name: the shared
real-Tiled-maps harness (``../shared/tiled-real/run.py``, issue 28's measure ``maps-real: 20/20``) runs
``from game.maps import load_map`` against the checkout, and crashed on every map without it. New code
imports :mod:`game.files.maps`.
"""

from game.files.maps import *  # noqa: F403  (the same names, under the old module name)
from game.files.maps import __all__  # noqa: F401
