"""The looks' own words (issue 36 point 2): every word Gold and Steel's and Eldorado's faces print themselves
comes from the family's phrase table in the kit's language.

The proof builds each game in a language ("de") whose table is the English one with every entry replaced by a
token of its own (`QzA`, `QzB`... keeping the entry's placeholders): every token but those of `UNREACHED` shows up
in the kit read back from its PDFs, and every other word on a face is the record's own text, its version stamp,
the map's coordinates or the engine's (the map tiles' glue labels).  A word a look still wrote from Python, or a
table's word it read in English, would be left over."""
from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from string import ascii_uppercase
from typing import Any

import pypdfium2
import pytest

from cards import load_game, phrases
from cards.models.eldorado import words as eldorado
from cards.models.eldorado.coords import column_name
from cards.models.eternal_gold_and_steel import words as gold_and_steel
from cards.translations import load_translated
from cards.typeset.place import MM
from conftest import CARDS
from generator.engine.build import build_game
from generator.engine.sheet import Options
from generator.templates.eldorado import notes

FAMILIES = {"eternal-gold-and-steel": gold_and_steel.SPEC, "eldorado": eldorado.SPEC}
TOKEN = re.compile(r"[Qq]z[A-Z]+")  # (a lead in a discard-pile ability starts lower case)
# the keys a built-in kit does not print: Eldorado's looks join no list, and its sizes reach neither the notes'
# "none" nor "overhang" (`test_the_notes_say_every_case_from_the_table`); no card of Gold and Steel's has these
# effects, conditions or a list of three
UNREACHED = {"eldorado": {"list.between", "list.last", "notes.none", "notes.overhang"},
             "eternal-gold-and-steel": {"conditions.gold_at_least", "effects.add_market_card",
                                        "effects.gain_strength.given", "leads.any_ally", "list.between"}}
ENGINE = {"glue", "row", "column", "covers", "this", "strip"}  # the map tiles' labels: the engine's catalogue
SQUARE = re.compile(r"([A-Z]{1,2})\d+")  # a square's name in its corner (C7)


def token(n: int) -> str:
    """The n-th token (from 1): QzA, QzB, ... QzZ, QzAA."""
    letters = ""
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(65 + r) + letters
    return "Qz" + letters


def marked(spec: phrases.Spec) -> tuple[str, dict[str, set[str]]]:
    """A table of the family's keys, each entry a token of its own with the entry's placeholders (a joiner between
    spaces); and the tokens of each key (one per plural variant)."""
    english = phrases.table(spec, None).entries
    lines, tokens, n = [], {}, 0
    for key, names in spec.keys.items():
        held = "".join(f" {{{name}}}" for name in sorted(names))
        entry = english[key]
        forms = entry[1] if isinstance(entry, tuple) else {"": entry}
        tokens[key] = set()
        texts = {}
        for form in forms:
            n += 1
            tokens[key].add(token(n))
            texts[form] = f" {token(n)} " if key.endswith(("between", "last")) else token(n) + held
        if isinstance(entry, tuple):
            lines.append(f'{key} = {{ count = "{entry[0]}", '
                         + ", ".join(f'{form} = "{text}"' for form, text in texts.items()) + " }")
        else:
            lines.append(f'{key} = "{texts[""]}"')
    return "\n".join(lines) + "\n", tokens


@pytest.fixture
def in_german(tmp_path, monkeypatch):
    """Point a family's tables at a copy holding the English table and a marked German one; its tokens by key."""

    def make(spec: phrases.Spec) -> dict[str, set[str]]:
        folder = tmp_path / "phrases"
        folder.mkdir()
        shutil.copy(spec.folder / "en.toml", folder / "en.toml")
        text, tokens = marked(spec)
        (folder / "de.toml").write_text(text)
        monkeypatch.setattr(spec, "folder", folder)
        return tokens

    return make


def build(game: str, tmp_path: Path, lang: str | None) -> Path:
    """The built-in game built (no face cache: the tables in tmp_path are not in its key), translated to `lang`
    (a lang/CODE.toml translating no record: every record prints its own text); the kit's PDF."""
    folder = tmp_path / game
    shutil.copytree(CARDS / game, folder)
    (folder / "lang").mkdir()
    (folder / "lang" / "de.toml").write_text("# no record translated: --lang-fallback prints each one's own text\n")
    out = tmp_path / f"out-{lang}"
    build_game(load_translated(folder, lang, fallback=True) if lang else load_game(folder), Options(), out,
               cache_root=None)
    return next(pdf for pdf in out.glob("*.pdf") if "poster" not in pdf.name)


def kit_text(pdf: Path) -> str:
    """The text of the kit and its posters, in the order drawn (a turned word stays whole: pdfium)."""
    said = []
    for path in sorted(pdf.parent.glob("*.pdf")):
        doc = pypdfium2.PdfDocument(path)
        said += [page.get_textpage().get_text_range() for page in doc]
        doc.close()
    return "\n".join(said)


def coordinate(word: str) -> bool:
    """The map's coordinates: the columns' letters round its edge (read as one run, ABCD...), a square's name."""
    found = SQUARE.fullmatch(word)
    return word in ascii_uppercase if found is None else found[1] in {column_name(i) for i in range(100)}


def faces(pdf: Path) -> dict[tuple[str, str, str], str]:
    """Each face's text (component, id, side), read where the kit's manifest puts the piece, in the order drawn
    (pdfium: a word turned on the face, the Throne's SPENT, stays whole)."""
    manifest = json.loads(pdf.with_suffix(".json").read_text())
    found: dict[tuple[str, str, str], str] = {}
    doc = pypdfium2.PdfDocument(pdf)
    for page in manifest["pages"]:
        text = doc[page["number"] - 1].get_textpage()
        for item in page["items"]:
            key = (item["component"], item["id"], item["side"])
            if key not in found:
                found[key] = text.get_text_bounded(item["x"] * MM, item["y"] * MM, (item["x"] + item["w"]) * MM,
                                                   (item["y"] + item["h"]) * MM)
    doc.close()
    return found


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


def own_words(folder: Path) -> dict[tuple[str, str], set[str]]:
    """Every word of each record's own fields, case-folded (a look may print a name in capitals)."""
    game = load_game(folder)
    return {(c.id, r.id): {w.casefold() for w in re.findall(r"[^\W\d_][\w']*", " ".join(strings(r.model_dump())))}
            for c in game.components for r in c.records}


@pytest.mark.parametrize("game", FAMILIES)
def test_every_word_a_look_prints_is_its_tables_in_the_kits_language(game, tmp_path, in_german):
    tokens = in_german(FAMILIES[game])
    pdf = build(game, tmp_path, "de")
    printed = {"Q" + found[1:] for found in TOKEN.findall(kit_text(pdf))}
    assert {key for key in tokens if not tokens[key] <= printed} == UNREACHED[game]
    words = own_words(tmp_path / game)
    left: dict[tuple[str, str, str], list[str]] = {}
    for (component, record, side), text in faces(pdf).items():
        mine = words.get((component, record), set())
        # the tokens out, then words apart where pdfium runs two together (two names side by side on the map)
        rest = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", TOKEN.sub(" ", text))
        for word in re.findall(r"[^\W\d_][\w']*", rest):
            if not (word.casefold() in mine or re.fullmatch(r"[0-9a-f]+", word)  # its version stamp
                    or word in ENGINE or (component == "map" and coordinate(word))):
                left.setdefault((component, record, side), []).append(word)
    assert left == {}


@pytest.mark.parametrize("game", FAMILIES)
def test_the_english_kit_reads_the_english_table(game, tmp_path, in_german):
    in_german(FAMILIES[game])
    text = kit_text(build(game, tmp_path, None))
    assert TOKEN.findall(text) == []
    english = phrases.table(FAMILIES[game], None)
    key = "tray.instructions" if game == "eternal-gold-and-steel" else "hold.note"
    assert english(key) in " ".join(text.split())


def test_the_notes_say_every_case_from_the_table(in_german):
    """What a square holds: two counters, one, none; a ship marker under them or overhanging (mm)."""
    tokens = in_german(eldorado.SPEC)
    said = eldorado.words("de")
    cases = [notes._on(said, square, 8, marker) for square, marker in ((20, 10), (10, 10), (6, 12))]
    one = {key: next(iter(tokens[key])) for key in ("notes.holds", "notes.two", "notes.one", "notes.none",
                                                    "notes.ship", "notes.overhang")}
    assert cases == [f"{one['notes.holds']} {one['notes.two']} {one['notes.ship']}",
                     f"{one['notes.holds']} {one['notes.one']} {one['notes.ship']}",
                     f"{one['notes.holds']} {one['notes.none']} {one['notes.overhang']}"]
    english = eldorado.words()
    assert [notes._on(english, square, 8, marker) for square, marker in ((20, 10), (10, 10), (6, 12))] == [
        "two counters side by side, a ship marker under them", "one counter: stack the second on it, a ship "
        "marker under them", "no counter without overhang, ship markers overhang"]
