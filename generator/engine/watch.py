"""`generator watch`: rebuild when a definition file changes (polling: no extra dependency).

A rebuild shows the change first: the faces the face cache lacks (the cards just edited)
are written as PNG previews before the PDF, which then replays every other face.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from cards.files import write_set

from .box import Style
from .build import output_name
from .facecache import FaceCache
from .faces import FaceForms
from .raster import png_images
from .sheet import FaceRef, Options
from .shop import SHOP_KINDS

WATCHED = (".toml", ".csv", ".xlsx", ".png", ".jpg", ".jpeg", ".svg", ".ttf", ".otf")  # never a build's .pdf/.json
PREVIEWS = 12      # at most this many changed faces are previewed (a bigger change waits for the PDF)
PREVIEW_DPI = 150


def snapshot(folder: Path) -> dict[Path, float]:
    """Modification time of every file of a game folder: definitions, spreadsheets, layouts, art and fonts
    all decide a build (a file that cannot be read counts as changed)."""
    times: dict[Path, float] = {}
    try:
        paths = sorted(p for p in folder.rglob("*") if p.suffix.lower() in WATCHED)
    except OSError:
        return times
    for path in paths:
        try:
            times[path] = path.stat().st_mtime_ns
        except OSError:  # a link loop or a file removed meanwhile: the rebuild reports it
            times[path] = -1
    return times


def watch(folder: Path, rebuild: Callable[[], None], *, interval: float = 0.5,
          keep_going: Callable[[], bool] = lambda: True) -> None:
    """Build once, then again after every change, until `keep_going()` is false."""
    seen = snapshot(folder)
    rebuild()
    while keep_going():
        time.sleep(interval)
        now = snapshot(folder)
        if now != seen:
            seen = now
            rebuild()


def changed_faces(game: Any, looks: Any, opts: Options, cache: Path) -> list[FaceRef]:
    """The card-like faces the face cache lacks: what an edit changed."""
    forms = FaceForms(looks, Style(ink_saver=opts.ink_saver), opts.bleed, cache=FaceCache(game, looks, cache))
    faces = [FaceRef(comp, record, side) for comp in game.components if comp.spec.kind in SHOP_KINDS
             for record in comp.records for side in ("front", "back")
             if side == "front" or (comp.spec.back and opts.backs)]
    return [face for face in faces if not forms.cached(face)]


def previews(game: Any, looks: Any, opts: Options, out: Path, faces: list[FaceRef]) -> list[Path]:
    """Write `faces` as PNGs into OUT/GAME-png/ (as `generator png` names them); the files written."""
    folder = out / f"{output_name(game)}-png"
    images = png_images(game, looks, Style(ink_saver=opts.ink_saver), opts, faces, PREVIEW_DPI)
    files = {folder / f.component.id / f"{f.record.id}-{f.side}.png": png for f, png in zip(faces, images)}
    write_set(files, root=out)
    return list(files)
