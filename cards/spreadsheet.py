"""Records kept in a spreadsheet (CSV or XLSX) instead of TOML, read into the same strict schema.

Designers keep decks in spreadsheets; this turns a sheet into the list of tables a TOML
file would give, so validation, errors and everything downstream stay the same.  The
contract (docs/spreadsheets.md):

- the first row names the fields; each later row is one record; an empty row is skipped;
- an empty cell leaves the field out (its default applies);
- a text field takes the cell as written; a list of text takes `a; b; c` or a TOML array;
- any other field (numbers, true/false, lists, tables such as a card's options) takes the
  cell as a TOML value: `4`, `true`, `["a", "b"]`, `[{ effect = "gain_gold", amount = 4 }]`;
  a cell that is not valid TOML is kept as text, so the schema reports what it expected;
- CSV is UTF-8 (a byte-order mark is allowed), separated by `,`, or by `;` or a tab when
  the header row uses that instead (as European spreadsheet exports do); XLSX reads the
  first sheet;
- a column named `FIELD@CODE` (`text@fr`) holds the record's FIELD in language CODE: it is kept
  apart from the record (`CellIndex.translations`) for `cards.translations`.

Errors point at the cell a person sees in their spreadsheet: `row 12, column 'cost'`,
counting the header as row 1; a header's mistakes (an unknown or missing column) are said once,
at row 1, not once per record.  Nothing a sheet says about itself is trusted: an XLSX's declared
size is ignored (each row is as wide as its last cell, and reading stops one row past MAX_ROWS),
whatever openpyxl raises while reading the XML is a line naming the row, and a cell holding a
control character or a number that is not finite is an error at its cell.
"""
from __future__ import annotations

import csv
import io
import re
import tomllib
import zipfile
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from common.files import FileRefused, read_bytes
from common.numbers import within

from .errors import DefinitionError, Problem, describe

SUFFIXES = (".csv", ".xlsx")
MAX_BYTES = 2_000_000          # as for a TOML definition file
MAX_XLSX_BYTES = 10_000_000    # the zipped workbook
MAX_XLSX_UNZIPPED = 50_000_000  # what it may unpack to (a zip bomb is refused before reading)
MAX_ROWS = 10_000
MAX_COLUMNS = 256
LANG_MARK = "@"  # `text@fr`: the column of a field's translation
LANG_CODE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")  # a BCP 47 tag as a file name takes it: fr, pt-BR, zh-Hant
_CONTROLS = {c: None for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F)}  # tab and line ends aside


class CellIndex:
    """Where a field of a record stands in the sheet: the `LineIndex` of a spreadsheet.

    Paths are those the loader gives a TOML file's index, `(table, record, field, ...)`;
    a spreadsheet has no lines, so `line_of` is None and `cell_of` names the cell.
    """

    def __init__(self, header: list[str], row_numbers: list[int],
                 translations: list[dict[str, dict[str, Any]]] | None = None) -> None:
        self.header = header
        self.row_numbers = row_numbers
        self.translations = translations or [{} for _ in row_numbers]  # per record: code -> field -> cell value

    def line_of(self, path: tuple) -> int | None:
        return None

    def cell_of(self, path: tuple) -> str | None:
        """`row 12, column 'cost'` for ('cards', 10, 'cost', ...); the row alone for a record."""
        if len(path) < 2 or not isinstance(path[1], int) or not 0 <= path[1] < len(self.row_numbers):
            return None
        where = f"row {self.row_numbers[path[1]]}"
        if len(path) >= 3 and isinstance(path[2], str):
            where += f", column {path[2]!r}"
        return where


def read_sheet(path: Path, shown: str, schema: type[BaseModel], inside: Path | None = None,
               ) -> tuple[list[dict[str, Any]], CellIndex, list[Problem]]:
    """Read a CSV or XLSX file (confined to the folder `inside`) into record tables typed for `schema`, with the
    problems of its header that leave the rows readable (an unknown column: left out of every record);
    raise DefinitionError for a sheet that cannot be read as written."""
    if path.suffix.lower() == ".csv":
        header, rows = _csv_rows(_read(path, shown, inside, MAX_BYTES), shown)
    else:
        header, rows = _xlsx_rows(_read(path, shown, inside, MAX_XLSX_BYTES), shown)
    broken, missing, unknown = _header_problems(header, shown, schema)
    if broken:
        raise DefinitionError(broken)
    if not rows:
        raise DefinitionError([Problem(shown, "expected a header row and one or more rows of records, got no records")])
    if missing:  # every record would miss it: said once, at the header
        raise DefinitionError(list(unknown.values()) + missing)
    kinds = {name: cell_kind(schema, name.partition(LANG_MARK)[0]) for name in header}
    columns = [(position, name) for position, name in enumerate(header) if name not in unknown]
    records, numbers, wrong, translations = [], [], [], []
    for number, cells in rows:
        record: dict[str, Any] = {}
        languages: dict[str, dict[str, Any]] = {}
        for position, name in columns:
            cell = cells[position]
            if cell is None:
                continue
            message = _unreadable(cell)
            if message:
                wrong.append(Problem(shown, message, cell=f"row {number}, column {name!r}"))
                continue
            value = _value(cell, kinds[name])
            field, mark, code = name.partition(LANG_MARK)
            if value is not None:
                (languages.setdefault(code, {}) if mark else record)[field] = value
        records.append(record)
        numbers.append(number)
        translations.append(languages)
    if wrong:
        raise DefinitionError(list(unknown.values()) + wrong)
    return records, CellIndex(header, numbers, translations), list(unknown.values())


def _unreadable(cell: Any) -> str | None:
    """What is wrong with a cell no record may hold: a control character (TOML refuses them too; a NUL would
    reach the PDF), or a number that is not finite (`NaN`, `1E400` in a sheet's XML)."""
    if isinstance(cell, str):
        if cell.isprintable() or cell.translate(_CONTROLS) == cell:
            return None
        bad = next(c for c in cell if ord(c) in _CONTROLS)
        return f"expected text without control characters, got U+{ord(bad):04X} in {describe(cell)}"
    if isinstance(cell, float):
        try:
            within(cell)
        except ValueError as exc:
            return str(exc)
    return None


def _csv_rows(raw: bytes, shown: str) -> tuple[list[str], list[tuple[int, list[Any]]]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DefinitionError([Problem(shown, f"expected UTF-8 text, got byte 0x{raw[exc.start]:02x}", line=line)]) from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    table: list[list[Any]] = []
    try:
        for number, row in enumerate(reader, start=1):
            _bounded(table, number, row, shown)
    except csv.Error as exc:
        raise DefinitionError([Problem(shown, f"CSV syntax error: {exc}", line=reader.line_num)]) from None
    return _split(table, shown)


def _bounded(table: list[list[Any]], number: int, row: Any, shown: str) -> None:
    """Add sheet row `number` to `table`, its empty cells at the end left out, within MAX_COLUMNS and MAX_ROWS
    (the header aside; empty rows past them are dropped)."""
    if len(row) > MAX_COLUMNS:  # counted in C: an XLSX row is as wide as its last cell
        past = row[MAX_COLUMNS:]
        if past.count(None) + past.count("") != len(past):
            width = max(i for i, cell in enumerate(row, start=1) if cell is not None and cell != "")
            raise DefinitionError([Problem(shown, f"row {number}: too many columns: expected at most {MAX_COLUMNS}, "
                                                  f"got {width}")])
        row = row[:MAX_COLUMNS]
    cells = list(row)
    while cells and (cells[-1] is None or cells[-1] == ""):
        cells.pop()
    if number > MAX_ROWS + 1:
        if cells:
            raise DefinitionError([Problem(shown, f"row {number}: too many rows: expected at most {MAX_ROWS} records")])
        return
    table.append(cells)


def _xlsx_rows(raw: bytes, shown: str) -> tuple[list[str], list[tuple[int, list[Any]]]]:
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise DefinitionError([Problem(shown, "expected an XLSX workbook, got a file that is not one")]) from None
    if unpacked > MAX_XLSX_UNZIPPED:
        raise DefinitionError([Problem(shown, f"workbook is too large: expected at most {MAX_XLSX_UNZIPPED} bytes "
                                              f"unpacked, got {unpacked}")])
    import openpyxl  # only a game kept in XLSX pays for the import

    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken workbook; each is bad input
        raise DefinitionError([Problem(shown, f"expected an XLSX workbook, got one that cannot be read "
                                              f"({type(exc).__name__})")]) from None
    table: list[list[Any]] = []
    try:
        if not book.worksheets:
            raise DefinitionError([Problem(shown, "expected a workbook with a sheet of records, got no sheet")])
        # The sheet's own `dimension` is not trusted (A1:XFD1048576 costs a 2 KB file nothing, and openpyxl pads
        # every row to it): without it each row is as wide as its last cell, a row the sheet leaves out is
        # empty, and rows are read up to one past the limit.
        sheet = book.worksheets[0]
        sheet.reset_dimensions()
        rows = sheet.iter_rows(min_row=1, max_row=MAX_ROWS + 2, values_only=True)
        for number, row in enumerate(rows, start=1):
            _bounded(table, number, row, shown)
    except DefinitionError:
        raise
    except Exception as exc:  # inside openpyxl's reading of the sheet's XML: a cell it cannot take
        where = f"row {len(table) + 1} or a later one" if table else "its first row"
        raise DefinitionError([Problem(shown, f"cannot read the sheet at {where}: {_reason(exc)}")]) from None
    finally:
        book.close()
    return _split(table, shown)


def _reason(exc: Exception) -> str:
    """What openpyxl's error means in the sheet (its messages name its own code, not the cell)."""
    if isinstance(exc, IndexError):
        return "a cell names a shared text the workbook does not have"
    if isinstance(exc, ValueError):
        text = str(exc)
        return f"a cell or its reference is not what its type says ({text if len(text) <= 60 else text[:57] + '...'})"
    return f"the sheet's XML is broken ({type(exc).__name__})"


def _read(path: Path, shown: str, inside: Path | None, limit: int) -> bytes:
    try:
        return read_bytes(path, inside=inside, limit=limit)
    except FileRefused as exc:
        raise DefinitionError([Problem(shown, f"cannot read file: {exc}")]) from None


def _split(table: list[list[Any]], shown: str) -> tuple[list[str], list[tuple[int, list[Any]]]]:
    """The header and the numbered, non-empty rows (each as wide as the header)."""
    if not table or not table[0]:
        raise DefinitionError([Problem(shown, "expected a header row naming the fields, got an empty sheet")])
    header = [_text(cell).strip() for cell in table[0]]
    rows = []
    for number, row in enumerate(table[1:], start=2):
        if len(row) > len(header):
            raise DefinitionError([Problem(shown, f"row {number}: expected at most {len(header)} cells "
                                                  f"(one per named column), got more")])
        cells = list(row) + [None] * (len(header) - len(row))
        if any(_text(cell).strip() for cell in cells):
            rows.append((number, cells))
    return header, rows


def _header_problems(header: list[str], shown: str, schema: type[BaseModel],
                     ) -> tuple[list[Problem], list[Problem], dict[str, Problem]]:
    """The header's problems, each once at row 1 (never once per record): columns without a name or named twice,
    required fields without a column, and unknown columns (by name)."""
    broken: list[Problem] = []
    unknown: dict[str, Problem] = {}
    seen: set[str] = set()
    names = {info.alias or name: info for name, info in schema.model_fields.items()}
    closed = schema.model_config.get("extra") == "forbid"
    for position, name in enumerate(header, start=1):
        if not name:
            broken.append(Problem(shown, "expected a field name, got an empty cell", cell=f"row 1, column {position}"))
        elif name in seen:
            broken.append(Problem(shown, "duplicate column", cell=f"row 1, column {name!r}"))
        elif LANG_MARK in name:  # a translation's column (`cards.translations` checks its field)
            field, _, code = name.partition(LANG_MARK)
            if not (field and LANG_CODE.fullmatch(code)):
                broken.append(Problem(shown, f"expected FIELD@CODE for a translation (e.g. text@fr, name@pt-BR), "
                                             f"got {name!r}", cell=f"row 1, column {name!r}"))
        elif closed and name not in names:
            unknown[name] = Problem(shown, f"unknown field: expected one of {', '.join(names)}",
                                    cell=f"row 1, column {name!r}")
        seen.add(name)
    missing = [Problem(shown, f"missing column {name!r}: every record needs it (a required field)", cell="row 1")
               for name, info in names.items() if info.is_required() and name not in seen]
    return broken, missing, unknown


def _text(cell: Any) -> str:
    return "" if cell is None else str(cell)


def cell_kind(schema: type[BaseModel], name: str) -> str:
    """'text', 'texts' (a list of text) or 'toml': how a cell of this field is read."""
    info = schema.model_fields.get(name) or next(
        (f for f in schema.model_fields.values() if f.alias == name), None)
    if info is None:
        return "toml"  # an unknown column: the schema names it in its error
    annotation = _strip(info.annotation)
    if _is_text(annotation):
        return "text"
    if get_origin(annotation) in (list, tuple) and all(_is_text(_strip(a)) for a in get_args(annotation) if a is not Ellipsis):
        return "texts"
    return "toml"


def _strip(annotation: Any) -> Any:
    """Unwrap Annotated[...] and Optional[...] to the type a cell must give."""
    while True:
        if get_origin(annotation) is Annotated:
            annotation = get_args(annotation)[0]
        elif get_origin(annotation) in (Union, UnionType):
            members = [a for a in get_args(annotation) if a is not type(None)]
            if len(members) != 1:
                return annotation
            annotation = members[0]
        else:
            return annotation


def _is_text(annotation: Any) -> bool:
    if annotation is str:
        return True
    return get_origin(annotation) is Literal and all(isinstance(a, str) for a in get_args(annotation))


def _value(cell: Any, kind: str) -> Any:
    """A cell's value for a field of `kind`; None when the cell is empty."""
    if cell is None:
        return None
    if not isinstance(cell, str):  # an XLSX number or boolean is already typed
        return str(cell) if kind == "text" else cell
    if not cell.strip():
        return None
    if kind == "text":
        return cell
    stripped = cell.strip()
    if kind == "texts" and not stripped.startswith("["):
        return [part.strip() for part in stripped.split(";") if part.strip()]
    try:
        parsed = tomllib.loads(f"value = {stripped}")
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return cell
    return parsed["value"] if set(parsed) == {"value"} else cell  # one value, not a cell smuggling keys
