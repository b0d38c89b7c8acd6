"""Reading definition files safely and finding the line a field stands on.

`tomllib` (standard library, TOML 1.0) gives exact syntax error positions but no
positions for values, so `LineIndex` maps table headers and keys back to lines.
"""
from __future__ import annotations

import json
import re
import sys
import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any

from .errors import DefinitionError, Problem
from .files import FileRefused, read_bytes

MAX_BYTES = 2_000_000
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\")\s*=")


def read_toml(path: Path, shown: str, inside: Path | None = None) -> tuple[dict[str, Any], str]:
    """Parse one TOML file (confined to the folder `inside`); every failure becomes a DefinitionError naming `shown`."""
    try:
        raw = read_bytes(path, inside=inside, limit=MAX_BYTES)
    except FileRefused as exc:
        raise DefinitionError([Problem(shown, f"cannot read file: {exc}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DefinitionError([Problem(shown, f"expected UTF-8 text, got byte 0x{raw[exc.start]:02x}",
                                       line=raw[: exc.start].count(b"\n") + 1)]) from None
    old_limit = sys.getrecursionlimit()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None) or _line_from_message(str(exc))
        if line is None and "end of document" in str(exc):
            line = text.count("\n") + 1
        msg = str(exc).split(" (at ")[0]
        raise DefinitionError([Problem(shown, f"TOML syntax error: {msg}", line=line)]) from None
    except RecursionError:
        raise DefinitionError([Problem(shown, "TOML nesting is too deep: expected at most a few levels of arrays and tables")]) from None
    except ValueError as exc:  # e.g. an integer beyond Python's digit limit
        raise DefinitionError([Problem(shown, f"unreadable value: {exc}")]) from None
    finally:
        sys.setrecursionlimit(old_limit)
    return data, text


def _line_from_message(message: str) -> int | None:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


class LineIndex:
    """Map a field path like ('cards', 3, 'priority') to its line in the source text.

    Built on first use: only a problem cites a line, so a valid file's index is seldom asked
    for, and a 5,000-card file's (its lines and tables) was about 7 MiB held through the whole build.
    """

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @cached_property
    def blocks(self) -> dict[tuple, tuple[int, int]]:
        """Each table's path -> (first line, end line), 0-based."""
        blocks: dict[tuple, tuple[int, int]] = {}
        latest: dict[tuple, int] = {}  # array-of-tables name -> index of its current element
        counts: dict[tuple, int] = {}  # resolved array path -> elements seen
        starts: list[tuple[tuple, int]] = [((), 0)]
        for number, line in enumerate(self.lines):
            match = _HEADER.match(line)
            if not match:
                continue
            name = tuple(part.strip().strip("\"'") for part in match.group(2).split("."))
            key: list = []
            for i, part in enumerate(name[:-1]):
                key.append(part)
                if name[: i + 1] in latest:
                    key.append(latest[name[: i + 1]])
            key.append(name[-1])
            if match.group(1) == "[[":
                resolved = tuple(key)
                counts[resolved] = counts.get(resolved, 0) + 1
                latest[name] = counts[resolved] - 1
                key.append(latest[name])
            starts.append((tuple(key), number))
        for i, (path, start) in enumerate(starts):
            end = starts[i + 1][1] if i + 1 < len(starts) else len(self.lines)
            blocks[path] = (start, end)
        return blocks

    def line_of(self, path: tuple) -> int | None:
        """1-based line of the deepest known table in `path`, then of the next key inside it."""
        best: tuple = ()
        for size in range(len(path), -1, -1):
            if tuple(path[:size]) in self.blocks:
                best = tuple(path[:size])
                break
        start, end = self.blocks.get(best, (0, len(self.lines)))
        rest = [p for p in path[len(best):] if isinstance(p, str)]
        if rest:
            for number in range(start, end):
                match = _KEY.match(self.lines[number])
                if match and match.group(1).strip('"') == rest[0]:
                    return number + 1
        return start + 1 if best else None

    def cell_of(self, path: tuple) -> str | None:
        """A TOML file has lines, not cells (see `cards.spreadsheet.CellIndex`)."""
        return None


def toml_key(key: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def inline(value: Any) -> str:
    """A value as one line of TOML, tables inline: what a designer types in a cell, what `checker template` writes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {inline(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"not a TOML value: {value!r}")
