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
counting the header as row 1.
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

from .errors import DefinitionError, Problem
from common.files import FileRefused, read_bytes

SUFFIXES = (".csv", ".xlsx")
MAX_BYTES = 2_000_000          # as for a TOML definition file
MAX_XLSX_BYTES = 10_000_000    # the zipped workbook
MAX_XLSX_UNZIPPED = 50_000_000  # what it may unpack to (a zip bomb is refused before reading)
MAX_ROWS = 10_000
MAX_COLUMNS = 256
LANG_MARK = "@"  # `text@fr`: the column of a field's translation
LANG_CODE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")  # a BCP 47 tag as a file name takes it: fr, pt-BR, zh-Hant


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


def read_sheet(path: Path, shown: str, schema: type[BaseModel],
               inside: Path | None = None) -> tuple[list[dict[str, Any]], CellIndex]:
    """Read a CSV or XLSX file (confined to the folder `inside`) into record tables typed for `schema`;
    raise DefinitionError."""
    if path.suffix.lower() == ".csv":
        header, rows = _csv_rows(_read(path, shown, inside, MAX_BYTES), shown)
    else:
        header, rows = _xlsx_rows(_read(path, shown, inside, MAX_XLSX_BYTES), shown)
    problems = _header_problems(header, shown)
    if problems:
        raise DefinitionError(problems)
    if not rows:
        raise DefinitionError([Problem(shown, "expected a header row and one or more rows of records, got no records")])
    kinds = {name: cell_kind(schema, name.partition(LANG_MARK)[0]) for name in header}
    records, numbers, translations = [], [], []
    for number, cells in rows:
        record: dict[str, Any] = {}
        languages: dict[str, dict[str, Any]] = {}
        for name, cell in zip(header, cells):
            value = _value(cell, kinds[name])
            field, mark, code = name.partition(LANG_MARK)
            if value is not None:
                (languages.setdefault(code, {}) if mark else record)[field] = value
        records.append(record)
        numbers.append(number)
        translations.append(languages)
    return records, CellIndex(header, numbers, translations)


def _csv_rows(raw: bytes, shown: str) -> tuple[list[str], list[tuple[int, list[Any]]]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DefinitionError([Problem(shown, f"expected UTF-8 text, got byte 0x{raw[exc.start]:02x}", line=line)]) from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        table = [row for row in reader]
    except csv.Error as exc:
        raise DefinitionError([Problem(shown, f"CSV syntax error: {exc}", line=reader.line_num)]) from None
    return _split(table, shown)


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
    try:
        sheet = book.worksheets[0]
        table: list[list[Any]] = []
        for row in sheet.iter_rows(values_only=True):
            if len(table) > MAX_ROWS:
                break
            table.append(list(row))
    finally:
        book.close()
    return _split(table, shown)


def _read(path: Path, shown: str, inside: Path | None, limit: int) -> bytes:
    try:
        return read_bytes(path, inside=inside, limit=limit)
    except FileRefused as exc:
        raise DefinitionError([Problem(shown, f"cannot read file: {exc}")]) from None


def _split(table: list[list[Any]], shown: str) -> tuple[list[str], list[tuple[int, list[Any]]]]:
    """The header and the numbered, non-empty rows, within the size limits."""
    if not table:
        raise DefinitionError([Problem(shown, "expected a header row naming the fields, got an empty sheet")])
    if len(table) - 1 > MAX_ROWS:
        raise DefinitionError([Problem(shown, f"too many rows: expected at most {MAX_ROWS} records")])
    width = max(len(row) for row in table)
    if width > MAX_COLUMNS:
        raise DefinitionError([Problem(shown, f"too many columns: expected at most {MAX_COLUMNS}, got {width}")])
    header = [_text(cell).strip() for cell in table[0]]
    while header and not header[-1]:
        header.pop()
    rows = []
    for number, row in enumerate(table[1:], start=2):
        cells = list(row) + [None] * (len(header) - len(row))
        if any(_text(cell).strip() for cell in cells[len(header):]):
            raise DefinitionError([Problem(shown, f"row {number}: expected at most {len(header)} cells "
                                                  f"(one per named column), got more")])
        cells = cells[: len(header)]
        if any(_text(cell).strip() for cell in cells):
            rows.append((number, cells))
    return header, rows


def _header_problems(header: list[str], shown: str) -> list[Problem]:
    problems, seen = [], set()
    for position, name in enumerate(header, start=1):
        if not name:
            problems.append(Problem(shown, f"row 1, column {position}: expected a field name, got an empty cell"))
        elif name in seen:
            problems.append(Problem(shown, f"row 1, column {name!r}: duplicate column"))
        elif LANG_MARK in name and not (name.partition(LANG_MARK)[0]
                                        and LANG_CODE.fullmatch(name.partition(LANG_MARK)[2])):
            problems.append(Problem(shown, f"row 1, column {name!r}: expected FIELD@CODE for a translation "
                                           f"(e.g. text@fr, name@pt-BR), got {name!r}"))
        seen.add(name)
    return problems


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
