"""A component kept in a CSV or XLSX sheet loads into the same records, builds the same PDF byte
for byte, and its mistakes are named by row and column as the designer sees them."""
from __future__ import annotations

import csv
import tomllib
import zipfile
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from cards import load_game
from cards.tomlsource import inline
from conftest import definition_errors, edit_text
from generator.cli import app




def sheet_rows(toml_file: Path) -> tuple[list[str], list[list[str]]]:
    """The records of a TOML component file as a header and rows of cells."""
    records = tomllib.loads(toml_file.read_text())["cards"]
    header: list[str] = []
    for record in records:
        header += [k for k in record if k not in header]
    rows = [[("" if k not in r else r[k] if isinstance(r[k], str) else inline(r[k])) for k in header] for r in records]
    return header, rows


def to_csv(folder: Path, name: str, delimiter: str = ",") -> Path:
    header, rows = sheet_rows(folder / f"{name}.toml")
    path = folder / f"{name}.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, delimiter=delimiter)
        writer.writerow(header)
        writer.writerows(rows)
    edit_text(folder / "game.toml", f'file = "{name}.toml"', f'file = "{name}.csv"')
    (folder / f"{name}.toml").unlink()
    return path


def test_csv_town_deck_loads_the_same_records(game_copy):
    folder = game_copy()
    to_csv(folder, "town")
    from_csv = load_game(str(folder)).records("town")
    original = load_game("el-dorado-canyon").records("town")
    assert [r.model_dump() for r in from_csv] == [r.model_dump() for r in original]


def test_semicolon_csv_with_byte_order_mark(game_copy):
    folder = game_copy()
    path = to_csv(folder, "starting", delimiter=";")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    got = load_game(str(folder)).records("starting")
    assert [r.model_dump() for r in got] == [r.model_dump() for r in load_game("el-dorado-canyon").records("starting")]


def test_xlsx_town_deck_loads_the_same_records(game_copy):
    folder = game_copy()
    header, rows = sheet_rows(folder / "town.toml")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(header)
    for row in rows:  # numbers as spreadsheet numbers, as a designer's sheet holds them
        sheet.append([int(c) if c.isdigit() else (c or None) for c in row])
    book.save(folder / "town.xlsx")
    edit_text(folder / "game.toml", 'file = "town.toml"', 'file = "town.xlsx"')
    got = load_game(str(folder)).records("town")
    assert [r.model_dump() for r in got] == [r.model_dump() for r in load_game("el-dorado-canyon").records("town")]


def test_csv_game_builds_the_same_pdf_byte_for_byte(tmp_path, game_copy):
    toml_folder = game_copy()
    csv_folder = tmp_path / "sheet" / toml_folder.name
    csv_folder.parent.mkdir()
    import shutil

    shutil.copytree(toml_folder, csv_folder)
    to_csv(csv_folder, "town")
    to_csv(csv_folder, "characters")
    outs = []
    for folder in (toml_folder, csv_folder):
        out = tmp_path / f"out-{folder.parent.name}"
        result = CliRunner().invoke(app, ["build", str(folder), "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out / f"{folder.name}-a4.pdf")
    assert outs[0].read_bytes() == outs[1].read_bytes()


def _csv(folder: Path, text: str) -> None:
    (folder / "town.csv").write_text(text, encoding="utf-8")
    edit_text(folder / "game.toml", 'file = "town.toml"', 'file = "town.csv"')


HEAD = "id,name,type,priority,cost,options\n"
OPTS = '"[{ effects = [{ effect = ""gain_gold"", amount = 2 }] }]"'


def test_a_wrong_cell_is_named_by_row_and_column(game_copy):
    folder = game_copy()
    _csv(folder, HEAD + f"strike,Strike,gain,IV,3,{OPTS}\nlode,Lode,gain,IV,four,{OPTS}\n")
    assert definition_errors(folder) == [
        f"{folder}/town.csv: row 3, column 'cost': card 'lode' (Lode): expected an integer, got 'four'"]


def test_every_bad_cell_of_a_sheet_at_once(game_copy):
    folder = game_copy()
    _csv(folder, HEAD.replace("options", "options,colour")
         + f"strike,Strike,gain,V,3,{OPTS},red\n"
         + 'lode,Lode,gain,IV,2,"[{ effects = [{ effect = ""gain_gold"", amount = ""x"" }] }]",\n')
    lines = definition_errors(folder)
    assert lines[0].startswith(f"{folder}/town.csv: row 1, column 'colour': unknown field: expected one of id, name")
    assert lines[1] == (f"{folder}/town.csv: row 2, column 'priority': card 'strike' (Strike): "
                        "expected one of I, II, III, IV, got 'V'")
    assert lines[2] == (f"{folder}/town.csv: row 3, column 'options': card 'lode' (Lode): "
                        "options.1.effects.1.amount: expected an integer, got 'x'")
    assert len(lines) == 3


@pytest.mark.parametrize("text, message", [
    ("", ": expected a header row naming the fields, got an empty sheet"),
    ("id,name\n", ": expected a header row and one or more rows of records, got no records"),
    ("id,,name\na,,b\n", ": row 1, column 2: expected a field name, got an empty cell"),
    ("id,name,id\na,b,c\n", ": row 1, column 'id': duplicate column"),
    ("id,name\na,b,c\n", ": row 2: expected at most 2 cells (one per named column), got more"),
    ('id,name\n"a,b\n', ":2: CSV syntax error: unexpected end of data"),
])
def test_broken_sheets(game_copy, text, message):
    folder = game_copy()
    _csv(folder, text)
    assert definition_errors(folder) == [f"{folder}/town.csv{message}"]


def test_a_cell_cannot_smuggle_more_keys(game_copy):
    folder = game_copy()
    _csv(folder, HEAD + f'strike,Strike,gain,IV,"3\nname = 1",{OPTS}\n')
    assert definition_errors(folder) == [
        f"{folder}/town.csv: row 2, column 'cost': card 'strike' (Strike): expected an integer, got '3\\nname = 1'"]


def test_not_a_workbook(game_copy):
    folder = game_copy()
    (folder / "town.xlsx").write_bytes(b"id,name\n")
    edit_text(folder / "game.toml", 'file = "town.toml"', 'file = "town.xlsx"')
    assert definition_errors(folder) == [f"{folder}/town.xlsx: expected an XLSX workbook, got a file that is not one"]


def test_a_zip_that_is_not_a_workbook(game_copy):
    folder = game_copy()
    with zipfile.ZipFile(folder / "town.xlsx", "w") as z:
        z.writestr("hello.txt", "hi")
    edit_text(folder / "game.toml", 'file = "town.toml"', 'file = "town.xlsx"')
    [line] = definition_errors(folder)
    assert line.startswith(f"{folder}/town.xlsx: expected an XLSX workbook, got one that cannot be read (")


def test_a_zip_bomb_is_refused_before_it_is_unpacked(game_copy):
    folder = game_copy()
    with zipfile.ZipFile(folder / "town.xlsx", "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b"\0" * 60_000_000)
    edit_text(folder / "game.toml", 'file = "town.toml"', 'file = "town.xlsx"')
    assert definition_errors(folder) == [
        f"{folder}/town.xlsx: workbook is too large: expected at most 50000000 bytes unpacked, got 60000000"]


def test_validate_cli_reports_the_cell_and_exits_2(game_copy):
    from checker.cli import app as checker_app

    folder = game_copy()
    _csv(folder, HEAD + f"lode,Lode,gain,IV,four,{OPTS}\n")
    result = CliRunner().invoke(checker_app, ["validate", str(folder)])
    assert result.exit_code == 2
    assert "town.csv: row 2, column 'cost': card 'lode' (Lode): expected an integer, got 'four'" in result.output
