"""Shared by the hostile-input suite: a small game with posters, runs of the tools, faults injected in a child.

A fault is Python run in the child before the tool starts (e.g. `os.replace` wrapped to
SIGKILL the process at its Nth rename): the failure happens inside the real command,
at a chosen point, without tracing tools.
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from madeup_games import deck, game_toml, reference_cards

ROOT = Path(__file__).resolve().parent.parent

GAME = game_toml("small", "Small", (2, 4), [
    deck(),
    {"id": "map", "name": "Map", "kind": "map", "schema": "marker", "file": "map.toml", "size": "300x250mm"},
])
SET = ["small-a4.pdf", "small-poster-a2.pdf", "small-poster-a2.json", "small-poster-a1.pdf", "small-poster-a1.json",
       "small-a4.json"]  # in the order they are renamed: the kit's manifest last


def small_game(folder: Path) -> Path:
    """A game whose build writes six files: the kit and its manifest, two posters and theirs."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(GAME)
    (folder / "deck.toml").write_text(reference_cards(2, "Turn", "Take 1 gold"))
    (folder / "map.toml").write_text('[[cards]]\nid = "chart"\nname = "Chart"\nicon = "gold"\nvalue = 1\n')
    return folder


def run(tool: str, *args: str, fault: str = "", cwd: Path = ROOT, timeout: float | None = 60,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`tool ARGS` (generator or checker) in a child process as a user runs it, after running `fault` there;
    `env`: the child's environment (this process's when None)."""
    code = f"import sys; sys.argv[0] = {tool!r}\n{fault}\nfrom {tool}.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, env=env)


def kill_at_rename(n: int) -> str:
    """Fault: SIGKILL at the Nth rename of a staged file over its target (1-based), cache entries aside
    (a first run in a cache also files what it remembered there: `common.stamps`)."""
    return f"""
import os, signal
_real, _count = os.replace, [0]
_cache = os.path.join(os.environ.get("PNPKIT_CACHE", "/nonexistent"), "")
def _replace(src, dst, *a, **k):
    if str(src).endswith(".pnpkit-tmp") and not str(dst).endswith(".pnpkit-journal") \
            and not str(dst).startswith(_cache):
        _count[0] += 1
        if _count[0] == {n}:
            os.kill(os.getpid(), signal.SIGKILL)
    return _real(src, dst, *a, **k)
os.replace = _replace
"""


def kill_at_fsync(n: int) -> str:
    """Fault: SIGKILL at the Nth flush of a staged file to disk (staged files exist, none renamed), cache
    entries aside (a build also files parsed fonts and validated definitions there)."""
    return f"""
import os, signal
_real, _count = os.fsync, [0]
_cache = os.path.join(os.environ.get("PNPKIT_CACHE", "/nonexistent"), "")
def _fsync(fd):
    try:
        path = os.readlink(f"/proc/self/fd/{{fd}}")
    except OSError:
        path = ""
    if not path.startswith(_cache):
        _count[0] += 1
        if _count[0] == {n}:
            os.kill(os.getpid(), signal.SIGKILL)
    return _real(fd)
os.fsync = _fsync
"""


def one_line_failure(result: subprocess.CompletedProcess, *wanted: str) -> str:
    """The run failed with exit 2 and one line on stderr holding every `wanted` text; that line."""
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert len(lines) == 1 and "Traceback" not in result.stderr + result.stdout, result.stderr
    for text in wanted:
        assert text in lines[0], (text, lines[0])
    return lines[0]


def contents(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (hidden ones too) by relative name."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def whole(folder: Path, manifest: str = "small-a4.json") -> bool:
    """Whether the manifest's sha256 of every file of its set matches the files beside it."""
    files = json.loads((folder / manifest).read_text())["files"]
    return all(hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest for name, digest in files.items())


def leftovers(folder: Path) -> list[str]:
    """Temporary, kept-old and journal files a writer may leave."""
    return sorted(p.name for p in folder.rglob(".*") if p.name.endswith((".pnpkit-tmp", ".pnpkit-old", ".pnpkit-journal")))
