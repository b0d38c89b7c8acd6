"""Rich card text: `**bold**`, `*italic*` and `:icon:` tokens, shrunk to fit a box.

Card text never becomes ReportLab markup: it is split into plain runs, each written
as a string of a PDF text operator, so `<`, `&` or `<font>` in a definition print as
written and nothing in a definition is ever evaluated.  (`escape` is here for templates
that do build a ReportLab Paragraph from card text themselves.)  A block of text is one
PDF text object: each line placed by a relative move, each run following the last by its
own advance, a face named only where it changes (see `_TextObject`).

Shrink-to-fit tries the asked size first and steps down by 0.25 pt to 6 pt
(print.md: the minimum text size on cards); a text that still does not fit raises
TextOverflow naming the card and the field, never a silent overflow.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import Any, Callable

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfbase.ttfonts import shapeStr

from .box import MM
from .errors import MissingGlyph, TextOverflow, UnknownIcon
from .fonts import FACES as _FACES
from .fonts import FALLBACKS, TEXT, register_fonts, shown_face
from .icons import draw_icon, has_icon, icon_names
from .recording import text_run
from .safezone import check_safe, face_label
from .scripts import cjk_pieces, direction, has_glyph, missing, needs_shaping, visual_order

MIN_SIZE = 6.0
STEP = 0.25
ICON_GAP = 0.12  # of the font size, either side of an inline icon
ITALIC_OVERHANG = 0.15  # of the font size: how far an italic glyph's ink may pass its advance (0.144 measured)

_EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=\S)(.+?)(?<=\S)\*", re.S)
_ICON = re.compile(r":([a-z][a-z0-9\-]*):")
_SPACE = re.compile(r"[ \t]+")


def escape(text: str) -> str:
    """Card text made safe for ReportLab Paragraph markup (`<`, `>`, `&`), as `xml.sax.saxutils.escape`
    does: importing that module loads `urllib.request`, `http.client`, `email` and `ssl` into every build."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


@dataclass(frozen=True)
class Run:
    """A piece of one word: text in one face, or an icon (`icon` set, `text` empty)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None
    family: str | None = None  # a fallback family printing what the text's own font lacks

    def face(self, font: str) -> str:
        """The registered face that prints this run in a text set in the family `font`."""
        return _FACES[self.family or font][self.bold, self.italic]


class Word(tuple):
    """A word's runs; a line may break before it, where a space stands (see `Glued`)."""

    glued = False


class Glued(Word):
    """A word that follows the previous one without a space: a line may break there (CJK text)."""

    glued = True


Paragraph = list[Word]


def parse(text: str) -> list[Paragraph]:
    """Split text into paragraphs (at newlines) of words (at spaces) of styled runs.

    An emphasis marker without its partner prints as a literal star.
    """
    return [_words(_runs(line, False, False)) for line in text.split("\n")]


def _runs(text: str, bold: bool, italic: bool) -> list[Run]:
    out: list[Run] = []
    pos = 0
    for match in _EMPHASIS.finditer(text):
        out += _plain(text[pos:match.start()], bold, italic)
        if match.group(1) is not None:
            out += _runs(match.group(1), True, italic)
        else:
            out += _runs(match.group(2), bold, True)
        pos = match.end()
    return out + _plain(text[pos:], bold, italic)


def _plain(text: str, bold: bool, italic: bool) -> list[Run]:
    out: list[Run] = []
    pos = 0
    for match in _ICON.finditer(text):
        if match.start() > pos:
            out.append(Run(text[pos:match.start()], bold, italic))
        out.append(Run("", bold, italic, icon=match.group(1)))
        pos = match.end()
    if pos < len(text):
        out.append(Run(text[pos:], bold, italic))
    return out


def _words(runs: list[Run]) -> Paragraph:
    """Regroup runs into words: a space breaks a word, an icon does not; CJK text breaks between characters."""
    words: list[list[Run]] = [[]]
    glued = [False]
    for run in runs:
        if run.icon:
            words[-1].append(run)
            continue
        pieces = _SPACE.split(run.text)
        for i, piece in enumerate(pieces):
            if i:
                words.append([])
                glued.append(False)
            for k, part in enumerate(cjk_pieces(piece) if piece else []):
                if k:
                    words.append([])
                    glued.append(True)
                words[-1].append(Run(part, run.bold, run.italic))
    return [(Glued if g else Word)(w) for w, g in zip(words, glued) if w]


@lru_cache(maxsize=4096)
def _prepared(text: str, font: str) -> tuple[tuple[Word, ...], ...]:
    """`parse(text)` with each character the font lacks moved to the first fallback family that has it."""
    return tuple(tuple(type(word)(r for run in word for r in _fallen_back(run, font)) for word in paragraph)
                 for paragraph in parse(text))


def _fallen_back(run: Run, font: str) -> list[Run]:
    if run.icon or not missing(run.text, run.face(font)):
        return [run]
    out: list[Run] = []
    for ch in run.text:
        family = next((f for f in (font, *FALLBACKS.get(font, ())) if has_glyph(_FACES[f][run.bold, run.italic], ch)),
                      font)
        family_or_none = None if family == font else family
        if out and out[-1].family == family_or_none:
            out[-1] = Run(out[-1].text + ch, run.bold, run.italic, family=family_or_none)
        else:
            out.append(Run(ch, run.bold, run.italic, family=family_or_none))
    return out


@dataclass(frozen=True)
class Layout:
    """Text broken into lines at one size: what `draw_text` will draw."""

    size: float
    lines: tuple[tuple[tuple[Word, float], ...], ...]  # each line: (word, its width)
    widths: tuple[float, ...]
    leading: float
    ascent: float
    descent: float
    font: str   # the family it is set in
    bases: tuple[str, ...] = ()   # each line's paragraph direction ('R' right to left, else left to right)

    @property
    def height(self) -> float:
        return self.ascent - self.descent + (len(self.lines) - 1) * self.leading if self.lines else 0.0

    @cached_property
    def pieces(self) -> tuple[tuple[Piece, ...], ...]:
        """Each line as it is drawn (`_pieces`): worked out once, as a layout is kept and a deck repeats its texts."""
        return tuple(_pieces(line, self.size, self.font, base) for line, base in zip(self.lines, self.bases))


@lru_cache(maxsize=8192)
def _em(text: str, face: str) -> float:
    """The width of `text` in `face` at 1 pt: times a size, exactly `stringWidth` at that size (both
    multiply 0.001 by the sum of the glyphs' widths, then by the size), measured once per word."""
    return stringWidth(text, face, 1)


ICON_EM = 1 + 2 * ICON_GAP  # an inline icon's advance, in ems


@lru_cache(maxsize=4096)
def _measured(text: str, font: str) -> tuple[tuple[tuple[Word, tuple[float, ...] | None, float], ...], ...]:
    """`_prepared(text, font)` with each word's runs' widths at 1 pt (None where a run is shaped: its
    width is measured at each size) and its overhang at 1 pt (`ITALIC_OVERHANG` if it ends in italics):
    shrink-to-fit lays a text out at many sizes, each a multiple of these."""
    return tuple(tuple((word, _ems(word, font), ITALIC_OVERHANG if word[-1].italic and not word[-1].icon else 0.0)
                       for word in paragraph) for paragraph in _prepared(text, font))


def _ems(word: Word, font: str) -> tuple[float, ...] | None:
    if len(word) > 1 and any(needs_shaping(r.text) for r in word) or len(word) == 1 and needs_shaping(word[0].text):
        return None
    return tuple(ICON_EM if r.icon else _em(r.text, r.face(font)) for r in word)


def _run_width(run: Run, font: str, size: float) -> float:
    if run.icon:
        return size * ICON_EM
    face = run.face(font)
    if needs_shaping(run.text):
        return shaped(run.text, face, size)[1]
    return _em(run.text, face) * size


def layout(text: str, width: float, size: float, *, font: str = TEXT, leading: float = 1.2) -> Layout | None:
    """Break `text` into lines of at most `width` at `size`, or None if a word is wider.

    A line's width counts the overhang of an italic last word, so right-aligned
    italics and the safe-zone check see the ink, not just the advance widths.
    Layouts are kept (they are read, never changed): a name is measured and then drawn,
    shrink-to-fit tries the same sizes again, and a deck repeats its rules texts.
    """
    register_fonts()
    return _layout(text, width, size, font, leading, tuple(_FACES[font].values()), FALLBACKS.get(font, ()))


@lru_cache(maxsize=2048)
def _layout(text: str, width: float, size: float, font: str, leading: float, faces: tuple[str, ...],
            fallbacks: tuple[str, ...]) -> Layout | None:
    """`layout`, keyed also by the faces and fallbacks the family stands for (a game may register its own)."""
    space = stringWidth(" ", font, size)
    lines: list[list[tuple[Word, float]]] = []
    widths: list[float] = []
    bases: list[str] = []
    for own, paragraph in zip(text.split("\n"), _measured(text, font)):
        base = "L" if own.isascii() else direction(own)   # the paragraph's first strong character decides
        line: list[tuple[Word, float]] = []
        used = tail = 0.0
        for word, ems, overhang in paragraph:
            if ems is None:
                w = sum(_run_width(r, font, size) for r in word)
            else:   # as `sum` adds them, from 0
                w = ems[0] * size if len(ems) == 1 else sum(em * size for em in ems)
            ends = size * overhang
            gap = 0.0 if word.glued else space
            if w + ends > width + 1e-6:
                return None
            if line and used + gap + w + ends > width + 1e-6:
                lines.append(line)
                widths.append(used + tail)
                bases.append(base)
                line, used = [], 0.0
            used += (gap if line else 0.0) + w
            tail = ends
            line.append((word, w))
        lines.append(line)
        widths.append(used + tail)
        bases.append(base)
    ascent, descent = getAscentDescent(font, size)
    return Layout(size, tuple(map(tuple, lines)), tuple(widths), size * leading, ascent, descent, font, tuple(bases))


def fit(text: str, width: float, height: float, *, size: float, min_size: float = MIN_SIZE,
        font: str = TEXT, leading: float = 1.2) -> Layout | None:
    """The largest layout from `size` down to `min_size` (0.25 pt steps) that fits the box."""
    steps = max(0, round((size - min_size) / STEP))
    for i in range(steps + 1):
        current = max(min_size, size - i * STEP)
        result = layout(text, width, current, font=font, leading=leading)
        if result is not None and result.height <= height + 1e-6:
            return result
    return None


def overflow(text: str, w: float, h: float, *, min_size: float, font: str = TEXT, leading: float = 1.2) -> str:
    """Why `text` does not fit its w x h box at `min_size`, by how much, and what a definition's author can cut
    (the box belongs to the look: the text is what a TOML file can change)."""
    box = f"{w / MM:.1f} x {h / MM:.1f} mm box"
    least = layout(text, w, min_size, font=font, leading=leading)
    if least is None:
        widest = max(text.split(), key=lambda word: stringWidth(word, font, min_size))
        return (f"text does not fit its {box} even at {min_size:g} pt: the word {widest.strip('*')!r} alone is wider "
                f"({stringWidth(widest, font, min_size) / MM:.1f} mm); shorten or hyphenate it")
    over = least.height - h
    cut = max(1, -(-len(text) * over // least.height))
    return (f"text does not fit its {box} even at {min_size:g} pt: it needs {least.height / MM:.1f} mm of height, "
            f"{over / MM:.1f} mm ({over / h:.0%}) more than the box has; shorten it by about {cut:.0f} of its "
            f"{len(text)} characters")


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
    if font not in _FACES:
        raise ValueError(f"font: expected a family ({', '.join(_FACES)}), got {font!r}")
    min_size = max(min_size, MIN_SIZE)
    _check_icons(text, field)
    check_glyphs(text, font, field)
    result = fit(text, w, h, size=max(size, min_size), min_size=min_size, font=font, leading=leading)
    if result is None:
        raise TextOverflow(overflow(text, w, h, min_size=min_size, font=font, leading=leading), field=field,
                           **face_label())
    top = {"top": y + h, "middle": y + (h + result.height) / 2, "bottom": y + result.height}[valign]
    widest = max(result.widths, default=0.0)
    left = {"left": x, "center": x + (w - widest) / 2, "right": x + w - widest}[align]
    if text.strip():
        check_safe(c, left, top - result.height, widest, result.height, field=field, what="text")
    c.saveState()
    if color is not None:
        c.setFillColorRGB(*color)
        c.setStrokeColorRGB(*color)   # outlined icons (ink saver) take the text colour too
    block = _TextObject(c, result.size)
    baseline = top - result.ascent
    for pieces, line_width in zip(result.pieces, result.widths):
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
            self.c._code.append(" ".join(self.code))
        for draw in self.later:
            draw()


def _draw_shaped(c, face: str, size: float, x: float, baseline: float, drawn: str) -> None:
    c.setFont(face, size)
    c.drawString(x, baseline, drawn)


Piece = tuple[str | None, str, float | None]   # (face, text, width) or (None, icon name, None); None: shaped


def _pieces(line: tuple[tuple[Word, float], ...], size: float, font: str, base: str) -> tuple[Piece, ...]:
    """A line as strings with real spaces (so text can be copied and searched) and icons between, each
    face's neighbouring runs joined, with their widths.

    The pieces go left to right in their visual order (`_visual`: a right-to-left paragraph's run right to
    left, the Latin words and numbers in it left to right); a piece in a script that needs shaping is
    shaped when drawn, which also orders its letters.
    """
    units: list[tuple[str | None, str]] = []   # (face, text) or (None, icon name), in memory order
    space = _em(" ", font)
    for k, (word, _) in enumerate(line):
        if k and not word.glued:
            # the space `layout` measured, in the face before it where that face's space is as wide (no font change)
            last = units[-1][0] if units else None
            units.append((last if last is not None and _em(" ", last) == space else font, " "))
        units += [(None, r.icon) if r.icon else (r.face(font), r.text) for r in word]
    latin = all(face is None or text.isascii() for face, text in units)   # then none is shaped or runs right to left
    shown = [(face, text, False) for face, text in units]
    if not latin and (base == "R" or any(face is not None and needs_shaping(text) for face, text in units)):
        shown = _visual(units, base)
    merged: list[list[Any]] = []
    for face, text, shaped in shown:
        width = None if face is None or shaped else _em(text, face) * size
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


def shaped(text: str, face: str, size: float) -> tuple[str, float]:
    """`text` shaped by HarfBuzz (through ReportLab) for drawing, and its width.  `shapeStr` gives back the
    text itself, a plain string without shaping data, when shaping changes nothing (a one-letter word, a
    Hebrew palindrome): then its width is the plain width."""
    out = shapeStr(text, face, size)
    data = getattr(out, "__shapeData__", None)
    if data is None:
        return out, stringWidth(out, face, size)
    return out, sum(d.x_advance for d in data) * size / 1000


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
    """Raise MissingGlyph for the first character of `text` that neither `font` nor its fallbacks print.

    Checks every face the text's emphasis uses, so a bold word is checked in the bold face.
    """
    register_fonts()
    lacking = _lacking(text, font, tuple(_FACES[font].values()), FALLBACKS.get(font, ()))
    if lacking is not None:
        raise _glyph_error(lacking[0], list(lacking[1]), field)


@lru_cache(maxsize=2048)
def _lacking(text: str, font: str, faces: tuple[str, ...],
             fallbacks: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The first character no face prints and the faces tried, or None; kept, as a deck repeats its texts
    (keyed like `_layout`)."""
    for paragraph in _prepared(text, font):
        for word in paragraph:
            for run in word:
                lacking = "" if run.icon else missing(run.text, run.face(font))
                if lacking:
                    return lacking[0], (run.face(font), *(_FACES[f][run.bold, run.italic] for f in fallbacks))
    return None


def check_face(text: str, face: str, field: str | None = None) -> None:
    """Raise MissingGlyph for the first character of `text` that `face` lacks: for text a template draws
    directly in one face (`c.drawString`), with no fallback, so that it cannot print as an empty box."""
    register_fonts()
    lacking = missing(text, face)
    if lacking:
        raise _glyph_error(lacking[0], [face], field)


def _glyph_error(ch: str, faces: list[str], field: str | None) -> MissingGlyph:
    fonts = " or ".join(dict.fromkeys(map(shown_face, faces)))
    return MissingGlyph(f"character {ch!r} (U+{ord(ch):04X}) is not in the font {fonts}: choose a font that has it "
                        "or add a fallback font", field=field, **face_label())


def _check_icons(text: str, field: str) -> None:
    for name in _ICON.findall(text):
        if not has_icon(name):
            raise UnknownIcon(f"unknown icon ':{name}:': expected one of {', '.join(icon_names())}", field=field,
                              **face_label())
