"""`generator watch`: rebuild when a definition file changes (polling: no extra dependency)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable


WATCHED = (".toml", ".csv", ".xlsx", ".png", ".jpg", ".jpeg", ".svg", ".ttf", ".otf")  # never a build's .pdf/.json


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
