"""Rulings: H1-H10 verbatim from the design file, the data and RULINGS.md agree, every cited id
exists, every rulebook quote in the log is word for word."""
from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from checker.cli import app
from checker.core.rulings import load_rulings
from checker.el_dorado_canyon import cite

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "tests" / "sources"  # copies of ../shared (see tests/sources/README.md)
RULINGS = load_rulings("el-dorado-canyon")


def _section(markdown: str) -> str:
    start = markdown.index("<!-- section: el-dorado-canyon -->")
    end = markdown.index("<!-- section:", start + 10)
    return markdown[start:end]


def test_house_rulings_are_the_design_files_verbatim():
    design = (SHARED / "design" / "el-dorado-canyon.md").read_text()
    house = {r.id: r for r in RULINGS if r.house}
    assert sorted(house, key=lambda i: int(i[1:])) == [f"H{i}" for i in range(1, 11)]
    for rid, ruling in house.items():
        line = next(line for line in design.splitlines() if line.startswith(f"- **{rid} "))
        title, text = re.match(r"^- \*\*H\d+ ([^*]+)\*\* (.*)$", line).groups()
        if not title.endswith("."):  # "**H2 Targets** are found ...": the title starts the sentence
            text = f"{title} {text}"
        assert ruling.decision == text, rid


def test_rulings_md_matches_the_data():
    section = _section((ROOT / "RULINGS.md").read_text())
    headings = re.findall(r"^### (\S+)", section, flags=re.M)
    assert headings == [r.id for r in RULINGS]
    for ruling in RULINGS:
        for field in (ruling.passage, ruling.question, ruling.decision, ruling.why):
            assert field in section, (ruling.id, field)


def test_every_cited_ruling_exists_and_every_quote_is_in_the_rulebook():
    ids = {r.id for r in RULINGS}
    rulebook = (SHARED / "rulebooks" / "el-dorado-canyon.txt").read_text()
    citations = [v for k, v in vars(cite).items() if k.isupper() and isinstance(v, str)]
    assert len(citations) > 40
    for citation in citations:
        for rid in re.findall(r"\b(H\d+|EDC-\d+)\b", citation):
            assert rid in ids, citation
        for section, quote in re.findall(r'([A-Z][\w &-]+): "(.+?)"(?:;|$)', citation):
            assert section in rulebook and quote in rulebook, (section, quote)


def test_rulings_command_lists_them():
    result = CliRunner().invoke(app, ["rulings", "el-dorado-canyon"])
    assert result.exit_code == 0
    assert "H6 [el-dorado-canyon] (house)" in result.output
    assert "EDC-13 [el-dorado-canyon]" in result.output
    assert "Decision: Targets are found when the card resolves" in result.output
