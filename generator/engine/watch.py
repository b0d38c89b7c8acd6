"""`generator watch`: rebuild when a file of the game folder changes, showing the change first.

The folder is watched through the file system's change notices (`watchfiles`), or polled
every `interval` when they are not to be had (`--poll`, the package missing, a file system
that sends none); either way a rebuild follows only a real change of a file that decides a
build (`snapshot`), never of the build's own outputs.

The process is long-running, so a `Session` keeps warm what rebuilds share: fonts and
templates stay loaded, the faces of the last build stay in memory (`KeptFaces`: neither read
nor decoded again), and so do their compressed streams and PDF objects (`pdfforms.KeptStreams`)
and what replaying each wrote (`recording.replay`); the garbage is collected between rebuilds,
not during them (`Session.settle`).  A rebuild first writes the faces an edit changed (those
neither kept nor in the face cache) as PNG previews, recording them on the way, then the PDF,
which replays them with every other face: the same bytes as a cold `generator build`.
"""
from __future__ import annotations

import gc
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from common.files import write_set
from cards.loader import Game, Reload, load_game

from .box import Style
from .build import Result, build_game, folder_name
from .facecache import FaceCache, KeptFaces
from .faces import FaceForms
from .stamp import FaceStamps
from .pdfforms import KeptStreams, keeping_streams
from .raster import png_images
from .sheet import FaceRef, Options
from .shop import SHOP_KINDS

WATCHED = (".toml", ".csv", ".xlsx", ".png", ".jpg", ".jpeg", ".svg", ".ttf", ".otf")  # never a build's .pdf/.json
PREVIEWS = 12      # at most this many changed faces are previewed (a bigger change waits for the PDF)
PREVIEW_DPI = 150
FULL_COLLECT = 10  # rebuilds between full passes of the garbage collector
EVENT_WAIT_MS = (30, 500)  # quiet time that ends a burst of change notices; how often `keep_going` is asked


def snapshot(folder: Path, ignore: tuple[Path, ...] = ()) -> dict[Path, float]:
    """Modification time of every file of a game folder: definitions, spreadsheets, layouts, art and fonts
    all decide a build (a file that cannot be read counts as changed); nothing under `ignore` (the
    output folder, when it lies inside the game's)."""
    times: dict[Path, float] = {}
    try:
        paths = sorted(p for p in folder.rglob("*") if p.suffix.lower() in WATCHED
                       and not any(p.is_relative_to(i) for i in ignore))
    except OSError:
        return times
    for path in paths:
        try:
            times[path] = path.stat().st_mtime_ns
        except OSError:  # a link loop or a file removed meanwhile: the rebuild reports it
            times[path] = -1
    return times


def watch(folder: Path, rebuild: Callable[[], None], *, interval: float = 0.5,
          keep_going: Callable[[], bool] = lambda: True, poll: bool = False, ignore: tuple[Path, ...] = ()) -> None:
    """Build once, then again after every change, until `keep_going()` is false."""
    seen: dict[Path, float] | None = None
    for _ in wakeups(folder, interval, keep_going, poll):
        now = snapshot(folder, ignore)
        while now != seen:  # a save during a rebuild is built right after it
            seen = now
            rebuild()
            now = snapshot(folder, ignore)


def wakeups(folder: Path, interval: float, keep_going: Callable[[], bool], poll: bool) -> Iterator[None]:
    """Once at the start, then whenever the folder may have changed, while `keep_going()`."""
    yield
    notices = None if poll else _notices(folder)
    while keep_going():
        if notices is None:
            time.sleep(interval)
            yield
            continue
        try:
            next(notices)
        except (OSError, RuntimeError, StopIteration):  # no notices here (too many watches, a file system without)
            notices = None
            continue
        yield


def _notices(folder: Path) -> Iterator[Any] | None:
    """Change notices of `folder` and below, or None without the `watchfiles` package."""
    try:
        import watchfiles
    except ImportError:
        return None
    return watchfiles.watch(folder, step=EVENT_WAIT_MS[0], rust_timeout=EVENT_WAIT_MS[1], yield_on_timeout=True,
                            raise_interrupt=True)


class Session:
    """One `generator watch`: the faces and streams its rebuilds keep warm (none with `cache_root` None:
    `--no-cache` draws every face afresh)."""

    def __init__(self, opts: Options, out: Path, cache_root: Path | None, lang: str | None = None,
                 fallback: bool = False) -> None:
        self.opts, self.out, self.cache_root = opts, out, cache_root
        self.lang, self.fallback = lang, fallback  # `--lang CODE`: every rebuild translated
        self.reload = Reload(ignore=(out.resolve(),))  # the definitions of the last load
        self.kept = KeptFaces() if cache_root is not None else None
        self.streams = KeptStreams() if cache_root is not None else None
        self.builds = 0
        self._open = False  # a rebuild has begun (its previews are written)
        self._settled = 0
        self._stamps: FaceStamps | None = None  # the latest round's (`previews`), for its build and the next round

    def load(self, game: str) -> Game:
        """Begin a rebuild: the game's definitions, parsing and validating again only what changed since the
        last load; with `lang`, the game loaded whole and translated (`cards.translations.load_translated`)."""
        self._begin()
        if self.lang is None:
            return load_game(game, self.reload)
        from cards.translations import load_translated

        return load_translated(game, self.lang, self.fallback)

    def previews(self, game: Any, looks: Any) -> list[Path]:
        """Write the faces an edit changed as PNG previews; the files (none at the first build, or for a
        change of more than PREVIEWS faces)."""
        if not self._open:
            self._begin()
        if self.kept is None or self.cache_root is None or not self.builds:
            return []
        cache = FaceCache(game, looks, self.cache_root, self.kept)
        # one a round, for the build after the previews: the records the reload kept keep the fields the last
        # round worked out (only the last round's are held)
        self._stamps = FaceStamps(game, looks, self._stamps)
        changed = changed_faces(game, looks, self.opts, cache, self._stamps)
        return previews(game, looks, self.opts, self.out, changed, cache) if 0 < len(changed) <= PREVIEWS else []

    def build(self, game: Any) -> Result:
        """The kit, as `generator build` writes it (the same bytes), from the faces kept and the face cache."""
        if not self._open:
            self._begin()
        self._open = False
        stamps = self._stamps if self._stamps is not None and self._stamps.game is game else None
        with keeping_streams(self.streams):
            result = build_game(game, self.opts, self.out, cache_root=self.cache_root, kept=self.kept, stamps=stamps)
        self.builds += 1
        if self.kept is not None and self.streams is not None:
            self.kept.round_done()
            self.streams.round_done()
        return result

    def settle(self) -> None:
        """After a rebuild (its files written, its time shown): collect its garbage.  The collector is off
        while a rebuild runs: its full passes, scanning the faces kept and the PDF being made, took
        a third of a rebuild; a rebuild leaves some 11,000 objects in cycles for 500 cards, all of
        them young, so the young generations are collected (a sixth of a full pass) and the old
        one every FULL_COLLECT rebuilds."""
        gc.enable()
        self._settled += 1
        gc.collect(2 if self._settled % FULL_COLLECT == 0 else 1)

    def _begin(self) -> None:
        """A new round: what the last complete build did not use is let go (`KeptFaces.new_round`)."""
        gc.disable()
        self._open = True
        if self.kept is not None and self.streams is not None:
            self.kept.new_round()
            self.streams.new_round()


def changed_faces(game: Any, looks: Any, opts: Options, cache: FaceCache, stamps: FaceStamps) -> list[FaceRef]:
    """The card-like faces the face cache lacks: what an edit changed (`stamps`: the build's, whose faces'
    keys say they are stamped)."""
    forms = FaceForms(looks, Style(ink_saver=opts.ink_saver), opts.bleed, cache=cache,
                      stamps=stamps if opts.stamp else None)
    faces = [FaceRef(comp, record, side) for comp in game.components if comp.spec.kind in SHOP_KINDS
             for record in comp.records for side in ("front", "back")
             if side == "front" or (comp.spec.back and opts.backs)]
    return [face for face in faces if not forms.cached(face)]


def previews(game: Any, looks: Any, opts: Options, out: Path, faces: list[FaceRef],
             cache: FaceCache | None = None) -> list[Path]:
    """Write `faces` as PNGs into OUT/GAME-png/ (OUT/GAME-png-CODE/ for a translated game, as `generator png`
    names them); the files written.
    Drawn through `cache`, so that the build after them replays them."""
    folder = out / folder_name(game, "png")
    images = png_images(game, looks, Style(ink_saver=opts.ink_saver), opts, faces, PREVIEW_DPI, cache)
    files = {folder / f.component.id / f"{f.record.id}-{f.side}.png": png for f, png in zip(faces, images)}
    write_set(files, root=out)
    return list(files)
