"""Eldorado's cards and pieces: what the rulebook asks for, and checks against the map."""
from __future__ import annotations

import pytest

from cards import load_game
from conftest import definition_errors, edit_text, errors_after, line_of, located


def test_kit_has_every_piece_the_rules_name():
    game = load_game("eldorado")
    ships = game.records("ship")
    assert sorted(s.sail for s in ships) == sorted("PCBHFR")
    characters = {c.id: c for c in game.records("character")}
    assert {c.name: c.port for c in characters.values()} == {
        "Francisco Pizarro": "Vigo", "Fernando Cortes": "Seville", "Sebastian Bel-Alcazar": "San Sebastián",
        "Henry the Navigator": "Lisbon", "Nikolaus Federman": "Brest", "James Raleigh": "Plymouth"}
    assert all(characters[s.character].initial == s.sail for s in ships)
    cities = {c.id: c for c in game.records("map")[0].cities}
    assert {(e.id, e.name, e.square) for e in game.records("eldorado")} == {(c.id, c.name, c.square) for c in cities.values()}
    pile: dict[str, int] = {}
    for s in game.records("supply"):
        pile[s.item] = pile.get(s.item, 0) + s.value * s.copies
    assert pile["soldier"] >= 36 and pile["barrel"] >= 36      # six players rolling 6 each
    assert pile["musket"] >= 6 and pile["cannon"] >= 12        # a musket per 5 soldiers; 2 cannons on an even roll
    assert pile["treasure"] >= 18
    assert [d.name for d in game.records("die")] == ["Die"]


# (file, edits as (old text, new text), the exact error lines as (text on the line named, message))
BROKEN = {
    "character-port-must-be-on-the-map": (
        "characters.toml", [('port = "Brest"', 'port = "Calais"')],
        [("Calais", "card 'federman' (Nikolaus Federman): port: expected a port of the map "
                    "(Plymouth, Brest, San Sebastián, Vigo, Lisbon, Seville), got 'Calais'")]),
    "ship-sail-must-match-its-character": (
        "ships.toml", [('sail = "H"', 'sail = "N"')],
        [('sail = "N"', "card 'ship-henry' (Ship of Henry the Navigator): sail: "
                        "expected 'H', the initial of Henry the Navigator, got 'N'")]),
    "every-character-needs-a-ship": (
        "ships.toml", [('character = "raleigh"', 'character = "henry"'), ('sail = "R"', 'sail = "H"')],
        [(('id = "ship-raleigh"', 2), "card 'ship-raleigh' (Ship of James Raleigh): character: "
                                      "Henry the Navigator already has ship 'ship-henry'"),
         (None, "cards: character 'raleigh' (James Raleigh) has no ship card")]),
    "each-leader-needs-a-colour-of-their-own": (
        "characters.toml", [('colour = "#6A3D9A"', 'colour = "#B3261E"')],
        [('colour = "#B3261E"', "card 'pizarro' (Francisco Pizarro): colour: '#B3261E' is also the colour of "
                                "character 'federman': each party's counters need a colour of their own"),
         (('id = "federman"', 6), "card 'federman' (Nikolaus Federman): colour: '#B3261E' is also the colour of "
                                     "character 'pizarro': each party's counters need a colour of their own")]),
    "eldorado-card-must-agree-with-the-map": (
        "eldorado.toml", [('square = "I13"', 'square = "I12"')],
        [('square = "I12"', "card 'manoa' (Manoa): square: expected 'I13', where Manoa stands on the map, got 'I12'")]),
}


@pytest.mark.parametrize("file, edits, errors", BROKEN.values(), ids=BROKEN)
def test_a_piece_must_agree_with_the_map_and_its_fellows(game_copy, file, edits, errors):
    folder = game_copy("eldorado")
    lines = errors_after(folder, [(file, old, new) for old, new in edits])
    assert lines == [located(folder / file, where, message) for where, message in errors]


def test_every_city_needs_an_eldorado_card(game_copy):
    folder = game_copy("eldorado")
    path = folder / "eldorado.toml"
    edit_text(path, 'id = "akakor"', 'id = "atlantis"')
    line = line_of(path, "atlantis")
    errors = definition_errors(folder)
    assert errors[0].startswith(f"{path}:{line}: card 'atlantis' (Akakor): id: expected a city of the map (guatavita, ")
    assert errors[1] == f"{path}: cards: city 'akakor' (Akakor) has no Eldorado card"


def test_unknown_icon_on_a_supply_card(game_copy):
    folder = game_copy("eldorado")
    path = folder / "supply.toml"
    edit_text(path, 'text = "1 point in combat"', 'text = "1 :sword: point"')
    (error,) = definition_errors(folder)
    assert error.startswith(f"{path}:{line_of(path, ':sword:')}: card 'soldier' (Soldier): text: unknown icon ':sword:'")
