"""Loading a game again in one process (`generator watch`, issue 14): only the `[[cards]]` table an edit
changed is parsed again, and only the records whose table changed are validated again; the result is
always what a fresh load gives, and anything that cannot be shown safe is parsed or validated afresh."""
from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from cards import DefinitionError, load_game
from cards.loader import Reload
from cards.tomlsource import reparse
from conftest import CARDS, edit_text

TOWN = (CARDS / "el-dorado-canyon" / "town.toml").read_text(encoding="utf-8")


def reparsed(old: str, new: str) -> dict | None:
    data = reparse(old, tomllib.loads(old), new, "cards")
    if data is not None:
        assert data == tomllib.loads(new)
    return data


def values(game) -> list:
    """A game's components by value (a load that does not validate gives kept records: `common.kept`)."""
    return [(repr(c.spec), repr(c.records), c.file, c.table) for c in game.components]


def test_an_edit_inside_one_table_parses_that_table_only_and_gives_the_whole_files_data():
    assert reparsed(TOWN, TOWN.replace('name = "Dynamite"', 'name = "Dynamite Crate"')) is not None
    assert reparsed(TOWN, TOWN.replace('name = "Dynamite"', 'name = "Dynamite"\ncopies = 7', 1)) is not None
    last = TOWN.rindex('name = "')
    assert reparsed(TOWN, TOWN[:last] + 'name = "The last one"' + TOWN[TOWN.index("\n", last):]) is not None
    assert reparsed(TOWN, TOWN.replace("\n", "\r\n")) is None  # every line changed: more than one table


@pytest.mark.parametrize("edit", [
    lambda t: t.replace('name = "Dynamite"', 'name = "Dynamite"\n\n[[cards]]\nid = "more"', 1),  # a table added
    lambda t: t.replace("[[cards]]\n", "", 2),                                                      # tables merged
    lambda t: "# a comment first\n" + t,                                                            # before the tables
    lambda t: t.replace('name = "Dynamite"', 'name = "Dynamite', 1),                                # a syntax error
    lambda t: t.replace('name = "Dynamite"', 'name = "Dynamite"\n[other]\nx = 1', 1),              # another table
])
def test_an_edit_that_adds_removes_or_breaks_tables_is_parsed_whole(edit):
    new = edit(TOWN)
    assert reparse(TOWN, tomllib.loads(TOWN), new, "cards") is None


def test_a_header_line_inside_a_multi_line_string_is_never_taken_for_a_table():
    old = '[[cards]]\nid = "a"\ntext = """\n[[cards]]\nid = "b"\n"""\n\n[[cards]]\nid = "c"\n'
    assert len(tomllib.loads(old)["cards"]) == 2
    new = old.replace('id = "b"', 'id = "x"')
    assert reparse(old, tomllib.loads(old), new, "cards") is None  # 3 header lines for 2 tables: not shown safe
    quoted = '[[cards]]\nid = "a"\n\n[["cards"]]\nid = "b"\n'
    assert reparse(quoted, tomllib.loads(quoted), quoted.replace('"b"', '"c"'), "cards") is None


def test_any_edit_gives_the_data_of_the_whole_file_or_a_full_parse():
    rng, shown = random.Random(14), 0
    for _ in range(400):
        at = rng.randrange(len(TOWN))
        cut = at + rng.randrange(0, 30)
        put = rng.choice(["", "x", "\n", '"', "1", " = 2\n", "[[cards]]\n", "\n[[cards.options]]\n", '"""', "# c\n",
                          "\r\n", "]]", "\nid = 'x'\n"])
        try:
            shown += reparsed(TOWN, TOWN[:at] + put + TOWN[cut:]) is not None
        except tomllib.TOMLDecodeError:  # reparse gave data for a file that does not parse
            raise AssertionError("reparse accepted a broken file") from None
    assert shown > 20


def test_a_reload_validates_only_the_changed_records_and_equals_a_fresh_load(game_copy):
    folder = game_copy("el-dorado-canyon")
    reload = Reload()
    first = load_game(str(folder), reload)
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    second, fresh = load_game(str(folder), reload), load_game(str(folder))
    for comp, comp2, comp3 in zip(first.components, second.components, fresh.components):
        assert comp2.spec is comp.spec and repr(comp2.records) == repr(comp3.records)
        for rec, rec2 in zip(comp.records, comp2.records):
            assert (rec2 is rec) == (rec2.id != "dynamite")  # the very same objects, but the edited card
    (folder / "art-notes.txt").write_text("another file of the folder changed")  # art or layouts may have
    third = load_game(str(folder), reload)
    assert all(r3 is not r2 and r3 == r2 for c2, c3 in zip(second.components, third.components)
               for r2, r3 in zip(c2.records, c3.records))


def test_a_bad_save_is_reported_as_a_fresh_load_reports_it_and_the_fix_reloads(game_copy):
    folder = game_copy("el-dorado-canyon")
    reload = Reload()
    load_game(str(folder), reload)
    for bad in ('name = ""', 'name = "Dynamite', 'cost = "two"'):
        edit_text(folder / "town.toml", 'name = "Dynamite"', bad)
        with pytest.raises(DefinitionError) as fresh:
            load_game(str(folder))
        with pytest.raises(DefinitionError) as again:
            load_game(str(folder), reload)
        assert str(again.value) == str(fresh.value)
        edit_text(folder / "town.toml", bad, 'name = "Dynamite"')
        assert values(load_game(str(folder), reload)) == values(load_game(str(folder)))


def test_an_output_folder_inside_the_game_folder_is_not_part_of_what_a_record_depends_on(game_copy):
    folder = game_copy("el-dorado-canyon")
    reload = Reload(ignore=(folder / "output",))
    first = load_game(str(folder), reload)
    (folder / "output").mkdir()
    (folder / "output" / "el-dorado-canyon-a4.pdf").write_bytes(b"%PDF")
    assert load_game(str(folder), reload).components[0].records[0] is first.components[0].records[0]


def test_reparse_keeps_unchanged_tables_as_the_same_objects():
    old = tomllib.loads(TOWN)
    new = reparse(TOWN, old, TOWN.replace('name = "Dynamite"', 'name = "Dynamite Crate"'), "cards")
    assert new is not None
    assert sum(a is b for a, b in zip(old["cards"], new["cards"])) == len(old["cards"]) - 1


def test_a_file_with_cards_assigned_inline_is_parsed_whole(tmp_path: Path):
    old = 'cards = [{ id = "a" }]\n'
    assert reparse(old, tomllib.loads(old), 'cards = [{ id = "b" }]\n', "cards") is None
