"""Where pnpkit keeps what it can compute again (compiled definitions, drawn faces)."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


def cache_dir() -> Path:
    """$PNPKIT_CACHE, else $XDG_CACHE_HOME/pnpkit, else ~/.cache/pnpkit."""
    from pathlib import Path

    return Path(cache_folder())


def cache_folder() -> str:
    """The same folder as `cache_dir`, as a string (`checker resolve` starts without `pathlib`)."""
    if os.environ.get("PNPKIT_CACHE"):
        return os.environ["PNPKIT_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pnpkit")
