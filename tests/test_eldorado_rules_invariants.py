"""Properties of every Eldorado resolve: counts never negative, same input same output,
pieces stay on the map and ships on water (or moored at a coast, ELD-1)."""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import load_game
from checker.core.errors import StateError
from checker.eldorado import compile_game, resolve
from checker.eldorado.state import read_table
from checker.eldorado.world import World

DATA = compile_game(load_game("eldorado"))
CHART = World(DATA).chart
SEA = [sq for sq in CHART.squares() if CHART.is_sea(sq)]
RIVER = [sq for sq in CHART.squares() if CHART.is_river(sq)]
LAND = [sq for sq in CHART.squares() if CHART.is_land(sq)]
COUNTS = ("soldiers", "muskets", "cannons", "barrels", "treasure", "guard")

count = st.integers(0, 12)


@st.composite
def aboard(draw, pool):
    at = draw(st.sampled_from(pool))
    return {"at": at, "soldiers": draw(count), "muskets": draw(count), "cannons": draw(count),
            "barrels": draw(count), "treasure": draw(count), "opened": draw(st.booleans())}


@st.composite
def states(draw):
    ann = {"name": "Ann", **draw(aboard(SEA + RIVER))}
    bob = {"name": "Bob", **draw(aboard(SEA))}
    kind = draw(st.sampled_from(["sail", "walk", "combat", "indians", "resupply", "homecoming"]))
    if kind == "sail":
        action = {"kind": "move", "direction": draw(st.sampled_from(["north", "south", "east", "west", "upstream",
                                                                       "downstream"]))}
    elif kind == "walk":
        start = draw(st.sampled_from(LAND))
        ann["ship"] = draw(st.sampled_from(RIVER + [sq for sq in LAND if CHART.is_coast(sq)] + ["none"]))
        if ann["ship"] == "none":
            ann.update(cannons=0, barrels=0)
        ann["at"] = start
        path, here = [], start
        for _ in range(draw(st.integers(1, 6))):
            here = draw(st.sampled_from(sorted(CHART.neighbours(here).values())))
            path.append(here)
        action = {"kind": "move", "path": path}
    elif kind == "combat":
        bob["at"] = ann["at"] = bob["ship"] = ann["ship"] = draw(st.sampled_from(SEA))
        action = {"kind": "combat", "opponent": "Bob",
                  "pay": draw(st.permutations(["soldiers", "barrels", "muskets", "cannons", "treasure"]))}
    elif kind == "indians":
        city = draw(st.sampled_from(sorted(CHART.cities)))
        ann["at"] = draw(st.sampled_from([CHART.cities[city].square, *CHART.cities[city].indians]))
        ann["ship"] = "none"
        ann.update(cannons=0, barrels=0)
        action = {"kind": "indians"}
    else:
        action = {"kind": kind}
    return {"game": "eldorado", "dice": [], "players": [ann, bob], "action": {"player": "Ann", **action}}


def _settle(state, seed):
    try:
        return resolve(copy.deepcopy(state), DATA, seed=seed)
    except StateError as exc:
        assert exc.field, str(exc)  # every refusal names its field
        return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.integers(0, 10_000))
def test_every_resolution_keeps_the_table_sound(state, seed):
    result = _settle(state, seed)
    if result is None:
        return
    again = resolve(copy.deepcopy(state), DATA, seed=seed)
    assert again.as_json() == result.as_json()
    for p in result.state["players"]:
        for key in COUNTS:
            assert p[key] >= 0, (p["name"], key)
        assert CHART.on_map(p["at"])
        if p["ship"] != "none":
            ship = p["ship"]
            assert CHART.is_sea(ship) or CHART.is_river(ship) or CHART.is_coast(ship), ship
        if CHART.is_sea(p["at"]) and not p["out"]:
            assert p["at"] == p["ship"], "a party at sea is aboard"
    for step in result.steps:
        assert step.rule and step.text
    playing = [p["name"] for p in result.state["players"] if not p["out"]]
    if playing and not result.game_over:  # the next state reads back as a state file
        read_table({**result.state, "action": {"kind": "homecoming", "player": playing[0]}}, World(DATA))


@settings(max_examples=60, deadline=None)
@given(states(), st.integers(0, 10_000))
def test_a_seed_fills_in_dice_the_same_way_every_time(state, seed):
    try:
        first = resolve(copy.deepcopy(state), DATA, seed=seed)
    except StateError:
        return
    assert resolve(copy.deepcopy(state), DATA, seed=seed).as_json() == first.as_json()
    rolled = [s for s in first.steps if "rolled with --seed" in s.text]
    assert len(rolled) == sum(1 for s in first.steps if s.rule == "E1")
