"""Reading and writing state files: TOML in, TOML out, through `common.files` (bounded, all or nothing)."""
from __future__ import annotations

import tomllib
from typing import TYPE_CHECKING, Any

from cards.formats import FORMAT, format_problem
from common.files import FileRefused, read_bytes, write_file

from .errors import StateError

if TYPE_CHECKING:
    import os


def read_state(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a state file; any unreadable input (a FIFO, a device, too large) is a StateError, never a hang."""
    try:
        raw = read_bytes(path)
    except FileRefused as exc:
        raise StateError(f"cannot read state file: {exc}", file=str(path)) from None
    return parse_state(raw, str(path))


def parse_state(raw: bytes, name: str) -> dict[str, Any]:
    """A state file's bytes as its table; `name` (the file, or the name `checker serve` gives a state it was
    sent) is what the refusals name."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StateError(f"expected UTF-8 text, got byte 0x{raw[exc.start]:02x}", file=name) from None
    try:
        state = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StateError(f"TOML syntax error: {exc}", file=name) from None
    except (RecursionError, ValueError) as exc:  # nested too deep, an integer too long
        raise StateError(f"unreadable state: {type(exc).__name__}", file=name) from None
    problem = format_problem(state.pop("format", None))
    if problem:
        raise StateError(problem, field="format", file=name)
    return state


def write_state(path: str | os.PathLike[str], state: dict[str, Any]) -> None:
    """Write the next state all or nothing, led by the format version it is written in; a path that cannot
    take it is a StateError naming `--out`."""
    try:
        write_file(path, state_toml(state).encode("utf-8"))
    except FileRefused as exc:
        raise StateError(str(exc), field="--out") from None


def state_toml(state: dict[str, Any]) -> str:
    """A state as the TOML `--out` writes (and `checker serve` downloads), led by its format version."""
    import tomli_w  # only `--out` writes: a plain resolve does not load it

    return tomli_w.dumps({"format": FORMAT, **_drop_none(state)})


def _drop_none(value: Any) -> Any:
    """TOML has no null: leave out what is unset."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value
