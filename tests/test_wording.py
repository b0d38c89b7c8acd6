"""The log and verdict read as English (issue 13's "Wording" list): each phrase it found is fixed."""
from __future__ import annotations

import json
from pathlib import Path

from checker.core.log import KINDS, Log
from checker.core.verdict import Event, change_lines
from checker.core.wording import WORDS, amount, plural, words
from checker.el_dorado_canyon.wording import WORDS as EDC
from checker.eldorado.wording import WORDS as ELDORADO
from checker.eternal_gold_and_steel.wording import WORDS as GOLD_AND_STEEL
from docs_examples import run

CASES = Path(__file__).resolve().parent / "cases"


def _resolve(state: Path, tmp_path: Path, code: int = 0):
    """`checker resolve STATE --json`, run as the user runs it: the JSON, or the error of a refused state."""
    done = run(f"checker resolve {state} --json", tmp_path, tmp_path / "cache")
    assert done.returncode == code, done.stderr
    return json.loads(done.stdout) if code == 0 else done.stderr.strip()


def _texts(result: dict) -> list[str]:
    return [s["text"] for s in result["log"]]


def test_plural():
    assert [plural(1, "barrel"), plural(2, "barrel"), plural(0, "cannon")] == ["1 barrel", "2 barrels", "0 cannons"]
    assert plural(2, "treasure pile") == "2 treasure piles"


def test_the_common_steps_are_worded_once_from_their_values():
    assert [amount(1, "soldier"), amount(2, "soldier"), amount(2, "infamy"), amount(3, "unbanked gold")] == [
        "1 soldier", "2 soldiers", "2 infamy", "3 unbanked gold"]
    assert words("gain", {"who": "Ann", "amount": 1, "what": "infamy", "before": 4, "after": 5}) == \
        "Ann gains 1 infamy (4 -> 5)"
    # a detail in brackets takes the track inside them; a verb of the rulebook's own replaces "loses"
    assert words("loss", {"who": "Ann", "verb": "discards", "amount": 2, "what": "infamy", "before": 5, "after": 3,
                          "detail": " (Take Cover)"}) == "Ann discards 2 infamy (Take Cover; 5 -> 3)"
    assert words("pay", {"who": "Bob", "amount": 1, "what": "barrel", "detail": " (2 points each) to Ann"}) == \
        "Bob pays 1 barrel (2 points each) to Ann"
    assert words("damage", {"target": "Bob", "amount": 7, "what": "attack damage", "detail": " from Ann's Firemaw",
                            "before": 24, "after": 17}) == "Bob takes 7 attack damage from Ann's Firemaw: health 24 -> 17"
    assert words("block", {"target": "Bob", "amount": 2, "by": "cover and armor"}) == \
        "Bob takes no damage: cover and armor block the attack's 2 damage"
    for table in (WORDS, EDC, ELDORADO, GOLD_AND_STEEL):
        assert {key.split("/")[0] for key in table} <= set(KINDS)
    # a `cause` picks its kind's own sentence; a cause of no sentence of its own keeps the kind's
    assert words("loss", {"who": "Ann", "cause": "hunger", "short": 1, "amount": 1, "what": "soldier"}, ELDORADO) == \
        "Ann is 1 barrel short: 1 soldier dies of hunger"
    assert words("loss", {"who": "Ann", "cause": "hunger", "short": 2, "amount": 0, "what": "soldier"}, ELDORADO) == \
        "Ann is 2 barrels short: 0 soldiers die of hunger"
    assert words("loss", {"who": "Ann", "cause": "food", "people": 11, "need": 1, "amount": 1, "what": "barrel",
                          "before": 1, "after": 0}, ELDORADO) == "Ann feeds 11 aboard: 1 barrel for this move, 1 eaten, 0 left"
    assert words("loss", {"who": "Ann", "cause": "monsters", "waters": "the Deep", "soldiers": 0, "barrels": 1}, ELDORADO) == \
        "Ann is attacked by the monsters of the Deep: loses 0 soldiers and 1 barrel"
    assert words("pay", {"who": "Ann", "cause": "ability", "paid": {"gold": 1, "power": 2},
                         "left": {"gold": 0, "power": 3}}, GOLD_AND_STEEL) == "Ann pays 1 gold and 2 power, once (gold 0, power 3 left)"
    assert words("gain", {"who": "Ann", "cause": "hunger", "amount": 2, "what": "gold"}, ELDORADO) == "Ann gains 2 gold"
    log = Log()
    log.add(None, "Rule", "Ann", kind="gain", who="Ann", amount=2, what="gold")
    assert log.steps[0].as_dict()["text"] == "Ann gains 2 gold"
    assert log.steps[0].as_dict()["values"] == {"who": "Ann", "amount": 2, "what": "gold"}


def test_verdict_events_have_one_shape_for_every_engine():
    class P:
        def __init__(self, name, health):
            self.name, self.health = name, health

    ann, bob = P("Ann", 3), P("Bob", 5)
    events = [Event("Ann", "bought Rifle for 4 gold"), Event(None, "combat Ann - Bob: a tie, no losses")]
    assert change_lines([ann, bob], {"Ann": {"health": 5}, "Bob": {"health": 5}}, events) == [
        "combat Ann - Bob: a tie, no losses", "Ann: health 5 -> 3, bought Rifle for 4 gold", "Bob: no change"]


def test_the_json_log_reference_lists_every_step_kind():
    page = (Path(__file__).resolve().parent.parent / "docs" / "json-log.md").read_text()
    for kind, meaning in KINDS.items():
        assert f"| `{kind}` | {meaning} |" in page, kind
    for sentence in WORDS:  # and the values of each sentence rendered from them
        assert f"| `{sentence}` |" in page or f"`{sentence}`" in page.split("| `damage` | `target`")[1], sentence


def test_each_familys_own_sentences_are_listed_in_its_section_of_the_json_log_reference():
    page = (Path(__file__).resolve().parent.parent / "docs" / "json-log.md").read_text()
    for title, table in (("El Dorado Canyon", EDC), ("Eldorado", ELDORADO)):
        section = page.split(f"#### {title}\n")[1].split("\n#")[0]
        for key in table.keys() - WORDS.keys():
            assert f"| `{key}` |" in section, (title, key)


def test_edc_and_eldorado_steps_no_case_reaches_read_as_they_did():
    """Sentences the case books do not reach, from the values the engines give them."""
    said = {
        ("nothing", "gone"): ({"who": "Ann", "name": "Pistol"}, "Pistol does nothing: Ann is GONE"),
        ("nothing", "rosie"): ({"who": "Ann"}, "Ann finds no card to pass"),
        ("nothing", "reach"): ({"who": "Ann"}, "Ann has no one to attack: the character is out of reach"),
        ("nothing", "steal"): ({"who": "Ann"}, "Ann has no one else to steal from: nothing moves"),
        ("nothing", "passed"): ({"who": "Cid", "effect": "refresh_row"},
                                "Cid makes no choice on a passed card: the town row is not replaced"),
        ("damage", "strike"): ({"target": "Cid", "amount": 1, "attack": 2, "extra": 1, "blocked": 2, "before": 5,
                                "after": 4}, "Cid takes 1 damage (2 + 1 - 2 blocked): health 5 -> 4"),
        ("gain", "attacked"): ({"who": "Cid", "amount": 3, "what": "unbanked gold", "attackers": ["Ann", "Bob"],
                                "if_attacked": 3, "if_not": 1, "before": 0, "after": 3},
                               "Cid gains 3 unbanked gold (attacked by Ann, Bob: 3 instead of 1; 0 -> 3)"),
        ("first", None): ({"who": "Bob", "name": "Pistol", "passed": "Ann", "level": "III", "like": "Cid",
                           "marker": "Dee"}, "Bob resolves Pistol (passed from Ann) first: priority III like Cid's "
                                             "card, and Bob sits first clockwise from the first player, Dee"),
        ("score", "tie"): ({"score": 4, "health": 3, "winners": ["Ann", "Bob"]},
                           "tie on 4: current health decides; still tied on health 3: Ann and Bob share the win"),
    }
    for (kind, cause), (values, text) in said.items():
        assert words(kind, {**values, "cause": cause}, EDC) == text
    said = {
        ("move", "ship"): ({"who": "Ann", "owner": "Bob", "at": "Q13"}, "Ann reaches the ship of Bob at Q13"),
        ("move", "river_end"): ({"who": "Ann", "way": "upstream", "river": "Amazon"},
                                "Ann stops at the source of the Amazon"),
        ("move", "coast"): ({"who": "Ann", "at": "B2", "marks": [], "terrain": "jungle"},
                            "Ann meets the coast at B2 (jungle) and moors there"),
        ("pay", "combat"): ({"who": "Bob", "amount": 2, "what": "cannon", "points": 3},
                            "Bob pays 2 cannons (3 points each) overboard: the winner has no ship for them"),
        ("loss", "combat"): ({"who": "Bob", "amount": 1, "what": "soldier", "crew": "guard", "captive": True,
                              "before": 3, "after": 1}, "Bob loses 1 soldier (guard; 1 more is taken prisoner; 3 -> 1)"),
        ("roll", None): ({"who": "Ann", "value": 5, "die": "wind", "seed": 7},
                         "Ann rolls 5 for the wind (not in the state: rolled with --seed 7)"),
        ("nothing", "home"): ({"who": "Ann", "port": "Vigo", "missing": ["soldiers", "treasure"]},
                              "Ann moors at Vigo, but this is no homecoming yet: has no soldier besides the leader to "
                              "control the ship; brings no treasure pile"),
    }
    for (kind, cause), (values, text) in said.items():
        assert words(kind, {**values, "cause": cause} if cause else values, ELDORADO) == text


def test_eldorado_pays_one_barrel_not_one_barrels(tmp_path):
    texts = _resolve(CASES / "eldorado" / "27-combat-at-sea.toml", tmp_path)
    assert "Bob pays 1 barrel (2 points each) to Ann" in _texts(texts)
    assert not [t for t in _texts(texts) if "1 barrels" in t or "point(s) each" in t]


def test_eldorado_guard_is_possessive_without_a_space(tmp_path):
    state = tmp_path / "takeover.toml"
    state.write_text((CASES / "eldorado" / "34-takeover.toml").read_text().replace("dice = [3, 3]", "dice = [5, 1]"))
    texts = _texts(_resolve(state, tmp_path))
    assert "Bob's guard cannot pay the last 4 points: every man of it has fallen" in texts
    assert not [t for t in texts if " 's " in t]


def test_edc_fully_blocked_attack_names_who_takes_no_damage(tmp_path):
    texts = _texts(_resolve(CASES / "el-dorado-canyon" / "64-take-cover-two-attackers.toml", tmp_path))
    assert "Bob takes no damage: cover blocks the attack's 1 damage" in texts
    assert not [t for t in texts if "blocks all 1" in t]


def test_edc_steal_shows_the_victims_gold(tmp_path):
    state = tmp_path / "steal.toml"
    source = (CASES / "el-dorado-canyon" / "30-steal-takes-unbanked-only.toml").read_text()
    state.write_text(source.replace('game = "../../games/edc-test"', f'game = "{CASES.parent / "games" / "edc-test"}"')
                     .replace("unbanked = 1", "unbanked = 3"))
    texts = _texts(_resolve(state, tmp_path))
    assert "Ann steals 2 unbanked gold from Bob (unbanked 3 -> 1; banked gold is safe)" in texts
    short = _texts(_resolve(CASES / "el-dorado-canyon" / "30-steal-takes-unbanked-only.toml", tmp_path))
    assert ("Ann steals 1 unbanked gold from Bob, all Bob had of the 2 the card takes (unbanked 1 -> 0; "
            "banked gold is safe)") in short


def test_gs_fully_blocked_attack_headline(tmp_path):
    state = tmp_path / "blocked.toml"
    state.write_text('game = "eternal-gold-and-steel"\n'
                     '[[players]]\nname = "Ann"\nbattle = ["bannerman"]\n'
                     '[[players]]\nname = "Bob"\nbattle = ["crimson-firemaw"]\n'
                     '[action]\nkind = "attack"\nattackers = ["bannerman"]\nblocks = { bannerman = "crimson-firemaw" }\n')
    verdict = _resolve(state, tmp_path)["verdict"]
    assert verdict[0] == "Legal: Ann attacks Bob; Bob takes no damage (health stays 25)."


def test_missing_game_says_what_to_add(tmp_path):
    state = tmp_path / "state.toml"
    state.write_text('[[players]]\nname = "Ann"\n')
    err = _resolve(state, tmp_path, code=2)
    assert err == (f'{state}: game: missing: add game = "el-dorado-canyon" (a built-in game id: `checker validate` '
                   'lists them) or the folder of your definitions, relative to this file')


def test_a_missing_choice_is_got_nothing_not_none(tmp_path):
    state = tmp_path / "state.toml"
    state.write_text('game = "el-dorado-canyon"\nfirst_player = "Ann"\n'
                     '[[players]]\nname = "Ann"\ncharacter = "doc-holloway"\nplay = { card = "pistol" }\n'
                     '[[players]]\nname = "Bob"\ncharacter = "black-bart"\nplay = { card = "take-cover", option = 1 }\n')
    err = _resolve(state, tmp_path, code=2)
    assert err.endswith("play.direction: expected 'left' or 'right': 'pistol' has an arrow the player turns, "
                        "got nothing; legal plays: take-cover option 1|2; secret-hideout option 1|2; pistol left|right; "
                        "go-to-town option 1|2")
