"""Every next state `checker resolve` writes is ready for the next turn (design contract):
no plays, the marker one seat to the left, and with a card revealed by each player who is
not GONE it resolves again."""
from __future__ import annotations

import tomllib

import pytest
import tomli_w

from casebook import CaseBook
from cards.families import builtin_games
from checker.core.gamecache import load_for_play
from checker.core.resolve_cmd import resolve_file
from checker.el_dorado_canyon.rules import rules_of

BOOK = CaseBook("el-dorado-canyon")
RESOLVED = [name for name in BOOK.names if "error" not in BOOK.expect(name)]


def _next_play(card_id: str, rules) -> dict:
    """The first end of the card, aimed left if the player turns its arrow; no buy."""
    card = rules.cards[card_id]
    play: dict = {"card": card_id}
    if card.two_ended:
        play["option"] = 1
    if card.options[0].turned:
        play["direction"] = "left"
    return play


@pytest.mark.parametrize("name", RESOLVED)
def test_the_next_state_is_ready_for_the_next_turn(name, tmp_path, capsys):
    source = tomllib.loads((BOOK.folder / f"{name}.toml").read_text())
    code, result, err = BOOK.run(name, tmp_path, capsys)
    assert code == 0, err
    state = result["state"]
    names = [p["name"] for p in source["players"]]
    assert [p["name"] for p in state["players"]] == names
    assert state["first_player"] == names[(names.index(source["first_player"]) + 1) % len(names)]
    assert all("play" not in p for p in state["players"])
    if result["game_over"]:
        return
    game = source["game"] if source["game"] in builtin_games() else str(BOOK.folder / source["game"])
    rules = rules_of(load_for_play(game)[1])
    state["game"] = game
    for p in state["players"]:
        assert ("character" in p) or p["gone"], p["name"]
        if not p["gone"]:
            spent = set(p["spent"])
            p["play"] = _next_play(next(c for c in p["hand"] if c not in spent), rules)
    again = tmp_path / "again.toml"
    again.write_text(tomli_w.dumps(state))
    assert resolve_file(again, True, None, None) == 0, capsys.readouterr().err
