"""Rich card text drawn: `**bold**`, `*italic*` and `:icon:` tokens, shrunk to fit a box (laid out by
`cards.typeset.measure`, which `checker validate` checks texts with too).

Card text never becomes ReportLab markup: it is split into plain runs, each written
as a string of a PDF text operator, so `<`, `&` or `<font>` in a definition print as
written and nothing in a definition is ever evaluated.  (`escape` is here for templates
that do build a ReportLab Paragraph from card text themselves.)  A block of text is one
PDF text object: each line placed by a relative move, each run following the last by its
own advance, a face named only where it changes (see `_TextObject`).

A text that does not fit even at 6 pt (print.md: the minimum text size on cards) raises TextOverflow
naming the card and the field, never a silent overflow.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from reportlab.lib.rl_accel import fp_str

from cards.typeset.fonts import FACES, TEXT
from cards.typeset.measure import (ICON_EM, ICON_GAP, MIN_SIZE, Layout, Word, em, face_problem, fit, glyph_problem,
                                   icon_problem, ink, overflow, shaped)
from cards.typeset.scripts import needs_shaping, visual_order

from . import rl
from .errors import MissingGlyph, TextOverflow, UnknownIcon
from .icons import draw_icon, has_icon, icon_names
from .recording import text_run
from .safezone import check_safe, face_label


def escape(text: str) -> str:
    """Card text made safe for ReportLab Paragraph markup (`<`, `>`, `&`), as `xml.sax.saxutils.escape`
    does: importing that module loads `urllib.request`, `http.client`, `email` and `ssl` into every build."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def draw_text(c, text: str, x: float, y: float, w: float, h: float, *, field: str, size: float = 9.0,
              min_size: float = MIN_SIZE, font: str = TEXT, leading: float = 1.2, align: str = "left",
              valign: str = "top", color: tuple[float, float, float] | None = None) -> float:
    """Draw rich `text` inside the box (x, y, w, h) and return the size used.

    `field` names the definition field the text comes from ("options.1.text"), for
    errors.  `font` is a family (TEXT or DISPLAY); `**bold**`/`*italic*` pick its
    faces.  `align`: left, center or right; `valign`: top, middle or bottom.
    Icons are as tall as the font size, their bottom on the baseline.
    Raises TextOverflow below `min_size` (never below 6 pt), UnknownIcon for a
    `:name:` with no registered icon, SafeZoneError if the ink leaves the safe zone.
    """
    if font not in FACES:
        raise ValueError(f"font: expected a family ({', '.join(FACES)}), got {font!r}")
    min_size = max(min_size, MIN_SIZE)
    _check_icons(text, field)
    check_glyphs(text, font, field)
    result = fit(text, w, h, size=max(size, min_size), min_size=min_size, font=font, leading=leading)
    if result is None:
        raise TextOverflow(overflow(text, w, h, min_size=min_size, font=font, leading=leading), field=field,
                           **face_label())
    left, bottom, widest, height = ink(result, x, y, w, h, align, valign)
    if text.strip():
        check_safe(c, left, bottom, widest, height, field=field, what="text")
    c.saveState()
    if color is not None:
        c.setFillColorRGB(*color)
        c.setStrokeColorRGB(*color)   # outlined icons (ink saver) take the text colour too
    block = _TextObject(c, result.size)
    baseline = bottom + height - result.ascent
    for pieces, line_width in zip(_drawn(result), result.widths):
        cx = {"left": x, "center": x + (w - line_width) / 2, "right": x + w - line_width}[align]
        _draw_line(block, pieces, cx, baseline, result.size, field)
        baseline -= result.leading
    block.end()
    c.restoreState()
    return result.size


class _TextObject:
    """One PDF text object (BT .. ET) holding a block's runs: a line starts with a move (Td) relative
    to the last one, a run goes on where the one before it ended (the PDF advances by the glyphs'
    widths), a face is named (Tf) only where it changes, and the size is formatted once.

    Nothing but text may be painted inside a text object, so inline icons and shaped runs (which
    ReportLab writes itself) are drawn after it ends, where the layout put them.
    """

    def __init__(self, c: Any, size: float) -> None:
        self.c = c
        self.head = f"{fp_str(size)} Tf"
        self.code = ["BT"]
        self.at = (0.0, 0.0)   # the start of the current line: the origin of the last move
        self.moves: dict[tuple[float, float], str] = {}
        self.face: str | None = None
        self.subset = -1
        self.later: list[Callable[[], None]] = []

    def move(self, x: float, y: float) -> None:
        """Start a line at (x, y)."""
        step = (x - self.at[0], y - self.at[1])
        move = self.moves.get(step)
        if move is None:
            move = self.moves[step] = f"{fp_str(*step)} Td"
        self.code.append(move)
        self.at = (x, y)

    def show(self, face: str, text: str) -> None:
        """Show `text` in `face` where the last run ended (or the line starts)."""
        if face != self.face:
            self.face, self.subset = face, -1
        out, self.subset = text_run(self.c, self, face, self.head, text, self.subset)
        self.code.append(out)

    def end(self) -> None:
        if len(self.code) > 1:
            self.code.append("ET")
            rl.operators(self.c).append(" ".join(self.code))
        for draw in self.later:
            draw()


def _draw_shaped(c, face: str, size: float, x: float, baseline: float, drawn: str) -> None:
    c.setFont(face, size)
    c.drawString(x, baseline, drawn)


Piece = tuple[str | None, str, float | None]   # (face, text, width) or (None, icon name, None); None: shaped


def _drawn(result: Layout) -> tuple[tuple[Piece, ...], ...]:
    """Each line as it is drawn (`_pieces`): worked out once, as a layout is kept and a deck repeats its texts."""
    pieces = result.drawn.get("pieces")
    if pieces is None:
        pieces = result.drawn["pieces"] = tuple(_pieces(line, result.size, result.font, base)
                                                for line, base in zip(result.lines, result.bases))
    return pieces


def _pieces(line: tuple[tuple[Word, float], ...], size: float, font: str, base: str) -> tuple[Piece, ...]:
    """A line as strings with real spaces (so text can be copied and searched) and icons between, each
    face's neighbouring runs joined, with their widths.

    The pieces go left to right in their visual order (`_visual`: a right-to-left paragraph's run right to
    left, the Latin words and numbers in it left to right); a piece in a script that needs shaping is
    shaped when drawn, which also orders its letters.
    """
    units: list[tuple[str | None, str]] = []   # (face, text) or (None, icon name), in memory order
    space = em(" ", font)
    for k, (word, _) in enumerate(line):
        if k and not word.glued:
            # the space `layout` measured, in the face before it where that face's space is as wide (no font change)
            last = units[-1][0] if units else None
            units.append((last if last is not None and em(" ", last) == space else font, " "))
        units += [(None, r.icon) if r.icon else (r.face(font), r.text) for r in word]
    latin = all(face is None or text.isascii() for face, text in units)   # then none is shaped or runs right to left
    shown = [(face, text, False) for face, text in units]
    if not latin and (base == "R" or any(face is not None and needs_shaping(text) for face, text in units)):
        shown = _visual(units, base)
    merged: list[list[Any]] = []
    for face, text, is_shaped in shown:
        width = None if face is None or is_shaped else em(text, face) * size
        # a shaped piece stays alone: shaping a whole line would reorder its words again
        if merged and face is not None and merged[-1][0] == face and width is not None and merged[-1][2] is not None:
            merged[-1][1] += text
            merged[-1][2] += width
        else:
            merged.append([face, text, width])
    return tuple((face, text, width) for face, text, width in merged)


def _visual(units: list[tuple[str | None, str]], base: str) -> list[tuple[str | None, str, bool]]:
    """A line's runs cut where their direction changes and put in visual order by the bidirectional algorithm:
    (face, text, whether HarfBuzz shapes it); an icon counts as a neutral object (U+FFFC)."""
    text = "".join(t if face is not None else "\ufffc" for face, t in units)
    owner = [k for k, (face, t) in enumerate(units) for _ in (t if face is not None else "\ufffc")]
    segments: list[tuple[int, int, list[int], list[str]]] = []   # unit, level, indices, characters shown
    for index, level, char in visual_order(text, base):
        if segments and segments[-1][:2] == (owner[index], level):
            segments[-1][2].append(index)
            segments[-1][3].append(char)
        else:
            segments.append((owner[index], level, [index], [char]))
    out: list[tuple[str | None, str, bool]] = []
    for unit, _, indices, chars in segments:
        face, own = units[unit]
        logical = text[min(indices):max(indices) + 1]
        if face is None:
            out.append((None, own, False))
        elif needs_shaping(logical):
            out.append((face, logical, True))   # HarfBuzz orders its letters
        else:
            out.append((face, "".join(chars), False))   # already in visual order, brackets mirrored
    return out


def _draw_line(block: _TextObject, pieces: tuple[Piece, ...], x: float, baseline: float, size: float,
               field: str) -> None:
    """Show a line's pieces from x along the baseline: text in the text object, icons and shaped runs after it."""
    placed = False   # whether the text object's position is x
    for face, text, width in pieces:
        if face is None:
            block.later.append(partial(draw_icon, block.c, text, x + size * ICON_GAP, baseline, size, field=field,
                                       check=False))
            width = size * ICON_EM
            placed = False
        elif width is None:
            drawn, width = shaped(text, face, size)
            block.later.append(partial(_draw_shaped, block.c, face, size, x, baseline, drawn))
            placed = False
        else:
            if not placed:
                block.move(x, baseline)
                placed = True
            block.show(face, text)
        x += width


def check_glyphs(text: str, font: str, field: str) -> None:
    """Raise MissingGlyph for the first character of `text` that neither `font` nor its fallbacks print."""
    problem = glyph_problem(text, font)
    if problem:
        raise MissingGlyph(problem, field=field, **face_label())


def check_face(text: str, face: str, field: str | None = None) -> None:
    """Raise MissingGlyph for the first character of `text` that `face` lacks: for text a template draws
    directly in one face (`c.drawString`), with no fallback, so that it cannot print as an empty box."""
    problem = face_problem(text, face)
    if problem:
        raise MissingGlyph(problem, field=field, **face_label())


def _check_icons(text: str, field: str) -> None:
    problem = icon_problem(text, has_icon, icon_names)
    if problem:
        raise UnknownIcon(problem, field=field, **face_label())
