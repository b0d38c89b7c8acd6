"""Hostile records and folders around the outputs and caches: nothing outside its folder is removed, renamed,
restored, overwritten or read without bound.

A journal, a previous manifest or a cache folder is a file anyone may write (or copy): each test plants one
that names a file outside, runs the real command, and checks that the outside file is still there with its
bytes.  Real files, links and FIFOs; no mocks.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import zlib
from pathlib import Path

import pytest

from common import cachefile
from common.files import JOURNAL
from hostile import SET, contents, kill_at_rename, leftovers, one_line_failure, run, small_game, whole
from test_hostile_outputs import STATE

THESIS = b"four years of work\n"


@pytest.fixture
def built(tmp_path, monkeypatch):
    """A small game built once into `out`, a user's file outside it, and the set's files."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    game, out = small_game(tmp_path / "small"), tmp_path / "out"
    result = run("generator", "build", str(game), "--out", str(out))
    assert result.returncode == 0, result.stderr
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.txt").write_bytes(THESIS)
    (home / "attacker").write_bytes(b"planted\n")
    return game, out, home, contents(out)


def _warned(result, *wanted: str) -> None:
    """The build went on (exit 0) and said, in one warning line, which record it ignored."""
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for text in wanted:
        assert text in lines[0], (text, lines[0])


# ---- the journal (cases 1 and 2) --------------------------------------------------------------------------

@pytest.mark.parametrize("entry", [
    {"path": "{home}/thesis.txt", "old": None},                  # remove a file named absolutely
    {"path": "{home}/thesis.txt", "old": "{home}/attacker"},     # overwrite it with another outside file
    {"path": "../home/thesis.txt", "old": None},                 # climb out
    {"path": "docs/thesis.txt", "old": None},                    # through a link out of the folder
    {"path": "small-a4.pdf", "old": "{home}/attacker"},          # restore from (so move away) an outside file
    {"path": "small-a4.pdf", "old": "../home/attacker"},
    {"path": "small-a4.pdf", "old": ".other.pnpkit-old"},        # an old file the writer would not have kept
])
def test_a_journal_naming_anything_outside_the_folder_is_ignored_with_a_warning(built, entry):
    game, out, home, before = built
    (out / "docs").symlink_to(home)
    planted = {k: v if v is None else v.format(home=home) for k, v in entry.items()}
    (out / JOURNAL).write_text(json.dumps({"entries": [planted]}))
    result = run("generator", "build", str(game), "--out", str(out), cwd=home)  # a name taken as relative to the
    assert sorted(p.name for p in home.iterdir()) == ["attacker", "thesis.txt"]   # current folder lands here
    assert (home / "thesis.txt").read_bytes() == THESIS and (home / "attacker").read_bytes() == b"planted\n"
    _warned(result, f"ignoring {out / JOURNAL}: it names ", "expected ")
    assert whole(out) and leftovers(out) == []


def test_a_journal_that_is_a_fifo_or_a_link_to_a_device_is_ignored_without_hanging(built):
    game, out, home, _ = built
    os.mkfifo(out / JOURNAL)
    result = run("generator", "build", str(game), "--out", str(out), timeout=30)
    _warned(result, f"ignoring {out / JOURNAL}", "expected a regular file, got a FIFO")
    (out / JOURNAL).symlink_to("/dev/zero")
    result = run("generator", "build", str(game), "--out", str(out), timeout=30)
    _warned(result, f"ignoring {out / JOURNAL}: expected a regular file, got a symbolic link")
    assert whole(out) and leftovers(out) == [] and (home / "thesis.txt").read_bytes() == THESIS


def test_a_copy_of_a_folder_a_killed_build_left_is_put_back_without_touching_the_original(built, tmp_path):
    game, out, _, before = built
    result = run("generator", "build", str(game), "--out", str(out), "--ink-saver", fault=kill_at_rename(3))
    assert result.returncode == -9 and ".pnpkit-journal" in leftovers(out)
    mixed = contents(out)
    copy = tmp_path / "copy"
    shutil.copytree(out, copy, symlinks=True)  # what `cp -a` does: the journal comes along
    result = run("generator", "build", str(game), "--out", str(copy))
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr
    assert contents(out) == mixed  # the original is left as the kill left it: its own next build repairs it
    assert whole(copy) and leftovers(copy) == []
    names = json.loads((copy / "small-a4.json").read_text())["files"]
    assert sorted(names) == sorted(SET[:-1])


def test_the_journal_records_names_relative_to_its_folder(built):
    game, out, _, _ = built
    result = run("generator", "build", str(game), "--out", str(out), "--ink-saver", fault=kill_at_rename(2))
    assert result.returncode == -9
    entries = json.loads((out / JOURNAL).read_text())["entries"]
    assert [e["path"] for e in entries] == SET
    assert all(e["old"] == f".{e['path']}.pnpkit-old" for e in entries)


# ---- the previous manifest (case 3) -----------------------------------------------------------------------

def test_a_manifest_naming_a_file_through_a_link_out_is_ignored_and_the_file_stays(built):
    game, out, home, _ = built
    (home / "notes.pdf").write_bytes(b"my notes")
    (out / "small-shop-dtc").symlink_to(home)
    kit = json.loads((out / "small-a4.json").read_text())
    kit["files"]["small-shop-dtc/notes.pdf"] = "x"
    (out / "small-a4.json").write_text(json.dumps(kit))
    result = run("generator", "build", str(game), "--out", str(out))
    assert (home / "notes.pdf").read_bytes() == b"my notes" and (out / "small-shop-dtc").is_symlink()
    _warned(result, f"ignoring {out / 'small-a4.json'}", "it names 'small-shop-dtc/notes.pdf': expected a file inside",
            f"got {out / 'small-shop-dtc'}, a link")
    assert whole(out)


def test_a_build_into_a_folder_that_links_out_of_out_is_refused_and_writes_nothing_there(built):
    game, out, home, before = built
    (out / "small-shop-dtc").symlink_to(home)
    result = run("generator", "build", str(game), "--out", str(out), "--shop", "dtc")
    one_line_failure(result, f"--out: cannot write {out / 'small-shop-dtc'}/",
                     f"expected a file inside {out}, got {out / 'small-shop-dtc'}, a link")
    assert sorted(p.name for p in home.iterdir()) == ["attacker", "thesis.txt"]
    assert {k: v for k, v in contents(out).items()} == before and leftovers(out) == []


# ---- the cache folder (cases 4 and 13) --------------------------------------------------------------------

def test_the_cache_trim_removes_only_entries_it_wrote(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE", str(cache))
    cache.mkdir()
    users = {f"notes-{n:03}.json": json.dumps({"n": n}).encode() for n in range(300)}
    users["forged.json"] = b'{"entry": "forged", "size": 9, "sha256": "' + b"0" * 64 + b'"}\n{}\n'  # a size that lies
    for name, data in users.items():
        (cache / name).write_bytes(data)
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (cache / "link.json").symlink_to(outside)
    (tmp_path / "turn.toml").write_text(STATE)
    result = run("checker", "resolve", str(tmp_path / "turn.toml"))
    assert result.returncode == 0, result.stderr
    assert {name: (cache / name).read_bytes() for name in users} == users
    assert outside.read_text() == "{}" and (cache / "link.json").is_symlink()
    # and its own entries are still trimmed: 257 of them (the compiled game's and 256 more), the oldest goes
    for n in range(256):
        cachefile.store(cache / f"mine-{n:03}.json", f"mine-{n:03}", {"n": n})
    (cache / "mine-000.json").write_bytes(b'{"entry": "mine-000", "size": 2, "crc32": 0}\n{}')  # an earlier pnpkit's
    for n in range(256):
        os.utime(cache / f"mine-{n:03}.json", ns=(n * 10**9, n * 10**9))
    cachefile.trim(cache, keep=cache / "mine-255.json")
    assert not (cache / "mine-000.json").exists() and (cache / "mine-001.json").exists()
    assert {name: (cache / name).read_bytes() for name in users} == users


def test_cache_entries_carry_the_sha256_of_their_body():
    raw = cachefile.pack("name", {"a": 1})
    head, _, body = raw.partition(b"\n")
    assert json.loads(head) == {"entry": "name", "size": len(body), "sha256": hashlib.sha256(body).hexdigest()}
    crc = json.dumps({"entry": "name", "size": len(body), "crc32": zlib.crc32(body)}).encode() + b"\n" + body
    assert cachefile.unpack("name", crc) is None  # an earlier pnpkit's CRC-32 header is a miss
    forged = raw.replace(body, body.replace(b"1", b"2"))  # same size, another body: the digest tells
    assert cachefile.unpack("name", forged) is None


@pytest.mark.parametrize("body", [b"{}", b"[]", b'{"id": "other-game"}', b"{ 1", b"[1, 2", b'{"id": 1'])
def test_a_compiled_entry_with_a_valid_header_but_the_wrong_body_is_a_miss(tmp_path, monkeypatch, body):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "turn.toml").write_text(STATE)
    first = run("checker", "resolve", str(tmp_path / "turn.toml"))
    assert first.returncode == 0, first.stderr
    (entry,) = (tmp_path / "cache").glob("el-dorado-canyon-*.json")
    entry.write_bytes(cachefile.pack_bytes(entry.stem, body))  # a header that checks out for this body
    again = run("checker", "resolve", str(tmp_path / "turn.toml"))
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, "")
    assert cachefile.unpack(entry.stem, entry.read_bytes())["id"] == "el-dorado-canyon"  # rebuilt


# ---- bounded reads (case 15) ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["zero", "fifo", "link-to-zero", "big"])
def test_merging_a_device_a_fifo_or_a_huge_file_is_one_line_without_hanging(tmp_path, kind):
    shard = tmp_path / "shard.json"
    if kind == "zero":
        shard = Path("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(shard)
    elif kind == "link-to-zero":
        shard.symlink_to("/dev/zero")
    else:
        with open(shard, "wb") as handle:
            handle.truncate(200_000_000)  # sparse: nothing written, but read whole it would fill memory
    result = run("checker", "simulate", "--merge", str(shard), str(shard), timeout=30)
    expected = {"zero": "expected a regular file, got a character device", "fifo": "expected a regular file, got a FIFO",
                "link-to-zero": "expected a regular file, got a character device",
                "big": "file is too large: expected at most"}[kind]
    one_line_failure(result, f"{shard}: expected a shard file written by `checker simulate --shard`: {expected}")


@pytest.mark.parametrize("kind", ["link-to-zero", "fifo"])
def test_a_face_cache_ledger_that_is_a_device_or_a_fifo_is_ignored(tmp_path, monkeypatch, kind):
    cache = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE", str(cache))
    game, out = small_game(tmp_path / "small"), tmp_path / "out"
    assert run("generator", "build", str(game), "--out", str(out)).returncode == 0
    ledger = cache / "faces" / "written"
    ledger.unlink()
    if kind == "fifo":
        os.mkfifo(ledger)
    else:
        ledger.symlink_to("/dev/zero")
    result = run("generator", "build", str(game), "--out", str(out), "--ink-saver", timeout=30)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert ledger.is_file() and not ledger.is_symlink() and int(ledger.read_text()) >= 0  # written again, whole
    assert Path("/dev/zero").exists()


def test_a_game_toml_that_is_a_fifo_hangs_neither_rulings_nor_the_games_search(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "games" / "piped"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "game.toml")
    result = run("checker", "rulings", str(folder), timeout=30)
    one_line_failure(result, "game: expected a rules family")
    monkeypatch.setenv("PNPKIT_GAMES", str(tmp_path / "games"))  # searched for built-in games by every command
    (tmp_path / "turn.toml").write_text(STATE)
    result = run("checker", "resolve", str(tmp_path / "turn.toml"), timeout=30)
    assert result.returncode == 0 and "Verdict" in result.stdout, result.stderr
