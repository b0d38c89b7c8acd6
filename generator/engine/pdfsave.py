"""Saving a canvas without holding its PDF twice.

ReportLab's `PDFDocument.format` formats every object into a list and joins it: while
the document's objects are still alive, the list and the joined bytes are two more
copies of the file (27 MiB at the peak of a 5,000-card build).  `saved` sends each
formatted piece to a temporary file as it is made, lets the canvas go, and only then
reads the file back: the same bytes, held once, after the objects that made them are
gone.  It reads `PDFDocument.format`'s accumulator (`PDFFile`, whose `write` receives
every piece in order), stable since ReportLab 3.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import IO, Any, Callable

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

_SINK: ContextVar[IO[bytes] | None] = ContextVar("pdf_sink", default=None)


class _PDFFile(pdfdoc.PDFFile):
    """ReportLab's accumulator, writing each piece to the sink of the save in progress (if any) instead of
    keeping it for a join."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        sink = _SINK.get()
        if sink is not None:
            for piece in self.strings:   # the header, added by ReportLab's __init__
                sink.write(piece)
            self.strings = None
            self.write = sink.write

    def format(self, document: Any) -> bytes:
        return b"" if self.strings is None else super().format(document)


pdfdoc.PDFFile = _PDFFile   # looked up by `PDFDocument.format` when it saves; the same as ReportLab's without a sink


class _Nowhere:
    """The file ReportLab's `SaveToFile` writes its (now empty) joined data to."""

    name = "<pdf>"

    def write(self, data: bytes) -> None:
        assert not data, "the PDF went past the sink"


def saved(make: Callable[[Any], Canvas]) -> bytes:
    """The bytes of the PDF that the canvas `make(out)` returns would save into `out`.

    The canvas is dropped once saved, before the file is read back, so its objects are gone by then.
    """
    import tempfile  # writers only, as in `cards.files`

    with tempfile.TemporaryFile() as sink:
        c = make(_Nowhere())
        token = _SINK.set(sink)
        try:
            c.save()
        finally:
            _SINK.reset(token)
        del c
        sink.seek(0)
        return sink.read()
