"""`checker simulate` runs the same turn engine as `checker resolve`, without a log; the
engine takes shortcuts when no step is written (no text, cards straight back to the hand).
Random legal turns resolved both ways must give the same next state, and a simulated game
must end exactly where a resolve of each of its turns says it ends."""
from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings

from checker.el_dorado_canyon import resolve
from checker.el_dorado_canyon.judge import game_ending
from checker.el_dorado_canyon.rules import Rules
from checker.el_dorado_canyon.simulation import POLICIES, setup, shuffle
from checker.el_dorado_canyon.state import read_table, write_table

from test_edc_invariants import GAME, states

RULES = Rules(GAME)


def fast_next_state(state: dict) -> tuple[dict, bool]:
    """The simulator's way: no log, then the state written as `resolve` writes it."""
    table, plays = read_table(state, RULES)
    table.play_turn(plays)
    return write_table(table, state), game_ending(table)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_a_turn_without_a_log_ends_where_the_logged_turn_ends(state):
    logged = resolve(copy.deepcopy(state), GAME)
    fast, over = fast_next_state(copy.deepcopy(state))
    assert fast == logged.state
    assert over is logged.game_over


def _state_of(table, plays) -> dict:
    """A simulated table and its plays as a state file, for `checker resolve`."""
    from checker.el_dorado_canyon.rules import LEFT

    rows = []
    for p, pl in zip(table.players, plays):
        row = {"name": p.name, "health": p.health, "ammo": p.ammo, "unbanked": p.unbanked, "banked": p.banked,
               "infamy": p.infamy, "graveyard": p.graveyard, "gone": p.gone, "hand": [c.id for c in p.hand],
               "spent": [c.id for c in p.spent]}
        if p.char is not None:
            row["character"] = p.char.id
        if pl is not None:
            play = {"card": pl.card.id}
            if len(pl.card.options) == 2:
                play["option"] = pl.option + 1
            if pl.card.options[pl.option].arrow == "either":
                play["direction"] = "left" if pl.direction == LEFT else "right"
            if pl.buy is not None:
                play["buy"] = pl.buy.id
            if pl.refresh:
                play["refresh"] = True
            row["play"] = play
        rows.append(row)
    return {"game": "edc-test", "first_player": table.players[table.first].name,
            "town": {"row": [c.id for c in table.row], "deck": [c.id for c in table.deck]},
            "characters": {"deck": [c.id for c in table.characters]}, "players": rows}


def test_simulated_games_replay_turn_by_turn_through_resolve():
    for policy in ("random", "greedy"):
        choose = POLICIES[policy](RULES)
        for game in range(12):
            rng = random.Random(game)
            table = setup(RULES, 2 + game % 5, rng)
            for _ in range(60):
                plays = [None if p.gone else choose(table, p, rng.random) for p in table.players]
                state = _state_of(table, plays)
                table.play_turn(plays)
                logged = resolve(state, GAME)
                assert write_table(table, state) == logged.state, (policy, game)
                assert game_ending(table) is logged.game_over
                if logged.game_over:
                    break


def test_the_engines_shuffle_deals_what_random_shuffle_deals():
    """Simulated games shuffle with `simulation.shuffle` (compiled with the engine): the same seed must
    deal the same decks as `random.Random.shuffle`, or every report would change with it."""
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 16, 33, 64, 200):
            ours, theirs = random.Random(seed), random.Random(seed)
            dealt, expected = list(range(size)), list(range(size))
            shuffle(ours, dealt)
            theirs.shuffle(expected)
            assert dealt == expected, (seed, size)
            assert ours.random() == theirs.random()  # the generators drew alike: the games go on alike
