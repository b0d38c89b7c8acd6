"""The one decoder of raster art (PNG, JPEG): every image a game uses is decoded whole, within a pixel
budget, before anything draws it.

A header can lie and a file can be cut short: Pillow's `verify()` passes a JPEG cut to 3,000 bytes and
a PNG whose zlib stream ends early, which later fail inside the drawing (or, for a JPEG, which the PDF
embeds as it is, print grey).  So the header's size is checked first (a 30000 x 30000 image is refused
before a byte of it is decoded) and then every pixel is decoded, by the same code for a card's art, a
background, an icon and an image embedded in an SVG as `data:`.

The budget is what the memory target allows: a build stays under 500 MB however its art is made.
Decoded, a pixel takes up to 4 bytes (RGBA, CMYK) and drawing it costs about four times that again
(ReportLab converts it to RGB, splits the alpha channel off and compresses both), so an RGBA image of
25 megapixels peaked at about 430 MB in a whole build.  The limit is 24 megapixels: a 6000 x 4000 photo,
more than twice what the largest component printed at 300 dpi needs (an A3 poster: 3508 x 4961 px).
"""
from __future__ import annotations

import io
from pathlib import Path

from .art import ArtError

MAX_SIDE = 16_384
MAX_PIXELS = 24_000_000


def decode(source: Path | bytes, kind: str, name: str, budget: int = MAX_PIXELS) -> tuple[int, int]:
    """Decode the `kind` ("PNG" or "JPEG") image in `source` (a file, or an embedded image's bytes) whole; its
    width and height in pixels.  `name` is how messages show it; `budget` the pixels it may have.

    Raises ArtError: another format, more than MAX_SIDE px a side or `budget` pixels, or any pixel that
    does not decode."""
    from PIL import Image

    bound, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # the size is checked here, before decoding
    try:
        return _decoded(io.BytesIO(source) if isinstance(source, bytes) else source, kind, name, budget)
    finally:
        Image.MAX_IMAGE_PIXELS = bound


def _decoded(source: Path | io.BytesIO, kind: str, name: str, budget: int) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    what = "data" if isinstance(source, io.BytesIO) else "a file"
    try:
        image = Image.open(source, formats=("PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF"))
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise ArtError(f"expected a {kind} image, got {what} that is not one: {name}") from None
    with image:
        found, (width, height) = image.format, image.size
        if found != kind:
            raise ArtError(f"expected a {kind} image, got a {found} image: {name} (rename it or convert it)")
        if max(width, height) > MAX_SIDE or width * height > budget:
            raise ArtError(f"{name} is {width} x {height} px: expected at most {MAX_SIDE} px a side and "
                              f"{budget / 1_000_000:.4g} megapixels (300 dpi needs about 1,000 x 1,500 px for a card)")
        try:
            image.load()
        except Exception:  # Pillow raises OSError, SyntaxError, ValueError... for damaged data: each is bad input
            raise ArtError(f"expected a {kind} image, got a damaged one (its pixels do not decode): {name}") from None
    return width, height
