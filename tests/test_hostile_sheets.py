"""Hostile spreadsheets (issue 26 cases 10, 14 and 16, issue 30 defect 7): broken sheet XML, a declared size
of a million rows, a sheet of thousands of bad rows, control characters in a cell, a misspelled header.

Each is one clear line (or a few, at most MAX_SHOWN per file and a count of the rest) and exit 2, read in
bounded memory: the peak of a real `checker validate` is measured in a child process.
"""
from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from cards.errors import MAX_SHOWN
from checker.cli import app as checker_app
from test_hostile_inputs import one_line

runner = CliRunner()
GAME = """id = "sheet"
name = "Sheet"
rules = "generic"
players = [1, 6]

[schemas.card]
text = { type = "text", default = "" }
power = { type = "integer", required = false }
weight = { type = "number", required = false }

[[components]]
id = "deck"
name = "Deck"
kind = "card"
schema = "card"
file = "FILE"
size = "poker"
back = "plain"
"""
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PEAK_MB = 500  # the budget for every case


def sheet_game(folder: Path, name: str, data: bytes) -> Path:
    """A print-only game whose one deck is kept in `name` (cards.csv or cards.xlsx), holding `data`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(GAME.replace("FILE", name))
    (folder / name).write_bytes(data)
    return folder


def workbook(sheet_xml: str | None) -> bytes:
    """A workbook openpyxl wrote, its first sheet's XML replaced by `sheet_xml` (None: the sheet left out)."""
    book = openpyxl.Workbook()
    book.active.append(["id"])
    written = io.BytesIO()
    book.save(written)
    source = zipfile.ZipFile(written)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if info.filename != "xl/worksheets/sheet1.xml":
                target.writestr(info, source.read(info.filename))
            elif sheet_xml is not None:
                target.writestr(info, sheet_xml)
    return out.getvalue()


def sheet(*rows: str, dimension: str = "A1:C2") -> str:
    return (f'<worksheet xmlns="{MAIN}"><dimension ref="{dimension}"/><sheetData>'
            + "".join(rows) + "</sheetData></worksheet>")


def text(ref: str, value: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


HEADER = f'<row r="1">{text("A1", "id")}{text("B1", "name")}{text("C1", "power")}</row>'


def record(power_cell: str, name_cell: str = text("B2", "Alpha")) -> str:
    return f'<row r="2">{text("A2", "a")}{name_cell}{power_cell}</row>'


def peak_mb(*args: str) -> tuple[subprocess.CompletedProcess, float]:
    """`checker ARGS` in a child process, and its peak resident memory in MB: read by a parent of its own once
    it exits (this process's RUSAGE_CHILDREN would be the largest of every child the tests ran)."""
    tool = "import sys; sys.argv[0] = 'checker'; from checker.cli import main; main()"
    parent = ("import resource, subprocess, sys\n"
              "done = subprocess.run([sys.executable, '-c', sys.argv[1], *sys.argv[2:]], stdout=subprocess.DEVNULL)\n"
              "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
              "sys.exit(done.returncode)")
    done = subprocess.run([sys.executable, "-c", parent, tool, *args], capture_output=True, text=True, timeout=120)
    return done, int(done.stdout) / 1024


# ---- case 10: sheet XML openpyxl cannot read ----------------------------------------------------------------

@pytest.mark.parametrize("xml, wanted", [
    (sheet(HEADER, record('<c r="C2" t="n"><v>abc</v></c>')),
     "cannot read the sheet at row 2 or a later one: a cell or its reference is not what its type says "
     "(invalid literal for int() with base 10: 'abc')"),
    (sheet(HEADER, record('<c r="C2" t="n"><v>NaN</v></c>')),
     "cannot read the sheet at row 2 or a later one: a cell or its reference is not what its type says "
     "(invalid literal for int() with base 10: 'NaN')"),
    (sheet(HEADER, record('<c r="C2" t="n"><v>3</v></c>', '<c r="B2" t="s"><v>7</v></c>')),
     "cannot read the sheet at row 2 or a later one: a cell names a shared text the workbook does not have"),
    (sheet(HEADER, record('<c r="!!" t="n"><v>3</v></c>')),
     "cannot read the sheet at row 2 or a later one: a cell or its reference is not what its type says"),
    (sheet('<row r="1"><c r="A1" t="n"><v>x</v></c></row>'), "cannot read the sheet at its first row"),
    (None, "expected a workbook with a sheet of records, got no sheet"),
])
def test_sheet_xml_openpyxl_cannot_read_is_one_line_naming_the_file_and_row(tmp_path, xml, wanted):
    folder = sheet_game(tmp_path / "g", "cards.xlsx", workbook(xml))
    one_line(runner.invoke(checker_app, ["validate", str(folder)]), f"{folder}/cards.xlsx: {wanted}")


@pytest.mark.parametrize("value, wanted", [("1E400", "inf"), ("-1E400", "-inf")])
def test_a_number_cell_that_is_not_finite_is_an_error_at_its_cell(tmp_path, value, wanted):
    xml = sheet(HEADER.replace("power", "weight"), record(f'<c r="C2" t="n"><v>{value}</v></c>'))
    folder = sheet_game(tmp_path / "g", "cards.xlsx", workbook(xml))
    one_line(runner.invoke(checker_app, ["validate", str(folder)]),
             f"{folder}/cards.xlsx: row 2, column 'weight': expected a finite number, got {wanted}")


# ---- case 14: declared sizes and floods within the limits -----------------------------------------------------

def test_a_sheet_declaring_a_million_rows_is_read_in_bounded_memory(tmp_path):
    last = f'<row r="1048576">{text("A1048576", "a")}{text("XFD1048576", "far")}</row>'
    xml = sheet(HEADER, last, dimension="A1:XFD1048576")
    data = workbook(xml)
    assert len(data) < 10_000
    folder = sheet_game(tmp_path / "g", "cards.xlsx", data)
    done, peak = peak_mb("validate", str(folder))
    assert done.returncode == 2 and done.stderr.splitlines() == [
        f"{folder}/cards.xlsx: expected a header row and one or more rows of records, got no records"], done.stderr
    assert peak < PEAK_MB, peak  # 1.34 GB before: openpyxl padded every row to the declared 16,384 columns


def test_a_row_wider_than_the_column_limit_is_named(tmp_path):
    xml = sheet(HEADER, f'<row r="2">{text("A2", "a")}{text("B2", "Alpha")}{text("JZ2", "far")}</row>',
                dimension="A1:B2")
    folder = sheet_game(tmp_path / "g", "cards.xlsx", workbook(xml))
    one_line(runner.invoke(checker_app, ["validate", str(folder)]),
             f"{folder}/cards.xlsx: row 2: too many columns: expected at most 256, got 286")


def test_a_2_mb_csv_of_256_columns_prints_at_most_the_limit_and_counts_the_rest(tmp_path):
    header = ["id", "name", "text", "power"] + [f"extra{i}" for i in range(252)]
    lines = [",".join(header)] + [",".join([f"c{i}", "N", "t", "x"] + ["x"] * 252) for i in range(3785)]
    data = ("\n".join(lines) + "\n").encode()
    assert 1_900_000 < len(data) < 2_000_000
    folder = sheet_game(tmp_path / "g", "cards.csv", data)
    done, peak = peak_mb("validate", str(folder))
    said = done.stderr.splitlines()
    assert done.returncode == 2 and len(said) == MAX_SHOWN + 1, said[:3]  # 983,304 lines (143 MB) before
    assert said[0] == (f"{folder}/cards.csv: row 1, column 'extra0': unknown field: "
                       "expected one of id, name, copies, layout, text, power, weight")  # once, not once a row
    # 252 unknown columns and 3,785 rows whose power is 'x': the first 20 shown, the rest counted
    assert said[-1] == f"{folder}/cards.csv: ... and {252 + 3785 - MAX_SHOWN:,} more problems (the first 20 are shown)"
    assert peak < PEAK_MB, peak


def test_many_bad_rows_are_counted_past_the_limit(tmp_path):
    rows = "".join(f"c{i},Card {i},,{'x' if i % 2 else i}\n" for i in range(100))
    folder = sheet_game(tmp_path / "g", "cards.csv", ("id,name,text,power\n" + rows).encode())
    said = runner.invoke(checker_app, ["validate", str(folder)]).output.splitlines()
    assert said[:2] == [f"{folder}/cards.csv: row 3, column 'power': card 'c1' (Card 1): expected an integer, got 'x'",
                        f"{folder}/cards.csv: row 5, column 'power': card 'c3' (Card 3): expected an integer, got 'x'"]
    assert said[MAX_SHOWN:] == [f"{folder}/cards.csv: ... and 30 more problems (the first 20 are shown)"]


# ---- case 16: a NUL in a cell ---------------------------------------------------------------------------------

@pytest.mark.parametrize("cell, code", [("Sun\x00rise", "U+0000"), ("bell\x07", "U+0007"), ("esc\x1b[2J", "U+001B")])
def test_a_control_character_in_a_csv_cell_is_an_error_at_its_row(tmp_path, cell, code):
    data = f"id,name,text,power\na,Alpha,ok,1\nb,Beta,{cell},2\n".encode()
    folder = sheet_game(tmp_path / "g", "cards.csv", data)
    line = one_line(runner.invoke(checker_app, ["validate", str(folder)]),
                    f"{folder}/cards.csv: row 3, column 'text': expected text without control characters, got {code}")
    assert "\x00" not in line and "\x1b" not in line


# ---- issue 30 defect 7: the header's mistakes once, at row 1; a duplicate id names both rows --------------------

@pytest.mark.parametrize("header, row, wanted", [
    ("id,nmae,text,power", "c{i},Card {i},Text,{i}", [
        "row 1, column 'nmae': unknown field: expected one of id, name, copies, layout, text, power, weight",
        "row 1: missing column 'name': every record needs it (a required field)"]),
    ("id,text,power", "c{i},Text,{i}", ["row 1: missing column 'name': every record needs it (a required field)"]),
])
def test_a_misspelled_or_missing_header_is_one_error_at_row_1_not_one_per_row(tmp_path, header, row, wanted):
    rows = "".join(row.format(i=i) + "\n" for i in range(40))
    folder = sheet_game(tmp_path / "g", "cards.csv", (header + "\n" + rows).encode())
    said = runner.invoke(checker_app, ["validate", str(folder)]).output.splitlines()
    assert said == [f"{folder}/cards.csv: {line}" for line in wanted]  # 40 identical lines before


def test_a_misspelled_optional_column_is_named_once_and_the_rows_are_still_checked(tmp_path):
    folder = sheet_game(tmp_path / "g", "cards.csv", b"id,name,txet,power\na,Alpha,Hi,3\nb,Beta,Yo,x\nc,Gamma,Hey,4\n")
    assert runner.invoke(checker_app, ["validate", str(folder)]).output.splitlines() == [
        f"{folder}/cards.csv: row 1, column 'txet': unknown field: expected one of id, name, copies, layout, text, "
        "power, weight",
        f"{folder}/cards.csv: row 3, column 'power': card 'b' (Beta): expected an integer, got 'x'"]


def test_a_duplicate_id_names_both_rows(tmp_path):
    folder = sheet_game(tmp_path / "g", "cards.csv", b"id,name\na,Alpha\nb,Beta\na,Again\n")
    one_line(runner.invoke(checker_app, ["validate", str(folder)]),
             f"{folder}/cards.csv: row 4, column 'id': card 'a' (Again): duplicate id: already defined in "
             f"{folder}/cards.csv row 2")
