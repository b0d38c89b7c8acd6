"""Random legal turns keep every invariant (hypothesis): tracks 0..5, no negative gold or
infamy, a GONE player never targeted, the same input always the same output."""
from __future__ import annotations

import copy
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import load_game
from checker.el_dorado_canyon import resolve
from checker.el_dorado_canyon.legal import action_of, legal_for
from checker.el_dorado_canyon.rules import Rules, compile_game
from checker.el_dorado_canyon.state import read_seats

GAME = compile_game(load_game(str(Path(__file__).resolve().parent / "games" / "edc-test")))
RULES = Rules(GAME)
TOWN = [c["id"] for c in GAME["cards"] if not c["starting"]]
STARTING = [c["id"] for c in GAME["cards"] if c["starting"]]
CHARACTERS = [c["id"] for c in GAME["characters"]]
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


@st.composite
def states(draw) -> dict:
    """A table the box allows (EDC-21): each town card and character in one place, the town cards in hands
    taken out of the shuffled town, the character deck from the characters nobody has; a player without a
    character has one in the graveyard (EDC-3)."""
    n = draw(st.integers(2, 6))
    town = list(draw(st.permutations(TOWN)))
    row_cards, pool = town[:3], town[3:]
    characters = list(draw(st.permutations(CHARACTERS)))
    players = []
    for name in NAMES[:n]:
        gone = draw(st.booleans()) and draw(st.booleans())
        alive = not gone or draw(st.booleans())
        row: dict = {"name": name, "unbanked": draw(st.integers(0, 8)), "banked": draw(st.integers(0, 8)),
                     "infamy": draw(st.integers(0, 9)), "graveyard": draw(st.integers(0 if alive else 1, 2)),
                     "gone": gone}
        if alive:
            row["character"] = characters.pop()
            row["health"] = draw(st.integers(1, 5))
            row["ammo"] = draw(st.integers(0, 5))
            if draw(st.booleans()):
                row["spent"] = ["secret-hideout"]
        held = [pool.pop() for _ in range(min(len(pool), draw(st.integers(0, 3))))]
        row["hand"] = [c for c in STARTING if c not in row.get("spent", [])] + held
        players.append(row)
    if all(p["gone"] for p in players):
        players[0] = {k: v for k, v in players[0].items()}
        players[0].update(gone=False, character=players[0].get("character") or characters.pop(), health=5, ammo=5)
    state = {"game": "edc-test", "first_player": draw(st.sampled_from([p["name"] for p in players])),
             "town": {"row": row_cards, "deck": pool},
             "characters": {"deck": characters[:draw(st.integers(0, 4))]},
             "players": players}
    table, _ = read_seats(state, RULES)  # each player reveals a legal play (legal.legal_for)
    for p, row in zip(table.players, players):
        if not p.gone:
            row["play"] = action_of(draw(st.sampled_from(legal_for(table, p))), p.name).fields
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_random_legal_turns_keep_every_invariant(state):
    before = copy.deepcopy(state)
    result = resolve(state, GAME)
    assert state == before, "resolve must not change its input"
    gone = {p["name"] for p in state["players"] if p["gone"]}
    for step in result.steps:
        if step.priority not in ("I", "II", "III", "IV"):
            continue  # at the turn's end a drawn character is back in the game (H7)
        for name in gone:
            assert f"attacks {name}" not in step.text, step
            assert f"from {name} " not in step.text and f"{name} discards" not in step.text, step
    for p in result.state["players"]:
        assert 0 <= p["health"] <= 5 and 0 <= p["ammo"] <= 5, p
        assert min(p["unbanked"], p["banked"], p["infamy"], p["graveyard"]) >= 0, p
        assert ("character" in p) == (p["health"] > 0), p
        assert p["gone"] or "character" in p, p
    assert result.as_json() == resolve(copy.deepcopy(before), GAME).as_json(), "same input, same output"
    total = len(state["town"]["row"]) + len(state["town"]["deck"])
    hands = sum(len(p["hand"]) + len(p["spent"]) for p in result.state["players"])
    assert len(result.state["town"]["row"]) + len(result.state["town"]["deck"]) + hands == total + sum(
        len(p["hand"]) + len(p.get("spent", [])) for p in state["players"]), "no card appears or vanishes"
