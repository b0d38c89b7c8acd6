"""Card pictures for the page: every face of a game at a low resolution, drawn on first use and kept.

`checker` never imports `generator`; the faces are drawn by running the `generator png` command (the
interpreter running `checker`, so the same installation) into the user's cache folder, keyed by the
game folder's contents. A request names a face by game, component and id, each checked to be a plain
name, and the file is read only from inside that game's drawn folder.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading

from common.files import FileRefused, read_bytes
from common.usercache import cache_folder

DPI = 72  # the lowest `generator png` draws: a poker card is about 180 px wide, sharp enough for a phone's grid of thumbnails
PLAIN = set("abcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_FACE = 2_000_000


class Faces:
    """The drawn faces of the served games, one `generator png` run per game (and per change of its files)."""

    def __init__(self, refs: dict[str, str]) -> None:
        self.refs = refs  # served name -> what `generator png` takes (a built-in id or a folder)
        self.root = os.path.join(cache_folder(), "serve-faces")
        self._locks = {name: threading.Lock() for name in refs}
        self._ready: dict[str, str] = {}

    def face(self, game: str, component: str, card: str) -> bytes | None:
        """The PNG of `card`'s front in `component`, or None (not served, not drawn, not a plain name)."""
        if game not in self.refs or not (set(component) <= PLAIN and set(card) <= PLAIN and component and card):
            return None
        folder = self._drawn(game)
        if folder is None:
            return None
        try:
            return read_bytes(os.path.join(folder, component, f"{card}-front.png"), inside=folder, limit=MAX_FACE)
        except FileRefused:
            return None

    def _drawn(self, game: str) -> str | None:
        """The folder of the game's drawn faces, drawing them first when its files changed."""
        with self._locks[game]:
            if game in self._ready:
                return self._ready[game]
            ref = self.refs[game]
            out = os.path.join(self.root, f"{game}-{_key(ref)}")
            if not os.path.isdir(out):
                done = subprocess.run([sys.executable, "-c", "import sys; from generator.plain import main; "
                                       "sys.exit(main())", "png", ref, "--dpi", str(DPI), "--out", out],
                                      capture_output=True, text=True, timeout=600)
                if done.returncode != 0:
                    return None
            found = [e.path for e in os.scandir(out) if e.is_dir() and e.name.endswith("-png")]
            self._ready[game] = found[0] if found else out
            return self._ready[game]


def _key(ref: str) -> str:
    """A digest of the files the faces are drawn from: the game's folder and the `generator` package (found,
    not imported). A changed definition or template draws the faces again."""
    from importlib.util import find_spec

    from cards.families import builtin_games

    spec = find_spec("generator")
    folders = [str(builtin_games().get(ref, ref)), *(spec.submodule_search_locations or [] if spec else [])]
    digest = hashlib.sha256()
    for folder in folders:
        for parent, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                path = os.path.join(parent, name)
                digest.update(os.path.relpath(path, folder).encode() + b"\0")
                try:
                    digest.update(read_bytes(path, limit=50_000_000))
                except FileRefused:
                    continue
    return digest.hexdigest()[:16]
