"""`generator watch`: rebuild when a definition file changes (polling: no extra dependency)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable


def snapshot(folder: Path) -> dict[Path, float]:
    """Modification time of every TOML file of a game folder (a file that cannot be read counts as changed)."""
    times: dict[Path, float] = {}
    try:
        paths = sorted(folder.rglob("*.toml"))
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
