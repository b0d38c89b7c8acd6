"""Gold and Steel's `checker resolve`: rulings in sync, quotes verbatim, the CLI contract,
and invariants over random tables (hypothesis)."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.core.errors import StateError
from checker.core.rulings import load_rulings
from checker.eternal_gold_and_steel import cite, compile_game, resolve
from checker.eternal_gold_and_steel.rules import Rules
from hostile import run

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "tests" / "sources" / "rulebooks" / "eternal-gold-and-steel.txt"
CASES = ROOT / "tests" / "cases" / "eternal-gold-and-steel"
GAME = "eternal-gold-and-steel"


@pytest.fixture(scope="module")
def rules() -> Rules:
    from cards import load_game

    return Rules(compile_game(load_game(GAME)))


def _flat(text: str) -> str:
    return " ".join(text.split())


# ---- rulings and citations ---------------------------------------------------------------------------------

def test_rulings_hold_g1_to_g8_verbatim_and_p1_to_p3():
    design = _flat((ROOT / "tests" / "sources" / "design" / "eternal-gold-and-steel.md").read_text(encoding="utf-8"))
    found = {r.id: r for r in load_rulings(GAME)}
    for n in range(1, 9):
        ruling = found[f"G{n}"]
        assert ruling.house
        assert f"**G{n}** {ruling.decision}" in design
    assert {"P1", "P2", "P3"} <= set(found) and not found["P1"].house


def test_rulings_md_section_matches_the_data():
    text = (ROOT / "RULINGS.md").read_text(encoding="utf-8")
    section = text.split("<!-- section: eternal-gold-and-steel -->", 1)[1].split("<!-- section:", 1)[0]
    for r in load_rulings(GAME):
        assert f"### {r.id}{' (house)' if r.house else ''}\n" in section, r.id
        for field in ("passage", "question", "decision", "why"):
            assert getattr(r, field) in section, (r.id, field)


def test_every_cited_ruling_exists_and_every_quote_is_in_the_rulebook():
    ids = {r.id for r in load_rulings(GAME)}
    rulebook = _flat(RULEBOOK.read_text(encoding="utf-8"))
    source = "\n".join(p.read_text() for p in (ROOT / "checker" / "eternal_gold_and_steel").glob("*.py"))
    for cited in set(re.findall(r"\b(?:G[1-8]|P[1-3]|GS-R\d+)\b", source)):
        assert cited in ids, cited
    for name, value in vars(cite).items():
        if isinstance(value, str) and name.isupper():
            for quote in re.findall(r'"([^"]+)"', value):
                assert quote in rulebook, (name, quote)


def test_checker_rulings_lists_them():
    result = run("checker", "rulings", GAME)
    assert result.returncode == 0
    assert "G7 [eternal-gold-and-steel] (house)" in result.stdout and "GS-R4 [eternal-gold-and-steel]" in result.stdout


# ---- the command line ----------------------------------------------------------------------------------------

def test_text_output_gives_the_verdict_first_then_cited_steps(tmp_path):
    result = run("checker", "resolve", str(CASES / "market-01-learned-herbalist.toml"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # the headline fell back to the verdict's first line, which is not repeated under it
    assert lines[:4] == ["Verdict: Legal: Ann pays 2 gold and plays Learned Herbalist from their market.",
                         "  Ann: health 20 -> 23, gold 3 -> 1, played Learned Herbalist from the market for 2 gold",
                         "  Bob: no change", "  Turn: Ann."]
    steps = lines[lines.index("Steps:") + 1:]
    assert len(steps) % 2 == 0 and all(line.startswith("     rule: ") for line in steps[1::2])


def test_json_and_out_give_the_same_next_state_which_resolves_again(tmp_path):
    out = tmp_path / "next.toml"
    result = run("checker", "resolve", str(CASES / "weapons-07-end-turn-equipping.toml"), "--json", "--out", str(out))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"format", "headline", "verdict", "log", "state", "game_over"} and data["format"] == 1
    # every step cites its rules; no field is there only to be null (a step of no card has no "card")
    assert all({"text", "rule", "rules"} <= set(step) and None not in step.values() for step in data["log"])
    assert any("card" in step and "player" in step for step in data["log"])
    written = tomllib.loads(out.read_text())
    assert written == {"format": 1, **data["state"]} and "action" not in written
    assert written["turn"] == "Bob"
    follow = tmp_path / "follow.toml"
    follow.write_text(out.read_text() + '\n[action]\nkind = "end_turn"\n')
    again = run("checker", "resolve", str(follow), "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["state"]["turn"] == "Ann"


def test_game_over_json_has_winners_and_scores():
    result = run("checker", "resolve", str(CASES / "g1-01-last-player-standing-wins.toml"), "--json")
    data = json.loads(result.stdout)
    assert data["game_over"] is True and data["winners"] == ["Ann"]
    assert data["scores"] == {"Ann": {"health": 25, "out": False}, "Bob": {"health": 0, "out": True}}


@pytest.mark.parametrize("body, message", [
    ('[[players]]\nname = "Ann"\nhand = ["diplomacy"]\n[[players]]\nname = "Bob"\n[action]\nkind = "play"\n'
     'card = "bannerman"\n', "player 'Ann': action.card: 'bannerman' is not in Ann's hand; the hand: diplomacy"),
    ('[[players]]\nname = "Ann"\ngold = -1\n[[players]]\nname = "Bob"\n[action]\nkind = "end_turn"\n',
     "player 'Ann': gold: expected a whole number from 0 to 999, got -1"),
    ('[[players]]\nname = "Ann"\n[[players]]\nname = "Bob"\n', "action: expected an [action] table with kind = one of"),
    ('[[players]]\nname = "Ann"\nbattle = [{ card = "bannerman", weapons = ["bannerman"] }]\n[[players]]\n'
     'name = "Bob"\n[action]\nkind = "end_turn"\n',
     "player 'Ann': battle[1].weapons[1]: 'bannerman' is a unit: expected a weapon"),
    ('[[players]]\nname = "Ann"\nbattle = ["bannerman"]\n[[players]]\nname = "Bob"\nbattle = ["ember-whelp"]\n'
     '[action]\nkind = "attack"\nattackers = ["bannerman"]\nblocks = { bannerman = "ember-whelp", x = "y" }\n',
     "player 'Bob': action.blocks.x: 'x' is not attacking; attackers: bannerman"),
])
def test_invalid_input_exits_2_naming_player_and_field_and_writes_nothing(tmp_path, body, message):
    state = tmp_path / "state.toml"
    state.write_text(f'game = "{GAME}"\n' + body)
    out = tmp_path / "next.toml"
    result = run("checker", "resolve", str(state), "--out", str(out))
    assert result.returncode == 2
    assert message in result.stderr and str(state) in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert not out.exists()


def test_a_missing_shuffle_asks_for_a_seed(tmp_path):
    state = tmp_path / "state.toml"
    state.write_text(f'game = "{GAME}"\n[[players]]\nname = "Ann"\nhand = ["hourglass-sage"]\ngold = 0\n'
                     'discard = ["diplomacy", "bannerman"]\n[[players]]\nname = "Bob"\n'
                     '[action]\nkind = "play"\ncard = "hourglass-sage"\n')
    result = run("checker", "resolve", str(state))
    assert result.returncode == 2 and "player 'Ann': deck: the deck is empty" in result.stderr
    seeded = [run("checker", "resolve", str(state), "--seed", "3", "--json") for _ in range(2)]
    assert seeded[0].returncode == 0 and seeded[0].stdout == seeded[1].stdout
    hand = json.loads(seeded[0].stdout)["state"]["players"][0]["hand"]
    assert len(hand) == 1 and hand[0] in ("diplomacy", "bannerman")


# ---- invariants over random tables ---------------------------------------------------------------------------

UNITS = ["throne-recruit", "bannerman", "ember-whelp", "marsh-lurker", "tinker-overseer", "katra-the-devoted",
         "xenan-destroyer", "gorgon-swiftblade", "recurring-nightmare", "crimson-firemaw", "obrak-the-feaster",
         "acquisitive-crow", "soulbound-revenant", "temple-warden", "forgeborn", "sentinel"]
WEAPONS = ["icebow", "thiefs-pick", "oathkeepers-hammer", "gilded-sabre", "serpent-fang-dagger", "hunters-longbow"]
PLAYABLE = ["spitfire", "obrak-the-feaster", "umbren-coaxer", "xo-of-the-endless-hoard", "forge-apprentice",
            "sand-warrior", "icebow", "firestorm", "treasure-trove", "katra-the-devoted", "nightveil-assassin"]
MARKET = ["learned-herbalist", "ember-whelp", "oathbound-paladin", "gilded-merchant", "firestorm", "thornback-boar"]


def _unit() -> st.SearchStrategy:
    return st.builds(lambda card, weapons, tokens, kws: {"card": card, "weapons": weapons, "tokens": tokens,
                                                         "keywords": kws},
                     st.sampled_from(UNITS), st.lists(st.sampled_from(WEAPONS), max_size=2),
                     st.lists(st.just(3), max_size=1), st.lists(st.sampled_from(["lifesteal", "berserk"]),
                                                                 max_size=1))


def _player(name: str) -> st.SearchStrategy:
    return st.fixed_dictionaries({
        "name": st.just(name), "health": st.integers(0, 30), "gold": st.integers(0, 12), "power": st.integers(0, 7),
        "hand": st.lists(st.sampled_from(PLAYABLE), max_size=3), "market": st.lists(st.sampled_from(MARKET), max_size=3),
        "deck": st.lists(st.sampled_from(PLAYABLE), max_size=3), "discard": st.lists(st.sampled_from(UNITS[:-1]), max_size=2),
        "battle": st.lists(st.one_of(_unit(), st.sampled_from(WEAPONS)), max_size=4),
        "played": st.lists(st.sampled_from(PLAYABLE + MARKET), max_size=3),
    })


@st.composite
def tables(draw):
    n = draw(st.integers(2, 3))
    players = [draw(_player(name)) for name in ("Ann", "Bob", "Cid")[:n]]
    ann = players[0]
    kind = draw(st.sampled_from(["play", "play_market", "equip", "end_turn", "attack", "use_throne"]))
    action: dict = {"kind": kind}
    pick = lambda items: draw(st.sampled_from(items)) if items else "none"  # noqa: E731
    if kind in ("play", "play_market"):
        action["card"] = pick(ann["hand"] if kind == "play" else ann["market"])
        action["pay"] = draw(st.booleans())
    elif kind == "equip":
        loose = [w for w in ann["battle"] if isinstance(w, str)]
        action.update(weapon=pick(loose or WEAPONS), unit=pick([u["card"] for u in ann["battle"] if isinstance(u, dict)]
                                                                or UNITS))
    elif kind == "attack":
        units = [u["card"] for u in ann["battle"] if isinstance(u, dict)]
        action["attackers"] = draw(st.lists(st.sampled_from(units), min_size=1, max_size=2, unique=True)) if units else ["x"]
        bob_units = [u["card"] for u in players[1]["battle"] if isinstance(u, dict)]
        if bob_units and draw(st.booleans()):
            action["blocks"] = {action["attackers"][0]: bob_units[0]}
        action["defender"] = "Bob"
    if kind in ("play", "play_market", "attack", "use_throne") and draw(st.booleans()):
        action["target"] = "Bob"
    state = {"game": GAME, "turn": "Ann", "throne": draw(st.sampled_from(["hidden", "revealed", "spent"])),
             "market_deck": draw(st.lists(st.sampled_from(MARKET), max_size=3)), "players": players, "action": action}
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(state=tables(), seed=st.integers(0, 5))
def test_invariants_over_random_tables(rules, state, seed):
    try:
        first = resolve(json.loads(json.dumps(state)), rules, seed=seed)
    except StateError as exc:
        assert str(exc)  # a refusal names what is wrong; anything else would be a crash
        return
    again = resolve(json.loads(json.dumps(state)), rules, seed=seed)
    assert first.as_json() == again.as_json(), "same input, same output"
    for p in first.state["players"]:
        assert p["health"] >= 0 and p["gold"] >= 0 and p["power"] >= 0
        for entry in p["battle"]:
            card = rules.cards[entry if isinstance(entry, str) else entry["card"]]
            assert card.type in ("unit", "weapon")
            weapons = [] if isinstance(entry, str) else entry.get("weapons", [])
            assert card.type == "unit" or not weapons, "weapons hang only on units"
            assert all(rules.cards[w].type == "weapon" for w in weapons)
    assert all(step.rule and step.text for step in first.steps)
    if not first.game_over:  # the next state is itself a valid table
        follow = dict(first.state, action={"kind": "end_turn", "equip": []})
        try:
            resolve(follow, rules, seed=seed)
        except StateError as exc:
            assert "must be equipped" in str(exc) or "is out" in str(exc)


def test_use_throne_in_a_game_without_a_throne_card_is_refused():
    """A game whose folder has no throne component compiles with throne = None: a clear refusal, not a crash."""
    from cards import load_game

    data = compile_game(load_game(GAME))
    assert data["throne"] is not None
    data["throne"] = None
    state = {"game": GAME, "turn": "Ann", "throne": "revealed", "players": [{"name": "Ann", "power": 9},
                                                                           {"name": "Bob"}],
             "action": {"kind": "use_throne"}}
    with pytest.raises(StateError) as info:
        resolve(state, data)
    assert str(info.value).split("; legal for")[0] == ("player 'Ann': action.kind: Eternal: Chronicles of the Throne - Gold and Steel has no "
                               "Eternal Throne card: nobody can use it (G7)")
    resolve(state, compile_game(load_game(GAME)))  # the same state with the game's Throne is legal


def test_docs_worked_example_is_the_case_book_file():
    """docs/resolve-gold-and-steel.md's worked example is the case book's state (its output: test_docs_examples)."""
    page = (ROOT / "docs" / "resolve-gold-and-steel.md").read_text(encoding="utf-8")
    body = "\n".join(line for line in (CASES / "readme-example.toml").read_text().splitlines()
                     if not line.startswith("# ")).strip()
    assert f"<!-- check: state state.toml -->\n```toml\n{body}\n```" in page


def test_docs_document_every_field_and_action():
    from checker.eternal_gold_and_steel.state import ACTION_KEYS, PLAYER_KEYS, TOP_KEYS, UNIT_KEYS

    section = (ROOT / "docs" / "resolve-gold-and-steel.md").read_text(encoding="utf-8")
    for key in set(TOP_KEYS + PLAYER_KEYS + UNIT_KEYS) | {k for keys in ACTION_KEYS.values() for k in keys}:
        assert f"`{key}" in section or f"{key} =" in section or f"[[{key}]]" in section or f"[{key}]" in section, key
    for kind in ACTION_KEYS:
        assert f"| `{kind}` |" in section, kind


def test_gold_in_a_game_without_gold_tokens_stops_at_the_most_a_state_holds():
    """A game whose folder has no gold tokens has no pool to run out of (GS-R13): a gain of gold stops at 999,
    as health and power do (GS-R10), so --out reads back."""
    from cards import load_game

    data = compile_game(load_game(GAME))
    data["gold_tokens"] = None
    state = {"game": GAME, "turn": "Ann", "players": [{"name": "Ann", "gold": 998, "hand": ["xo-of-the-endless-hoard"]},
                                                      {"name": "Bob"}],
             "action": {"kind": "play", "card": "xo-of-the-endless-hoard"}}
    result = resolve(state, data)
    assert result.state["players"][0]["gold"] == 999
    assert any("gold stops at 999" in s.text and "GS-R10" in s.rule for s in result.steps), [s.text for s in result.steps]
