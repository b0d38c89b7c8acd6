"""`--shop dtc`: PDF/X-1a:2003 in CMYK, read back from the file.

No free validator checks PDF/X-1a, so each requirement is read out of the file with pikepdf:
no RGB or grey operator or image anywhere (pages, forms, shadings), every colour and every image
pixel within 240 % ink, no transparency, fonts embedded, TrimBox and BleedBox on every page, the
OutputIntent with its CMYK profile and the document information's PDF/X keys; and the ink is
measured once more on the page as Ghostscript separates it (`tiff32nc`).
"""
from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from generator.cli import app
from generator.engine.pdfx import INK_LIMIT, colour, pdfx1a, profile_bytes

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
RGB_OPS = {"rg", "RG", "g", "G"}
GLASS = '''format = 1
id = "glass"
name = "Glass"
rules = "generic"
players = [2, 4]

[schemas.card]
art = "image"

[[components]]
id = "deck"
name = "Deck"
kind = "card"
schema = "card"
file = "deck.toml"
size = "poker"
back = "plain"
'''


def translucent_game(folder: Path) -> Path:
    """A generic game whose first card's art has an alpha channel (drawn with a soft mask), the second's not."""
    (folder / "art").mkdir(parents=True)
    Image.new("RGBA", (60, 40), (200, 30, 40, 128)).save(folder / "art" / "glass.png")
    Image.new("RGB", (60, 40), (20, 130, 40)).save(folder / "art" / "leaf.png")
    (folder / "game.toml").write_text(GLASS)
    (folder / "deck.toml").write_text('[[cards]]\nid = "glass"\nname = "Glass"\nart = "art/glass.png"\n\n'
                                      '[[cards]]\nid = "leaf"\nname = "Leaf"\nart = "art/leaf.png"\n')
    return folder


def dtc_pdfs(tmp_path: Path, game: str) -> list[Path]:
    result = runner.invoke(app, ["build", game, "--out", str(tmp_path), "--shop", "dtc"])
    assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.glob("*-shop-dtc/*.pdf"))
    assert pdfs
    return pdfs


def _walk(owner, resources, seen: set, found: dict) -> None:
    """Every operator, colour, image, shading and graphics state under a page or form."""
    resources = resources if resources is not None else pikepdf.Dictionary()
    for font in (resources.get("/Font") or {}).values():
        descendants = font.get("/DescendantFonts")
        described = (descendants[0] if descendants else font).get("/FontDescriptor")
        found["fonts"].append(described is not None and any(k in described for k in ("/FontFile", "/FontFile2",
                                                                                      "/FontFile3")))
    for state in (resources.get("/ExtGState") or {}).values():
        found["states"].append({k: str(v) for k, v in state.items()})
    for shading in (resources.get("/Shading") or {}).values():
        found["spaces"].append(str(shading.ColorSpace))
    for item in pikepdf.parse_content_stream(owner):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            found["inline"] += 1
            continue
        op = str(item.operator)
        found["ops"].add(op)
        if op in ("k", "K", "sc", "scn", "SC", "SCN"):
            found["colours"].append(tuple(float(v) for v in item.operands))
        if op in ("cs", "CS"):
            found["spaces"].append(str(item.operands[0]))
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        if xobject.get("/Subtype") == "/Form":
            _walk(xobject, xobject.get("/Resources", resources), seen, found)
        elif not xobject.get("/ImageMask"):
            found["images"].append(xobject)


def read_back(path: Path) -> dict:
    pdf = pikepdf.open(path)
    found: dict = {"ops": set(), "colours": [], "spaces": [], "images": [], "states": [], "fonts": [], "inline": 0,
                   "pdf": pdf}
    seen: set = set()
    for page in pdf.pages:
        assert "/TrimBox" in page.obj and "/BleedBox" in page.obj and "/Group" not in page.obj
        _walk(page.obj, page.obj.get("/Resources"), seen, found)
    return found


def assert_pdfx1a(path: Path) -> None:
    found = read_back(path)
    pdf = found["pdf"]
    assert not found["ops"] & RGB_OPS, found["ops"] & RGB_OPS                 # no RGB or grey operator
    assert set(found["spaces"]) <= {"/DeviceCMYK"}, set(found["spaces"])
    assert found["inline"] == 0 and all(found["fonts"])                         # fonts embedded
    assert all(len(c) == 4 and sum(c) <= INK_LIMIT + 1e-6 for c in found["colours"]), max(map(sum, found["colours"]))
    for state in found["states"]:                                              # no transparency
        assert state.get("/ca", "1") in ("1", "1.0") and state.get("/CA", "1") in ("1", "1.0"), state
        assert state.get("/SMask", "/None") == "/None" and state.get("/BM", "/Normal") in ("/Normal", "/Compatible")
    for image in found["images"]:
        assert str(image.ColorSpace) == "/DeviceCMYK" and "/SMask" not in image and "/Mask" not in image
        pixels = np.asarray(pikepdf.PdfImage(image).as_pil_image(), dtype=np.int32)
        assert pixels.shape[-1] == 4 and pixels.sum(axis=-1).max() <= INK_LIMIT * 255
    intent, = pdf.Root.OutputIntents
    assert (str(intent.S), str(intent.OutputConditionIdentifier)) == ("/GTS_PDFX", "CGATS TR 003")
    icc = intent.DestOutputProfile.read_bytes()
    assert icc == profile_bytes() and icc[12:20] == b"prtrCMYK" and int(intent.DestOutputProfile.N) == 4
    info = pdf.trailer.Info
    assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003" and str(info.Trapped) == "/False"
    assert str(info.Title) and "/CreationDate" in info and "/ModDate" in info
    assert pdf.pdf_version == "1.4" and b"/ObjStm" not in path.read_bytes()


def rendered_ink(path: Path, tmp_path: Path) -> float:
    """The most ink any pixel of any page takes, in %, as Ghostscript separates the file (CMYK, 50 dpi)."""
    assert shutil.which("gs"), "the ink is measured with Ghostscript: apt-get install ghostscript (.ci/run does)"
    out = tmp_path / "ink"
    out.mkdir(exist_ok=True)
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r50",
                    f"-sOutputFile={out}/{path.stem}-%03d.tif", str(path)], check=True)
    most = 0.0
    for tif in sorted(out.glob(f"{path.stem}-*.tif")):
        pixels = np.asarray(Image.open(tif), dtype=np.int32)
        assert pixels.shape[-1] == 4
        most = max(most, pixels.sum(axis=-1).max() / 255 * 100)
    return most


@pytest.mark.parametrize("game", ["el-dorado-canyon", "eldorado", "eternal-gold-and-steel",
                                  str(ROOT / "examples" / "fox-deck")])
def test_dtc_writes_pdfx_1a_cmyk_within_240_percent(tmp_path, game):
    for pdf in dtc_pdfs(tmp_path, game):
        assert_pdfx1a(pdf)
        assert rendered_ink(pdf, tmp_path) <= 240.0 + 0.5        # gs rounds each plate to a 255th


def test_the_fox_decks_art_is_cmyk_and_its_black_text_black_ink_only(tmp_path):
    pdf, = dtc_pdfs(tmp_path, str(ROOT / "examples" / "fox-deck"))
    found = read_back(pdf)
    assert found["images"]                                          # its raster art, converted
    assert (0.0, 0.0, 0.0, 1.0) in found["colours"]                 # black as K 100 alone


def test_colours_go_through_the_profile_within_the_limit():
    assert colour((0.0, 0.0, 0.0)) == (0.0, 0.0, 0.0, 1.0) and colour((0.5,)) == (0.0, 0.0, 0.0, 0.5)
    red = colour((1.0, 0.0, 0.0))
    assert red[1] > 0.8 and red[2] > 0.8 and red[0] < 0.1 and sum(red) <= INK_LIMIT
    assert sum(colour((0.1, 0.0, 0.2))) <= INK_LIMIT                 # a deep violet: the profile keeps it in
    assert sum(colour((1.0, 1.0, 1.0, 1.0))) == pytest.approx(INK_LIMIT, abs=0.01)   # a 400 % CMYK held to 240 %


def test_a_face_with_transparency_is_flattened_into_one_cmyk_image(tmp_path):
    pdf, = dtc_pdfs(tmp_path, str(translucent_game(tmp_path / "glass")))
    assert_pdfx1a(pdf)
    doc = pikepdf.open(pdf)
    flat = [p for p in doc.pages if list((p.obj.Resources.get("/XObject") or {}).keys()) == ["/Flat"]]
    assert flat                                                   # the pages with the translucent art
    for page in flat:
        image = page.obj.Resources.XObject.Flat
        w = float(page.mediabox[2]) - float(page.mediabox[0])
        assert int(image.Width) == round(w / 72 * 300)             # at 300 dpi
    assert len(flat) < len(doc.pages)                             # the other faces stay vector


def test_the_other_shops_stay_rgb(tmp_path):
    result = runner.invoke(app, ["build", "el-dorado-canyon", "--out", str(tmp_path), "--shop", "generic"])
    assert result.exit_code == 0, result.output
    pdf = pikepdf.open(next(tmp_path.glob("*-shop-generic/63.5x88.9mm.pdf")))
    assert "/OutputIntents" not in pdf.Root




def converted(tmp_path: Path, pdf: bytes, name: str) -> pikepdf.Pdf:
    """`pdf` through `pdfx1a`, checked as PDF/X-1a, opened again from its file `tmp_path/NAME.pdf`."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdfx1a(pdf, name))
    assert_pdfx1a(path)
    return pikepdf.open(path)


def drawn(pages: int, draw) -> bytes:
    """A ReportLab PDF of `pages` 200 pt pages with trim and bleed boxes, each drawn by `draw(canvas, n)`."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200))
    for n in range(pages):
        c.setTrimBox((10, 10, 190, 190))
        c.setBleedBox((0, 0, 200, 200))
        draw(c, n)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_gradients_and_opacity_drawn_by_reportlab_convert_or_flatten(tmp_path):
    """A page with an RGB gradient stays vector in CMYK; a page with a translucent shape is flattened."""
    def draw(c, n: int) -> None:
        c.linearGradient(0, 0, 200, 0, ((1, 0, 0), (0, 0, 1)), extend=False)
        c.setFillColorRGB(0.2, 0.6, 0.3)
        if n == 1:
            c.setFillAlpha(0.5)
        c.rect(50, 50, 100, 100, fill=1, stroke=0)

    doc = converted(tmp_path, drawn(2, draw), "drawn")
    first, second = doc.pages
    assert "/Shading" in first.obj.Resources and "/XObject" not in first.obj.Resources      # vector, converted
    assert list(second.obj.Resources.XObject.keys()) == ["/Flat"]                          # flattened
    assert rendered_ink(tmp_path / "drawn.pdf", tmp_path) <= 240.5


def test_a_translucent_form_flattens_every_page_using_it(tmp_path):
    """A form refused on its first page is refused on the next page too, never left in RGB there."""
    def draw(c, n: int) -> None:
        if n == 0:
            c.beginForm("glass")
            c.setFillColorRGB(0.8, 0.1, 0.1)
            c.setFillAlpha(0.4)
            c.rect(10, 10, 80, 80, fill=1, stroke=0)
            c.endForm()
        c.doForm("glass")

    doc = converted(tmp_path, drawn(2, draw), "glass")
    assert [list(p.obj.Resources.XObject.keys()) for p in doc.pages] == [["/Flat"], ["/Flat"]]


def test_an_image_pikepdf_cannot_decode_flattens_its_page(tmp_path):
    doc = pikepdf.new()
    image = doc.make_stream(b"not a jbig2 stream", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                            Width=4, Height=4, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=1,
                            Filter=pikepdf.Name.JBIG2Decode)
    page = doc.add_blank_page(page_size=(100, 100))
    page.obj.TrimBox = pikepdf.Array([5, 5, 95, 95])
    page.obj.BleedBox = pikepdf.Array([0, 0, 100, 100])
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im=image))
    page.obj.Contents = doc.make_stream(b"q 50 0 0 50 25 25 cm /Im Do Q")
    buf = io.BytesIO()
    doc.save(buf)
    written = converted(tmp_path, buf.getvalue(), "odd")
    assert list(written.pages[0].obj.Resources.XObject.keys()) == ["/Flat"]
