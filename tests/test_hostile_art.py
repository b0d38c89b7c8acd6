"""Hostile art (issue 26, cases 5 to 9 and 14; issue 30, defect 4): SVG fonts that name files or the
system's fonts, SVGs with no size, absurd numbers, links out, too many elements, embedded images that
lie, raster files that pass Pillow's `verify()` but do not decode, decompression bombs.

Each is `generator build` of `generator new`'s scaffold with one card's art replaced: exit 2 and one
line naming the card's file and the art file, or (fonts) a kit that embeds only the game's fonts; the
worst cases run in a child whose peak memory (VmHWM) is read back.  And no kit, shop file or example
holds a font that is not embedded.
"""
from __future__ import annotations

import base64
import io
import os
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app as generator_app
from hostile import one_line_failure, run

ROOT = Path(__file__).resolve().parent.parent
SECRET_FONT = ROOT / "examples" / "fox-deck" / "fonts" / "DejaVuSerif-Bold.ttf"  # a face the scaffold never uses
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
MEMORY_LIMIT_KB = 500_000


def scaffold(folder: Path) -> Path:
    result = CliRunner().invoke(generator_app, ["new", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def with_art(folder: Path, name: str, data: bytes | str) -> Path:
    """The scaffold, its first card's art replaced by `name` holding `data` (the other cards keep theirs)."""
    scaffold(folder)
    path = folder / "art" / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text().replace('art = "art/sample.svg"', f'art = "art/{name}"', 1))
    return folder


def peak_kb(marker: Path) -> str:
    """A fault that writes the child's peak resident memory (kB) to `marker` as it exits."""
    return f"""
import atexit
def _peak():
    with open('/proc/self/status') as status:
        kb = next(l.split()[1] for l in status if l.startswith('VmHWM'))
    open({str(marker)!r}, 'w').write(kb)
atexit.register(_peak)
"""


def build(folder: Path, tmp_path: Path, *, cwd: Path | None = None, env_path: str | None = None):
    """`generator build FOLDER` in a child; its result and peak memory in kB."""
    marker = tmp_path / "peak.txt"
    fault = peak_kb(marker)
    if env_path is not None:
        fault += f"\nimport os; os.environ['PATH'] = {env_path!r}\n"
    result = run("generator", "build", str(folder), "--out", str(tmp_path / "out"), fault=fault, cwd=cwd or ROOT)
    return result, int(marker.read_text())


def pdffonts(pdf: Path) -> list[list[str]]:
    report = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    return [row.split() for row in report.splitlines()[2:]]


def svg(body: str, size: str = 'width="10" height="10"') -> str:
    return f'<svg {NS} {size}>{body}</svg>'


def png(width: int, height: int, mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, (width, height)).save(out, "PNG")
    return out.getvalue()


def noise_jpeg() -> bytes:
    out = io.BytesIO()
    Image.frombytes("RGB", (200, 200), os.urandom(200 * 200 * 3)).save(out, "JPEG", quality=95)
    return out.getvalue()


def short_zlib_png() -> bytes:
    """A PNG whose IDAT holds the first half of its zlib stream under a correct CRC: `verify()` passes it."""
    out = io.BytesIO()
    Image.frombytes("RGB", (300, 300), os.urandom(300 * 300 * 3)).save(out, "PNG")
    data, at, chunks, pixels = out.getvalue(), 8, [], b""
    while at < len(data):
        length, = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IDAT":
            pixels += body
            continue
        if kind == b"IEND":
            chunks.append((b"IDAT", pixels[:len(pixels) // 2]))
        chunks.append((kind, body))
    return data[:8] + b"".join(struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
                               for kind, body in chunks)


def embedded(kind: str, data: bytes) -> str:
    href = f"data:image/{kind};base64," + base64.b64encode(data).decode()
    return svg(f'<image width="10" height="10" xlink:href="{href}"/>')


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8)).save(out, "GIF")
    return out.getvalue()


# ---- fonts inside SVG art (case 5, 6) --------------------------------------------------------------------

@pytest.mark.parametrize("family", ["{outside}/Secret", "Secret", "Roboto", "Arial, sans-serif", "serif"])
def test_an_svg_font_family_is_never_a_file_or_a_system_font(tmp_path, family):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    for folder in (outside, tmp_path):  # an absolute path, and a name the current folder holds
        (folder / "Secret.ttf").write_bytes(SECRET_FONT.read_bytes())
    tools = tmp_path / "bin"  # an fc-match that leaves a mark when run
    tools.mkdir()
    (tools / "fc-match").write_text(f"#!/bin/sh\ntouch {tmp_path}/fc-match-ran\necho {outside}/Secret.ttf\n")
    (tools / "fc-match").chmod(0o755)
    drawing = svg(f'<text x="1" y="8" font-family="{family.format(outside=outside)}" font-size="6">Hidden</text>')
    game = with_art(tmp_path / "g", "words.svg", drawing)
    result, _ = build(game, tmp_path, cwd=tmp_path, env_path=f"{tools}:{os.environ['PATH']}")
    assert result.returncode == 0, result.stderr
    fonts = pdffonts(tmp_path / "out" / "g-a4.pdf")
    assert all(row[-5] == "yes" for row in fonts), fonts
    assert not any("Serif" in row[0] for row in fonts), fonts  # the Secret font never embedded
    assert not (tmp_path / "fc-match-ran").exists()
    text = subprocess.run(["pdftotext", str(tmp_path / "out" / "g-a4.pdf"), "-"], capture_output=True, text=True).stdout
    assert "Hidden" in text  # printed, in the kit's text face


def test_an_svg_font_family_the_game_declares_prints_in_that_font_and_replays_from_the_cache(tmp_path):
    drawing = svg('<text x="1" y="8" font-family="Roboto, Title" font-weight="bold" font-size="6">Named</text>'
                  '<text x="1" y="4" font-family="display" font-size="3">Old</text>')
    game = with_art(tmp_path / "g", "words.svg", drawing)
    first, _ = build(game, tmp_path)
    assert first.returncode == 0, first.stderr
    kit = (tmp_path / "out" / "g-a4.pdf").read_bytes()
    again, _ = build(game, tmp_path)  # the face now comes from the face cache
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    assert (tmp_path / "out" / "g-a4.pdf").read_bytes() == kit
    names = [row[0].split("+")[-1] for row in pdffonts(tmp_path / "out" / "g-a4.pdf")]
    assert "OldStandardTT-Bold" in names and "OldStandardTT-Regular" in names, names  # Title, display


# ---- SVG art that cannot be drawn (case 7, 14) --------------------------------------------------------------

def rects(count: int) -> str:
    return svg("".join(f'<rect x="{i % 500}" y="{i // 500}" width="1" height="1"/>' for i in range(count)),
               'width="500" height="400"')


SVGS = {
    "no size": (svg('<rect width="5" height="5"/>', ""), "expected an SVG with a size (width and height above 0, "
                "or a viewBox), got none: 'art/bad.svg'"),
    "zero": (svg('<rect width="5" height="5"/>', 'width="0" height="10"'), "got width='0', height='10': 'art/bad.svg'"),
    "negative": (svg('<rect width="5" height="5"/>', 'width="-10" height="10"'), "got width='-10', height='10'"),
    "negative viewBox": (svg("", 'viewBox="0 0 10 -10"'), "expected a viewBox whose width and height are above 0"),
    "huge width": (svg("", 'width="1e308" height="10"'), "expected numbers between -1e+09 and 1e+09, got 1e308 in "
                   "width='1e308' in 'art/bad.svg' (line 1)"),
    "huge scale": (svg('<rect transform="scale(1e308)" width="5" height="5"/>'), "got 1e308 in transform='scale(1e308)'"),
    "scales composed": (svg('<rect transform="scale(1e6) scale(1e6)" width="5" height="5"/>'),
                        "expected a transform within +-1e+09, got transform='scale(1e6) scale(1e6)'"),
    "infinite": (svg('<path d="M0 0L1e999 5"/>'), "got 1e999 in d='M0 0L1e999 5'"),
    "file url": (svg('<rect style="fill:url(file:///x.svg#g)" width="5" height="5"/>'),
                 "expected url(#id) naming a part of the drawing, got url(file:///x.svg#g)"),
    "import": (svg('<style>@import url("#a");</style>'), "got @import in its style sheet in 'art/bad.svg'"),
    "200,000 rects": (rects(200_000), "expected an SVG of at most 20,000 elements, got more: 'art/bad.svg'"),
    "uses repeating": (svg('<g id="a">' + '<rect width="1" height="1"/>' * 200 + '</g>' + '<use xlink:href="#a"/>' * 200),
                       "expected an SVG of at most 20,000 elements (each <use> counting those it repeats)"),
    "embedded truncated": (embedded("png", png(50, 50)[:60]), "expected a PNG image, got a damaged one (its pixels do "
                           "not decode): the image embedded in 'art/bad.svg' (line 1)"),
    "embedded gif as jpeg": (embedded("jpeg", gif()), "expected a JPEG image, got a GIF image: the image embedded"),
    "embedded not base64": (svg('<image width="1" height="1" xlink:href="data:image/png;base64,@@@"/>'),
                            "expected an embedded PNG image in base64, got data that is not base64"),
    "embedded bomb": (embedded("png", png(30000, 30000, "1")), "the image embedded in 'art/bad.svg' (line 1) is "
                      "30000 x 30000 px: expected at most 16384 px a side and 24 megapixels"),
    "embedded 12000": (embedded("png", png(12000, 12000, "1")), "is 12000 x 12000 px: expected at most"),
    "embedded together": (svg("".join(f'<image width="1" height="1" xlink:href="data:image/png;base64,'
                                      f'{base64.b64encode(png(4000, 4000, "1")).decode()}"/>' for _ in range(2))),
                          "is 4000 x 4000 px: expected at most 16384 px a side and 8 megapixels"),
}


@pytest.mark.parametrize("case", SVGS)
def test_svg_art_that_cannot_be_drawn_is_one_line_and_exit_2(tmp_path, case):
    drawing, message = SVGS[case]
    game = with_art(tmp_path / "g", "bad.svg", drawing)
    result, peak = build(game, tmp_path)
    line = one_line_failure(result, f"{game}/cards.toml:7: card 'first' (First Light): art: ", message)
    assert "art/bad.svg" in line
    assert peak < MEMORY_LIMIT_KB, peak
    assert not (tmp_path / "out").exists()


# ---- raster art that does not decode, or decodes too large (case 8, 9, 14) -----------------------------------

RASTERS = {
    "jpeg cut to 3,000 bytes": ("bad.jpg", lambda: noise_jpeg()[:3000],
                                "expected a JPEG image, got a damaged one (its pixels do not decode): 'art/bad.jpg'"),
    "png with a short zlib stream": ("bad.png", short_zlib_png,
                                     "expected a PNG image, got a damaged one (its pixels do not decode): 'art/bad.png'"),
    "gif named jpeg": ("bad.jpg", gif, "expected a JPEG image, got a GIF image: 'art/bad.jpg'"),
    "30000 x 30000 bomb": ("bad.png", lambda: png(30000, 30000, "1"), "'art/bad.png' is 30000 x 30000 px"),
    "16384 x 6000 rgba": ("bad.png", lambda: png(16384, 6000, "RGBA"),
                          "'art/bad.png' is 16384 x 6000 px: expected at most 16384 px a side and 24 megapixels"),
}


@pytest.mark.parametrize("case", RASTERS)
@pytest.mark.parametrize("use", ["card art", "background"])
def test_raster_art_that_does_not_decode_within_the_budget_is_one_line_and_exit_2(tmp_path, case, use):
    name, make, message = RASTERS[case]
    if use == "card art":
        game = with_art(tmp_path / "g", name, make())
        where = f"{game}/cards.toml:7: card 'first' (First Light): art: "
    else:
        game = scaffold(tmp_path / "g")
        (game / "art" / name).write_bytes(make())
        layout = game / "layouts" / "card.toml"
        layout.write_text(layout.read_text().replace('background = "#f4ecd8"', f'background = {{ image = "art/{name}" }}', 1))
        where = f"{game}/layouts/card.toml:6: "
    if case == "jpeg cut to 3,000 bytes" or case == "png with a short zlib stream":
        with Image.open(game / "art" / name) as image:
            image.verify()  # what passed before: the damage is in the pixel data
    result, peak = build(game, tmp_path)
    one_line_failure(result, where, message)
    assert peak < MEMORY_LIMIT_KB, peak
    assert not (tmp_path / "out").exists()


def test_the_largest_raster_the_budget_allows_builds_within_the_memory_target(tmp_path):
    game = with_art(tmp_path / "g", "big.png", png(6000, 4000, "RGBA"))  # 24 megapixels, 4 bytes each
    result, peak = build(game, tmp_path)
    assert result.returncode == 0, result.stderr
    assert peak < MEMORY_LIMIT_KB, peak


def test_a_deck_of_many_large_images_keeps_no_decoded_pixels_between_cards(tmp_path):
    """Six 3000 x 2000 RGBA pictures, one per card: each decoded when its form is drawn, then let go
    (a reader kept per picture held its pixels to the end: 450 MB for these six, growing with the deck)."""
    game = scaffold(tmp_path / "g")
    cards = []
    for i in range(6):
        Image.new("RGBA", (3000, 2000), (30 * i, 90, 60, 255)).save(game / "art" / f"p{i}.png")
        cards.append(f'[[cards]]\nid = "c{i}"\nname = "Card {i}"\nart = "art/p{i}.png"\ntext = "Gain 1."\npower = 1\n')
    (game / "cards.toml").write_text("\n".join(cards))
    result, peak = build(game, tmp_path)
    assert result.returncode == 0, result.stderr
    assert peak < 300_000, peak


# ---- no font that is not embedded (issue 30, defect 4) ------------------------------------------------------

@pytest.fixture(scope="module")
def every_kit(tmp_path_factory) -> list[Path]:
    """Every kit and shop PDF of the built-in games, the scaffold and the examples, built once."""
    out = tmp_path_factory.mktemp("every-kit")
    folders = [str(scaffold(out / "scaffold")), *(str(p) for p in sorted((ROOT / "examples").iterdir()) if p.is_dir())]
    for games in ([], folders):  # [] : every built-in game
        for shop in ("--shop", "--shop=dtc"):
            result = CliRunner().invoke(generator_app, ["build", *games, "--out", str(out / "kits"), shop])
            assert result.exit_code == 0, result.output
    pdfs = sorted((out / "kits").rglob("*.pdf"))
    assert {p.name.split("-a4")[0] for p in pdfs if p.parent == out / "kits"} >= {
        "el-dorado-canyon", "eternal-gold-and-steel", "eldorado", "scaffold", "fox-deck", "banner-deck"}
    return pdfs


def test_no_kit_shop_file_or_example_holds_a_font_that_is_not_embedded(every_kit):
    for pdf in every_kit:
        fonts = pdffonts(pdf)
        assert all(row[-5] == "yes" for row in fonts), (pdf, fonts)
        assert not any(base in row[0] for row in fonts for base in ("Helvetica", "Times", "Courier")), (pdf, fonts)
