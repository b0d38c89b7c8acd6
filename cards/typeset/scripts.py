"""What a text needs beyond Latin: glyph cover, fallback fonts, line breaks without spaces, direction.

ReportLab draws whatever it is given: a character the font lacks prints as an empty box, Hebrew
letters come out in memory order (reversed) and Arabic unjoined.  So before text is laid out:

- every character is looked up in the face that will print it; one the face lacks is taken from
  the first fallback family that has it, and one no family has stops the build (`MissingGlyph`);
- Chinese and Japanese, written without spaces, may break between any two ideographs or kana
  (not before closing punctuation, not after opening punctuation: the basic *kinsoku* rule);
- a line holding right-to-left text is put in the order it is read by the Unicode bidirectional algorithm
  (python-bidi): a right-to-left paragraph runs right to left, the Latin words and numbers in it left to
  right; a run of right-to-left or joining scripts is shaped by HarfBuzz (through ReportLab), which
  orders and joins its glyphs.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from bidi import algorithm
from reportlab.pdfbase import pdfmetrics

_NO_BREAK_BEFORE = set("、。，．・：；？！ー）」』】〕〉》〙〗｝］…‥々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
_NO_BREAK_AFTER = set("（「『【〔〈《〘〖｛［")
_RTL = frozenset(("R", "AL"))
_INVISIBLE = frozenset(("Cc", "Cf", "Zs", "Zl", "Zp"))


@lru_cache(maxsize=None)
def _cover(face: str) -> frozenset[int]:
    """The code points a registered TrueType face maps to glyphs."""
    metrics = getattr(pdfmetrics.getFont(face), "face", None)  # a TrueType face; base-14 fonts have none
    return frozenset(getattr(metrics, "charToGlyph", None) or ())


def has_glyph(face: str, char: str) -> bool:
    """Whether `face` prints `char`; spaces and invisible format characters need no glyph."""
    return ord(char) in _cover(face) or unicodedata.category(char) in _INVISIBLE


def missing(text: str, face: str) -> str:
    """The characters of `text` that `face` cannot print, each once, in order."""
    if _cover(face).issuperset(map(ord, text)):  # the common case, asked for every run of every text
        return ""
    return "".join(dict.fromkeys(ch for ch in text if not has_glyph(face, ch)))


@cache
def _cjk() -> re.Pattern[str]:
    """Breakable around every character of these blocks: CJK ideographs, kana, Hangul syllables, CJK symbols
    and punctuation, full-width forms.  Compiled on first use (4 ms): a build replaying its faces may lay
    out no word that is not ASCII."""
    return re.compile("[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                      "\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0002fa1f]")


def cjk_pieces(text: str) -> list[str]:
    """`text` (one space-free word) cut where a line may break inside it: around CJK characters."""
    cjk = None if text.isascii() else _cjk()
    if cjk is None or not cjk.search(text):
        return [text]
    pieces = [text[0]]
    for prev, ch in zip(text, text[1:]):
        breakable = (cjk.match(prev) or cjk.match(ch)) and ch not in _NO_BREAK_BEFORE and prev not in _NO_BREAK_AFTER
        if breakable:
            pieces.append(ch)
        else:
            pieces[-1] += ch
    return pieces


def direction(text: str) -> str:
    """'R' if the first strong character is right-to-left, 'L' if left-to-right, '' if none."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _RTL:
            return "R"
        if kind == "L":
            return "L"
    return ""


def needs_shaping(text: str) -> bool:
    """Right-to-left or joining scripts: their glyphs must be ordered and joined by a shaper."""
    if text.isascii():  # the common case, asked for every word measured and drawn
        return False
    return any(unicodedata.bidirectional(ch) in _RTL or 0x0900 <= ord(ch) < 0x0E80 for ch in text)


def visual_order(text: str, base: str) -> list[tuple[int, int, str]]:
    """A line's characters as drawn from left to right: (index in `text`, embedding level, the character shown,
    mirrored where it runs right to left), by the Unicode bidirectional algorithm (UAX #9).

    python-bidi's Python implementation, run step by step so that each character keeps its index: its
    `get_display` (and the Rust one's) gives only the reordered string, and a line is drawn run by run,
    each in its own face, a right-to-left run shaped by HarfBuzz from its letters in memory order.
    `base` is the paragraph's direction ('R' or else left to right).
    """
    storage = algorithm.get_empty_storage()
    storage["base_level"], storage["base_dir"] = (1, "R") if base == "R" else (0, "L")
    algorithm.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
    for step in (algorithm.explicit_embed_and_overrides, algorithm.resolve_weak_types,
                 algorithm.resolve_neutral_types, algorithm.resolve_implicit_levels,
                 algorithm.reorder_resolved_levels, algorithm.apply_mirroring):
        step(storage, False)
    return [(char["index"], char["level"], char["ch"]) for char in storage["chars"]]
