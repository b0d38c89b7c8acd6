"""`checker template`: the written state fails only on its FILL IN lines, and resolves once they are filled.

For each game: a new table from `--players`, then `--from` the state `resolve --out` wrote
(the next turn keeps every value and asks only for the new plays).
"""
from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from checker.commands import app
from checker.core.resolve_cmd import resolve_file

# game -> (players, fills of a new table in order, fills of the next turn, lines added at the top)
FILLS = {
    "el-dorado-canyon": ("Ann,Bob,Cid", [v for who in ('"marshal-eli-stone"', '"doc-holloway"', '"black-bart"')
                                         for v in (who, '{ card = "go-to-town", option = 2 }')],
                         ['{ card = "take-cover", option = 1 }'] * 3, ""),
    "eldorado": ("Ann,Bob", ['"move"\ndirection = "west"', '"Ann"', '"AI10"\nsoldiers = 6\nbarrels = 3', '"AL14"'],
                 ['"move"\ndirection = "west"', '"Ann"'], "dice = [4]\n"),
    "eternal-gold-and-steel": ("Ann,Bob", ['"end_turn"'], ['"end_turn"'], ""),
}


def _fill(text: str, values: list[str], top: str) -> str:
    """Replace the FILL IN placeholders in order (a table placeholder whole), the last value repeating."""
    spots = re.findall(r'\{ card = "FILL IN" \}|"FILL IN"', text)
    assert spots, "the template asks for nothing"
    for i, _ in enumerate(spots):
        text = re.sub(r'\{ card = "FILL IN" \}|"FILL IN"', values[min(i, len(values) - 1)].replace("\\", r"\\"),
                      text, count=1)
    return text.replace("format = 1\n", "format = 1\n" + top, 1)


@pytest.mark.parametrize("game", list(FILLS))
def test_template_resolves_once_filled_and_starts_the_next_turn(game, tmp_path, capsys):
    players, new, nxt, top = FILLS[game]
    state, out = tmp_path / "turn.toml", tmp_path / "next.toml"
    runner = CliRunner()
    result = runner.invoke(app, ["template", game, "--players", players, "--out", str(state)])
    assert result.exit_code == 0, result.output
    text = state.read_text()
    assert "(whole number" in text and "default" in text  # every field with its type, default and meaning
    assert resolve_file(state, False, None, None) == 2
    assert "FILL IN" in capsys.readouterr().err  # it fails on a part left to fill
    state.write_text(_fill(text, new, top))
    assert resolve_file(state, False, out, None) == 0, capsys.readouterr().err
    capsys.readouterr()
    follow = tmp_path / "follow.toml"
    result = runner.invoke(app, ["template", "--from", str(out), "--out", str(follow)])
    assert result.exit_code == 0, result.output
    assert resolve_file(follow, False, None, None) == 2
    assert "FILL IN" in capsys.readouterr().err
    follow.write_text(_fill(follow.read_text(), nxt, top))
    assert resolve_file(follow, False, None, None) == 0, capsys.readouterr().err


def test_template_lists_the_game_ids_where_a_choice_is_made():
    text = CliRunner().invoke(app, ["template", "el-dorado-canyon", "--players", "Ann,Bob"]).output
    card = text[text.index("# card (card id"):]
    assert "Ids: take-cover, secret-hideout, pistol, go-to-town, advanced-mining" in " ".join(
        line.lstrip("# ") for line in card.splitlines()[:3])
    assert text.count("Ids: as listed above") >= 3  # each list once, not per player


@pytest.mark.parametrize("args, message", [
    (["template", "el-dorado-canyon", "--players", "Ann"], "--players: expected 2 to "),
    (["template", "el-dorado-canyon", "--players", "Ann,Ann"], "--players: expected 2 to "),
    (["template", "el-dorado-canyon"], "expected GAME and --players"),
])
def test_template_refuses_bad_players(args, message):
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and message in result.output
