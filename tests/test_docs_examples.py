"""The docs' examples are run: states resolve, shown outputs are real, commands work (docs_examples.py)."""
from __future__ import annotations

import tomllib

import pytest

from docs_examples import ROOT, blocks, commands, needs_tag, pages, run, shell_lines, shown, workdir

BLOCKS = [b for page in pages() for b in blocks(page)]
KINDS = {"state", "run", "commands", "definition", "new-definition", "example", "skip"}


def _of(kind: str) -> list:
    return [pytest.param(b, id=b.where) for b in BLOCKS if b.kind == kind]


def test_every_example_says_how_it_is_checked():
    untagged = [b.where for b in BLOCKS if needs_tag(b) and b.kind is None]
    assert not untagged, f"add a <!-- check: ... --> line above: {untagged}"
    assert {b.kind for b in BLOCKS if b.kind} <= KINDS
    assert all(b.args for b in BLOCKS if b.kind in ("skip", "state", "definition", "new-definition", "example"))
    assert all(b.body.startswith("$ ") for b in BLOCKS if b.kind == "run")
    assert len([b for b in BLOCKS if b.kind == "run"]) >= 4


@pytest.mark.parametrize("block", _of("state"))
def test_state_resolves(block, tmp_path):
    """A state no `run` block of its page runs must at least resolve."""
    ran = " ".join(cmd for b in blocks(block.page) if b.kind == "run" for cmd, _ in commands(b))
    if block.args in ran.split():
        return  # its run block checks it, output and exit code
    work = workdir(tmp_path / "work", block.page)
    done = run(f"checker resolve {block.args}", work, tmp_path / "cache")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("block", _of("run"))
def test_shown_output_is_real(block, tmp_path):
    expected_code = int(block.args.removeprefix("exit=")) if block.args else 0
    work = workdir(tmp_path / "work", block.page)
    for command, output in commands(block):
        done = run(command, work, tmp_path / "cache")
        assert (done.returncode, shown(done)) == (expected_code, output), \
            f"{block.where}: {command} (python tests/docs_examples.py --update rewrites shown outputs)"


@pytest.mark.parametrize("block", _of("commands"))
def test_commands_work(block, tmp_path):
    work = workdir(tmp_path / "work", block.page)
    for command, files in shell_lines(block):
        done = run(command, work, tmp_path / "cache")
        assert done.returncode == 0, f"{block.where}: {command}: {done.stderr}"
        assert [f for f in files if not (work / f).is_file()] == [], f"{block.where}: {command}"


def _tables(data, path=()):
    """Every table with an `id` in a TOML document, with the key path that leads to its list."""
    if isinstance(data, dict):
        if "id" in data:
            yield path, data
        for key, value in data.items():
            yield from _tables(value, path + (key,))
    elif isinstance(data, list):
        for item in data:
            yield from _tables(item, path)


@pytest.mark.parametrize("block", _of("definition"))
def test_definition_is_the_real_one(block):
    game, file = block.args.split()
    real = {(path, t["id"]): t for path, t in _tables(tomllib.loads((ROOT / "cards" / game / file).read_text()))}
    shown_tables = list(_tables(tomllib.loads(block.body)))
    assert shown_tables
    for path, table in shown_tables:
        assert real.get((path, table["id"])) == table | {k: v for k, v in real.get((path, table["id"]), {}).items()
                                                          if k not in table}, (block.where, table["id"])


@pytest.mark.parametrize("block", _of("new-definition"))
def test_new_definition_validates(block, tmp_path):
    game, file = block.args.split()
    assert game == "el-dorado-canyon"  # my-game is a copy of it
    work = workdir(tmp_path / "work", block.page)
    assert block.body in (work / "my-game" / file).read_text()
    done = run("checker validate ./my-game", work, tmp_path / "cache")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("block", _of("example"))
def test_example_is_part_of_a_real_example_folder(block):
    """The block is shown verbatim from a file of examples/ (which tests/test_designer.py builds)."""
    assert block.body in (ROOT / "examples" / block.args).read_text(encoding="utf-8"), block.where
