"""Map validation: every mistake named by its feature, field and square coordinate.

A mistake reads like `river 'orinoco': squares.4: 'K12' is not next to 'K10'
(rivers move orthogonally)`; `Issue.loc` says where in the TOML it stands so the
family can add the file's line number.  The rows are checked first: the feature
checks need a sound grid to stand on.
"""
from __future__ import annotations

from dataclasses import dataclass

from .chart_schema import MapRecord
from .coords import DIRECTIONS, WATER, Square, coord, direction, expand, parse, step


_LISTS = {"port": "ports", "island": "islands", "river": "rivers", "city": "cities", "monsters": "monsters",
          "label": "labels"}


@dataclass(frozen=True)
class Issue:
    """One map mistake: `label` names the feature (or None for the rows), `loc` its TOML path."""

    label: str | None
    path: str
    message: str
    loc: tuple

    def __str__(self) -> str:
        return ": ".join(p for p in (self.label, self.path, self.message) if p)


def check_map(record: MapRecord) -> list[Issue]:
    issues = _check_rows(record)
    return issues or _FeatureCheck(record).run()


def _check_rows(record: MapRecord) -> list[Issue]:
    rows, width = record.rows, len(record.rows[0])
    issues: list[Issue] = []
    if len(rows) < record.MIN_ROWS:
        issues.append(Issue(None, "rows", f"expected at least {record.MIN_ROWS} rows, got {len(rows)}", ("rows",)))
    if width < record.MIN_COLUMNS:
        issues.append(Issue(None, "rows.1", f"expected at least {record.MIN_COLUMNS} squares a row, got {width}", ("rows", 0)))
    letters = ", ".join(repr(k) for k in record.legend)
    for r, row in enumerate(rows):
        where = (None, f"rows.{r + 1}")
        if len(row) < width:
            issues.append(Issue(*where, f"row {r + 1} has {len(row)} squares, expected {width} like row 1: "
                                        f"square '{coord((len(row), r))}' is missing", ("rows", r)))
        elif len(row) > width:
            issues.append(Issue(*where, f"row {r + 1} has {len(row)} squares, expected {width} like row 1: "
                                        f"'{coord((width, r))}' is past the map's edge", ("rows", r)))
        for c, letter in enumerate(row):
            if letter not in record.legend:
                issues.append(Issue(*where, f"'{coord((c, r))}': letter {letter!r} is not in the legend "
                                            f"(expected one of {letters})", ("rows", r)))
    return issues


class _FeatureCheck:
    """Checks the named features against the (sound) grid of terrain."""

    def __init__(self, record: MapRecord) -> None:
        self.record = record
        self.terrain = {(c, r): record.legend[ch] for r, row in enumerate(record.rows) for c, ch in enumerate(row)}
        self.width, self.height = len(record.rows[0]), len(record.rows)
        self.issues: list[Issue] = []
        self.label = ""
        self.loc: tuple = ()

    def run(self) -> list[Issue]:
        self._ids()
        self._ports()
        self._islands()
        self._rivers()
        self._cities()
        self._monsters()
        self._decorations()
        return self.issues

    # --- helpers -----------------------------------------------------------------
    def _at(self, kind: str, index: int, feature_id: str) -> None:
        self.label, self.loc = f"{kind} '{feature_id}'", (_LISTS[kind], index)

    def _fail(self, path: str, message: str, *loc_rest) -> None:
        self.issues.append(Issue(self.label, path, message, self.loc + tuple(loc_rest)))

    def _on_map(self, text: str, path: str, *loc_rest) -> Square | None:
        square = parse(text)
        if square not in self.terrain:
            self._fail(path, f"'{text}' is off the map (columns A..{coord((self.width - 1, 0))[:-1]}, rows 1..{self.height})",
                       *loc_rest)
            return None
        return square

    def _land(self, square: Square, path: str, expected: str, *loc_rest) -> bool:
        if self.terrain[square] in WATER:
            self._fail(path, f"'{coord(square)}' is {self.terrain[square]}, expected {expected}", *loc_rest)
            return False
        return True

    def _beside_sea(self, square: Square) -> bool:
        return any(self.terrain.get(step(square, h)) == "sea" for h in DIRECTIONS)

    # --- features ----------------------------------------------------------------
    def _ids(self) -> None:
        seen: dict[str, str] = {}
        for kind, items in (("port", self.record.ports), ("island", self.record.islands), ("river", self.record.rivers),
                            ("city", self.record.cities), ("monsters", self.record.monsters)):
            for i, item in enumerate(items):
                self._at(kind, i, item.id)
                if item.id in seen:
                    self._fail("id", f"'{item.id}' is already the id of {seen[item.id]}", "id")
                seen.setdefault(item.id, self.label)

    def _ports(self) -> None:
        for i, port in enumerate(self.record.ports):
            self._at("port", i, port.id)
            square = self._on_map(port.square, "square", "square")
            if square and self._land(square, "square", "a coastal land square", "square") and not self._beside_sea(square):
                self._fail("square", f"'{port.square}' is not on a coast: no sea square beside it", "square")

    def _islands(self) -> None:
        for i, island in enumerate(self.record.islands):
            self._at("island", i, island.id)
            squares = [self._on_map(t, f"squares.{n + 1}", "squares", n) for n, t in enumerate(island.squares)]
            own = {s for s in squares if s}
            for n, square in enumerate(squares):
                if square is None or not self._land(square, f"squares.{n + 1}", "land", "squares", n):
                    continue
                for h in DIRECTIONS:
                    other = step(square, h)
                    if other in self.terrain and other not in own and self.terrain[other] != "sea":
                        self._fail(f"squares.{n + 1}", f"'{coord(square)}' touches {self.terrain[other]} at "
                                   f"'{coord(other)}': an island stands alone in the sea", "squares", n)
            self._connected(squares, "the rest of the island")

    def _connected(self, squares: list[Square | None], rest: str) -> None:
        own = [s for s in squares if s]
        if not own:
            return
        reached, todo = {own[0]}, [own[0]]
        while todo:
            here = todo.pop()
            for h in DIRECTIONS:
                nxt = step(here, h)
                if nxt in own and nxt not in reached:
                    reached.add(nxt)
                    todo.append(nxt)
        for n, square in enumerate(squares):
            if square and square not in reached:
                self._fail(f"squares.{n + 1}", f"'{coord(square)}' is not joined to {rest}", "squares", n)

    def _rivers(self) -> None:
        owner: dict[Square, str] = {}
        for i, river in enumerate(self.record.rivers):
            self._at("river", i, river.id)
            path: list[Square] = []
            for n, text in enumerate(river.squares):
                where = (f"squares.{n + 1}", "squares", n)
                square = self._on_map(text, *where)
                if square is None:
                    return
                if square in path:
                    self._fail(where[0], f"'{text}' is already square {path.index(square) + 1} of this river", *where[1:])
                    continue
                if square in owner:
                    self._fail(where[0], f"'{text}' already belongs to river '{owner[square]}'", *where[1:])
                if self.terrain[square] != "river":
                    self._fail(where[0], f"'{text}' is {self.terrain[square]}, expected a river square", *where[1:])
                if path and direction(path[-1], square) is None:
                    self._fail(where[0], f"'{text}' is not next to '{coord(path[-1])}' (rivers move orthogonally)", *where[1:])
                path.append(square)
                owner.setdefault(square, river.id)
            last = len(path) - 1
            if not self._beside_sea(path[-1]):
                hint = " (the squares go from source to mouth: is the list reversed?)" if self._beside_sea(path[0]) else ""
                self._fail(f"squares.{last + 1}", f"mouth '{coord(path[-1])}' does not meet the sea{hint}", "squares", last)
            elif self._beside_sea(path[0]):
                self._fail("squares.1", f"source '{coord(path[0])}' meets the sea: a river rises inland", "squares", 0)
        self.label, self.loc = "", ()
        for square, terrain in sorted(self.terrain.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if terrain == "river" and square not in owner:
                self.issues.append(Issue(None, f"rows.{square[1] + 1}", f"'{coord(square)}' is a river square that no "
                                         "[[map.rivers]] lists, so its current has no direction", ("rows", square[1])))

    def _cities(self) -> None:
        taken: dict[Square, str] = {parse(p.square): f"port '{p.id}'" for p in self.record.ports}
        for i, city in enumerate(self.record.cities):
            self._at("city", i, city.id)
            square = self._on_map(city.square, "square", "square")
            if square is None:
                continue
            if self._land(square, "square", "land", "square") and square in taken:
                self._fail("square", f"'{city.square}' is already taken by {taken[square]}", "square")
            taken.setdefault(square, self.label)
            for n, text in enumerate(city.indians):
                where = (f"indians.{n + 1}", "indians", n)
                guard = self._on_map(text, *where)
                if guard is None or not self._land(guard, where[0], "land", *where[1:]):
                    continue
                if direction(square, guard) is None:
                    self._fail(where[0], f"'{text}' is not beside the city at '{city.square}'", *where[1:])
                elif guard in taken:
                    self._fail(where[0], f"'{text}' is already taken by {taken[guard]}", *where[1:])
                taken.setdefault(guard, f"the Indians of city '{city.id}'")

    def _monsters(self) -> None:
        for i, waters in enumerate(self.record.monsters):
            self._at("monsters", i, waters.id)
            for n, text in enumerate(waters.squares):
                for square in expand(text):
                    if square not in self.terrain:
                        self._on_map(coord(square), f"squares.{n + 1}", "squares", n)
                        break
                    if self.terrain[square] != "sea":
                        self._fail(f"squares.{n + 1}", f"'{coord(square)}' is {self.terrain[square]}, "
                                   "expected sea (monsters live in the open sea)", "squares", n)

    def _decorations(self) -> None:
        for i, label in enumerate(self.record.labels):
            self.label, self.loc = f"label {label.text!r}", ("labels", i)
            self._on_map(label.square, "square", "square")
        if self.record.compass is not None:
            self.label, self.loc = "", ()
            self._on_map(self.record.compass, "compass", "compass")
