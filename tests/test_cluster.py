"""Studies on a Dask cluster, on a real `distributed.LocalCluster` of worker processes: `--cluster local` and
`--cluster ADDRESS` give the report a local run with the same seed gives, byte for byte, also when a worker
is killed mid-study; a batch that fails fails the run with its error; without Dask, `--cluster` says how
to install it (exit 2)."""
from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import distributed  # the `cluster` extra's; the `test` extra installs it too
import pytest

from conftest import checker_cli as cli


TEST_GAME = Path(__file__).resolve().parent / "games" / "edc-test"
METRICS = "checker.el_dorado_canyon.metrics"


pytestmark = pytest.mark.usefixtures("own_cache")


@pytest.fixture(scope="module")
def scheduler():
    """A running cluster of two worker processes (each restarted by its nanny when killed)."""
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.CRITICAL) as cluster:
        yield cluster.scheduler_address


SIMULATE = ["simulate", str(TEST_GAME), "--players", "3", "--seed", "7", "--json", "--quiet"]


def test_cluster_local_gives_the_local_runs_report_byte_for_byte():
    here = cli(*SIMULATE, "--games", "1100", "--jobs", "1").stdout
    there = cli(*SIMULATE, "--games", "1100", "--jobs", "2", "--cluster", "local").stdout
    assert there == here and json.loads(there)["games"] == 1100


def test_a_scheduler_address_gives_the_same_report_with_a_compare_and_precision(scheduler, tmp_path):
    from test_parameters import variant

    folder = variant(tmp_path, "[parameters]\nstart_gold = 5")
    for extra in (["--compare", str(folder), "--games", "700"], ["--precision", "0.2", "--games", "1500"]):
        here = cli(*SIMULATE, *extra, "--jobs", "1").stdout
        assert cli(*SIMULATE, *extra, "--cluster", scheduler).stdout == here


def test_tune_on_the_cluster_sends_every_value_and_reports_what_a_local_tune_does(scheduler):
    args = ["tune", str(TEST_GAME), "--parameter", "start_gold", "--values", "2..4", "--games", "600", "--players",
            "3", "--json", "--quiet"]
    assert cli(*args, "--cluster", scheduler).stdout == cli(*args, "--jobs", "1").stdout
    card = ["tune", str(TEST_GAME), "rifle", "--field", "cost", "--values", "1..2", "--games", "400", "--json",
            "--quiet"]
    assert cli(*card, "--cluster", scheduler).stdout == cli(*card, "--jobs", "1").stdout


def test_a_worker_killed_mid_study_has_its_batches_run_again(scheduler):
    """A worker is killed (SIGKILL) while it plays a batch: Dask runs its batches on another, and the report
    is still the local run's."""
    games = ["--games", "6000", "--policy", "greedy"]
    here = cli(*SIMULATE, *games, "--jobs", "1").stdout
    client = distributed.Client(scheduler)
    pids = client.run(os.getpid)
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            for worker, keys in client.processing().items():
                if any(str(k).startswith("pnpkit-batch") for k in keys) and worker in pids:
                    time.sleep(0.2)  # mid-batch
                    os.kill(pids[worker], signal.SIGKILL)
                    killed.append(pids[worker])
                    return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        there = cli(*SIMULATE, *games, "--cluster", scheduler).stdout
    finally:
        killer.join()
    assert killed, "a worker was killed mid-study"
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)  # it is gone
    assert there == here
    client.close()


def test_a_failing_batch_fails_the_run_with_its_error(scheduler):
    """Compiled data without its rule parameters: every batch raises KeyError on the worker, and the run says so."""
    from checker.core import batches, simulate_cmd
    from checker.core.cluster import Cluster
    from checker.core.errors import StateError
    from checker.core.gamecache import load_for_play

    sim = simulate_cmd.simulator(load_for_play(str(TEST_GAME))[0])
    data = dict(load_for_play(str(TEST_GAME))[1])
    del data["parameters"]
    with Cluster(scheduler, 2) as cluster:
        with pytest.raises(StateError) as caught:
            batches.run(sim, data, 1000, 3, 0, ["random"] * 3, 8, 1, cluster=cluster)
    assert str(caught.value).startswith("--cluster: a batch of games ")
    assert "failed on the cluster: KeyError: 'parameters'" in str(caught.value)


def test_without_dask_the_option_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    for args in (SIMULATE, ["tune", str(TEST_GAME), "--parameter", "town_row", "--values", "2..3"]):
        out = cli(*args, "--cluster", "local", code=2)
        assert out.output.strip() == "--cluster: needs Dask, an optional extra: pip install 'pnpkit[cluster]'"


def test_an_unreachable_scheduler_and_a_cluster_with_shards_are_refused_in_one_line():
    out = cli(*SIMULATE, "--cluster", "tcp://127.0.0.1:9", code=2)
    assert out.output.startswith("--cluster: cannot reach a Dask scheduler at 'tcp://127.0.0.1:9'")
    assert len(out.output.strip().splitlines()) == 1
    out = cli(*SIMULATE, "--shard", "1/2", "--cluster", "local", code=2)
    assert out.output.strip() == "--cluster: expected --cluster or --shard/--merge: a cluster plays the whole run"
