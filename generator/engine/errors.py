"""Layout errors: a face that cannot be printed as defined.

They name the card and the field (and, once the engine adds it, the file), the way
definition errors do, so `generator build` can print them and exit 2.
"""
from __future__ import annotations

from cards.errors import Problem


class LayoutError(Exception):
    """A definition that cannot be laid out: text too long, art outside the safe zone, paper too small."""

    def __init__(self, message: str, *, field: str | None = None, card: str | None = None,
                 card_name: str | None = None, file: str | None = None) -> None:
        self.message, self.field, self.card, self.card_name, self.file = message, field, card, card_name, file
        self.line: int | None = None  # where in `file`: known once the face is located
        self.cell: str | None = None
        super().__init__(str(self))

    def located(self, *, card: str | None, card_name: str | None, file: str | None,
                where: tuple[int | None, str | None] = (None, None)) -> "LayoutError":
        """The same error with the card, file and line (or cell) filled in where the raiser did not know them;
        `where` is a place in `file`, so it is not given to an error that already names another file."""
        located = type(self)(self.message, field=self.field, card=self.card or card,
                             card_name=self.card_name or card_name, file=self.file or file)
        line, cell = where if self.file in (None, file) else (None, None)
        located.line, located.cell = self.line or line, self.cell or cell
        located.args = (str(located),)
        return located

    def __str__(self) -> str:
        # worded like a definition error: file, card, field, message
        text = str(Problem(self.file or "", self.message, line=self.line, card=self.card, card_name=self.card_name,
                           path=self.field, cell=self.cell))
        return text if self.file else text.removeprefix(": ")


class TextOverflow(LayoutError):
    """A text that does not fit its box even at the 6 pt minimum."""


class SafeZoneError(LayoutError):
    """Text or an icon that crosses the safe zone (3 mm inside the trim)."""


class UnknownIcon(LayoutError):
    """A `:name:` token or icon call naming no registered icon."""


class MissingGlyph(LayoutError):
    """A character that no font configured for the text can print (it would print as an empty box)."""
