"""El Dorado Canyon's engine compiled by mypyc runs only while it matches its sources, and plays
exactly as the sources do: the stamp's checks, `PNPKIT_PURE`, an edited copy of the checkout, and
simulate reports compiled against pure for fixed seeds under every policy."""
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


def run(code_or_args: list[str], tree: Path = ROOT, pure: bool = False) -> str:
    env = {k: v for k, v in os.environ.items() if k != native.PURE}
    env["PYTHONPATH"] = str(tree)
    if pure:
        env[native.PURE] = "1"
    done = subprocess.run([sys.executable, "-P", *code_or_args], env=env, cwd=tree, capture_output=True, text=True)
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


def test_an_edit_runs_every_engine_module_from_its_source(tmp_path):
    """A copy of the checkout (its compiled modules too, if built) runs them until a source changes."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "checker", copy / "checker", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "cards", copy / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    for lib in ROOT.glob("pnpkit_engine__mypyc*"):
        shutil.copy2(lib, copy)
    before = run(["-c", WHERE], copy).split()
    assert before == run(["-c", WHERE]).split()  # copied times differ: the CRC keeps it current
    with open(copy / "checker" / "el_dorado_canyon" / "turn.py", "a") as f:
        f.write("EDITED = True\n")
    code = WHERE + "; from checker.el_dorado_canyon import turn; print(turn.EDITED)"
    assert run(["-c", code], copy).split() == ["py", "py", "py", "True"]  # all from source: no mix


@pytest.mark.parametrize("args", [
    ["--policy", "random", "--games", "300", "--seed", "1"],
    ["--policy", "greedy", "--games", "200", "--seed", "2", "--players", "3"],
    ["--policy", "search,greedy,random,random", "--budget", "2", "--games", "12", "--seed", "3", "--json"],
])
def test_compiled_and_pure_engines_give_the_same_report(args):
    command = ["-c", "from checker.cli import main; main()", "simulate", "el-dorado-canyon", "--quiet", *args]
    assert run(command) == run(command, pure=True)
