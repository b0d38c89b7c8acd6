"""`checker resolve` serves its own modules from packs of their compiled code (checker.core.codepack): the
same verdict as without them, an edited source runs as edited, a corrupt pack is ignored, and nothing is
written when Python may not write bytecode."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "tests" / "cases" / "eldorado" / "01-fair-wind.toml"
# the run's verdict, then (on stderr) each module of ours by where it came from: the pack or a file
PROBE = ("import sys; sys.argv = ['checker', 'resolve', sys.argv[1], '--json']\n"
         "import cards.terminal; cards.terminal.leave = sys.exit  # raise SystemExit instead of leaving at once\n"
         "from checker.cli import main\n"
         "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
         "ours = sorted(n for n in sys.modules if n.partition('.')[0] in ('cards', 'checker'))\n"
         "packed = [n for n in ours if type(sys.modules[n].__loader__).__name__ == 'Pack']\n"
         "print(code, len(packed), *packed, file=sys.stderr)")


def resolve(tree: Path, cache: Path, state: Path = STATE, dont_write: bool = False) -> tuple[str, list[str]]:
    """Resolve `state` in a process of the checkout `tree`: (stdout, [exit code, packed modules...])."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(tree), PNPKIT_CACHE=str(cache))
    if dont_write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-P", "-c", PROBE, str(state)], cwd=tree, env=env, capture_output=True,
                          text=True)
    return done.stdout, done.stderr.splitlines()[-1].split()


def packs(cache: Path) -> list[Path]:
    return sorted((cache / "code").glob("*.bin"))


def test_a_second_resolve_serves_our_modules_from_the_packs_with_the_same_verdict(tmp_path):
    cache = tmp_path / "cache"
    resolve(ROOT, cache)  # compiles the definitions (a miss loads cards.loader: nothing is packed)
    first, (code, count, *_) = resolve(ROOT, cache)
    assert (code, count) == ("0", "0") and packs(cache)  # imported from files, then packed
    second, (code, count, *packed) = resolve(ROOT, cache)
    assert code == "0" and int(count) > 20 and second == first
    assert {"checker.core.resolve_cmd", "checker.eldorado.resolve", "cards.jsontext"} <= set(packed)


def test_the_compiled_engine_s_modules_are_never_packed(tmp_path):
    """El Dorado Canyon's modules come all from its compiled files or all from its sources (checker.core.native)."""
    cache = tmp_path / "cache"
    state = ROOT / "tests" / "cases" / "el-dorado-canyon" / "34-abilities-in-a-fight.toml"
    outputs = [resolve(ROOT, cache, state) for _ in range(3)]
    assert outputs[0][0] == outputs[2][0] and int(outputs[2][1][1]) > 20
    assert not [m for m in outputs[2][1][2:] if m.startswith("checker.el_dorado_canyon.")]


def test_an_edited_source_runs_as_edited_and_is_packed_again(tmp_path):
    tree = tmp_path / "checkout"
    for package in ("cards", "checker"):
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    cache = tmp_path / "cache"
    time.sleep(2.1)  # copies younger than two seconds are not packed (their times could still hide a write)
    before = [resolve(tree, cache) for _ in range(3)][-1]
    assert "checker.core.headline" in before[1]
    headline = tree / "checker" / "core" / "headline.py"
    headline.write_text(headline.read_text() + "\nimport sys\nprint('edited', file=sys.stdout)\n")
    after = resolve(tree, cache)
    assert after[0] == "edited\n" + before[0] and "checker.core.headline" not in after[1]  # from the edited file
    time.sleep(2.1)
    resolve(tree, cache)
    again = resolve(tree, cache)
    assert again[0] == after[0] and "checker.core.headline" in again[1]  # the edit packed in its turn


def test_a_corrupt_pack_is_ignored_and_written_again(tmp_path):
    cache = tmp_path / "cache"
    good = [resolve(ROOT, cache) for _ in range(3)][-1]
    for pack in packs(cache):
        data = bytearray(pack.read_bytes())
        data[len(data) // 2] ^= 0xFF  # the CRC no longer checks out
        pack.write_bytes(bytes(data))
    broken = resolve(ROOT, cache)
    assert broken[0] == good[0] and broken[1][1] == "0"
    assert resolve(ROOT, cache) == good


def test_nothing_is_packed_where_python_may_not_write_bytecode(tmp_path):
    cache = tmp_path / "cache"
    runs = [resolve(ROOT, cache, dont_write=True) for _ in range(3)]
    assert not packs(cache) and runs[2][1][1] == "0" and runs[2][0] == runs[0][0]
