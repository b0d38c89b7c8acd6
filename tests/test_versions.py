"""Versions on every face, and reprints of only what changed (issue 34).

Every claim is read back from what a build wrote: each stamp's text at its face's position in the PDF
(pdftotext's word boxes), the reprint's pages and items from its manifest and PDF, the change list
from `generator changes`, the before/after page's images from the two PDFs.
"""
from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from cards import load_game
from conftest import CARDS, edit_text
from generator.engine.box import SAFE_MM
from generator.engine.build import build_game
from generator.engine.sheet import Options
from generator.engine.stamp import FaceStamps, Spot, fields_of, lay_out, table_text
from generator.engine.box import MM, Box
from generator.templates import looks_for

ROOT = Path(__file__).resolve().parent.parent
FOX = ROOT / "examples" / "fox-deck"
MM_PT = 72 / 25.4


def generator(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator.plain", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def typer_generator(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import sys; sys.argv[0] = 'generator'; from generator.cli import "
                           "main; main()", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def versioned(src: Path, dest: Path, version: str = "0.3") -> Path:
    shutil.copytree(src, dest)
    edit_text(dest / "game.toml", "\nrules = ", f'\nversion = "{version}"\nrules = ')
    return dest


# ---- reading stamps back ------------------------------------------------------------------------------

def words(pdf: Path) -> dict[int, list[tuple[str, float, float, float, float]]]:
    """Per page: (text, x0, y0, x1, y1) of every word, in mm from the page's bottom-left."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages: dict[int, list] = {}
    number = 0
    height = 0.0
    for line in out.splitlines():
        page = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line)
        if page:
            number += 1
            height = float(page.group(2))
            pages[number] = []
            continue
        word = re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if word:
            x0, y0, x1, y1 = (float(v) for v in word.groups()[:4])
            text = word.group(5).replace("&amp;", "&").replace("&apos;", "'").replace("&quot;", '"')
            pages[number].append((text, x0 / MM_PT, (height - y1) / MM_PT, x1 / MM_PT, (height - y0) / MM_PT))
    return pages


def stamps_read(pdf: Path, manifest: dict) -> dict[tuple, tuple[str, list[tuple[float, float, float, float]]]]:
    """{(component, id, side, die face, page, item's index): (stamp text, its words' boxes in mm)} of every
    stamped, untiled item, read from the PDF's words alone: on a card, the 8-hex-digit word on the item and
    the words just before it on its line (the version, the dot); on a round piece, the characters along its
    safe circle, left to right."""
    found = {}
    shapes = {c.id: c.spec.shape for c in load_game(str(manifest["_folder"])).components}
    by_page = words(pdf)
    for page in manifest["pages"]:
        for at, item in enumerate(page["items"]):
            if "tile" in item or item.get("scale", 1) != 1:
                continue
            x, y, w, h = item["x"], item["y"], item["w"], item["h"]
            turned = item.get("rotation") == 180   # a back turned over for the flip
            on = [wd for wd in by_page[page["number"]] if owner(page, wd) is item]
            if shapes[item["component"]] == "round":
                ring = min(w, h) / 2 - SAFE_MM
                mine = [wd for wd in on if re.fullmatch(r"[0-9a-f.\u00b7]+", wd[0]) and ring - 2.5 <
                        math.hypot((wd[1] + wd[3]) / 2 - x - w / 2, (wd[2] + wd[4]) / 2 - y - h / 2) < ring + 0.3]
                if mine:
                    mine.sort(key=lambda m: m[1], reverse=turned)
                    found[(item["component"], item["id"], item["side"], item.get("die_face"), page["number"], at)] = \
                        ("".join(m[0] for m in mine), [m[1:] for m in mine])
                continue
            digests = [wd for wd in on if re.fullmatch(r"[0-9a-f]{8}", wd[0])]
            if not digests:
                continue
            assert len(digests) == 1, digests
            line = [digests[0]]
            while True:   # the words just before it on its line (just after it, read upside down)
                last = line[-1]
                near = [wd for wd in on if wd not in line and abs((wd[2] + wd[4]) - (last[2] + last[4])) < 0.8 and
                        (0 <= last[1] - wd[3] < 1.5 if not turned else 0 <= wd[1] - last[3] < 1.5)]
                if not near:
                    break
                line.append(min(near, key=lambda wd: last[1] - wd[3] if not turned else wd[1] - last[3]))
            found[(item["component"], item["id"], item["side"], item.get("die_face"), page["number"], at)] = \
                (" ".join(m[0] for m in reversed(line)), [m[1:] for m in line])
    return found


def owner(page: dict, word: tuple) -> dict | None:
    """The smallest item of `page` holding the word's centre (a token printed in a board's cut-away room is the
    token's, not the board's)."""
    cx, cy = (word[1] + word[3]) / 2, (word[2] + word[4]) / 2
    holding = [i for i in page["items"] if i["x"] < cx < i["x"] + i["w"] and i["y"] < cy < i["y"] + i["h"]]
    return min(holding, key=lambda i: i["w"] * i["h"], default=None)


def manifest_of(path: Path, folder: Path) -> dict:
    data = json.loads(path.read_text())
    data["_folder"] = folder
    return data


def digests(manifest: dict) -> dict[tuple, str]:
    return {(f["component"], f["id"], f["side"], f.get("die_face")): f["digest"] for f in manifest["faces"]}


# ---- 1. a version on every face -----------------------------------------------------------------------

@pytest.mark.parametrize("game", ["el-dorado-canyon", "eternal-gold-and-steel", "eldorado", "fox-deck"])
def test_every_face_carries_its_version_and_digest_inside_its_safe_zone_clear_of_every_other_word(tmp_path, game):
    folder = versioned(FOX if game == "fox-deck" else CARDS / game, tmp_path / game)
    result = build_game(load_game(str(folder)), Options(), tmp_path / "out")
    name = folder.name
    manifest = manifest_of(tmp_path / "out" / f"{name}-a4.json", folder)
    pdf = tmp_path / "out" / f"{name}-a4.pdf"
    read = stamps_read(pdf, manifest)
    faces = digests(manifest)
    pieces = [(p["number"], at, i) for p in manifest["pages"] for at, i in enumerate(p["items"]) if "tile" not in i
              and i.get("scale", 1) == 1]
    loaded = load_game(str(folder))
    looks = looks_for(loaded)
    specs = {c.id: c.spec for c in loaded.components}
    stamped = [(n, at, i) for n, at, i in pieces if min(specs[i["component"]].size_mm) > 8   # (the 8 mm counters)
               and looks.stamp(specs[i["component"]], i["side"], loaded.record(i["id"])) is not None]
    unstamped = {(n, at) for n, at, i in pieces} - {(n, at) for n, at, _ in stamped}
    assert not [k for k in read if k[4:] in unstamped]
    assert result.pages and stamped
    by_page = words(pdf)
    for number, at, item in stamped:
        key = (item["component"], item["id"], item["side"], item.get("die_face"))
        text, boxes = read[key + (number, at)]
        assert text.replace(" ", "") == f"0.3·{faces[key]}", (key, text)
        # inside the trim, clear of every other word printed on the page (the face's texts, its neighbours')
        others = [w for w in by_page[number] if tuple(w[1:]) not in boxes]
        x, y, w, h = item["x"], item["y"], item["w"], item["h"]
        for x0, y0, x1, y1 in boxes:
            if specs[item["component"]].shape == "round":   # each character (turned along it) inside the safe circle
                # (pdftotext's boxes run from the font's ascent to its descent, beyond the glyphs' ink)
                reach = math.hypot((x0 + x1) / 2 - x - w / 2, (y0 + y1) / 2 - y - h / 2) + min(x1 - x0, y1 - y0) / 2
                assert reach <= min(w, h) / 2 - SAFE_MM + 0.35, (key, reach)
            else:   # inside the safe zone
                assert x + SAFE_MM - 0.2 <= x0 and x1 <= x + w - SAFE_MM + 0.2, (key, x0, x1)
                assert y + SAFE_MM - 0.2 <= y0 and y1 <= y + h - SAFE_MM + 0.2, (key, y0, y1)
            assert not [o for o in others if o[1] < x1 and x0 < o[3] and o[2] < y1 and y0 < o[4]], (key, text)


def test_a_stamp_is_laid_out_inside_the_safe_zone_at_each_corner_and_left_off_a_piece_too_small():
    box = Box(63.5 * MM, 88.9 * MM)
    sx, sy, sw, sh = box.safe_rect
    for corner in ("bottom-left", "bottom-right", "top-left", "top-right", "bottom"):
        placed = lay_out("0.3 · 1a2b3c4d", box, Spot(corner=corner, inset=(1.0, 2.0)), False)
        assert placed is not None
        x, y, w, h = placed.rect
        assert sx <= x and x + w <= sx + sw and sy <= y and y + h <= sy + sh
        assert (y == pytest.approx(sy + 2 * MM)) if corner.startswith("bottom") else \
            (y + h == pytest.approx(sy + sh - 2 * MM))
        if corner.endswith("left"):
            assert x == pytest.approx(sx + 1 * MM)
        elif corner.endswith("right"):
            assert x + w == pytest.approx(sx + sw - 1 * MM)
    assert lay_out("0.3 · 1a2b3c4d", Box(8 * MM, 8 * MM), Spot(), True) is None


def test_a_digest_is_of_the_json_text_of_what_its_face_shows_its_parts_written_once():
    """The digest's text, put together from its parts' texts (a component's written once for all its faces), is
    `json.dumps` of the whole table, keys sorted, as the digests of the manifests kept so far were made."""
    game = load_game("eternal-gold-and-steel")
    looks = looks_for(game)
    stamps = FaceStamps(game, looks)
    for comp in game.components:
        for record in comp.records[:3]:
            what = {"look": stamps.base, "component": fields_of(comp.spec), "record": fields_of(record), "side": "front",
                    "die_face": None, "art": ["art/é.png:1a2b"]}
            texts = {k: json.dumps(v, sort_keys=True, ensure_ascii=False) for k, v in what.items()}
            assert table_text(texts) == json.dumps(what, sort_keys=True, ensure_ascii=False)
    assert table_text({"b": "2", "a": '"é"', "die_face": "3"}) == '{"a": "é", "b": 2, "die_face": 3}'


def test_a_version_that_is_not_a_string_is_refused_with_its_line(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    edit_text(folder / "game.toml", 'version = "0.3"', "version = 0.3")
    done = generator("build", str(folder), "--out", "out", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "game.toml" in done.stderr and "version" in done.stderr and done.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_no_stamp_leaves_every_face_unstamped_and_the_manifest_still_records_the_digests(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    done = generator("build", str(folder), "--out", "out", "--no-stamp", "--no-cache", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    manifest = manifest_of(tmp_path / "out" / "fox-a4.json", folder)
    assert not stamps_read(tmp_path / "out" / "fox-a4.pdf", manifest)
    assert manifest["version"] == "0.3" and len(digests(manifest)) == 6   # 3 cards, front and back
    assert {r["id"]: r["fields"]["cost"] for r in manifest["records"]} == {"red-fox": 2, "night-fox": 3, "moonrise": 1}
    stamped = generator("build", str(folder), "--out", "stamped", "--no-cache", cwd=tmp_path)
    assert json.loads((tmp_path / "stamped" / "fox-a4.json").read_text())["faces"] == manifest["faces"]


def test_the_stamp_reaches_png_tts_and_shop_faces(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    for flag, out in (([], "on"), (["--no-stamp"], "off")):
        assert typer_generator("png", str(folder), "--card", "moonrise", "--out", out, *flag, cwd=tmp_path).returncode == 0
        assert typer_generator("tts", str(folder), "--out", out, *flag, cwd=tmp_path).returncode == 0
        done = typer_generator("build", str(folder), "--out", out, "--shop", "dtc", "--no-cache", *flag, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    digest = digests(json.loads((tmp_path / "on" / "fox-a4.json").read_text()))[("foxes", "moonrise", "front", None)]
    on = Image.open(tmp_path / "on" / "fox-png" / "foxes" / "moonrise-front.png")
    off = Image.open(tmp_path / "off" / "fox-png" / "foxes" / "moonrise-front.png")
    box = ImageChops.difference(on.convert("RGB"), off.convert("RGB")).getbbox()
    assert box is not None   # the stamp, and nothing else: a small plate inside the safe zone
    dpm = 300 / 25.4
    edge = (3 + SAFE_MM) * dpm   # bleed and safe margin
    assert edge <= box[0] and box[2] <= on.width - edge and edge <= box[1] and box[3] <= on.height - edge
    assert (box[2] - box[0]) < 16 * dpm and (box[3] - box[1]) < 3 * dpm
    sheets = sorted((tmp_path / "on" / "fox-tts").glob("foxes-*.png"))
    assert sheets and any(Image.open(p).tobytes() != Image.open(tmp_path / "off" / "fox-tts" / p.name).tobytes()
                          for p in sheets)
    shop = subprocess.run(["pdftotext", str(tmp_path / "on" / "fox-shop-dtc" / "63.5x88.9mm.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert f"0.3 · {digest}" in shop
    plain = subprocess.run(["pdftotext", str(tmp_path / "off" / "fox-shop-dtc" / "63.5x88.9mm.pdf"), "-"],
                           capture_output=True, text=True, check=True).stdout
    assert digest not in plain


# ---- stamps of two builds differ exactly on the changed faces --------------------------------------------

def test_the_stamps_of_two_builds_differ_exactly_on_the_faces_of_the_card_changed(tmp_path):
    folder = versioned(CARDS / "el-dorado-canyon", tmp_path / "edc")
    build_game(load_game(str(folder)), Options(), tmp_path / "one")
    edit_text(folder / "town.toml", 'flavor = "A faster ride to town."', 'flavor = "A quicker ride to town."')
    build_game(load_game(str(folder)), Options(), tmp_path / "two")
    one = manifest_of(tmp_path / "one" / "edc-a4.json", folder)
    two = manifest_of(tmp_path / "two" / "edc-a4.json", folder)
    before, after = stamps_read(tmp_path / "one" / "edc-a4.pdf", one), stamps_read(tmp_path / "two" / "edc-a4.pdf", two)
    assert before.keys() == after.keys() and len(before) > 200
    differ = {k[:4] for k in before if before[k][0] != after[k][0]}
    assert differ == {("town", "stagecoach", "front", None)}
    changed = {k for k, d in digests(two).items() if digests(one)[k] != d}
    assert changed == differ


# ---- 2. reprint what changed ------------------------------------------------------------------------------

def test_a_reprint_holds_exactly_the_changed_card_with_its_back_after_the_list_of_changes(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    edit_text(folder / "cards.toml", "Play at dusk.", "Play at dawn.")
    done = generator("build", str(folder), "--out", "two", "--since", "one/fox-a4.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == ["fox-a4-reprint.json", "fox-a4-reprint.pdf"]
    manifest = manifest_of(tmp_path / "two" / "fox-a4-reprint.json", folder)
    items = [(i["id"], i["side"], i["copy"]) for p in manifest["pages"] for i in p["items"]]
    assert items == [("night-fox", "front", 1), ("night-fox", "back", 1)]
    assert manifest["changes"] == {"added": [], "removed": [], "changed": [
        {"id": "night-fox", "fields": {"text": ["Play at dusk. *Quiet as the moon.*",
                                                "Play at dawn. *Quiet as the moon.*"]}}]}
    assert manifest["pages"][0].get("changes") and any(p.get("guide") for p in manifest["pages"][1:3])
    pdf = tmp_path / "two" / "fox-a4-reprint.pdf"
    assert len(pdfium.PdfDocument(pdf)) == len(manifest["pages"])
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    assert 'changed night-fox: text "Play at dusk. *Quiet as the moon.*" -> "Play at dawn. *Quiet as the moon.*"' \
        in first
    read = stamps_read(pdf, manifest)
    assert {k[:3]: t.replace(" ", "") for k, (t, _) in read.items()} == {
        ("foxes", "night-fox", side): f"0.3·{digests(manifest)[('foxes', 'night-fox', side, None)]}"
        for side in ("front", "back")}
    assert "changed night-fox" in done.stdout
    # the reprint's manifest holds every face, so it is the next build's --since as a whole kit's is
    again = generator("build", str(folder), "--out", "three", "--since", "two/fox-a4-reprint.json", cwd=tmp_path)
    assert again.returncode == 0 and again.stdout == \
        "fox: nothing changed since two/fox-a4-reprint.json: no PDF written\n"
    assert not (tmp_path / "three").exists()


def test_the_plain_path_and_the_typer_command_write_the_same_reprint_and_unstamped_kit(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    edit_text(folder / "cards.toml", "Play at dusk.", "Play at dawn.")
    for args in (["--since", "one/fox-a4.json"], ["--no-stamp"]):
        plain = generator("build", str(folder), *args, "--no-cache", "--out", "plain", cwd=tmp_path)
        typer = typer_generator("build", str(folder), *args, "--no-cache", "--out", "typer", cwd=tmp_path)
        assert (plain.returncode, plain.stdout.replace("plain", "typer")) == (typer.returncode, typer.stdout)
        assert {p.name: p.read_bytes() for p in (tmp_path / "plain").iterdir()} == \
            {p.name: p.read_bytes() for p in (tmp_path / "typer").iterdir()}


def test_a_reprint_lists_records_added_and_removed(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    text = (folder / "cards.toml").read_text()
    start = text.index('[[cards]]\nid = "moonrise"')   # the last card
    (folder / "cards.toml").write_text(text[:start] + '\n[[cards]]\nid = "fog"\nname = "Fog"\n'
                                       'art = "art/moon.svg"\ntext = "Hide."\n')
    done = generator("build", str(folder), "--out", "two", "--since", "one/fox-a4.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "two" / "fox-a4-reprint.json").read_text())
    assert manifest["changes"] == {"added": ["fog"], "removed": ["moonrise"], "changed": []}
    assert {i["id"] for p in manifest["pages"] for i in p["items"]} == {"fog"}


@pytest.mark.parametrize("case", ["another game", "older format", "not json", "missing", "two games", "shop"])
def test_since_refuses_what_it_cannot_compare_with_one_line_and_writes_nothing(tmp_path, case):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    old = tmp_path / "one" / "fox-a4.json"
    data = json.loads(old.read_text())
    extra: list[str] = []
    if case == "another game":
        old.write_text(json.dumps({**data, "game": "el-dorado-canyon"}))
        wanted = f"--since {old.relative_to(tmp_path)}: a manifest of the game 'el-dorado-canyon', not of 'fox-deck'"
    elif case == "older format":
        old.write_text(json.dumps({k: v for k, v in data.items() if k not in ("faces", "records", "version")}
                                  | {"format": 1}))
        wanted = (f"--since {old.relative_to(tmp_path)}: a manifest of format 1, written before pnpkit recorded each "
                  "face's digest: expected format 2; build that kit again with this pnpkit")
    elif case == "not json":
        old.write_text("%PDF-1.4")
        wanted = f"--since {old.relative_to(tmp_path)}: expected a build's .json manifest, got a file that is not JSON"
    elif case == "missing":
        old = tmp_path / "one" / "nope.json"
        wanted = f"--since {old.relative_to(tmp_path)}: "
    elif case == "two games":
        extra = [str(folder)]
        wanted = "--since: expected one game (its manifest is of one), got 2"
    else:
        extra = ["--shop"]
        wanted = "--since: expected no --shop"
    runner = typer_generator if case == "shop" else generator
    done = runner("build", str(folder), *extra, "--out", "two", "--since", str(old.relative_to(tmp_path)),
                  cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith(wanted), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert not (tmp_path / "two").exists()


# ---- 3. generator changes -----------------------------------------------------------------------------------

class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append(dict(attrs)["src"])


def test_changes_prints_the_list_its_json_and_a_page_of_each_changed_face_before_and_after(tmp_path):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    edit_text(folder / "cards.toml", "cost = 3", "cost = 4")
    assert generator("build", str(folder), "--out", "two", cwd=tmp_path).returncode == 0
    shown = typer_generator("changes", "one/fox-a4.json", "two/fox-a4.json", cwd=tmp_path)
    assert (shown.returncode, shown.stdout) == (0, "changed night-fox: cost 3 -> 4\n"), shown.stderr
    as_json = typer_generator("changes", "one/fox-a4.json", "two/fox-a4.json", "--json", cwd=tmp_path)
    assert json.loads(as_json.stdout) == {"added": [], "removed": [],
                                          "changed": [{"id": "night-fox", "fields": {"cost": [3, 4]}}]}
    page = typer_generator("changes", "one/fox-a4.json", "two/fox-a4.json", "--html", "diff", cwd=tmp_path)
    assert page.returncode == 0 and page.stdout.endswith("wrote diff/index.html\n"), page.stderr
    parser = _Images()
    parser.feed((tmp_path / "diff" / "index.html").read_text())
    # the fox deck's back takes nothing from a card (one shared drawing, one digest): only the front changed
    assert parser.images == ["before/foxes/night-fox-front.png", "after/foxes/night-fox-front.png"]
    before = Image.open(tmp_path / "diff" / parser.images[0]).convert("RGB")
    after = Image.open(tmp_path / "diff" / parser.images[1]).convert("RGB")
    assert before.size == after.size == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))
    assert ImageChops.difference(before, after).getbbox() is not None   # the cost badge and the stamp
    # each image is the card cut from its build's PDF, at the position its manifest gives
    manifest = json.loads((tmp_path / "one" / "fox-a4.json").read_text())
    number, item = next((p["number"], i) for p in manifest["pages"] for i in p["items"]
                        if (i["id"], i["side"]) == ("night-fox", "front"))
    page_image = pdfium.PdfDocument(tmp_path / "one" / "fox-a4.pdf")[number - 1].render(scale=150 / 72).to_pil()
    dpm = 150 / 25.4
    left, top = round(item["x"] * dpm), page_image.height - round((item["y"] + item["h"]) * dpm)
    region = page_image.convert("RGB").crop((left, top, left + before.width, top + before.height))
    assert ImageChops.difference(region, before).getbbox() is None


@pytest.mark.parametrize("case", ["missing", "edited"])
def test_changes_html_refuses_a_pdf_missing_or_not_the_one_its_manifest_records(tmp_path, case):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    edit_text(folder / "cards.toml", "cost = 3", "cost = 4")
    assert generator("build", str(folder), "--out", "two", cwd=tmp_path).returncode == 0
    pdf = tmp_path / "two" / "fox-a4.pdf"
    if case == "missing":
        pdf.unlink()
        wanted = "two/fox-a4.pdf: the PDF of fox-a4.json: "
    else:
        pdf.write_bytes(pdf.read_bytes() + b"\n")
        wanted = ("two/fox-a4.pdf: does not match the sha256 fox-a4.json records for it (rebuilt or edited since): "
                  "expected the PDF of that build")
    done = typer_generator("changes", "one/fox-a4.json", "two/fox-a4.json", "--html", "diff", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith(wanted) and done.stderr.count("\n") == 1, done.stderr
    assert not (tmp_path / "diff").exists()


@pytest.mark.parametrize("edit, wanted", [
    (lambda m: m["faces"].__setitem__(0, {"component": "foxes"}),
     'faces.1: expected a table with component, id, side, digest, got {"component": "foxes"}'),
    (lambda m: m["records"].__setitem__(1, ["red-fox"]),
     'records.2: expected a table with component, id, fields, got ["red-fox"]'),
    (lambda m: m["pages"][2]["items"][0].__setitem__("x", "left"),
     "pages.3.items.1: expected a table with component, id, side, x, y, w, h, got "),
    (lambda m: m["pages"].append({"number": 99, "height": 297.0, "items": []}),
     "one/fox-a4.json: expected its pages numbered 1 to 4, as its PDF has them, got 5 pages"),
    (lambda m: m.__setitem__("faces", {"front": 1}), "expected its faces and records lists, got a manifest without"),
])
def test_a_manifest_edited_out_of_shape_is_refused_with_one_line_naming_the_entry(tmp_path, edit, wanted):
    folder = versioned(FOX, tmp_path / "fox")
    assert generator("build", str(folder), "--out", "one", cwd=tmp_path).returncode == 0
    path = tmp_path / "one" / "fox-a4.json"
    manifest = json.loads(path.read_text())
    edit(manifest)
    path.write_text(json.dumps(manifest))
    done = typer_generator("changes", "one/fox-a4.json", "one/fox-a4.json", "--html", "diff", cwd=tmp_path)
    assert done.returncode == 2 and wanted in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "diff").exists()
    if "pages numbered" not in wanted:
        done = generator("build", str(folder), "--since", "one/fox-a4.json", "--out", "two", cwd=tmp_path)
        assert done.returncode == 2 and wanted in done.stderr and done.stderr.count("\n") == 1, done.stderr


# ---- 4. simulation knows the version ----------------------------------------------------------------------

def checker(*args: str) -> str:
    from typer.testing import CliRunner

    from checker.cli import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_simulate_tune_and_compare_name_the_version_and_the_rules_digest(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    base = versioned(ROOT / "tests" / "games" / "edc-test", tmp_path / "base")
    renamed = tmp_path / "renamed"
    shutil.copytree(base, renamed)
    edit_text(renamed / "game.toml", 'name = "', 'name = "Renamed ')
    changed = tmp_path / "changed"
    shutil.copytree(base, changed)
    edit_text(changed / "town.toml", "cost = 3", "cost = 4")
    games = ["--games", "40", "--players", "2", "--jobs", "1"]
    one = json.loads(checker("simulate", str(base), *games, "--json"))
    assert (one["version"], len(one["rules_digest"])) == ("0.3", 12)
    assert json.loads(checker("simulate", str(renamed), *games, "--json"))["rules_digest"] == one["rules_digest"]
    other = json.loads(checker("simulate", str(changed), *games, "--json"))
    assert other["version"] == "0.3" and other["rules_digest"] != one["rules_digest"]
    text = checker("simulate", str(base), *games)
    assert text.splitlines()[1] == f"Definitions: version 0.3, rules digest {one['rules_digest']}"
    compare = checker("simulate", str(base), *games, "--compare", str(changed))
    note = (f"  both definitions say version 0.3, but their cards differ (rules digests {one['rules_digest']} and "
            f"{other['rules_digest']}): give the changed one a new version")
    assert compare.splitlines()[1:3] == [
        f"Definitions: base version 0.3, rules digest {one['rules_digest']}; variant version 0.3, rules digest "
        f"{other['rules_digest']}", note]
    same = json.loads(checker("simulate", str(base), *games, "--compare", str(renamed), "--json"))
    assert same["same_version"] is None
    card = json.loads(checker("simulate", str(base), *games, "--json"))["cards"][0]["id"]
    tune = json.loads(checker("tune", str(base), card, "--field", "cost", "--values", "1..2", *games, "--json"))
    assert (tune["version"], tune["rules_digest"]) == ("0.3", one["rules_digest"])


@pytest.mark.parametrize("stamp, wanted", [
    ('stamp = false', None),
    ('[stamp]\ncorner = "middle"', "expected [stamp] with corner (bottom-left, bottom-right, top-left, top-right, "
                                   "bottom), inset [along, away] in mm (0 to 200) and size in points (6 to 12), "
                                   "got {'corner': 'middle'}"),
    ('stamp = "yes"', "expected stamp = false or a [stamp] table (corner, inset, size), got 'yes'"),
    ('[stamp]\nsize = 4', "size in points (6 to 12), got {'size': 4}"),   # print.md: no text on a card under 6 pt
])
def test_a_layout_places_its_stamp_or_leaves_it_off_and_a_bad_stamp_table_is_refused(tmp_path, stamp, wanted):
    folder = versioned(FOX, tmp_path / "fox")
    text = (folder / "layouts" / "fox.toml").read_text()
    rest = text[:text.index("# The version stamp")]   # (the file's last table)
    (folder / "layouts" / "fox.toml").write_text(rest + "\n" + stamp + "\n" if stamp.startswith("[") else
                                                 stamp + "\n" + rest)   # (a bare key before the tables)
    done = generator("build", str(folder), "--out", "out", cwd=tmp_path)
    if wanted is None:
        assert done.returncode == 0, done.stderr
        read = stamps_read(tmp_path / "out" / "fox-a4.pdf", manifest_of(tmp_path / "out" / "fox-a4.json", folder))
        assert read and {k[2] for k in read} == {"back"}   # the fronts' layout leaves it off; the backs keep it
    else:
        assert done.returncode == 2 and wanted in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert "layouts/fox.toml" in done.stderr and not (tmp_path / "out").exists()
