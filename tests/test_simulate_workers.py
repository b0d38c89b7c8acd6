"""`checker simulate` over several processes: forked workers play equal shares and give the one report
a single process gives, whatever the number of jobs; without fork the shares are played in the one process,
with the same report; a worker that fails is an error, never a report of fewer games."""
from __future__ import annotations

from pathlib import Path

import pytest

from cards import load_game
from checker.core import workers
from checker.core.simulate_cmd import simulate_game

TEST_GAME = Path(__file__).resolve().parent / "games" / "edc-test"
METRICS = "checker.el_dorado_canyon.metrics"


@pytest.fixture(scope="module")
def game():
    return load_game(str(TEST_GAME))


def test_any_number_of_jobs_gives_the_one_report(game):
    one = simulate_game(METRICS, game, games=61, players=3, seed=5, jobs=1)
    assert one["games"] == 61
    for jobs in (2, 3, 7):  # uneven shares of 61 games
        assert simulate_game(METRICS, game, games=61, players=3, seed=5, jobs=jobs) == one


def test_the_shares_are_played_here_where_there_is_no_fork(game, monkeypatch):
    one = simulate_game(METRICS, game, games=40, players=4, seed=2, policy="greedy", jobs=1)
    monkeypatch.setattr(workers, "FORK", False)
    monkeypatch.setattr(workers.os, "fork", lambda: pytest.fail("a worker was forked"))
    assert simulate_game(METRICS, game, games=40, players=4, seed=2, policy="greedy", jobs=2) == one


def test_a_failing_worker_fails_the_run(game, monkeypatch):
    from checker.el_dorado_canyon import metrics

    real = metrics.tally_games

    def second_share_fails(data, first, count, *rest):
        if first >= 20:
            raise ValueError("planted failure")
        return real(data, first, count, *rest)

    monkeypatch.setattr(metrics, "tally_games", second_share_fails)  # the forked workers inherit it
    with pytest.raises(RuntimeError, match="(?s)a simulation worker failed.*ValueError: planted failure"):
        simulate_game(METRICS, game, games=40, players=4, seed=2, jobs=2)


def test_a_worker_that_dies_fails_the_run(game, monkeypatch):
    import os

    from checker.el_dorado_canyon import metrics

    real = metrics.tally_games

    def second_share_dies(data, first, count, *rest):
        if first >= 20:
            os._exit(3)  # killed, say: nothing comes back
        return real(data, first, count, *rest)

    monkeypatch.setattr(metrics, "tally_games", second_share_dies)
    with pytest.raises(RuntimeError, match="a simulation worker stopped before its share was played"):
        simulate_game(METRICS, game, games=40, players=4, seed=2, jobs=2)
