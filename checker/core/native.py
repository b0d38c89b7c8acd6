"""Compiled engine modules are used only while they match their sources; otherwise the sources run.

`setup.py` may compile an engine's modules with mypyc (the same sources, as C). Python
imports a module's compiled file before its source, so an editable checkout would run
stale code after a source edit. The build therefore writes a stamp (`STAMP`) beside the
compiled modules: size, modification and change times and CRC-32 of every source they were
made from (the engine's package and `checker.core`, whose classes and constants they use).
At import the engine's package calls `prefer_current`: when the stamp is missing, a
source differs (a changed time is settled by its size and CRC, so a fresh copy of the
same files still counts as current) or `PNPKIT_PURE` is set, every module of the
package is imported from its source, all together (compiled modules call each other
directly and cannot be mixed with source ones). Stdlib only: `setup.py` imports it.
"""
from __future__ import annotations

import os
import sys
import zlib
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

STAMP = "native.stamp"
PURE = "PNPKIT_PURE"  # set (to anything but "" or "0"): run the sources even where compiled modules are current
CORE = os.path.dirname(os.path.abspath(__file__))


def _crc(path: str) -> int:
    with open(path, "rb") as f:
        return zlib.crc32(f.read())


def write_stamp(package_dir: str | os.PathLike[str], stamp: str | os.PathLike[str]) -> None:
    """Record every source the package's compiled modules are made from (called by `setup.py`)."""
    folder = os.path.abspath(package_dir)
    lines = []
    for name in _names(folder):
        path = os.path.join(os.path.dirname(folder), name)
        st = os.stat(path)
        lines.append(f"{name}\t{st.st_size}\t{st.st_mtime_ns}\t{st.st_ctime_ns}\t{_crc(path)}\n")
    with open(stamp, "w", encoding="utf-8") as f:
        f.writelines(lines)


def current(package_dir: str) -> bool:
    """Whether the package's stamp exists and every source it names (and no other) is unchanged."""
    folder = os.path.abspath(package_dir)
    parent = os.path.join(os.path.dirname(folder), "")
    try:
        with open(os.path.join(folder, STAMP), "rb") as f:
            rows = [line.split("\t") for line in f.read().decode("utf-8").splitlines()]
        if sorted(row[0] for row in rows) != _names(folder):
            return False  # a source added or removed
        for name, size, mtime, ctime, crc in rows:
            st = os.stat(parent + name)  # any write changes the change time, which cannot be set back
            if (st.st_size, st.st_mtime_ns, st.st_ctime_ns) != (int(size), int(mtime), int(ctime)) and \
                    (st.st_size != int(size) or _crc(parent + name) != int(crc)):
                return False
    except (OSError, ValueError):
        return False  # no stamp (a pure install), or one this code cannot read: trust only the sources
    return True


def _names(folder: str) -> list[str]:
    """What the compiled modules are made from, the package's and `checker.core`'s `.py` files, named as the stamp
    names them: relative to the package's parent folder (every resolve of El Dorado Canyon checks the stamp: a
    relative path per folder, not per file)."""
    parent = os.path.dirname(folder)
    names = []
    for base in (folder, CORE):
        prefix = os.path.join(os.path.relpath(base, parent), "")
        names += [prefix + name for name in os.listdir(base) if name.endswith(".py")]
    return sorted(names)


class _FromSources:
    """A finder that imports every module of one package from its `.py` file."""

    def __init__(self, package: str, folder: str):
        self.package, self.folder = package, folder

    def find_spec(self, name: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        parent, _, leaf = name.rpartition(".")
        source = os.path.join(self.folder, leaf + ".py")
        if parent != self.package or not os.path.isfile(source):
            return None
        # importlib.util.spec_from_file_location's spec, without importlib.util (contextlib, functools...)
        from importlib.machinery import ModuleSpec, SourceFileLoader

        spec = ModuleSpec(name, SourceFileLoader(name, source), origin=source)
        spec.has_location = True  # __file__ and __cached__ from the source, as for any module found on a path
        return spec


def pure_wanted() -> bool:
    return os.environ.get(PURE, "") not in ("", "0")


def prefer_current(package: str, package_dir: str) -> bool:
    """Called first by a package that may be compiled: import its modules from the sources unless the
    compiled ones are current and allowed. True when compiled modules may be used."""
    if pure_wanted() or not current(package_dir):
        sys.meta_path.insert(0, _FromSources(package, os.path.abspath(package_dir)))
        return False
    return True
