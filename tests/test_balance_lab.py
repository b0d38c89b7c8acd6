"""The balance lab: the statistics are right, planted imbalance is found and nothing else,
`--compare` finds a known change, shards merge into the one run, and every output keeps
its contract. Test folders are El Dorado Canyon's test set with a town deck of our own."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cards import load_game
from checker.cli import app
from checker.core import stats
from checker.core.batches import BATCH
from checker.core.simulate_cmd import simulate_game
from conftest import simulated as run
from madeup_games import gain_card, planted_town, town_cards, write_town

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "games" / "edc-test"
METRICS = "checker.el_dorado_canyon.metrics"


pytestmark = pytest.mark.usefixtures("own_cache")


# The test game's town deck as the planted and compared folders stand on it: without the worked example of
# docs/adding-an-effect.md (Snake Oil), so a new example card cannot move these figures.
BASE_TOWN = town_cards(TEST_GAME, leave_out=("snake-oil",))


def game_folder(tmp_path: Path, name: str, town: list[dict]) -> Path:
    """A copy of the test game with `town` (cards as data) for its town deck."""
    folder = tmp_path / name
    shutil.copytree(TEST_GAME, folder)
    write_town(folder, town)
    return folder


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> Path:
    """The test set's town deck plus a card far too strong and one far too weak."""
    tmp = tmp_path_factory.mktemp("planted")
    return game_folder(tmp, "planted", planted_town(BASE_TOWN))


# ---- statistics --------------------------------------------------------------------------------------

def test_wilson_and_newcombe_match_published_values():
    assert [round(x, 4) for x in stats.wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in stats.wilson(5, 10)] == [0.2366, 0.7634]
    # Newcombe (1998), table II, example (a): 56/70 against 48/80, method 10
    assert [round(x, 4) for x in stats.newcombe(56, 70, 48, 80)] == [0.0524, 0.3339]


def test_holm_steps_down_and_p_values_agree_with_intervals():
    assert stats.holm({"a": 0.01, "b": 0.02, "c": 0.03}) == {"a", "b", "c"}  # 0.01<=.05/3, .02<=.05/2, .03<=.05
    assert stats.holm({"a": 0.01, "b": 0.04, "c": 0.03}) == {"a"}  # 0.03 > 0.05/2 stops the steps
    p = stats.p_difference(56, 70, 48, 80)
    assert 0.005 < p < 0.05  # the 95 % interval excludes 0 ...
    assert stats.newcombe(56, 70, 48, 80, stats.z_for(p * 0.9))[0] < 0  # ... a wider one at level 1 - p does not


def test_a_rates_p_value_is_where_its_wilson_interval_stops_holding_the_baseline():
    """`p_rate` is closed-form: the Wilson interval at level 1 - p has the baseline on its edge, so a
    slightly narrower one excludes it and a slightly wider one holds it; and it is the bisection's answer."""
    for wins, n, baseline in [(42.5, 120, 0.25), (31, 200, 0.25), (22, 60, 1 / 3), (560, 2000, 0.25), (10, 30, 0.5)]:
        p = stats.p_rate(wins, n, baseline)
        assert 1e-6 < p < 0.9
        low, high = stats.wilson(wins, n, stats.z_for(p * 1.01))
        assert not low <= baseline <= high
        low, high = stats.wilson(wins, n, stats.z_for(p * 0.99))
        assert low <= baseline <= high
        bisected = stats.p_value(lambda z: not stats.wilson(wins, n, z)[0] <= baseline <= stats.wilson(wins, n, z)[1])
        assert abs(p - bisected) < 1e-12
    assert stats.p_rate(0, 0, 0.25) == 1.0  # no games: no evidence


def test_the_normal_cdf_is_statistics_own_to_the_bit():
    from statistics import NormalDist

    for x in (-8.5, -1.959963984540054, -0.3, 0.0, 1e-9, 0.7, 1.96, 3.3, 12.0):
        assert stats.normal_cdf(x) == NormalDist().cdf(x)


def test_mantel_haenszel_pools_strata_and_covers_a_planted_difference():
    """One stratum: the plain difference (Sato's variance is then the two-sample one, to 1e-4); a stratum
    with one side empty weighs nothing; and on confounded strata (the treated share and the base rate both
    rise from stratum to stratum, as a richer player both buys dearer and wins more) the pooled interval
    holds the planted difference about 95 times in 100, where the crude difference is far off."""
    import random
    from math import sqrt

    d, low, high, _ = stats.mantel_haenszel([(56, 70, 48, 80)])
    p1, p0 = 56 / 70, 48 / 80
    assert round(d, 10) == round(p1 - p0, 10)
    assert abs((high - low) / 2 - stats.Z95 * sqrt(p1 * (1 - p1) / 70 + p0 * (1 - p0) / 80)) < 1e-4
    assert stats.mantel_haenszel([(56, 70, 48, 80), (3, 9, 0, 0), (0, 0, 5, 7)]) == (d, low, high, _)
    assert stats.mantel_haenszel([(3, 9, 0, 0)]) == (0.0, -1.0, 1.0, 1.0)  # nothing to compare
    rng = random.Random(7)
    effect, covered, crude_off, trials = 0.1, 0, 0.0, 1000
    for _ in range(trials):
        strata = []
        for k in range(8):
            base, treated_share = 0.1 + 0.08 * k, 0.15 + 0.1 * k
            n1 = sum(rng.random() < treated_share for _ in range(40))
            n0 = 40 - n1
            strata.append((sum(rng.random() < base + effect for _ in range(n1)), n1,
                           sum(rng.random() < base for _ in range(n0)), n0))
        _, low, high, _ = stats.mantel_haenszel(strata)
        covered += low <= effect <= high
        x1, n1, x0, n0 = (sum(s[i] for s in strata) for i in range(4))
        crude_off += (x1 / n1 - x0 / n0 - effect) / trials
    assert 0.93 <= covered / trials <= 0.97, covered
    assert crude_off > 0.1  # the crude difference more than doubles the effect: why the strata


# ---- planted imbalance, and nothing else ----------------------------------------------------------------

@pytest.mark.parametrize("policy, games, budget", [("random", 2000, None), ("greedy", 500, None), ("search", 200, 2)])
def test_a_planted_strong_card_is_strong_and_a_weak_one_never_strong(planted, policy, games, budget):
    """The issue's 2,000 games for random, whose weak card needs them all. Greedy needs fewer: at 500 its
    interval for boomtown's difference starts 12 to 17 points above 0 (seeds 1-3). Search, every seat
    searching: budget 2 and 200 games (about 25 s of one core) find boomtown strong with seeds 1, 2 and 3
    (its interval starts 7 to 13 points above 0); benchmarks/bench_search.py --planted runs it bigger."""
    report = simulate_game(METRICS, load_game(str(planted)), games=games, players=4, seed=1, policy=policy,
                           budget=budget, jobs=1)
    cards = {e["id"]: e for e in report["cards"]}
    assert cards["boomtown"]["verdict"] == "strong", cards["boomtown"]
    assert cards["boomtown"]["difference_low"] > 0
    assert cards["fools-gold"]["verdict"] != "strong"
    if policy == "random":
        assert cards["fools-gold"]["verdict"] == "weak", cards["fools-gold"]
        assert cards["fools-gold"]["difference_high"] < 0
    assert "boomtown" in report["verdicts"]["strong"] and "fools-gold" not in report["verdicts"]["strong"]


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_identical_clones_are_not_told_apart(tmp_path, policy):
    """Greedy buys the first of equally dear cards in the row, so every greedy player with 3 gold or more
    chooses the same clone and those later in the turn find it gone: comparing who *got* a card called all
    twelve clones weak; comparing who *chose* it finds nothing. Search: measured, not tested (docs)."""
    folder = game_folder(tmp_path, "clones", [gain_card(f"clone-{i:02d}", 3, 3) for i in range(12)])
    game = load_game(str(folder))
    called = set()
    for seed in range(1, 6):
        report = simulate_game(METRICS, game, games=300, players=4, seed=seed, policy=policy, jobs=1)
        assert len(report["cards"]) == 12
        assert all(e["compared_n"] >= 30 and e["compared_baseline_n"] >= 30 for e in report["cards"])  # judged
        called |= {e["id"] for e in report["cards"] if e["verdict"] in ("strong", "weak")}
    assert len(called) <= 1, called


def test_each_policy_judges_the_cards_and_the_report_says_where_they_disagree():
    """Mixed seats: every policy gets its own card verdicts, the pooled verdicts compare players within a
    policy (the pooled counts are the policies' counts added up), and every card whose verdicts differ
    (an unknown differs from nothing) is listed, in the JSON and in the text."""
    from checker.core.report import text
    from checker.core.judged import disagreements

    report = simulate_game(METRICS, load_game(str(TEST_GAME)), games=1000, players=4, seed=1,
                           policy="greedy,greedy,random,random", jobs=1)
    by_policy = report["cards_by_policy"]
    assert set(by_policy) == {"greedy", "random"}
    for i, pooled in enumerate(report["cards"]):
        parts = [by_policy[name][i] for name in by_policy]
        assert all(p["id"] == pooled["id"] and {"n", "win_rate", "ci_low", "ci_high", "verdict"} <= set(p)
                   for p in parts)
        for field in ("n", "baseline_n", "compared_n", "compared_baseline_n", "offered", "buyers"):
            assert pooled[field] == sum(p[field] for p in parts), (pooled["id"], field)
    listed = {d["id"]: d["verdicts"] for d in report["disagreements"]}
    assert listed, "greedy and random disagree on some cards of the test set"
    for i, pooled in enumerate(report["cards"]):
        verdicts = {name: by_policy[name][i]["verdict"] for name in by_policy}
        called = {v for v in verdicts.values() if v != "unknown"}
        assert (pooled["id"] in listed) == (len(called) > 1)
        if pooled["id"] in listed:
            assert listed[pooled["id"]] == verdicts
            words = ", ".join(f"{k} {v}" for k, v in verdicts.items())
            assert f"policies disagree on {pooled['id']}: {words}" in text(report)
    entry = {"id": "x", "verdict": "even"}
    assert disagreements({"a": [{**entry, "verdict": "unknown"}], "b": [{**entry, "verdict": "weak"}]}) == []
    assert disagreements({"a": [{**entry, "verdict": "strong"}], "b": [entry]}) == [
        {"id": "x", "verdicts": {"a": "strong", "b": "even"}}]


def test_a_search_run_counts_its_decisions_and_playouts():
    """What decisions per second is measured from (benchmarks/bench_search.py): every searched decision
    (more than one candidate) spends the whole budget; other policies report no search counts."""
    game = load_game(str(TEST_GAME))
    report = simulate_game(METRICS, game, games=2, players=4, seed=1, policy="search,random,random,random",
                           budget=2, jobs=1)
    counts = report["counts"]["Search policy"]
    assert 0 < counts["decisions"] <= report["length"]["sum"]  # at most once a turn: one search seat
    assert counts["playouts"] == 2 * counts["decisions"]
    from checker.core.report import text

    assert f"Search policy: decisions {counts['decisions']:,}, playouts {counts['playouts']:,}" in text(report)
    assert "counts" not in simulate_game(METRICS, game, games=2, players=4, seed=1, jobs=1)


def test_search_candidates_are_the_legal_face_up_buys_of_the_whole_table():
    """The search lists its plays with the town deck set aside (faster); on every decision of a few games
    they are exactly the legal actions of the whole table that buy nothing or a face-up affordable card
    without a refresh, and the deck is back in place afterwards."""
    import random

    from checker.el_dorado_canyon.legal import action_of, affordable, legal_for
    from checker.el_dorado_canyon.metrics import new_tally, play_game
    from checker.el_dorado_canyon.rules import Rules, compile_game
    from checker.el_dorado_canyon.search import candidates
    from checker.el_dorado_canyon.simulation import random_policy

    rules = Rules(compile_game(load_game(str(TEST_GAME))))
    chooser = random_policy(rules)
    checked = buys = 0

    def checking(t, p, rand):
        nonlocal checked, buys
        deck = list(t.deck or [])
        face_up = {c.id for c in affordable(p, t.row)}
        expected = [action_of(pl, p.name) for pl in legal_for(t, p) if not pl.refresh and (pl.buy is None or pl.buy.id in face_up)]
        assert [action_of(pl, p.name) for pl in candidates(t, p)] == expected
        assert list(t.deck or []) == deck
        checked += 1
        buys += sum("buy" in a.fields for a in expected)
        return chooser(t, p, rand)

    for game in range(3):
        play_game(rules, 4, random.Random(game), [checking] * 4, ["random"] * 4, new_tally(4))
    assert checked > 100 and buys > 50


# ---- compare ---------------------------------------------------------------------------------------------

def test_compare_finds_a_raised_cost_and_nothing_in_a_copy(planted, tmp_path):
    dearer = game_folder(tmp_path, "dearer", [*BASE_TOWN, gain_card("boomtown", 6, 8), gain_card("fools-gold", 5, 1)])
    out = json.loads(run(str(planted), "--compare", str(dearer), "--games", "400", "--seed", "2", "--json",
                         "--jobs", "1"))
    assert out["format"] == "pnpkit-compare/2"
    assert out["changes"] == ["cards: boomtown: cost 1 -> 6"]
    share = next(d for d in out["deltas"] if d["id"] == "boomtown" and d["metric"] == "bought_share")
    assert share["changed"] and share["verdict"] == "lower" and share["ci_high"] < 0, share
    same = tmp_path / "same"
    shutil.copytree(planted, same)
    out = json.loads(run(str(planted), "--compare", str(same), "--games", "300", "--json", "--jobs", "1"))
    assert out["changes"] == []
    assert {d["verdict"] for d in out["deltas"]} == {"same"}
    assert all(d["difference"] in (0, None) for d in out["deltas"])
    text = run(str(planted), "--compare", str(same), "--games", "100", "--jobs", "1")
    assert "What differs between the definitions:\n  nothing" in text and "no detectable difference" in text


# ---- scale out: jobs, shards, merge ------------------------------------------------------------------------

def test_four_shards_merge_into_the_one_run_byte_for_byte(tmp_path):
    args = [str(TEST_GAME), "--games", "203", "--seed", "5", "--policy", "greedy,random,random"]
    one = run(*args, "--players", "3", "--json", "--jobs", "1")
    shards = []
    for k in range(1, 5):
        path = tmp_path / f"shard{k}.json"
        path.write_text(run(*args, "--players", "3", "--shard", f"{k}/4", "--jobs", "1"))
        shards.append(str(path))
    assert run("--merge", *reversed(shards), "--json") == one
    assert run("--merge", *shards) == run(*args, "--players", "3", "--jobs", "1")
    assert run(*args, "--players", "3", "--json", "--jobs", "2") == one  # same seed, same report


@pytest.mark.parametrize("args, message", [
    (["--merge", "{s1}"], "--merge: expected shards 1 to 2 of 2 once each, got 1"),
    (["--merge", "{s1}", "{s1}"], "--merge: expected shards 1 to 2 of 2 once each, got 1, 1"),
    ([str(TEST_GAME), "--shard", "1/2", "--precision", "0.05"], "--precision: --precision decides how many games"),
    ([str(TEST_GAME), "--shard", "3/2"], "--shard: expected 1 <= K <= N, got '3/2'"),
    ([str(TEST_GAME), "--policy", "search,random"], "--policy: expected one policy, or one per seat (4), got 2"),
    ([str(TEST_GAME), "--json", "--csv"], "--csv: expected one of --json and --csv, got both"),
])
def test_refused_options_exit_2_with_one_clear_line(tmp_path, args, message):
    s1 = tmp_path / "s1.json"
    s1.write_text(run(str(TEST_GAME), "--games", "20", "--shard", "1/2", "--jobs", "1"))
    result = CliRunner().invoke(app, ["simulate", *[a.format(s1=s1) for a in args]])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(message), result.stderr
    assert "Traceback" not in result.output


def test_precision_plays_whole_batches_until_every_interval_is_that_narrow():
    report = simulate_game(METRICS, load_game(str(TEST_GAME)), games=20 * BATCH, players=4, seed=3, jobs=1,
                           precision=0.12)
    assert report["games"] % BATCH == 0 and report["games"] < 20 * BATCH
    entries = [e for f in report["families"] for e in report[f["key"]] if e["verdict"] != "avoided"]
    assert all(e["win_rate"] - e["ci_low"] <= 0.12 and e["ci_high"] - e["win_rate"] <= 0.12 for e in entries)
    assert report["precision"] == 0.12


# ---- outputs ------------------------------------------------------------------------------------------------

def test_json_csv_and_text_carry_every_entry_with_its_interval_and_verdict():
    report = json.loads(run(str(TEST_GAME), "--games", "120", "--seed", "4", "--json", "--jobs", "1"))
    assert report["format"] == "pnpkit-simulate/2"
    for family in ("cards", "characters", "seats"):
        for e in report[family]:
            assert {"id", "n", "win_rate", "ci_low", "ci_high", "verdict"} <= set(e)
            assert e["verdict"] in stats.VERDICTS
            assert e["win_rate"] is None or e["ci_low"] <= e["win_rate"] <= e["ci_high"]
    for e in report["cards"]:  # a card's verdict rests on its stratified difference (docs/balance-lab.md)
        assert {"baseline", "baseline_n", "passed_win_rate", "compared_n", "compared_baseline_n", "difference",
                "difference_low", "difference_high", "offered", "buyers", "bought_share"} <= set(e)
        assert e["compared_n"] <= e["n"] and e["compared_baseline_n"] <= e["baseline_n"]
        if e["difference"] is not None:
            assert e["difference_low"] <= e["difference"] <= e["difference_high"]
            assert e["baseline"] == pytest.approx(e["win_rate"] - e["difference"], abs=2e-4)
    csv_text = run(str(TEST_GAME), "--games", "120", "--seed", "4", "--csv", "--jobs", "1")
    rows = csv_text.splitlines()
    assert rows[0].startswith("family,id,name,n,wins,win_rate,ci_low,ci_high,verdict")
    assert len(rows) == 1 + sum(len(report[f["key"]]) for f in report["families"])
    text = run(str(TEST_GAME), "--games", "120", "--seed", "4", "--jobs", "1")
    assert text.startswith("El Dorado Canyon (test set) (edc-test): 120 games")
    assert text.splitlines()[1].startswith("Definitions: ") and text.splitlines()[3].startswith("Verdicts")
    assert "docs/balance-lab.md" in text


def test_report_folder_opens_without_network_and_has_each_chart_as_png(tmp_path):
    from PIL import Image

    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["simulate", str(TEST_GAME), "--games", "60", "--jobs", "1", "--report", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # not a terminal: no progress bar
    page = (out / "index.html").read_text()
    assert "http://" not in page and "https://" not in page and page.count("data:image/png;base64,") == 4
    for name in ("cards", "characters", "seats", "length"):
        with Image.open(out / f"{name}.png") as im:
            assert im.format == "PNG" and im.width > 300


def test_progress_bar_only_on_a_terminal_only_after_a_second_and_never_when_quiet(monkeypatch):
    import io
    import sys

    from checker.core import batches

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    clock = [0.0]
    monkeypatch.setattr(batches.time, "monotonic", lambda: clock[0])
    for stream, quiet, shown in ((Terminal(), False, True), (Terminal(), True, False), (io.StringIO(), False, False)):
        monkeypatch.setattr(sys, "stderr", stream)
        clock[0] = 0.0
        bar = batches.Progress(1000, quiet)
        bar.update(250)
        assert stream.getvalue() == ""  # under a second: nothing yet
        clock[0] = 1.5
        bar.update(500)
        assert ("500/1,000 games" in stream.getvalue()) == shown
        bar.close()
        assert stream.getvalue().endswith("\r") == shown  # the bar is wiped, the line left clean
