"""The registry of rules families: game ids apart from family names, print-only families first class.

A built-in variant of El Dorado Canyon under its own id (conftest's `edc_variant`, found on
$PNPKIT_GAMES, a tmp folder) goes through every command with its family's rulings, and what the
tools say of the built-in games follows the registry with it or without it (`builtin_ids`); a
family with no engine and no looks of its own validates and builds with the generic looks.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

import hostile
from cards import load_game
from cards.families import FAMILIES, GAMES_ENV, Family, builtin_games
from checker.commands import app as checker_app
from generator.engine.build import build_game
from generator.engine.sheet import Options

ROOT = Path(__file__).resolve().parent.parent
DISPUTE = ROOT / "tests" / "cases" / "el-dorado-canyon" / "51-readme-dispute.toml"


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """A tool as a user runs it, with the variant's folder on the game search path."""
    env = {**os.environ, GAMES_ENV: str(tmp_path / "games"), "PNPKIT_CACHE": str(tmp_path / "cache")}
    return hostile.run(*args, cwd=tmp_path, timeout=None, env=env)


def test_a_variant_is_a_builtin_game_found_by_its_own_id(edc_variant, monkeypatch):
    games = builtin_games()
    with monkeypatch.context() as without:
        without.delenv(GAMES_ENV)
        shipped = builtin_games()
    assert games["edc-variant"] == edc_variant.resolve()
    order = list(games)  # family by family in registry order: the variant after its family's shipped games
    assert [g for g in order if g != "edc-variant"] == list(shipped)
    family_of = {g: load_game(str(folder)).rules for g, folder in games.items()}
    assert [family_of[g] for g in order] == sorted(family_of.values(), key=list(FAMILIES).index)
    assert family_of[order[order.index("edc-variant") - 1]] == "el-dorado-canyon"
    loaded = load_game("edc-variant")
    assert (loaded.id, loaded.rules, loaded.builtin) == ("edc-variant", "el-dorado-canyon", True)


def test_variant_validates_resolves_with_rulings_and_simulates(edc_variant, tmp_path):
    done = run(tmp_path, "checker", "validate", "edc-variant")
    assert done.returncode == 0 and done.stdout.startswith("edc-variant: ok: 49 definitions"), done.stderr
    state = tmp_path / "turn.toml"
    state.write_text(DISPUTE.read_text().replace('game = "el-dorado-canyon"', 'game = "edc-variant"'))
    resolved = run(tmp_path, "checker", "resolve", str(state), "--json")
    assert resolved.returncode == 0, resolved.stderr
    original = json.loads(run(tmp_path, "checker", "resolve", str(DISPUTE), "--json").stdout)
    original["state"]["game"] = "edc-variant"
    assert json.loads(resolved.stdout) == original  # same family, same engine, same verdict and log
    rules = " ".join(step["rule"] for step in json.loads(resolved.stdout)["log"])
    assert "H1" in rules and "EDC-18" in rules
    rulings = run(tmp_path, "checker", "rulings", "edc-variant")
    assert rulings.returncode == 0 and rulings.stdout == run(tmp_path, "checker", "rulings", "el-dorado-canyon").stdout
    assert "H1 [el-dorado-canyon] (house)" in rulings.stdout
    simulated = run(tmp_path, "checker", "simulate", "edc-variant", "--games", "20", "--players", "3", "--json")
    assert simulated.returncode == 0, simulated.stderr
    report = json.loads(simulated.stdout)
    assert report["format"] == "pnpkit-simulate/2" and report["games"] == 20


def test_variant_builds_under_its_own_id(edc_variant, tmp_path):
    done = run(tmp_path, "generator", "build", "edc-variant", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "out" / "edc-variant-a4.json").read_text())
    assert (manifest["format"], manifest["game"], manifest["family"]) == (2, "edc-variant", "el-dorado-canyon")
    assert (tmp_path / "out" / "edc-variant-a4.pdf").stat().st_size > 10_000


PLAIN_SCHEMA = '''
from cards.models.common import Marker, Reference

RECORDS = {"reference": Reference, "marker": Marker}
BACKS = {"plain"}
ICONS = set()


def check_record(record):
    return []
'''
PLAIN_GAME = '''id = "my-game"
name = "My Game"
rules = "plain"
players = [1, 4]

[[components]]
id = "rules"
name = "Rules cards"
kind = "card"
schema = "reference"
file = "rules.toml"
size = "poker"
back = "plain"
'''
PLAIN_CARDS = '''[[cards]]
id = "setup"
name = "Setup"
sections = [{ title = "Deal", lines = ["Each player takes five cards."] }]
'''


@pytest.fixture
def plain_family(tmp_path, monkeypatch) -> Path:
    """A family registered for this test only: a schema module, no engine, no looks, no rulings."""
    (tmp_path / "plain_schema.py").write_text(PLAIN_SCHEMA)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(FAMILIES, "plain", Family("plain", "Plain", "plain_schema"))
    folder = tmp_path / "my-game"
    folder.mkdir()
    (folder / "game.toml").write_text(PLAIN_GAME)
    (folder / "rules.toml").write_text(PLAIN_CARDS)
    return folder


def test_a_family_without_engine_or_looks_validates_and_builds_generic(plain_family, tmp_path):
    runner = CliRunner()
    done = runner.invoke(checker_app, ["validate", str(plain_family)])
    assert done.exit_code == 0 and done.output.startswith(f"{plain_family}: ok: 1 definitions"), done.output
    result = build_game(load_game(str(plain_family)), Options(), tmp_path / "out")
    with pdfplumber.open(tmp_path / "out" / "my-game-a4.pdf") as pdf:
        guide, _, front, back = (page.extract_text() for page in pdf.pages)   # the printing guide, its blank back
    assert "My Game: printing guide" in guide
    assert "Setup" in front and "Each player takes five cards." in front and "Rules cards" in back
    assert result.printed == {"Rules cards": 1}


def test_a_family_without_engine_says_it_prints_only(plain_family, tmp_path):
    state = tmp_path / "turn.toml"
    state.write_text('game = "my-game"\n')
    done = CliRunner().invoke(checker_app, ["resolve", str(state)])
    assert done.exit_code == 2 and done.output == "my-game (family plain) has no rules engine: it prints only\n"
    done = CliRunner().invoke(checker_app, ["simulate", str(plain_family), "--players", "2"])
    assert done.exit_code == 2 and done.output == "my-game (family plain) has no rules engine: it prints only\n"
    done = CliRunner().invoke(checker_app, ["rulings", str(plain_family)])
    assert done.exit_code == 2
    assert done.output == "my-game (family plain) has no rulings: its family decides nothing beyond its rules text\n"


def test_rulings_take_a_game_or_a_family_and_refuse_anything_else(builtin_ids):
    by_game = CliRunner().invoke(checker_app, ["rulings", "eldorado"])
    assert by_game.exit_code == 0 and by_game.output.startswith("E1 [eldorado] (house)")
    done = CliRunner().invoke(checker_app, ["rulings", "monopoly"])
    assert done.exit_code == 2
    assert done.output == (f"game: expected a rules family ({', '.join(FAMILIES)}), "
                           f"a built-in game ({', '.join(builtin_ids)}) or a game folder, got 'monopoly'\n")


def test_every_family_names_modules_that_exist_and_rulings_files_that_load():
    from checker.core.rulings import load_rulings

    for fam in FAMILIES.values():
        schema = fam.schema_module()
        assert hasattr(schema, "check_record") and (hasattr(schema, "RECORDS") or hasattr(schema, "records_for"))
        engine, looks = fam.engine_module(), fam.looks_module()
        assert engine is None or hasattr(engine, "resolve")
        assert looks is None or hasattr(looks, "FRONTS")
        assert (fam.rulings is None) == (not load_rulings(fam.name)), fam.name
        assert all(r.family == fam.name for r in load_rulings(fam.name))


def test_a_cached_resolve_reads_the_registry_without_pydantic_or_typer(edc_variant, tmp_path):
    """The registry is standard library only: a plain `checker resolve` on a warm cache stays light."""
    state = tmp_path / "turn.toml"
    state.write_text(DISPUTE.read_text().replace('game = "el-dorado-canyon"', 'game = "edc-variant"'))
    probe = ("import sys; sys.argv = ['checker', 'resolve', sys.argv[1]]\n"
             "import common.terminal; common.terminal.leave = sys.exit  # raise SystemExit instead of leaving at once\n"
             "from checker.cli import main\n"
             "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
             "print(code, 'pydantic' in sys.modules, 'typer' in sys.modules, file=sys.stderr)")
    env = {**os.environ, GAMES_ENV: str(tmp_path / "games"), "PNPKIT_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", probe, str(state)], capture_output=True, text=True, env=env)
            for _ in range(2)]
    assert runs[0].stderr.split()[-3:] == ["0", "True", "False"]  # cold: definitions loaded and compiled
    assert runs[1].stderr.split()[-3:] == ["0", "False", "False"]  # warm: neither pydantic nor Typer
    assert runs[0].stdout == runs[1].stdout


# What a warm `checker resolve` leaves out because leaving it out pays: the definitions' validation (kept records,
# common/kept.py) and Typer (checker/cli.py's plain path)
LEFT_OUT = ("pydantic", "typer")


@pytest.mark.parametrize("case", ["el-dorado-canyon/34-abilities-in-a-fight.toml", "eldorado/01-fair-wind.toml",
                                  "eternal-gold-and-steel/addmarket-01-forge-apprentice.toml"])
def test_a_cached_resolve_of_each_game_loads_neither_pydantic_nor_typer(case, tmp_path):
    probe = ("import sys; sys.argv = ['checker', 'resolve', sys.argv[1], '--json']\n"
             "import common.terminal; common.terminal.leave = sys.exit  # raise SystemExit instead of leaving at once\n"
             "from checker.cli import main\n"
             "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
             f"print(code, *sorted((set(sys.modules) | {{m.split('.')[0] for m in sys.modules}}) & set({LEFT_OUT!r})), "
             "file=sys.stderr)")
    env = {**os.environ, "PNPKIT_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", probe, str(ROOT / "tests" / "cases" / case)], capture_output=True,
                           text=True, env=env) for _ in range(2)]
    assert "pydantic" in runs[0].stderr.splitlines()[-1].split()  # cold: definitions validated and compiled
    assert runs[1].stderr.splitlines()[-1].split() == ["0"]  # warm: none of them
    assert runs[0].stdout == runs[1].stdout
