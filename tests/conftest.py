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
def own_cache(tmp_path, monkeypatch) -> Path:
    """A definitions cache of the test's own (tmp_path/cache) rather than the session's: for a test that fills it
    afresh or reads what it holds. A module takes it for every test with `pytestmark = pytest.mark.usefixtures(...)`."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE", str(cache))
    return cache


@pytest.fixture
def settled_cache(own_cache, monkeypatch) -> Path:
    """`own_cache`, where files the test makes count as settled at once (`common.stamps` is tested itself)."""
    from common import stamps

    monkeypatch.setattr(stamps, "SETTLE_NS", -10**12)
    return own_cache


@pytest.fixture
def game_copy(tmp_path):
    """Copy a game's folder into tmp_path so a test can break it: a built-in game's by its folder name under cards/,
    or any folder (an example, a test game); the copy is tmp_path/NAME, NAME the folder's own unless given."""

    def make(game: str | Path = "el-dorado-canyon", name: str | None = None) -> Path:
        source = CARDS / game if isinstance(game, str) else game
        dest = tmp_path / (name or source.name)
        shutil.copytree(source, dest)
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


def checker_cli(*args: str, code: int = 0):
    """`checker ARGS` through its Typer app in this process; the result, once its exit code is `code`."""
    from typer.testing import CliRunner

    from checker.cli import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


def simulated(*args: str) -> str:
    """What `checker simulate ARGS` prints (it must succeed)."""
    return checker_cli("simulate", *args).stdout


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
