"""Shared test helpers."""
from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

# The tests write nothing into the checkout: bytecode (here and in the CLIs the tests run),
# Hypothesis's example database (failures it replays next run) and its caches live in the
# temporary folder; pytest's own cache is off (pyproject.toml). Bytecode is written there even
# where the shell sets PYTHONDONTWRITEBYTECODE: under a prefix Python reads no `__pycache__`, so
# every CLI a test starts would otherwise compile ReportLab, pydantic and ours afresh (1.5 s of
# CPU a process).
SCRATCH = Path(tempfile.gettempdir()) / "pnpkit-tests"
sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(SCRATCH / "pycache")
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
set_hypothesis_home_dir(SCRATCH / "hypothesis")
settings.register_profile("pnpkit", database=DirectoryBasedExampleDatabase(SCRATCH / "hypothesis" / "examples"))
settings.load_profile("pnpkit")

from cards import DefinitionError, load_game  # noqa: E402  (after the bytecode prefix is set)
from cards.families import GAMES_ENV, builtin_games  # noqa: E402

CARDS = Path(__file__).resolve().parent.parent / "cards"


@pytest.fixture(autouse=True)
def _compiled_cache(tmp_path_factory, monkeypatch):
    """Compiled definitions are cached per test session, never in the user's home."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture
def game_copy(tmp_path):
    """Copy a built-in game's folder so a test can break it."""

    def make(game: str = "el-dorado-canyon") -> Path:
        dest = tmp_path / game
        shutil.copytree(CARDS / game, dest)
        return dest

    return make


VARIANT = "edc-variant"


@pytest.fixture
def edc_variant(tmp_path, monkeypatch) -> Path:
    """cards/el-dorado-canyon copied as the built-in game `edc-variant` (family el-dorado-canyon), found on
    $PNPKIT_GAMES (a tmp folder) by this test and by every tool it runs."""
    folder = tmp_path / "games" / "canyon-copy"
    shutil.copytree(CARDS / "el-dorado-canyon", folder)
    edit_text(folder / "game.toml", 'id = "el-dorado-canyon"', f'id = "{VARIANT}"')
    monkeypatch.setenv(GAMES_ENV, str(tmp_path / "games"))
    return folder


@pytest.fixture(params=["as shipped", "with a variant"])
def builtin_ids(request) -> list[str]:
    """The built-in games' ids as the registry finds them, as shipped and with `edc_variant` added: a test
    of what the tools say about the built-in games holds for whatever games the registry finds."""
    if request.param == "with a variant":
        request.getfixturevalue("edc_variant")
    ids = list(builtin_games())
    assert (VARIANT in ids) == (request.param == "with a variant")
    return ids


def definition_errors(folder) -> list[str]:
    """Load a broken game folder and return its error lines (it must fail)."""
    with pytest.raises(DefinitionError) as info:
        load_game(str(folder))
    return str(info.value).splitlines()


def edit_text(path, old, new):
    """Replace the first `old` in a file, failing loudly if the fixture text moved."""
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def errors_after(folder, edits) -> list[str]:
    """Apply (file, old text, new text) edits to a copied game folder, then return its error lines."""
    for file, old, new in edits:
        edit_text(folder / file, old, new)
    return definition_errors(folder)


def check_errors(lines: list[str], wanted: list, one_line: bool) -> None:
    """Each wanted text (or compiled pattern) shows in some error line; `one_line`: there is exactly one line."""
    if one_line:
        assert len(lines) == 1, lines
    for want in wanted:
        shown = [line for line in lines if (want.search(line) if isinstance(want, re.Pattern) else want in line)]
        assert shown, (want, lines)


def located(path, where, message: str) -> str:
    """An error line as the loader writes it: `path:line: message`, the line being the first holding `where`
    (a text, or (text, lines below it)); `path: message` for a whole-file error (`where` None)."""
    if where is None:
        return f"{path}: {message}"
    needle, below = (where, 0) if isinstance(where, str) else where
    return f"{path}:{line_of(path, needle) + below}: {message}"


def line_of(path, needle):
    """1-based line of the first line containing `needle`."""
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def pytest_sessionstart(session):
    """Say plainly what is missing rather than fail deep inside a rendering test."""
    missing = [tool for tool in ("pdftoppm", "pdffonts") if shutil.which(tool) is None]
    if missing:
        raise pytest.UsageError(f"the tests need poppler's {' and '.join(missing)}: install poppler-utils "
                                "(apt-get install poppler-utils), see the README's setup")
