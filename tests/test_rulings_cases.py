"""Every ruling has a case: a case-book entry that asserts what the ruling decides, quoting the decision it asserts.

A ruling (checker/rulings/FAMILY.toml, RULINGS.md) decides what the rulebook leaves open; its case
(tests/cases/FAMILY/NAME.expect.toml) is the state where the decision shows and the outcome that
follows from it. The case names the ruling in `section`, quotes the decision word for word under
`[rulings]`, and, where the engine's steps cite the ruling, asserts a step citing it (`cites`). A
decision edited since its case was written then fails here, naming the ruling and its case, until the
case's outcome is made to follow the new decision and its quote updated: a changed decision can no
longer leave the case book asserting the old one. Families come from the registry: a new family's
rulings are held to this by its registry entry alone.
"""
from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest

from cards.families import FAMILIES
from checker.core.cite import Rule
from checker.core.rulings import Ruling, load_rulings

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
RULED = [fam.name for fam in FAMILIES.values() if load_rulings(fam.name)]


def case_book(family: str) -> dict[str, dict]:
    """Each case of the family's book by name: its expectations."""
    return {path.name[: -len(".expect.toml")]: tomllib.loads(path.read_text(encoding="utf-8"))
            for path in sorted((CASES / family).glob("*.expect.toml"))}


def engine_cited(family: str) -> set[str]:
    """The ruling ids some citation of the family's engine names (a step may cite them)."""
    engine = FAMILIES[family].engine
    if engine is None:
        return set()
    cite = importlib.import_module(f"{engine}.cite")
    return {part for value in vars(cite).values() if isinstance(value, Rule) for part in value.split("; ")}


def problems(rulings: list[Ruling], book: dict[str, dict], cited: set[str]) -> list[str]:
    """What the case book lacks or contradicts, one line per ruling and case."""
    decided = {r.id: r.decision for r in rulings}
    out = []
    for name, expect in book.items():
        for rid, quoted in expect.get("rulings", {}).items():
            if rid not in decided:
                out.append(f"{name}: quotes {rid}, which is no ruling of this family")
            elif quoted != decided[rid]:
                out.append(f"{rid}: its decision is not the one case {name} asserts; the ruling decides "
                           f"{decided[rid]!r}, the case was written for {quoted!r}: make the case's outcome follow "
                           "the decision, then quote it")
            elif rid not in expect["section"]:
                out.append(f"{name}: quotes {rid} but does not name it in section")
            elif rid in cited and "error" not in expect and rid not in expect.get("cites", []):
                out.append(f"{name}: quotes {rid}, which the engine's steps cite, but asserts no step citing it (cites)")
    for ruling in rulings:
        if not any(ruling.id in expect.get("rulings", {}) for expect in book.values()):
            out.append(f"{ruling.id}: no case asserts it: write one (a state file and its .expect.toml naming "
                       f"{ruling.id} in section and quoting its decision under [rulings])")
    return out


@pytest.mark.parametrize("family", RULED)
def test_every_ruling_has_a_case_that_asserts_its_decision(family):
    found = problems(load_rulings(family), case_book(family), engine_cited(family))
    assert not found, "\n".join(found)


def test_every_ruling_in_rulings_md_is_one_of_the_data():
    """RULINGS.md's headings are the rulings `checker rulings` loads, family by family."""
    text = (ROOT / "RULINGS.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"<!-- section: (\S+) -->(.*?)(?=<!-- section:|\Z)", text, flags=re.S))
    assert sorted(sections) == sorted(RULED)
    for family, section in sections.items():
        assert re.findall(r"^### (\S+)", section, flags=re.M) == [r.id for r in load_rulings(family)], family


def test_a_decision_changed_without_its_case_fails_naming_the_ruling_and_the_case():
    """The issue's example: EDC-16 decided the other way while its case still asserts the old decision."""
    rulings = [r if r.id != "EDC-16" else r.model_copy(update={"decision": "Yes: the marker skips a GONE player."})
               for r in load_rulings("el-dorado-canyon")]
    found = problems(rulings, case_book("el-dorado-canyon"), engine_cited("el-dorado-canyon"))
    assert [line.split(";")[0] for line in found] == [
        "EDC-16: its decision is not the one case 79-marker-passes-to-a-gone-neighbour asserts",
        "EDC-16: its decision is not the one case 80-turn-starts-at-a-gone-first-player asserts"]
    assert "the ruling decides 'Yes: the marker skips a GONE player.'" in found[0]


def test_a_ruling_no_case_asserts_fails_naming_it():
    book = {name: {**expect, "rulings": {k: v for k, v in expect.get("rulings", {}).items() if k != "ELD-17"}}
            for name, expect in case_book("eldorado").items()}
    assert problems(load_rulings("eldorado"), book, engine_cited("eldorado")) == [
        "ELD-17: no case asserts it: write one (a state file and its .expect.toml naming ELD-17 in section and "
        "quoting its decision under [rulings])"]
