"""The compiled-definitions cache and the stamps that spare a warm start from hashing (issue 14).

A remembered result is used only while every file it came from keeps its stamp; an edit,
an added or removed file, a torn or foreign memo or entry is a miss that computes afresh.
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from cards import compiled
from common import cachefile, stamps
from checker.core import gamecache

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = ROOT / "tests" / "games" / "edc-test"


@pytest.fixture(autouse=True)
def _settled_at_once(tmp_path, monkeypatch):
    """Files made by a test are seconds old: let them count as settled (one test checks the rule itself)."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(stamps, "SETTLE_NS", -10**12)


def _files(tmp_path: Path) -> Path:
    """A folder of its own: the cache (in tmp_path) must not change the stamped folder."""
    (tmp_path / "f").mkdir()
    return tmp_path / "f"


def _remembered(files: list[Path], value: object = "v") -> None:
    taken = stamps.Stamps()
    for f in files:
        taken.add(f)
    stamps.remember("t", "id", value, taken)


def test_a_result_is_recalled_while_its_files_keep_their_stamps(tmp_path):
    files = _files(tmp_path)
    (files / "a.txt").write_text("one")
    _remembered([files, files / "a.txt"], {"x": [1, "y"]})
    assert stamps.recall("t", "id") == {"x": [1, "y"]}
    assert stamps.recall("t", "other id") is None


@pytest.mark.parametrize("change", ["edit", "same size and time", "add a file", "remove", "replace by a link"])
def test_any_change_to_a_stamped_file_or_folder_is_a_miss(tmp_path, change):
    files = _files(tmp_path)
    a, b = files / "a.txt", files / "b.txt"
    a.write_text("one")
    b.write_text("two")
    _remembered([files, a])
    if change == "edit":
        a.write_text("three")
    elif change == "same size and time":  # the change time still tells
        info = os.stat(a)
        time.sleep(0.05)  # past a coarse file-system clock's tick (in real use: stamps younger than SETTLE_NS)
        a.write_text("owe")
        os.utime(a, ns=(info.st_atime_ns, info.st_mtime_ns))
    elif change == "add a file":
        (files / "c.txt").write_text("")
    elif change == "remove":
        b.unlink()
    else:
        a.unlink()
        a.symlink_to(b)
    assert stamps.recall("t", "id") is None


def test_python_writing_bytecode_into_a_stamped_folder_is_no_change(tmp_path):
    files = _files(tmp_path)
    (files / "a.py").write_text("")
    _remembered([files, files / "a.py"])
    (files / "__pycache__").mkdir()
    (files / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"")
    assert stamps.recall("t", "id") == "v"


def test_nothing_is_remembered_while_a_stamped_file_is_young(tmp_path, monkeypatch):
    files = _files(tmp_path)
    monkeypatch.setattr(stamps, "SETTLE_NS", 2_000_000_000)
    (files / "a.txt").write_text("just written")
    _remembered([files / "a.txt"])
    assert stamps.recall("t", "id") is None
    assert not (tmp_path / "cache" / "stamps").exists()


@pytest.mark.parametrize("damage", [lambda raw: raw[:-3], lambda raw: raw.replace(b'"v"', b'"w"'),
                                    lambda raw: b"[]\n" + raw.split(b"\n", 1)[1], lambda raw: b""])
def test_a_torn_or_altered_memo_is_a_miss(tmp_path, damage):
    files = _files(tmp_path)
    (files / "a.txt").write_text("one")
    _remembered([files / "a.txt"])
    (memo,) = (tmp_path / "cache" / "stamps").iterdir()
    memo.write_bytes(damage(memo.read_bytes()))
    assert stamps.recall("t", "id") is None


def test_an_entry_is_only_what_was_written_under_its_name():
    raw = cachefile.pack("name", {"a": [1, 2]})
    assert cachefile.unpack("name", raw) == {"a": [1, 2]}
    assert cachefile.unpack("other", raw) is None
    assert cachefile.unpack("name", raw.replace(b"[1,2]", b"[1,3]")) is None  # same length, other bytes
    assert cachefile.unpack("name", raw + b" ") is None


def test_a_plain_data_entry_comes_back_exactly_and_a_bad_body_is_a_miss(tmp_path):
    where = tmp_path / "entry.marshal"
    value = {"a": [1, -0.0, 2**70, "é", None, True], "b": {"c": 1.5}}
    cachefile.store_data(where, "name", value)
    back = cachefile.load_data(where, "name")
    assert back == value and type(back["a"][2]) is int and str(back["a"][1]) == "-0.0"
    assert cachefile.load_data(where, "other") is None
    for body in (b"", b"\xff not marshal", b"{\x00"):  # checking out under its header, but no marshal value
        cachefile.store_bytes(where, "name", body)
        assert cachefile.load_data(where, "name") is None
    raw = where.read_bytes()
    where.write_bytes(raw[:-1])  # cut short
    assert cachefile.load_data(where, "name") is None


def test_an_entry_is_written_whole_or_not_at_all_and_never_blocks_the_run(tmp_path, monkeypatch):
    where = tmp_path / "cache" / "sub" / "entry.json"
    cachefile.store(where, "name", {"a": 1})
    assert cachefile.load(where, "name") == {"a": 1} and os.listdir(where.parent) == ["entry.json"]
    cachefile.store(where, "name", {"a": 2})  # over the last: renamed into place, no temporary file left
    assert cachefile.load(where, "name") == {"a": 2} and os.listdir(where.parent) == ["entry.json"]
    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        assert not cachefile.replace(where, b"other")  # a full disk: no cache, and the last entry stays whole
    assert cachefile.load(where, "name") == {"a": 2} and os.listdir(where.parent) == ["entry.json"]
    (tmp_path / "file").write_text("")
    assert not cachefile.replace(tmp_path / "file" / "entry.json", b"x")  # its folder cannot be made


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(TEST_GAME, folder)
    return folder


def _pistol(data: dict) -> dict:
    return next(c for c in data["cards"] if c["id"] == "pistol")


def test_changed_definitions_are_compiled_again(tmp_path):
    folder = _copy(tmp_path)
    _, first = gamecache.load_for_play(str(folder))
    _, again = gamecache.load_for_play(str(folder))
    assert again == first and _pistol(first)["options"][0]["effects"][0]["damage"] == 1
    starting = folder / "starting.toml"
    starting.write_text(starting.read_text().replace(
        'effects = [{ effect = "attack", damage = 1, ammo = 1, infamy = 1 }]',
        'effects = [{ effect = "attack", damage = 2, ammo = 1, infamy = 1 }]', 1))
    _, changed = gamecache.load_for_play(str(folder))
    assert _pistol(changed)["options"][0]["effects"][0]["damage"] == 2


def test_a_warm_load_gives_game_tomls_version_as_it_is_now_without_loading_the_game(tmp_path, monkeypatch):
    import cards

    folder = _copy(tmp_path)
    game_toml = folder / "game.toml"
    assert gamecache.load_with_version(str(folder))[2] is None  # cold: loaded, compiled, filed; no version
    game_toml.write_text(game_toml.read_text().replace("\nrules = ", '\nversion = "0.3"\nrules = ', 1))
    _, data, version = gamecache.load_with_version(str(folder))  # game.toml changed: loaded again
    assert version == "0.3"

    def no_load(game: str) -> None:
        raise AssertionError(f"{game} was loaded: a warm run reads the version with the cache's key")

    with monkeypatch.context() as warm:
        warm.setattr(cards, "load_game", no_load)
        assert gamecache.load_with_version(str(folder)) == (gamecache.load_for_play(str(folder))[0], data, "0.3")
    game_toml.write_text(game_toml.read_text().replace('version = "0.3"', 'version = "0.4"'))
    assert gamecache.load_with_version(str(folder))[2] == "0.4"


def test_the_compiled_games_are_trimmed_to_the_newest_as_edits_file_new_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(cachefile, "FOLDER_ENTRIES", 1)
    folder = _copy(tmp_path)
    for n in range(2):  # each edit files another compiled game; the one before is trimmed
        gamecache.load_for_play(str(folder))
        with open(folder / "starting.toml", "a") as edited:
            edited.write(f"# edit {n}\n")
    _, last = gamecache.load_for_play(str(folder))
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    assert gamecache.load_for_play(str(folder))[1] == last


def test_a_touched_file_is_hashed_again_and_its_entry_reused(tmp_path):
    folder = _copy(tmp_path)
    key = gamecache._key(folder)
    assert key is not None and gamecache._key(folder) == key
    os.utime(folder / "town.toml")  # new stamps, same contents: the same entry
    assert gamecache._key(folder) == key


def test_changed_code_changes_the_key(tmp_path, monkeypatch):
    folder = _copy(tmp_path)
    code = tmp_path / "cards"
    shutil.copytree(compiled.CARDS, code, ignore=shutil.ignore_patterns("__pycache__", "*.toml", "*.png", "*.svg"))
    monkeypatch.setattr(compiled, "CARDS", code)  # gamecache reads it on a miss
    key = gamecache._key(folder)
    assert key is not None and gamecache._key(folder) == key
    with (code / "loader.py").open("a") as f:
        f.write("\n# a change\n")
    changed = gamecache._key(folder)
    assert changed is not None and changed != key
    (code / "new_module.py").write_text("")
    assert gamecache._key(folder) not in (None, key, changed)
