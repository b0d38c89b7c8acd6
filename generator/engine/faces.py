"""Each face is drawn once, into a PDF form object, and placed wherever it is printed.

Copies of a card, and backs that are the same for every card of a deck, then cost
one `Do` operator each instead of their whole drawing.  A back function receives
the record (camp boards have a record-specific other side).  One whose code never
reads its record parameter is drawn once per component; otherwise, when it draws
the very same thing for two records, the second form is left empty and the first
is reused.

Every face drawn is also recorded (`generator.engine.recording`), so the other PDFs of a
build (the Eldorado map is in the kit and on both posters) replay it instead of drawing
it again (pass them the same `Recordings`), and so are later builds (`FaceCache`).
"""
from __future__ import annotations

import dis
from contextlib import nullcontext
from dataclasses import fields, replace
from functools import cache
from operator import attrgetter
from typing import Any, Callable

from . import rl
from .box import MM, Box, Style
from .errors import LayoutError
from .facecache import FaceCache, Replayed
from .icons import FormDrawing, place_forms, placed_forms
from .keys import pickled
from .pdfforms import end_form, form_digest, stored_stream
from .recording import Nested, Recording, recording, replay, same_codes, used_codes
from .safezone import drawing_face
from .sheet import FaceRef, Item, Page
from .stamp import FaceStamps, Placed, Spot, draw_stamp


# every field of a page but its items, of an item but its face: what a page is painted from, with the faces' forms
_PAGE = attrgetter(*(f.name for f in fields(Page) if f.name != "items"))
_ITEM = attrgetter(*(f.name for f in fields(Item) if f.name != "face"))

# a face's recording and the icon and art forms it places; by face key
Recorded = tuple[Recording, dict[str, FormDrawing]]
Recordings = dict[tuple, Recorded]


class FaceForms:
    """The form object of every face of one PDF, drawn on first use (or replayed from `recordings`)."""

    def __init__(self, looks: Any, style: Style, bleed_mm: float, recordings: Recordings | None = None, *,
                 share: frozenset[str] = frozenset(), cache: FaceCache | None = None,
                 stamps: FaceStamps | None = None) -> None:
        """`recordings` keeps the faces of the components in `share` for the other PDFs of the build;
        `cache` keeps every face between builds; `stamps` stamps every face (`generator.engine.stamp`)."""
        # the game's language is how the kit is printed: each look writes its own words in it
        style = replace(style, lang=getattr(looks, "lang", None))
        self.looks, self.style, self.bleed, self.stamps = looks, style, bleed_mm * MM, stamps
        self._names: dict[tuple, str] = {}
        self._by_content: dict[tuple[str, str], str] = {}
        self.recordings: Recordings = {} if recordings is None else recordings
        self.share, self.cache = share, cache
        self.drawn: list[FaceRef] = []  # the faces drawn afresh (neither shared nor cached)
        self._boxes: dict[tuple, tuple[Any, Box]] = {}                        # by component spec and die face
        self._looks: dict[tuple, tuple[Any, Callable[..., None], bool]] = {}  # by component spec and side

    def box(self, face: FaceRef) -> Box:
        spec = face.component.spec
        known = self._boxes.get((id(spec), face.die_face))
        if known is None or known[0] is not spec:
            w, h = spec.size_mm
            if face.die_face is not None:  # a die's faces are squares of its width
                h = w
            known = self._boxes[id(spec), face.die_face] = spec, Box(w * MM, h * MM, bleed=self.bleed, face=face.die_face)
        return known[1]

    def _look(self, face: FaceRef) -> tuple[Callable[..., None], bool]:
        """The function drawing `face`, and whether it draws the same for every record (a shared back)."""
        spec = face.component.spec
        known = self._looks.get((id(spec), face.side))
        if known is None or known[0] is not spec:
            draw = self.looks.front(spec) if face.side == "front" else self.looks.back(spec)
            known = self._looks[id(spec), face.side] = spec, draw, face.side == "back" and ignores_record(draw)
        return known[1], known[2]

    def cached(self, face: FaceRef) -> bool:
        """Is `face` in the face cache (so a build would replay it)?"""
        shared = self._look(face)[1]
        stored = None if self.cache is None else self.cache.key(face, shared, self.box(face), self.style,
                                                                 self.stamps is not None)
        return stored is not None and self.cache is not None and self.cache.has(stored)

    def digest(self, face: FaceRef) -> str | None:
        """The face's digest (`stamp.FaceStamps.digest`), or None in a build without stamps."""
        return None if self.stamps is None else self.stamps.digest(face, self._look(face)[1])

    def _stamp(self, face: FaceRef, shared: bool) -> tuple[Placed, Spot] | None:
        """The face's stamp as laid out on its box, with the look's spot (`FaceStamps.placed`); None without one."""
        return None if self.stamps is None else self.stamps.placed(face, shared, self.box(face))

    def form(self, c, face: FaceRef) -> str:
        """The name of `face`'s form, drawing it now if it is new."""
        draw, shared = self._look(face)
        key = (face.component.id, None if shared else face.record.id, face.side, face.die_face)
        if key in self._names:
            return self._names[key]
        box = self.box(face)
        name = "face%d" % (len(self._names) + 1)
        c.beginForm(name, *_bbox(box))
        full = key + (self.style, self.bleed)
        recorded = self.recordings.get(full) if self.recordings else None
        stored = None if recorded or self.cache is None else self.cache.key(face, shared, box, self.style,
                                                                             self.stamps is not None)
        if stored is not None and self.cache is not None and face.component.id not in self.share:
            again = self.cache.replayed(stored)
            first = None if again is None else self._again(c, face, name, stored, again)
            if first is not None:
                self._names[key] = first
                return first
        if stored is not None and self.cache is not None:
            recorded = self.cache.load(stored)
        if recorded is not None:
            replay(c, recorded[0], None if self.cache is None or self.cache.kept is None else self.cache.kept.replays)
            place_forms(recorded[1])
        else:
            recorded = self._draw(c, face, draw, box, self._stamp(face, shared),
                                  keep=stored is not None or face.component.id in self.share)
            if recorded is not None and stored is not None and self.cache is not None:
                self.cache.store(stored, *recorded)
        if recorded is not None and face.component.id in self.share:
            self.recordings[full] = recorded
        first, content = self._dedupe(c, name, (face.component.id, face.side))
        preamble = rl.preamble(c)
        stream = end_form(c)
        if first == name and face.component.id not in self.share:  # (a form left empty holds no drawing)
            self._file_replayed(c, stored, recorded, preamble, stream, content)
        self._names[key] = first
        return first

    def _again(self, c, face: FaceRef, name: str, stored: str, again: Replayed) -> str | None:
        """Place the face's form as the last build of the kit wrote it, when this PDF gives its characters
        the same codes and holds its stream (`Replayed`); its form's name, or None (nothing done)."""
        assert self.cache is not None
        if (again.preamble != rl.preamble(c) or not same_codes(rl.document(c), again.codes)
                or not stored_stream(again.stream)):
            return None
        placed = self.cache.placed(again.placed, stored)
        if placed is None:
            return None
        rl.raise_pdf_version(rl.document(c), again.version)
        rl.forms_in_use(c).extend(again.forms)
        place_forms(placed)
        first = self._by_content.setdefault((face.component.id, face.side + again.content), name)
        end_form(c, again.stream if first == name else None)  # a second drawing the same is an empty form
        return first

    def _file_replayed(self, c, stored: str | None, recorded: Recorded | None, preamble: str, stream: bytes | None,
                       content: str) -> None:
        """File what the face's form came to for the next build (`Replayed`: its `preamble`, the digest of its
        `stream`, the `content` digest of its drawing), when a replay could repeat it from the codes of its
        characters (its runs, no form of its own defined)."""
        if stored is None or self.cache is None or self.cache.pack is None or recorded is None or not stream:
            return  # (only a kit's pack keeps them)
        rec, placed = recorded
        codes = None if any(isinstance(step, Nested) for step in rec.steps) else used_codes(rl.document(c), rec)
        if codes is not None:
            self.cache.store_replayed(stored, Replayed(codes, preamble, stream, content, rec.forms,
                                                       tuple(sorted(placed)), rec.pdf_version))

    def _draw(self, c, face: FaceRef, draw: Callable[..., None], box: Box, stamp: tuple[Placed, Spot] | None, *,
              keep: bool) -> Recorded | None:
        """Draw `face` (and its `stamp` over it); its recording and the forms it places, unless a replay could not
        repeat it or nothing would `keep` it (a build without the cache records only what another PDF of it
        replays)."""
        self.drawn.append(face)
        try:
            with drawing_face(c, face.record, box), (recording(c) if keep else nullcontext([None])) as result:
                draw(c, face.record, face.component.spec, box, self.style)
                if stamp is not None:
                    draw_stamp(c, *stamp)
        except LayoutError as exc:
            file, where = face.component.source(face.record, exc.field)
            raise exc.located(card=face.record.id, card_name=face.record.name, file=file, where=where) from None
        return None if result[0] is None else (result[0], placed_forms(result[0].forms))

    def page(self, c, page: Page, names: list[str], more: Any, paint: Callable[[], None]) -> None:
        """Paint `page` around its faces' forms `names` (placements, marks, footer: decided by the page, the names,
        `more` and the look).  With the face cache, a page painted by an earlier build is replayed from its
        recording, which writes the same operators (`recording.replay`): from memory in a long-running
        process (`generator watch`), else from the cache folder."""
        if self.cache is None or page.decor:  # a decoration is code, not a value to compare
            paint()
            return
        spec = self.cache.spec_digest
        key = page_key((self.cache.look, more, _PAGE(page), [
            (name, i.face.side, i.face.die_face, i.face.component.id, spec(i.face.component.spec), _ITEM(i))
            for i, name in zip(page.items, names)]))
        known = None if key is None else self.cache.load_page(key)
        if known is not None:
            replay(c, known, None if self.cache.kept is None else self.cache.kept.replays)
            return
        with recording(c) as result:
            paint()
        if result[0] is not None and key is not None:
            self.cache.store_page(key, result[0])

    def keep_form(self, name: str, bbox: tuple[float, ...], rec: Recording) -> None:
        """Keep an icon or piece of art `define_forms` drew, for the faces kept in the cache."""
        if self.cache is not None:
            self.cache.store_form(name, bbox, rec)

    def _dedupe(self, c, name: str, scope: tuple[str, str]) -> tuple[str, str]:
        """The form's name, or that of the first form of the same component side drawn the same (`_code`, where
        ReportLab gathers a form's operators until endForm, is then emptied); and the drawing's digest."""
        digest = form_digest(c)
        first = self._by_content.setdefault((scope[0], scope[1] + digest), name)
        if first != name:
            rl.operators(c).clear()
        return first, digest


def page_key(decided: tuple) -> bytes | None:
    """A page's key (`keys.pickled`) from what decides its painting; None (never cached) when it has none."""
    try:
        return pickled(decided)
    except ValueError:
        return None


def _bbox(box: Box) -> tuple[float, float, float, float]:
    x, y, w, h = box.bleed_rect
    return x, y, x + w, y + h


@cache
def ignores_record(draw: Callable[..., None]) -> bool:
    """True if `draw(c, record, ...)` is a plain function whose code never touches `record`.

    Read from the bytecode, so it is exact for such functions; anything else
    (a callable object, a partial, a closure over the record, `locals()`) counts as
    using it.
    """
    code = getattr(draw, "__code__", None)
    if code is None or code.co_argcount < 2 or getattr(draw, "__self__", None) is not None:
        return False
    name = code.co_varnames[1]
    if name in code.co_cellvars or {"locals", "vars"} & set(code.co_names):
        return False
    return 1 not in _locals_used(code.co_code)


# the opcodes naming local variables (`dis` shows their names): one each, or two of 4 bits each (3.13's pairs)
_FAST = frozenset(op for name, op in dis.opmap.items() if "FAST" in name)
_FAST_PAIRS = frozenset(op for name, op in dis.opmap.items() if name.count("FAST") == 2)


def _locals_used(raw: bytes) -> set[int]:
    """The local variables (by index: the arguments first) that bytecode `raw` loads, stores or deletes.

    A walk over the code's bytes, as `dis` reads them (`EXTENDED_ARG` widening the next argument):
    `dis.get_instructions` made an object of every instruction of every back drawn, 17 ms of a build."""
    used: set[int] = set()
    extended = 0
    for at in range(0, len(raw), 2):
        op, arg = raw[at], raw[at + 1] | extended
        extended = arg << 8 if op == dis.EXTENDED_ARG else 0
        if op in _FAST_PAIRS:
            used.update((arg >> 4, arg & 15))
        elif op in _FAST:
            used.add(arg)
    return used
