"""Both command-line tools answer, and definition errors exit 2 without a traceback.

What they say of the built-in games is what the registry finds, with a variant added or not (`builtin_ids`)."""
from __future__ import annotations

from hostile import run


def test_help_answers():
    for tool in ("generator", "checker"):
        result = run(tool, "--help")
        assert result.returncode == 0 and "Usage" in result.stdout


def test_validate_all_builtin_games_summarises_each(builtin_ids):
    result = run("checker", "validate")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [l.split(":")[0] for l in lines] == builtin_ids
    assert all(" ok: " in l and "components" in l and "effects used" in l for l in lines)


def test_validate_reports_problems_and_exits_2(game_copy):
    folder = game_copy()
    text = (folder / "starting.toml").read_text().replace('priority = "III"', 'priority = "V"')
    (folder / "starting.toml").write_text(text)
    result = run("checker", "validate", str(folder))
    assert result.returncode == 2
    assert "card 'pistol' (Pistol): priority: expected one of I, II, III, IV, got 'V'" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_validate_unknown_game_exits_2():
    result = run("checker", "validate", "no-such-game")
    assert result.returncode == 2 and "expected a built-in game" in result.stderr


def test_resolve_with_an_unknown_game_names_the_field(tmp_path, builtin_ids):
    state = tmp_path / "turn.toml"
    state.write_text('game = "el-dorado"\nfirst_player = "Ann"\n')
    result = run("checker", "resolve", str(state))
    assert result.returncode == 2
    assert result.stderr.strip() == (f"{state}: game: expected a built-in game ({', '.join(builtin_ids)}) "
                                      "or a folder with a game.toml, got 'el-dorado'")
