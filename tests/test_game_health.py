"""How the game plays (`health`): each figure counted as docs/balance-lab.md defines it, on games built to
give known answers: one that favours seat 1, one whose leader always wins."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cards import load_game
from checker.cli import app
from checker.core import health
from checker.core.report import text
from checker.core.batches import seeded_games
from checker.core.judged import build_report
from checker.core.simulate_cmd import params_for, simulate_game
from checker.el_dorado_canyon import metrics
from checker.el_dorado_canyon.legal import playable
from checker.el_dorado_canyon.players import Play
from checker.el_dorado_canyon.rules import LEFT, Rules
from madeup_games import gain_card, game_toml, write_town

from test_balance_lab import METRICS, TEST_GAME

pytestmark = pytest.mark.usefixtures("own_cache")


def test_each_figure_is_counted_as_defined():
    """Lead changes count a new player ahead alone (ties at the top change nothing); half-time is after the
    middle turn; a comeback is a game the player ahead then gets no share of; the margin is the winners'
    score less the next best."""
    h = health.new_tally()
    health.count_game(h, [-1, 0, -1, 0, 1, 1, 2, -1], [0, 0, 60, 0], 2)  # 0 -> 1 -> 2: two changes
    health.count_game(h, [0, 0, 0, 0, 0], [60, 0, 0, 0], 5)  # ahead after turn 2 of 5 and won: no comeback
    health.count_game(h, [-1, -1, 1, 1], [30, 30, 0, 0], 0)  # tied at half-time (turn 2): not counted
    health.count_game(h, [1, 1], [0, 0], None)  # nobody won: no margin, no half-time
    assert h["lead_changes"] == {"2": 1, "0": 3}
    assert h["margins"] == {"2": 1, "5": 1, "0": 1}
    assert h["halftime"] == [2, 1]  # the first game: seat 1 (index 0) ahead after turn 4, seat 3 won
    assert health.margin([4, 7, 7, 1], [0, 30, 30, 0]) == 3 and health.margin([2, 2], [30, 30]) == 0
    assert health.margin([3, 1], [0, 0]) is None
    q = health.quantile({"10": 10, "20": 80, "30": 10}, 0.1)
    assert q == {"value": 10, "ci_low": 10, "ci_high": 20}  # ranks 10 -+ 5.88 of 100: the 5th and the 16th


def test_a_game_favouring_seat_1_says_so_with_its_interval():
    """Seat 1 plays greedy against three random seats: it wins far more than 1 / players; the seat-advantage
    verdict names it and the first player's interval excludes 25 %."""
    report = simulate_game(METRICS, load_game(str(TEST_GAME)), games=400, players=4, seed=1,
                           policy="greedy,random,random,random", jobs=1)
    seats = report["health"]["seats"]
    assert seats["verdict"] == "uneven" and seats["favoured"] == ["1"], seats
    first = seats["first_player"]
    assert first["verdict"] == "strong" and first["ci_low"] > 0.25 and first["baseline"] == 0.25
    assert [e["id"] for e in seats["rates"]] == ["1", "2", "3", "4"]
    assert "Seats: uneven (seat 1 favoured" in text(report)
    even = simulate_game(METRICS, load_game(str(TEST_GAME)), games=400, players=4, seed=1, jobs=1)["health"]["seats"]
    assert even["verdict"] == "even" and even["favoured"] == even["disfavoured"] == []


def race_game(tmp_path: Path) -> Path:
    """A made-up game of El Dorado Canyon's family where scoring is a choice: every starting card's first end
    gains 1 infamy and 1 gold and banks it all, its second end only blocks; nothing else scores (no town
    card is affordable, no character ability scores, nothing attacks). A player who always scores leads from
    the first turn nobody else matches, is never passed, and reaches 10 infamy on turn 10."""
    folder = tmp_path / "race"
    folder.mkdir()
    components = [
        {"id": "starting", "name": "Starting cards", "kind": "card", "schema": "starting", "file": "starting.toml",
         "size": "poker", "back": "starting"},
        {"id": "town", "name": "Town cards", "kind": "card", "schema": "town", "file": "town.toml", "size": "poker",
         "back": "town"},
        {"id": "characters", "name": "Characters", "kind": "card", "schema": "character", "file": "characters.toml",
         "size": "poker", "back": "character"},
    ]
    (folder / "game.toml").write_text(game_toml("race", "Race", (2, 6), components), encoding="utf-8")
    (folder / "starting.toml").write_text("".join(
        f'[[cards]]\nid = "claim-{i}"\nname = "Claim {i}"\ntype = "gain"\npriority = "IV"\n'
        '[[cards.options]]\neffects = [{ effect = "gain_infamy", amount = 1 }, { effect = "gain_gold", amount = 1 }, '
        '{ effect = "bank_all" }]\n[[cards.options]]\neffects = [{ effect = "block", damage = 1 }]\n\n'
        for i in range(1, 5)), encoding="utf-8")
    write_town(folder, [gain_card(f"mirage-{i}", 10, 1) for i in range(6)])
    (folder / "characters.toml").write_text("".join(
        f'[[cards]]\nid = "settler-{i}"\nname = "Settler {i}"\nalignment = "good"\n[cards.ability]\n'
        'trigger = "immediate"\neffects = [{ effect = "gain_ammo", amount = 1 }]\n\n' for i in range(12)),
        encoding="utf-8")
    return folder


def test_a_game_whose_leader_always_wins_has_no_comebacks_and_no_lead_changes(tmp_path):
    """Seat 1 always scores, the others score on a coin flip (the random policy's end): seat 1 is ahead or
    tied after every turn, so nobody ever takes the lead from it and whoever leads at half-time (seat 1)
    wins. The figures say exactly that: 0 comebacks with an interval from 0, 0 lead changes, every game 10
    turns, and the margin is 10 less the best of the others' scores (counted here on our own)."""
    data = metrics.prepare(load_game(str(race_game(tmp_path))))
    rules = Rules(data)
    chooser = metrics.make_policy("random", rules, 0)

    def scorer(t, p, rand):
        return Play(playable(p)[0], p.seat, 0, LEFT)

    games = 120
    tally = metrics.new_tally(4)
    margins = []
    for rng in seeded_games(3, 0, games):
        before = tally["scores"].copy()
        metrics.play_game(rules, 4, rng, [scorer, chooser, chooser, chooser], ["random"] * 4, tally)
        scores = sorted(int(k) for k, v in tally["scores"].items() for _ in range(v - before.get(k, 0)))
        margins.append(scores[-1] - scores[-2])
    report = build_report(metrics, data, tally, params_for(metrics, games, 4, 3, "random", None, None))
    h = report["health"]
    # a game counts when one player is ahead alone at half-time: not when a random seat scored all five turns too
    assert h["comebacks"]["rate"] == 0 and h["comebacks"]["ci_low"] == 0 and 100 < h["comebacks"]["n"] < games
    assert 0 < h["comebacks"]["ci_high"] < 0.05
    assert h["lead_changes"]["mean"] == 0 and h["lead_changes"]["n"] == games
    assert h["length"]["median"] == h["length"]["p10"] == h["length"]["p90"] == {"value": 10, "ci_low": 10,
                                                                                  "ci_high": 10}
    assert h["length"]["turn_limit"]["rate"] == 0
    assert h["margin"]["n"] == games and h["margin"]["mean"] == pytest.approx(sum(margins) / games, abs=1e-3)
    assert min(margins) >= 1 and h["margin"]["ci_low"] <= h["margin"]["mean"] <= h["margin"]["ci_high"]
    assert h["seats"]["favoured"] == ["1"] and report["seats"][0]["win_rate"] == 1.0
    lines = "\n".join(health.text(h))
    assert f"Comebacks (the player ahead at half-time does not win): 0.0% [0.0%, {h['comebacks']['ci_high']:.1%}] " \
           f"of {h['comebacks']['n']} games with one player ahead" in lines


def test_health_is_in_the_json_the_text_the_html_and_each_side_of_a_compare(tmp_path):
    result = CliRunner().invoke(app, ["simulate", str(TEST_GAME), "--games", "60", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    h = json.loads(result.stdout)["health"]
    assert set(h) == {"seats", "length", "margin", "lead_changes", "comebacks"}
    assert set(h["length"]) == {"median", "p10", "p90", "turn_limit"}
    for figure in (h["margin"], h["lead_changes"]):
        assert figure["ci_low"] <= figure["mean"] <= figure["ci_high"]
    for q in ("p10", "median", "p90"):
        assert h["length"][q]["ci_low"] <= h["length"][q]["value"] <= h["length"][q]["ci_high"]
    assert h["length"]["p10"]["value"] <= h["length"]["median"]["value"] <= h["length"]["p90"]["value"]
    out = tmp_path / "r"
    result = CliRunner().invoke(app, ["simulate", str(TEST_GAME), "--games", "60", "--jobs", "1", "--report", str(out)])
    assert "How the game plays (95 % intervals):\n  Seats:" in result.stdout
    page = (out / "index.html").read_text()
    assert "<h2>How the game plays (95 % intervals)</h2>" in page and "Comebacks: ahead at half-time" in page
    result = CliRunner().invoke(app, ["simulate", str(TEST_GAME), "--compare", str(TEST_GAME), "--games", "60",
                                      "--jobs", "1", "--json"])
    both = json.loads(result.stdout)["health"]
    assert both["base"] == both["variant"] == h  # the same games, the same figures


def test_eldorado_reports_its_health_too():
    report = simulate_game("checker.eldorado.metrics", load_game("eldorado"), games=6, players=3, seed=1, jobs=1)
    h = report["health"]
    assert h["lead_changes"]["n"] == 6 and h["length"]["median"]["value"] is not None
    assert h["comebacks"]["n"] <= 6 and [e["id"] for e in h["seats"]["rates"]] == ["1", "2", "3"]

