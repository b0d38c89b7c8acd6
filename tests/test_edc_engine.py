"""The engine runs the whole closed effect vocabulary, compiles definitions faithfully,
and `checker resolve` / `checker simulate` keep their contracts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cards import load_game
from cards.models.el_dorado_canyon.schema import AnyEffect, Ability
from checker.cli import app
from checker.el_dorado_canyon import compile_game, format_report, resolve, simulate
from checker.el_dorado_canyon.vocabulary import rules as engine_rules

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "games" / "edc-test"
CASES = ROOT / "tests" / "cases" / "el-dorado-canyon"


pytestmark = pytest.mark.usefixtures("own_cache")


def test_every_effect_and_trigger_of_the_vocabulary_has_a_rule():
    names = {typing.get_args(m.model_fields["effect"].annotation)[0] for m in typing.get_args(typing.get_args(AnyEffect)[0])}
    assert names == set(engine_rules())
    triggers = set(typing.get_args(Ability.model_fields["trigger"].annotation))
    used = {c.ability.trigger for c in load_game(str(TEST_GAME)).records("character")}
    assert used == triggers, "the test game must exercise every trigger"


def test_compiled_game_keeps_the_definitions():
    data = compile_game(load_game(str(TEST_GAME)))
    cards = {c["id"]: c for c in data["cards"]}
    assert cards["go-to-town"]["options"][0]["effects"] == [
        {"effect": "bank_all"}, {"effect": "refresh_row", "cost": 1}, {"effect": "buy", "discount": 0},
        {"effect": "go_gone"}]
    assert cards["shotgun"]["options"][0]["effects"] == [
        {"effect": "attack", "damage": 1, "ammo": 2, "infamy": 1, "targets": "both"}]
    assert cards["pistol"]["options"][0]["text"] == ("Attack the character to your left or right, lose 1 ammo, "
                                                     "gain 1 infamy, do 1 damage")
    assert cards["pistol"]["copies"] == 6 and cards["rifle"]["cost"] == 4
    assert json.loads(json.dumps(data)) == data


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from checker.cli import main; main()", *args], cwd=ROOT,
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                                               "PNPKIT_CACHE": os.environ["PNPKIT_CACHE"],
                                                               "PYTHONPYCACHEPREFIX": os.environ["PYTHONPYCACHEPREFIX"]})


def test_resolve_process_json_and_invalid_state(tmp_path):
    done = _run("resolve", str(CASES / "21-good-kills-bad.toml"), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) >= {"log", "state", "game_over"}
    assert set(out["log"][0]) >= {"priority", "player", "card", "text", "rule"}
    assert all("play" not in p for p in out["state"]["players"])
    bad = _run("resolve", str(CASES / "41-invalid-missing-option.toml"), "--out", str(tmp_path / "n.toml"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "player 'Ann': play.option: expected 1 or 2 for two-ended card 'go-to-town'" in bad.stderr
    assert not (tmp_path / "n.toml").exists()


def test_resolve_text_puts_the_verdict_first():
    result = CliRunner().invoke(app, ["resolve", str(CASES / "38-ten-infamy-ends-game-tie-break.toml")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("Verdict: the game ends after this turn: Ann has 10 infamy; Ann's Pistol: Bob takes 1 damage: "
                        "health 5 -> 4; Cid resolves Take Cover first: priority I comes before every other card revealed.")
    assert "  Ann: ammo 5 -> 4, infamy 9 -> 10" in lines
    assert "  The game is over: Ann has 10 infamy" in lines
    assert lines.index("Steps:") > lines.index("  Game over. Winner(s): Ann")
    assert any(line.strip().startswith("rule: H10") or "H10" in line for line in lines)


def test_unreadable_and_unknown_inputs_exit_2(tmp_path):
    state = tmp_path / "s.toml"
    state.write_text('game = "el-dorado-canyon"\nfirst_player = "Ann"\ncolour = 1\n')
    result = CliRunner().invoke(app, ["resolve", str(state)])
    assert result.exit_code == 2
    assert result.output.strip().endswith("colour: unknown field: expected one of game, first_player, town, characters, question, focus, players")
    state.write_text("game = [")
    assert CliRunner().invoke(app, ["resolve", str(state)]).exit_code == 2


def test_resolve_accepts_a_loaded_game_and_is_deterministic():
    import tomllib

    state = tomllib.loads((CASES / "24-round-the-rosie.toml").read_text())
    state["game"] = "edc-test"
    game = load_game(str(TEST_GAME))
    assert resolve(state, game).as_json() == resolve(state, compile_game(game)).as_json()


def test_simulate_same_seed_same_report_whatever_the_jobs():
    game = load_game(str(TEST_GAME))
    one = simulate(game, games=60, players=4, seed=7, policy="random", jobs=1)
    two = simulate(game, games=60, players=4, seed=7, policy="random", jobs=2)
    assert one == two
    assert one["games"] == 60 and sum(one["end_reasons"].values()) == 60
    assert abs(sum(e["win_rate"] for e in one["seats"]) - 1) < 1e-3
    assert one != simulate(game, games=60, players=4, seed=8)
    text = format_report(one)
    assert "Seats: win rate" in text and "Verdicts" in text


def test_simulate_command_on_a_users_folder():
    result = CliRunner().invoke(app, ["simulate", str(TEST_GAME), "--games", "30", "--players", "3", "--policy",
                                      "greedy", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["players"] == 3 and report["policy"] == ["greedy"] * 3
    assert {e["id"] for e in report["cards"]} >= {"advanced-mining", "round-the-rosie"}


@pytest.mark.parametrize("change, message", [
    ({"players": [{"name": "Ann", "character": "kid-cassidy", "play": {"card": "pistol", "direction": "left"}},
                  {"name": "Ann", "character": "kid-cassidy", "play": {"card": "pistol", "direction": "left"}}]},
     "players[2].name: expected a different name for each player, got 'Ann' twice"),
    ({"players": [{"name": "Ann", "gone": False, "play": {"card": "pistol", "direction": "left"}},
                  {"name": "Bob", "character": "kid-cassidy", "play": {"card": "pistol", "direction": "up"}}]},
     "player 'Ann': character: expected a character: a player without one is GONE (gone = true) until they draw "
     "a new one (EDC-3)"),
    ({"players": [{"name": "Ann", "character": "kid-cassidy", "health": 0, "play": {"card": "pistol", "direction": "left"}},
                  {"name": "Bob", "character": "black-bart", "play": {"card": "pistol", "direction": "left"}}]},
     "player 'Ann': health: expected 1 to 5 for a living character, got 0"),
    ({"players": [{"name": "Ann", "character": "kid-cassidy", "play": {"card": "go-to-town", "option": 1, "buy": "rifle"}},
                  {"name": "Bob", "character": "black-bart", "play": {"card": "pistol", "direction": "left"}}]},
     "player 'Ann': play.buy: a buy needs the face-up town cards: add [town] row = [...] (EDC-15)"),
    ({"players": [{"name": "Ann", "character": "kid-cassidy", "play": {"card": "go-to-town", "option": 2, "buy": "rifle"}},
                  {"name": "Bob", "character": "black-bart", "play": {"card": "pistol", "direction": "left"}}]},
     "player 'Ann': play.buy: 'go-to-town' option 2 buys nothing (option 1 does: Bank all unbanked gold, you may "
     "buy 1 town card"),
    ({"players": [{"name": "Ann", "character": {"name": "Kid"}, "play": {"card": "pistol", "direction": "left"}},
                  {"name": "Bob", "character": "black-bart", "play": {"card": "pistol", "direction": "left"}}]},
     "player 'Ann': character.alignment: expected 'good' or 'bad', got nothing"),
    ({"characters": {"deck": ["doc-holloway", "black-bart"]},
      "players": [{"name": "Ann", "character": "black-bart", "play": {"card": "pistol", "direction": "left"}},
                  {"name": "Bob", "character": "kid-cassidy", "play": {"card": "pistol", "direction": "left"}}]},
     "characters.deck[2]: the box has 1 copy of 'black-bart' and it is already at player 'Ann' character (EDC-21)"),
    ({"town": {"row": ["shotgun", "rifle"], "deck": ["lasso", "shotgun"]},
      "players": [{"name": "Ann", "character": "black-bart", "play": {"card": "pistol", "direction": "left"}},
                  {"name": "Bob", "character": "kid-cassidy", "play": {"card": "pistol", "direction": "left"}}]},
     "town.deck[2]: the box has 1 copy of 'shotgun' and it is already at town.row[1] (EDC-21)"),
    ({"players": [{"name": "Ann", "character": "black-bart", "hand": ["pistol", "shotgun"],
                   "play": {"card": "shotgun", "direction": "left"}},
                  {"name": "Bob", "character": "kid-cassidy", "spent": ["buffalo-gun"],
                   "hand": ["pistol", "shotgun", "buffalo-gun"], "play": {"card": "pistol", "direction": "left"}}]},
     "player 'Bob': hand[2]: the box has 1 copy of 'shotgun' and it is already at player 'Ann' hand[2] (EDC-21)"),
])
def test_invalid_states_name_player_and_field(change, message):
    from checker.core.errors import StateError

    state = {"game": "el-dorado-canyon", "first_player": "Ann", **change}
    with pytest.raises(StateError) as info:
        resolve(state, load_game("el-dorado-canyon"))
    assert str(info.value).startswith(message), str(info.value)



def test_an_arrow_that_passes_over_a_gone_player_cites_being_gone_on_the_step_that_lands():
    """A steal or a discard reaching past a GONE neighbour applies "Being GONE" (H2) as much as an attack does:
    the step that lands cites it; the same cards landing on the neighbour cite only their own rule."""
    gone_rule = 'Being GONE: "the effect continues around the table in the same direction'

    def landing(ann: str, cid: str, bob_gone: bool) -> dict[str, str]:
        bob: dict = {"name": "Bob", "character": "kid-cassidy", "gone": True} if bob_gone else {
            "name": "Bob", "character": "kid-cassidy", "play": {"card": "take-cover", "option": 1}}
        state = {"game": "el-dorado-canyon", "first_player": "Ann", "players": [
            {"name": "Ann", "character": "black-bart", "infamy": 3, "unbanked": 2, "play": {"card": ann}}, bob,
            {"name": "Cid", "character": "doc-holloway", "infamy": 3, "unbanked": 2, "play": {"card": cid}}]}
        steps = resolve(state, load_game("el-dorado-canyon")).steps
        return {s.text: s.rule for s in steps if s.kind in ("steal", "loss")}

    # Ann's right and Cid's left are each other: Stampede (right) and Lasso (left) land on the neighbour
    near = landing("stampede", "lasso", bob_gone=False)
    assert len(near) == 2 and not any(gone_rule in rule for rule in near.values()), near
    # Ann's Lasso (left) and Cid's Stampede (right) pass over Bob, who is GONE
    far = landing("lasso", "stampede", bob_gone=True)
    assert len(far) == 2 and all(gone_rule in rule and "H2" in rule for rule in far.values()), far
