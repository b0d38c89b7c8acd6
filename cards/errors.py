"""Definition errors a person can act on: file, line, card, field, expected, found.

Every problem found while loading a game is collected, so a designer sees all the
mistakes of a file at once instead of fixing them one run at a time.  (No dataclasses:
`checker resolve` imports this module, and the `dataclasses` module and each class it
makes cost a start-up that must stay short.)
"""
from __future__ import annotations

from common.record import Record


class Problem(Record):  # a Record, not a NamedTuple or dataclass: resolve's start-up (common.record)
    """One thing wrong in a definition file; `cell` is where in a spreadsheet: "row 12, column 'cost'"."""

    __slots__ = ("file", "message", "line", "card", "card_name", "path", "cell")

    def __init__(self, file: str, message: str, line: int | None = None, card: str | None = None,
                 card_name: str | None = None, path: str | None = None, cell: str | None = None) -> None:
        self.file, self.message, self.line, self.card, self.card_name = file, message, line, card, card_name
        self.path, self.cell = path, cell

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        parts = [where]
        if self.cell:
            parts.append(self.cell)
        if self.card:
            label = f"card '{self.card}'"
            if self.card_name and self.card_name != self.card:
                label += f" ({self.card_name})"
            parts.append(label)
        if self.path:
            parts.append(self.path)
        parts.append(self.message)
        return ": ".join(parts)


MAX_SHOWN = 20  # problems printed per file; the rest are counted (a sheet of 3,785 broken rows is 20 lines and one)


class DefinitionError(Exception):
    """Raised with every problem of a game's definitions; the CLI prints them and exits 2.

    Its text holds the first MAX_SHOWN problems of each file, then one line per file counting the rest:
    `cards.csv: ... and 980 more problems (the first 20 are shown)`."""

    def __init__(self, problems: list[Problem] | None = None) -> None:
        self.problems = [] if problems is None else problems
        super().__init__(str(self))

    def __str__(self) -> str:
        lines: list[str] = []
        seen: dict[str, int] = {}
        for problem in self.problems:
            seen[problem.file] = count = seen.get(problem.file, 0) + 1
            if count <= MAX_SHOWN:
                lines.append(str(problem))
        lines += [f"{file}: ... and {count - MAX_SHOWN:,} more problem{'s' if count - MAX_SHOWN > 1 else ''} "
                  f"(the first {MAX_SHOWN} are shown)" for file, count in seen.items() if count > MAX_SHOWN]
        return "\n".join(lines)


def unshown(file: str, count: int) -> list[Problem]:
    """`count` problems of `file` found past the first MAX_SHOWN, counted without their details (describing
    a million cells would take longer than finding them); one object, `count` times."""
    return [Problem(file, "(not shown)")] * count


def describe(value: object, limit: int = 40) -> str:
    """Show a found value briefly: huge or deep values must not flood the terminal."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # e.g. a 5,000-digit integer
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text
