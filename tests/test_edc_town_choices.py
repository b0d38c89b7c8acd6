"""EDC-15: a buy or a row replacement that cannot happen however the turn goes is an invalid
play (exit 2); one that could have happened but cannot when it resolves does nothing."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cards import load_game
from checker.core.errors import StateError
from checker.el_dorado_canyon import compile_game, resolve

TEST_GAME = compile_game(load_game(str(Path(__file__).resolve().parent / "games" / "edc-test")))
BOX = compile_game(load_game("el-dorado-canyon"))


def _state(ann: dict, bob: dict, row: list[str], deck: list[str], game: str = "edc-test") -> dict:
    return {"game": game, "first_player": "Ann", "town": {"row": row, "deck": deck},
            "players": [{"name": "Ann", "character": {"name": "Kid", "alignment": "good"}, **ann},
                        {"name": "Bob", "character": {"name": "Rat", "alignment": "bad"}, **bob}]}


def _player(result, name: str) -> dict:
    return next(p for p in result.state["players"] if p["name"] == name)


def test_a_later_buyer_may_buy_the_card_an_earlier_buy_turned_up():
    state = _state({"banked": 4, "play": {"card": "go-to-town", "option": 1, "buy": "rifle"}},
                   {"banked": 5, "play": {"card": "go-to-town", "option": 1, "buy": "shotgun"}},
                   ["rifle", "fort", "saloon"], ["shotgun", "doctor"])
    result = resolve(state, TEST_GAME)
    assert _player(result, "Ann")["hand"][-1] == "rifle"
    assert _player(result, "Bob")["hand"][-1] == "shotgun"
    assert result.state["town"] == {"row": ["doctor", "fort", "saloon"], "deck": []}


def test_without_an_earlier_buy_the_deck_card_cannot_be_bought():
    state = _state({"banked": 4, "play": {"card": "go-to-town", "option": 1}},
                   {"banked": 5, "play": {"card": "go-to-town", "option": 1, "buy": "shotgun"}},
                   ["rifle", "fort", "saloon"], ["shotgun", "doctor"])
    with pytest.raises(StateError) as info:
        resolve(state, TEST_GAME)
    assert str(info.value) == ("player 'Bob': play.buy: 'shotgun' cannot be bought: it will not be face up in town "
                               "when Go to Town resolves; face up then: rifle, fort, saloon; legal plays: take-cover "
                               "option 1|2; secret-hideout option 1|2; pistol left|right; go-to-town option 1 (buy "
                               "rifle|fort|saloon or nothing; refresh, then buy rifle|doctor or nothing) or option 2")


def test_an_ability_that_brings_gold_leaves_the_price_to_play():
    """Banker Hiram Gould gains 1 gold when he banks: 3 gold buys the 4-gold Advanced Mining."""
    banker = _state({"character": "banker-hiram-gould", "unbanked": 3,
                     "play": {"card": "go-to-town", "option": 1, "buy": "advanced-mining"}},
                    {"play": {"card": "take-cover", "option": 1}},
                    ["advanced-mining"], [], game="el-dorado-canyon")
    ann = _player(resolve(copy.deepcopy(banker), BOX), "Ann")
    assert (ann["hand"][-1], ann["banked"], ann["unbanked"]) == ("advanced-mining", 0, 0)
    plain = copy.deepcopy(banker)
    plain["players"][0]["character"] = {"name": "Kid", "alignment": "good"}
    with pytest.raises(StateError, match=r"play\.buy: 'advanced-mining' costs 4 gold and Ann has 3"):
        resolve(plain, BOX)


def test_replacing_the_row_may_fail_after_a_steal_so_the_old_row_stays_reachable():
    """Bob's Pickpocket could leave Ann unable to pay for the new row; here it does not, so her buy
    from the old row finds nothing."""
    state = _state({"unbanked": 9, "play": {"card": "go-to-town", "option": 1, "refresh": True, "buy": "fort"}},
                   {"hand": ["pickpocket"], "play": {"card": "pickpocket", "direction": "left"}},
                   ["rifle", "fort", "saloon"], ["shotgun", "doctor", "slander"])
    result = resolve(copy.deepcopy(state), TEST_GAME)
    assert any("cannot buy Fort: it is not face up" in s.text for s in result.steps)
    assert result.state["town"]["row"] == ["shotgun", "doctor", "slander"]
    state["players"][1] = {**state["players"][1], "hand": ["take-cover"], "play": {"card": "take-cover", "option": 1}}
    with pytest.raises(StateError, match=r"face up then: shotgun, doctor, slander"):
        resolve(state, TEST_GAME)
