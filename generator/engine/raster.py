"""Raster outputs for online printers and Tabletop Simulator, rendered from the print-shop pages.

- `png_files`: one PNG per face (records once, not per copy), at `dpi` with bleed;
- `tts_files`: deck sheets of every copy, at most 10 x 7 cards and 4096 px a side, RGB,
  with one back image (or back sheets when the backs differ from card to card).
"""
from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from .box import Style
from .build import output_name
from .errors import LayoutError
from .shop import SHOP_KINDS, face_pdf
from .sheet import FaceRef, Options

TTS_COLS, TTS_ROWS, TTS_MAX = 10, 7, 4096
MAX_PIXELS = 64_000_000  # per PNG (about 190 MB in memory as RGB): checked before anything is rendered


def _render(pdf: bytes, dpi: float, crop: float = 0.0) -> list[Image.Image]:
    """Every page as an RGB image; `crop` points trimmed off each side (the bleed, for TTS).

    An image is exactly the page's size at `dpi`, rounded to whole pixels: pdfium
    rounds up, so a 69.85 mm face (poker with 1/8 in bleed) whose width reads
    198.0001 pt would come out 826 pixels wide at 300 dpi instead of the 825 that
    print shops ask for; the extra column or row is cut off.
    """
    doc = pdfium.PdfDocument(pdf)
    scale = dpi / 72
    images = []
    for page in doc:
        size = (round((page.get_width() - 2 * crop) * scale), round((page.get_height() - 2 * crop) * scale))
        image = page.render(scale=scale, crop=(crop, crop, crop, crop)).to_pil().convert("RGB")
        images.append(image if image.size == size else image.crop((0, 0, *size)))
    doc.close()
    return images


def _png(image: Image.Image, dpi: float) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi))
    return buf.getvalue()


def png_files(game: Any, looks: Any, style: Style, opts: Options, out: Path, *, dpi: float = 300,
              card: str | None = None) -> dict[Path, bytes]:
    """{path: PNG bytes} for every face of the card-like components, or only of record `card`."""
    faces: list[FaceRef] = []
    for comp in game.components:
        if comp.spec.kind not in SHOP_KINDS:
            continue
        for record in comp.records:
            if card is None or record.id == card:
                faces.append(FaceRef(comp, record, "front"))
                if comp.spec.back and opts.backs:
                    faces.append(FaceRef(comp, record, "back"))
    if not faces:
        known = sorted(r.id for c in game.components if c.spec.kind in SHOP_KINDS for r in c.records)
        raise LayoutError(f"no card with this id in {game.id}: expected one of {', '.join(known)}", card=card)
    folder = out / f"{output_name(game)}-png"
    return {folder / f.component.id / f"{f.record.id}-{f.side}.png": png
            for f, png in zip(faces, png_images(game, looks, style, opts, faces, dpi))}


def png_images(game: Any, looks: Any, style: Style, opts: Options, faces: list[FaceRef], dpi: float) -> list[bytes]:
    """One PNG per face at `dpi` with bleed; a face too large to hold in memory is refused before any is rendered."""
    for face in faces:
        w, h = ((side + 2 * opts.bleed) / 25.4 * dpi for side in face.component.spec.size_mm)
        if w * h > MAX_PIXELS:
            raise LayoutError(f"a {face.component.spec.size} face at {dpi:g} dpi is {w:.0f} x {h:.0f} pixels: expected "
                              f"at most {MAX_PIXELS:,} pixels per image; lower --dpi", card=face.record.id)
    return [_png(img, dpi) for img in _render(face_pdf(game, looks, style, opts, faces, game.name), dpi)]


def tts_files(game: Any, looks: Any, style: Style, opts: Options, out: Path) -> dict[Path, bytes]:
    """{path: PNG bytes}: `COMPONENT-N.png` deck sheets and `COMPONENT-back.png` (or `-back-N.png`)."""
    files: dict[Path, bytes] = {}
    folder = out / f"{output_name(game)}-tts"
    for comp in game.components:
        if comp.spec.kind not in SHOP_KINDS:
            continue
        records = [r for r in comp.records for _ in range(comp.spec.copies * r.copies)]
        w_in, h_in = (v / 25.4 for v in comp.spec.size_mm)
        per_sheet = TTS_COLS * TTS_ROWS
        cols = min(TTS_COLS, len(records))
        rows = min(TTS_ROWS, math.ceil(len(records) / cols))
        dpi = min(300.0, 0.995 * TTS_MAX / (cols * w_in), 0.995 * TTS_MAX / (rows * h_in))  # margin for rounding
        bleed = opts.bleed * 72 / 25.4
        unique = list(dict.fromkeys(r.id for r in records))
        by_id = {r.id: r for r in records}
        fronts = dict(zip(unique, _render(face_pdf(game, looks, style, opts,
                                                   [FaceRef(comp, by_id[i], "front") for i in unique], game.name),
                                          dpi, bleed)))
        sheets = [records[i:i + per_sheet] for i in range(0, len(records), per_sheet)]
        for n, chunk in enumerate(sheets, 1):
            files[folder / f"{comp.id}-{n}.png"] = _png(_sheet([fronts[r.id] for r in chunk], cols, rows), dpi)
        if comp.spec.back and opts.backs:
            backs = dict(zip(unique, _render(face_pdf(game, looks, style, opts,
                                                      [FaceRef(comp, by_id[i], "back") for i in unique], game.name),
                                             dpi, bleed)))
            if len({img.tobytes() for img in backs.values()}) == 1:
                files[folder / f"{comp.id}-back.png"] = _png(next(iter(backs.values())), dpi)
            else:
                for n, chunk in enumerate(sheets, 1):
                    files[folder / f"{comp.id}-back-{n}.png"] = _png(_sheet([backs[r.id] for r in chunk], cols, rows), dpi)
    return files


def _sheet(images: list[Image.Image], cols: int, rows: int) -> Image.Image:
    w, h = images[0].size
    sheet = Image.new("RGB", (cols * w, rows * h), (255, 255, 255))
    for i, img in enumerate(images):
        sheet.paste(img, ((i % cols) * w, (i // cols) * h))
    return sheet
