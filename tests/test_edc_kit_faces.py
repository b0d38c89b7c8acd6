"""El Dorado Canyon faces: every definition renders, and what a player must read is there.

Each face is drawn through the template contract onto its own page, then read back
from the PDF: the rules texts must equal the effects' texts (icons dropped), and
every starting and town card must show its priority, type, arrow and cost, on both
ends when it is two-ended (the bottom end is upside down: rotated text).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pypdf
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.effects import strip_icons
from cards.models.el_dorado_canyon import BACKS as MODEL_BACKS, ICONS as MODEL_ICONS, RECORDS
from generator.templates import el_dorado_canyon as template
from generator.templates.el_dorado_canyon.action import ARROWS, ends
from generator.templates.el_dorado_canyon.flow import TextDoesNotFit


@dataclass(frozen=True)
class Box:
    w: float
    h: float
    bleed: float


@dataclass(frozen=True)
class Style:
    ink_saver: bool = False


def render(game, path, style=Style()):
    """Every record's front and back on a page of its own; returns (component, id, side) per page."""
    c = Canvas(str(path), invariant=1)
    pages = []
    for comp in game.components:
        w, h = comp.spec.size_mm
        box = Box(w * mm, h * mm, 3 * mm)
        for record in comp.records:
            for side, draw in (("front", template.FRONTS[comp.spec.schema_]), ("back", template.BACKS[comp.spec.back])):
                c.setPageSize((box.w + 2 * box.bleed, box.h + 2 * box.bleed))
                c.translate(box.bleed, box.bleed)
                draw(c, record, comp.spec, box, style)
                c.showPage()
                pages.append((comp.id, record.id, side))
    c.save()
    return pages


@pytest.fixture(scope="module")
def game():
    return load_game("el-dorado-canyon")


@pytest.fixture(scope="module")
def faces(game, tmp_path_factory):
    """{(component, id, side): (upright text, upside-down text)} read back from the PDF."""
    path = tmp_path_factory.mktemp("edc") / "faces.pdf"
    pages = render(game, path)
    reader = pypdf.PdfReader(str(path))
    return {key: (_words(page.extract_text(orientations=(0,))), _words(page.extract_text(orientations=(180,))))
            for key, page in zip(pages, reader.pages)}


def _words(text: str) -> str:
    return " " + re.sub(r"\s+", " ", text).strip() + " "


def test_template_covers_every_schema_and_back():
    assert set(template.FRONTS) == set(RECORDS)
    assert set(template.BACKS) == set(MODEL_BACKS)
    assert set(template.ICONS) == MODEL_ICONS


def test_every_definition_renders_front_and_back(game, faces):
    expected = {(c.id, r.id, side) for c in game.components for r in c.records for side in ("front", "back")}
    assert set(faces) == expected


def test_ink_saver_renders_too(game, tmp_path):
    pages = render(game, tmp_path / "saver.pdf", Style(ink_saver=True))
    assert len(pypdf.PdfReader(str(tmp_path / "saver.pdf")).pages) == len(pages)


def _action_cards(game, schema):
    """(component id, card) for every starting or town card."""
    return [(c.id, r) for c in game.components if c.spec.schema_ == schema for r in c.records]


@pytest.mark.parametrize("schema", ["starting", "town"])
def test_action_cards_print_their_effects_texts_on_each_end(game, faces, schema):
    for comp_id, card in _action_cards(game, schema):
        upright, upside_down = faces[(comp_id, card.id, "front")]
        shown = ends(card)
        assert _words(strip_icons(shown[0][0].rules_text)) in upright, card.id
        if len(shown) == 2:
            assert _words(strip_icons(shown[1][0].rules_text)) in upside_down, card.id
        else:
            assert upside_down.strip() == "", card.id


@pytest.mark.parametrize("schema", ["starting", "town"])
def test_action_cards_show_priority_type_arrow_and_cost_on_each_end(game, faces, schema):
    for comp_id, card in _action_cards(game, schema):
        texts = faces[(comp_id, card.id, "front")]
        for (option, arrow), text in zip(ends(card), texts):
            words = text.split()
            assert card.priority in words, card.id
            assert card.type.upper() in words, card.id
            if arrow:
                assert ARROWS[arrow] in words, card.id
            else:
                assert not set(ARROWS.values()) & set(words), card.id
            if schema == "town":
                assert str(card.cost) in words, card.id


def test_either_arrow_cards_point_left_on_one_end_and_right_on_the_other(game, faces):
    pistol_up, pistol_down = faces[("starting", "pistol", "front")]
    assert ARROWS["left"] in pistol_up and ARROWS["right"] not in pistol_up
    assert ARROWS["right"] in pistol_down and ARROWS["left"] not in pistol_down


def test_two_ended_cards_say_or_and_turned_cards_do_not(faces):
    assert " OR " in faces[("starting", "take-cover", "front")][0]
    assert " OR " not in faces[("town", "rifle", "front")][0]


def test_keyword_marks_are_printed(game, faces):
    words = {"use-once": "USE ONCE", "once-per-character": "ONCE PER CHARACTER",
             "give-to-attacked-player": "GIVE TO ATTACKED PLAYER"}
    for comp in game.components:
        for card in comp.records:
            for keyword in getattr(card, "keywords", []):
                assert f" {words[keyword]} " in faces[(comp.id, card.id, "front")][0], card.id


def test_characters_print_name_alignment_ability_and_tracks(game, faces):
    for card in game.records("character"):
        text = faces[("characters", card.id, "front")][0]
        assert _words(card.name) in text
        assert _words(strip_icons(card.ability.rules_text)) in text, card.id
        assert f" {card.alignment.upper()} " in text
        assert text.count("X 1 2 3 4 5") == 2, card.id


def test_camp_front_names_the_areas_and_back_is_gone(faces):
    front, _ = faces[("camp", "camp", "front")]
    back, _ = faces[("camp", "camp", "back")]
    assert "UNBANKED GOLD" in front and "BANKED GOLD" in front and "CAMP" in front
    assert " GONE " in back and "play no card" in back


def test_money_shows_value_and_currency(game, faces):
    for comp_id in ("gold", "infamy"):
        for record in game.component(comp_id).records:
            front = faces[(comp_id, record.id, "front")][0].split()
            assert str(record.value) in front and record.currency.upper() in front


def test_reference_prints_every_line(game, faces):
    for record in game.records("reference"):
        text = faces[("reference", record.id, "front")][0]
        for section in record.sections:
            assert section.title.upper() in text
            for line in section.lines:
                assert _words(strip_icons(line)) in text, line


def test_backs_tell_the_decks_apart(game, faces):
    labels = {}
    for comp_id in ("starting", "town", "characters", "gold", "infamy"):
        backs = {faces[(comp_id, r.id, "back")][0] for r in game.component(comp_id).records}
        assert len(backs) == 1, comp_id
        labels[comp_id] = backs.pop()
    assert len(set(labels.values())) == 5


def test_text_too_long_for_six_points_names_the_card(game_copy):
    folder = game_copy()
    town = folder / "town.toml"
    long_text = "Steal 2 :gold: gold from the character to your left" + ", and then keep riding" * 15
    town.write_text(town.read_text().replace(
        'arrow = "left"\neffects = [{ effect = "steal", gold = 2 }]\n',
        f'arrow = "left"\neffects = [{{ effect = "steal", gold = 2 }}]\ntext = "{long_text}"\n'))
    game = load_game(str(folder))
    jumping = game.record("claim-jumping")
    c = Canvas(str(folder / "x.pdf"))
    with pytest.raises(TextDoesNotFit, match=r"card 'claim-jumping' \(Claim Jumping\): text does not fit .* at 6 pt"):
        template.FRONTS["town"](c, jumping, game.component("town").spec, Box(63.5 * mm, 88.9 * mm, 3 * mm), Style())
