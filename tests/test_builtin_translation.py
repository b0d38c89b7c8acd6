"""El Dorado Canyon in French (issue 36 point 2): every card from `cards/el-dorado-canyon/lang/fr.toml` and what
the engine writes from the family's French phrase table; `checker validate --lang` checks each language's
wording with that language's keywords; `checker resolve` stays English."""
from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

from cards import load_game
from cards.translations import load_translated
from cards.typeset.place import MM
from conftest import CARDS, edit_text
from test_designer import generator
from test_translations import checker

FRENCH = CARDS / "el-dorado-canyon" / "lang" / "fr.toml"
# words the English faces print that no French face may: the engine's, the marks', the backs' and the cards' own
ENGLISH = ["Gain ", "attack", "Attack", "steal", "Steal", "damage", "Block", "block ", "unbanked", "USE ONCE",
           "ONCE PER CHARACTER", "DISCARD WHEN PLAYED", "STARTING CARD", "WANTED", "HIRED HANDS", "RULES REFERENCE",
           "BANKED GOLD", "Immediate", "When you", "you're", "GONE", "GOOD", "Take Cover", "Each turn", "Symbols",
           "First Player", "Health", "Ammo", "Rifle", "Stagecoach", "Only banked"]  # (OR is French gold)


def faces(pdf_path: Path) -> dict[tuple[str, str, str], str]:
    """Each face's text (component, id, side), cut from the kit's PDF where its manifest puts the piece: its lines
    joined, with the upside-down end of a two-ended card read back the right way round after them."""
    manifest = json.loads(pdf_path.with_suffix(".json").read_text())
    found: dict[tuple[str, str, str], str] = {}
    with pdfplumber.open(pdf_path) as pdf:
        for page in manifest["pages"]:
            height = pdf.pages[page["number"] - 1].height
            for item in page["items"]:
                key = (item["component"], item["id"], item["side"])
                if key in found:
                    continue
                box = (item["x"] * MM, height - (item["y"] + item["h"]) * MM, (item["x"] + item["w"]) * MM,
                       height - item["y"] * MM)
                text = " ".join((pdf.pages[page["number"] - 1].crop(box).extract_text() or "").split())
                found[key] = f"{text} | {text[::-1]}"
    return found


@pytest.fixture(scope="module")
def french_kit(tmp_path_factory) -> dict[tuple[str, str, str], str]:
    out = tmp_path_factory.mktemp("fr")
    code, said, warned = generator("build", "el-dorado-canyon", "--lang", "fr", "--out", out)
    assert (code, warned) == (0, ""), warned
    assert said.rstrip().endswith(f"{out}/el-dorado-canyon-a4-fr.pdf, {out}/el-dorado-canyon-a4-fr.json")
    return faces(out / "el-dorado-canyon-a4-fr.pdf")


@pytest.mark.parametrize("face, said", [
    (("town", "lasso", "front"), "Volez 2 or non banqué au personnage à votre gauche"),  # the phrase table
    (("town", "iron-vest", "front"), "Bloquez 2 dégâts de chaque attaquant"),            # its plurals
    (("town", "iron-vest", "front"), "Bloquez 1 dégât de chaque attaquant et gagnez 2 munitions"),
    (("characters", "one-eyed-jack", "front"), "Quand vous tuez un personnage : gagnez 3 or"),  # a trigger's lead
    (("characters", "one-eyed-jack", "front"), "MAUVAIS"),
    (("town", "mother-lode", "front"), "USAGE UNIQUE"),                                   # the keyword marks
    (("town", "buffalo-gun", "front"), "UNE FOIS PAR PERSONNAGE"),
    (("town", "dynamite", "front"), "À DONNER AU JOUEUR ATTAQUÉ"),
    (("town", "gold-rush", "front"), "DÉFAUSSÉE UNE FOIS JOUÉE"),
    (("town", "gold-rush", "front"), "ÉVÉNEMENT"),                                        # a type label
    (("town", "iron-vest", "front"), "OU"),
    (("starting", "take-cover", "back"), "CARTE DE DÉPART"),                              # the backs
    (("characters", "black-bart", "back"), "RECHERCHÉ ENGAGÉS À EL DORADO CANYON"),
    (("reference", "reference-turn", "back"), "AIDE DE JEU"),
    (("camp", "camp", "front"), "OR NON BANQUÉ"),
    (("camp", "camp", "back"), "HORS JEU Vous avez joué une carte HORS JEU"),
    (("gold", "gold-5", "front"), "5 OR"),
    (("starting", "secret-hideout", "front"), "Repaire secret"),                          # lang/fr.toml
    (("characters", "rattlesnake-jane", "front"), "Jane la Vipère"),
    (("town", "wanted-poster", "front"), "Mort ou vif. Plutôt mort."),
    (("starting", "take-cover", "front"), "Bloquez 1 dégât de chaque attaquant, qui défausse 2 infamie"),
    (("reference", "reference-turn", "front"), "Les flèches sautent les joueurs HORS JEU jusqu'au suivant."),
    (("reference", "reference-turn", "front"), "PRIORITÉ"),
    (("first-player", "first-player", "front"), "PREMIER JOUEUR"),
])
def test_the_french_kit_prints_the_phrase_table_and_the_games_translation(french_kit, face, said):
    assert said in french_kit[face]


def test_no_english_is_left_on_the_french_faces(french_kit):
    left = {(face, word) for face, text in french_kit.items() for word in ENGLISH if word in text}
    assert left == set()


def test_the_english_kit_still_prints_its_english(tmp_path):
    code, _, warned = generator("build", "el-dorado-canyon", "--out", tmp_path)
    assert (code, warned) == (0, "")
    english = faces(tmp_path / "el-dorado-canyon-a4.pdf")
    assert "Steal 2 unbanked gold from the character to your left" in english["town", "lasso", "front"]
    assert "USE ONCE" in english["town", "mother-lode", "front"]
    assert "STARTING CARD" in english["starting", "take-cover", "back"]
    assert not any("Volez" in text or "USAGE" in text for text in english.values())


def test_validate_checks_every_language_of_the_built_in_game():
    code, said, warned = checker("validate", "el-dorado-canyon", "--lang", "all")
    assert (code, warned) == (0, "")
    lines = said.splitlines()
    assert len(lines) == 2 and lines[0].startswith("el-dorado-canyon: ok") and \
        lines[1].startswith("el-dorado-canyon [fr]: ok"), said


def test_resolve_reads_the_game_in_english():
    """What the engine runs is the untranslated game: the French records carry the same effects."""
    english, french = load_game("el-dorado-canyon"), load_translated("el-dorado-canyon", "fr")
    pistol = [r for c in english.components for r in c.records if r.id == "pistol"][0]
    pistolet = [r for c in french.components for r in c.records if r.id == "pistol"][0]
    assert pistol.options[0].rules_text.startswith("Attack the character to your left or right")
    assert pistolet.options[0].rules_text.startswith("Attaquez le personnage à votre gauche ou à votre droite")
    assert [e.model_dump() for e in pistol.options[0].effects] == [e.model_dump() for e in pistolet.options[0].effects]


@pytest.fixture
def canyon(game_copy) -> Path:
    return game_copy("el-dorado-canyon")


def test_a_french_wording_that_leaves_out_a_number_fails_naming_the_language(canyon):
    edit_text(canyon / "lang" / "fr.toml", "qui défausse 2 :infamy: infamie", "qui défausse son :infamy: infamie")
    code, _, warned = checker("validate", canyon, "--lang", "fr")
    assert (code, warned) == (2, f"{canyon}/lang/fr.toml:14: card 'take-cover' (À couvert): options.1.text: in fr: "
                                 "wording leaves out the number 2 of effect 'attackers_discard_infamy'\n")
    assert checker("validate", canyon, "--lang", "all")[0] == 2


def test_a_french_wording_must_keep_the_french_keyword(canyon):
    edit_text(canyon / "lang" / "fr.toml", 'text = "Bloquez 1', 'text = "Arrêtez 1')
    code, _, warned = checker("validate", canyon, "--lang", "fr")
    assert (code, warned) == (2, f"{canyon}/lang/fr.toml:14: card 'take-cover' (À couvert): options.1.text: in fr: "
                                 "wording leaves out the keyword 'bloquez' of effect 'block'\n")
    code, _, warned = generator("build", canyon, "--lang", "fr", "--out", canyon / "out")
    assert code == 2 and "wording leaves out the keyword 'bloquez'" in warned
    assert not (canyon / "out" / "el-dorado-canyon-a4-fr.pdf").exists()


def test_an_options_translation_must_match_its_cards_ends(canyon):
    edit_text(canyon / "lang" / "fr.toml", "[[starting.take-cover.options]]\n\n", "")
    code, _, warned = checker("validate", canyon, "--lang", "fr")
    assert (code, warned) == (2, f"{canyon}/lang/fr.toml:13: card 'take-cover': options: expected [[...options]] "
                                 "tables, one per item (2; an empty one for an item without text), got 1\n")


def test_an_ends_own_text_left_untranslated_is_listed(canyon):
    edit_text(canyon / "lang" / "fr.toml", 'text = "Bloquez 1 :damage: dégât de chaque attaquant, qui défausse 2 '
                                           ':infamy: infamie"\n', "")
    code, _, warned = checker("validate", canyon, "--lang", "fr")
    assert code == 2
    assert warned.startswith(f"{canyon}/starting.toml:5: card 'take-cover' (Take Cover): no fr translation of "
                             "options.1.text (add it to lang/fr.toml")
    edit_text(canyon / "lang" / "fr.toml", "[[starting.take-cover.options]]\n", "[[starting.take-cover.options]]\n"
                                                                             'effects = []\n')
    code, _, warned = checker("validate", canyon, "--lang", "fr")
    assert (code, warned.splitlines()[0]) == (2, f"{canyon}/lang/fr.toml:14: card 'take-cover': options.1.effects: "
                                                 "expected a text field of the options (text), got 'effects'")


def test_a_language_the_familys_tables_lack_is_an_error_naming_those_there_are(canyon):
    (canyon / "lang" / "de.toml").write_text('[camp.camp]\nname = "Lager"\n')
    code, _, warned = checker("validate", canyon, "--lang", "de")
    assert (code, warned) == (2, "cards/models/el_dorado_canyon/phrases/de.toml: no phrase table for language 'de': "
                                 "expected one of en, fr\n")


def test_a_card_half_translated_prints_its_original_where_the_translation_lacks_with_fallback(canyon):
    """--lang-fallback: the name left untranslated prints in English, the card's French texts are checked with the
    French keywords, its English ones (as at load) with the English."""
    edit_text(canyon / "lang" / "fr.toml", '[starting.go-to-town]\nname = "En ville"\n', "[starting.go-to-town]\n")
    out = canyon / "out"
    assert generator("build", canyon, "--lang", "fr", "--out", out)[0] == 2
    code, _, warned = generator("build", canyon, "--lang", "fr", "--lang-fallback", "--out", out)
    assert (code, warned) == (0, "")
    town = faces(out / "el-dorado-canyon-a4-fr.pdf")["starting", "go-to-town", "front"]
    assert "Go to Town" in town and "Mettez en banque tout votre or non banqué" in town


def test_a_french_text_too_long_for_its_box_fails_the_build_at_its_line(canyon):
    edit_text(canyon / "lang" / "fr.toml", "seulement 1 si l'on vous attaque\"",
              "seulement 1 si l'on vous attaque" + ", et encore, seulement si le shérif regarde ailleurs" * 6 + '"')
    code, _, warned = generator("build", canyon, "--lang", "fr", "--out", canyon / "out")
    assert (code, warned) == (2, f"--lang fr: {canyon}/lang/fr.toml:31: card 'go-to-town' (En ville): options.2.text: "
                                 "text does not fit its 35.2 x 22.2 mm box even at 6 pt: it needs 27.5 mm of height, "
                                 "5.3 mm (24%) more than the box has; shorten it by about 70 of its 364 characters\n")
    assert not (canyon / "out" / "el-dorado-canyon-a4-fr.pdf").exists()


def test_the_guide_and_footers_name_the_components_in_french(tmp_path):
    code, _, warned = generator("build", "el-dorado-canyon", "--lang", "fr", "--out", tmp_path)
    assert (code, warned) == (0, "")
    with pdfplumber.open(tmp_path / "el-dorado-canyon-a4-fr.pdf") as pdf:
        guide = pdf.pages[0].extract_text()
        footer = pdf.pages[2].extract_text().splitlines()[0]
    assert "3-8 Cartes de départ 24 imprimés" in guide and "Marqueurs de santé et de munitions" in guide
    assert "Starting cards" not in guide and "Town deck" not in guide
    assert footer.startswith("El Dorado Canyon · Cartes de départ · page 3 sur")


def test_a_components_own_text_other_than_its_name_is_an_error(canyon):
    edit_text(canyon / "lang" / "fr.toml", 'name = "Cartes de départ"', 'title = "Cartes de départ"')
    code, _, warned = checker("validate", canyon, "--lang", "fr")
    assert (code, warned) == (2, f"{canyon}/lang/fr.toml:8: starting.title: expected name = \"...\" (the name of "
                                 "component 'starting') or a table, got title = 'Cartes de départ'\n")
