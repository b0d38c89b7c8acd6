"""How a cold `generator build` of the three kits compares with bare ReportLab scripts.

Targets (issue 14): at most 2.0x `lean` and 1.3x the like-for-like reference.  Whole
processes (start-up and imports included), the sides alternated round by round, medians
of wall and CPU time (see `timing.py`).  The references:

- like for like: `reference_reportlab.py --workload` drawing what the kits held on
  2026-12-01 (`workload-2026-12-01.json`, read back from our PDFs by `workload.py` and
  frozen, so drawing less later cannot shrink the yardstick); `--live` adds today's;
- lean: `lean_baseline.py` (a bare script, poker cards 3 x 3 with backs, crop marks, an
  embedded subset) given half as many cards as the build places items, so as many faces;
- print.md's plain script: as many simple faces (a rectangle and two strings each).

"cold" builds with `--no-cache` (the fonts and validated definitions it keeps are used: "first" is the
same build in an empty cache); "face cache" is the same build replaying the faces an
earlier run kept (filled by the warm-up round), for comparison.

    python3 benchmarks/bench_build.py [--rounds N] [--live] [--against DIR] [GAME...]

`--against DIR` adds DIR's cold build (a `git archive` of an older commit, say) to the same
alternating run; GAME... builds only those games (default: the three kits).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import alternate, bench_env, report

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
FROZEN = BENCH / "workload-2026-12-01.json"
FONT = ROOT / "fonts" / "DejaVuSansCondensed.ttf"


def build_cmd(out: Path, *games: str, cached: bool = False, tree: Path = ROOT, first: bool = False) -> list[str]:
    """A whole `generator build` of `tree`'s code, as the `generator` command runs it (its entry point:
    `generator.plain` where the tree has it, else `generator.cli`): cold (`--no-cache`) unless `cached`.
    `first`: in an empty user cache of its own, as a first build on a new machine (no fonts or validated
    definitions kept either, which `--no-cache` does not skip); another `tree` keeps a cache of its own."""
    entry = "generator.plain" if (tree / "generator" / "plain.py").exists() else "generator.cli"
    fresh = "import os, tempfile; os.environ['PNPKIT_CACHE'] = tempfile.mkdtemp(); " if first else ""
    if tree != ROOT and not first:
        fresh = f"import os; os.environ['PNPKIT_CACHE'] = {own_cache(tree)!r}; "
    code = f"{fresh}import sys; sys.path.insert(0, {str(tree)!r}); import {entry} as c; c.main()"
    return [sys.executable, "-c", code, "build", *games, "--out", str(out), *([] if cached else ["--no-cache"])]


_CACHES: dict[Path, str] = {}


def own_cache(tree: Path) -> str:
    """A user cache folder of `tree`'s own for this run: another tree's code sharing ours would overwrite the
    entries named by the folder built, not by the code (a kit's kept texts, streams and faces), so each side
    would find the other's and miss."""
    if tree not in _CACHES:
        _CACHES[tree] = tempfile.mkdtemp(prefix="pnpkit-bench-against-")
    return _CACHES[tree]


def placed_faces(out: Path) -> int:
    """Printed faces in the home kits (front and back, every copy), read from the manifests."""
    return sum(len(p["items"]) for f in out.glob("*-a4.json") for p in json.loads(f.read_text())["pages"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--live", action="store_true", help="also the workload read from today's PDFs")
    parser.add_argument("--against", type=Path, help="another tree whose cold build to alternate with")
    parser.add_argument("games", nargs="*", help="only these games (default: all three kits)")
    args = parser.parse_args()
    env = bench_env()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        subprocess.run(build_cmd(t / "probe", *args.games), cwd=ROOT, env=env, check=True, capture_output=True)
        faces = placed_faces(t / "probe")
        pdfs = sorted((t / "probe").glob("*.pdf"))
        (t / "ref").mkdir()
        sides = {
            "generator build (cold)": build_cmd(t / "out", *args.games),
            "generator build (face cache)": build_cmd(t / "warm", *args.games, cached=True),
            "generator build (first, empty cache)": build_cmd(t / "first", *args.games, first=True),
            "like for like (2026-12-01)": [sys.executable, str(BENCH / "reference_reportlab.py"), "--workload",
                                           str(FROZEN), str(t / "ref")],
            f"lean ({faces // 2} cards)": [sys.executable, str(BENCH / "lean_baseline.py"), str(faces // 2),
                                           str(t / "lean.pdf"), str(FONT)],
            "print.md plain faces": [sys.executable, str(BENCH / "reference_reportlab.py"), str(faces),
                                     str(t / "plain.pdf")],
        }
        if args.against:
            sides["DIR's build (cold)"] = build_cmd(t / "against", *args.games, tree=args.against.resolve())
        if args.live:
            live = t / "live.json"
            live.write_text(subprocess.run([sys.executable, str(BENCH / "workload.py"), *map(str, pdfs)],
                                           check=True, capture_output=True, text=True).stdout)
            (t / "ref-live").mkdir()
            sides["like for like (today)"] = [sys.executable, str(BENCH / "reference_reportlab.py"), "--workload",
                                              str(live), str(t / "ref-live")]
        print(f"{' '.join(args.games) or 'all three kits'}: {faces} printed faces in the home kits, {len(pdfs)} PDFs, "
              f"{sum(p.stat().st_size for p in pdfs) / 1024:.0f} KiB; {args.rounds} alternating rounds")
        report(alternate(sides, args.rounds, ROOT, env), "generator build (cold)")


if __name__ == "__main__":
    main()
