"""Gold and Steel's legal actions: every listed action resolves, every other action of an enumerated
superset (every card of the game, every unit and weapon, every player, every choice) is refused with
exit 2 or is a listed action with choices nothing asked for (the same next state); a refusal lists them.
Also: every effect, lasting effect, condition and action kind has its engine home."""
from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import load_game
from cards.models.eternal_gold_and_steel.abilities import AnyCondition
from cards.models.eternal_gold_and_steel.effects import VOCABULARY
from checker.core.errors import StateError
from checker.core.resolve_cmd import resolve_file
from checker.eternal_gold_and_steel import compile_game, legal_actions, resolve
from checker.eternal_gold_and_steel.kinds import RUN
from checker.eternal_gold_and_steel.refs import ref_of
from checker.eternal_gold_and_steel.rules import Rules
from checker.eternal_gold_and_steel.state import ACTION_KEYS, read_board
from checker.eternal_gold_and_steel.vocab import CONDITIONS, LENDS, STEPS

ROOT = Path(__file__).resolve().parent.parent
GAME = "eternal-gold-and-steel"
RULES = Rules(compile_game(load_game(GAME)))
DECK = sorted(cid for cid, c in RULES.cards.items() if not c.token)
UNITS = ["throne-recruit", "bannerman", "ember-whelp", "tinker-overseer", "katra-the-devoted", "gorgon-swiftblade",
         "recurring-nightmare", "crimson-firemaw", "obrak-the-feaster", "forgeborn", "sentinel"]
WEAPONS = ["icebow", "thiefs-pick", "oathkeepers-hammer", "serpent-fang-dagger"]
HAND = ["spitfire", "obrak-the-feaster", "umbren-coaxer", "forge-apprentice", "icebow", "firestorm", "treasure-trove",
        "nightveil-assassin", "diplomacy"]
MARKET = ["learned-herbalist", "ember-whelp", "gilded-merchant", "firestorm", "thornback-boar"]


def test_every_effect_condition_and_action_kind_has_its_engine_home():
    assert set(STEPS) == set(VOCABULARY)
    assert set(LENDS) == {name for name, cls in VOCABULARY.items() if cls.LASTING}
    conditions = {c.model_fields["condition"].annotation.__args__[0] for c in AnyCondition.__origin__.__args__}
    assert set(CONDITIONS) == conditions
    assert set(RUN) == set(ACTION_KEYS)


def _player(name: str) -> st.SearchStrategy:
    unit = st.builds(lambda card, weapons: {"card": card, "weapons": weapons} if weapons else card,
                     st.sampled_from(UNITS), st.lists(st.sampled_from(WEAPONS), max_size=1))
    return st.fixed_dictionaries({
        "name": st.just(name), "health": st.integers(1, 12), "gold": st.integers(0, 8), "power": st.integers(0, 6),
        "hand": st.lists(st.sampled_from(HAND), max_size=3), "market": st.lists(st.sampled_from(MARKET), max_size=2),
        "deck": st.lists(st.sampled_from(HAND), max_size=2), "discard": st.lists(st.sampled_from(UNITS[:-1]), max_size=2),
        "battle": st.lists(st.one_of(unit, st.sampled_from(WEAPONS)), max_size=3),
        "played": st.lists(st.sampled_from(HAND), max_size=2),
    })


@st.composite
def boards(draw):
    names = ("Ann", "Bob", "Cid")[:draw(st.integers(2, 3))]
    board = {"game": GAME, "turn": "Ann", "throne": draw(st.sampled_from(["hidden", "revealed", "spent"])),
             "market_deck": draw(st.lists(st.sampled_from(MARKET), max_size=3)),
             "players": [draw(_player(n)) for n in names]}
    gold = RULES.gold_tokens or 0  # no more gold than the pool's tokens (GS-R13)
    for p in board["players"]:
        p["gold"] = min(p["gold"], gold)
        gold -= p["gold"]
    return board


def superset(board: dict) -> list[dict]:
    """Every action kind over every card, unit, weapon and player, with every single choice."""
    t = read_board(board, RULES)
    ann = t.players[0]
    names = [p.name for p in t.players]
    units = [ref_of(u, ann) for p in t.players for u in p.units]
    loose = [ref_of(w, ann) for p in t.players for w in p.loose_weapons]
    choices = [{}] + [{"pay": v} for v in (True, False)] + [{"destroy": [u]} for u in units] + [
        {"target": n} for n in names[1:]]
    out: list[dict] = []
    for kind, zone in (("play", ann.hand), ("play_market", ann.market)):
        held = {c.id for c in zone}
        out += [{"kind": kind, "card": cid, **c} for cid in DECK for c in (choices if cid in held else [{}])]
    out += [{"kind": "use_throne", **c} for c in choices]
    out += [{"kind": "equip", "weapon": w, "unit": u} for w in loose + WEAPONS[:1] for u in units]
    mine = [ref_of(u, ann) for u in ann.units]
    for size in range(1, len(mine) + 1):
        out += [{"kind": "attack", "attackers": list(g), "defender": d} for g in combinations(mine, size) for d in names]
    out += [{"kind": "attack", "attackers": [u], "defender": "Bob"} for u in units if u not in mine]
    mine_loose = [ref_of(w, ann) for w in ann.loose_weapons]
    out.append({"kind": "end_turn"})
    out += [{"kind": "end_turn", "equip": [{"weapon": w, "unit": u} for w in mine_loose]} for u in mine if mine_loose]
    return [{**a, "player": "Ann"} for a in out]


def _settle(board: dict, action: dict):
    try:
        return resolve({**board, "action": action}, RULES, seed=0)
    except StateError:
        return None


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(board=boards())
def test_legal_actions_resolve_and_every_other_action_is_refused(board):
    legal = legal_actions(board, "Ann", RULES)
    nexts = {}
    for action in legal:
        result = _settle(board, action)
        assert result is not None, f"listed but refused: {action}"
        assert not [n for n in result.notes if "action.order" not in n], (action, result.notes)
        nexts[json.dumps(result.state, sort_keys=True)] = action
    listed = {_key(a) for a in legal}
    for action in superset(board):
        result = _settle(board, action)
        if _key(action) in listed:
            continue
        if result is not None:  # accepted: a listed action with a choice nothing asked for (a note says so)
            assert json.dumps(result.state, sort_keys=True) in nexts, f"resolves but not listed: {action}"
    assert all(a["player"] == "Ann" for a in legal)
    assert legal_actions(board, "Bob", RULES) == [], "only the player whose turn it is acts"


def _write(path: Path, board: dict, action: dict) -> Path:
    path.write_text(tomli_w.dumps({**board, "action": action}))
    return path


BOARD = {"game": GAME, "turn": "Ann", "throne": "revealed", "market_deck": ["ember-whelp"], "players": [
    {"name": "Ann", "power": 5, "gold": 0, "hand": ["obrak-the-feaster", "umbren-coaxer"], "market": ["ember-whelp"],
     "battle": ["throne-recruit", "bannerman", "icebow"]},
    {"name": "Bob", "battle": ["sentinel"]}]}


def test_a_refusal_lists_the_legal_actions_and_resolve_file_agrees(tmp_path, capsys):
    legal = legal_actions(BOARD, "Ann", RULES)
    kinds = {a["kind"] for a in legal}
    assert {"play", "equip", "use_throne", "attack", "end_turn"} <= kinds and "play_market" not in kinds  # no gold
    assert {"kind": "play", "player": "Ann", "card": "obrak-the-feaster", "destroy": ["bannerman"]} in legal
    assert all(a.get("equip") for a in legal if a["kind"] == "end_turn"), "G4: the icebow must be equipped"
    state = _write(tmp_path / "s.toml", BOARD, {"kind": "play_market", "card": "ember-whelp"})
    assert resolve_file(state, False, None, 0) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    error, legal_now = err[0].split("; legal for Ann now: ")
    assert error.endswith("Ember Whelp costs 1 gold and Ann has 0 (Markets; G3); affordable now: none")
    assert legal_now.startswith("play obrak-the-feaster (destroy throne-recruit), ")
    assert "; use_throne; attack Bob with throne-recruit, " in legal_now
    assert legal_now.endswith("; end_turn icebow to throne-recruit, icebow to bannerman")
    for action in legal[:3]:
        assert resolve_file(_write(tmp_path / "s.toml", BOARD, action), True, None, 0) == 0
    capsys.readouterr()
    docs = (ROOT / "docs" / "engines.md").read_text()
    assert "\n".join(err).replace(str(state), "state.toml") in docs, "docs/engines.md shows the real refusal"


@pytest.mark.parametrize("action, code", [
    ({"kind": "play", "card": "obrak-the-feaster", "destroy": "bannerman"}, 0),
    ({"kind": "play", "card": "obrak-the-feaster"}, 2),
    ({"kind": "end_turn"}, 2),
])
def test_real_cli_runs_agree(tmp_path, action, code):
    state = _write(tmp_path / "s.toml", BOARD, action)
    code_line = "import sys; sys.argv[0] = 'checker'; from checker.cli import main; main()"
    run = subprocess.run([sys.executable, "-c", code_line, "resolve", str(state), "--seed", "0"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == code, run.stderr
    wanted = {**action, "player": "Ann"}
    if isinstance(wanted.get("destroy"), str):
        wanted["destroy"] = [wanted["destroy"]]
    assert (wanted in legal_actions(BOARD, "Ann", RULES)) == (code == 0)
    if code:
        assert "; legal for Ann now: play obrak-the-feaster (destroy " in run.stderr.splitlines()[0]
