"""Shared test helpers."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CARDS = Path(__file__).resolve().parent.parent / "cards"


@pytest.fixture
def game_copy(tmp_path):
    """Copy a built-in game's folder so a test can break it."""

    def make(game: str = "el-dorado-canyon") -> Path:
        dest = tmp_path / game
        shutil.copytree(CARDS / game, dest)
        return dest

    return make
