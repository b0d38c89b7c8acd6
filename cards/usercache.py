"""Where pnpkit keeps what it can compute again (compiled definitions, drawn faces)."""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """$PNPKIT_CACHE, else $XDG_CACHE_HOME/pnpkit, else ~/.cache/pnpkit."""
    if os.environ.get("PNPKIT_CACHE"):
        return Path(os.environ["PNPKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnpkit"
