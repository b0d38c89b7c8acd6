"""Compiles El Dorado Canyon's engine with mypyc when it can; pure Python otherwise.

The same sources, compiled to C by mypyc (shipped with mypy, a build requirement): whole
simulations run about 3x faster (benchmarks/bench_mypyc.py). Without a C compiler, or if
the compiler fails, the install goes on with a one-line notice and the engine runs as Python.
If mypyc refuses the sources (a type error it cannot compile), the install fails with mypyc's
own messages: a pure install would hide them (pip shows a build's output only when it fails).
`PNPKIT_PURE=1` at install time builds nothing. Beside the compiled modules the build
writes `checker.core.native`'s stamp of the sources they were made from: a source edited
since runs from its sources, with a warning naming the command that rebuilds them
(docs/performance.md).
"""
from __future__ import annotations

import contextlib
import io
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, str(Path(__file__).resolve().parent / "checker" / "core"))  # before the package is installed
import native  # noqa: E402  (the stamp's one definition; stdlib only, so importable before install)

HERE = Path(__file__).resolve().parent
ENGINE = "checker/el_dorado_canyon"
# Left as Python: the package's start (it decides what is compiled), the wording and the state
# contract (text, not play), `vocabulary`, which makes a class per effect at run time (a
# compiled class cannot be subclassed by one), and `engine`, the interface's boundary (no loop).
PURE = {"__init__.py", "wording.py", "state_schema.py", "vocabulary.py", "engine.py"}


def notice(why: str) -> None:
    print(f"pnpkit: {why}: El Dorado Canyon's engine will run as pure Python (slower `checker simulate`)",
          file=sys.stderr)


def compiled() -> list:
    """mypyc's extensions for the engine, or none (with a notice) where they cannot be built; SystemExit with
    mypyc's messages where it refuses the sources."""
    if native.pure_wanted():
        return []
    if native.c_compiler() is None:
        notice("no C compiler")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        notice("mypyc (mypy) is not installed")
        return []
    sources = sorted(f"{ENGINE}/{p.name}" for p in (HERE / ENGINE).glob("*.py") if p.name not in PURE)
    # Not pyproject.toml's mypy settings: its pydantic plugin is missing from the isolated build
    # environment, as is pydantic itself (`cards`, which the engine never runs), so imports outside
    # these modules are read silently. The settings that decide types are repeated here.
    flags = ["--config-file=", "--check-untyped-defs", "--strict-equality", "--follow-imports=silent",
             "--ignore-missing-imports"]
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):  # mypyc prints its messages there, then exits
            # One C file per module (`multi_file`), so that BuildExt compiles them on every core at once.
            extensions = mypycify([*flags, *sources], opt_level="3", debug_level="0", group_name="pnpkit_engine",
                                  multi_file=True)
    except (Exception, SystemExit) as failed:
        messages = said.getvalue().strip() or f"{type(failed).__name__}: {failed}"
        sys.exit(f"pnpkit: mypyc cannot compile El Dorado Canyon's engine:\n{messages}\n"
                 f"pnpkit: fix the sources it names, or install without compiling: {native.PURE}=1 pip install ...")
    sys.stdout.write(said.getvalue())
    return extensions


class BuildExt(build_ext):
    """Builds the extensions, or none (with the notice) if the compiler fails; then the stamp."""

    def build_extensions(self) -> None:
        """Each extension's C files compiled by one compiler process per core (distutils runs them
        one after another: the install's longest step on a 2-core machine)."""
        one_by_one = self.compiler.compile

        def compile_all(sources: list, **options) -> list:
            largest_first = sorted(sources, key=lambda source: -Path(source).stat().st_size)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = dict(zip(largest_first, pool.map(lambda source: one_by_one([source], **options),
                                                        largest_first)))
            return [obj for source in sources for obj in done[source]]  # the linker's order kept

        self.compiler.compile = compile_all
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as failed:  # CompileError, LinkError, or a missing header
            notice(f"compiling failed ({failed})")
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            return
        if self.extensions:  # the stamp goes where the compiled modules went (the checkout, or the wheel)
            folder = Path(self.get_ext_fullpath(f"{ENGINE.replace('/', '.')}.turn")).parent
            native.write_stamp(HERE / ENGINE, folder / native.STAMP)


# Only a build compiles: pip also runs this file for the build's requirements and metadata.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


setup(ext_modules=compiled() if BUILDS & set(sys.argv[1:]) else [], cmdclass={"build_ext": BuildExt})
