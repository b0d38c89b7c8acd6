"""The geometry of board grids (cards.grids): neighbours, distances, shapes and labels, checked against
counts made another way (breadth-first search, shared polygon edges) rather than against hand-written answers."""
from __future__ import annotations

import itertools
import math
from collections import deque

import pytest

from cards.grids import Grid, letters

HEXES = [Grid("hex", 7, 6, 20.0, top, arrangement) for top in ("pointy", "flat") for arrangement in ("offset", "axial")]
SQUARES = [Grid("square", 6, 5, 25.0), Grid("square", 6, 5, 25.0, diagonals=True)]
ALL = HEXES + SQUARES


def _name(grid: Grid) -> str:
    return f"{grid.shape}-{grid.top}-{grid.arrangement}-{'diag' if grid.diagonals else 'ortho'}"


def _bfs(grid: Grid, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        for n in grid.neighbours(at):
            if n not in seen:
                seen[n] = seen[at] + 1
                queue.append(n)
    return seen


def _edges(grid: Grid, at: tuple[int, int]) -> set[frozenset]:
    corners = [(round(x, 6), round(y, 6)) for x, y in grid.corners(at)]
    return {frozenset(pair) for pair in zip(corners, corners[1:] + corners[:1])}


@pytest.mark.parametrize("grid", ALL, ids=_name)
def test_distance_is_the_breadth_first_count_of_steps(grid: Grid) -> None:
    for start in grid.cells():
        counted = _bfs(grid, start)
        assert len(counted) == len(grid.cells())          # every cell is reachable
        for end in grid.cells():
            assert grid.distance(start, end) == counted[end], (start, end)


@pytest.mark.parametrize("grid", HEXES + SQUARES[:1], ids=_name)
def test_neighbours_are_exactly_the_cells_sharing_an_edge(grid: Grid) -> None:
    """The topology agrees with the drawing: two cells are neighbours when their outlines share a side."""
    edges = {at: _edges(grid, at) for at in grid.cells()}
    for a, b in itertools.permutations(grid.cells(), 2):
        assert (b in grid.neighbours(a)) == bool(edges[a] & edges[b]), (a, b)


@pytest.mark.parametrize("grid", HEXES, ids=_name)
def test_hex_neighbours_of_a_corner_an_edge_and_an_inner_cell(grid: Grid) -> None:
    counts = {at: len(grid.neighbours(at)) for at in grid.cells()}
    assert counts[(3, 3)] == 6                              # inner
    assert counts[(0, 0)] in (2, 3)                         # a corner: 2 or 3 by how the rows stagger
    assert {counts[(3, 0)], counts[(0, 3)]} <= {3, 4, 5}    # edges
    assert min(counts.values()) >= 2 and max(counts.values()) == 6


def test_pointy_offset_neighbours_by_name() -> None:
    """Offset rows: the 2nd row (pushed right) touches the 1st row's cell above it and the one to its right."""
    grid = Grid("hex", 7, 6, 20.0)
    assert sorted(grid.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert sorted(grid.neighbours((0, 3))) == [(0, 2), (0, 4), (1, 2), (1, 3), (1, 4)]
    assert sorted(grid.neighbours((3, 0))) == [(2, 0), (2, 1), (3, 1), (4, 0)]
    assert sorted(grid.neighbours((3, 2))) == [(2, 1), (2, 2), (2, 3), (3, 1), (3, 3), (4, 2)]
    assert sorted(grid.neighbours((6, 5))) == [(5, 5), (6, 4)]


def test_square_neighbours_of_a_corner_an_edge_and_an_inner_cell() -> None:
    ortho, diag = SQUARES
    assert sorted(ortho.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert sorted(ortho.neighbours((2, 0))) == [(1, 0), (2, 1), (3, 0)]
    assert sorted(ortho.neighbours((2, 2))) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert sorted(diag.neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert len(diag.neighbours((2, 0))) == 5 and len(diag.neighbours((2, 2))) == 8


@pytest.mark.parametrize("grid", ALL, ids=_name)
def test_cells_are_regular_polygons_of_the_cell_size_that_tile_the_extent(grid: Grid) -> None:
    w, h = grid.extent()
    sides = 4 if grid.shape == "square" else 6
    for at in grid.cells():
        corners = grid.corners(at)
        assert len(corners) == sides
        lengths = [math.dist(a, b) for a, b in zip(corners, corners[1:] + corners[:1])]
        side = grid.cell if grid.shape == "square" else grid.cell / math.sqrt(3)
        assert lengths == pytest.approx([side] * sides)
        across = min(math.dist(corners[i], corners[(i + sides // 2) % sides]) for i in range(sides))
        flats = 2 * math.dist(grid.centre(at), ((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2))
        assert flats == pytest.approx(grid.cell) and across > grid.cell - 1e-9
        assert all(-1e-9 <= x <= w + 1e-9 and -1e-9 <= y <= h + 1e-9 for x, y in corners)
    xs = [x for at in grid.cells() for x, _ in grid.corners(at)]
    ys = [y for at in grid.cells() for _, y in grid.corners(at)]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0, w, 0, h))   # the extent is tight


def test_pointy_offset_rows_push_the_second_row_right_and_flat_offset_columns_push_the_second_column_down() -> None:
    pointy, flat = Grid("hex", 3, 3, 20.0, "pointy"), Grid("hex", 3, 3, 20.0, "flat")
    assert pointy.centre((0, 1))[0] - pointy.centre((0, 0))[0] == pytest.approx(10.0)
    assert pointy.centre((0, 2))[0] == pytest.approx(pointy.centre((0, 0))[0])
    assert pointy.centre((1, 0))[0] - pointy.centre((0, 0))[0] == pytest.approx(20.0)
    assert flat.centre((1, 0))[1] - flat.centre((0, 0))[1] == pytest.approx(10.0)
    assert flat.centre((0, 1))[1] - flat.centre((0, 0))[1] == pytest.approx(20.0)
    axial = Grid("hex", 3, 3, 20.0, "pointy", "axial")
    assert axial.centre((0, 2))[0] - axial.centre((0, 0))[0] == pytest.approx(20.0)  # each row half a cell on


@pytest.mark.parametrize("grid", [Grid("hex", 30, 12, 20.0), Grid("square", 120, 101, 10.0)], ids=_name)
def test_labels_read_back_in_every_style(grid: Grid) -> None:
    for at in grid.cells():
        for style in ("A1", "0101", "1.1"):
            assert grid.parse(grid.label(at, style)) == at
    assert grid.label((0, 0), "A1") == "A1" and grid.label((27, 9), "A1") == "AB10"
    assert grid.label((2, 4), "0101") == ("0305" if grid.columns < 100 else "003005")
    assert grid.label((2, 4), "1.1") == "3.5"
    assert grid.parse("b4") == (1, 3) and grid.parse("4") is None and grid.parse("A") is None


def test_column_letters_run_on_like_a_spreadsheet() -> None:
    assert [letters(n) for n in (0, 25, 26, 51, 52, 701, 702)] == ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]


def test_outline_of_a_region_is_the_edges_no_two_of_its_cells_share() -> None:
    grid = Grid("hex", 5, 5, 20.0)
    one = grid.outline([(2, 2)])
    assert len(one) == 6
    pair = grid.outline([(2, 2), (3, 2)])
    assert len(pair) == 10                      # two hexes: 12 sides less the shared one, twice
    ring = [(2, 2), *grid.neighbours((2, 2))]
    assert len(grid.outline(ring)) == 18        # a flower of seven hexes has 18 outer sides
    assert len(Grid("square", 3, 3, 10.0).outline(Grid("square", 3, 3, 10.0).cells())) == 12
