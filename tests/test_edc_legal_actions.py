"""`legal_for` is the one legality of a play (hypothesis): every legal action resolves, every
other play of an enumerated superset (every card id, option, direction, buy target, refresh) is
refused with exit 2 on `checker resolve`'s path; the simulator's policies only ever pick legal ones."""
from __future__ import annotations

import copy
import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import load_game
from checker.core.errors import StateError
from checker.el_dorado_canyon import resolve
from checker.core.action import Action
from checker.el_dorado_canyon.legal import action_of, describe, legal_for
from checker.el_dorado_canyon.rules import Rules, compile_game
from checker.el_dorado_canyon.metrics import POLICY_NAMES, make_policy, new_tally, play_game
from checker.el_dorado_canyon.state import legal_plays, read_seats, read_table

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "games" / "edc-test"
GAME = compile_game(load_game(str(TEST_GAME)))
RULES = Rules(GAME)
CARDS = {c["id"]: c for c in GAME["cards"]}
TOWN = [c["id"] for c in GAME["cards"] if not c["starting"]]
STARTING = [c["id"] for c in GAME["cards"] if c["starting"]]
CHARACTERS = [c["id"] for c in GAME["characters"]]
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


@st.composite
def seats(draw) -> dict:
    """A state file without plays: 2 to 5 players, some GONE, gold, hands with town cards, a town; each town
    card and character in one place (EDC-21), one in the graveyard of a player without a character (EDC-3)."""
    n = draw(st.integers(2, 5))
    town = draw(st.permutations(TOWN))
    cut = draw(st.integers(0, 3))
    pool = list(town[cut + 4:])  # the hands' town cards: neither in the row nor in the deck
    characters = list(draw(st.permutations(CHARACTERS)))
    players = []
    for i, name in enumerate(NAMES[:n]):
        gone = i > 0 and draw(st.integers(0, 3)) == 0
        row: dict = {"name": name, "unbanked": draw(st.integers(0, 6)), "banked": draw(st.integers(0, 6)),
                     "gone": gone, "graveyard": 1}
        if not gone or draw(st.booleans()):
            row.update(character=characters.pop(), health=draw(st.integers(1, 5)), ammo=draw(st.integers(0, 5)))
            if draw(st.booleans()):
                row["spent"] = ["secret-hideout"]
        held = [pool.pop() for _ in range(min(len(pool), draw(st.integers(0, 3))))]
        row["hand"] = [c for c in STARTING if c not in row.get("spent", [])] + held
        players.append(row)
    return {"game": "edc-test", "first_player": draw(st.sampled_from([p["name"] for p in players])),
            "town": {"row": list(town[:cut]), "deck": list(town[cut:cut + 4])}, "players": players}


def _with_plays(state: dict, draw) -> dict:
    """Every player not GONE reveals a play drawn from their legal actions (the others unknown)."""
    table, _ = read_seats(state, RULES)
    for p, row in zip(table.players, state["players"]):
        if not p.gone:
            row["play"] = action_of(draw(st.sampled_from(legal_for(table, p))), p.name).fields
    return state


def _canonical(play: dict, who: str) -> Action | None:
    """The action a play table means, by the state contract's defaults (EDC-18): no option on a
    one-ended card is option 1, no direction on a printed arrow is that arrow."""
    card = CARDS.get(play["card"])
    if card is None:
        return None
    option = play.get("option")
    if option is None and len(card["options"]) == 1:
        option = 1
    if option not in (1, 2) or option > len(card["options"]):
        return None
    arrow = card["options"][option - 1]["arrow"]
    direction = play.get("direction")
    if direction is None and arrow in ("left", "right"):
        direction = arrow
    fields = {"direction": direction, "buy": play.get("buy"), "refresh": play.get("refresh") or None}
    return Action("play", who, card=play["card"], option=option, **{k: v for k, v in fields.items() if v is not None})


BUYING = {c["id"] for c in GAME["cards"] if any(e["effect"] == "buy" for o in c["options"] for e in o["effects"])}


def _superset(hand: set[str]):
    """Every card id (and one unknown), every option and direction; every buy target with and
    without a refresh for the cards in the hand that buy, a buy and a refresh for the others."""
    for card in list(CARDS) + ["no-such-card"]:
        towns = [(b, r) for b in [None] + TOWN for r in (False, True)] if card in hand & BUYING else \
            [(None, False), (TOWN[0], False), (None, True)]
        for option in (None, 1, 2):
            for direction in (None, "left", "right"):
                for buy, refresh in towns:
                    play: dict = {"card": card}
                    if option is not None:
                        play["option"] = option
                    if direction is not None:
                        play["direction"] = direction
                    if buy is not None:
                        play["buy"] = buy
                    if refresh:
                        play["refresh"] = True
                    yield play


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats(), st.data())
def test_every_legal_action_resolves_and_every_other_play_is_refused(state, data):
    state = _with_plays(state, data.draw)
    table, plays = read_table(copy.deepcopy(state), RULES)
    who = data.draw(st.sampled_from([p for p in table.players if not p.gone]))
    seat = who.seat
    legal = {action_of(pl, who.name) for pl in legal_for(table, who, [None if i == seat else q for i, q in enumerate(plays)])}
    assert legal, "a player not GONE always has a card to reveal"
    accepted = set()
    for play in _superset(set(state["players"][seat]["hand"])):
        trial = copy.deepcopy(state)
        trial["players"][seat]["play"] = play
        try:
            resolve(trial, GAME)
        except StateError as err:
            assert err.player == who.name and (err.field or "").startswith("play"), err
            assert _canonical(play, who.name) not in legal, (play, str(err))
            assert "legal plays: " in err.message
            continue
        assert _canonical(play, who.name) in legal, play
        accepted.add(_canonical(play, who.name))
    assert accepted == legal, "every legal action resolves"


def test_a_gone_player_has_no_legal_action_and_is_refused_any_play():
    state = {"game": "edc-test", "first_player": "Ann", "players": [
        {"name": "Ann", "character": "kid", "play": {"card": "take-cover", "option": 1}},
        {"name": "Bob", "gone": True, "graveyard": 1}]}
    state["players"][0]["character"] = CHARACTERS[0]
    assert legal_plays(state, GAME, "Bob") == []
    state["players"][1]["play"] = {"card": "take-cover", "option": 1}
    with pytest.raises(StateError, match=r"expected no play: a GONE player plays no card this turn \(H7\), and a player without a "
                                         r"character is GONE until they draw one \(EDC-3\)$"):
        resolve(state, GAME)


def test_legal_actions_of_the_starting_hand_and_their_description():
    state = {"game": "edc-test", "first_player": "Ann", "town": {"row": ["rifle"], "deck": ["fort"]},
             "players": [{"name": "Ann", "character": CHARACTERS[0], "banked": 5},
                         {"name": "Bob", "character": CHARACTERS[1]}]}
    actions = legal_plays(state, GAME, "Ann")
    play = functools.partial(Action, "play", "Ann")
    assert play(card="pistol", option=1, direction="left") in actions and play(card="pistol", option=1) not in actions
    assert play(card="go-to-town", option=1, buy="rifle") in actions  # rifle costs 4
    assert play(card="go-to-town", option=1, buy="fort", refresh=True) in actions  # the refresh (1 gold) turns fort (4) up
    assert play(card="go-to-town", option=1, buy="fort") not in actions
    assert play(card="go-to-town", option=2, buy="rifle") not in actions
    table, _ = read_seats(state, RULES)
    assert describe(legal_for(table, table.players[0])).startswith("take-cover option 1|2; secret-hideout option 1|2; pistol left|right; "
                                        "go-to-town option 1 (buy rifle or nothing; refresh, then buy ")


@pytest.mark.parametrize("policy", POLICY_NAMES)
def test_the_simulators_policies_pick_only_legal_actions(policy):
    choose = make_policy(policy, RULES, budget=2)
    picked = 0

    def checked(t, p, rand):
        nonlocal picked
        pl = choose(t, p, rand)
        assert action_of(pl, p.name) in {action_of(q, p.name) for q in legal_for(t, p)}, (p.name, action_of(pl, p.name))
        picked += 1
        return pl

    games = 12 if policy != "search" else 3  # a search decision plays games of its own: fewer suffice
    for game in range(games):
        seats = 2 + game % 4
        play_game(RULES, seats, random.Random(game), [checked] * seats, [policy] * seats, new_tally(seats))
    assert picked > 40 * games


def test_the_cli_refuses_an_illegal_play_listing_the_legal_ones(tmp_path):
    state = tmp_path / "turn.toml"
    state.write_text('game = "%s"\nfirst_player = "Ann"\n[[players]]\nname = "Ann"\ncharacter = "%s"\n'
                     'play = { card = "pistol" }\n[[players]]\nname = "Bob"\ncharacter = "%s"\n'
                     'play = { card = "take-cover", option = 1 }\n' % (TEST_GAME, CHARACTERS[0], CHARACTERS[1]))
    run = [sys.executable, "-c", "from checker.cli import main; main()", "resolve", str(state), "--json"]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PNPKIT_CACHE": str(tmp_path / "c"),
           "PYTHONPYCACHEPREFIX": os.environ["PYTHONPYCACHEPREFIX"]}  # bytecode in the tests' scratch folder
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().endswith(
        "player 'Ann': play.direction: expected 'left' or 'right': 'pistol' has an arrow the player turns, got nothing; "
        "legal plays: take-cover option 1|2; secret-hideout option 1|2; pistol left|right; go-to-town option 1|2")
    state.write_text(state.read_text().replace('card = "pistol"', 'card = "pistol", direction = "left"'))
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["state"]["players"][0]["name"] == "Ann"
