"""Reading definition files safely and finding the line a field stands on.

`tomllib` (standard library, TOML 1.0) gives exact syntax error positions but no
positions for values, so `LineIndex` maps table headers and keys back to lines.
"""
from __future__ import annotations

import json
import re
import sys
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .errors import DefinitionError, Problem
from common.files import FileRefused, read_bytes

MAX_BYTES = 2_000_000
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\")\s*=")


def read_toml(path: Path, shown: str, inside: Path | None = None) -> tuple[dict[str, Any], str]:
    """Parse one TOML file (confined to the folder `inside`); every failure becomes a DefinitionError naming `shown`."""
    text = read_text(path, shown, inside)
    return parse_toml(text, shown), text


def read_text(path: Path, shown: str, inside: Path | None = None) -> str:
    """A definition file's text (confined to the folder `inside`), or a DefinitionError naming `shown`."""
    try:
        raw = read_bytes(path, inside=inside, limit=MAX_BYTES)
    except FileRefused as exc:
        raise DefinitionError([Problem(shown, f"cannot read file: {exc}")]) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DefinitionError([Problem(shown, f"expected UTF-8 text, got byte 0x{raw[exc.start]:02x}",
                                       line=raw[: exc.start].count(b"\n") + 1)]) from None


def parse_toml(text: str, shown: str) -> dict[str, Any]:
    """The data of a TOML text; a syntax error becomes a DefinitionError naming `shown` and the line."""
    import tomllib  # its parser's regular expressions: only a load that parses pays them, not a warm build

    old_limit = sys.getrecursionlimit()
    try:
        return tomllib.loads(text)
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


def reparse(old_text: str, old_data: dict[str, Any], new_text: str, table: str) -> dict[str, Any] | None:
    """`new_text`'s data when it differs from `old_text` (whose data is `old_data`) inside one `[[table]]`
    table only: that table parsed alone, the others as they were; None when that cannot be shown
    (then the whole file is parsed: a long-running process re-reads a 500-card file after each save).

    Sound because every `[[table]]` line of `old_text` is shown to be a real header: a file whose
    only top-level key is `table`, that never assigns it inline (`table = [...]`) and has no other
    `[[...]]` line of uncertain meaning (a quoted key), holds as many tables as header lines only
    when no such line hides in a multi-line string.  The parser then stands at the start of a
    statement on each header line, and a table parsed alone, as a whole document, ends at one:
    the rest of the file reads as before.
    """
    tables = old_data.get(table)
    header, unsure = _patterns(table)
    if set(old_data) != {table} or not isinstance(tables, list) or unsure.search(old_text) or unsure.search(new_text):
        return None
    heads = [m.start() for m in header.finditer(old_text)]
    if len(heads) != len(tables):
        return None
    same = _common(old_text, new_text, len(old_text), 1)
    tail = _common(old_text, new_text, min(len(old_text), len(new_text)) - same, -1)
    same = old_text.rfind("\n", 0, same) + 1          # whole lines: [same, *_end) holds every change
    whole = _whole_lines(old_text, new_text, tail)
    old_end, new_end = len(old_text) - whole, len(new_text) - whole
    before = [n for n, at in enumerate(heads) if at < same]
    if not before or any(same <= at < old_end for at in heads) or header.search(new_text, same, new_end):
        return None  # a change before the first table, or one that adds or removes a table
    n = before[-1]
    end = heads[n + 1] - old_end + new_end if n + 1 < len(heads) else len(new_text)
    import tomllib

    try:
        alone = tomllib.loads(new_text[heads[n]:end])
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None
    if set(alone) != {table} or not isinstance(alone[table], list) or len(alone[table]) != 1:
        return None
    return {table: tables[:n] + alone[table] + tables[n + 1:]}


@cache
def _patterns(table: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A `[[table]]` header line; a line that could make `table`'s tables otherwise: one assigning it
    (`table = `), one starting with a quoted key (`"\\u0063ards" =`, `[["cards"]]`), a `[[` other
    than `[[table]]` and `[[table.bare.keys]]`."""
    key = re.escape(table)
    return (re.compile(rf"^[ \t]*\[\[[ \t]*{key}[ \t]*\]\][ \t]*(?:#.*)?\r?$", re.M),
            re.compile(rf"^[ \t]*(?:{key}[ \t]*=|[\"'].*=|\[\[(?![ \t]*{key}[ \t]*(?:\.[ \t]*[A-Za-z0-9_-]+[ \t]*)*\]\]))",
                       re.M))


def _common(a: str, b: str, most: int, step: int) -> int:
    """How many characters `a` and `b` share at their start (`step` 1) or end (-1), at most `most`."""
    low, high = 0, max(0, min(most, len(a), len(b)))
    while low < high:  # by halves: slices compare at C speed
        mid = (low + high + 1) // 2
        if (a[:mid] == b[:mid]) if step > 0 else (a[len(a) - mid:] == b[len(b) - mid:]):
            low = mid
        else:
            high = mid - 1
    return low


def _whole_lines(a: str, b: str, tail: int) -> int:
    """How many characters of the `tail` both texts end with are whole lines in both."""
    if all(len(t) == tail or t[len(t) - tail - 1] == "\n" for t in (a, b)):
        return tail
    found = a.find("\n", len(a) - tail)
    return 0 if found < 0 else len(a) - found - 1


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
