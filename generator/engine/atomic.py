"""Write a build's files all-or-nothing: a failed build leaves the last good files in place.

Everything is rendered in memory first; each file then goes to a temporary name
in the same folder and is renamed over the old one (an atomic rename on POSIX).
Temporary files are private (0600); the written files get the usual permissions
(0666 less the umask), like any file the user creates.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_files(files: dict[Path, bytes]) -> None:
    """Write every file, or (on any error) none of them."""
    mode = _file_mode()
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            staged.append((tmp, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, mode)
        for tmp, path in staged:
            os.replace(tmp, path)
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
