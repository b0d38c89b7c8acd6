"""The words a kit's pages print besides its cards (issue 36 point 2): written in English in the code through a
gettext catalogue (`generator/engine/words.py`), said in the game's language by `generator/locale/*/pnpkit.po`,
read back from the PDF."""
from __future__ import annotations

import shutil
import string
from pathlib import Path

import pdfplumber
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from generator.engine.vendors import VENDORS
from generator.engine.words import LOCALE_DIR, catalogue_path, words
from conftest import edit_text
from test_designer import EXAMPLES, generator

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}  # the methods of `Words`


def source_messages() -> dict[tuple[str | None, str], str | tuple[str, ...]]:
    """{(context, msgid): the message as the code writes it} of every sentence in generator/."""
    found: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for _, _, message, _, context in extract_from_dir(ROOT / "generator", method_map=[("**.py", "python")],
                                                       keywords=KEYWORDS):
        found[(context, message if isinstance(message, str) else message[0])] = message
    return found


def catalogues() -> list[Path]:
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/pnpkit.po"))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_french_is_shipped():
    assert [p.relative_to(LOCALE_DIR).as_posix() for p in catalogues()] == ["fr/LC_MESSAGES/pnpkit.po"]


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: p.parts[-3])
def test_a_catalogue_translates_every_sentence_of_the_code_and_no_other(po):
    found = source_messages()
    assert len(found) > 60  # the guide, footers, labels: the extractor found the code's sentences
    with po.open("rb") as f:
        catalog = read_po(f)
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    missing = sorted(set(found) - set(have), key=str)
    obsolete = sorted(set(have) - set(found), key=str)
    assert (missing, obsolete) == ([], []), f"{po}: missing {missing}, obsolete {obsolete}"
    for key, message in have.items():
        assert message.id == found[key], key  # the plural too
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, f"{po}: untranslated {key}"
        assert len(strings) == (catalog.num_plurals if isinstance(message.id, tuple) else 1), key


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: p.parts[-3])
def test_every_translation_fills_the_fields_its_english_names(po):
    with po.open("rb") as f:
        catalog = read_po(f)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(fields(i) for i in ids))
        for text in strings:
            assert fields(text) == wanted, (message.id, text)


def test_no_sentence_is_an_f_string_the_catalogue_cannot_hold(recwarn):
    list(extract_from_dir(ROOT / "generator", method_map=[("**.py", "python")], keywords=KEYWORDS))
    assert [str(w.message) for w in recwarn if "f-string" in str(w.message)] == []


def test_plurals_follow_the_language_and_numbers_are_written_its_way():
    french, english = words("fr"), words(None)
    assert [french.ngettext("{n} page", "{n} pages", n) for n in (0, 1, 2, 1000000)] == [
        "0 page", "1 page", "2 pages", "1000000 de pages"]
    assert [english.ngettext("{n} page", "{n} pages", n) for n in (0, 1, 2)] == ["0 pages", "1 page", "2 pages"]
    assert (french.number(63.5), english.number(63.5), french.number(45.0, 1)) == ("63,5", "63.5", "45,0")
    assert french.gettext("page {number} of {total}", number=3, total=12) == "page 3 sur 12"
    assert words("fr-CA") is not english and words("fr-CA").gettext("backs") == "dos"  # French's own, regional or not
    assert catalogue_path("de") is None and words("de") is english  # no catalogue: English
    assert words("not a language") is english


def guide_text(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(doc.pages[0].extract_text().split())


def test_the_fox_decks_guide_in_french_says_its_numbers_in_french(tmp_path):
    out = tmp_path / "out"
    assert generator("build", EXAMPLES / "fox-deck", "--lang", "fr", "--out", out)[0] == 0
    text = guide_text(out / "fox-deck-a4-fr.pdf")
    for said in ("Fox Deck : guide d'impression",
                 "Kit A4, 4 pages sur 2 feuilles. Construit avec : generator build fox-deck --paper a4 --duplex long "
                 "--back-offset 0,0 --bleed 3 --lang fr",
                 "Ce que contient chaque page", "Pages Composant Pièces Dos", "3-4 Foxes 4 imprimés",
                 "la première carte (Foxes) mesure alors 63,5 × 88,9 mm à la coupe.",
                 "Papier : A4 (210 × 297 mm)", "pour les cartes.",
                 "retournement sur le bord long", "Feuilles dont le verso est blanc (pages 1-2)",
                 "1 page est un dos imprimé bord à bord.",  # French's singular
                 "Découpe, dans cet ordre", "1. Là où deux grilles partagent une feuille",
                 "page 1 sur 4", "100 mm : mesurez-la ; imprimez à 100 % (sans ajuster à la page)"):
        assert said in text, said
    for english in ("printing guide", "Before you print", "pages on", "page 1 of", "measure it"):
        assert english not in text
    with pdfplumber.open(out / "fox-deck-a4-fr.pdf") as doc:
        footers = [" ".join(p.extract_text().split()) for p in doc.pages]
        assert doc.metadata["Title"] == "Fox Deck : kit à imprimer (a4)"
    assert "verso laissé blanc · page 2 sur 4" in footers[1] and "dos · page 4 sur 4" in footers[3]


def test_a_french_letter_kit_without_backs_says_so_and_the_english_guide_is_the_codes_text(tmp_path):
    out = tmp_path / "out"
    assert generator("build", EXAMPLES / "fox-deck", "--lang", "fr", "--no-backs", "--paper", "letter",
                     "--out", out)[0] == 0
    text = guide_text(out / "fox-deck-letter-fr.pdf")
    assert "Kit Letter, 2 pages sur 2 feuilles." in text and "Papier : Letter (215,9 × 279,4 mm)" in text
    assert "Imprimez en recto seul : ce kit n'a pas de dos." in text
    assert "À court d'encre ? Construisez avec --ink-saver" in text
    assert generator("build", EXAMPLES / "fox-deck", "--out", out)[0] == 0
    english = guide_text(out / "fox-deck-a4.pdf")
    assert "Fox Deck: printing guide A4 kit, 4 pages on 2 sheets." in english
    assert "the first card (Foxes) then measures 63.5 x 88.9 mm at its trim." in english
    assert "1 page is a back printed edge to edge." in english  # English's singular


def hex_board_in_french(tmp_path: Path) -> Path:
    folder = tmp_path / "hex-board"
    shutil.copytree(EXAMPLES / "hex-board", folder)
    (folder / "lang").mkdir()
    (folder / "lang" / "fr.toml").write_text('[valley.valley]\nname = "La Vallée"\nmotto = "Tenez la tour."\n'
                                             '[courtyard.courtyard]\nname = "La Cour"\n')
    return folder


def test_tiles_overview_and_posters_are_labelled_in_french(tmp_path):
    folder = hex_board_in_french(tmp_path)
    code, _, warned = generator("build", folder, "--lang", "fr", "--out", tmp_path / "out")
    assert (code, warned) == (0, "")
    with pdfplumber.open(tmp_path / "out" / "hex-board-a4-fr.pdf") as doc:
        pages = [" ".join(p.extract_text().split()) for p in doc.pages]
    assert any("vue d'ensemble de l'assemblage" in p and "tuiles (rangée, colonne) ; collez chaque tuile" in p
               for p in pages), pages
    assert any("tuile rangée 1, colonne 1 sur" in p and "colle : rangée 2, colonne 1 couvre cette bande" in p
               for p in pages), pages
    assert "Cartes et plateaux en tuiles : rognez chaque tuile" in pages[0]
    with pdfplumber.open(tmp_path / "out" / "hex-board-poster-a2-fr.pdf") as doc:
        poster = " ".join(doc.pages[0].extract_text().split())
    assert "Valley map (La Vallée) : affiche A2, " in poster and "taille réelle" in poster, poster


def test_a_french_reprint_lists_its_changes_in_french_under_a_name_ending_in_the_code(tmp_path):
    fox = tmp_path / "fox-deck"
    shutil.copytree(EXAMPLES / "fox-deck", fox)
    out = tmp_path / "out"
    assert generator("build", fox, "--lang", "fr", "--out", out)[0] == 0
    edit_text(fox / "lang" / "fr.toml", 'name = "Renard de nuit"', 'name = "Renard nocturne"')
    code, said, warned = generator("build", fox, "--lang", "fr", "--since", out / "fox-deck-a4-fr.json", "--out", out)
    assert (code, warned) == (0, ""), warned
    assert f"{out}/fox-deck-a4-reprint-fr.pdf" in said
    assert 'changed night-fox: name "Renard de nuit" -> "Renard nocturne"' in said  # the command speaks English
    with pdfplumber.open(out / "fox-deck-a4-reprint-fr.pdf") as doc:
        first = " ".join(doc.pages[0].extract_text().split())
    for words in ("Fox Deck : réimpression", "Les pièces dont les faces ont changé depuis fox-deck-a4-fr.json",
                  "Ce qui a changé", 'modifié night-fox : name "Renard de nuit" -> "Renard nocturne"',
                  "ce qui a changé · page 1 sur"):
        assert words in first, first


def test_a_french_guide_says_in_french_what_the_print_shop_cannot_make(tmp_path):
    folder = hex_board_in_french(tmp_path)
    out = tmp_path / "out"
    code, said, warned = generator("build", folder, "--lang", "fr", "--shop", "dtc", "--out", out)
    assert (code, warned) == (0, "")
    assert "Valley map (board, 340x250mm): DriveThruCards makes no board pieces; print them from " \
           "hex-board-a4-fr.pdf, pages 2-4" in said  # the command's summary stays English
    text = guide_text(out / "hex-board-a4-fr.pdf")
    assert "Pièces que DriveThruCards ne fabrique pas" in text
    assert "Valley map (plateau, 340x250mm) : DriveThruCards ne fabrique aucune pièce de type plateau. Imprimez-les " \
           "depuis ce kit : pages 2-4." in text, text
    assert VENDORS["generic"].called(words("fr")) == "un imprimeur"
    assert VENDORS["tgc"].refuses("card", (10, 10), words("fr")) == (
        "plus petite que la plus petite pièce que découpe The Game Crafter (19.05 mm, 3/4 in)")
