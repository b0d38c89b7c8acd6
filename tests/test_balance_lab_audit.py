"""The balance lab attacked as a designer would, against planted effects (the second audit): a card made
stronger, weaker, or only renamed, seen by simulate, `--compare` and `tune` with the right sign and honest
intervals; false alarms no more often than the stated 5 %; figures recomputed by hand from `--csv` and `--json`;
house rules cited and played; shards that merge into the one run, refused when edited or malformed; values a
card cannot take refused; the health figures moved by a planted defect. Folders are copies of El Dorado
Canyon's test set (tmp_path)."""
from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import shutil
from pathlib import Path

import pytest

from cards import load_game
from checker.core.definitions import rules_digest
from checker.core.simulate_cmd import simulate_game
from conftest import checker_cli as cli
from conftest import simulated as run
from madeup_games import gain_card, planted_town, town_cards, write_town

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "games" / "edc-test"
METRICS = "checker.el_dorado_canyon.metrics"
BASE_TOWN = town_cards(TEST_GAME, leave_out=("snake-oil",))  # as test_balance_lab.py: no worked example card
Z95 = 1.959963984540054

pytestmark = pytest.mark.usefixtures("own_cache")


def folder_of(tmp_path: Path, name: str, town: list[dict], parameters: str = "") -> Path:
    """A copy of the test game named `name`, with `town` for its town deck and a `[parameters]` table's lines."""
    folder = tmp_path / name
    shutil.copytree(TEST_GAME, folder)
    write_town(folder, town)
    if parameters:
        with open(folder / "game.toml", "a", encoding="utf-8") as f:
            f.write(f"\n[parameters]\n{parameters}\n")
    return folder


def wilson(x: float, n: int) -> tuple[float, float]:
    """Wilson's score interval, written out here from its formula (not the lab's code)."""
    p, z2 = x / n, Z95 * Z95
    centre, half = p + z2 / (2 * n), Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (centre - half) / (1 + z2 / n), (centre + half) / (1 + z2 / n)


# ---- planted effects: the right sign, an honest interval, nothing flagged that did not change ----------------

def test_compare_puts_the_changed_cards_own_effect_first_with_its_interval(tmp_path):
    """Boomtown (cost 1) cut from 8 gold to 1: the compare's first line is its effect (bought at the first chance
    less passed over, as its verdict judges) falling, the interval below 0; the figure is the variant's effect
    less the base's, its interval the two reports' intervals added as independent (recomputed here)."""
    base = folder_of(tmp_path, "base", planted_town(BASE_TOWN))
    weaker = folder_of(tmp_path, "weaker", [*BASE_TOWN, gain_card("boomtown", 1, 1), gain_card("fools-gold", 5, 1)])
    out = json.loads(run(str(base), "--compare", str(weaker), "--games", "1000", "--seed", "3", "--policy", "greedy",
                         "--json", "--jobs", "1"))
    assert out["changes"][0] == "cards: boomtown: options[0].effects[0].amount 8 -> 1"
    first = out["deltas"][0]
    assert (first["id"], first["metric"], first["changed"], first["verdict"]) == ("boomtown", "effect", True, "lower")
    a = next(e for e in out["base_report"]["cards"] if e["id"] == "boomtown")
    b = next(e for e in out["variant_report"]["cards"] if e["id"] == "boomtown")
    assert a["verdict"] == "strong" and b["verdict"] != "strong"
    assert first["difference"] == round(b["difference"] - a["difference"], 4)
    se = math.hypot(*((e["difference_high"] - e["difference_low"]) / (2 * Z95) for e in (a, b)))
    assert first["ci_high"] == pytest.approx(first["difference"] + Z95 * se, abs=2e-4) and first["ci_high"] < 0
    text = run(str(base), "--compare", str(weaker), "--games", "1000", "--seed", "3", "--policy", "greedy",
               "--jobs", "1")
    differences = text.split("Differences (variant - base")[1].splitlines()
    assert differences[1].startswith("  LOWER  cards boomtown effect: ")


def test_a_renamed_card_plays_the_same_games_and_nothing_is_flagged(tmp_path):
    """A neutral relabel (the name alone) is listed as what differs, and every difference is exactly 0: the
    same seeds deal the same games whatever a card is called."""
    base = folder_of(tmp_path, "base", planted_town(BASE_TOWN))
    renamed = folder_of(tmp_path, "renamed", [{**c, "name": "Boom Town"} if c["id"] == "boomtown" else c
                                              for c in planted_town(BASE_TOWN)])
    for seed in (1, 2, 3):
        out = json.loads(run(str(base), "--compare", str(renamed), "--games", "300", "--seed", str(seed), "--json",
                             "--jobs", "1"))
        assert out["changes"] == ['cards: boomtown: name "Boomtown" -> "Boom Town"']
        assert {d["verdict"] for d in out["deltas"]} == {"same"}
        assert {d["difference"] for d in out["deltas"]} <= {0, None}
        item = next(i for i in out["items"] if i["id"] == "boomtown")
        assert item["status"] == "changed" and item["base"]["verdict"] == item["variant"]["verdict"]


def test_identical_clones_are_called_no_more_often_than_the_stated_five_percent(tmp_path):
    """Twelve identical clones, 20 seeds of 1,000 random games: Holm keeps the chance of any false call in a
    report at 5 % (about 1 report in 20; here 1), and each card's plain 95 % interval holds the true 0 in about
    95 of 100 (here 92.5 %; 94 % over 100 seeds): the intervals are as wide as they say, neither narrower (false alarms) nor
    much wider (a blunt lab)."""
    game = load_game(str(folder_of(tmp_path, "clones", [gain_card(f"clone-{i:02d}", 3, 3) for i in range(12)])))
    reports_with_a_call, held, tested = 0, 0, 0
    for seed in range(1, 21):
        cards = simulate_game(METRICS, game, games=1000, players=4, seed=seed, jobs=1)["cards"]
        reports_with_a_call += any(e["verdict"] in ("strong", "weak") for e in cards)
        judged = [e for e in cards if e["difference_low"] is not None]
        tested += len(judged)
        held += sum(e["difference_low"] <= 0 <= e["difference_high"] for e in judged)
    assert reports_with_a_call <= 2, reports_with_a_call
    assert tested == 240 and 0.9 <= held / tested <= 0.99, held / tested


def test_a_reordered_deck_deals_other_games_and_compare_calls_no_more_than_its_five_percent(tmp_path):
    """The same cards in another order deal other shuffles (what differs says so): a neutral change whose
    differences are pure noise.
    Over 20 seeds the cards' family (win rates, bought shares, effects, Holm-corrected together) makes a call
    in at most 5 % of the compares, as stated (here none of 20)."""
    base = folder_of(tmp_path, "base", BASE_TOWN)
    moved = folder_of(tmp_path, "moved", [*BASE_TOWN[1:], BASE_TOWN[0]])
    calls, moved_figures = 0, 0
    for seed in range(1, 21):
        out = json.loads(run(str(base), "--compare", str(moved), "--games", "1000", "--seed", str(seed), "--json",
                             "--jobs", "1"))
        assert out["changes"] == ["cards: order changed (the same seeds may deal other shuffles)"]
        cards = [d for d in out["deltas"] if d["family"] == "cards"]
        calls += any(d["verdict"] != "same" for d in cards)
        moved_figures += sum(d["difference"] not in (0, None) for d in cards)
    assert calls <= 2, calls
    assert moved_figures > 20 * 30  # other games indeed: the test measures noise, not identical runs


def test_tune_brackets_the_fair_gold_of_a_planted_card_where_the_rules_put_it(tmp_path):
    """A cost-1 card that gains g gold, under greedy: every player holds Go to Town, whose other end takes 2 gold,
    so a card gaining 1 or 2 adds nothing a player lacks (its effect holds 0) and from 3 on it gives more than
    the hand does (its effect above 0, rising to the planted boomtown's 8). Tune's fair range is 1 to 2, the
    values its reasoning says, and the curve climbs out of it."""
    folder = folder_of(tmp_path, "planted", planted_town(BASE_TOWN))
    out = json.loads(cli("tune", str(folder), "boomtown", "--field", "options[0].effects[0].amount", "--values", "1..8",
                         "--games", "1000", "--seed", "2", "--policy", "greedy", "--jobs", "1", "--json").stdout)
    rows = {r["value"]: r for r in out["values"]}
    assert out["fair_range"] == [1, 2] and out["nearest_even"] in (1, 2)
    assert all(rows[v]["ci_low"] > 0 and rows[v]["verdict"] == "strong" for v in range(3, 9))
    assert rows[8]["ci_low"] > rows[1]["ci_high"]


def test_a_fair_range_with_an_unfair_value_inside_says_which():
    """A curve that leaves 0 and comes back: the range's ends are fair, the value between them is not, and the
    text says so rather than let "2 to 4" read as every value from 2 to 4."""
    from checker.core.tune import CardField, text

    rows = [{"value": v, "n": 100, "difference": d, "ci_low": d - 0.03, "ci_high": d + 0.03, "verdict": "even"}
            for v, d in ((1, -0.1), (2, 0.0), (3, 0.08), (4, 0.01), (5, 0.2))]
    summary = CardField.summary(None, rows)  # type: ignore[arg-type]  (reads only the rows)
    assert summary == {"fair_range": [2, 4], "nearest_even": 2}
    said = text({"values": rows, **summary}, "head")
    assert "Fair range (the values whose 95 % interval holds 0): 2 to 4 (but not 3: its interval excludes 0)\n" in said


# ---- the numbers are right: recomputed by hand from the outputs ---------------------------------------------

def test_every_rate_and_the_length_figures_recompute_from_the_csv_and_json():
    """Each entry's rate and interval from its own wins and n (Wilson, from the formula); the seats' wins add up
    to the games (shared wins in parts); the mean turns, its interval and the p10, median and p90 from the
    histogram of lengths, sorted out game by game."""
    args = [str(TEST_GAME), "--games", "400", "--seed", "9", "--jobs", "1"]
    rows = list(csv.DictReader(io.StringIO(run(*args, "--csv"))))
    assert {r["family"] for r in rows} == {"cards", "characters", "seats"}
    for r in rows:
        wins, n = float(r["wins"]), int(r["n"])
        if n:
            low, high = wilson(wins, n)
            assert float(r["win_rate"]) == round(wins / n, 4)
            assert (float(r["ci_low"]), float(r["ci_high"])) == pytest.approx((low, high), abs=1e-4)
    assert sum(float(r["wins"]) for r in rows if r["family"] == "seats") == pytest.approx(400, abs=1e-3)
    report = json.loads(run(*args, "--json"))
    turns = sorted(int(k) for k, v in report["length"]["histogram"].items() for _ in range(v))
    n, mean = len(turns), sum(turns) / len(turns)
    sd = math.sqrt(sum((t - mean) ** 2 for t in turns) / (n - 1))
    length = report["length"]
    assert (length["mean"], length["ci_low"], length["ci_high"]) == pytest.approx(
        (mean, mean - Z95 * sd / math.sqrt(n), mean + Z95 * sd / math.sqrt(n)), abs=1e-3)
    for key, q in (("p10", 0.1), ("median", 0.5), ("p90", 0.9)):
        half = Z95 * math.sqrt(n * q * (1 - q))
        figure = report["health"]["length"][key]
        assert figure == {"value": turns[math.ceil(n * q) - 1], "ci_low": turns[math.floor(n * q - half) - 1],
                          "ci_high": turns[math.ceil(n * q + half) - 1]}


def test_a_precision_run_that_reaches_games_first_says_what_it_could_not_settle(tmp_path):
    """--precision plays batches until every win rate is that narrow, up to --games. A card almost nobody can pay
    for never gets there: the run used to stop at --games and look like one that was precise; now it names it."""
    folder = folder_of(tmp_path, "dear", [*BASE_TOWN, gain_card("white-elephant", 20, 1)])
    out = json.loads(run(str(folder), "--games", "1500", "--precision", "0.1", "--seed", "1", "--json", "--jobs", "1"))
    assert out["games"] == 1500 and out["imprecise"] == ["cards white-elephant"]
    entry = next(e for e in out["cards"] if e["id"] == "white-elephant")
    assert entry["win_rate"] is None or entry["ci_high"] - entry["win_rate"] > 0.1 or entry["win_rate"] - entry["ci_low"] > 0.1
    text = run(str(folder), "--games", "1500", "--precision", "0.1", "--seed", "1", "--jobs", "1")
    assert ("Precision: every win rate within 10.0% of both ends of its interval not reached within --games (1,500) "
            "for 1: cards white-elephant; play more games or ask for less") in text.splitlines()
    reached = json.loads(run(str(TEST_GAME), "--games", "20000", "--precision", "0.1", "--seed", "1", "--json",
                             "--jobs", "1"))
    assert reached["imprecise"] == [] and reached["games"] < 20000


# ---- house rules as data --------------------------------------------------------------------------------------

def test_a_simulate_under_a_house_rule_cites_it_and_plays_it(tmp_path):
    """end_infamy = 6: the report cites the house rule beside the rulebook's value and passage (text and JSON),
    a compare names it on its side (text, and its page before any figure), the games end sooner (the length intervals apart), and tune's value 6 of the
    parameter is that very game (the same rules digest, house rule included)."""
    base = folder_of(tmp_path, "base", BASE_TOWN)
    house = folder_of(tmp_path, "house", BASE_TOWN, "end_infamy = 6")
    text = run(str(house), "--games", "300", "--seed", "1", "--jobs", "1")
    cited = ("  House rule of this game: end_infamy = 6 (game.toml [parameters]; the infamy that ends the game at the "
             "end of a turn (H10)), in place of the rulebook's 10 (End-Game & Scoring: \"A player has 10 infamy at "
             "the end of a turn.\")")
    assert text.splitlines()[2] == cited
    ours, rulebooks = (json.loads(run(str(g), "--games", "300", "--seed", "1", "--jobs", "1", "--json"))
                       for g in (house, base))
    assert [(r["name"], r["value"], r["rulebook"]) for r in ours["house_rules"]] == [("end_infamy", 6, 10)]
    assert rulebooks["house_rules"] == [] and "House rule" not in run(str(base), "--games", "50", "--jobs", "1")
    assert ours["length"]["ci_high"] < rulebooks["length"]["ci_low"]
    compared = run(str(base), "--compare", str(house), "--games", "100", "--jobs", "1", "--report", str(tmp_path / "R"))
    assert f"  variant: {cited.strip()}" in compared.splitlines() and "  parameters: end_infamy 10 -> 6" in compared
    import html

    page = (tmp_path / "R" / "index.html").read_text()
    assert page.index(f"<p>variant: {html.escape(cited.strip())}</p>") < page.index("<h2>")  # before any figure

    from checker.core.gamecache import load_for_play
    from checker.core.tune import RuleParameter
    from checker.el_dorado_canyon import metrics

    data = metrics.prepare(load_for_play(str(base))[1])
    tuned = RuleParameter(metrics, data, "end_infamy", [6]).apply(data, 6)
    assert rules_digest(tuned) == rules_digest(metrics.prepare(load_for_play(str(house))[1])) == ours["rules_digest"]


# ---- tune refuses what the definitions refuse ---------------------------------------------------------------------

def line_of(path: Path, text: str, after: str) -> int:
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i in range(start, len(lines)) if text in lines[i]) + 1


@pytest.mark.parametrize("field, values, written, message", [
    ("cost", "18..21", "cost = ", "21 for cost of boomtown: {file}:{line}: card 'boomtown' (Boomtown): cost: "
                                  "expected a number <= 20, got 21"),
    ("options[0].effects[0].amount", "0..3", "effects = ", "0 for options[0].effects[0].amount of boomtown: "
     "{file}:{line}: card 'boomtown' (Boomtown): options.1.effects.1.amount: expected a number >= 1, got 0"),
    ("cost", "99999999999999999999..99999999999999999999", "cost = ",
     "99999999999999999999 for cost of boomtown: {file}:{line}: card 'boomtown' (Boomtown): cost: expected a "
     "number <= 20, got 99999999999999999999"),
])
def test_tune_refuses_a_value_the_cards_schema_refuses_at_the_fields_line(tmp_path, field, values, written, message):
    """A cost of 21 or an amount of 0 would be refused in the file; tune played them as if they were a game. Now:
    exit 2, one line, the field where the file writes it and the range, before any game is played."""
    folder = folder_of(tmp_path, "planted", planted_town(BASE_TOWN))
    result = cli("tune", str(folder), "boomtown", "--field", field, "--values", values, "--games", "50", "--jobs", "1",
                 code=2)
    line = line_of(folder / "town.toml", written, 'id = "boomtown"')
    assert result.stderr.strip() == "--values: " + message.format(file=folder / "town.toml", line=line)
    assert "Traceback" not in result.output


# ---- shards -------------------------------------------------------------------------------------------------------

def shards_of(tmp_path: Path, args: list[str], n: int) -> list[Path]:
    paths = []
    for k in range(1, n + 1):
        path = tmp_path / f"part{k}.json"
        path.write_text(run(*args, "--shard", f"{k}/{n}", "--jobs", "1"))
        paths.append(path)
    return paths


def test_the_shards_of_a_renamed_copy_merge_into_its_one_run(tmp_path):
    """A copy whose folder is not named by its id is headed by its folder; the merged report was headed by the id
    alone, so it differed from the one run it must equal byte for byte."""
    copy = folder_of(tmp_path, "my-variant", BASE_TOWN, "start_gold = 4")
    args = [str(copy), "--games", "150", "--seed", "4"]
    parts = [str(p) for p in shards_of(tmp_path, args, 3)]
    assert run("--merge", *parts, "--json") == run(*args, "--json", "--jobs", "1")
    merged = run("--merge", *reversed(parts))
    assert merged == run(*args, "--jobs", "1") and merged.startswith(f"El Dorado Canyon (test set) ({copy}, id edc-test)")


def resealed(doc: dict) -> dict:
    """A shard edited by someone who also rewrote its digest (what `--shard` seals it with)."""
    body = {k: v for k, v in doc.items() if k != "digest"}
    return {**body, "digest": hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()}


@pytest.mark.parametrize("edit, reseal, message", [
    (lambda d: d["tally"]["seat_wins"].__setitem__(0, d["tally"]["seat_wins"][0] + 600), False,
     "digest: the shard was changed after `checker simulate --shard` wrote it"),
    (lambda d: d.__setitem__("shard", "x"), True, "shard: expected [K, N] with 1 <= K <= N, got 'x'"),
    (lambda d: d.pop("shard"), True, "shard: expected [K, N] with 1 <= K <= N, got None"),
    (lambda d: d.__setitem__("players", "x"), True, "players: expected a whole number from 1 to 100, got 'x'"),
    (lambda d: d.__setitem__("players", 10 ** 9), True,
     "players: expected a whole number from 1 to 100, got 1000000000"),
    (lambda d: d["tally"].__setitem__("games", "5"), True, "tally.games: expected a whole number >= 0, got '5'"),
    (lambda d: d["tally"].__setitem__("seat_wins", [-60, 0, 0, 0]), True,
     "tally.seat_wins[0]: expected a whole number >= 0, got -60"),
    (lambda d: d["tally"].__setitem__("games", 10 ** 6), True, "tally: expected the 50 games of shard 2/2, got 1000000"),
    (lambda d: d["tally"]["health"].__setitem__("halftime", [1]), True, "tally.health.halftime: expected 2 counts"),
    (lambda d: d["tally"].pop("card"), True, "tally: expected the counts card, char, first, games, health"),
    (lambda d: d["tally"].__setitem__("seat_wins", [1, 2, 3, 4, 5]), True, "tally.seat_wins: expected 4 counts"),
])
def test_an_edited_or_malformed_shard_is_refused_in_one_line(tmp_path, edit, reseal, message):
    """Edited counts merged into a report that looked real (a seat given 10 more wins), and malformed ones ended in
    a traceback: now each is refused, naming the file and what is wrong, exit 2."""
    first, second = shards_of(tmp_path, [str(TEST_GAME), "--games", "100", "--seed", "2"], 2)
    doc = json.loads(second.read_text())
    edit(doc)
    second.write_text(json.dumps(resealed(doc) if reseal else doc))
    result = cli("simulate", "--merge", str(first), str(second), code=2)
    assert result.stderr.startswith(f"{second}: {message}"), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("shard", ["١/٢", "1_0/20", "1/2000000", "1/", "/2"])
def test_a_shard_number_is_typed_in_ascii_digits_within_the_bounds(shard):
    result = cli("simulate", str(TEST_GAME), "--games", "20", "--shard", shard, code=2)
    assert result.stderr.startswith("--shard: expected K/N (this is shard K of N, N at most 1,000,000), got "), \
        result.stderr


# ---- compare names what changed ---------------------------------------------------------------------------------

def test_compare_names_the_number_that_changed_not_a_list_cut_short(tmp_path):
    """Dynamite's second end gains one more gold: the old "what differs" printed the whole `options` list cut at
    60 characters, where the change was not to be seen. Now each changed number by its path (as tune's --field
    takes it), in text and in the items' `fields`."""
    dynamite = next(c for c in BASE_TOWN if c["id"] == "dynamite")
    old = dynamite["options"][1]["effects"][0]["amount"]
    richer = {**dynamite, "options": [dynamite["options"][0], {"effects": [{"effect": "gain_gold", "amount": old + 1}]}]}
    base = folder_of(tmp_path, "base", BASE_TOWN)
    variant = folder_of(tmp_path, "variant", [richer if c["id"] == "dynamite" else c for c in BASE_TOWN])
    out = json.loads(run(str(base), "--compare", str(variant), "--games", "50", "--json", "--jobs", "1"))
    assert out["changes"][0] == f"cards: dynamite: options[1].effects[0].amount {old} -> {old + 1}"
    item = next(i for i in out["items"] if i["id"] == "dynamite")
    assert item["fields"][0] == {"field": "options[1].effects[0].amount", "base": old, "variant": old + 1}
    text = run(str(base), "--compare", str(variant), "--games", "50", "--jobs", "1")
    assert f"  CHANGED  card dynamite (options[1].effects[0].amount {old} -> {old + 1}; options[1].text " in text


# ---- health: a planted defect shows -------------------------------------------------------------------------------

def test_a_card_that_ends_the_game_at_once_shortens_it_and_is_called_strong(tmp_path):
    """A free card gaining 10 infamy ends the game on the turn it is played (10 infamy ends it): the variant's
    games are shorter at the median and the tail (intervals apart), the compare calls the mean length lower,
    and the card is strong."""
    bomb = {"id": "outlaw-legend", "name": "Outlaw Legend", "type": "gain", "priority": "IV", "cost": 0, "copies": 3,
            "options": [{"effects": [{"effect": "gain_infamy", "amount": 10}]}]}
    base, variant = folder_of(tmp_path, "base", BASE_TOWN), folder_of(tmp_path, "bomb", [*BASE_TOWN, bomb])
    out = json.loads(run(str(base), "--compare", str(variant), "--games", "600", "--seed", "5", "--json", "--jobs", "1"))
    a, b = out["health"]["base"]["length"], out["health"]["variant"]["length"]
    assert b["median"]["ci_high"] < a["median"]["ci_low"] and b["p10"]["ci_high"] < a["p10"]["ci_low"]
    length = next(d for d in out["deltas"] if d["id"] == "length")
    assert length["verdict"] == "lower" and length["ci_high"] < 0
    item = next(i for i in out["items"] if i["id"] == "outlaw-legend")
    assert item["status"] == "added" and item["variant"]["verdict"] == "strong"
