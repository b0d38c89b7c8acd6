"""Eldorado's map: the built-in chart, its query API, and validation naming each broken square."""
from __future__ import annotations

import pytest

from cards import load_game
from cards.models.eldorado import chart_of
from conftest import definition_errors, edit_text, errors_after, line_of, located


@pytest.fixture(scope="module")
def chart():
    return chart_of(load_game("eldorado"))


# --- the built-in map ------------------------------------------------------------------

def test_map_has_the_promised_content(chart):
    assert chart.width >= 36 and chart.height >= 24
    assert {p.name: p.nation for p in chart.ports.values()} == {
        "Vigo": "Spain", "Seville": "Spain", "San Sebastián": "Spain", "Lisbon": "Portugal",
        "Brest": "France", "Plymouth": "England"}
    assert len(chart.rivers) >= 3 and len(chart.cities) >= 8
    assert all(city.indians for city in chart.cities.values())
    assert chart.islands["artists-wife"].provisions is False
    assert sum(i.provisions for i in chart.islands.values()) == len(chart.islands) - 1
    assert chart.monster_waters


def test_europe_east_south_america_west(chart):
    port_columns = [chart.squares().index(p.square) % chart.width for p in chart.ports.values()]
    city_columns = [chart.squares().index(c.square) % chart.width for c in chart.cities.values()]
    assert min(port_columns) > chart.width * 3 // 4
    assert max(city_columns) < chart.width // 2


def test_every_port_is_coastal_land(chart):
    for port in chart.ports.values():
        assert chart.is_land(port.square) and chart.is_coast(port.square), port.id


def test_river_flow_follows_the_listed_order(chart):
    orinoco = chart.rivers["orinoco"].squares
    assert orinoco[0] == "F13" and orinoco[-1] == "K10"
    assert chart.flow("F13") == "N" and chart.flow("F11") == "E" and chart.flow("K11") == "N"
    assert chart.flow("K10") == "N" and chart.downstream("K10") == "K9" and chart.is_sea("K9")
    assert chart.upstream("G11") == "F11" and chart.upstream("F13") is None
    assert chart.flow("A1") is None
    for river in chart.rivers.values():
        for here, nxt in zip(river.squares, river.squares[1:]):
            assert chart.downstream(here) == nxt


def test_queries_answer_in_coordinates(chart):
    assert chart.terrain("A1") == chart.square("A1") == "savanna"
    assert chart.neighbours("A1") == {"E": "B1", "S": "A2"}
    assert chart.neighbours("AN26") == {"N": "AN25", "W": "AM26"}
    assert chart.step("AN5", "E") is None
    assert [m.kind for m in chart.features("I13")] == ["city"]
    assert [(m.kind, m.id) for m in chart.features("H13")] == [("indians", "manoa")]
    assert chart.port("AJ10").name == "Vigo"
    assert chart.monsters("S5").id == "sargasso" and chart.monsters("A1") is None
    assert chart.island("U23").id == "artists-wife"
    assert [i.id for i in chart.islands_beside("U22")] == ["artists-wife"]
    with pytest.raises(ValueError, match="'AO1' is off the map \\(columns A..AN, rows 1..26\\)"):
        chart.terrain("AO1")


# --- validation: each broken-map case names its square -------------------------------------

def _map(game_copy):
    folder = game_copy("eldorado")
    return folder, folder / "map.toml"


# (edits to map.toml as (old text, new text), the exact error lines as (text on the line named, message))
BROKEN = {
    "row-of-the-wrong-length": (
        [('"...jjjjj.............................fff",  #  4', '"...jjjjj............................fff",  #  4')],
        [("#  4", "rows.4: row 4 has 39 squares, expected 40 like row 1: square 'AN4' is missing")]),
    "letter-not-in-the-legend": (
        [('"...jjjjj....', '"...jjjjx....')],
        [("#  4", "rows.4: 'H4': letter 'x' is not in the legend "
                  "(expected one of '.', 'r', 'j', 'm', 's', 'd', 'f')")]),
    "river-that-breaks": (
        [('"F11", "G11", "H11"', '"F11", "H11", "G11"')],
        [('"F13", "F12"', "river 'orinoco': squares.4: 'H11' is not next to 'F11' (rivers move orthogonally)"),
         ('"F13", "F12"', "river 'orinoco': squares.6: 'I11' is not next to 'G11' (rivers move orthogonally)")]),
    "river-listed-mouth-first": (
        [('["D13", "D12", "D11", "D10", "D9"]', '["D9", "D10", "D11", "D12", "D13"]')],
        [('"D9", "D10"', "river 'magdalena': squares.5: mouth 'D13' does not meet the sea "
                         "(the squares go from source to mouth: is the list reversed?)")]),
    "river-over-land-and-unlisted-river-square": (
        [('"D13", "D12", "D11", "D10", "D9"', '"E13", "D12", "D11", "D10", "D9"')],
        [('"E13", "D12"', "river 'magdalena': squares.1: 'E13' is jungle, expected a river square"),
         ('"E13", "D12"', "river 'magdalena': squares.2: 'D12' is not next to 'E13' (rivers move orthogonally)"),
         ("# 13", "rows.13: 'D13' is a river square that no [[map.rivers]] lists, so its current has no direction")]),
    "city-off-land": (
        [('square = "I13"', 'square = "R10"')],
        [('square = "R10"', "city 'manoa': square: 'R10' is sea, expected land"),
         ('indians = ["H13", "I14"]', "city 'manoa': indians.1: 'H13' is not beside the city at 'R10'"),
         ('indians = ["H13", "I14"]', "city 'manoa': indians.2: 'I14' is not beside the city at 'R10'")]),
    "city-on-a-river": (
        [('square = "I13"', 'square = "I15"')],
        [('square = "I15"', "city 'manoa': square: 'I15' is river, expected land"),
         ('indians = ["H13", "I14"]', "city 'manoa': indians.1: 'H13' is not beside the city at 'I15'")]),
    "indians-not-beside-their-city": (
        [('indians = ["H13", "I14"]', 'indians = ["H13", "J14"]')],
        [('"H13", "J14"', "city 'manoa': indians.2: 'J14' is not beside the city at 'I13'")]),
    "port-not-on-a-coast": (
        [('square = "AJ12"', 'square = "AL12"')],
        [('square = "AL12"', "port 'lisbon': square: 'AL12' is not on a coast: no sea square beside it")]),
    "port-off-the-map": (
        [('square = "AJ12"', 'square = "AP12"')],
        [('square = "AP12"', "port 'lisbon': square: 'AP12' is off the map (columns A..AN, rows 1..26)")]),
    "island-touching-the-mainland": (
        [('squares = ["G7"]', 'squares = ["A4"]'), ('"...jjjjj....', '"j..jjjjj....')],
        [('"A4"', "island 'jamaica': squares.1: 'A4' touches savanna at 'A5': an island stands alone in the sea")]),
    "island-square-in-the-sea-and-apart": (
        [('squares = ["Z6", "AA6"]', 'squares = ["Z6", "AC6"]')],
        [('"Z6", "AC6"', "island 'azores': squares.1: 'Z6' touches savanna at 'AA6': "
                         "an island stands alone in the sea"),
         ('"Z6", "AC6"', "island 'azores': squares.2: 'AC6' is sea, expected land"),
         ('"Z6", "AC6"', "island 'azores': squares.2: 'AC6' is not joined to the rest of the island")]),
    "monsters-on-land": (
        [('squares = ["R4:U6"]', 'squares = ["O4:P5"]')],
        [("O4:P5", "monsters 'sargasso': squares.1: 'O5' is jungle, expected sea (monsters live in the open sea)")]),
    "duplicate-feature-id": (
        [('id = "jamaica"', 'id = "cuba"')],
        [(('name = "Jamaica"', -1), "island 'cuba': id: 'cuba' is already the id of island 'cuba'")]),
}


@pytest.mark.parametrize("edits, errors", BROKEN.values(), ids=BROKEN)
def test_a_broken_map_names_each_square(game_copy, edits, errors):
    folder, path = _map(game_copy)
    lines = errors_after(folder, [("map.toml", old, new) for old, new in edits])
    assert lines == [located(path, where, message) for where, message in errors]


def test_map_too_small(game_copy):
    folder, path = _map(game_copy)
    lines = path.read_text().splitlines(keepends=True)
    first = line_of(path, "#  1") - 1
    path.write_text("".join(lines[:first] + lines[first + 3:]))
    assert definition_errors(folder) == [f"{path}:{line_of(path, 'rows = [')}: rows: expected at least 24 rows, got 23"]


def test_river_item_on_a_continuation_line_gets_its_own_line(game_copy):
    folder, path = _map(game_copy)
    edit_text(path, '"M14", "N14", "O14"', '"M14", "N15", "O14"')
    line = line_of(path, '"M14", "N15"')
    assert line == line_of(path, '"D16", "E16"') + 1
    errors = definition_errors(folder)
    assert errors[0] == f"{path}:{line}: river 'amazon': squares.13: 'N15' is jungle, expected a river square"
    assert f"{path}:{line}: river 'amazon': squares.13: 'N15' is not next to 'M14' (rivers move orthogonally)" in errors


def test_badly_written_coordinate_is_a_schema_error(game_copy):
    folder, path = _map(game_copy)
    edit_text(path, 'square = "AJ12"', 'square = "12AJ"')
    (error,) = definition_errors(folder)
    assert error.startswith(f"{path}:{line_of(path, '12AJ')}: card 'ocean-sea' (The Ocean Sea and the Golden Indies): "
                            "ports.5.square: expected text matching")
