"""Reading the files a user hands us: bytes, text, JSON and TOML, refused in one sentence when wrong.

Every loader (maps, scenarios, situations, saves, settings) reads through
here so that the hostile cases are handled once: a directory, a named pipe
or a device is refused before it is read (a FIFO would hang the reader,
``/dev/zero`` would fill memory); a file larger than its kind allows is
refused by its size; text that is not UTF-8 is named with the offset of the
bad byte; nesting deeper than any real file needs, NaN and infinity, and
integers beyond 64 bits are refused with the path of the field that holds
them (``fighters[0].stats.ST``). Headless: no pygame.
"""

from __future__ import annotations

import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

import msgspec

__all__ = [
    "UserFileError", "MAX_BYTES", "MAX_DEPTH", "MAX_INT", "read_bytes", "read_text", "load_json", "load_toml",
    "decode_json", "check_values", "field_path", "one_line",
]

#: the largest file we read unless the caller says otherwise (a 1,000-intent save is about 3 MB)
MAX_BYTES = 64 * 1024 * 1024
#: nesting deeper than this is not a file any part of Clinch writes (a save nests about 12 levels)
MAX_DEPTH = 64
#: integers a field may hold: anything beyond 64 bits is refused (msgspec and the rules use machine ints)
MAX_INT = 2**63 - 1


def one_line(text: object) -> str:
    """A message as one line: every character a terminal or a log would not print as itself (a newline or a
    NUL in a file name, a byte of a file name that is not UTF-8) written as its escape (``\\n``, ``\\x00``).

    The one place a file name reaches a message the player reads whole: ``clinch``'s line on stderr.

    >>> one_line("saves/a\\nb.json: not a Clinch save.")
    'saves/a\\\\nb.json: not a Clinch save.'
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class UserFileError(ValueError):
    """A file we cannot use: its message is one sentence naming the file (and the field where one is at fault)."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: Path | str, *, limit: int = MAX_BYTES) -> bytes:
    """The whole file, refused at once if it is not a regular file or is larger than ``limit`` bytes.

    The file is opened without blocking and checked on the open descriptor,
    so a pipe swapped in between a check and the read cannot hang us.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise UserFileError(f"{p}: is a folder, not a file; it was not read.") from None
    except OSError as exc:
        raise UserFileError(f"{p}: could not be read ({exc.strerror or exc}).") from None
    except ValueError:  # a NUL in the name (a path pasted into the load screen's box): no file has one
        raise UserFileError(f"{one_line(p)}: is not a file name (it holds a NUL character).") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UserFileError(f"{p}: is {_kind(st.st_mode)}, not a file; it was not read.")
        if st.st_size > limit:
            raise UserFileError(f"{p}: is {_size(st.st_size)}, larger than the {_size(limit)} such a file may be.")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read it
                raise UserFileError(f"{p}: is larger than the {_size(limit)} such a file may be.")
        return b"".join(chunks)
    except OSError as exc:
        raise UserFileError(f"{p}: could not be read ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    if n >= 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n} bytes"


def read_text(path: Path | str, *, limit: int = MAX_BYTES) -> str:
    """The file as UTF-8 text (a byte-order mark is allowed), refused with the offset of a bad byte."""
    data = read_bytes(path, limit=limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserFileError(f"{path}: is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}); "
                            "save it as UTF-8.") from None


def field_path(parts: list[str | int] | tuple[str | int, ...]) -> str:
    """``["fighters", 0, "stats", "ST"]`` -> ``fighters[0].stats.ST`` (the way our messages name a field)."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(the top level)"


def check_values(value: Any, source: Path | str, *, max_depth: int = MAX_DEPTH) -> None:
    """Refuse nesting deeper than ``max_depth``, NaN, infinities and integers beyond 64 bits, anywhere.

    Iterative, so a hostile file cannot exhaust the stack while we check it.
    """
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        v, at = stack.pop()
        if len(at) > max_depth:
            raise UserFileError(f"{source}: nests deeper than {max_depth} levels at {field_path(at[:8])}…; "
                                "no Clinch file needs that.")
        if isinstance(v, dict):
            stack.extend((item, (*at, str(k))) for k, item in v.items())
        elif isinstance(v, list):
            stack.extend((item, (*at, i)) for i, item in enumerate(v))
        elif isinstance(v, float) and not math.isfinite(v):
            raise UserFileError(f"{source}: {field_path(at)} is {v}, not a finite number.")
        elif isinstance(v, int) and not isinstance(v, bool) and not -MAX_INT - 1 <= v <= MAX_INT:
            raise UserFileError(f"{source}: {field_path(at)} is a number too large for any field.")


def decode_json(data: bytes | str, source: Path | str, *, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text to plain Python values, every hostile case refused in one sentence naming ``source``."""
    if isinstance(data, bytes):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UserFileError(f"{source}: is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}); "
                                "save it as UTF-8.") from None
    try:
        value = msgspec.json.decode(data)
    except msgspec.ValidationError:  # numbers msgspec cannot hold (1e400)
        raise UserFileError(f"{source}: holds a number too large for any field.") from None
    except msgspec.DecodeError as exc:
        raise UserFileError(f"{source}: is not valid JSON ({_msgspec_where(exc)}).") from None
    except RecursionError:
        raise UserFileError(f"{source}: nests too deeply to read.") from None
    check_values(value, source, max_depth=max_depth)
    return value


def _msgspec_where(exc: Exception) -> str:
    text = str(exc)
    if not text:
        return "malformed"
    # "JSON is malformed: ..." keeps its capitals; "Expected ..." reads better inside our sentence in lower case
    return text if text[:2].isupper() else text[0].lower() + text[1:]


def load_json(path: Path | str, *, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read and decode a JSON file (see :func:`decode_json`)."""
    return decode_json(read_bytes(path, limit=limit), path, max_depth=max_depth)


def load_toml(path: Path | str, *, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """Read and parse a TOML file: not UTF-8, too deep, NaN or infinity, each refused in one sentence."""
    text = read_text(path, limit=limit)
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserFileError(f"{path}: is not valid TOML ({exc}).") from None
    except RecursionError:
        raise UserFileError(f"{path}: nests too deeply to read.") from None
    check_values(value, path, max_depth=max_depth)
    return value
