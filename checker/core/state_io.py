"""Reading and writing state files: TOML in, TOML out, atomically."""
from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from cards.formats import FORMAT, format_problem

from .errors import StateError


def read_state(path: Path) -> dict[str, Any]:
    """Parse a state file; any unreadable input is a StateError, never a traceback."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise StateError(f"cannot read state file: {exc.strerror or exc}", file=str(path)) from None
    try:
        state = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise StateError(f"expected UTF-8 text, got byte 0x{raw[exc.start]:02x}", file=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise StateError(f"TOML syntax error: {exc}", file=str(path)) from None
    except (RecursionError, ValueError) as exc:
        raise StateError(f"unreadable state: {type(exc).__name__}", file=str(path)) from None
    problem = format_problem(state.pop("format", None))
    if problem:
        raise StateError(problem, field="format", file=str(path))
    return state


def write_atomic(path: Path, data: bytes) -> None:
    """Write beside the target and rename: a failure never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a state file is an ordinary file
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_state(path: Path, state: dict[str, Any]) -> None:
    """The next state as TOML, led by the format version it is written in."""
    write_atomic(path, tomli_w.dumps({"format": FORMAT, **_drop_none(state)}).encode("utf-8"))


def _drop_none(value: Any) -> Any:
    """TOML has no null: leave out what is unset."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value
