"""Citations quote the passage that states the rule the step applies (issue 13).

Each citation constant is checked three ways: its quote is word for word inside the rulebook
section it names (not merely somewhere in the book); it names the step kinds allowed to cite
it, and every step of every case book cites only constants allowed for its kind; and the
steps the issue found citing the wrong passage now cite the right one.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
import tomllib
from pathlib import Path

import pytest

from checker.core.cite import Rule, uncited
from checker.core.log import KINDS
from checker.core.resolve_cmd import resolve_file
from checker.el_dorado_canyon import cite as edc
from checker.eldorado import cite as eld
from checker.eternal_gold_and_steel import cite as gs
from docs_examples import run

ROOT = Path(__file__).resolve().parent
RULEBOOKS = ROOT / "sources" / "rulebooks"
CASES = ROOT / "cases"
QUOTE = re.compile(r'([A-Z][\w &-]+): "(.+?)"(?:;|$)')


def _constants(module) -> dict[str, Rule]:
    return {k: v for k, v in vars(module).items() if k.isupper() and not k.startswith("_") and isinstance(v, str)}


def _sections(book: str, names: set[str]) -> dict[str, str]:
    """Each cited section's text: from its heading line to the next cited heading."""
    lines = book.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() in names]
    found = {}
    for n, i in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        found.setdefault(lines[i].strip(), " ".join(lines[i + 1:end]))  # an FAQ answer follows its question
    return found


@pytest.mark.parametrize("module, book", [(edc, "el-dorado-canyon"), (eld, "eldorado"),
                                          (gs, "eternal-gold-and-steel")], ids=["edc", "eldorado", "gs"])
def test_every_quote_is_in_the_section_it_names(module, book):
    text = (RULEBOOKS / f"{book}.txt").read_text()
    constants = _constants(module)
    names = {section for value in constants.values() for section, _ in QUOTE.findall(value)}
    sections = _sections(text, names)
    assert names <= set(sections), names - set(sections)
    for name, value in constants.items():
        for section, quote in QUOTE.findall(value):
            assert quote in sections[section], (name, section, quote)


MODULES = {"el-dorado-canyon": edc, "eldorado": eld, "eternal-gold-and-steel": gs}


@pytest.mark.parametrize("module", MODULES.values(), ids=MODULES.keys())
def test_every_citation_constant_names_the_step_kinds_allowed_to_cite_it(module):
    for name, value in _constants(module).items():
        assert isinstance(value, Rule), f"{name} is a plain string: declare it with cite() or ruling() and its kinds"
        assert value.kinds and set(value.kinds) <= set(KINDS), (name, value.kinds)


def _case_results(game: str):
    """Every case state of the game's book resolved as `checker resolve --json` does: its JSON object."""
    for state in sorted((CASES / game).glob("*.toml")):
        if state.name.endswith(".expect.toml"):
            continue
        expect = state.with_name(f"{state.stem}.expect.toml")
        seed = tomllib.loads(expect.read_text()).get("seed") if expect.exists() else None
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = resolve_file(state, True, None, seed)
        if code == 0:
            yield state.stem, json.loads(out.getvalue())


def _case_logs(game: str):
    for case, result in _case_results(game):
        yield case, result["log"]


def _nulls(value, path: str = ""):
    """The paths of a JSON value that hold null (`log[3].values.before`)."""
    if value is None:
        yield path
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from _nulls(inner, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _nulls(inner, f"{path}[{i}]")


@pytest.mark.parametrize("game", MODULES, ids=MODULES.keys())
def test_no_field_of_the_case_books_json_is_null(game):
    """A field that does not apply is left out (docs/json-log.md), in the steps, their values and the verdict."""
    nulls = {case: list(_nulls(result)) for case, result in _case_results(game)}
    assert len(nulls) > 20 and not any(nulls.values()), {case: paths for case, paths in nulls.items() if paths}
    assert list(_nulls({"log": [{"text": "x", "values": {"before": None}}]})) == ["log[0].values.before"]


@pytest.mark.parametrize("game", MODULES, ids=MODULES.keys())
def test_every_step_of_the_case_books_cites_only_constants_allowed_for_its_kind(game):
    constants = _constants(MODULES[game])
    seen: dict[str, set[str]] = {}
    cases = 0
    for case, log in _case_logs(game):
        cases += 1
        for step in log:
            assert step["kind"] in KINDS, (case, step)
            wrong = uncited(step["rule"], step["kind"], constants)
            assert not wrong, f"{case}: a {step['kind']} step cites {sorted(wrong)}: {step['text']}"
            seen.setdefault(step["kind"], set()).add(case)
    assert cases > 20 and {"reveal" if game != "eldorado" else "move", "nothing"} <= set(seen), (cases, sorted(seen))


def test_a_quote_for_another_kind_of_step_is_caught():
    """The check above can fail: a damage step citing the gold quote, or a ruling no damage constant names."""
    constants = _constants(edc)
    assert uncited(edc.GAIN_GOLD, "damage", constants) == set(edc.GAIN_GOLD.split("; "))
    assert uncited(edc.DAMAGE, "damage", constants) == set()
    assert uncited(edc.join(edc.DAMAGE, "EDC-13"), "damage", constants) == {"EDC-13"}


def _steps(tmp_path: Path, state: Path) -> list[dict]:
    """The log of `checker resolve STATE --json`, run as the user runs it."""
    done = run(f"checker resolve {state} --json", tmp_path, tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["log"]


def _rule_of(steps: list[dict], pattern: str) -> list[str]:
    rules = [s["rule"] for s in steps if re.search(pattern, s["text"])]
    assert rules, pattern
    return rules


# (case, step text, the citation it must be, a passage it cited wrongly before)
CASE_STEPS = [
    ("el-dorado-canyon/51-readme-dispute", r"^Cid gains 1 unbanked gold", edc.GO_TO_TOWN_GOLD, "You gain 4 gold"),
    ("el-dorado-canyon/51-readme-dispute", r"^\w+ attacks \w+$", edc.AIM, "Being GONE"),  # nobody is GONE
    ("el-dorado-canyon/15-gone-players-are-skipped", r"^Ann attacks Cid$", edc.TARGET, None),  # past GONE Bob
    ("el-dorado-canyon/15-gone-players-are-skipped", r"^Dan attacks Cid$", edc.AIM, "Being GONE"),
    ("el-dorado-canyon/03-take-cover-ammo-pays-gold", r"gains \d+ ammo", edc.TAKE_COVER_AMMO, "starts with 5 health"),
    ("el-dorado-canyon/04-secret-hideout-heals-and-hides", r"sets health", edc.HIDEOUT, "starts with 5 health"),
    ("el-dorado-canyon/51-readme-dispute", r"^Ann loses 1 ammo", edc.AMMO, None),  # the Pistol's own words
    ("el-dorado-canyon/33-shotgun-two-players", r"^Ann loses 2 ammo", edc.CARD_AMMO, "lose 1 ammo"),
    ("el-dorado-canyon/30-steal-takes-unbanked-only", r"^Ann steals", edc.STEAL, "Only banked gold counts"),
    ("eternal-gold-and-steel/double-01-sand-warrior", r"^Sand Warrior goes to Ann's battle area$", gs.UNIT_PLAYED,
     "Reveal the card from your market"),
]


@pytest.mark.parametrize("case, step, citation, wrong", CASE_STEPS, ids=[f"{c}:{s}" for c, s, _, _ in CASE_STEPS])
def test_case_steps_cite_the_rule_they_apply(case, step, citation, wrong, tmp_path):
    rules = _rule_of(_steps(tmp_path, CASES / f"{case}.toml"), step)
    assert set(rules) == {citation}
    assert wrong is None or wrong not in citation


def test_advanced_mining_keeps_its_faq_answer(tmp_path):
    state = tmp_path / "mining.toml"
    state.write_text('game = "el-dorado-canyon"\nfirst_player = "Ann"\n'
                     '[[players]]\nname = "Ann"\ncharacter = "doc-holloway"\nhand = ["advanced-mining"]\n'
                     'play = { card = "advanced-mining", option = 1 }\n'
                     '[[players]]\nname = "Bob"\ncharacter = "black-bart"\nplay = { card = "take-cover", option = 1 }\n')
    for rule in _rule_of(_steps(tmp_path, state), r"^Ann gains 4 unbanked gold"):
        assert rule == edc.ADVANCED_MINING


def test_a_unit_played_from_the_market_quotes_the_markets_passage(tmp_path):
    state = tmp_path / "market.toml"
    state.write_text('game = "eternal-gold-and-steel"\n[[players]]\nname = "Ann"\ngold = 3\n'
                     'market = ["learned-herbalist"]\n[[players]]\nname = "Bob"\n'
                     '[action]\nkind = "play_market"\ncard = "learned-herbalist"\n')
    steps = _steps(tmp_path, state)
    assert _rule_of(steps, r"^Learned Herbalist goes to Ann's battle area$") == [gs.join(gs.TO_BATTLE, "GS-R1")]


def test_a_wiped_out_guard_does_not_say_its_owner_leaves_the_game(tmp_path):
    source = (CASES / "eldorado" / "34-takeover.toml").read_text()
    state = tmp_path / "takeover.toml"
    state.write_text(source.replace("dice = [3, 3]", "dice = [5, 1]"))  # 12 against 6: the guard of 2 owes 6
    steps = _steps(tmp_path, state)
    rules = _rule_of(steps, r"^Bob's guard cannot pay the last 4 points: every man of it has fallen$")
    assert rules == [eld.GUARD_FALLS]
    assert all("this player leaves the game" not in s["rule"] for s in steps)
