"""Hostile and unlucky runs against outputs: a build's files stay one set, nothing half-written is left.

Faults are injected inside the real commands: `os.replace` failing with EIO in-process,
or a child process SIGKILLed at a chosen rename or flush (see tests/hostile.py).
"""
from __future__ import annotations

import errno
import fcntl
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import common.files
from common.files import FileRefused, read_bytes, recover, write_file, write_set
from checker.cli import app as checker_app
from generator.cli import app as generator_app
from hostile import SET, contents, kill_at_fsync, kill_at_rename, leftovers, one_line_failure, run, small_game, whole

runner = CliRunner()


@pytest.fixture
def built(tmp_path):
    """A small game built once into `out` (the previous set), and its files."""
    game, out = small_game(tmp_path / "small"), tmp_path / "out"
    result = runner.invoke(generator_app, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return game, out, contents(out)


def test_the_manifest_is_written_last_and_records_the_sha256_of_every_file_of_its_set(built):
    _, out, files = built
    assert sorted(files) == sorted(SET)
    assert whole(out)
    import json
    assert sorted(json.loads(files["small-a4.json"])["files"]) == sorted(SET[:-1])
    (out / "small-poster-a1.pdf").write_bytes(b"%PDF-1.4 from another build")
    assert not whole(out)  # a mixed set can be told


@pytest.mark.parametrize("failing", range(1, len(SET) + 1))
def test_a_rename_failing_with_eio_leaves_the_previous_set_whole(built, monkeypatch, failing):
    game, out, before = built
    real, count = os.replace, [0]

    def replace(src, dst, *args, **kwargs):
        if str(src).endswith(".pnpkit-tmp") and not str(dst).endswith(".pnpkit-journal"):
            count[0] += 1
            if count[0] == failing:
                raise OSError(errno.EIO, "Input/output error")
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    result = runner.invoke(generator_app, ["build", str(game), "--out", str(out), "--ink-saver"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.strip() == f"--out: cannot write {out / SET[failing - 1]}: Input/output error"
    assert contents(out) == before  # the old set, byte for byte, and no temporary file


@pytest.mark.parametrize("killed_at", [2, 5])
def test_a_build_killed_between_renames_is_put_back_by_the_next_write(built, killed_at):
    game, out, before = built
    result = run("generator", "build", str(game), "--out", str(out), "--ink-saver", fault=kill_at_rename(killed_at))
    assert result.returncode == -9
    assert not whole(out)  # mixed for now: the manifest tells
    assert ".pnpkit-journal" in leftovers(out)
    recover(out)  # what every write into `out` does first
    assert contents(out) == before and leftovers(out) == []
    result = run("generator", "build", str(game), "--out", str(out), "--ink-saver")
    assert result.returncode == 0, result.stderr
    assert whole(out) and leftovers(out) == [] and contents(out) != before


def test_a_build_killed_while_staging_leaves_the_old_set_and_its_temporary_files_go_next_time(built):
    game, out, before = built
    result = run("generator", "build", str(game), "--out", str(out), "--ink-saver", fault=kill_at_fsync(3))
    assert result.returncode == -9
    assert {k: v for k, v in contents(out).items() if not k.startswith(".")} == before
    assert len(leftovers(out)) == 3  # the files staged so far
    write_file(out / "notes.txt", b"any later write into the folder")
    assert leftovers(out) == [] and whole(out)


def test_writers_into_one_folder_take_turns_so_the_set_is_never_mixed(tmp_path):
    out = tmp_path / "out"
    errors: list[BaseException] = []

    def writer(tag: bytes) -> None:
        try:
            for _ in range(15):
                write_set({out / f"{n}.bin": tag * 2000 for n in range(5)})
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(tag,)) for tag in (b"a", b"b", b"c")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len({p.read_bytes() for p in out.iterdir()}) == 1 and leftovers(out) == []


def test_a_writer_that_cannot_get_the_folder_says_so(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(common.files, "LOCK_WAIT", 0.2)
    holder = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(holder, fcntl.LOCK_EX)  # another build, mid-write
    try:
        with pytest.raises(FileRefused, match=r"another pnpkit process has been writing into .*out for 0.2 s"):
            write_set({out / "a.pdf": b"x", out / "a.json": b"y"})
    finally:
        os.close(holder)
    assert list(out.iterdir()) == []


# ---- checker resolve --out ---------------------------------------------------------------------------------

STATE = """game = "el-dorado-canyon"
first_player = "Ann"

[[players]]
name = "Ann"
character = { name = "Kid", alignment = "good" }
infamy = 3
play = { card = "pistol", direction = "left" }

[[players]]
name = "Bob"
character = { name = "Rat", alignment = "bad" }
play = { card = "take-cover", option = 1 }

[[players]]
name = "Cid"
character = { name = "Doc", alignment = "good" }
play = { card = "go-to-town", option = 2 }
"""


@pytest.fixture
def state(tmp_path):
    path = tmp_path / "turn.toml"
    path.write_text(STATE)
    return path


def _resolve_out(state: Path, out: str, monkeypatch=None) -> str:
    result = runner.invoke(checker_app, ["resolve", str(state), "--out", out])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    return result.output.strip()


def test_resolve_out_refuses_what_cannot_be_a_state_file(state, tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "plain").write_text("x")
    os.mkfifo(tmp_path / "fifo")
    assert _resolve_out(state, str(tmp_path / "folder")) == \
        f"--out: cannot write {tmp_path / 'folder'}: expected a regular file or a new name, got a folder"
    assert _resolve_out(state, "").endswith("expected a regular file or a new name, got a folder")
    assert _resolve_out(state, str(tmp_path / "plain" / "next.toml")) == \
        f"--out: cannot write {tmp_path / 'plain' / 'next.toml'}: Not a directory"
    assert _resolve_out(state, str(tmp_path / "fifo")).endswith("expected a regular file or a new name, got a FIFO")
    assert (tmp_path / "fifo").exists() and not (tmp_path / "fifo").is_file()  # the node is not replaced
    assert _resolve_out(state, "/proc/version").startswith("--out: cannot write /proc/version: ")
    assert leftovers(tmp_path) == []


def test_resolve_out_on_a_full_disk_or_a_read_only_folder_is_one_line(state, tmp_path, monkeypatch):
    import tempfile

    real = tempfile.mkstemp

    def full_disk(*args, **kwargs):  # the staged file is /dev/full: every write gets ENOSPC from the kernel
        fd, path = real(*args, **kwargs)
        os.dup2(os.open("/dev/full", os.O_WRONLY), fd)
        return fd, path

    monkeypatch.setattr(tempfile, "mkstemp", full_disk)
    assert _resolve_out(state, str(tmp_path / "next.toml")) == \
        f"--out: cannot write {tmp_path / 'next.toml'}: No space left on device"

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    assert _resolve_out(state, str(tmp_path / "next.toml")) == \
        f"--out: cannot write {tmp_path / 'next.toml'}: Read-only file system"
    assert not (tmp_path / "next.toml").exists() and leftovers(tmp_path) == []


def test_resolve_killed_at_its_rename_leaves_a_temporary_file_the_next_write_removes(state, tmp_path):
    result = run("checker", "resolve", str(state), "--out", str(tmp_path / "next.toml"), fault=kill_at_rename(1))
    assert result.returncode == -9 and len(leftovers(tmp_path)) == 1 and not (tmp_path / "next.toml").exists()
    result = run("checker", "resolve", str(state), "--out", str(tmp_path / "next.toml"))
    assert result.returncode == 0 and leftovers(tmp_path) == [] and "first_player" in (tmp_path / "next.toml").read_text()


# ---- generator watch and png bounds --------------------------------------------------------------------------

def test_watch_reports_an_out_folder_that_became_a_file(tmp_path, monkeypatch):
    game, out = small_game(tmp_path / "small"), tmp_path / "out"

    def two_rounds(folder, rebuild, **options):
        rebuild()
        for path in out.iterdir():
            path.unlink()
        out.rmdir()
        out.write_text("now a file")
        rebuild()

    monkeypatch.setattr("generator.engine.watch.watch", two_rounds)
    result = runner.invoke(generator_app, ["watch", str(game), "--out", str(out)])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert f"--out: cannot write {out / 'small-a4.pdf'}: Not a directory" in result.output
    assert "(the last good files are kept; watching for the fix)" in result.output


@pytest.mark.parametrize("interval", ["nan", "-1", "inf", "0", "1e9", "٢"])
def test_watch_intervals_are_ascii_numbers_within_bounds(tmp_path, interval):
    result = runner.invoke(generator_app, ["watch", str(small_game(tmp_path / "small")), "--interval", interval])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--interval" in result.output and ("from 0.05 to 3600 s" in result.output or "ASCII" in result.output)


def test_read_bytes_refuses_fifos_devices_loops_and_links_out_without_hanging(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    (tmp_path / "big").write_bytes(b"x" * 101)
    for name, message in (("fifo", "expected a regular file, got a FIFO"),
                          ("loop.toml", "symbolic link loop (a link that leads back to itself)"),
                          ("big", "file is too large: expected at most 100 bytes, got 101")):
        with pytest.raises(FileRefused, match=message.replace("(", r"\(").replace(")", r"\)")):
            read_bytes(tmp_path / name, limit=100)
    with pytest.raises(FileRefused, match="expected a file inside its folder, got a link to a file outside it"):
        read_bytes(tmp_path / "zero.toml", inside=tmp_path)
    with pytest.raises(FileRefused, match="expected a regular file, got a character device"):
        read_bytes(tmp_path / "zero.toml")
    with pytest.raises(FileRefused, match="file is too large"):
        read_bytes(Path("/proc/self/maps"), limit=10)  # says size 0, reads more
