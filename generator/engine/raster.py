"""Raster outputs for online printers and Tabletop Simulator, rendered from the print-shop pages.

- `png_files`: one PNG per face (records once, not per copy), at `dpi` with bleed;
- the pages `generator tts` (generator.engine.tts) cuts into deck sheets.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from .box import Style
from .build import folder_name
from .errors import LayoutError
from .facecache import FaceCache
from .shop import SHOP_KINDS, face_pdf
from .sheet import FaceRef, Options

MAX_PIXELS = 64_000_000  # per PNG (about 190 MB in memory as RGB): checked before anything is rendered


def render_pages(pdf: bytes, dpi: float, crop: float = 0.0) -> list[Image.Image]:
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


def png_bytes(image: Image.Image, dpi: float) -> bytes:
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
    folder = out / folder_name(game, "png")
    return {folder / f.component.id / f"{f.record.id}-{f.side}.png": png
            for f, png in zip(faces, png_images(game, looks, style, opts, faces, dpi))}


def png_images(game: Any, looks: Any, style: Style, opts: Options, faces: list[FaceRef], dpi: float,
               cache: FaceCache | None = None) -> list[bytes]:
    """One PNG per face at `dpi` with bleed (drawn through `cache` when given); a face too large to hold in
    memory is refused before any is rendered."""
    for face in faces:
        w, h = ((side + 2 * opts.bleed) / 25.4 * dpi for side in face.component.spec.size_mm)
        if w * h > MAX_PIXELS:
            raise LayoutError(f"a {face.component.spec.size} face at {dpi:g} dpi is {w:.0f} x {h:.0f} pixels: expected "
                              f"at most {MAX_PIXELS:,} pixels per image; lower --dpi", card=face.record.id)
    return [png_bytes(img, dpi) for img in render_pages(face_pdf(game, looks, style, opts, faces, game.name, cache), dpi)]
