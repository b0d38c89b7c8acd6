"""The verdict's headline: the answer about the named point, or the decisive events, drawn from the steps."""
from __future__ import annotations

import pytest

from checker.core.errors import StateError
from checker.core.headline import Dispute, check_focus, headline, take_dispute
from checker.core.log import Log


def _log() -> Log:
    log = Log()
    log.add("Ann reveals Pistol", "Reveal", "Ann", "pistol", "reveal", kind="reveal")
    log.add("Cid resolves Take Cover first: priority I comes before every other card revealed", "Priority", "Cid",
            "take-cover", "I", kind="first")
    log.add("Cid has 0 gold, needs 1: the rest of the card does nothing", "Pay", "Cid", "take-cover", "I",
            kind="nothing")
    log.add("Bob takes 1 damage: health 5 -> 4", "Damage", "Ann", "pistol", "III", kind="damage", target="Bob",
            amount=1, before=5, after=4, cards=["go-to-town"])
    log.add("Dan attacks Bob", "Aim", "Dan", "rifle", "III", kind="target", cards=["go-to-town"])
    log.add("Bob takes 4 damage: health 4 -> 0", "Damage", "Dan", "rifle", "III", kind="damage", target="Bob",
            amount=4, before=4, after=0)
    log.add("Bob's Kid is killed", "Kill", "Dan", "rifle", "III", kind="kill")
    log.add("Bob gains 2 unbanked gold", "Gold", "Bob", "go-to-town", "IV", kind="gain")
    return log


def test_without_a_focus_the_decisive_events_come_first_ranked_by_kind_then_who_acted_first():
    # the damage a kill says again is left out; who acted first, and why, ends the line
    assert headline(Dispute(), _log().steps, "fallback") == (
        "Dan's rifle: Bob's Kid is killed; Ann's pistol: Bob takes 1 damage: health 5 -> 4; "
        "Cid has 0 gold, needs 1: the rest of the card does nothing; "
        "Cid resolves Take Cover first: priority I comes before every other card revealed.")
    quiet = [s for s in _log().steps if s.kind in ("reveal", "gain")]
    assert headline(Dispute(), quiet, "Ann: no change") == "Ann: no change"


def test_a_focus_and_question_answer_about_that_player_or_card():
    steps = _log().steps
    assert headline(Dispute("Does Bob still get his gold?", "Bob"), steps, "x") == (
        "Does Bob still get his gold? Dan's rifle: Bob's Kid is killed; Ann's pistol: Bob takes 1 damage: "
        "health 5 -> 4; Bob gains 2 unbanked gold.")
    assert headline(Dispute(None, "pistol"), steps, "x") == "Ann's pistol: Bob takes 1 damage: health 5 -> 4."


def test_a_focused_card_is_told_what_other_cards_did_to_it():
    assert headline(Dispute(None, "go-to-town"), _log().steps, "x") == (
        "Ann's pistol: Bob takes 1 damage: health 5 -> 4; Bob gains 2 unbanked gold.")


def test_question_and_focus_are_taken_out_of_the_state_and_checked():
    state = {"game": "g", "question": " Who shot first? ", "focus": "Zed"}
    dispute = take_dispute(state)
    assert dispute == Dispute("Who shot first?", "Zed") and state == {"game": "g"}
    with pytest.raises(StateError, match=r"focus: expected a player's name \(Ann, Bob\) or a card id of the game, "
                                         r"got 'Zed'"):
        check_focus(dispute, ["Ann", "Bob"], {"pistol"})
    with pytest.raises(StateError, match="question: expected text, got 3"):
        take_dispute({"question": 3})


def test_the_json_step_has_no_field_that_is_only_null():
    step = _log().steps[-1].as_dict()
    assert step == {"text": "Bob gains 2 unbanked gold", "kind": "gain", "rule": "Gold", "rules": ["Gold"],
                    "player": "Bob", "card": "go-to-town", "priority": "IV"}
    bare = Log()
    bare.add("the game ends", 'End: "quote"; EDC-1', kind="win")
    assert bare.steps[0].as_dict() == {"text": "the game ends", "kind": "win", "rule": 'End: "quote"; EDC-1',
                                       "rules": ["End", "EDC-1"]}
    with pytest.raises(AssertionError, match="a step's kind must be one of"):
        bare.add("a step of no kind", "Rule")
