"""El Dorado Canyon's engine compiled by mypyc runs only while it matches its sources, and plays
exactly as the sources do: the stamp's checks, `PNPKIT_PURE`, an edited copy of the checkout (with the
warning it prints, and CI's check), mypyc's refusal at install, and simulate reports compiled against
pure for fixed seeds under every policy."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checker.core import native

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "checker" / "el_dorado_canyon"
# which file each module of the engine was imported from (the pure ones are .py in any build)
WHERE = ("import checker.el_dorado_canyon.turn, checker.el_dorado_canyon.players, checker.el_dorado_canyon.wording;"
         "import sys; print(*(sys.modules['checker.el_dorado_canyon.' + m].__file__.rsplit('.', 1)[1]"
         " for m in ('turn', 'players', 'wording')))")


def python(code_or_args: list[str], tree: Path = ROOT, pure: bool = False, **env: str) -> subprocess.CompletedProcess:
    env = {**{k: v for k, v in os.environ.items() if k != native.PURE}, "PYTHONPATH": str(tree), **env}
    if pure:
        env[native.PURE] = "1"
    return subprocess.run([sys.executable, "-P", *code_or_args], env=env, cwd=tree, capture_output=True, text=True)


def run(code_or_args: list[str], tree: Path = ROOT, pure: bool = False) -> str:
    done = python(code_or_args, tree, pure)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def package(tmp_path):
    """A package folder of three sources, stamped (checker.core's sources are stamped too)."""
    folder = tmp_path / "pkg"
    folder.mkdir()
    for name in ("__init__.py", "a.py", "b.py"):
        (folder / name).write_text(f"# {name}\nX = 1\n")
    native.write_stamp(folder, folder / native.STAMP)
    return folder


def test_a_stamp_of_unchanged_sources_is_current(package):
    assert native.current(str(package))


def test_new_times_on_the_same_bytes_stay_current(package):
    os.utime(package / "a.py", ns=(1, 1))  # a fresh copy, a checkout of the same commit
    assert native.current(str(package))


def test_an_edited_source_is_not_current(package):
    path = package / "a.py"
    path.write_text("# a.py\nX = 2\n")  # the same size: the CRC tells
    os.utime(path, ns=(1, 1))  # (the change time moves anyway: a write cannot hide)
    assert not native.current(str(package))


def test_an_added_or_removed_source_is_not_current(package):
    (package / "c.py").write_text("")
    assert not native.current(str(package))
    (package / "c.py").unlink()
    assert native.current(str(package))
    (package / "b.py").unlink()
    assert not native.current(str(package))


def test_a_missing_or_unreadable_stamp_is_not_current(package):
    (package / native.STAMP).write_text("garbage\n")
    assert not native.current(str(package))
    (package / native.STAMP).unlink()
    assert not native.current(str(package))


def test_the_checkout_runs_its_compiled_modules_only_while_current():
    compiled = native.current(str(ENGINE)) and any(ENGINE.glob("turn.*.so"))
    assert run(["-c", WHERE]).split() == (["so", "so", "py"] if compiled else ["py", "py", "py"])
    assert run(["-c", WHERE], pure=True).split() == ["py", "py", "py"]


@pytest.fixture
def checkout(tmp_path):
    """A copy of the checkout: its sources, and its compiled modules with their stamp if it was built."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "checker", copy / "checker", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "cards", copy / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy)
    for lib in ROOT.glob("pnpkit_engine__mypyc*"):
        shutil.copy2(lib, copy)
    return copy


def edit(checkout: Path) -> None:
    with open(checkout / "checker" / "el_dorado_canyon" / "turn.py", "a") as f:
        f.write("EDITED = True\n")


def test_an_edit_runs_every_engine_module_from_its_source(checkout):
    """A copy of the checkout (its compiled modules too, if built) runs them until a source changes."""
    before = run(["-c", WHERE], checkout).split()
    assert before == run(["-c", WHERE]).split()  # copied times differ: the CRC keeps it current
    edit(checkout)
    code = WHERE + "; from checker.el_dorado_canyon import turn; print(turn.EDITED)"
    assert run(["-c", code], checkout).split() == ["py", "py", "py", "True"]  # all from source: no mix


def test_stale_compiled_modules_say_so_once_with_the_command_that_rebuilds_them(checkout):
    compiled = any((checkout / "checker" / "el_dorado_canyon").glob("turn.*.so"))
    simulate = ["-c", "from checker.cli import main; main()", "simulate", "el-dorado-canyon", "--quiet",
                "--games", "40", "--seed", "1", "--jobs", "2"]
    assert python(simulate, checkout).stderr == ""  # current (or a pure install): nothing to say
    edit(checkout)
    done = python(simulate, checkout)
    assert done.returncode == 0
    warning = (f"pnpkit: warning: checker.el_dorado_canyon's compiled modules do not match its sources "
               f"(checker/el_dorado_canyon/turn.py changed): running the sources, slower; rebuild them with: "
               f"{sys.executable} -m pip install -e {checkout}")
    assert done.stderr.splitlines() == ([warning] if compiled else [])  # once, though two workers played
    assert done.stdout == run(simulate, checkout, pure=True)  # the same report, from the same sources
    assert python(simulate, checkout, pure=True).stderr == ""  # PNPKIT_PURE asked for the sources: no warning


def test_ci_fails_where_a_compiler_is_there_and_the_engine_runs_from_its_sources(checkout):
    check = ["-m", "checker.core.native", "checker.el_dorado_canyon"]
    compiled = sorted(p.name for p in (checkout / "checker" / "el_dorado_canyon").glob("*.so"))
    current = python(check, checkout, CC=sys.executable)  # any program on the PATH stands for the compiler
    if compiled:
        assert (current.returncode, current.stdout) == (0, f"checker.el_dorado_canyon: compiled ({len(compiled)} "
                                                           "modules)\n")
    edit(checkout)
    for pure in (False, True):
        refused = python(check, checkout, pure, CC=sys.executable)
        assert refused.returncode == 1
        assert refused.stdout == (f"checker.el_dorado_canyon: runs from its sources (0 of {len(compiled)} compiled "
                                  "modules in use)\n")
        assert refused.stderr.splitlines()[-1] == (f"a C compiler is there ({sys.executable}): the install should "
                                                   "have compiled them")
    no_compiler = python(check, checkout, CC=str(checkout / "no-such-cc"))
    assert no_compiler.returncode == 0  # nothing could have compiled it: a pure engine is expected


def test_mypyc_refusing_the_sources_fails_the_install_with_its_messages(checkout):
    with open(checkout / "checker" / "el_dorado_canyon" / "gone.py", "a") as f:
        f.write('BROKEN: int = "text"\n')
    line = (checkout / "checker" / "el_dorado_canyon" / "gone.py").read_text().count("\n")
    # mypyc refuses before anything is compiled: any program on the PATH stands for the C compiler
    done = python(["setup.py", "-q", "build_ext", "--inplace"], checkout, CC=sys.executable)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-3:] == [
        "pnpkit: mypyc cannot compile El Dorado Canyon's engine:",
        f'checker/el_dorado_canyon/gone.py:{line}: error: Incompatible types in assignment (expression has type '
        '"str", variable has type "int")  [assignment]',
        "pnpkit: fix the sources it names, or install without compiling: PNPKIT_PURE=1 pip install ..."]


@pytest.mark.parametrize("args", [
    ["--policy", "random", "--games", "300", "--seed", "1"],
    ["--policy", "greedy", "--games", "200", "--seed", "2", "--players", "3"],
    ["--policy", "search,greedy,random,random", "--budget", "2", "--games", "12", "--seed", "3", "--json"],
])
def test_compiled_and_pure_engines_give_the_same_report(args):
    command = ["-c", "from checker.cli import main; main()", "simulate", "el-dorado-canyon", "--quiet", *args]
    assert run(command) == run(command, pure=True)
