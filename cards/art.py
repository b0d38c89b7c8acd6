"""Art files a definition names (PNG, JPEG, SVG): confined to the game's folder, checked before any drawing.

A card's art is the designer's own file; a wrong one must be a definition error naming the card and
field, not a broken PDF: a path that leaves the folder (or a link out of it), something that is not an
image, a raster too large to print sanely or damaged (`rasters`: decoded whole within a pixel budget,
its header's size checked first, so a 20000 x 20000 px image is refused before it is decoded), an SVG
that pulls in files from elsewhere, has no usable size, numbers out of bounds or too many elements
(`svgart`).
"""
from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

ART_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".svg": "SVG"}
MAX_ART_BYTES = 50_000_000


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
    width, height = _checked(path, name, kind)
    return ArtInfo(path, kind, width, height, version)


def _checked(path: Path, name: str, kind: str) -> tuple[int, int]:
    """Check the file whole (`rasters.decode`, `svgart.check_svg`); its size in pixels (0 x 0 for SVG).

    Remembered against the file's stamp (`common.stamps`), so a build decodes only the art changed since
    the last one that checked it; the checks' bounds are part of the memo's name."""
    from .rasters import MAX_PIXELS, MAX_SIDE, decode
    from common.stamps import Stamps, recall, remember
    from .svgart import MAX_ELEMENTS, MAX_NUMBER, MAX_NUMBERS, check_svg

    ident = f"{MAX_SIDE} {MAX_PIXELS} {MAX_ELEMENTS} {MAX_NUMBERS} {MAX_NUMBER} {kind}\0{path}"
    known = recall("art", ident)
    if isinstance(known, list) and len(known) == 2 and all(type(n) is int for n in known):
        return known[0], known[1]
    stamps = Stamps()
    stamps.add(path)
    if kind == "SVG":
        check_svg(path, name)
        size = (0, 0)
    else:
        size = decode(path, kind, repr(name))
    remember("art", ident, list(size), stamps)
    return size
