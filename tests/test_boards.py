"""Boards with grids (issue 35): the example's hex and square boards tiled on A4 and Letter with their
coordinates and cells where the grid puts them (read back from the PDF), on posters, in PNG and TTS;
the board's cells as data; and every mistake of a cells file at its line."""
from __future__ import annotations

import json
import os
import re
import shutil
from collections import deque
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageChops, ImageStat

from cards import load_game
from cards.boards import grid_of
from cards.errors import DefinitionError
from test_designer import EXAMPLES, MM, generator, near

BOARD = EXAMPLES / "hex-board"
LABEL_BAND = (0.13, 0.26)   # the default cell layout's label box, as fractions of the cell's height from its top


@pytest.fixture(scope="module")
def game():
    return load_game(str(BOARD))


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("boards")
    for paper in ("a4", "letter"):
        code, said, warned = generator("build", BOARD, "--out", out, "--paper", paper)
        assert code == 0, warned
    return out


def _to_page(item: dict, component, page_height: float, x_mm: float, y_mm: float) -> tuple[float, float]:
    """A point given in mm from the board's top-left corner, as pdfplumber's (x, top) in points on a tile page."""
    region = item["region"]
    board_h = component.spec.size_mm[1]
    px = item["x"] + x_mm - region["x"]
    py = item["y"] + (board_h - y_mm) - region["y"]      # from the page's bottom
    return px * MM, page_height - py * MM


def _grid_origin(component) -> tuple[float, float]:
    grid = grid_of(component.spec.grid)
    w, h = grid.extent()
    bw, bh = component.spec.size_mm
    return (bw - w) / 2, (bh - h) / 2


def _tiles(kits: Path, paper: str, component: str) -> list[tuple[int, dict]]:
    manifest = json.loads((kits / f"hex-board-{paper}.json").read_text())
    return [(p["number"] - 1, i) for p in manifest["pages"] for i in p["items"]
            if i["component"] == component and "tile" in i]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("component,pattern", [("valley", r"^[A-L]\d{1,2}$"), ("courtyard", r"^0\d0\d$")])
def test_a_board_tiles_with_marks_and_every_coordinate_prints_at_its_cell(kits, game, paper, component, pattern):
    comp = game.component(component)
    grid = grid_of(comp.spec.grid)
    ox, oy = _grid_origin(comp)
    tiles = _tiles(kits, paper, component)
    assert len(tiles) >= 2                        # larger than the paper: tiled
    seen: set[str] = set()
    with pdfplumber.open(kits / f"hex-board-{paper}.pdf") as pdf:
        overview = pdf.pages[tiles[0][0] - 1].extract_text()
        assert f"{comp.spec.name}: " in overview and "tiles (row, column); glue each tile over the strip" in overview
        for number, item in tiles:
            page = pdf.pages[number]
            text = page.extract_text() + "".join(c["text"] for c in page.chars if not c["upright"])  # + the rotated
            tile = item["tile"]
            assert f"row {tile['row']}, column {tile['column']}" in text          # the tile's index
            if tile["column"] < tile["columns"] or tile["row"] < tile["rows"]:
                assert "covers this strip" in text                               # its glue strip
            x0, x1 = item["x"] * MM, (item["x"] + item["w"]) * MM
            top, bottom = page.height - (item["y"] + item["h"]) * MM, page.height - item["y"] * MM
            _, ch = grid.cell_size()
            for word in page.extract_words():
                if not re.match(pattern, word["text"]) or not (x0 <= word["x0"] and word["x1"] <= x1
                                                               and top <= word["top"] and word["bottom"] <= bottom):
                    continue
                at = grid.parse(word["text"])
                assert at is not None and grid.contains(at)
                cx, cy = grid.centre(at)
                if component == "valley":     # the default layout: centred, in the label band
                    want_x, want_y = _to_page(item, comp, page.height, ox + cx, oy + cy - ch / 2 + ch * sum(LABEL_BAND) / 2)
                    assert (word["x0"] + word["x1"]) / 2 == pytest.approx(want_x, abs=0.6 * MM), word["text"]
                else:                         # layouts/cell.toml: label at x 2 mm, y 2 mm from the cell's top-left
                    want_x, want_y = _to_page(item, comp, page.height, ox + cx - ch / 2 + 2, oy + cy - ch / 2 + 2)
                    assert word["x0"] == pytest.approx(want_x, abs=0.3 * MM), word["text"]
                    want_y += (word["bottom"] - word["top"]) / 2      # its top at the box's top
                assert (word["top"] + word["bottom"]) / 2 == pytest.approx(want_y, abs=0.8 * MM), word["text"]
                seen.add(word["text"])
    assert seen == {grid.label(at, comp.spec.grid.coordinates) for at in grid.cells()}   # every cell, on some tile


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_filled_cells_are_the_grids_polygons_at_their_corners(kits, game, paper):
    comp = game.component("valley")
    board, grid = comp.board, grid_of(comp.spec.grid)
    ox, oy = _grid_origin(comp)
    number, item = _tiles(kits, paper, "valley")[0]
    with pdfplumber.open(kits / f"hex-board-{paper}.pdf") as pdf:
        page = pdf.pages[number]
        polygons = [c for c in page.curves if c.get("fill") and len(c["pts"]) == 7]
    for at, cell in board.cells.items():
        if not cell.get("fill"):
            continue
        want = [_to_page(item, comp, page.height, ox + x, oy + y) for x, y in grid.corners(at)]
        found = [p for p in polygons if all(abs(a[0] - b[0]) < 0.05 and abs(a[1] - b[1]) < 0.05
                                            for a, b in zip(p["pts"], want))]
        rgb = tuple(round(v * 255) for v in found[0]["non_stroking_color"]) if found else None
        assert found and near(rgb, cell.get("fill"), 1), (cell.coordinate, rgb)


def test_a_board_that_asks_is_printed_whole_on_a2_and_a1_posters(kits):
    for paper in ("a2", "a1"):
        manifest = json.loads((kits / f"hex-board-poster-{paper}.json").read_text())
        items = [i for p in manifest["pages"] for i in p["items"]]
        assert [i["component"] for i in items] == ["valley"]         # the courtyard does not ask
        assert (items[0]["w"], items[0]["h"]) == (340.0, 250.0)      # full size on both
        with pdfplumber.open(kits / f"hex-board-poster-{paper}.pdf") as pdf:
            words = {w["text"] for w in pdf.pages[0].extract_words()}
        assert {"A1", "L10", "F5"} <= words


def test_the_board_in_png_and_tts(tmp_path, game):
    code, said, _ = generator("png", BOARD, "--card", "valley", "--dpi", "72", "--out", tmp_path)
    assert code == 0, said
    png = next(tmp_path.rglob("valley*.png"))
    comp = game.component("valley")
    grid, (ox, oy) = grid_of(comp.spec.grid), _grid_origin(comp)
    bleed = 3.0
    image = Image.open(png).convert("RGB")
    assert image.size == (round((340 + 2 * bleed) / 25.4 * 72), round((250 + 2 * bleed) / 25.4 * 72))

    def colour_at(coordinate: str, img: Image.Image, margin: float, dpi: float) -> tuple[int, int, int]:
        cx, cy = grid.centre(comp.board.cell(coordinate).at)
        return img.getpixel((round((margin + ox + cx) / 25.4 * dpi), round((margin + oy + cy - 8) / 25.4 * dpi)))
    assert near(colour_at("J4", image, bleed, 72), "#bcd3ea")       # the lake
    assert near(colour_at("A1", image, bleed, 72), "#f3ead8")       # the board's background
    code, said, _ = generator("tts", BOARD, "--out", tmp_path / "tts")
    assert code == 0, said
    saved = json.loads(next((tmp_path / "tts").rglob("hex-board.json")).read_text())
    boards = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Board"]
    assert sorted(o["Nickname"] for o in boards) == ["The Courtyard", "The Valley"]
    assert all(o["Transform"]["rotZ"] == 0.0 and o["Transform"]["rotX"] == 0.0 for o in boards)   # face up
    face = next((tmp_path / "tts").rglob("valley/valley.png"))
    trimmed = Image.open(face).convert("RGB")
    dpi = trimmed.width / (340 / 25.4)
    assert near(colour_at("C5", trimmed, 0, dpi), "#cfe3bf")        # the forest, in the board's image


def test_the_board_in_print_shop_files(tmp_path, game):
    code, said, warned = generator("build", BOARD, "--out", tmp_path, "--shop", "tgc")
    assert code == 0, warned
    png = tmp_path / "hex-board-shop-tgc" / "340x250mm" / "valley" / "valley-front.png"
    bleed = 25.4 / 8
    assert Image.open(png).size == (round((340 + 2 * bleed) / 25.4 * 300), round((250 + 2 * bleed) / 25.4 * 300))
    assert "340x250mm/valley/valley: 1" in (tmp_path / "hex-board-shop-tgc" / "copies.txt").read_text()
    code, said, warned = generator("build", BOARD, "--out", tmp_path / "generic", "--shop", "generic")
    assert code == 0, warned
    with pdfplumber.open(tmp_path / "generic" / "hex-board-shop-generic" / "340x250mm.pdf") as pdf:
        page = pdf.pages[-1]
        assert (round(page.width / MM), round(page.height / MM)) == (346, 256)      # the board and its bleed
        assert {"A1", "L10", "F5"} <= {w["text"] for w in page.extract_words()}


def test_a_board_longer_than_a_shops_largest_is_sent_in_parts_whose_bleed_runs_on(tmp_path):
    folder = _copy(tmp_path)
    toml = (folder / "game.toml").read_text()
    (folder / "game.toml").write_text(toml.replace('size = "340x250mm"', 'size = "600x400mm"'))
    code, said, warned = generator("build", folder, "--out", tmp_path / "out", "--shop", "tgc")
    assert code == 0 and "cannot make" not in said + warned, said + warned
    shop = tmp_path / "out" / "hex-board-shop-tgc"
    left, right = (Image.open(shop / "300x400mm" / "valley" / f"valley-part-1-{c}-front.png").convert("RGB")
                   for c in (1, 2))
    bleed = round(25.4 / 8 / 25.4 * 300)                                   # 1/8 in at 300 dpi
    assert left.size == right.size == (round((300 + 25.4 / 4) / 25.4 * 300), round((400 + 25.4 / 4) / 25.4 * 300))
    seam = left.crop((left.width - bleed, 0, left.width, left.height))     # the left part's bleed past the cut
    start = right.crop((bleed, 0, 2 * bleed, right.height))                # the right part's first 1/8 in
    assert ImageStat.Stat(ImageChops.difference(seam, start).convert("L")).mean[0] < 2
    assert "300x400mm/valley/valley-part-1-2: 1" in (shop / "copies.txt").read_text()


def test_the_back_of_a_part_is_the_mirrored_part_of_the_back(tmp_path):
    from generator.engine.sheet import Options
    from generator.engine.shop import _parted, board_parts

    folder = _copy(tmp_path)
    toml = (folder / "game.toml").read_text()
    (folder / "game.toml").write_text(toml.replace('size = "340x250mm"', 'size = "1000x400mm"\nback = "plain"'))
    comp = load_game(str(folder)).component("valley")
    (w, h), parts = board_parts(comp.spec.size_mm, 457.2)
    assert (w, h) == (333.333, 400.0) and [(r, c) for r, c, _ in parts] == [(1, 1), (1, 2), (1, 3)]
    regions = {stem: (face.side, region) for stem, (face, region) in _parted(comp, Options(), 457.2)}
    assert regions["valley-part-1-1-back"] == ("back", regions["valley-part-1-3-front"][1])   # turned over
    assert regions["valley-part-1-2-back"] == ("back", regions["valley-part-1-2-front"][1])


# --- the cells as data ---------------------------------------------------------------------


def _bfs(board, start: str) -> dict[str, int]:
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for cell in board.neighbours(here):
            if cell.coordinate not in seen:
                seen[cell.coordinate] = seen[here] + 1
                queue.append(cell.coordinate)
    return seen


def test_a_boards_cells_are_records_with_fields_neighbours_and_distances(game):
    valley, courtyard = game.component("valley").board, game.component("courtyard").board
    assert len(valley.cells) == 120 and len(courtyard.cells) == 81
    forest = valley.cell("C5")
    assert (forest.coordinate, forest.get("terrain"), forest.get("region"), forest.get("icon")) == \
        ("C5", "forest", "forest", "tree")
    assert forest.line == 5                                            # its line in cells.csv
    assert valley.cell("A1").fields == {k: "" for k in ("fill", "icon", "region", "terrain", "text")}
    assert sorted(c.coordinate for c in valley.neighbours("A1")) == ["A2", "B1"]                # a corner
    assert sorted(c.coordinate for c in valley.neighbours("A4")) == ["A3", "A5", "B3", "B4", "B5"]  # an edge
    assert sorted(c.coordinate for c in valley.neighbours("E5")) == ["D4", "D5", "D6", "E4", "E6", "F5"]
    assert sorted(c.coordinate for c in courtyard.neighbours("0101")) == ["0102", "0201", "0202"]
    assert len(courtyard.neighbours("0501")) == 5 and len(courtyard.neighbours("0505")) == 8
    assert courtyard.cell("0505").get("text") == "Keep" and courtyard.cell("5.5") is courtyard.cell("E5")
    for board, starts in ((valley, ["A1", "F5", "L10", "B4"]), (courtyard, ["0101", "0505", "0903"])):
        for start in starts:
            counted = _bfs(board, start)
            assert len(counted) == len(board.cells)
            assert all(board.distance(start, end) == steps for end, steps in counted.items())
    assert valley.regions["lake"] == [(8, 2), (9, 2), (8, 3), (9, 3), (10, 3), (9, 4)]
    with pytest.raises(KeyError):
        valley.cell("M1")


# --- mistakes ------------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "hex-board"
    shutil.copytree(BOARD, folder)
    return folder


def _refused(folder: Path, tmp_path: Path) -> str:
    out = tmp_path / "out"
    code, said, warned = generator("build", folder, "--out", out)
    assert code == 2 and said == "" and not out.exists(), (code, said, warned)
    return warned


@pytest.mark.parametrize("row,message", [
    ("M3,#ffffff,,,,", "cells.csv:19: cell: expected a cell of the 12 x 10 grid (A1 to L10), got 'M3'"),
    ("A11,,,,,", "cells.csv:19: cell: expected a cell of the 12 x 10 grid (A1 to L10), got 'A11'"),
    ("north,,,,,", "cells.csv:19: cell: expected a cell as A1, 0101 or 1.1, got 'north'"),
    ("B4,,,,,", "cells.csv:19: cell: B4 is given twice: expected each cell once (also at line 2)"),
    ("C1,red,,,,", "cells.csv:19: fill: expected a colour as #rrggbb (e.g. #336699), got 'red'"),
    ("C1,,castle,,,", "cells.csv:19: icon: expected one of the icons game.toml declares (tower, tree), got 'castle'"),
    ("C1,,,,swamp,", "cells.csv:19: region: expected one of the grid's regions (forest, lake), got 'swamp'"),
])
def test_a_bad_cell_is_an_error_at_its_line_of_the_csv(tmp_path, row, message):
    folder = _copy(tmp_path)
    with (folder / "cells.csv").open("a") as f:
        f.write(row + "\n")
    assert _refused(folder, tmp_path) == f"{folder}/{message}\n"


def test_a_cell_outside_the_grid_is_an_error_at_its_line_of_a_toml_cells_file(tmp_path):
    folder = _copy(tmp_path)
    with (folder / "courtyard-cells.toml").open("a") as f:
        f.write('\n[[cells]]\ncell = "1010"\ntext = "Moat"\n')
    lines = (folder / "courtyard-cells.toml").read_text().splitlines()
    line = lines.index('cell = "1010"')        # the [[cells]] header above it
    assert _refused(folder, tmp_path) == (f"{folder}/courtyard-cells.toml:{line}: cell: expected a cell of the 9 x 9 "
                                          "grid (0101 to 0909), got '1010'\n")


def test_grid_mistakes_in_game_toml_name_the_component(tmp_path):
    folder = _copy(tmp_path)
    toml = (folder / "game.toml").read_text()
    (folder / "game.toml").write_text(toml.replace('from = "G6"', 'from = "Z99"'))
    line = toml.splitlines().index('from = "G6"') + 1
    assert _refused(folder, tmp_path) == (f"{folder}/game.toml:{line}: components.valley.grid.links.2.from: expected "
                                          "a cell of the 12 x 10 grid (A1 to L10), got 'Z99'\n")
    (folder / "game.toml").write_text(toml.replace('size = "340x250mm"', 'size = "300x250mm"'))
    said = _refused(folder, tmp_path)
    assert said.endswith("components.valley.grid: 12 x 10 cells of 25 mm take 312.5 x 223.7 mm: expected a board "
                         "size that holds them, got '300x250mm'\n"), said
    (folder / "game.toml").write_text(toml.replace('shape = "hex"', 'shape = "octagon"'))
    assert "grid.shape" in _refused(folder, tmp_path)


def test_a_grid_or_posters_on_anything_but_a_board_is_refused(tmp_path):
    folder = _copy(tmp_path)
    toml = (folder / "game.toml").read_text()
    (folder / "game.toml").write_text(toml.replace('kind = "board"\nschema = "board"\nfile = "courtyard.toml"',
                                                   'kind = "card"\nschema = "board"\nfile = "courtyard.toml"'))
    with pytest.raises(DefinitionError, match=r"grid: only a board \(kind = \"board\"\) has a grid, got kind 'card'"):
        load_game(str(folder))


def test_a_cells_text_too_long_for_its_cell_names_the_cell_and_its_line(tmp_path):
    folder = _copy(tmp_path)
    with (folder / "cells.csv").open("a") as f:
        f.write("E8,,,This text is far too long to fit in one small hex cell of the valley at any size,,\n")
    said = _refused(folder, tmp_path)
    assert said.startswith(f"{folder}/cells.csv:19: card 'valley' (The Valley): cell E8: boxes.text (text): text does "
                           "not fit its"), said


def test_an_edited_cells_file_is_drawn_again_not_replayed_from_the_face_cache(tmp_path):
    folder = _copy(tmp_path)

    def fills(out: Path) -> set[tuple]:
        assert generator("build", folder, "--out", out)[0] == 0
        with pdfplumber.open(out / "hex-board-a4.pdf") as pdf:
            return {tuple(round(v * 255) for v in c["non_stroking_color"]) for c in pdf.pages[3].curves if c.get("fill")}
    assert (255, 0, 0) not in fills(tmp_path / "one")
    (folder / "cells.csv").write_text((folder / "cells.csv").read_text().replace("J4,#bcd3ea", "J4,#ff0000"))
    assert (255, 0, 0) in fills(tmp_path / "two")


def test_a_cells_file_that_leads_outside_is_not_a_file_or_is_too_large_is_refused(tmp_path):
    folder = _copy(tmp_path)
    cells = folder / "cells.csv"
    cells.unlink()
    cells.symlink_to("/etc/passwd")
    assert _refused(folder, tmp_path).endswith("components.valley.grid.cells: expected a file inside the game's "
                                               "folder, got 'cells.csv' (it leads outside)\n")
    cells.unlink()
    os.mkfifo(cells)
    assert _refused(folder, tmp_path) == f"{folder}/cells.csv: cannot read file: expected a regular file, got a FIFO\n"
    cells.unlink()
    cells.write_text("cell,text\n" + f"A1,{'x' * 100}\n" * 30_000)
    assert _refused(folder, tmp_path) == (f"{folder}/cells.csv: cannot read file: file is too large: expected at most "
                                          "2000000 bytes, got 3120010\n")
