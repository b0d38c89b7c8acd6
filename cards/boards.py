"""A board's cells as data: the grid of `kind = "board"` with `grid`, and the cells file that fills it.

game.toml's board component takes a `[components.grid]` table (`cards.models.base.GridSpec`); its
`cells` file, a CSV (row 1 names the columns) or a TOML of `[[cells]]` tables, gives cells by
coordinate (`cell = "B4"`, in any of the styles A1, 0101, 1.1) and their fields: `fill` (#rrggbb),
`icon` (an icon's name), `text`, `region` (one of the grid's `regions`) and any other column, as
text for the cells' layout (`{terrain}`).  Every cell of the grid is a record, with empty fields
where the file says nothing, so a rules engine can walk the board: `neighbours` and `distance`
follow the grid's geometry (`cards.grids`).  A cell outside the grid, a duplicate, a bad colour,
icon or region is an error at its line of the cells file; a link's cell outside the grid at the
component's line of game.toml.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .art import ArtError, art_path
from .errors import DefinitionError, Problem
from .grids import At, Grid
from .tomlsource import LineIndex, parse_toml, read_text

KNOWN = ("cell", "fill", "icon", "text", "region")
FIELD_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_CELLS_ROWS = 10_000


@dataclass(frozen=True)
class Cell:
    """One cell of a board: where it is, its coordinate as printed (A1 when none is), its fields."""

    at: At
    coordinate: str
    fields: dict[str, str]
    line: int | None = None      # its line in the cells file (None: the file does not name it)

    def get(self, name: str) -> str:
        return self.fields.get(name, "")


@dataclass
class Board:
    """A board's grid with every cell, its regions (cells by region name) and its links."""

    grid: Grid
    style: str                                   # the coordinates printed: A1, 0101, 1.1 or none
    cells: dict[At, Cell]
    regions: dict[str, list[At]] = field(default_factory=dict)
    links: list[tuple[At, At, Any]] = field(default_factory=list)   # (from, to, cards.models.base.Link)
    file: Path | None = None                     # the cells file, part of what decides the drawing
    shown: str = ""                              # the cells file as messages name it

    def cell(self, coordinate: str) -> Cell:
        """The cell a coordinate names (any style); KeyError outside the grid."""
        at = self.grid.parse(coordinate)
        if at is None or at not in self.cells:
            raise KeyError(coordinate)
        return self.cells[at]

    def neighbours(self, coordinate: str) -> list[Cell]:
        return [self.cells[n] for n in self.grid.neighbours(self.cell(coordinate).at)]

    def distance(self, a: str, b: str) -> int:
        return self.grid.distance(self.cell(a).at, self.cell(b).at)

    @property
    def columns(self) -> list[str]:
        """The fields every cell has (the cells file's columns but `cell`)."""
        return sorted({name for c in self.cells.values() for name in c.fields} | set(KNOWN[1:]))


def cells_layout(component: str) -> str:
    """The key of a board's cells' layout among the design's layouts (a component id has no `/`)."""
    return f"{component}/cells"


def grid_of(spec: Any) -> Grid:
    return Grid(spec.shape, spec.columns, spec.rows, spec.cell, spec.top, spec.arrangement, spec.diagonals)


def load_board(folder: Path, shown: str, component: Any, icons: set[str], game_index: LineIndex, number: int,
               ) -> tuple[Board | None, list[Problem]]:
    """The board of a component with a grid (the `number`th of game.toml's), and every problem of its cells file and
    links."""
    spec = component.grid
    at_grid = ("components", number, "grid")
    game_line = game_index.line_of(at_grid)
    grid = grid_of(spec)
    style = spec.coordinates
    game_file = f"{shown}/game.toml"
    where = f"components.{component.id}.grid"
    problems: list[Problem] = []
    board = Board(grid, style, {at: Cell(at, grid.label(at, style), {}) for at in grid.cells()})
    outside = f"expected a cell of the {grid.columns} x {grid.rows} grid ({grid.span(style)})"
    (gw, gh), (bw, bh) = grid.extent(), component.size_mm
    if gw > bw + 1e-6 or gh > bh + 1e-6:
        problems.append(Problem(game_file, f"{grid.columns} x {grid.rows} cells of {grid.cell:g} mm take {gw:.1f} x "
                                f"{gh:.1f} mm: expected a board size that holds them, got {component.size!r}",
                                line=game_line, path=where))
    for i, link in enumerate(spec.links):
        ends = []
        for name, value in (("from", link.from_), ("to", link.to)):
            at = grid.parse(value)
            if at is None or not grid.contains(at):
                problems.append(Problem(game_file, f"{outside}, got {value!r}",
                                        line=game_index.line_of(at_grid + ("links", i, name)),
                                        path=f"{where}.links.{i + 1}.{name}"))
            else:
                ends.append(at)
        if len(ends) == 2:
            board.links.append((ends[0], ends[1], link))
    if spec.cells is None:
        return (board if not problems else None), problems
    file = f"{shown}/{spec.cells}"
    try:
        path = art_path(folder, spec.cells)
        rows = _rows(read_text(path, file, folder), file, spec.cells.lower().endswith(".csv"))
    except ArtError as exc:
        return None, problems + [Problem(game_file, str(exc), line=game_line, path=f"{where}.cells")]
    except DefinitionError as exc:
        return None, problems + exc.problems
    board.file, board.shown = path, file
    seen: dict[At, int | None] = {}
    for line, row in rows:
        bad = _row_problems(row, file, line, icons, spec.regions)
        if bad:
            problems += bad
            continue
        text = row["cell"]
        at = grid.parse(text)
        if at is None:
            problems.append(Problem(file, f"expected a cell as A1, 0101 or 1.1, got {text!r}", line=line, path="cell"))
            continue
        if not grid.contains(at):
            problems.append(Problem(file, f"{outside}, got {text!r}", line=line, path="cell"))
            continue
        if at in seen:
            problems.append(Problem(file, f"{grid.label(at, style if style != 'none' else 'A1')} is given twice: "
                                    f"expected each cell once (also at line {seen[at]})", line=line, path="cell"))
            continue
        seen[at] = line
        fields = {k: v for k, v in row.items() if k != "cell"}
        board.cells[at] = Cell(at, board.cells[at].coordinate, fields, line)
        if fields.get("region"):
            board.regions.setdefault(fields["region"], []).append(at)
    columns = sorted({k for _, row in rows for k in row if k != "cell"})
    for at, cell in board.cells.items():   # every cell has every column, empty where the file says nothing
        board.cells[at] = Cell(at, cell.coordinate, {name: cell.fields.get(name, "") for name in columns}, cell.line)
    return (board if not problems else None), problems


def _rows(text: str, file: str, is_csv: bool) -> list[tuple[int | None, dict[str, str]]]:
    """(line, {column: text}) of each cell the file gives; a file that is not a table of cells is a DefinitionError."""
    out: list[tuple[int | None, dict[str, str]]] = []
    if is_csv:
        reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
        header = [h.strip() for h in next(reader, [])]
        _check_header(header, file, 1)
        start = reader.line_num + 1
        for row in reader:
            if any(v.strip() for v in row):
                if len(row) > len(header):
                    raise DefinitionError([Problem(file, f"expected at most {len(header)} columns (the header's), "
                                                   f"got {len(row)}", line=start)])
                out.append((start, {k: v.strip() for k, v in zip(header, row) if v.strip()}))
            start = reader.line_num + 1
            if len(out) > MAX_CELLS_ROWS:
                raise DefinitionError([Problem(file, f"expected at most {MAX_CELLS_ROWS} cells", line=start)])
        return out
    data = parse_toml(text, file)
    index = LineIndex(text)
    tables = data.get("cells")
    extra = sorted(set(data) - {"cells"})
    if extra or not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise DefinitionError([Problem(file, "expected only [[cells]] tables", line=index.line_of((extra[0],)) if extra else None)])
    for i, table in enumerate(tables):
        line = index.line_of(("cells", i))
        _check_header(list(table), file, line)
        values: dict[str, str] = {}
        for key, value in table.items():
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise DefinitionError([Problem(file, f"expected text or a number, got {value!r}",
                                               line=index.line_of(("cells", i, key)) or line, path=key)])
            values[key] = str(value).strip()
        out.append((line, {k: v for k, v in values.items() if v}))
    return out


def _check_header(names: list[str], file: str, line: int | None) -> None:
    bad = [n for n in names if not FIELD_NAME.match(n)]
    if bad:
        raise DefinitionError([Problem(file, "expected column names of a-z, 0-9 and _ starting with a letter "
                                       f"({', '.join(KNOWN)} or fields of your own), got {bad[0]!r}", line=line)])
    if "cell" not in names:
        raise DefinitionError([Problem(file, "missing cell: expected each cell's coordinate (e.g. B4) under cell",
                                       line=line)])


def _row_problems(row: dict[str, str], file: str, line: int | None, icons: set[str],
                  regions: dict[str, Any]) -> list[Problem]:
    out = []
    if "cell" not in row:
        out.append(Problem(file, "missing cell: expected the cell's coordinate (e.g. B4)", line=line, path="cell"))
    if "fill" in row and not COLOUR.match(row["fill"]):
        out.append(Problem(file, f"expected a colour as #rrggbb (e.g. #336699), got {row['fill']!r}", line=line,
                           path="fill"))
    if "icon" in row and row["icon"] not in icons:
        out.append(Problem(file, f"expected one of the icons game.toml declares ({', '.join(sorted(icons)) or 'none'}), "
                           f"got {row['icon']!r}", line=line, path="icon"))
    if "region" in row and row["region"] not in regions:
        out.append(Problem(file, f"expected one of the grid's regions ({', '.join(regions) or 'none declared'}), "
                           f"got {row['region']!r}", line=line, path="region"))
    if len(row.get("text", "")) > 2000:
        out.append(Problem(file, "expected at most 2000 characters of text", line=line, path="text"))
    return out

