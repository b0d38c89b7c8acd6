"""The kit's first page is a printing guide written from the manifest, read back from the PDF:
what was built and with which options, which files, what each page range holds, which sheets
need duplex, the paper, the scale check, the ink saver and the back offset, the cut order."""
from __future__ import annotations

import json
import re

import pdfplumber
import pytest
from typer.testing import CliRunner

from cards import load_game
from generator.cli import app

runner = CliRunner()


def build(out, *args: str) -> tuple[dict, str]:
    result = runner.invoke(app, ["build", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    game, paper = args[0], (args[args.index("--paper") + 1] if "--paper" in args else "a4")
    manifest = json.loads((out / f"{game}-{paper}.json").read_text())
    with pdfplumber.open(out / f"{game}-{paper}.pdf") as pdf:
        text = re.sub(r"\s+", " ", pdf.pages[0].extract_text())
    return manifest, text


def sheets(numbers: set[int], pages: list[dict]) -> str:
    """The page ranges a reader expects: each front page with the back page that follows it."""
    covered = set(numbers) | {n + 1 for n in numbers if n < len(pages) and pages[n]["side"] == "back"}
    runs: list[list[int]] = []
    for n in sorted(covered):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


SIZES = {"a4": "210 x 297 mm", "letter": "215.9 x 279.4 mm"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["el-dorado-canyon", "eternal-gold-and-steel", "eldorado"])
def test_the_first_page_is_a_guide_to_the_manifest(tmp_path, game, paper):
    """Every kit on every paper: each component's pages (a tiled map's assembly overview included) and
    pieces, the sheets with backs, the backs printed edge to edge (not those of tokens alone), the cut order."""
    size = SIZES[paper]
    manifest, text = build(tmp_path, game, "--paper", paper)
    pages = manifest["pages"]
    assert pages[0].get("guide") is True and pages[0]["items"] == []
    assert pages[1]["side"] == "back" and pages[1].get("blank") is True     # the kit still prints duplex
    loaded = load_game(game)
    assert f"{loaded.name}: printing guide" in text
    assert f"{len(pages)} pages on {sum(p['side'] == 'front' for p in pages)} sheets" in text
    assert f"Built with: generator build {game} --paper {paper} --duplex long --back-offset 0,0 --bleed 3" in text
    assert f"{game}-{paper}.pdf, {game}-{paper}.json" in text
    assert "Print at 100 %" in text and f"({size})" in text
    names = {c.id: c.spec.name for c in loaded.components}
    for comp in manifest["components"]:
        fronts = [(p["number"], i) for p in pages for i in p["items"]
                  if i["component"] == comp["id"] and i["side"] == "front"]
        overviews = {p["number"] for p in pages if p.get("overview") == comp["id"]}
        assert bool(overviews) == comp["tiled"]
        pieces = len({(i["id"], i["copy"]) for _, i in fronts})
        row = f"{sheets({n for n, _ in fronts} | overviews, pages)} {names[comp['id']]} {pieces} " \
              f"{'printed' if comp['backs'] else 'none'}"
        assert row in text, row
    backed = {p["number"] for p, b in zip(pages, pages[1:]) if p["side"] == "front" and b["items"]}
    assert f"Sheets with backs: pages {sheets(backed, pages)}." in text
    blank = {p["number"] for p, b in zip(pages, pages[1:]) if p["side"] == "front" and b.get("blank")}
    assert f"Sheets whose back page is blank (pages {sheets(blank, pages)})" in text
    assert "--ink-saver" in text and f"generator calibrate --paper {paper} --duplex long" in text
    assert "1. Where two grids share a sheet, cut them apart first" in text
    kinds = {c["id"]: c["kind"] for c in manifest["components"]}
    full = sum(1 for p in pages if p["side"] == "back" and any(kinds[i["component"]] != "token" for i in p["items"]))
    assert f"{full} pages are backs printed edge to edge" in text
    for comp in manifest["components"]:
        if comp["kind"] == "board" and not comp["tiled"]:
            assert re.search(rf"\d\. Fold-up boards \([^)]*{re.escape(names[comp['id']])}", text), comp["id"]


def test_fold_and_single_sided_kits_say_so_and_add_no_blank_back(tmp_path):
    manifest, text = build(tmp_path / "fold", "el-dorado-canyon", "--fold")
    assert "Print single-sided: each page holds fronts and backs" in text and "--fold" in text
    assert all(p["side"] == "front" for p in manifest["pages"])
    manifest, text = build(tmp_path / "single", "el-dorado-canyon", "--no-backs", "--ink-saver")
    assert "Print single-sided: this kit has no backs." in text
    assert "This is the ink-saver print" in text and "--no-backs" in text
    assert manifest["pages"][1]["side"] == "front" and manifest["pages"][1]["items"]


def test_the_guide_names_the_print_shop_folder_and_the_posters(tmp_path):
    _, text = build(tmp_path, "eldorado", "--shop", "dtc")
    assert "eldorado-poster-a2.pdf, eldorado-poster-a1.pdf, eldorado-shop-dtc/" in text
