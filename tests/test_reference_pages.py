"""docs/reference/ is what `checker effects` and `checker schema` print, and the schema is the reader's."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cards.families import FAMILIES
from checker.commands import app

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "reference"
PAGES = [("effects", "el-dorado-canyon"), ("effects", "eternal-gold-and-steel"),
         ("schema", "el-dorado-canyon"), ("schema", "eternal-gold-and-steel"), ("schema", "eldorado")]


@pytest.mark.parametrize("command,family", PAGES)
def test_reference_page_is_the_command_output(command, family):
    page = REFERENCE / f"{family}-{'effects' if command == 'effects' else 'state'}.md"
    done = CliRunner().invoke(app, [command, family])
    assert done.exit_code == 0, done.output
    assert page.read_text(encoding="utf-8") == done.output, f"regenerate: checker {command} {family} > {page}"


def test_every_family_with_effects_or_an_engine_has_its_pages():
    from cards.vocabulary import effect_classes

    for fam in FAMILIES.values():
        assert (("effects", fam.name) in PAGES) == bool(effect_classes(fam.schema_module())), fam.name
        assert (("schema", fam.name) in PAGES) == (fam.engine is not None), fam.name


def test_effects_page_gives_every_effect_its_parameters_and_wording():
    done = CliRunner().invoke(app, ["effects", "el-dorado-canyon"])
    section = done.output.split("## `buy`\n", 1)[1].split("\n## ", 1)[0]
    assert "| `discount` | whole number 0 to 10 | 0 |" in section
    assert 'Prints: "you may buy 1 town card for 1 :gold: gold less"' in section


def test_schema_lists_exactly_the_keys_the_reader_accepts(tmp_path):
    from checker.el_dorado_canyon.state import PLAY_KEYS

    done = CliRunner().invoke(app, ["schema", "el-dorado-canyon"])
    play = done.output.split("## `players.play`\n", 1)[1].split("## Rule parameters\n", 1)[0]  # game.toml's, after
    assert [line.split("`")[1] for line in play.splitlines() if line.startswith("| `")] == list(PLAY_KEYS)
    state = tmp_path / "turn.toml"
    state.write_text((Path(__file__).parent / "cases" / "el-dorado-canyon" / "51-readme-dispute.toml").read_text()
                     .replace('play = { card = "pistol", direction = "left" }',
                              'play = { card = "pistol", direction = "left", cost = 1 }'))
    refused = CliRunner().invoke(app, ["resolve", str(state)])
    assert refused.exit_code == 2
    assert f"play.cost: unknown field: expected one of {', '.join(PLAY_KEYS)}; legal plays: " in refused.output
