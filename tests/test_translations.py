"""A designer's game in several languages (issue 36 point 1): `lang/CODE.toml` or `FIELD@CODE` columns,
`generator build --lang`, `checker validate --lang`, the text checks run on the translated text."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from checker.commands import app as checker_app
from cards import DefinitionError, load_game
from cards.translations import load_translated
from common import stamps
from common.kept import Kept
from conftest import CARDS, edit_text
from generator.plain import BUILD
from test_designer import EXAMPLES, generator


def checker(*args) -> tuple[int, str, str]:
    done = CliRunner().invoke(checker_app, [str(a) for a in args])
    assert "Traceback" not in done.output + done.stderr, done.output
    return done.exit_code, done.stdout, done.stderr


@pytest.fixture
def fox(tmp_path) -> Path:
    game = tmp_path / "fox-deck"
    shutil.copytree(EXAMPLES / "fox-deck", game)
    return game


@pytest.fixture(scope="module")
def fox_fr(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fox-fr")
    code, said, warned = generator("build", EXAMPLES / "fox-deck", "--lang", "fr", "--out", out)
    assert (code, warned) == (0, ""), warned
    assert said == f"fox-deck: 4 pages on 2 sheets (Foxes 4) -> {out}/fox-deck-a4-fr.pdf, {out}/fox-deck-a4-fr.json\n"
    return out


def card_texts(pdf: Path, page: int = 2) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(w["text"] for w in doc.pages[page].extract_words() if w["bottom"] < doc.pages[page].height - 30)


def test_the_fox_deck_in_french_prints_every_card_in_french(fox_fr):
    text = card_texts(fox_fr / "fox-deck-a4-fr.pdf")
    for words in ("Renard roux", "Prenez une carte de la rivière.", "renard", "Renard de nuit", "Jouez au crépuscule.", "Discret", "Gagnez",
                  "Lever de lune", "Chaque joueur pioche une carte.", "chasseur", "événement", "nuit"):
        assert words in text, words
    for english in ("Red Fox", "river", "Moonrise", "hunter"):
        assert english not in text
    kit = json.loads((fox_fr / "fox-deck-a4-fr.json").read_text())
    assert kit["lang"] == "fr"
    assert sorted(kit["files"]) == ["fox-deck-a4-fr.pdf"]
    assert [i["id"] for i in kit["pages"][2]["items"]] == ["red-fox", "red-fox", "night-fox", "moonrise"]
    with pdfplumber.open(fox_fr / "fox-deck-a4-fr.pdf") as doc:  # the printing guide repeats the command
        assert "--lang fr" in doc.pages[0].extract_text().replace("\n", " ")


def test_the_english_and_french_kits_stand_side_by_side(fox_fr, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(fox_fr, out)
    assert generator("build", EXAMPLES / "fox-deck", "--out", out)[0] == 0
    assert sorted(p.name for p in out.iterdir()) == ["fox-deck-a4-fr.json", "fox-deck-a4-fr.pdf",
                                                     "fox-deck-a4.json", "fox-deck-a4.pdf"]
    assert "Red Fox" in card_texts(out / "fox-deck-a4.pdf")
    assert (out / "fox-deck-a4-fr.pdf").read_bytes() == (fox_fr / "fox-deck-a4-fr.pdf").read_bytes()


def test_the_french_columns_of_the_spreadsheet_build_the_same_kit_byte_for_byte(fox_fr, fox, tmp_path):
    shutil.rmtree(fox / "lang")
    edit_text(fox / "game.toml", 'file = "cards.toml"', 'file = "cards.csv"')
    assert generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")[0] == 0
    assert (tmp_path / "out" / "fox-deck-a4-fr.pdf").read_bytes() == (fox_fr / "fox-deck-a4-fr.pdf").read_bytes()


def test_a_translation_too_long_for_its_box_fails_naming_the_language(fox, tmp_path):
    out = tmp_path / "out"
    edit_text(fox / "lang" / "fr.toml", '"Jouez au crépuscule. *Discret comme la lune.*"',
              '"' + "Jouez au crépuscule, longuement et sans bruit. " * 30 + '"')
    code, said, warned = generator("build", fox, "--lang", "fr", "--out", out)
    assert (code, said) == (2, "")
    assert warned.startswith(f"{fox}/lang/fr.toml:11: card 'night-fox' (Renard de nuit): boxes.text (text): in fr: "
                             "text does not fit its 55.0 x 19.0 mm box even at 7 pt"), warned
    assert warned.endswith(", in layouts/fox.toml:45\n")
    assert not out.exists()  # nothing half-written
    assert checker("validate", fox, "--lang", "fr") == (2, "", warned)  # the same check, without building
    assert generator("build", fox, "--out", out)[0] == 0  # the original still fits


def test_a_translated_character_no_font_has_fails_naming_the_language(fox, tmp_path):
    edit_text(fox / "lang" / "fr.toml", 'name = "Renard de nuit"', 'name = "Renard 🎲 de nuit"')
    code, said, warned = generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")
    assert (code, said) == (2, "")
    assert warned == (f"{fox}/lang/fr.toml:10: card 'night-fox' (Renard 🎲 de nuit): boxes.name (name): in fr: "
                      "character '🎲' (U+1F3B2) is not in the font Fox (fonts/DejaVuSerif-Bold.ttf) or text (DejaVu Sans "
                      "Condensed): choose a font that has it or add a fallback font, in layouts/base.toml:17\n")


def test_a_translated_unknown_icon_fails_naming_the_language(fox, tmp_path):
    edit_text(fox / "lang" / "fr.toml", "Gagnez :paw:", "Gagnez :patte:")
    code, _, warned = generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")
    assert code == 2
    assert warned == (f"{fox}/lang/fr.toml:6: card 'red-fox' (Renard roux): boxes.text (text): in fr: unknown icon "
                      "':patte:': expected one of arrow-left, arrow-right, check, circle, cross, heart, paw, square, "
                      "star, in layouts/fox.toml:45\n")


def test_every_missing_translation_is_listed_unless_the_original_falls_back(fox, tmp_path):
    lang = fox / "lang" / "fr.toml"
    lang.write_text(lang.read_text().split("[foxes.moonrise]")[0].replace(
        'text = "Prenez une carte de la rivière. Gagnez :paw: pour chaque **renard** montré."\n', ""))
    out = tmp_path / "out"
    code, said, warned = generator("build", fox, "--lang", "fr", "--out", out)
    assert (code, said) == (2, "")
    assert warned.splitlines() == [
        f"{fox}/cards.toml:3: card 'red-fox' (Red Fox): no fr translation of text (add it to lang/fr.toml or a "
        "text@fr column, or build with --lang-fallback to print the original)",
        f"{fox}/cards.toml:19: card 'moonrise' (Moonrise): no fr translation of name, text, tags (add it to "
        "lang/fr.toml or a name@fr column, or build with --lang-fallback to print the original)"]
    assert generator("build", fox, "--lang", "fr", "--lang-fallback", "--out", out)[0] == 0
    text = card_texts(out / "fox-deck-a4-fr.pdf")
    assert "Renard roux" in text and "river" in text and "Moonrise" in text and "Every player draws" in text


def test_a_language_the_game_lacks_lists_the_ones_it_has(fox, tmp_path):
    code, _, warned = generator("build", fox, "--lang", "de", "--out", tmp_path / "out")
    assert (code, warned) == (2, f"{fox}: --lang: expected one of the languages the game has (fr), got 'de'\n")
    shutil.rmtree(fox / "lang")
    code, _, warned = generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")
    assert (code, warned) == (2, f"{fox}: --lang: expected a language the game has, got 'fr': it has no translations "
                                 "(lang/CODE.toml files or FIELD@CODE spreadsheet columns)\n")
    code, _, warned = generator("build", fox, "--lang-fallback", "--out", tmp_path / "out")
    assert (code, warned) == (2, "--lang-fallback: expected --lang CODE with it (the language whose missing texts "
                                 "fall back)\n")


@pytest.mark.parametrize("edit, message", [
    (("[foxes.moonrise]", "[foxes.moonlight]"),
     "lang/fr.toml:14: foxes.moonlight: no record 'moonlight' in component 'foxes'"),
    (("[foxes.moonrise]", "[hounds.moonrise]"),
     "lang/fr.toml:14: hounds.moonrise: expected a component of the game (foxes), got 'hounds'"),
    (('name = "Renard roux"', 'name = "Renard roux"\ncost = 5'),
     "lang/fr.toml:6: card 'red-fox': cost: expected a text field of the record (name, text, tags), got 'cost'"),
    (('name = "Renard roux"', 'name = ""'),
     "lang/fr.toml:5: card 'red-fox' (Red Fox): name: String should have at least 1 character"),
    (('name = "Renard roux"', 'name = "Renard roux'), "lang/fr.toml:5: TOML syntax error"),
])
def test_a_broken_translation_file_is_exit_2_at_its_line(fox, tmp_path, edit, message):
    edit_text(fox / "lang" / "fr.toml", *edit)
    code, said, warned = generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")
    assert (code, said) == (2, "")
    assert any(line.startswith(f"{fox}/{message}") for line in warned.splitlines()), warned


def test_a_translation_column_that_is_not_field_at_code_is_refused(fox, tmp_path):
    edit_text(fox / "game.toml", 'file = "cards.toml"', 'file = "cards.csv"')
    edit_text(fox / "cards.csv", "name@fr,", "name@French,")
    code, _, warned = generator("build", fox, "--out", tmp_path / "out")
    assert code == 2
    assert warned == (f"{fox}/cards.csv: row 1, column 'name@French': expected FIELD@CODE for a translation "
                      "(e.g. text@fr, name@pt-BR), got 'name@French'\n")


def test_checker_validates_one_language_or_every_one(fox):
    ok = "ok: 3 definitions (4 printed), 1 components, 0 effects used"
    assert checker("validate", fox, "--lang", "fr") == (0, f"{fox} [fr]: {ok}\n", "")
    assert checker("validate", fox, "--lang", "all") == (0, f"{fox}: {ok}\n{fox} [fr]: {ok}\n", "")
    edit_text(fox / "lang" / "fr.toml", '[foxes.moonrise]\nname = "Lever de lune"\n', "[foxes.moonrise]\n")
    code, said, warned = checker("validate", fox, "--lang", "all")
    assert (code, said) == (2, f"{fox}: {ok}\n")  # the original language is fine
    assert warned == (f"{fox}/cards.toml:19: card 'moonrise' (Moonrise): no fr translation of name (add it to "
                      "lang/fr.toml or a name@fr column, or build with --lang-fallback to print the original)\n")
    assert checker("validate", fox, "--lang", "de") == (
        2, "", f"{fox}: --lang: expected one of the languages the game has (fr), got 'de'\n")


def test_the_plain_build_path_takes_the_language_options():
    games, given = BUILD.parse(["examples/fox-deck", "--lang", "fr", "--lang-fallback"])
    assert games == ["examples/fox-deck"] and given["lang"] == "fr" and given["lang_fallback"] is True
    assert BUILD.parse(["examples/fox-deck"])[1]["lang"] is None


def test_a_game_kept_without_pydantic_is_translated_from_its_validated_records(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(stamps, "SETTLE_NS", -10**12)  # files made seconds ago count as settled: the game is kept
    game = tmp_path / "canyon"
    shutil.copytree(CARDS / "el-dorado-canyon", game)
    (game / "lang").mkdir(exist_ok=True)  # the shipped French replaced by one card's
    (game / "lang" / "fr.toml").write_text('[town.advanced-mining]\nname = "Extraction avancée"\n')
    load_game(str(game))
    kept = load_game(str(game)).record("advanced-mining")
    assert isinstance(kept, Kept)  # from cards.compiled, without pydantic
    french = load_translated(str(game), "fr", fallback=True)
    assert (french.lang, french.record("advanced-mining").name) == ("fr", "Extraction avancée")
    assert french.record("mother-lode").name == "Mother Lode"  # the original, by --lang-fallback
    with pytest.raises(DefinitionError) as missing:
        load_translated(str(game), "fr")
    assert f"{game}/town.toml:26: card 'mother-lode' (Mother Lode): no fr translation of name" in str(missing.value)


def test_a_right_to_left_translation_prints_its_words_right_to_left(fox, tmp_path):
    (fox / "lang" / "he.toml").write_text('[foxes.red-fox]\nname = "שועל אדום"\ntext = "קחו קלף מהנהר. :paw:"\n'
                                          'tags = ["צייד"]\n')
    out = tmp_path / "out"
    code, _, warned = generator("build", fox, "--lang", "he", "--lang-fallback", "--out", out)
    assert (code, warned) == (0, ""), warned
    with pdfplumber.open(out / "fox-deck-a4-he.pdf") as doc:
        chars = [c for c in doc.pages[2].chars if c["x0"] < doc.pages[2].width / 3 and c["top"] < 100]
    x = {c["text"]: c["x0"] for c in chars}
    assert x["ש"] > x["ל"] > x["א"] > x["ם"]  # "שועל אדום": its first letter rightmost, its second word to the left
    assert "Night Fox" in card_texts(out / "fox-deck-a4-he.pdf")  # --lang-fallback: the cards it does not translate


def test_a_translation_file_linked_from_outside_or_not_utf8_is_one_line(fox, tmp_path):
    outside = tmp_path / "outside.toml"
    (fox / "lang" / "fr.toml").rename(outside)
    (fox / "lang" / "fr.toml").symlink_to(outside)
    code, said, warned = generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")
    assert (code, said, warned) == (2, "", f"{fox}/lang/fr.toml: cannot read file: expected a file inside its folder, "
                                           "got a link to a file outside it\n")
    (fox / "lang" / "de.toml").write_bytes(b"\xff\xfe")
    code, said, warned = generator("build", fox, "--lang", "de", "--out", tmp_path / "out")
    assert (code, said, warned) == (2, "", f"{fox}/lang/de.toml:1: expected UTF-8 text, got byte 0xff\n")
    assert not (tmp_path / "out").exists()


def test_a_record_must_translate_what_the_language_translates_of_its_component(tmp_path):
    game = tmp_path / "banner-deck"
    shutil.copytree(EXAMPLES / "banner-deck", game)
    (game / "lang").mkdir()
    names = "".join(f'[deck.{r.id}]\nname = "{r.name} (fr)"\n' for r in load_game(str(game)).records())
    (game / "lang" / "fr.toml").write_text(names)
    french = load_translated(str(game), "fr")  # its type (which a layout's `when` tests) and icons stay the original's
    assert all(r.name.endswith(" (fr)") for r in french.records())
    assert [r.type for r in french.records()] == [r.type for r in load_game(str(game)).records()]
    last = load_game(str(game)).records()[-1]
    (game / "lang" / "fr.toml").write_text(names + f'text = "Texte {last.id}"\n')  # in the last card's table
    with pytest.raises(DefinitionError) as missing:
        load_translated(str(game), "fr")
    assert "no fr translation of text" in str(missing.value)
    assert f"card {last.id!r}" not in str(missing.value)
