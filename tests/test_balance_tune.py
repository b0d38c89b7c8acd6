"""The balance lab as a designer uses it: `--compare` shows the card they changed (added, removed, changed)
with each side's own verdict; a verdict that cannot be settled says why; `checker tune` finds the fair
value of a card's field, and agrees with a direct experiment (half the seats never buy the card)."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from cards import load_game
from checker.core import stats
from checker.core.simulate_cmd import simulate_game
from conftest import checker_cli as cli
from madeup_games import gain_card
from test_balance_lab import BASE_TOWN, METRICS, ROOT, TEST_GAME, game_folder

pytestmark = pytest.mark.usefixtures("own_cache")


# ---- compare shows the change ----------------------------------------------------------------------------

def test_compare_names_a_planted_strong_new_card_strong_in_text_json_and_html(tmp_path):
    """The variant adds boomtown (cost 1, 8 gold) and makes fools-gold dearer, and drops wanted-poster; the base
    lacks boomtown, so no difference can be taken, but the variant's own verdict calls it strong. Both folders
    keep the test set's id, so the headings name them by folder."""
    base = game_folder(tmp_path, "base", [*BASE_TOWN, gain_card("fools-gold", 5, 1)])
    variant = game_folder(tmp_path, "variant", [c for c in BASE_TOWN if c["id"] != "wanted-poster"]
                          + [gain_card("fools-gold", 6, 1), gain_card("boomtown", 1, 8)])
    args = ["simulate", str(base), "--compare", str(variant), "--games", "500", "--seed", "1", "--policy", "greedy",
            "--jobs", "1"]
    out = json.loads(cli(*args, "--json").stdout)
    items = {i["id"]: i for i in out["items"]}
    new = items["boomtown"]
    assert new["family"] == "cards" and new["status"] == "added" and new["base"] is None
    assert new["variant"]["verdict"] == "strong" and new["variant"]["difference_low"] > 0
    assert {"id", "n", "win_rate", "ci_low", "ci_high", "verdict"} <= set(new["variant"])
    dearer = items["fools-gold"]
    assert dearer["status"] == "changed" and dearer["fields"] == [{"field": "cost", "base": 5, "variant": 6}]
    assert dearer["base"]["id"] == dearer["variant"]["id"] == "fools-gold"
    gone = items["wanted-poster"]
    assert gone["status"] == "removed" and gone["variant"] is None and gone["base"]["id"] == "wanted-poster"
    assert [i["status"] for i in out["items"]][:3] == ["added", "changed", "removed"]
    assert {i["status"] for i in out["items"][3:]} == {"same"}
    assert all(set(i) >= {"family", "id", "status", "base", "variant"} for i in out["items"])
    assert (out["base_label"], out["variant_label"]) == (str(base), str(variant))

    text = cli(*args).stdout
    assert text.startswith(f"Compare {base} -> {variant}: 500 games each")
    row = next(line for line in text.splitlines() if "card boomtown" in line)
    assert row.startswith("  NEW      card boomtown: base not in the game; variant strong, diff +")
    assert "  CHANGED  card fools-gold (cost 5 -> 6): base " in text
    assert "  REMOVED  card wanted-poster: base " in text and "; variant not in the game" in text

    folder = tmp_path / "report"
    cli(*args, "--report", str(folder))
    page = (folder / "index.html").read_text()
    assert f"<h1>Compare {base} -&gt; {variant}: 500 games each, same seeds</h1>" in page
    added = page[page.index('<tr class="added">'):]
    added = added[:added.index("</tr>")]
    assert "<td>boomtown</td>" in added and '<td class="strong">strong, diff +' in added
    assert "not in the game" in added
    assert (folder / "items.png").exists() and (folder / "variant-cards.png").exists()


def test_every_detected_difference_is_plotted_rates_and_means_each_on_their_own_scale(tmp_path):
    """A dearer boomtown: bought less (a rate) and lower scores (means); each detected difference is drawn, on
    the chart of its scale: a compare whose detected differences are all means still gets its chart."""
    from checker.core.compare import RATES

    cheap = game_folder(tmp_path, "cheap", [*BASE_TOWN, gain_card("boomtown", 1, 8)])
    dear = game_folder(tmp_path, "dear", [*BASE_TOWN, gain_card("boomtown", 6, 8)])
    folder = tmp_path / "report"
    args = ["simulate", str(cheap), "--compare", str(dear), "--games", "400", "--seed", "2", "--jobs", "1"]
    out = json.loads(cli(*args, "--json").stdout)
    cli(*args, "--report", str(folder))
    found = [d for d in out["deltas"] if d["verdict"] != "same"]
    assert any(d["metric"] in RATES for d in found) and any(d["metric"] not in RATES for d in found)
    page = (folder / "index.html").read_text()
    assert "Differences in rates" in page and "Differences in means" in page
    from PIL import Image

    for name in ("compare.png", "compare-means.png"):
        with Image.open(folder / name) as im:
            assert im.height > 100
    from checker.core.compare_page import charts

    means_only = {**out, "deltas": [d for d in out["deltas"] if d["metric"] not in RATES],
                  "items": [i for i in out["items"] if i["status"] == "same"]}
    assert [name for name, _, _ in charts(means_only)] == ["compare-means.png"]


def test_a_renamed_copy_is_headed_by_its_folder_and_different_ids_by_id(tmp_path):
    copy = tmp_path / "my-game"
    shutil.copytree(TEST_GAME, copy)
    text = cli("simulate", str(TEST_GAME), "--compare", str(copy), "--games", "40", "--jobs", "1").stdout
    assert text.startswith(f"Compare {TEST_GAME} -> {copy}: 40 games each")
    from checker.core.compare import labels

    assert labels("a", {"game": "x"}, "b", {"game": "y", "folder": "b"}) == ("x", "b (id y)")


# ---- a verdict that cannot be settled says why -------------------------------------------------------------

def test_a_card_never_passed_over_is_unknown_with_its_reason_and_what_to_try(tmp_path):
    """Greedy buys the dearest card it can afford: a card dearer than all others (cost 8, 1 gold) is taken at
    every first offer, so there is nobody to compare its buyers with, however many games."""
    folder = game_folder(tmp_path, "dear", [*BASE_TOWN, gain_card("white-elephant", 8, 1)])
    report = simulate_game(METRICS, load_game(str(folder)), games=1500, players=4, seed=1, policy="greedy", jobs=1)
    card = next(e for e in report["cards"] if e["id"] == "white-elephant")
    assert card["verdict"] == "unknown" and card["reason"] == "never passed over", card
    assert card["n"] >= stats.MIN_N and card["baseline_n"] < stats.AVOIDED * (card["n"] + card["baseline_n"])
    others = [e for e in report["cards"] if e["verdict"] == "unknown" and e["id"] != "white-elephant"]
    assert all(e["reason"] == "too few games on a side" for e in others)
    from checker.core.report import text

    words = text(report)
    assert "never passed over by policy greedy, so no number of games can judge: white-elephant (bought at " in words
    assert "try --policy random, --policy search or more --players" in words
    assert next(line for line in words.splitlines() if line.startswith("  white-elephant")).endswith("never passed over")


def test_every_unknown_carries_its_reason():
    report = simulate_game(METRICS, load_game(str(TEST_GAME)), games=40, players=4, seed=1, jobs=1)
    unknown = [e for f in report["families"] for e in report[f["key"]] if e["verdict"] == "unknown"]
    assert unknown and all(e["reason"] in ("too few games", "too few games on a side", "never passed over")
                           for e in unknown)
    assert {e["reason"] for e in report["characters"] if e["verdict"] == "unknown"} == {"too few games"}
    assert all("reason" not in e for f in report["families"] for e in report[f["key"]] if e["verdict"] != "unknown")


# ---- checker tune ------------------------------------------------------------------------------------------

def planted(tmp_path: Path, cost: int = 1) -> Path:
    """The test set with nugget: 5 gold for `cost`; strong when cheap, fair about cost 5 under random."""
    return game_folder(tmp_path, f"nugget-{cost}", [*BASE_TOWN, gain_card("nugget", cost, 5)])


def test_tune_curve_falls_as_cost_rises_and_its_fair_range_agrees_with_a_direct_experiment(tmp_path):
    """Tune nugget's cost 1..6 (1,000 games a value); then, at each value, let half the seats never buy it
    (benchmarks/verdict_experiment.py): where tune calls it strong the seats that may buy it win more; in the
    fair range neither side wins more."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from verdict_experiment import never_buying

    from checker.el_dorado_canyon.rules import Rules, compile_game

    out = json.loads(cli("tune", str(planted(tmp_path)), "nugget", "--field", "cost", "--values", "1..6", "--games",
                         "1000", "--seed", "1", "--jobs", "1", "--json").stdout)
    assert set(out) == {"format", "card", "field", "version", "rules_digest", "values", "fair_range", "nearest_even"}
    assert (out["format"], out["card"], out["field"]) == ("pnpkit-tune/1", "nugget", "cost")
    rows = out["values"]
    assert [r["value"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert all(set(r) == {"value", "n", "difference", "ci_low", "ci_high", "verdict"} for r in rows)
    diffs = [r["difference"] for r in rows]
    assert all(b < a for a, b in zip(diffs, diffs[1:])), diffs  # dearer, less worth buying
    assert rows[0]["verdict"] == "strong" and rows[0]["ci_low"] > 0
    fair = [r["value"] for r in rows if r["ci_low"] <= 0 <= r["ci_high"]]
    assert out["fair_range"] == [min(fair), max(fair)] and out["nearest_even"] in fair
    assert out["nearest_even"] == min(rows, key=lambda r: abs(r["difference"]))["value"]
    strong = [r["value"] for r in rows if r["verdict"] == "strong"]
    for value in sorted(set(strong) | set(range(out["fair_range"][0], out["fair_range"][1] + 1))):
        rules = Rules(compile_game(load_game(str(planted(tmp_path / "experiment", value)))))
        wins, seats = never_buying(rules, "nugget", "random", 1000, 7)
        low, high = stats.newcombe(wins[0], seats[0], wins[1], seats[1])
        if value in strong:
            assert low > 0, (value, low, high)  # may buy it: wins more
        else:
            assert low <= 0 <= high, (value, low, high)


def test_tune_plays_the_same_games_a_simulate_of_each_value_plays(tmp_path):
    """Value 3 of a tune is the run of a folder whose card costs 3: the same entry, figure for figure."""
    out = json.loads(cli("tune", str(planted(tmp_path)), "nugget", "--field", "options[0].effects[0].amount",
                         "--values", "2..3", "--games", "120", "--seed", "4", "--jobs", "1", "--json").stdout)
    three = game_folder(tmp_path, "three", [*BASE_TOWN, gain_card("nugget", 1, 3)])
    entry = next(e for e in simulate_game(METRICS, load_game(str(three)), games=120, players=4, seed=4,
                                          jobs=1)["cards"] if e["id"] == "nugget")
    row = out["values"][1]
    assert row == {"value": 3, "n": entry["n"], "difference": entry["difference"], "ci_low": entry["difference_low"],
                   "ci_high": entry["difference_high"], "verdict": entry["verdict"]}


def test_tune_writes_its_curve_and_band_as_a_page(tmp_path):
    folder = tmp_path / "tune"
    text = cli("tune", str(planted(tmp_path)), "nugget", "--field", "cost", "--values", "1..3", "--games", "100",
               "--jobs", "1", "--report", str(folder)).stdout
    assert text.startswith("Tune cost of nugget in El Dorado Canyon (test set)")
    assert "Fair range (the values whose 95 % interval holds 0): " in text and "Nearest even" in text
    page = (folder / "index.html").read_text()
    assert page.count("data:image/png;base64,") == 1 and "http://" not in page
    from PIL import Image

    with Image.open(folder / "tune.png") as im:
        assert im.format == "PNG" and im.width > 300


@pytest.mark.parametrize("args, message", [
    (["--field", "name", "--values", "1..3"], "--field: expected an integer field of nugget, got 'name' (str "
     '"Nugget"); its integer fields: cost, options[0].effects[0].amount'),
    (["--field", "options[1].effects[0].amount", "--values", "1..3"], "--field: expected an integer field of nugget, "
     "got 'options[1].effects[0].amount' (no such field); its integer fields: cost, options[0].effects[0].amount"),
    (["--field", "copies", "--values", "1..3"], "--field: expected an integer field of nugget, got 'copies'"),
    (["--field", "cost", "--values", "3..1"], "--values: expected A <= B, got '3..1'"),
    (["--field", "cost", "--values", "1-3"], "--values: expected A..B (whole numbers, such as 1..8), got '1-3'"),
    (["--field", "cost[", "--values", "1..3"], "--field: expected a field path such as cost or"),
])
def test_tune_refuses_what_it_cannot_vary_with_one_clear_line(tmp_path, args, message):
    folder = planted(tmp_path)
    result = cli("tune", str(folder), "nugget", *args, "--games", "10", code=2)
    assert result.stderr.strip().startswith(message), result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    result = cli("tune", str(folder), "no-such-card", "--field", "cost", "--values", "1..2", code=2)
    assert result.stderr.startswith("card: expected one of advanced-mining, ") and "got 'no-such-card'" in result.stderr


def test_eldorado_cities_have_no_integer_field_to_tune():
    result = cli("tune", "eldorado", "manoa", "--field", "square", "--values", "1..2", "--games", "2", code=2)
    assert result.stderr.strip() == ("--field: expected an integer field of manoa, got 'square' (str \"I13\"); "
                                     "its integer fields: none")
