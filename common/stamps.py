"""Results remembered against the stat of the files they came from, so a warm start reads no file twice.

Hashing a game's files and the sources of `cards` and an engine on every `checker resolve`
cost more than the resolve.  A `Stamps` records each file's (or folder's) size, times,
inode and type, taken *before* the file is read (a folder's stamp is the names in it), and
`remember` files a small JSON result beside those stamps; `recall` returns it only while
every stamp still matches (a folder's names tell a file added or removed).  Any change, a missing file, a torn or foreign memo
is a miss: the caller computes the result again from the contents.

A file changed within the same clock tick as its stamp could keep its stamp (coarse
file-system clocks), so nothing is remembered while any stamped file is younger than
`SETTLE_NS`: right after an edit the result is computed from the contents each time.
"""
from __future__ import annotations

import hashlib
import os
import stat
import time
from typing import Any

from . import cachefile
from .usercache import cache_folder

SETTLE_NS = 2_000_000_000  # a stamp younger than this may not yet tell a later write apart
PYCACHE = "__pycache__"


def _stamp(path: str) -> list[int | str] | None:
    """A file's type, size, times and inode; a folder's type, inode and names (bytecode folders aside:
    Python writing `__pycache__` is no change to what was read)."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            return [info.st_mode, info.st_ino, info.st_dev, *sorted(n for n in os.listdir(path) if n != PYCACHE)]
    except (OSError, ValueError):
        return None
    return [info.st_mode, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


class Stamps:
    """The stamps of every file and folder a result was computed from, each taken before it was read."""

    def __init__(self) -> None:
        self.taken: dict[str, list[int | str] | None] = {}

    def add(self, path: str | os.PathLike[str]) -> None:
        name = os.path.abspath(path)
        if name not in self.taken:
            self.taken[name] = _stamp(name)

    def settled(self) -> bool:
        """Whether every stamped file is older than SETTLE_NS (a younger one could still change unseen)."""
        now = time.time_ns()
        return all(s is None or stat.S_ISDIR(int(s[0])) or (now - int(s[2]) > SETTLE_NS and now - int(s[3]) > SETTLE_NS)
                   for s in self.taken.values())


def _memo_path(kind: str, ident: str) -> str:
    """The memo's file: named by a digest of `ident` (sha256, which checking any entry imports anyway; a memo
    named by an earlier pnpkit's CRC-32 is no longer read)."""
    digest = hashlib.sha256(ident.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return os.path.join(cache_folder(), "stamps", f"{kind}-{digest}.json")


def recall(kind: str, ident: str) -> Any | None:
    """The result remembered for (`kind`, `ident`) while all its stamps still match; else None."""
    memo = cachefile.load(_memo_path(kind, ident), f"{kind}:{ident}")
    if not (isinstance(memo, dict) and isinstance(memo.get("stamps"), dict) and "value" in memo):
        return None
    for path, stamp in memo["stamps"].items():
        if _stamp(path) != stamp:
            return None
    return memo["value"]


def remember(kind: str, ident: str, value: Any, stamps: Stamps) -> None:
    """File `value` (JSON-able) for (`kind`, `ident`) under `stamps`, unless a stamped file is too young."""
    if stamps.settled():
        cachefile.store(_memo_path(kind, ident), f"{kind}:{ident}", {"stamps": stamps.taken, "value": value})
