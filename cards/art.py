"""Art files a definition names (PNG, JPEG, SVG): confined to the game's folder, checked before any drawing.

A card's art is the designer's own file; a wrong one must be a definition error naming the card and
field, not a broken PDF: a path that leaves the folder (or a link out of it), something that is not an
image, a raster too large to print sanely, an SVG that pulls in files from elsewhere.  Only the
header of a raster is read here (Pillow opens lazily), so a 20000 x 20000 px image is refused before
it is decoded.
"""
from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

ART_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".svg": "SVG"}
MAX_ART_BYTES = 50_000_000
MAX_SIDE = 16_384
MAX_PIXELS = 100_000_000
_SVG_NS = "{http://www.w3.org/2000/svg}svg"
_HREFS = ("{http://www.w3.org/1999/xlink}href", "href")


class ArtError(ValueError):
    """An art file that cannot be used; the message says what was expected and what was found."""


@dataclass(frozen=True)
class ArtInfo:
    """A checked art file: its real path, `PNG`, `JPEG` or `SVG`, its pixel size (0 x 0 for SVG), and the
    version checked (modification time and size: a drawing cached for it is not reused once the file changes)."""

    path: Path
    kind: str
    width: int = 0
    height: int = 0
    version: tuple[int, int] = (0, 0)


def art_path(folder: Path, name: str) -> Path:
    """The file `name` (relative, as written in a definition) inside `folder`; ArtError if it leaves it."""
    if not name or Path(name).is_absolute() or "\\" in name or "\0" in name:
        raise ArtError(f"expected a path relative to the game's folder, got {name!r}")
    root = folder.resolve()
    try:
        path = (root / name).resolve()
        if root not in path.parents:  # said before "not found": a path out of the folder is the mistake
            raise ArtError(f"expected a file inside the game's folder, got {name!r} (it leads outside)")
        return (root / name).resolve(strict=True)
    except FileNotFoundError:
        raise ArtError(f"file not found: {name!r}") from None
    except (OSError, RuntimeError) as exc:  # a symlink loop, a name too long
        raise ArtError(f"cannot read {name!r}: {getattr(exc, 'strerror', None) or exc}") from None


def inspect_art(folder: Path, name: str) -> ArtInfo:
    """Check one art file named by a definition; raise ArtError saying what is wrong with it."""
    kind = ART_SUFFIXES.get(Path(name).suffix.lower())
    if kind is None:
        raise ArtError(f"expected a .png, .jpg, .jpeg or .svg file, got {name!r}")
    path = art_path(folder, name)
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise ArtError(f"expected a regular file, got {name!r} (a device, pipe or folder)")
    if info.st_size > MAX_ART_BYTES:
        raise ArtError(f"{name!r} is too large: expected at most {MAX_ART_BYTES} bytes, got {info.st_size}")
    version = (info.st_mtime_ns, info.st_size)
    if kind == "SVG":
        _check_svg(path, name)
        return ArtInfo(path, kind, version=version)
    return _check_raster(path, name, kind, version)


def _check_raster(path: Path, name: str, kind: str, version: tuple[int, int]) -> ArtInfo:
    from PIL import Image, UnidentifiedImageError

    bound, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # only the header is read: check the size here
    try:
        with Image.open(path) as image:
            found, (width, height) = image.format, image.size
    except (UnidentifiedImageError, OSError, ValueError):
        raise ArtError(f"expected a {kind} image, got a file that is not one: {name!r}") from None
    finally:
        Image.MAX_IMAGE_PIXELS = bound
    if found != kind:
        raise ArtError(f"expected a {kind} image, got a {found} image: {name!r} (rename it or convert it)")
    if max(width, height) > MAX_SIDE or width * height > MAX_PIXELS:
        raise ArtError(f"{name!r} is {width} x {height} px: expected at most {MAX_SIDE} px a side and "
                       f"{MAX_PIXELS // 1_000_000} megapixels (300 dpi needs about 1,000 x 1,500 px for a card)")
    try:
        with Image.open(path) as image:
            image.verify()
    except Exception:  # Pillow raises many kinds for a truncated or corrupt file; each is bad input
        raise ArtError(f"expected a {kind} image, got a damaged one: {name!r}") from None
    return ArtInfo(path, kind, width, height, version)


def _check_svg(path: Path, name: str) -> None:
    """A well-formed SVG whose links stay inside the drawing (#id) or are embedded data."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.parse(str(path), parser).getroot()
    except (etree.XMLSyntaxError, OSError, ValueError) as exc:
        raise ArtError(f"expected an SVG drawing, got a file that is not well-formed XML: {name!r} ({exc})") from None
    if root.tag != _SVG_NS:
        raise ArtError(f"expected an SVG drawing (an <svg> root in the SVG namespace), got <{root.tag}>: {name!r}")
    for node in root.iter():
        for attribute in _HREFS:
            target = node.get(attribute) if isinstance(node.tag, str) else None
            if target and not target.startswith(("#", "data:image/png;base64,", "data:image/jpeg;base64,")):
                raise ArtError(f"expected an SVG with no links to other files, got a link to {target[:60]!r} in "
                               f"{name!r}: embed the image in the SVG or place it as art of its own")
