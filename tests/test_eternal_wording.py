"""Gold and Steel's log is worded once, from each step's values (checker/eternal_gold_and_steel/wording.py):
the engine passes names, numbers and units, the JSON log carries them, and the docs list every sentence.
The case books hold the sentences word for word; the few no built-in card reaches are checked here."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

from cards import load_game
from checker.core.wording import WORDS as COMMON
from checker.core.wording import words
from checker.eternal_gold_and_steel import compile_game, resolve
from checker.eternal_gold_and_steel.rules import Rules
from checker.eternal_gold_and_steel.vocab import STEPS
from checker.eternal_gold_and_steel.wording import CANNOT, WORDS

RULES = Rules(compile_game(load_game("eternal-gold-and-steel")))
PAGE = Path(__file__).resolve().parent.parent / "docs" / "json-log.md"


def _attack(ann: list, bob: list, **action) -> list[dict]:
    state = {"game": "eternal-gold-and-steel", "turn": "Ann",
             "players": [{"name": "Ann", "battle": ann}, {"name": "Bob", "health": 10, "battle": bob}],
             "action": {"kind": "attack", "attackers": [a if isinstance(a, str) else a["card"] for a in ann],
                        "defender": "Bob", **action}}
    return [s.as_dict() for s in resolve(state, RULES).steps]


def test_the_json_log_reference_lists_every_gold_and_steel_sentence():
    section = PAGE.read_text().split("\n#### Gold and Steel\n")[1].split("\n## ")[0]
    listed = {key for row in re.findall(r"^\| (`[^|]+`) \|", section, re.M) for key in re.findall(r"`([a-z_/]+)`", row)}
    own = set(WORDS) - set(COMMON)
    assert own <= listed, sorted(own - listed)
    assert listed <= set(WORDS), sorted(listed - set(WORDS))


def test_an_attack_step_carries_units_and_numbers_not_sentences():
    steps = _attack([{"card": "ember-whelp", "strength": 2}], [])
    target, damage = steps[0], next(s for s in steps if s["kind"] == "damage")
    assert target["values"] == {"who": "Ann", "defender": "Bob",
                                "attackers": [{"name": "Ember Whelp", "strength": 2, "keywords": ["berserk"]}]}
    assert target["text"] == "Ann attacks Bob with Ember Whelp (strength 2, Berserk)"
    assert damage["values"] == {"target": "Bob", "amount": 4, "by": "Ann", "name": "Ember Whelp", "what": "attack damage",
                                "cause": "unblocked", "strength": 2, "berserk": 2, "before": 10, "after": 6}
    assert damage["text"] == ("Bob takes 4 attack damage from Ann's Ember Whelp (unblocked, strength 2, Berserk: 2 "
                              "doubled): health 10 -> 6")


def test_a_unit_of_strength_0_deals_nothing_and_says_so():
    steps = _attack([{"card": "bannerman", "strength": 0}], [])
    nothing = next(s for s in steps if s["kind"] == "nothing")
    assert nothing["values"] == {"cause": "strength", "who": "Ann", "name": "Bannerman"}
    assert nothing["text"] == "Ann's Bannerman has strength 0: it deals no attack damage"


def test_sentences_no_built_in_card_reaches():
    unit = {"name": "Bannerman", "strength": 3, "keywords": ["berserk", "lifesteal"]}
    assert words("ability", {"cause": "strength", "amount": 1, "unit": unit}, WORDS) == \
        "Bannerman gets +1 strength: now Bannerman (strength 3, Berserk, Lifesteal)"
    assert words("nothing", {"cause": "gone", "name": "Icebow", "effect": "deal_attack_damage"}, WORDS) == \
        "Icebow is no longer in the battle area: it cannot deal attack damage"
    assert words("nothing", {"cause": "gone", "name": "Tinker", "effect": "gain_keyword", "keyword": "lifesteal"}, WORDS) == \
        "Tinker is no longer in the battle area: it cannot gain Lifesteal"
    assert words("nothing", {"cause": "left", "name": "Katra, the Devoted"}, WORDS) == \
        "Katra, the Devoted has already left: nothing returns"
    assert words("nothing", {"cause": "blocker", "attacker": "Crimson Firemaw", "who": "Bob", "blocker": "Sentinel"},
                 WORDS) == "Crimson Firemaw has left the battle area: Bob's Sentinel blocks nothing"


def test_every_effect_that_needs_its_unit_says_what_it_could_not_do():
    """`nothing/gone` words what an effect cannot do once its unit has left: one phrase per effect that asks `_it`."""
    needs_unit = {name for name, run in STEPS.items() if "_it(t, tr, e)" in inspect.getsource(run)}
    assert needs_unit == set(CANNOT)
