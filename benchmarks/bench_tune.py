"""`checker tune` against the eight `checker simulate` runs it stands for, whole processes, alternating.

    python3 benchmarks/bench_tune.py [--card mother-lode] [--games 2000] [--rounds 5] [--jobs N]

Side "tune": `checker tune el-dorado-canyon CARD --field cost --values 1..8 --games G --seed 1`.
Side "eight simulates": the same games as eight processes, `checker simulate FOLDER_v --games G
--seed 1` one after the other, FOLDER_v a copy of the built-in game with CARD at cost v (made once
in a temporary folder). Both from this checkout's sources (`bench_simulate.checker`), through
`timing.alternate`: one warm-up round (it fills the definitions cache of every folder), then
medians of wall and CPU time (a side's processes and the workers they forked) and the ratio. The
target (issue 29): tune at most 1.3x the eight runs.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_simulate import checker  # noqa: E402
from timing import alternate, bench_env, report  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "cards" / "el-dorado-canyon"


def folder_at(where: Path, card: str, cost: int) -> Path:
    """A copy of the built-in game with `card` costing `cost` (its town.toml edited in place)."""
    folder = where / f"cost-{cost}"
    shutil.copytree(GAME, folder)
    town = folder / "town.toml"
    text = town.read_text(encoding="utf-8")
    start = text.index(f'id = "{card}"')
    found = re.compile(r"^cost = \d+$", re.M).search(text, start)
    assert found is not None, f"{card} has a cost"
    town.write_text(text[:found.start()] + f"cost = {cost}" + text[found.end():], encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--card", default="mother-lode")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--jobs", type=int)
    args = parser.parse_args()
    extra = ["--jobs", str(args.jobs)] if args.jobs else []
    common = ["--games", str(args.games), "--seed", "1", "--players", "4", "--quiet", *extra]
    where = Path(tempfile.mkdtemp(prefix="pnpkit-bench-tune-"))
    try:
        simulates = [shlex.join(checker(ROOT, "simulate", str(folder_at(where, args.card, v)), *common))
                     for v in range(1, 9)]
        sides = {"tune": checker(ROOT, "tune", "el-dorado-canyon", args.card, "--field", "cost", "--values", "1..8",
                                 *common),
                 "eight simulates": ["sh", "-c", " && ".join(simulates)]}
        load = os.getloadavg()
        runs = alternate(sides, args.rounds, ROOT, bench_env())
        print(f"checker tune el-dorado-canyon {args.card} --field cost --values 1..8 {' '.join(common)} against "
              f"eight simulates (medians of {args.rounds}; load average {load[0]:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after)")
        report(runs, "tune")
    finally:
        shutil.rmtree(where, ignore_errors=True)


if __name__ == "__main__":
    main()
