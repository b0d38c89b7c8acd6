"""How a build grows with the deck: a 500- and a 5,000-card folder against `lean` for as many faces.

Targets (issue 14): at 5,000 cards a cold build at most 3x lean and at most 150 MiB peak
resident memory; the time per card at 5,000 at most 1.1x that at 500.  The folders are made
by `make_big_folder.py` (El Dorado Canyon with distinct town cards under new ids).  Whole
processes, the four sides alternated round by round, medians (see `timing.py`); peak memory
is each process's own `ru_maxrss` (it does not depend on the load; the highest run is reported against the
target).  The builds are cold (`--no-cache`).

    python3 benchmarks/bench_big.py [--rounds N] [--against DIR] [SIZES...]     # default sizes: 500 5000

`--against DIR` adds DIR's cold build of each folder (a `git archive` of an older commit, say) to the
same alternating run.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_build import FONT, build_cmd, placed_faces
from make_big_folder import make
from timing import alternate, bench_env, report

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another tree whose cold build to alternate with")
    parser.add_argument("sizes", nargs="*", type=int, default=[500, 5000])
    args = parser.parse_args()
    env = bench_env()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        sides, faces = {}, {}
        for size in args.sizes:
            folder = t / f"big-{size}"
            make(size, folder)
            subprocess.run(build_cmd(t / f"probe-{size}", str(folder)), cwd=ROOT, env=env, check=True,
                           capture_output=True)
            faces[size] = placed_faces(t / f"probe-{size}")
            sides[f"build {size} cards"] = build_cmd(t / f"out-{size}", str(folder))
            if args.against:
                sides[f"DIR's build {size} cards"] = build_cmd(t / f"against-{size}", str(folder),
                                                               tree=args.against.resolve())
            sides[f"lean {size} ({faces[size]} faces)"] = [
                sys.executable, str(BENCH / "lean_baseline.py"), str(faces[size] // 2), str(t / f"lean-{size}.pdf"),
                str(FONT)]
        runs = alternate(sides, args.rounds, ROOT, env)
        for size in args.sizes:
            print(f"{size}-card folder, {faces[size]} printed faces; {args.rounds} alternating rounds")
            mine = (f"build {size} ", f"lean {size} ", f"DIR's build {size} ")
            report({k: v for k, v in runs.items() if k.startswith(mine)}, f"build {size} cards")
            build, lean = runs[f"build {size} cards"], runs[f"lean {size} ({faces[size]} faces)"]
            print(f"  {build.median('cpu') / lean.median('cpu'):.2f}x lean's CPU, peak memory {max(build.rss_mib):.0f} MiB "
                  f"(the highest of {len(build.rss_mib)}); targets at 5,000 cards: <= 3x, <= 150 MiB")
        if len(args.sizes) > 1:
            small, big = min(args.sizes), max(args.sizes)
            per = {s: runs[f"build {s} cards"].median("wall") / s for s in (small, big)}
            per_cpu = {s: runs[f"build {s} cards"].median("cpu") / s for s in (small, big)}
            print(f"time per card: {per[small] * 1000:.2f} ms at {small}, {per[big] * 1000:.2f} ms at {big} "
                  f"-> {per[big] / per[small]:.2f}x wall, {per_cpu[big] / per_cpu[small]:.2f}x CPU (target <= 1.1x)")


if __name__ == "__main__":
    main()
