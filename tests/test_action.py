"""`checker.core.action.Action`, every engine's one action type: immutable, equal by value, its text the
state file's inline table read back by `from_text`, its repr the code that makes it."""
from __future__ import annotations

import pickle
import tomllib

import pytest

from checker.core.action import Action


def test_the_text_is_the_state_files_inline_table_and_reads_back():
    a = Action("end_turn", "Ann", equip=[{"weapon": "icebow", "unit": "bannerman"}])
    assert a.text() == '{ kind = "end_turn", player = "Ann", equip = [{ unit = "bannerman", weapon = "icebow" }] }'
    assert tomllib.loads(f"action = {a.text()}")["action"] == a.table()
    assert Action.from_text(a.text()) == a and hash(Action.from_text(a.text())) == hash(a)
    assert a.table() == {"kind": "end_turn", "player": "Ann", "equip": [{"unit": "bannerman", "weapon": "icebow"}]}


def test_text_that_needs_escaping_round_trips():
    odd = 'Ann "the\\Kid"\n\t\x01\x7fé'
    a = Action("combat", odd, pay={odd: ["soldiers", "barrels"], "Bob": []}, guard=0, refresh=False)
    back = Action.from_text(a.text())
    assert back == a and back.player == odd and back.fields["pay"] == {odd: ["soldiers", "barrels"], "Bob": []}
    assert "\n" not in a.text()


def test_the_same_fields_in_another_order_are_the_same_action():
    a = Action("play", "Ann", card="pistol", option=1, direction="left")
    b = Action("play", "Ann", direction="left", option=1, card="pistol")
    assert a == b and hash(a) == hash(b) and a.text() == b.text() and {a, b} == {a}
    assert a != Action("play", "Bob", card="pistol", option=1, direction="left")
    assert a != Action("play", "Ann", card="pistol", option=1)


def test_the_repr_is_the_code_that_makes_it():
    a = Action("move", "Ann", path=["AK10", "AK11"], guard=1)
    assert repr(a) == "Action('move', 'Ann', guard=1, path=['AK10', 'AK11'])"


def test_an_action_never_changes():
    a = Action("play", "Ann", destroy=["bannerman"])
    with pytest.raises(AttributeError, match="an Action is immutable"):
        a.kind = "equip"  # type: ignore[misc]
    a.fields["destroy"].append("x")
    a.table()["destroy"].append("y")
    assert a.fields == {"destroy": ["bannerman"]} and pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize("text", ['{ kind = "play" }', '{ player = "Ann" }', '"play"', "{ kind = 1, player = 'Ann' }",
                                  '{ kind = "play", player = "Ann" } x', "", "{ kind = "])
def test_text_that_is_not_one_action_is_refused_in_one_line(text):
    with pytest.raises(ValueError, match=r"^expected an action as an inline table \{ kind = \.\.\., player = \.\.\. \}"):
        Action.from_text(text)


def test_a_value_toml_cannot_hold_is_refused():
    with pytest.raises(ValueError, match="expected a TOML value"):
        Action("play", "Ann", card=None)
