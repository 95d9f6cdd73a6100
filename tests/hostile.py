"""Running the real ``clinch`` command on hostile input, the way a fuzz test must: under limits.

Issue 13 asks of every bad input: one line on stderr, exit 2, under 2 s and
200 MB, never a traceback. :func:`run_clinch` runs ``python -m game`` in a
child process with its address space capped (``RLIMIT_AS``) and a wall-clock
timeout, and :func:`assert_refused` checks the whole promise in one call (the 2 s
counted in the child's CPU time, so a busy machine or parallel tests do not fail it).
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY_MB = 200
SECONDS = 2.0


def scratch_folder(prefix: str) -> Iterator[Path]:
    """A fresh temporary folder for a module-scoped ``scratch`` fixture (Hypothesis examples share it, which
    a function-scoped ``tmp_path`` would not allow), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Run:
    code: int | None
    stdout: str
    stderr: str
    seconds: float  # the child's CPU time (user + system); wall-clock time when it timed out


def _cap(mb: int):
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (mb * 1024 * 1024, mb * 1024 * 1024))
    return limit


def run_clinch(*args: str | Path, memory_mb: int = MEMORY_MB, timeout: float = 10.0,
               env: dict[str, str] | None = None, cwd: Path | None = None) -> Run:
    """``clinch ARGS`` in a child process capped at ``memory_mb``; ``code`` is None when it timed out."""
    full_env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    t0 = time.perf_counter()
    c0 = _child_cpu()
    try:
        proc = subprocess.run([sys.executable, "-m", "game", *map(str, args)], capture_output=True, text=True,
                              timeout=timeout, env=full_env, cwd=cwd or ROOT, preexec_fn=_cap(memory_mb),
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        return Run(None, _text(exc.stdout), _text(exc.stderr), time.perf_counter() - t0)
    return Run(proc.returncode, proc.stdout, proc.stderr, _child_cpu() - c0)


def _child_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children.

    Why: ``seconds`` is the command's own cost, measured in CPU time rather than on the wall clock, because
    the suite runs in parallel (pytest-xdist) on machines shared with other work: two workers on two busy
    cores made a 0.5 s refusal take 3-9 s of wall time. The wall-clock ``timeout`` still catches a hang.
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _text(b: bytes | str | None) -> str:
    if b is None:
        return ""
    return b if isinstance(b, str) else b.decode("utf-8", "replace")


def assert_refused(run: Run, *, names: str | Path | None = None, seconds: float = SECONDS) -> str:
    """Exit 2, one line on stderr (naming ``names`` when given), nothing on stdout, within ``seconds``.

    The startup of a fresh interpreter is counted in ``seconds`` (about 0.3 s here).
    """
    assert run.code is not None, f"hung (killed after {run.seconds:.1f} s); stderr: {run.stderr[-400:]!r}"
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.code == 2, f"exit {run.code}, stderr: {run.stderr[-600:]!r}, stdout: {run.stdout[:300]!r}"
    assert len(lines) == 1, f"{len(lines)} lines on stderr: {run.stderr[-600:]!r}"
    assert run.stdout == "", f"stdout not empty: {run.stdout[:300]!r}"
    assert run.seconds < seconds, f"took {run.seconds:.2f} s"
    if names is not None:
        assert str(names) in lines[0] or Path(names).name in lines[0], f"does not name {names}: {lines[0]!r}"
    return lines[0]
