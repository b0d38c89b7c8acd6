"""El Dorado Canyon faces: every definition renders, and what a player must read is there.

The kit is built through the generator, as a player would, then read back from the
PDF: each face's characters are taken from its trim box in the manifest and split
by orientation (the bottom end of a two-ended card is upside down).  The rules
texts must equal the effects' texts (icons dropped), and every starting and town
card must show its priority, type, arrow and cost on each end it prints.
"""
from __future__ import annotations

import json
import math
import re

import pdfplumber
import pytest
from reportlab.lib.units import mm

import generator.cli as generator_cli
from cards import load_game
from cards.effects import strip_icons
from cards.models.el_dorado_canyon import BACKS as MODEL_BACKS, ICONS as MODEL_ICONS, RECORDS
from generator.templates import el_dorado_canyon as template

PLAIN_TEXT = "DejaVuSansCondensed"  # the rules-text face, without -Bold or -Oblique


def build(out, *options, paper="a4"):
    """Run `generator build el-dorado-canyon` into `out`; returns (pdf path, manifest)."""
    with pytest.raises(SystemExit) as done:
        generator_cli.app(["build", "el-dorado-canyon", "--paper", paper, "--out", str(out), *options])
    assert done.value.code == 0
    return out / f"el-dorado-canyon-{paper}.pdf", json.loads((out / f"el-dorado-canyon-{paper}.json").read_text())


def _angle(ch) -> int:
    """The direction a character's baseline runs on the page, in degrees (0, 90, 180, 270)."""
    a, b = ch["matrix"][0], ch["matrix"][1]
    return round(math.degrees(math.atan2(b, a)) / 90) * 90 % 360


def _lines(chars, page_height: float) -> str:
    """Characters of one direction as reading text: lines top to bottom, a space at each gap."""
    if not chars:
        return " "
    turn = math.radians(_angle(chars[0]))
    placed = []
    for ch in chars:
        x, y = (ch["x0"] + ch["x1"]) / 2, page_height - (ch["top"] + ch["bottom"]) / 2
        along = (ch["x1"] - ch["x0"]) if _angle(ch) in (0, 180) else (ch["bottom"] - ch["top"])
        placed.append((x * math.cos(turn) + y * math.sin(turn), -x * math.sin(turn) + y * math.cos(turn), along, ch))
    rows: list[list] = []
    for item in sorted(placed, key=lambda p: -p[1]):
        if rows and abs(rows[-1][0][1] - item[1]) < item[3]["size"] * 0.4:
            rows[-1].append(item)
        else:
            rows.append([item])
    words = []
    for row in rows:
        text, end = "", None
        for x, _, along, ch in sorted(row, key=lambda p: p[0]):
            if end is not None and x - along / 2 - end > ch["size"] * 0.15:
                text += " "
            text += ch["text"]
            end = x + along / 2
        words.append(text)
    return " " + re.sub(r"\s+", " ", " ".join(words)).strip() + " "


def read_faces(pdf_path, manifest):
    """{(component, id, side): texts} for each first copy, read from its trim box.

    texts: "upright" and "upside_down" (as the face is drawn, whatever way the sheet
    turns it), and "rules" / "rules_flipped": the same in the rules-text face only.
    """
    faces = {}
    with pdfplumber.open(str(pdf_path)) as pdf:
        for info, page in zip(manifest["pages"], pdf.pages):
            items = [i for i in info["items"] if i["copy"] == 1 and (i["component"], i["id"], i["side"]) not in faces]
            chars = page.chars if items else []
            for item in items:
                x0, x1 = item["x"] * mm, (item["x"] + item["w"]) * mm
                top, bottom = page.height - (item["y"] + item["h"]) * mm, page.height - item["y"] * mm
                inside = [ch for ch in chars if x0 <= (ch["x0"] + ch["x1"]) / 2 <= x1
                          and top <= (ch["top"] + ch["bottom"]) / 2 <= bottom]
                turn = item.get("rotation", 0)
                up = [ch for ch in inside if (_angle(ch) - turn) % 360 == 0]
                down = [ch for ch in inside if (_angle(ch) - turn) % 360 == 180]
                plain = [[ch for ch in group if ch["fontname"].endswith("+" + PLAIN_TEXT)] for group in (up, down)]
                faces[(item["component"], item["id"], item["side"])] = {
                    "upright": _lines(up, page.height), "upside_down": _lines(down, page.height),
                    "rules": _lines(plain[0], page.height), "rules_flipped": _lines(plain[1], page.height)}
    return faces


@pytest.fixture(scope="module")
def game():
    return load_game("el-dorado-canyon")


@pytest.fixture(scope="module")
def faces(tmp_path_factory):
    # the printed texts alone: each face's version stamp is read by tests/test_versions.py, clear of these
    return read_faces(*build(tmp_path_factory.mktemp("edc-kit"), "--no-stamp"))


def _words(text: str) -> str:
    return " " + re.sub(r"\s+", " ", text).strip() + " "


def test_template_covers_every_schema_and_back():
    assert set(template.FRONTS) == set(RECORDS)
    assert set(template.BACKS) == set(MODEL_BACKS)
    assert set(template.ICONS) == MODEL_ICONS


def test_every_definition_renders_front_and_back(game, faces):
    expected = {(c.id, r.id, side) for c in game.components for r in c.records for side in ("front", "back")}
    assert set(faces) == expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_manifest_lists_every_component_in_the_right_numbers(tmp_path, paper):
    _, manifest = build(tmp_path, paper=paper)
    assert manifest["paper"] == paper
    counts: dict[tuple[str, str], int] = {}
    for page in manifest["pages"]:
        for item in page["items"]:
            counts[item["component"], item["side"]] = counts.get((item["component"], item["side"]), 0) + 1
    fronts = {comp: n for (comp, side), n in counts.items() if side == "front"}
    assert fronts == {"starting": 24, "town": 29, "characters": 14, "camp": 6, "reference": 6,
                      "gold": 38, "infamy": 38, "first-player": 1, "track-markers": 12}
    assert {comp: n for (comp, side), n in counts.items() if side == "back"} == fronts


def test_ink_saver_kit_builds_with_the_same_items(tmp_path):
    _, normal = build(tmp_path / "normal")
    _, saver = build(tmp_path / "saver", "--ink-saver")
    assert normal.pop("files") != saver.pop("files")  # other PDFs, other digests
    assert saver == normal


def _action_cards(game, schema):
    """(component id, card) for every starting or town card."""
    return [(c.id, r) for c in game.components if c.spec.schema_ == schema for r in c.records]


def expected_ends(card):
    """What the rulebook's anatomy asks each end to show: [(option, arrow glyph or None)].

    Two options: option 1 on top, option 2 upside down.  One option whose arrow the
    player turns ("either"): the same option on both ends, pointing left, then right.
    An attack on both neighbours shows a double arrow.
    """
    glyph = {"left": "\u2190", "right": "\u2192", "none": None}

    def both(option):
        return any(e.effect == "attack" and e.targets == "both" for e in option.effects)

    if len(card.options) == 2:
        return [(o, "\u2194" if both(o) else glyph[o.arrow]) for o in card.options]
    option = card.options[0]
    if both(option):
        return [(option, "\u2194")]
    if option.arrow == "either":
        return [(option, glyph["left"]), (option, glyph["right"])]
    return [(option, glyph[option.arrow])]


@pytest.mark.parametrize("schema", ["starting", "town"])
def test_action_cards_print_exactly_their_effects_texts_on_each_end(game, faces, schema):
    for comp_id, card in _action_cards(game, schema):
        face = faces[(comp_id, card.id, "front")]
        shown = expected_ends(card)
        assert face["rules"] == _words(strip_icons(shown[0][0].rules_text)), card.id
        expected_flipped = _words(strip_icons(shown[1][0].rules_text)) if len(shown) == 2 else " "
        assert face["rules_flipped"] == expected_flipped, card.id


@pytest.mark.parametrize("schema", ["starting", "town"])
def test_action_cards_show_priority_type_arrow_and_cost_on_each_end(game, faces, schema):
    for comp_id, card in _action_cards(game, schema):
        face = faces[(comp_id, card.id, "front")]
        shown = expected_ends(card)
        if len(shown) == 1:
            assert face["upside_down"] == " ", card.id
        for (option, arrow), text in zip(shown, (face["upright"], face["upside_down"])):
            words = text.split()
            assert card.priority in words, card.id
            assert card.type.upper() in words, card.id
            assert _words(card.name) in text, card.id
            arrows = {"\u2190", "\u2192", "\u2194"} & set(words)
            assert arrows == ({arrow} if arrow else set()), card.id
            if schema == "town":
                assert str(card.cost) in words, card.id


def test_either_arrow_cards_point_left_on_one_end_and_right_on_the_other(faces):
    pistol = faces[("starting", "pistol", "front")]
    assert "\u2190" in pistol["upright"] and "\u2192" not in pistol["upright"]
    assert "\u2192" in pistol["upside_down"] and "\u2190" not in pistol["upside_down"]


def test_two_ended_cards_say_or_and_turned_cards_do_not(faces):
    assert " OR " in faces[("starting", "take-cover", "front")]["upright"]
    assert " OR " not in faces[("town", "rifle", "front")]["upright"]


def test_keyword_marks_are_printed(game, faces):
    words = {"use-once": "USE ONCE", "once-per-character": "ONCE PER CHARACTER",
             "give-to-attacked-player": "GIVE TO ATTACKED PLAYER"}
    for comp_id, card in _action_cards(game, "starting") + _action_cards(game, "town"):
        for keyword in card.keywords:
            assert f" {words[keyword]} " in faces[(comp_id, card.id, "front")]["upright"], card.id


def test_characters_print_name_alignment_ability_and_tracks(game, faces):
    for card in game.records("character"):
        face = faces[("characters", card.id, "front")]
        assert _words(card.name) in face["upright"]
        assert face["rules"] == _words(strip_icons(card.ability.rules_text)), card.id
        assert f" {card.alignment.upper()} " in face["upright"]
        assert face["upright"].count("X 1 2 3 4 5") == 2, card.id


def test_camp_front_names_the_areas_and_back_is_gone(faces):
    front = faces[("camp", "camp", "front")]["upright"]
    back = faces[("camp", "camp", "back")]["upright"]
    assert " UNBANKED GOLD " in front and " BANKED GOLD " in front and " CAMP " in front
    assert " GONE " in back and "play no card" in back


def test_money_shows_value_and_currency(game, faces):
    for comp_id in ("gold", "infamy"):
        for record in game.component(comp_id).records:
            words = faces[(comp_id, record.id, "front")]["upright"].split()
            assert str(record.value) in words and record.currency.upper() in words


def test_reference_prints_every_line(game, faces):
    for record in game.records("reference"):
        text = faces[("reference", record.id, "front")]["upright"]
        for section in record.sections:
            assert _words(section.title.upper()) in text
            for line in section.lines:
                assert _words(strip_icons(line)) in text, line


def test_backs_tell_the_decks_apart(game, faces):
    labels = {}
    for comp_id in ("starting", "town", "characters", "gold", "infamy"):
        backs = {faces[(comp_id, r.id, "back")]["upright"] for r in game.component(comp_id).records}
        assert len(backs) == 1, comp_id
        labels[comp_id] = backs.pop()
    assert len(set(labels.values())) == 5


def test_text_too_long_for_six_points_fails_the_build_naming_the_card(game_copy, tmp_path, capsys):
    folder = game_copy()
    town = folder / "town.toml"
    long_text = "Steal 2 :gold: gold from the character to your left" + ", and then keep riding" * 15
    town.write_text(town.read_text().replace(
        'arrow = "left"\neffects = [{ effect = "steal", gold = 2 }]\n',
        f'arrow = "left"\neffects = [{{ effect = "steal", gold = 2 }}]\ntext = "{long_text}"\n'))
    with pytest.raises(SystemExit) as done:
        generator_cli.app(["build", str(folder), "--out", str(tmp_path / "out")])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert re.search(r"card 'claim-jumping' \(Claim Jumping\).*text does not fit .* at 6 pt", err), err
    assert not (tmp_path / "out" / "el-dorado-canyon-a4.pdf").exists()
