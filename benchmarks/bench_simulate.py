"""`checker simulate` as a designer runs it, whole process, against a reference tree.

    python3 benchmarks/bench_simulate.py [--against DIR] [--rounds 7] [--games 2000] [--jobs N]
    python3 benchmarks/bench_simulate.py --critical [--against DIR] [--rounds 7] [--games 2000]
    python3 benchmarks/bench_simulate.py --tallies [--rounds 7] [--games 2000]
    python3 benchmarks/bench_simulate.py --memory [--game eldorado] [--games 2000] [--rounds 3]
    python3 benchmarks/bench_simulate.py --interface [--game eldorado] [--games 20] [--rounds 3]

Default: times `checker simulate el-dorado-canyon --games 2000 --players 4 --seed 1` (issue 10's
command: default options, so `--jobs` is the cores, the random policy and the text report) from
this checkout, alternating round by round with the same command from DIR (another checkout or a
`git archive` of main; the same Python), through `timing.alternate`: one warm-up round (it fills
the definitions cache and the bytecode), then medians of wall time and of CPU time (the process
and the workers it forked), as games per second, with the ratio to DIR and the load average
before and after (the VM is shared: wall time needs a quiet machine, CPU time less so).

`--critical`: what a quiet machine would show, measured on a busy one. The same command, each
side's process timed from inside (a wrapper around `checker.cli.main` that reaps the workers
with `os.wait4` and reads its own CPU time as it leaves, by `os._exit` or not): the main process's CPU time (start-up, merging, the report; it waits while
the workers play) plus the slowest worker's. On an idle machine with a core per job that sum
is the wall time; under load, wall time is mostly waiting for a core. Medians, alternating.

`--tallies`: what the designer metrics cost. In fresh processes of this checkout, alternating,
the games alone (no start-up): played and counted by `metrics.tally_games`, against the same
games played by the same engine and policy with nothing counted (the loop below). Medians of
games per CPU second.

`--memory`: is memory flat in the number of games? Runs the same command (one job, so the
peak is one process's) with `--games N` and with ten times as many, alternating (`timing.py`),
and prints the median peak resident memory of each and their ratio (flat: about 1.0).

`--interface`: what a turn costs played through `checker.core.engine.RulesEngine` (issue 27: what the
balance lab and the table page drive), against the simulator's own loop. In fresh processes of this
checkout, alternating: random legal games from the engine's `start`, every action listed, applied and
resolved with its cited log (until the game ends or 200 resolutions), against `tally_games` with the
random policy. Medians of games and turns per CPU second, and the ratio of turns per second.
"""
from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import alternate, bench_env, paired, rounds_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ["simulate", "el-dorado-canyon", "--players", "4", "--seed", "1"]


def checker(tree: Path, *args: str) -> list[str]:
    """`checker ARGS` run from `tree`'s sources (-P: not from the working directory's)."""
    return ["env", f"PYTHONPATH={tree}", sys.executable, "-P", "-c", "from checker.cli import main; main()", *args]


def whole(trees: dict[str, Path], games: int, jobs: int | None, rounds: int) -> None:
    extra = ["--jobs", str(jobs)] if jobs else []
    sides = {name: checker(tree, *COMMAND, "--games", str(games), *extra) for name, tree in trees.items()}
    load = os.getloadavg()
    result = alternate(sides, rounds, ROOT, bench_env())
    print(f"checker simulate el-dorado-canyon --games {games} --players 4 --seed 1 {' '.join(extra)}".rstrip()
          + f" (medians of {rounds}; load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after)")
    ours = result["this checkout"]
    for name, r in result.items():
        wall, cpu = r.median("wall"), r.median("cpu")
        ratio = "" if name == "this checkout" else \
            f"  -> this checkout {wall / ours.median('wall'):.2f}x as fast (wall), {cpu / ours.median('cpu'):.2f}x (CPU); " \
            f"per round {paired(r.cpu, ours.cpu)} (CPU)"
        print(f"  {name:<14}: {games / wall:7,.0f} games/s ({wall:.3f} s wall), {games / cpu:7,.0f} games per CPU "
              f"second ({cpu:.3f} s CPU){ratio}")


CRITICAL = """
import os, resource, sys
workers = []
def wait(pid, options):  # every worker is reaped here (forked by simulate, or by a process pool)
    pid, status, usage = os.wait4(pid, options)
    if pid:
        workers.append(usage.ru_utime + usage.ru_stime)
    return pid, status
def report():
    me = resource.getrusage(resource.RUSAGE_SELF)
    print(me.ru_utime + me.ru_stime, max(workers, default=0.0), file=sys.stderr)
    sys.stderr.flush()
main_pid, leave = os.getpid(), os._exit
def exit_now(code):  # a command that leaves by os._exit once its output is written: report first
    if os.getpid() == main_pid:
        if code:
            leave(code)
        report()
    leave(code)
os.waitpid, os._exit = wait, exit_now
sys.argv = ["checker", ARGS]
from checker.cli import main
try:
    main()
except SystemExit as stop:
    if stop.code:
        raise
report()
"""


def critical(trees: dict[str, Path], games: int, jobs: int | None, rounds: int) -> None:
    """Main process CPU + slowest worker CPU: the wall time of an idle machine with a core per job."""
    args = [*COMMAND, "--games", str(games), *(["--jobs", str(jobs)] if jobs else [])]
    env = bench_env()
    code = CRITICAL.replace("ARGS", repr(args)[1:-1])

    def cpu_split(tree: Path) -> tuple[float, float]:
        err = subprocess.run([sys.executable, "-P", "-c", code], env=dict(env, PYTHONPATH=str(tree)), cwd=ROOT,
                             check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr.split()
        return float(err[-2]), float(err[-1])

    load = os.getloadavg()
    found = rounds_of({name: functools.partial(cpu_split, tree) for name, tree in trees.items()}, rounds)
    print(f"checker {' '.join(args)}: main process CPU + slowest worker CPU (medians of {rounds}; "
          f"load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after)")
    for name, runs in found.items():
        main_cpu = statistics.median(m for m, _ in runs)
        worker = statistics.median(w for _, w in runs)
        path = statistics.median(m + w for m, w in runs)
        print(f"  {name:<14}: {main_cpu:.3f} s + {worker:.3f} s = {path:.3f} s: {games / path:,.0f} games/s "
              f"on an idle machine")


COUNTED = """
from checker.el_dorado_canyon.metrics import tally_games
tally = tally_games(data, 0, GAMES, 4, 1, ["random"] * 4, 0)
turns = sum(int(k) * v for k, v in tally["lengths"].items())
"""
ENGINE_ALONE = """
from checker.core.batches import seeded_games
from checker.el_dorado_canyon.judge import game_ending
from checker.el_dorado_canyon.rules import Rules
from checker.el_dorado_canyon.simulation import MAX_TURNS, POLICIES, setup
rules = Rules(data)
choose = POLICIES["random"](rules)
turns = 0
for rng in seeded_games(1, 0, GAMES):  # the games tally_games plays: same seeds, same choices, no counting
    t, rand = setup(rules, 4, rng), rng.random
    for turn in range(1, MAX_TURNS + 1):
        t.play_turn([None if p.gone else choose(t, p, rand) for p in t.players])
        if game_ending(t):
            break
    turns += turn
"""


def tallies(games: int, rounds: int) -> None:
    """Games per CPU second, counted by the metrics and not counted, alternating fresh processes."""
    head = "import time\nfrom checker.core.gamecache import load_for_play\n_, data = load_for_play('el-dorado-canyon')\n" \
           "start = time.process_time()\n"
    tail = "print(GAMES / (time.process_time() - start), turns)\n"
    env = dict(bench_env(), PYTHONPATH=str(ROOT))
    sides = {"with the designer tallies": COUNTED, "engine alone": ENGINE_ALONE}
    turns: dict[str, set[str]] = {name: set() for name in sides}

    def rate(name: str) -> float:
        code = head + sides[name].replace("GAMES", str(games)) + tail.replace("GAMES", str(games))
        out = subprocess.run([sys.executable, "-P", "-c", code], env=env, cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
        turns[name].add(out[1])
        return float(out[0])

    rates = rounds_of({name: functools.partial(rate, name) for name in sides}, rounds)
    assert len(turns["engine alone"] | turns["with the designer tallies"]) == 1, "both sides play the same games"
    counted, alone = (statistics.median(rates[name]) for name in sides)
    print(f"{games} games, 4 players, random policy, one process (medians of {rounds}, CPU time, no start-up):")
    print(f"  with the designer tallies: {counted:,.0f} games/s")
    print(f"  engine alone             : {alone:,.0f} games/s")
    print(f"  the tallies cost {100 * (alone / counted - 1):.0f} % more time than the games they count")


def memory(game: str, games: int, rounds: int) -> None:
    """Peak memory at N games and at 10 N (one job), alternating: a run keeps counts, never the games."""
    argv = checker(ROOT, "simulate", game, "--players", "4", "--seed", "1", "--jobs", "1", "--quiet")
    sides = {f"{n:,} games": [*argv, "--games", str(n)] for n in (games, 10 * games)}
    result = alternate(sides, rounds, ROOT, bench_env())
    small, large = (r.median("rss_mib") for r in result.values())
    for name, r in result.items():
        print(f"{game}, {name}: {r.median('rss_mib'):.1f} MiB peak, {r.median('cpu'):.2f} s CPU "
              f"(medians of {rounds})")
    print(f"peak memory at 10x the games: {large / small:.3f}x")


THROUGH_INTERFACE = """
import random
from checker.core.engine import engine_of_game
engine = engine_of_game(GAME)
turns = 0
for game in range(GAMES):
    rng = random.Random(game)
    state, seat = engine.start(4, rng), 0
    for turn in range(200):
        state = engine.roll(state, rng)
        seats = engine.players(state)
        while engine.to_act(state):  # each player in seat order, taking turns
            waiting = engine.to_act(state)
            player = next(p for p in seats[seat:] + seats[:seat] if p in waiting)
            seat = (seats.index(player) + 1) % len(seats)
            legal = engine.legal_actions(state, player)
            if not legal:
                break
            state = engine.apply(state, rng.choice(legal))
        if engine.to_act(state):
            break  # a player who must act has no action: the game is stuck
        result = engine.resolve(state, rng.randrange(1 << 30))
        state = result.state
        if result.game_over:
            break
    turns += turn + 1
"""
OWN_LOOP = """
import importlib
from checker.core.engine import engine_of_game
sim = importlib.import_module(engine_of_game(GAME).simulator)
tally = sim.tally_games(data, 0, GAMES, 4, 1, ["random"] * 4, 0)
turns = sum(int(k) * v for k, v in tally["lengths"].items())
"""


def interface(game: str, games: int, rounds: int) -> None:
    """Games per CPU second through the interface and in the simulator's own loop, alternating fresh processes."""
    head = f"import time\nfrom checker.core.gamecache import load_for_play\n_, data = load_for_play({game!r})\n" \
           "start = time.process_time()\n"
    tail = "print(GAMES / (time.process_time() - start), turns / GAMES)\n"
    env = dict(bench_env(), PYTHONPATH=str(ROOT))
    sides = {"through RulesEngine": THROUGH_INTERFACE, "simulator's own loop": OWN_LOOP}
    lengths: dict[str, str] = {}

    def rate(name: str) -> float:
        code = head + sides[name].replace("GAMES", str(games)).replace("GAME", repr(game)) + \
            tail.replace("GAMES", str(games))
        out = subprocess.run([sys.executable, "-P", "-c", code], env=env, cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
        lengths[name] = out[1]
        return float(out[0])

    rates = rounds_of({name: functools.partial(rate, name) for name in sides}, rounds)
    per_second = {name: statistics.median(rates[name]) * float(lengths[name]) for name in sides}
    print(f"{game}: {games} random games of 4 players, one process (medians of {rounds}, CPU time, no start-up):")
    for name in sides:
        print(f"  {name:<21}: {statistics.median(rates[name]):9,.1f} games/s, {float(lengths[name]):5.1f} turns a game: "
              f"{per_second[name]:9,.0f} turns/s")
    through, own = per_second.values()
    print(f"  through the interface a turn costs {own / through:.0f}x the simulator's (a turn: every player's card "
          "in El Dorado Canyon, one action in the interface's Eldorado, every player's in its simulator)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path, help="a reference tree (a checkout or `git archive` of main)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, help="pass --jobs (default: none, so the cores)")
    parser.add_argument("--critical", action="store_true")
    parser.add_argument("--tallies", action="store_true")
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--interface", action="store_true")
    parser.add_argument("--game", default="el-dorado-canyon")
    args = parser.parse_args()
    if args.memory:
        memory(args.game, args.games, args.rounds)
    elif args.interface:
        interface(args.game, args.games, args.rounds)
    elif args.tallies:
        tallies(args.games, args.rounds)
    else:
        trees = {"this checkout": ROOT, **({"reference": args.against.resolve()} if args.against else {})}
        (critical if args.critical else whole)(trees, args.games, args.jobs, args.rounds)


if __name__ == "__main__":
    main()
