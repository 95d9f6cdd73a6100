"""A small TOML writer for the builder's scenarios: one canonical spelling for each value, so a file the
builder wrote, read back and written again is the same bytes. Only what a scenario holds: text, whole
numbers, finite numbers, true/false, lists and tables of those (tables inline). No pygame.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = ["key", "value"]

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def key(name: str) -> str:
    """A key bare when TOML allows it (``ST``), else quoted (``"Axe/Mace"``)."""
    return name if _BARE.match(name) else _string(name)


def _string(text: str) -> str:
    """A basic TOML string: JSON's escapes (``\\"``, ``\\\\``, ``\\n``, ``\\u0007``) are TOML's too; DEL, which
    JSON leaves as it is and TOML refuses, is escaped as well."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def value(v: Any) -> str:
    """One value in TOML; a table is written inline (``{ ST = 12, DX = 13 }``) as the shipped scenarios do."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"cannot write {v!r} in a scenario")
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write a {type(v).__name__} in a scenario")
