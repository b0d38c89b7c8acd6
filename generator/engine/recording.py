"""A face's drawing recorded once and replayed into any PDF, byte for byte as if drawn again.

ReportLab writes text in an embedded font as codes of a per-document font subset, numbered
in order of first use, so a form's operators cannot simply be copied into another PDF (the
Eldorado map is printed in the kit and on two posters).  A recording keeps the operators
with each text run left open (font, size, leading, text); a replay encodes the runs against
the new document in the order they were first drawn, which gives every glyph exactly the
code a fresh drawing would.  Forms a drawing defines for itself on first use
(`form_once`, the Eldorado map's textures) are recorded in their place and defined by a
replay when its document lacks them.  A drawing that touches the document in any other way (images,
transparency, shadings, spot colours, base-14 fonts, shaped text) is not recorded: it is
drawn each time.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, NamedTuple

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics

from . import rl
from .pdfforms import end_form

_SLOT = "\x00%d\x00"
_SLOTS = re.compile("\x00(\\d+)\x00")
_KEPT_RUNS = 8192   # encoded runs kept per document


class Run(NamedTuple):
    """One text run: `fresh` when its text object had just been given its font (no subset chosen).  A
    named tuple: a second build makes one for every run of every cached face (6,300 for 500 cards)."""

    obj: int
    fresh: bool
    font: str
    head: str   # "SIZE Tf LEADING TL", written after the subset's name wherever the subset changes
    text: str


@dataclass(frozen=True)
class Recording:
    """A form's operators with `\\0N\\0` where run N goes, the runs and the forms it defines in
    drawing order, and the forms (icons, art) it places."""

    code: tuple[str, ...]
    steps: tuple[Run | Nested, ...]
    forms: tuple[str, ...]
    pdf_version: tuple[int, int]  # the least PDF version the drawing asks (1.4 once it sets an alpha)


@dataclass(frozen=True)
class Nested:
    """A form the drawing defined (or found defined) at this point: `form_once(c, key, bbox, ...)`."""

    key: str
    bbox: tuple[float, float, float, float]
    recording: Recording


@dataclass
class _Recorder:
    canvas: Any
    steps: list[Run | Nested] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    objects: dict[int, int] = field(default_factory=dict)
    added: int = 0            # PDF objects the forms it defined added
    spoiled: bool = False


_ACTIVE: ContextVar[_Recorder | None] = ContextVar("recording", default=None)


def _font(name: str) -> Any:
    """The registered font `name` (ReportLab's stubs lack the TrueType methods used here)."""
    return pdfmetrics.getFont(name)


def _recording_format_text(obj: Any, text: Any) -> str:
    """ReportLab's text objects' run formatting (the same operators, kept per document by `encode`), leaving a
    slot for the run while a recorder watches this canvas."""
    font, size, leading = rl.text_font(obj)
    c = rl.text_canvas(obj)
    if not rl.is_truetype(_font(font)) or type(text) is not str:  # a base-14 font, bytes or shaped text
        rec = _ACTIVE.get()
        if rec is not None and rec.canvas is c:
            rec.spoiled = True
        return rl.reportlab_format_text(obj, text)
    out, subset = text_run(c, obj, font, f"{fp_str(size)} Tf {fp_str(leading)} TL", text, rl.text_subset(obj))
    rl.set_text_subset(obj, subset)
    return out


rl.format_text_with(_recording_format_text)


def text_run(c: Any, obj: object, font: str, head: str, text: str, subset: int) -> tuple[str, int]:
    """The operators showing `text` in the TrueType face `font` inside the text object `obj` on `c`, naming
    the subset with `head` wherever it changes from `subset` (-1: none yet), and the subset left current;
    while a recording watches `c`, a slot that the run's operators fill (and a replay's encode again)."""
    rec = _ACTIVE.get()
    if rec is None or rec.canvas is not c:
        return encode(c, font, head, text, subset)
    run = Run(rec.objects.setdefault(id(obj), len(rec.objects)), subset == -1, font, head, text)
    out, subset = encode(c, font, head, text, subset)
    rec.steps.append(run)
    rec.texts.append(out)
    return _SLOT % (len(rec.texts) - 1), subset


def encode(c: Any, font: str, head: str, text: str, subset: int) -> tuple[str, int]:
    """The operators of a run in `c`'s document (as ReportLab's `_formatText` writes them), and the subset left current.

    Kept per document: once a run's characters have their codes, its operators never change (a deck
    repeats its words, a replay its runs)."""
    doc = rl.document(c)
    kept: dict[tuple[str, str, str, int], tuple[str, int]] = doc.__dict__.setdefault("_pnp_encoded", {})
    key = (font, head, text, subset)
    known = kept.get(key)
    if known is not None:
        return known
    face = _font(font)
    out: list[str] = []
    for part, chunk in face.splitString(text, doc):
        if part != subset:
            out.append(f"{face.getSubsetInternalName(part, doc)} {head}")
            subset = part
        out.append(f"({rl.escaped(c, chunk)}) Tj")
    if len(kept) >= _KEPT_RUNS:
        kept.clear()
    known = kept[key] = " ".join(out), subset
    return known


@contextmanager
def recording(c: Any) -> Iterator[list[Recording | None]]:
    """Record what is drawn on `c` inside (one open form); yields a list holding the recording afterwards,
    or None when the drawing used the document in a way a replay cannot repeat.

    The canvas receives the real operators either way, so the PDF is the one a plain drawing makes.
    """
    doc = rl.document(c)
    objects, fonts = len(doc.idToObject), set(doc.fontMapping)
    rec = _Recorder(c)
    token = _ACTIVE.set(rec)
    result: list[Recording | None] = [None]
    try:
        yield result
    finally:
        _ACTIVE.reset(token)
    texts = rec.texts
    code = tuple(rl.operators(c))
    rl.operators(c)[:] = _filled(code, texts)
    dynamic = all(rl.is_truetype(_font(name)) for name in set(doc.fontMapping) - fonts)
    if (not rec.spoiled and dynamic and len(doc.idToObject) == objects + rec.added and not rl.graphics_states(c)
            and not rl.shadings(c) and not rl.colour_spaces(c) and not rl.page_annotations(c)):
        result[0] = Recording(code, tuple(rec.steps), tuple(rl.forms_in_use(c)), rl.pdf_version(doc))


def form_once(c: Any, key: str, bbox: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
    """Define form `key` by `draw()` unless `c`'s document has it; a recording watching `c` notes it."""
    parent = _ACTIVE.get()
    parent = parent if parent is not None and parent.canvas is c else None
    known: dict[str, Nested] = c.__dict__.setdefault("_pnp_recorded_forms", {})
    if c.hasForm(key):
        if parent is not None:
            if key in known:
                parent.steps.append(known[key])
            else:
                parent.spoiled = True
        return
    objects = len(rl.document(c).idToObject)
    c.beginForm(key, *bbox)
    with recording(c) as result:
        draw()
    end_form(c)
    if result[0] is not None:
        known[key] = Nested(key, bbox, result[0])
    if parent is not None:
        parent.added += len(rl.document(c).idToObject) - objects
        if result[0] is None:
            parent.spoiled = True
        else:
            parent.steps.append(known[key])


# per font: (its name, its subsets' name in the document, the characters the runs use, their codes)
Codes = tuple[tuple[str, str, tuple[int, ...], tuple[int, ...]], ...]
Replays = dict[int, tuple[Recording, Codes, list[str]]]  # by id(recording): a replay's codes and operators


def replay(c: Any, rec: Recording, replays: Replays | None = None) -> None:
    """Draw `rec` into `c`'s open form: its runs encoded, and the forms it defines defined, in drawing order.

    With `replays` (kept by a long-running process), a recording replayed before into a document
    whose fonts give its characters the same codes (and the same subset names) writes the
    operators it wrote then: encoding is a pure function of those codes.
    """
    rl.raise_pdf_version(rl.document(c), rec.pdf_version)
    known = None if replays is None else replays.get(id(rec))
    if known is not None and known[0] is rec and same_codes(rl.document(c), known[1]):
        rl.operators(c).extend(known[2])
        rl.forms_in_use(c).extend(rec.forms)
        return
    current: dict[int, int] = {}
    texts = []
    for step in rec.steps:
        if isinstance(step, Nested):
            form_once(c, step.key, step.bbox, lambda: replay(c, step.recording))
            continue
        text, current[step.obj] = encode(c, step.font, step.head, step.text, -1 if step.fresh else current[step.obj])
        texts.append(text)
    code = _filled(rec.code, texts)
    rl.operators(c).extend(code)
    rl.forms_in_use(c).extend(rec.forms)
    if replays is not None and not any(isinstance(step, Nested) for step in rec.steps):  # nested: defines forms
        codes = used_codes(rl.document(c), rec)
        if codes is not None:
            replays[id(rec)] = rec, codes, code


def used_codes(doc: Any, rec: Recording) -> Codes | None:
    """The codes `doc`'s font subsets give the characters of `rec`'s runs (as `splitString` maps them)."""
    chars: dict[str, dict[int, None]] = {}
    for step in rec.steps:
        if isinstance(step, Run):
            chars.setdefault(step.font, {}).update(dict.fromkeys(32 if ch == 0xA0 else ch for ch in map(ord, step.text)))
    out = []
    for name, used in chars.items():
        font = _font(name)
        state = font.state.get(doc)
        if state is None or state.internalName is None:
            return None
        known = tuple(ch for ch in used if ch in state.assignments)  # the others have no glyph: code 0, always
        out.append((name, state.internalName, known, tuple(state.assignments[ch] for ch in known)))
    return tuple(out)


def same_codes(doc: Any, codes: Codes) -> bool:
    for name, internal, chars, expected in codes:
        state = _font(name).state.get(doc)
        if state is None or state.internalName != internal or tuple(map(state.assignments.get, chars)) != expected:
            return False
    return True


def _filled(code: tuple[str, ...], texts: list[str]) -> list[str]:
    """`code` with every slot replaced by its run's operators."""
    def text(m: re.Match) -> str:
        return texts[int(m.group(1))]
    return [_SLOTS.sub(text, line) if "\x00" in line else line for line in code]
