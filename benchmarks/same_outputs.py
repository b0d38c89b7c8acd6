"""Are this checkout's outputs byte for byte another tree's?  Resolve text and JSON, simulate reports, kits.

    python3 benchmarks/same_outputs.py DIR [--quick] [--pure]

DIR is another checkout installed as CI installs it (its own `.venv`, e.g. a worktree of `main`).
Each side runs its own installed `checker` and `generator` (each in its own `.venv`) on the same
inputs, a copy of this checkout's `tests/cases` and `tests/games` in a temporary folder, with its
own definitions and face caches, and every run's exit code, stdout, stderr and written files are
compared:

- `checker resolve` of every state under tests/cases, as text and with `--json`; odd spellings
  of a state's path (`./x`, `a//b`, `a/../b`, a folder, a missing file, none), `--seed`, and
  `--out` (the written state's bytes, and an `--out` that cannot be written);
- `checker simulate` of the three games (text, `--json`, `--csv`, `--jobs 1` and the default
  jobs, a policy per seat, `--precision`), `--shard` and `--merge`, `--compare`, and refusals;
- `generator build` of every built-in game, default options and `--ink-saver --paper letter
  --cut-lines`, each built twice (the second from the caches): what it prints and the sha256 of
  every file it writes.

Prints each difference (the first lines of both sides) and exits 1 if there is any. `--quick`:
resolve and simulate only; `--pure`: both sides run the engines from their sources (`PNPKIT_PURE=1`:
for a DIR whose compiled modules are not current).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def runner(tree: Path, work: Path, env: dict[str, str]):
    """Run `tree`'s installed command NAME with ARGS in `work`: (exit code, stdout, stderr) as bytes."""
    def run(name: str, *args: str) -> tuple[int, bytes, bytes]:
        done = subprocess.run([str(tree / ".venv" / "bin" / name), *args], cwd=work, env=env, capture_output=True)
        return done.returncode, done.stdout, done.stderr
    return run


def files(folder: Path) -> dict[str, str]:
    """sha256 of every file under `folder`, by relative path."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def cases(work: Path) -> list[list[str]]:
    """(command, args...) of every run compared."""
    states = sorted(str(p.relative_to(work)) for p in (work / "cases").rglob("*.toml"))
    runs = [["checker", "resolve", s, *extra] for s in states for extra in ([], ["--json"])]
    one = next(s for s in states if s.startswith("cases/eldorado/") and ".expect." not in s)
    runs += [["checker", "resolve", path] for path in
             (f"./{one}", one.replace("/", "//"), one.replace("cases/", "cases/../cases/", 1), "cases", "missing.toml",
              "")]
    runs += [["checker", "resolve", one, "--seed", "7", "--json"], ["checker", "resolve", one, "--out", "next.toml"],
             ["checker", "resolve", one, "--out", "./next.toml"], ["checker", "resolve", one, "--out", "cases"]]
    for game in ("el-dorado-canyon", "eldorado", "eternal-gold-and-steel"):
        base = ["checker", "simulate", game, "--games", "300", "--seed", "3", "--quiet"]
        runs += [base, [*base, "--json"], [*base, "--csv"], [*base, "--jobs", "1", "--json"]]
    edc = ["checker", "simulate", "el-dorado-canyon", "--quiet", "--seed", "2"]
    runs += [[*edc, "--games", "200", "--policy", "greedy,random,random,greedy", "--json"],
             [*edc, "--games", "3000", "--precision", "0.05", "--json"],
             [*edc, "--games", "200", "--shard", "1/2"], [*edc, "--games", "200", "--shard", "2/2"],
             [*edc, "--games", "300", "--compare", "games/edc-test", "--json"],
             [*edc, "--games", "0"], [*edc, "--players", "9"], [*edc, "--policy", "nobody"],
             [*edc, "--shard", "3/2"], ["checker", "simulate", "--merge", "missing.json"]]
    return runs


def compare(against: Path, quick: bool, pure: bool) -> int:
    work = Path(tempfile.mkdtemp(prefix="pnpkit-same-"))
    shutil.copytree(ROOT / "tests" / "cases", work / "cases")
    shutil.copytree(ROOT / "tests" / "games", work / "games")
    sides = {}
    for label, tree in (("this checkout", ROOT), ("DIR", against.resolve())):
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PNPKIT_PURE")}
        env["PNPKIT_CACHE"] = tempfile.mkdtemp(prefix="pnpkit-same-cache-")
        if pure:
            env["PNPKIT_PURE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="pnpkit-same-pyc-")
        sides[label] = runner(tree, work, env)
    differences = 0

    def same(what: str, a: object, b: object) -> None:
        nonlocal differences
        if a != b:
            differences += 1
            print(f"DIFFERS: {what}\n  this checkout: {str(a)[:300]}\n  DIR:           {str(b)[:300]}")

    runs = cases(work)
    for args in runs:
        got = []
        for run in sides.values():
            result = run(*args)
            written = (work / "next.toml").read_bytes() if (work / "next.toml").exists() else None
            (work / "next.toml").unlink(missing_ok=True)
            got.append((*result, written))
        same(" ".join(args), *got)
    shards = []
    for run in sides.values():
        for k in (1, 2):
            code, out, _ = run("checker", "simulate", "el-dorado-canyon", "--games", "200", "--seed", "2", "--quiet",
                               "--shard", f"{k}/2")
            (work / f"shard{k}.json").write_bytes(out)
        shards.append(run("checker", "simulate", "--merge", "shard1.json", "shard2.json", "--json"))
    same("checker simulate --merge of two shards", *shards)
    print(f"{len(runs) + 1} checker runs compared")
    if not quick:
        for options in ([], ["--ink-saver", "--paper", "letter", "--cut-lines"]):
            for when in ("first build", "second build, from the caches"):
                kits = []
                for label, run in sides.items():
                    out = work / f"kits-{label.replace(' ', '-')}"
                    shutil.rmtree(out, ignore_errors=True)
                    code, said, err = run("generator", "build", "--out", str(out), *options)
                    kits.append((code, said.replace(str(out).encode(), b"OUT"), err.replace(str(out).encode(), b"OUT"),
                                 files(out)))
                same(f"generator build {' '.join(options)} ({when})", *kits)
                print(f"generator build {' '.join(options)} ({when}): {len(kits[0][3])} files compared")
    print("same outputs" if not differences else f"{differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("against", type=Path)
    parser.add_argument("--quick", action="store_true", help="resolve and simulate only")
    parser.add_argument("--pure", action="store_true", help="both sides run the engines from their sources")
    args = parser.parse_args()
    sys.exit(compare(args.against, args.quick, args.pure))
