"""Saving a PDF without holding it in memory: the same bytes as ReportLab's own save, written as one set."""
from __future__ import annotations

import hashlib
import io

import pytest
from reportlab.pdfbase.pdfdoc import pdfdocEnc

from common.files import Spooled, sha256, write_set
from generator.engine.pdfforms import _pdfdoc, end_form
from generator.engine.pdfsave import spooled
from generator.engine.render import invariant_canvas


def _draw(out):
    """A small document with forms, text in a standard font and several pages."""
    c = invariant_canvas(out)
    c.setTitle("save test")
    for n in range(3):
        c.beginForm(f"face{n}")
        c.setFillColorRGB(0.2 * n, 0.5, 0.7)
        c.rect(5, 5, 50, 80, fill=1)
        c.setFont("Helvetica", 9)
        c.drawString(8, 60, f"card {n} \u00e9t\u00e9")  # non-ASCII: the codec's own path
        end_form(c)
    for page in range(2):
        for n in range(3):
            c.doForm(f"face{n}")
            c.translate(60, 0)
        c.drawString(20, 20, f"page {page + 1}")
        c.showPage()
    return c


def test_a_spooled_pdf_is_the_pdf_reportlab_saves_itself():
    mine = spooled(_draw).read()
    buffer = io.BytesIO()
    _draw(buffer).save()
    assert mine == buffer.getvalue()
    assert mine.startswith(b"%PDF-") and mine.rstrip().endswith(b"%%EOF")


def test_a_canvas_saved_after_a_spooled_one_keeps_reportlabs_own_save():
    spooled(_draw)
    c = _draw(io.BytesIO())
    assert c.getpdfdata().startswith(b"%PDF-")


def test_write_set_writes_and_digests_a_spooled_file_like_its_bytes(tmp_path):
    data = bytes(range(256)) * 9000   # more than one chunk
    handle = io.BytesIO(data)
    pdf = Spooled(handle)
    assert sha256(pdf) == hashlib.sha256(data).hexdigest() == sha256(data)
    write_set({tmp_path / "kit.pdf": pdf, tmp_path / "kit.json": b"{}"})
    assert (tmp_path / "kit.pdf").read_bytes() == data
    assert (tmp_path / "kit.json").read_bytes() == b"{}"


@pytest.mark.parametrize("text", ["", "q 1 0 0 1 0 0 cm /F1 9 Tf (abc) Tj Q\n", "".join(map(chr, range(24))),
                                  "".join(map(chr, range(32, 128))), "caf\u00e9 \u2022 (\u00e9)"])
def test_form_operators_are_encoded_as_reportlab_encodes_them(text):
    assert _pdfdoc(text) == pdfdocEnc(text)


@pytest.mark.parametrize("code", range(24, 32))
def test_characters_reportlab_refuses_are_refused_alike(code):
    text = f"(a{chr(code)}b) Tj"
    with pytest.raises(UnicodeEncodeError):
        pdfdocEnc(text)
    with pytest.raises(UnicodeEncodeError):
        _pdfdoc(text)
