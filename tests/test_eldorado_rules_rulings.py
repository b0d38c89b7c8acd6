"""Eldorado's rulings: data and RULINGS.md agree, house rulings are the design's, quotes are the rulebook's."""
from __future__ import annotations

import re
from pathlib import Path

from checker.core.rulings import load_rulings
from checker.eldorado import cite

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "tests" / "sources" / "rulebooks" / "eldorado.txt"
DESIGN = ROOT / "tests" / "sources" / "design" / "eldorado.md"


def render(rulings) -> str:
    """The RULINGS.md section, from checker/rulings/eldorado.toml."""
    lines = ["## Eldorado", "",
             "Source: `checker/rulings/eldorado.toml` (E1-E6 are the house rulings of the design file, verbatim).", ""]
    for r in rulings:
        lines += [f"### {r.id}{' (house)' if r.house else ''}", f"- **Passage:** {r.passage}",
                  f"- **Question:** {r.question}", f"- **Decision:** {r.decision}", f"- **Why:** {r.why}", ""]
    return "\n".join(lines)


def section(text: str, name: str) -> str:
    start = text.index(f"<!-- section: {name} -->")
    end = text.find("<!-- section:", start + 1)
    return text[start:end if end >= 0 else None].split("\n", 1)[1].strip()


def test_rulings_md_matches_the_data():
    assert section((ROOT / "RULINGS.md").read_text(), "eldorado") == render(load_rulings("eldorado")).strip()


def test_house_rulings_are_the_design_verbatim():
    design = DESIGN.read_text()
    house = [r for r in load_rulings("eldorado") if r.house]
    assert [r.id for r in house] == ["E1", "E2", "E3", "E4", "E5", "E6"]
    for r in house:
        line = next(l for l in design.splitlines() if l.startswith(f"- **{r.id} "))
        words = line[2:].replace("**", "").replace("`", "").split(" ", 1)[1]
        assert r.decision.replace("`", "") == words, r.id


def test_every_cited_ruling_exists_and_every_quote_is_in_the_rulebook():
    ids = {r.id for r in load_rulings("eldorado")}
    rulebook = " ".join(RULEBOOK.read_text().split())
    for name, text in vars(cite).items():
        if name.isupper() and isinstance(text, str) and name not in ("START", "MOVE", "COMBAT"):
            for quote in re.findall(r'"(.*?)"', text):
                assert quote in rulebook, (name, quote)
            for ruling in re.findall(r"\b(E\d|ELD-\d+)\b", text):
                assert ruling in ids, (name, ruling)
    for r in load_rulings("eldorado"):
        for quote in re.findall(r'"(.*?)"', r.passage):
            assert quote.replace('\\"', '"') in rulebook or quote in rulebook, (r.id, quote)
