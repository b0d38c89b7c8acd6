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
directly and cannot be mixed with source ones). Compiled modules left behind by a source
edit are said once on stderr, with the command that rebuilds them: the sources run the
simulations about 3x slower (benchmarks/bench_mypyc.py). `python -m checker.core.native
PACKAGE` exits 1 when a C compiler is there and the package runs from its sources (CI's
check, `.ci/run`). Stdlib only: `setup.py` imports it.
"""
from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

STAMP = "native.stamp"
PURE = "PNPKIT_PURE"  # set (to anything but "" or "0"): run the sources even where compiled modules are current
CORE = os.path.dirname(os.path.abspath(__file__))


def _crc(path: str) -> int:
    import zlib  # only for a source whose times changed: a current stamp is checked by stat alone

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
    return stale(package_dir) is None


def stale(package_dir: str) -> str | None:
    """Why the package's stamp does not match its sources (the first source changed, added or removed, named
    from the folder that holds the package's parent, or no stamp that can be read), or None when it does."""
    folder = os.path.abspath(package_dir)
    parent = os.path.join(os.path.dirname(folder), "")
    shown = os.path.join(os.path.basename(os.path.dirname(folder)), "")  # "checker/" for checker/core/native.py
    try:
        with open(os.path.join(folder, STAMP), "rb") as f:
            rows = [line.split("\t") for line in f.read().decode("utf-8").splitlines()]
        stamped, names = {row[0] for row in rows}, _names(folder)
        added, removed = sorted(set(names) - stamped), sorted(stamped - set(names))
        if added or removed:
            return f"{shown}{(added or removed)[0]} {'added' if added else 'removed'}"
        for name, size, mtime, ctime, crc in rows:
            st = os.stat(parent + name)  # any write changes the change time, which cannot be set back
            if (st.st_size, st.st_mtime_ns, st.st_ctime_ns) != (int(size), int(mtime), int(ctime)) and \
                    (st.st_size != int(size) or _crc(parent + name) != int(crc)):
                return f"{shown}{name} changed"
    except (OSError, ValueError):
        return "no stamp of its sources"  # a pure install, or a stamp this code cannot read: trust the sources
    return None


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
    compiled ones are current and allowed (with a warning when they are there but stale). True when
    compiled modules may be used."""
    why = None if pure_wanted() else stale(package_dir)
    if why is None and not pure_wanted():
        return True
    sys.meta_path.insert(0, _FromSources(package, os.path.abspath(package_dir)))
    if why is not None and compiled_modules(package_dir):
        print(f"pnpkit: warning: {package}'s compiled modules do not match its sources ({why}): running the "
              f"sources, slower; rebuild them with: {rebuild_command(package_dir)}", file=sys.stderr)
    return False


def compiled_modules(package_dir: str) -> list[str]:
    """The compiled module files in the package's folder (none in a pure install)."""
    return sorted(name for name in os.listdir(package_dir) if name.endswith(tuple(EXTENSION_SUFFIXES)))


def rebuild_command(package_dir: str) -> str:
    """The command that compiles the package again: the checkout's editable install, or pnpkit's reinstall."""
    import shlex  # only when the warning is said: every resolve of El Dorado Canyon imports this module

    checkout = os.path.dirname(os.path.dirname(os.path.abspath(package_dir)))
    pip = f"{shlex.quote(sys.executable)} -m pip install"
    if os.path.isfile(os.path.join(checkout, "setup.py")):
        return f"{pip} -e {shlex.quote(checkout)}"
    return f"{pip} --force-reinstall --no-deps pnpkit"


def c_compiler() -> str | None:
    """The C compiler setuptools would run (`CC`, else Python's own), if it is on the PATH."""
    import shutil  # install and CI only: with sysconfig and shlex, 4 ms of every resolve's start-up
    import sysconfig

    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return compiler if shutil.which(compiler) else None


def main(args: list[str]) -> int:
    """`python -m checker.core.native PACKAGE...`: 1 when a C compiler is there and a package's modules do not
    all run compiled (none were built, or they went stale), so that CI notices a build that went pure."""
    from importlib import import_module

    compiler = c_compiler()
    failed = False
    for package in args:
        folder = import_module(package).__path__[0]  # stale compiled modules say so on stderr
        built = [name.split(".")[0] for name in compiled_modules(folder)]
        running = [name for name in built
                   if str(import_module(f"{package}.{name}").__file__).endswith(tuple(EXTENSION_SUFFIXES))]
        if built and running == built:
            print(f"{package}: compiled ({len(built)} modules)")
        else:
            print(f"{package}: runs from its sources ({len(running)} of {len(built)} compiled modules in use)")
            failed = compiler is not None
    if failed:
        print(f"a C compiler is there ({compiler}): the install should have compiled them", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
