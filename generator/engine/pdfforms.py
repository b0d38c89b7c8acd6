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

from reportlab import rl_config

from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFResourceDictionary, PDFStream, PDFZCompress


def end_form(c) -> None:
    """`c.endForm()` with the resources the form's drawing needs."""
    name = c._formData[0]
    c.endForm(Resources=_resources(c))
    _compress_now(c._doc, c._doc.idToObject[c._doc.getXObjectName(name)])


def _resources(c) -> PDFResourceDictionary:
    """The open form's resource dictionary; one shared by every form placing the same forms and using nothing else.

    It is written inside each form, so sharing the object changes no byte: it saves a 5,000-card
    build holding thousands of equal dictionaries until the PDF is written.
    """
    states = c._extgstate.getState()
    plain = not (states or c._shadingUsed or c._colorsUsed)
    shared: dict[frozenset[str], PDFResourceDictionary] = c._doc.__dict__.setdefault("_pnp_resources", {})
    key = frozenset(c._formsinuse)
    if plain and key in shared:
        return shared[key]
    resources = PDFResourceDictionary(XObject=c._doc.xobjDict(c._formsinuse) if c._formsinuse else {},
                                      ExtGState=states or {})
    resources.basicFonts()
    resources.allProcs()
    resources.setShading(c._shadingUsed)
    resources.setColorSpace(c._colorsUsed)
    if plain:
        shared[key] = resources
    return resources


def _compress_now(doc, form) -> None:
    """Compress a form's stream now, as saving would (the same bytes), instead of holding it whole until then.

    A 5,000-card build otherwise keeps every face's operators as text until the PDF is written.
    """
    # saving compresses a form by its own flag (the canvas's page compression), without ASCII85 here
    if not form.stream or not form.compression or rl_config.useA85 or form.Contents:
        return
    stream = _WrittenOnce(content=PDFZCompress.encode(form.stream))
    stream.dictionary["Filter"] = _FLATE
    setattr(stream, "__Comment__", "xobject form stream")  # as ReportLab comments it
    form.Contents, form.stream = stream, None


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
    named = (sorted(map(repr, c._extgstate._c.items())), sorted(c._shadingUsed.items()),
             sorted(c._colorsUsed.items()), sorted(c._formsinuse))
    return hashlib.sha256(("\n".join(c._code) + repr(named)).encode()).hexdigest()
