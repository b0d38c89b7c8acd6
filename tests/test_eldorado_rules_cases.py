"""The Eldorado case book: every state file in tests/cases/eldorado/ with its asserted outcome.

Each case is two files: `NAME.toml`, a state file anyone can run with
`checker resolve`, and `NAME.expect.toml`: the rulebook sections and rulings it
documents, a title, and what must come out (next-state fields per player, steps
in order, rules cited, game over, winners, scores), or the exact error.
"""
from __future__ import annotations

from casebook import CaseBook

BOOK = CaseBook("eldorado")
CASES = BOOK.folder
SECTIONS = ("Start of Game", "Movement Rules", "Combat Rules")
HOUSE = ("E1", "E2", "E3", "E4", "E5", "E6")


def _eldorado(expect: dict, result: dict) -> None:
    """Eldorado's own keys: no action or dice left over, the beaten, the winner, the verdict's lines."""
    state = result["state"]
    assert "action" not in state and "dice" not in state
    if "beaten" in expect:
        assert state.get("beaten", []) == expect["beaten"]
    if "winners" in expect:
        assert state["winner"] == expect["winners"][0]
    for line in expect.get("verdict", []):
        assert line in result["verdict"], result["verdict"]


test_case = BOOK.test(_eldorado)


def test_cases_cover_every_section_and_house_ruling():
    covered = BOOK.covered()
    missing = [s for s in SECTIONS + HOUSE if s not in covered]
    assert not missing, f"no case documents: {missing}"


def test_every_case_has_a_state_and_a_title():
    BOOK.check_states_and_titles()
