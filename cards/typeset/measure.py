"""How a rich text (`**bold**`, `*italic*`, `:icon:`) breaks into lines and shrinks to fit its box, measured with
the fonts' metrics: what `generator.engine.text.draw_text` draws and what `checker validate` checks, so the
two find the same texts too long, characters no font prints and icons no game has.

Shrink-to-fit tries the asked size first and steps down by 0.25 pt to 6 pt (print.md: the minimum text size
on cards); a text that still does not fit is reported by `overflow`, by how much and what to cut.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Collection

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfbase.ttfonts import shapeStr

from .fonts import FACES as _FACES
from .fonts import FALLBACKS, TEXT, register_fonts, shown_face
from .place import MM
from .scripts import cjk_pieces, direction, has_glyph, missing, needs_shaping

MIN_SIZE = 6.0
STEP = 0.25
ICON_GAP = 0.12  # of the font size, either side of an inline icon
ITALIC_OVERHANG = 0.15  # of the font size: how far an italic glyph's ink may pass its advance (0.144 measured)

_EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=\S)(.+?)(?<=\S)\*", re.S)
_ICON = re.compile(r":([a-z][a-z0-9\-]*):")
_SPACE = re.compile(r"[ \t]+")


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
    """Text broken into lines at one size: what `generator.engine.text.draw_text` will draw (kept, as a deck
    repeats its texts; `drawn` keeps the lines as drawn)."""

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

    drawn: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # what the drawing works out once


@lru_cache(maxsize=8192)
def em(text: str, face: str) -> float:
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
    return tuple(ICON_EM if r.icon else em(r.text, r.face(font)) for r in word)


def _run_width(run: Run, font: str, size: float) -> float:
    if run.icon:
        return size * ICON_EM
    face = run.face(font)
    if needs_shaping(run.text):
        return shaped(run.text, face, size)[1]
    return em(run.text, face) * size


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


def shaped(text: str, face: str, size: float) -> tuple[str, float]:
    """`text` shaped by HarfBuzz (through ReportLab) for drawing, and its width.  `shapeStr` gives back the
    text itself, a plain string without shaping data, when shaping changes nothing (a one-letter word, a
    Hebrew palindrome): then its width is the plain width."""
    out = shapeStr(text, face, size)
    data = getattr(out, "__shapeData__", None)
    if data is None:
        return out, stringWidth(out, face, size)
    return out, sum(d.x_advance for d in data) * size / 1000


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


def glyph_problem(text: str, font: str) -> str:
    """Why `text` in the family `font` cannot print (the first character neither it nor its fallbacks have), or ''.

    Checks every face the text's emphasis uses, so a bold word is checked in the bold face.
    """
    register_fonts()
    lacking = _lacking(text, font, tuple(_FACES[font].values()), FALLBACKS.get(font, ()))
    return "" if lacking is None else glyph_message(lacking[0], lacking[1])


def face_problem(text: str, face: str) -> str:
    """Why `text` cannot print in the one face `face` (no fallback), or ''."""
    register_fonts()
    lacking = missing(text, face)
    return glyph_message(lacking[0], (face,)) if lacking else ""


def glyph_message(ch: str, faces: Collection[str]) -> str:
    fonts = " or ".join(dict.fromkeys(map(shown_face, faces)))
    return (f"character {ch!r} (U+{ord(ch):04X}) is not in the font {fonts}: choose a font that has it "
            "or add a fallback font")


def icon_problem(text: str, has_icon: Callable[[str], bool], names: Callable[[], Collection[str]]) -> str:
    """Why an `:icon:` of `text` cannot print (no icon of that name: `has_icon`, the known ones `names`), or ''."""
    for name in _ICON.findall(text):
        if not has_icon(name):
            return f"unknown icon ':{name}:': expected one of {', '.join(sorted(names()))}"
    return ""


def ink(result: Layout, x: float, y: float, w: float, h: float, align: str, valign: str) -> tuple[float, float, float, float]:
    """(left, bottom, width, height) of a laid-out text's ink in its box: what the safe zone must hold."""
    top = {"top": y + h, "middle": y + (h + result.height) / 2, "bottom": y + result.height}[valign]
    widest = max(result.widths, default=0.0)
    left = {"left": x, "center": x + (w - widest) / 2, "right": x + w - widest}[align]
    return left, top - result.height, widest, result.height


def safe_problem(xs: Collection[float], ys: Collection[float], w: float, h: float, safe: float, what: str) -> str:
    """Why a drawn thing whose corners on the face are (xs, ys) leaves the safe zone of a w x h face, or ''."""
    tolerance = 0.01 * MM
    if min(xs) < safe - tolerance or min(ys) < safe - tolerance or max(xs) > w - safe + tolerance or \
            max(ys) > h - safe + tolerance:
        return (f"{what} crosses the safe zone: it spans x {min(xs) / MM:.1f}..{max(xs) / MM:.1f} mm, "
                f"y {min(ys) / MM:.1f}..{max(ys) / MM:.1f} mm of a {w / MM:.1f} x {h / MM:.1f} mm card "
                f"whose safe zone is {safe / MM:.1f} mm inside the trim")
    return ""
