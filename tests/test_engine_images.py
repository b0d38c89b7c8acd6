"""Art files: confined to the folder, checked before drawing, placed at their boxes, embedded once,
SVG kept as vectors, low resolution reported."""
from __future__ import annotations

import os

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen import canvas

from cards.art import ArtError, inspect_art
from generator.engine.icons import collecting_forms, define_forms
from generator.engine.images import collecting_warnings, draw_art, place

MM = 72 / 25.4
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
       '<rect x="0" y="0" width="40" height="20" fill="#c33"/><circle cx="20" cy="10" r="8" fill="#fff"/></svg>')


@pytest.fixture
def art(tmp_path):
    folder = tmp_path / "game"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (600, 300), (200, 30, 30)).save(folder / "art" / "wide.png")
    Image.new("RGB", (120, 120), (30, 30, 200)).save(folder / "art" / "small.jpg", "JPEG")
    (folder / "art" / "logo.svg").write_text(SVG)
    return folder


def test_cover_fills_the_box_and_keeps_the_focal_point_near_the_centre():
    spot = place(600, 300, 0, 0, 100, 100, "cover", focus=(0.25, 0.5))
    assert (spot.w, spot.h) == (200, 100) and spot.clip
    assert spot.x == pytest.approx(0.0)      # the focal point (x 50) is as near the centre (50) as it gets
    spot = place(600, 300, 0, 0, 100, 100, "cover", focus=(0.9, 0.5))
    assert spot.x == pytest.approx(-100.0)   # never uncovers the box's right edge


@pytest.mark.parametrize("fy, y", [(0.5, -50.0), (0.25, -100.0), (0.9, 0.0), (0.1, -100.0)])
def test_cover_keeps_a_vertical_focal_point_near_the_centre(fy, y):
    """A tall image in a square box: its focal height lands on the box's middle as far as covering allows."""
    spot = place(300, 600, 0, 0, 100, 100, "cover", focus=(0.5, fy))
    assert (spot.w, spot.h, spot.x) == (100, 200, 0) and spot.y == pytest.approx(y)


def test_contain_shows_the_whole_image_inside_the_box():
    spot = place(600, 300, 10, 10, 100, 100, "contain")
    assert (spot.x, spot.y, spot.w, spot.h, spot.clip) == (10, 35, 100, 50, False)


def _pdf(tmp_path, folder, boxes) -> PdfReader:
    pdf = tmp_path / "art.pdf"
    c = canvas.Canvas(str(pdf), pagesize=(200 * MM, 200 * MM), invariant=1)
    with collecting_forms() as forms:
        for name, box, fit in boxes:
            draw_art(c, inspect_art(folder, name), *[v * MM for v in box], fit=fit)
        c.showPage()
        define_forms(c, forms)
    c.save()
    return PdfReader(str(pdf))


def _images(reader: PdfReader) -> set:
    found = set()
    def walk(resources):
        for name, ref in (resources.get("/XObject") or {}).items():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found.add(ref.idnum)
            elif "/Resources" in obj:
                walk(obj["/Resources"])
    for page in reader.pages:
        walk(page["/Resources"])
    return found


def test_a_raster_placed_many_times_is_embedded_once(tmp_path, art):
    reader = _pdf(tmp_path, art, [("art/wide.png", (10 + 30 * i, 10, 25, 25), "cover") for i in range(5)])
    assert len(_images(reader)) == 1
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 5


def test_an_svg_stays_vector_and_is_drawn_once(tmp_path, art):
    reader = _pdf(tmp_path, art, [("art/logo.svg", (10 + 40 * i, 10, 30, 30), "contain") for i in range(3)])
    assert not _images(reader)                      # no raster anywhere
    forms = reader.pages[0]["/Resources"]["/XObject"]
    [name] = [n for n in forms if "art_" in n]
    drawing = forms[name].get_object().get_data().decode("latin-1")
    assert " re" in drawing or " m" in drawing      # vector operators


def test_low_resolution_art_is_a_warning_naming_the_dpi(tmp_path, art):
    c = canvas.Canvas(str(tmp_path / "x.pdf"))
    with collecting_warnings() as warnings:
        draw_art(c, inspect_art(art, "art/small.jpg"), 0, 0, 60 * MM, 60 * MM, fit="cover")   # 120 px on 60 mm
        draw_art(c, inspect_art(art, "art/wide.png"), 0, 0, 25 * MM, 12.5 * MM, fit="cover")  # 600 px on 25 mm
    assert warnings == ["warning: image: small.jpg prints at 51 dpi at its size, below 300: it may "
                        "look soft; use an image of at least 709 x 709 px"]


@pytest.mark.parametrize("name, message", [
    ("/etc/passwd", "expected a .png, .jpg, .jpeg or .svg file, got '/etc/passwd'"),
    ("../outside.png", "expected a file inside the game's folder, got '../outside.png' (it leads outside)"),
    ("art/link.png", "expected a file inside the game's folder, got 'art/link.png' (it leads outside)"),
    ("art/missing.png", "file not found: 'art/missing.png'"),
    ("art/text.png", "expected a PNG image, got a file that is not one: 'art/text.png'"),
    ("art/jpeg.png", "expected a PNG image, got a JPEG image: 'art/jpeg.png' (rename it or convert it)"),
    ("art/huge.png", "'art/huge.png' is 20000 x 20000 px: expected at most 16384 px a side and 24 megapixels "
                     "(300 dpi needs about 1,000 x 1,500 px for a card)"),
    ("art/fifo.png", "expected a regular file, got 'art/fifo.png' (a device, pipe or folder)"),
    ("art/loop.png", "cannot read 'art/loop.png': "),
    ("art/linked.svg", "expected an SVG with no links to other files, got a link to '/etc/passwd' in "
                       "'art/linked.svg' (line 1): embed the image in the SVG or place it as art of its own"),
    ("art/broken.svg", "expected an SVG drawing, got a file that is not well-formed XML: 'art/broken.svg' ("),
    ("art/html.svg", "expected an SVG drawing (an <svg> root in the SVG namespace), got <html>: 'art/html.svg'"),
])
def test_bad_art_is_refused_with_what_was_expected(tmp_path, art, name, message):
    (tmp_path / "outside.png").write_bytes((art / "art" / "wide.png").read_bytes())
    os.symlink(tmp_path / "outside.png", art / "art" / "link.png")
    (art / "art" / "text.png").write_text("not an image")
    Image.new("RGB", (10, 10)).save(art / "art" / "jpeg.png", "JPEG")
    Image.new("1", (20000, 20000)).save(art / "art" / "huge.png")
    os.mkfifo(art / "art" / "fifo.png")
    os.symlink("loop.png", art / "art" / "loop.png")
    (art / "art" / "linked.svg").write_text(SVG.replace("</svg>", '<image href="/etc/passwd" width="1" height="1"/></svg>'))
    (art / "art" / "broken.svg").write_text("<svg")
    (art / "art" / "html.svg").write_text("<html/>")
    with pytest.raises(ArtError) as info:
        inspect_art(art, name)
    assert str(info.value).startswith(message)
