"""Rule parameters as a designer uses them: a variant's game.toml sets `[parameters]`, checked at load (an
unknown name lists the family's, a value out of range names the range, at the file's line, exit 2); the
engine plays the values (set-up, the end of the game, the tracks, the row, Eldorado's and Gold and Steel's
numbers); `checker resolve` cites the house rule beside the rulebook's passage; `--compare` lists the change;
`tune --parameter` sweeps one; left at the rulebook's values, nothing changes."""
from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from cards import DefinitionError, load_game
from cards.families import FAMILIES
from cards.parameters import declared
from conftest import checker_cli as cli

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "games" / "edc-test"
SOURCES = ROOT / "tests" / "sources"  # the rulebooks and design files, checked against ../shared by CI


pytestmark = pytest.mark.usefixtures("own_cache")


def variant(tmp_path: Path, table: str, source: Path = TEST_GAME, name: str = "variant") -> Path:
    """A copy of a game whose game.toml carries `table` (a `[parameters]` table, as text) after its head."""
    folder = tmp_path / name
    shutil.copytree(source, folder)
    text = (folder / "game.toml").read_text()
    head, sep, rest = text.partition("[[components]]")
    (folder / "game.toml").write_text(f"{head}{table}\n\n{sep}{rest}")
    return folder


def line_of(folder: Path, key: str) -> int:
    lines = (folder / "game.toml").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith(f"{key} ="))


# ---- declared by each family, with the rulebook's words ----------------------------------------------

def test_every_family_with_an_engine_declares_its_parameters_with_the_rulebooks_words():
    expected = {"el-dorado-canyon": {"start_health": 5, "start_ammo": 5, "start_gold": 3, "town_row": 3,
                                     "characters_per_player": 2, "end_infamy": 10, "track_limit": 5},
                "eldorado": {"people_per_barrel": 10, "soldiers_per_musket": 5, "points_per_treasure": 3},
                "eternal-gold-and-steel": {"start_health": 25}}
    for name, defaults in expected.items():
        params = declared(FAMILIES[name].schema_module())
        assert {p.name: p.default for p in params} == defaults
        rulebook = (SOURCES / "rulebooks" / f"{name}.txt").read_text()
        design = (SOURCES / "design" / f"{name}.md").read_text()
        for p in params:
            assert p.low <= p.default <= p.high and p.meaning
            # a rulebook's words; where the rulebook has none (Gold and Steel's base game), the house ruling's
            assert p.quote in (design if p.section.startswith("House ruling") else rulebook), (name, p.name)
    assert declared(FAMILIES["generic"].schema_module()) == ()


# ---- checked at load ---------------------------------------------------------------------------------

def test_an_unknown_parameter_is_an_error_at_its_line_listing_the_familys(tmp_path):
    folder = variant(tmp_path, "[parameters]\nstart_gold = 4\nstarting_gold = 5")
    with pytest.raises(DefinitionError) as caught:
        load_game(str(folder))
    (problem,) = caught.value.problems
    assert problem.line == line_of(folder, "starting_gold") and problem.path == "parameters.starting_gold"
    assert problem.message == ("unknown parameter 'starting_gold': the parameters of el-dorado-canyon are "
                               "start_health, start_ammo, start_gold, town_row, characters_per_player, end_infamy, "
                               "track_limit")
    out = cli("validate", str(folder), code=2)
    assert f"game.toml:{problem.line}" in out.output and "unknown parameter 'starting_gold'" in out.output
    assert "Traceback" not in out.output


@pytest.mark.parametrize("table,key,message", [
    ("end_infamy = 0", "end_infamy", "expected a whole number from 1 to 60 (the rulebook's is 10), got 0"),
    ("town_row = 7", "town_row", "expected a whole number from 1 to 6 (the rulebook's is 3), got 7"),
    ("start_gold = \"3\"", "start_gold", "expected a whole number from 0 to 30, got '3'"),
    ("start_gold = true", "start_gold", "expected a whole number from 0 to 30, got True"),
    ("track_limit = 4", "track_limit", None),
])
def test_a_value_out_of_range_names_the_range_at_its_line(tmp_path, table, key, message):
    folder = variant(tmp_path, f"[parameters]\n{table}")
    with pytest.raises(DefinitionError) as caught:
        load_game(str(folder))
    problems = caught.value.problems
    if message is None:  # the tracks' top under the starting health: the values together
        assert [(p.path, p.message) for p in problems] == [
            ("parameters.start_health", "expected at most track_limit (4), got 5: a character starts on its tracks"),
            ("parameters.start_ammo", "expected at most track_limit (4), got 5: a character starts on its tracks")]
        return
    (problem,) = problems
    assert (problem.line, problem.path, problem.message) == (line_of(folder, key), f"parameters.{key}", message)


def test_a_family_without_parameters_refuses_any(tmp_path):
    folder = tmp_path / "print-only"
    folder.mkdir()
    (folder / "game.toml").write_text(
        'id = "print-only"\nname = "P"\nrules = "generic"\nplayers = [1, 2]\n\n[parameters]\nlives = 3\n\n'
        '[schemas.token]\nname = "text"\n\n[[components]]\nid = "t"\nname = "T"\nkind = "token"\nschema = "token"\n'
        'file = "t.toml"\nsize = "20x20mm"\n')
    (folder / "t.toml").write_text('[[cards]]\nid = "a"\nname = "A"\n')
    with pytest.raises(DefinitionError) as caught:
        load_game(str(folder))
    assert any(p.path == "parameters.lives" and p.message == "unknown parameter 'lives': the parameters of generic "
               "are none: it has no rule parameters" and p.line == 7 for p in caught.value.problems)


def test_the_parameters_survive_the_kept_game_and_the_compiled_cache(tmp_path):
    from checker.core.gamecache import load_for_play

    folder = variant(tmp_path, "[parameters]\nstart_gold = 6")
    assert load_game(str(folder)).parameters == {"start_gold": 6}
    assert load_game(str(folder)).parameters == {"start_gold": 6}  # from `cards.compiled`, without pydantic
    for _ in range(2):  # compiled, then from the cache
        _, data = load_for_play(str(folder))
        assert data["parameters"]["start_gold"] == 6 and data["parameters"]["end_infamy"] == 10
        assert [r["name"] for r in data["house_rules"]] == ["start_gold"]


# ---- the engines play them -----------------------------------------------------------------------------

def test_el_dorado_canyon_sets_up_with_the_games_values(tmp_path):
    from checker.core.gamecache import load_for_play
    from checker.el_dorado_canyon.gone import place_character
    from checker.el_dorado_canyon.rules import Rules
    from checker.el_dorado_canyon.simulation import setup

    folder = variant(tmp_path, "[parameters]\nstart_gold = 7\ntown_row = 5\ncharacters_per_player = 1\n"
                               "start_health = 3\nstart_ammo = 2")
    rules = Rules(load_for_play(str(folder))[1])
    t = setup(rules, 3, random.Random(4))
    assert [p.unbanked for p in t.players] == [7, 7, 7]
    assert len(t.row) == 5 and t.characters == []  # one character each: every one placed
    p = t.players[0]  # a character drawn later starts the same (H7)
    place_character(t, p, next(iter(rules.characters.values())))
    assert (p.health, p.ammo) == (3, 2)
    base = setup(Rules(load_for_play(str(TEST_GAME))[1]), 3, random.Random(4))
    assert [p.unbanked for p in base.players] == [3, 3, 3] and len(base.row) == 3 and len(base.characters) == 3


def state_file(tmp_path: Path, game: Path, body: str) -> Path:
    path = tmp_path / "state.toml"
    path.write_text(f'game = "{game}"\nfirst_player = "Ann"\n{body}')
    return path


TEN_INFAMY = """
[[players]]
name = "Ann"
character = { name = "Kid", alignment = "good" }
infamy = 9
banked = 4
play = { card = "pistol", direction = "left" }

[[players]]
name = "Bob"
character = { name = "Rat", alignment = "bad" }
infamy = 6
banked = 5
play = { card = "go-to-town", option = 2 }
"""


def test_resolve_plays_the_house_rule_and_cites_it_beside_the_rulebooks_passage(tmp_path):
    """Ann reaches 10 infamy: the rulebook's game ends; the variant's (12) goes on, and says why."""
    base = json.loads(cli("resolve", str(state_file(tmp_path, TEST_GAME, TEN_INFAMY)), "--json").stdout)
    assert base["game_over"] is True and not any(v.startswith("House rule") for v in base["verdict"])
    folder = variant(tmp_path, "[parameters]\nend_infamy = 12\nstart_gold = 3")  # 3: the rulebook's, no house rule
    path = state_file(tmp_path, folder, TEN_INFAMY)
    out = json.loads(cli("resolve", str(path), "--json").stdout)
    assert out["game_over"] is False
    assert [v for v in out["verdict"] if v.startswith("House rule")] == [
        "House rule of this game: end_infamy = 12 (game.toml [parameters]; the infamy that ends the game at the end "
        "of a turn (H10)), in place of the rulebook's 10 (End-Game & Scoring: \"A player has 10 infamy at the end "
        "of a turn.\")"]
    text = cli("resolve", str(path)).stdout
    assert "  House rule of this game: end_infamy = 12" in text.split("Steps:")[0]


def test_the_track_limit_caps_gains_and_the_state_file(tmp_path):
    folder = variant(tmp_path, "[parameters]\ntrack_limit = 7")
    body = TEN_INFAMY.replace("infamy = 9\n", "infamy = 0\nhealth = 7\nammo = 6\n", 1).replace(
        'play = { card = "go-to-town", option = 2 }', 'play = { card = "take-cover", option = 2 }\nunbanked = 1')
    out = json.loads(cli("resolve", str(state_file(tmp_path, folder, body)), "--json").stdout)
    rows = {p["name"]: p for p in out["state"]["players"]}
    assert rows["Bob"]["ammo"] == 7  # Take Cover's 5 ammo from 5: up to the house rule's top, not the rulebook's 5
    assert rows["Ann"]["health"] == 7 and rows["Ann"]["ammo"] == 5
    too_high = body.replace("health = 7", "health = 8")
    refused = cli("resolve", str(state_file(tmp_path, folder, too_high)), code=2)
    assert "player 'Ann': health: expected a whole number from 0 to 7, got 8" in refused.output
    base = cli("resolve", str(state_file(tmp_path, TEST_GAME, body)), code=2)
    assert "health: expected a whole number from 0 to 5, got 7" in base.output


def test_eldorado_plays_its_parameters(tmp_path):
    """Outfitting at Plymouth: 11 soldiers recruited give 2 muskets at 5 per musket, 3 at 3 (a house rule)."""
    from cards.families import builtin_games

    home = builtin_games()["eldorado"]
    folder = variant(tmp_path, "[parameters]\nsoldiers_per_musket = 3", source=home, name="eldorado-house")
    state = ('dice = [5, 2, 6, 3, 2]\n\n[[players]]\nname = "Ann"\nleader = "raleigh"\nat = "AM4"\n\n'
             '[[players]]\nname = "Bob"\nat = "AL14"\n\n[action]\nkind = "outfit"\nplayer = "Ann"\nrounds = 2\n')
    (tmp_path / "s.toml").write_text(f'game = "{home}"\n' + state)
    (tmp_path / "h.toml").write_text(f'game = "{folder}"\n' + state)
    base = json.loads(cli("resolve", str(tmp_path / "s.toml"), "--json").stdout)
    house = json.loads(cli("resolve", str(tmp_path / "h.toml"), "--json").stdout)
    ann = {name: next(p for p in out["state"]["players"] if p["name"] == "Ann") for name, out in
           (("base", base), ("house", house))}
    assert ann["base"]["soldiers"] == ann["house"]["soldiers"] == 11
    assert (ann["base"]["muskets"], ann["house"]["muskets"]) == (2, 3)
    assert any(v.startswith("House rule of this game: soldiers_per_musket = 3") for v in house["verdict"])


def test_gold_and_steel_gives_a_player_without_health_the_games_start(tmp_path):
    from cards.families import builtin_games

    home = builtin_games()["eternal-gold-and-steel"]
    folder = variant(tmp_path, "[parameters]\nstart_health = 30", source=home, name="gs-house")
    state = ('turn = "Ann"\n\n[[players]]\nname = "Ann"\n\n[[players]]\nname = "Bob"\n\n'
             '[action]\nkind = "end_turn"\nplayer = "Ann"\n')
    for game, health in ((home, 25), (folder, 30)):
        (tmp_path / "g.toml").write_text(f'game = "{game}"\n' + state)
        out = json.loads(cli("resolve", str(tmp_path / "g.toml"), "--json").stdout)
        assert [p["health"] for p in out["state"]["players"]] == [health, health]



HOUSE_LINES = {  # a template's lines that the variant's [parameters] change: (the rulebook's, the game's)
    "el-dorado-canyon": [
        ("# row (list of town card ids, default []): the face-up town cards (at most 3). Ids: ",
         "# row (list of town card ids, default []): the face-up town cards (at most 4). Ids: "),
        ("# health (whole number 0 to 5, default 5): health track (H3); 0 only without a character",
         "# health (whole number 0 to 7, default 3): health track (H3); 0 only without a character"),
        ("# health = 5", "# health = 3"),
        ("# ammo (whole number 0 to 5, default 5): ammo track (H3)",
         "# ammo (whole number 0 to 7, default 2): ammo track (H3)"),
        ("# ammo = 5", "# ammo = 2")],
    "eternal-gold-and-steel": [
        ("# health (whole number 0 to 999, default 25): 0 = out of the game (G1)",
         "# health (whole number 0 to 999, default 30): 0 = out of the game (G1)"),
        ("# health = 25", "# health = 30")],
}
HOUSE_TABLES = {"el-dorado-canyon": "start_health = 3\nstart_ammo = 2\ntrack_limit = 7\ntown_row = 4",
                "eternal-gold-and-steel": "start_health = 30"}


@pytest.mark.parametrize("rules", list(HOUSE_LINES))
def test_template_and_schema_show_the_games_own_parameters(tmp_path, monkeypatch, rules):
    """A game's house rules are the defaults its template and schema show (the reader plays them), each line that
    names a rulebook number and nothing else changed."""
    from cards.families import builtin_games

    source = TEST_GAME if rules == "el-dorado-canyon" else builtin_games()[rules]
    plain = variant(tmp_path / "plain", "", source=source)
    house = variant(tmp_path / "house", f"[parameters]\n{HOUSE_TABLES[rules]}", source=source)
    monkeypatch.chdir(tmp_path)
    texts = {}
    for folder in (plain, house):
        texts[folder] = cli("template", str(folder), "--players", "Ann,Bob").stdout.replace(
            f'game = "{folder.parent.name}/variant"', 'game = "variant"')
    expected = texts[plain]
    for rulebook, game in HOUSE_LINES[rules]:
        assert f"\n{rulebook}" in expected, rulebook
        expected = expected.replace(f"\n{rulebook}", f"\n{game}")
    assert texts[house] == expected
    schemas = {folder: cli("schema", str(folder)).stdout.replace(str(folder), "GAME") for folder in (plain, house)}
    assert schemas[plain] == cli("schema", rules).stdout.replace(f"checker schema {rules}", "checker schema GAME")
    rows = {"el-dorado-canyon": [("| `row` | list of town card ids | [] | the face-up town cards (at most 3) |",
                                  "| `row` | list of town card ids | [] | the face-up town cards (at most 4) |"),
                                 ("| `health` | whole number 0 to 5 | 5 |", "| `health` | whole number 0 to 7 | 3 |"),
                                 ("| `ammo` | whole number 0 to 5 | 5 |", "| `ammo` | whole number 0 to 7 | 2 |")],
            "eternal-gold-and-steel": [("| `health` | whole number 0 to 999 | 25 |",
                                        "| `health` | whole number 0 to 999 | 30 |")]}[rules]
    expected = schemas[plain]
    for rulebook, game in rows:
        assert expected.count(f"\n{rulebook}") == 1, rulebook
        expected = expected.replace(f"\n{rulebook}", f"\n{game}")
    assert schemas[house] == expected


# ---- the balance lab -----------------------------------------------------------------------------------

def test_the_rulebooks_values_written_out_change_nothing(tmp_path):
    """A game that writes every parameter at the rulebook's value plays the very games of one that writes none."""
    written = variant(tmp_path, "[parameters]\nstart_health = 5\nstart_ammo = 5\nstart_gold = 3\ntown_row = 3\n"
                                "characters_per_player = 2\nend_infamy = 10\ntrack_limit = 5")
    args = ["--games", "120", "--players", "3", "--policy", "greedy", "--jobs", "1", "--json", "--quiet"]
    a = json.loads(cli("simulate", str(TEST_GAME), *args).stdout)
    b = json.loads(cli("simulate", str(written), *args).stdout)
    for report in (a, b):
        report.pop("folder", None)
    assert a == b


def test_compare_lists_the_parameter_change(tmp_path):
    folder = variant(tmp_path, "[parameters]\nstart_gold = 6")
    out = json.loads(cli("simulate", str(TEST_GAME), "--compare", str(folder), "--games", "150", "--jobs", "1",
                         "--json", "--quiet").stdout)
    assert out["changes"] == ["parameters: start_gold 3 -> 6"]
    text = cli("simulate", str(TEST_GAME), "--compare", str(folder), "--games", "150", "--jobs", "1", "--quiet").stdout
    assert "What differs between the definitions:\n  parameters: start_gold 3 -> 6\n" in text
    assert out["base_report"]["games"] == out["variant_report"]["games"] == 150


def test_tune_sweeps_a_parameter_over_the_same_seeds(tmp_path):
    args = ["tune", str(TEST_GAME), "--parameter", "end_infamy", "--values", "6..8", "--games", "200", "--jobs", "1",
            "--quiet"]
    out = json.loads(cli(*args, "--json").stdout)
    assert out["format"] == "pnpkit-tune/1" and out["parameter"] == "end_infamy"
    assert "card" not in out and "field" not in out
    assert [r["value"] for r in out["values"]] == [6, 7, 8]
    medians = [r["health"]["length"]["median"]["value"] for r in out["values"]]
    assert medians == sorted(medians) and medians[0] < medians[-1]  # a later end: longer games
    for r in out["values"]:
        assert set(r) == {"value", "health", "verdicts"}
        assert set(r["health"]) == {"seats", "length", "margin", "lead_changes", "comebacks"}
        assert all(isinstance(v, str) for v in r["verdicts"].values())
    assert out["changing"] == [i for i in out["values"][0]["verdicts"]
                               if len({r["verdicts"][i] for r in out["values"]}) > 1]
    # each value plays the games `simulate` plays on a game with that house rule
    folder = variant(tmp_path, "[parameters]\nend_infamy = 7")
    alone = json.loads(cli("simulate", str(folder), "--games", "200", "--jobs", "1", "--json", "--quiet").stdout)
    assert out["values"][1]["health"] == alone["health"]
    text = cli(*args).stdout
    assert "end_infamy = 7:\n  Seats: " in text and "Verdicts that change across the values (6, 7, 8):" in text


@pytest.mark.parametrize("args,message", [
    (["--parameter", "start_golds", "--values", "1..2"], "--parameter: unknown parameter 'start_golds': the "
     "parameters of el-dorado-canyon are start_health, start_ammo, start_gold, town_row, characters_per_player, "
     "end_infamy, track_limit"),
    (["--parameter", "town_row", "--values", "5..7"], "--values: town_row: expected a whole number from 1 to 6 (the "
     "rulebook's is 3), got 7"),
    (["pistol", "--parameter", "town_row", "--values", "2..3"], "--parameter: expected a card with --field, or "
     "--parameter alone (no card), got both"),
    (["--values", "2..3"], "card: expected a card and --field (a field of the card), or --parameter NAME"),
])
def test_tune_refuses_a_parameter_it_cannot_sweep_in_one_line(args, message):
    out = cli("tune", str(TEST_GAME), *args, code=2)
    assert out.output.strip().startswith(message) and len(out.output.strip().splitlines()) == 1


def test_schema_and_effects_print_the_parameters():
    for command in ("schema", "effects"):
        out = cli(command, "el-dorado-canyon").stdout
        section = out.split("## Rule parameters\n", 1)[1]
        assert ('| `end_infamy` | 10 | 1 to 60 | the infamy that ends the game at the end of a turn (H10) | '
                'End-Game & Scoring: "A player has 10 infamy at the end of a turn." |') in section
    assert "| `points_per_treasure` | 3 | 1 to 30 |" in cli("schema", "eldorado").stdout
    assert re.search(r"\| `start_health` \| 25 \| 1 to 999 \|", cli("schema", "eternal-gold-and-steel").stdout)
