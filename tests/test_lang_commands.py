"""`--lang CODE` and `--lang-fallback` on `generator png`, `tts`, `proof` and `watch` (issue 36 point 2), as on
`generator build`: the fox deck's French faces, named with the code, and the same refusals (exit 2)."""
from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w
from PIL import Image, ImageChops

from conftest import edit_text
from generator.engine.proof import CAPTION_PT
from test_designer import EXAMPLES, generator


@pytest.fixture
def fox(tmp_path) -> Path:
    game = tmp_path / "fox-deck"
    shutil.copytree(EXAMPLES / "fox-deck", game)
    return game


def written_in_french(fox: Path, to: Path) -> Path:
    """A copy of the fox deck whose cards.toml holds the French texts themselves (and no translations)."""
    shutil.copytree(fox, to)
    french = tomllib.loads((fox / "lang" / "fr.toml").read_text())["foxes"]
    cards = tomllib.loads((fox / "cards.toml").read_text())
    for card in cards["cards"]:
        card.update(french[card["id"]])
    (to / "cards.toml").write_text(tomli_w.dumps(cards))
    shutil.rmtree(to / "lang")
    return to


def test_png_writes_the_french_faces_into_a_folder_named_with_the_code(fox, tmp_path):
    out = tmp_path / "out"
    assert generator("png", fox, "--dpi", 72, "--out", out)[0] == 0
    code, said, warned = generator("png", fox, "--dpi", 72, "--lang", "fr", "--out", out)
    assert (code, warned) == (0, "")
    assert said == f"fox-deck: wrote 6 PNG files at 72 dpi into {out}/fox-deck-png-fr\n"
    english, french = out / "fox-deck-png" / "foxes", out / "fox-deck-png-fr" / "foxes"
    assert sorted(p.name for p in french.iterdir()) == sorted(p.name for p in english.iterdir())
    for card in ("red-fox", "night-fox", "moonrise"):
        assert (french / f"{card}-front.png").read_bytes() != (english / f"{card}-front.png").read_bytes(), card
    assert (french / "red-fox-back.png").read_bytes() == (english / "red-fox-back.png").read_bytes()  # no text
    # the faces a deck written in French draws, pixel for pixel: the French texts are what is printed
    written = written_in_french(fox, tmp_path / "written" / "fox-deck")
    assert generator("png", written, "--dpi", 72, "--out", tmp_path / "written-out")[0] == 0
    for png in french.iterdir():
        assert png.read_bytes() == (tmp_path / "written-out" / "fox-deck-png" / "foxes" / png.name).read_bytes(), png


def test_tts_names_every_card_in_french(fox, tmp_path):
    out = tmp_path / "out"
    code, said, warned = generator("tts", fox, "--lang", "fr", "--out", out)
    assert (code, warned) == (0, "")
    assert said.startswith(f"fox-deck: wrote 2 Tabletop Simulator images and {out}/fox-deck-tts-fr/fox-deck-fr.json, ")
    saved = json.loads((out / "fox-deck-tts-fr" / "fox-deck-fr.json").read_text())
    names = [card["Nickname"] for obj in saved["ObjectStates"] for card in obj.get("ContainedObjects", [])]
    assert names == ["Renard roux", "Renard roux", "Renard de nuit", "Lever de lune"]
    assert sorted(p.name for p in out.iterdir()) == ["fox-deck-tts-fr"]


def test_proof_draws_the_french_faces_and_names_its_pictures_with_the_code(fox, tmp_path):
    out = tmp_path / "out"
    code, said, warned = generator("proof", fox, "--lang", "fr", "--hand", "red-fox,moonrise", "--out", out)
    assert (code, warned) == (0, "")
    assert said == f"fox-deck: wrote {out}/fox-deck-proof-fr.png and {out}/fox-deck-hand-fr.png\n"
    assert generator("proof", fox, "--hand", "red-fox,moonrise", "--out", out)[0] == 0
    for picture in ("proof", "hand"):
        assert (out / f"fox-deck-{picture}-fr.png").read_bytes() != (out / f"fox-deck-{picture}.png").read_bytes()
    written = written_in_french(fox, tmp_path / "written" / "fox-deck")
    assert generator("proof", written, "--hand", "red-fox,moonrise", "--out", tmp_path / "written-out")[0] == 0
    # the same hand as a deck written in French; the sheet differs by its back's caption ("dos", not "back")
    assert (out / "fox-deck-hand-fr.png").read_bytes() == (tmp_path / "written-out" / "fox-deck-hand.png").read_bytes()
    with Image.open(out / "fox-deck-proof-fr.png") as ours, Image.open(tmp_path / "written-out" / "fox-deck-proof.png") \
            as theirs:
        left, top, right, bottom = ImageChops.difference(ours.convert("RGB"), theirs.convert("RGB")).getbbox()
        assert bottom - top <= CAPTION_PT / 72 * 100 * 1.6 and right - left < ours.width / 4  # one caption


@pytest.mark.parametrize("command", ["png", "tts", "proof", "watch"])
def test_every_command_refuses_a_language_the_game_lacks_and_a_fallback_without_a_language(fox, tmp_path, command):
    out = tmp_path / "out"
    code, said, warned = generator(command, fox, "--lang", "de", "--out", out)
    assert (code, said, warned) == (2, "", f"{fox}: --lang: expected one of the languages the game has (fr), got 'de'\n")
    code, said, warned = generator(command, fox, "--lang-fallback", "--out", out)
    assert (code, said, warned) == (2, "", "--lang-fallback: expected --lang CODE with it (the language whose missing "
                                           "texts fall back)\n")
    assert not out.exists()


@pytest.mark.parametrize("command", ["png", "tts", "proof"])
def test_every_missing_translation_is_listed_unless_the_original_falls_back(fox, tmp_path, command):
    lang = fox / "lang" / "fr.toml"
    lang.write_text(lang.read_text().split("[foxes.moonrise]")[0])
    out = tmp_path / "out"
    code, said, warned = generator(command, fox, "--lang", "fr", "--out", out)
    assert (code, said) == (2, "")
    assert warned == (f"{fox}/cards.toml:19: card 'moonrise' (Moonrise): no fr translation of name, text, tags (add it "
                      "to lang/fr.toml or a name@fr column, or build with --lang-fallback to print the original)\n")
    assert not out.exists()
    assert generator(command, fox, "--lang", "fr", "--lang-fallback", "--out", out)[0] == 0


def test_a_french_text_too_long_for_its_box_is_refused_as_build_refuses_it(fox, tmp_path):
    edit_text(fox / "lang" / "fr.toml", '"Jouez au crépuscule. *Discret comme la lune.*"',
              '"' + "Jouez au crépuscule, longuement et sans bruit. " * 30 + '"')
    built = generator("build", fox, "--lang", "fr", "--out", tmp_path / "out")
    assert built[:2] == (2, "") and "in fr: text does not fit its 55.0 x 19.0 mm box" in built[2]
    for command in ("png", "tts", "proof"):
        assert generator(command, fox, "--lang", "fr", "--out", tmp_path / "out") == built, command
    assert not (tmp_path / "out").exists()


def test_watch_rebuilds_the_french_kit_and_previews_the_french_card(fox, tmp_path, monkeypatch):
    out = tmp_path / "out"
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))

    def rounds(folder_seen, rebuild, **options):
        rebuild()
        edit_text(fox / "lang" / "fr.toml", 'name = "Lever de lune"', 'name = "Lune levante"')
        rebuild()

    monkeypatch.setattr("generator.engine.watch.watch", rounds)
    code, said, warned = generator("watch", fox, "--lang", "fr", "--out", out)
    assert (code, warned) == (0, "")
    assert said.count(f"-> {out}/fox-deck-a4-fr.pdf, {out}/fox-deck-a4-fr.json (") == 2
    assert f"{out}/fox-deck-png-fr/foxes/moonrise-front.png" in said
    assert sorted(p.name for p in out.iterdir()) == ["fox-deck-a4-fr.json", "fox-deck-a4-fr.pdf", "fox-deck-png-fr"]
    assert generator("build", fox, "--lang", "fr", "--no-cache", "--out", tmp_path / "cold")[0] == 0
    assert (out / "fox-deck-a4-fr.pdf").read_bytes() == (tmp_path / "cold" / "fox-deck-a4-fr.pdf").read_bytes()
