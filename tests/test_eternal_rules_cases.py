"""The book of Gold and Steel cases: every state file in tests/cases/eternal-gold-and-steel/ with its outcome.

Each case is two files: `NAME.toml`, a state file anyone can run with `checker resolve`,
and `NAME.expect.toml`: the rulebook section(s), FAQ question(s) or rulings it documents,
a title (for FAQ cases, the FAQ's own question, G8), and what must come out: next-state
fields, steps in order, cited rules, game over and winners, or the exact error.
"""
from __future__ import annotations

from pathlib import Path

from casebook import CaseBook

BOOK = CaseBook("eternal-gold-and-steel", state_keys=("turn", "throne", "market_deck"))
CASES = BOOK.folder
RULEBOOK = Path(__file__).resolve().parent / "sources" / "rulebooks" / "eternal-gold-and-steel.txt"
SECTIONS = ("Changes to Setup", "Setting Up Initial Markets", "Earning Gold", "Paying Gold", "Markets",
            "Adding Cards to Your Market", "The New Eternal Throne", "Weapons", "Double-Influence Abilities")
METHODS = ("For games with new players.", "For experienced players (2 player game).",
           "For experienced players (3-4 player game).")
# G8: every FAQ question, with the parts of its answer that each need a case of their own.
FAQ = {
    "If I play Obrak, the Feaster when I have no other units in play, do I have to destroy Obrak?": (),
    "If my Gorgon Swiftblade and another unit with Thief's Pick both deal attack damage to an enemy player, do I put "
    "Gorgon Swiftblade on top of my deck before drawing from Thief's Pick, or vice versa?": (
        "The owner of the attacking cards can decide which order to resolve such effects.",
        "This rule applies to other cards with similar effects, e.g. Acquisitive Crow."),
    "If I trigger Spitfire, but there isn't an enemy unit to destroy, do I get to deal damage to an enemy player?": (),
    "If my Recurring Nightmare wields a weapon, does the weapon stay equipped after dealing attack damage?": (),
    "How does Icebow work with Berserk units and with Lifesteal units?": (
        "If you equip Icebow to a Berserk unit, the unit will deal 2 damage to an enemy player.",
        "If you equip Icebow to a Lifesteal unit, you'll gain 1 health.",
        "You'll gain 2 if the unit has Lifesteal and Berserk!"),
    "Can Icebow's damage trigger effects of cards like Crimson Firemaw and Thief's Pick?": (),
    "When I play a card that allows me to pay gold or power to do something, can I pay multiple times to multiply "
    "the effect?": (),
    "I play Forgeborn and have six or more units, so I put a +3 attack token on Forgeborn. If my unit count goes "
    "below six before Forgeborn deals attack damage, does it still have the +3 attack token bonus?": (
        "Once the Forgeborn ability puts the +3 attack token on itself, that token remains no matter how many units "
        "you have in play.",
        "Only abilities that trigger while you meet a condition (such as Tinker Overseer) can be taken away again "
        "after being met."),
    "If my Katra, the Devoted and Xenan Destroyer both deal attack damage to an enemy player, can I return Katra to "
    "my hand?": (
        "Katra's ability can work while in the discard pile, but she can also return to your hand in the case where "
        "she and a Lifesteal unit were both involved in a successful attack.",),
}
ANSWERS = tuple(a for parts in FAQ.values() for a in parts)
RULINGS = ("G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "P1")
NAMES = BOOK.names


def _gold_and_steel(expect: dict, result: dict) -> None:
    """Gold and Steel's own keys: keys left out, list lengths, the verdict's first line, the notes."""
    state = result["state"]
    assert "action" not in state
    players = {p["name"]: p for p in state["players"]}
    for key in expect.get("unlisted", []):  # top-level keys the next state must leave out (still unknown)
        assert key not in state, key
    for path, size in expect.get("counts", {}).items():  # "Ann.market" or "market_deck": list lengths
        who, _, key = path.rpartition(".")
        assert len((players[who] if who else state)[key]) == size, path
    assert result["verdict"][0] == expect.get("verdict", result["verdict"][0])
    assert result.get("notes", []) == expect.get("notes", [])


test_case = BOOK.test(_gold_and_steel)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_cases_cover_every_section_faq_answer_and_ruling():
    covered = BOOK.covered()
    missing = [s for s in SECTIONS + METHODS + tuple(FAQ) + ANSWERS + RULINGS if s not in covered]
    assert not missing, f"no case documents: {missing}"
    rulebook = _flat(RULEBOOK.read_text(encoding="utf-8"))
    for passage in SECTIONS + METHODS + tuple(FAQ) + ANSWERS:
        assert passage in rulebook, passage


def test_faq_cases_are_titled_with_the_faq_question():
    """G8: a FAQ case is worded as the FAQ words it."""
    for name in NAMES:
        expect = BOOK.expect(name)
        asked = [s for s in expect["section"] if s in FAQ]
        if asked:
            assert expect["title"] in asked, f"{name}: title {expect['title']!r} is not its FAQ question"


def test_every_case_has_a_state_and_a_title():
    BOOK.check_states_and_titles()
