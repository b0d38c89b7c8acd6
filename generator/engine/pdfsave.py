"""Saving a canvas without holding its PDF twice.

ReportLab's `PDFDocument.format` formats every object into a list and joins it: while
the document's objects are still alive, the list and the joined bytes are two more
copies of the file (27 MiB at the peak of a 5,000-card build).  `spooled` sends each
formatted piece to a temporary file as it is made, which `common.files.write_set` copies
into place: the same bytes, never held in memory.  It replaces `PDFDocument.format`'s
accumulator (`PDFFile`, whose `write` receives every piece in order), stable since
ReportLab 3.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import IO, Any, Callable

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from common.files import Spooled

_SINK: ContextVar[IO[bytes] | None] = ContextVar("pdf_sink", default=None)


class _PDFFile(pdfdoc.PDFFile):
    """ReportLab's accumulator, sending each piece to the sink of the save in progress (if any) instead of
    keeping it for the join (which then joins nothing)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.sink = _SINK.get()
        if self.sink is not None:
            for piece in self.strings:   # the header, added by ReportLab's __init__
                self.sink.write(piece)
            self.strings.clear()
            self.write = self._send

    def _send(self, piece: bytes) -> None:
        assert self.sink is not None
        self.sink.write(piece)


setattr(pdfdoc, "PDFFile", _PDFFile)  # looked up by `PDFDocument.format`; without a sink, ReportLab's own


class _Nowhere:
    """The file ReportLab's `SaveToFile` writes its (now empty) joined data to."""

    name = "<pdf>"

    def write(self, data: bytes) -> None:
        assert not data, "the PDF went past the sink"


def spooled(make: Callable[[Any], Canvas]) -> Spooled:
    """The PDF that the canvas `make(out)` returns would save into `out`, in a temporary file.

    The canvas and its objects go when this returns, before anyone reads the file.
    """
    import tempfile  # writers only, as in `common.files`

    pdf = Spooled(tempfile.TemporaryFile())
    c = make(_Nowhere())
    token = _SINK.set(pdf.handle)
    try:
        c.save()
    finally:
        _SINK.reset(token)
    return pdf
