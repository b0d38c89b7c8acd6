"""The book of cases: every state file in tests/cases/el-dorado-canyon/ with its asserted outcome.

Each case is two files: `NAME.toml`, a state file anyone can run with
`checker resolve`, and `NAME.expect.toml`: the rulebook section(s) or rulings it
documents, a title, and what must come out (next-state fields, steps in order,
game over, scores, winners), or the exact error for an invalid state.
"""
from __future__ import annotations

from pathlib import Path

from casebook import CaseBook

BOOK = CaseBook("el-dorado-canyon", state_keys=("first_player",))
RULEBOOK = Path(__file__).resolve().parent / "sources" / "rulebooks" / "el-dorado-canyon.txt"
SECTIONS = ("The Goal", "Components", "Table Set Up", "Player Set Up", "Gameplay", "Starting Cards", "Priority",
            "Being GONE", "Card Types", "Card Anatomy", "Gold", "Infamy", "Characters", "Character Card Anatomy",
            "Character Abilities", "Killing Characters", "End-Game & Scoring", "Symbols and Terms")
FAQ = ("If I control a \"good\" character and I kill a \"bad\" character, how much infamy do I get?",
       "What happens if a character shoots themself?", "How does Round the Rosie work?", "Is there a hand limit?",
       "How does Advanced Mining work?", "How does my character gain back health?")


def _town_and_characters(expect: dict, result: dict) -> None:
    """El Dorado Canyon's own keys: the town's and the character deck's fields of the next state."""
    state = result["state"]
    for table in ("town", "characters"):
        for key, value in expect.get(table, {}).items():
            assert state[table][key] == value, f"{table}.{key}"


test_case = BOOK.test(_town_and_characters)


def test_cases_cover_every_section_and_faq_answer():
    covered = BOOK.covered()
    missing = [s for s in SECTIONS + FAQ if s not in covered]
    assert not missing, f"no case documents: {missing}"
    rulebook = RULEBOOK.read_text()
    for section in SECTIONS + FAQ:
        assert section in rulebook


def test_every_case_has_a_state_and_a_title():
    BOOK.check_states_and_titles()
