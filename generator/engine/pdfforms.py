"""PDF form objects that keep everything their drawing uses.

ReportLab's `endForm` gives a form only its fonts and nested forms: the graphics
states of `setFillAlpha`/`setStrokeAlpha`/blend modes, the shadings of gradients and
the colour spaces of spot colours stay behind, so a face drawn with them breaks the
page ("ExtGState 'gRLs0' is unknown").  `end_form` gives the form the full resource
dictionary a page gets, so templates may use transparency, gradients and CMYK
separations like on a page.  This reads the canvas's per-form accumulators
(`_extgstate`, `_shadingUsed`, `_colorsUsed`, `_formsinuse`), stable since ReportLab 3.
"""
from __future__ import annotations

import hashlib
import tempfile
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Callable, Iterator

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (BasicFonts, PDFArray, PDFFormXObject, PDFName, PDFResourceDictionary,
                                      PDFStream, PDFZCompress, pdfdocEnc, xObjectName)

from common import cachefile

from . import rl
from .kept import Kept
from .keys import pickled


class KeptStreams(Kept[Any, bytes]):
    """What the forms of the last build of a long-running process (`generator watch`) came to: by its
    operators, a form's compressed stream; by everything its object's text depends on (that stream,
    its box, the object numbers its resources name), that text.  Both are pure functions of their keys,
    so a rebuild reuses them for every unchanged form and writes the bytes a cold build writes."""


class StoredStreams(KeptStreams):
    """`KeptStreams` between processes: what the forms of the last `generator build` of a kit came to, read
    from a file of the face cache, so that a second build (after a one-card edit, say) neither compresses
    again the streams of the faces it replays unchanged nor formats their objects again.

    Keys are digests of what `KeptStreams` keys by (the SHA-256 of what `keys.pickled` makes of them: the
    operators, or the stream with its box and the object numbers its resources name); the values, pure functions of those, are
    bytes.  The file is one entry of the face cache (`common.cachefile`: its header checks the body), its
    body records of a 32-byte digest, a 4-byte length and that many bytes; a torn, corrupt or foreign
    file, or one whose records do not fill it exactly, is a miss: every form is compressed and formatted
    again.  What this build uses goes to an anonymous spool file as it is made, not into memory, and `save`
    files it unless it came to more than LIMIT bytes (the 500-card folder's is 1.2 MB): a bigger kit is
    built as before, without the file, as reading and filing it would hold it in memory two or three
    times over (a 5,000-card kit's 12 MB took its peak from 149 to 188 MiB)."""

    LIMIT = 4_000_000

    def __init__(self, path: Path, name: str) -> None:
        super().__init__()
        self.path, self.name = path, name
        self.last = _records(cachefile.load_bytes(path, name))
        self._spool = tempfile.TemporaryFile()
        self._size = 0
        self._spooled: set[bytes] = set()

    @staticmethod
    def digest(key: Any) -> bytes:
        return hashlib.sha256(pickled(key)).digest()

    def made(self, key: Any, make: Callable[[], bytes]) -> bytes:
        return self.made_as(self.digest(key), make)

    def made_as(self, digest: bytes, make: Callable[[], bytes]) -> bytes:
        """`made` for the key whose digest is `digest`."""
        found = self.last.get(digest)
        if found is None:
            found = make()
        if digest not in self._spooled and self._size <= self.LIMIT:
            self._spooled.add(digest)
            self._spool.write(digest + len(found).to_bytes(4, "big") + found)
            self._size += 36 + len(found)
        return found

    def save(self) -> None:
        """File the streams and objects this build used (a cache that cannot be written is just no cache)."""
        if self._size > self.LIMIT:
            self._spool.close()
            try:
                self.path.unlink(missing_ok=True)
            except OSError:
                pass
            return
        self._spool.seek(0)
        cachefile.store_bytes(self.path, self.name, self._spool.read())
        self._spool.close()


def _records(body: bytes | None) -> dict[bytes, bytes]:
    """The records of a streams file's body, by digest; none unless they fill it exactly."""
    found: dict[bytes, bytes] = {}
    at, end = 0, len(body or b"")
    while body is not None and at + 36 <= end:
        size = int.from_bytes(body[at + 32:at + 36], "big")
        if at + 36 + size > end:
            return {}
        found[body[at:at + 32]] = body[at + 36:at + 36 + size]
        at += 36 + size
    return found if at == end else {}


_KEPT: ContextVar[KeptStreams | None] = ContextVar("kept_streams", default=None)


def stored_streams(path: Path, name: str) -> StoredStreams | None:
    """The streams of the last build filed at `path` under `name`; None inside `keeping_streams` (`generator
    watch` keeps its own in memory)."""
    return None if _KEPT.get() is not None else StoredStreams(path, name)


@contextmanager
def keeping_streams(kept: KeptStreams | None) -> Iterator[None]:
    """End the forms drawn inside through `kept` (nothing kept with None)."""
    token = _KEPT.set(kept)
    try:
        yield
    finally:
        _KEPT.reset(token)


def stored_stream(digest: bytes) -> bool:
    """Did the last build of this kit file the stream of the operators whose key has `digest` (`StoredStreams`)?"""
    kept = _KEPT.get()
    return isinstance(kept, StoredStreams) and digest in kept.last


def end_form(c, stored: bytes | None = None) -> bytes | None:
    """`c.endForm()` with the resources the form's drawing needs, its stream compressed now (the bytes saving
    would write) instead of held whole until then: a 5,000-card build kept every face's operators as text.

    With `stored` (`stored_stream` holds it), the form's operators are the ones whose key has that digest
    and are not on the canvas: their stream is the one filed.  The digest of the operators' key where a
    `StoredStreams` keeps them, else None."""
    resources = _resources(c)
    name = rl.open_form(c)
    doc, kept = rl.document(c), _KEPT.get()
    if not _compressed(c):
        c.endForm(Resources=resources)
        return None
    digest = None
    if isinstance(kept, StoredStreams):
        if stored is None:
            text = "\n".join([rl.preamble(c)] + rl.operators(c))  # what ReportLab's endForm makes the stream of
            digest = kept.digest(text)
            packed = kept.made_as(digest, lambda: _packed(text))
        else:
            digest, packed = stored, kept.made_as(stored, _missing)
    else:
        text = "\n".join([rl.preamble(c)] + rl.operators(c))
        packed = _packed(text) if kept is None else kept.made(text, lambda: _packed(text))
    placed = tuple(map(xObjectName, rl.forms_in_use(c)))  # doc.getXObjectName's names
    plain = not (rl.graphics_states(c) or rl.shadings(c) or rl.colour_spaces(c))
    rl.operators(c).clear()  # already encoded: ReportLab's endForm would encode it again
    rl.forms_in_use(c).clear()  # named in `resources`: ReportLab's endForm would make a dictionary it never writes
    c.endForm(Resources=resources)
    form = doc.idToObject[doc.getXObjectName(name)]
    form.Contents, form.stream = _form_stream(packed), None
    if kept is not None and plain:
        stream = hashlib.sha256(packed).digest()  # the stream by its digest: the bytes are let go once written
        setattr(form, "format", lambda document: kept.made(
            (stream, form.lowerx, form.lowery, form.upperx, form.uppery,
             tuple((n, document.idToObjectNumberAndVersion.get(n)) for n in (BasicFonts,) + placed)),
            lambda: PDFFormXObject.format(form, document)))
    return digest


def _missing() -> bytes:
    raise LookupError("a stored stream that `stored_stream` did not find")


def _resources(c) -> PDFResourceDictionary:
    """The open form's resource dictionary; one shared by every form placing the same forms and using nothing else.

    It is written inside each form, so sharing the object changes no byte: it saves a 5,000-card
    build holding thousands of equal dictionaries until the PDF is written, and formatting each.
    """
    states = rl.graphics_states(c)
    plain = not (states or rl.shadings(c) or rl.colour_spaces(c))
    shared: dict[frozenset[str], PDFResourceDictionary] = rl.document(c).__dict__.setdefault("_pnp_resources", {})
    key = frozenset(rl.forms_in_use(c))
    if plain and key in shared:
        return shared[key]
    forms = rl.forms_in_use(c)
    resources = PDFResourceDictionary(XObject=rl.document(c).xobjDict(forms) if forms else {},
                                      ExtGState=states or {})
    resources.basicFonts()
    resources.allProcs()
    resources.setShading(rl.shadings(c))
    resources.setColorSpace(rl.colour_spaces(c))
    if plain:
        shared[key] = resources
        _format_once(resources)
    return resources


def _format_once(resources: PDFResourceDictionary) -> None:
    """Have a shared dictionary format itself once per save: what it names (fonts, forms) is numbered
    before saving begins, so every form gets the same bytes (saving formatted it once per form)."""
    formatted: list[bytes] = []

    def once(document) -> bytes:
        if not formatted:
            formatted.append(PDFResourceDictionary.format(resources, document))
        return formatted[0]
    setattr(resources, "format", once)


def _compressed(c) -> bool:
    """Does saving Flate-compress `c`'s forms, and only that (`PDFFormXObject.format`)?"""
    return rl.compresses(c) and not rl_config.useA85


def _packed(text: str) -> bytes:
    """A form's operators as saving compresses them: `PDFZCompress.encode(pdfdocEnc(text))`."""
    return PDFZCompress.encode(_pdfdoc(text))


_REFUSED = bytes(range(24, 32))  # the only ASCII characters ReportLab's PDFDocEncoding codec has no code for


def _pdfdoc(text: str) -> bytes:
    """`pdfdocEnc(text)`, 30 times faster for the usual all-ASCII stream: ReportLab's codec (a Python
    character map) gives ASCII its own codes, and refuses 24-31 (left to it, to refuse them alike)."""
    if text.isascii():
        data = text.encode("ascii")
        if not any(code in data for code in _REFUSED):
            return data
    return pdfdocEnc(text)


def _form_stream(packed: bytes) -> PDFStream:
    stream = _WrittenOnce(content=packed)
    stream.dictionary["Filter"] = _FLATE
    setattr(stream, "__Comment__", "xobject form stream")  # as ReportLab comments it
    return stream


_FLATE = PDFArray([PDFName(PDFZCompress.pdfname)])


class _WrittenOnce(PDFStream):
    """A compressed form stream that lets go of its bytes once written into the PDF: saving then holds each
    face's content once (in the file being assembled), not twice."""

    def format(self, document) -> bytes:
        out = super().format(document)
        self.content = b""
        return out


def form_digest(c) -> str:
    """A digest of the open form's drawing and the resources its names stand for.

    Two forms with the same operators may still differ: `/gRLs0 gs` is alpha 0.5 in
    one and 0.3 in the other.
    """
    named = (sorted(map(repr, rl.graphics_state_items(c))), sorted(rl.shadings(c).items()),
             sorted(rl.colour_spaces(c).items()), sorted(rl.forms_in_use(c)))
    return hashlib.sha256(("\n".join(rl.operators(c)) + repr(named)).encode()).hexdigest()
