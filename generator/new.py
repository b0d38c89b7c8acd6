"""`generator new FOLDER`: a game folder a designer starts from, without writing Python.

By default a blank print-only game (the `generic` family) from `generator/scaffold/`: one card
component with declared fields, a layout file, sample art, a back, an icon and a font of its own
(the kit's Old Standard Bold, with its licence), each file commented with the next step.  With
`--from GAME`, a copy of a built-in game's folder.  Either way the new game's id comes from the
folder's name, its name is that name in words ("my-game": "My Game"), and it must load before
anything is written; the files are written as one set (`common.files.write_set`), so a failure
leaves no half-made folder.
"""
from __future__ import annotations

import re
from pathlib import Path

from cards.errors import DefinitionError, describe
from cards.families import builtin_games
from common.files import read_bytes, write_set
from fonts import DIR as FONTS

SCAFFOLD = Path(__file__).resolve().parent / "scaffold"
TEXT_SUFFIXES = (".toml", ".svg")


class NewGameError(ValueError):
    """A folder that cannot be made into a game (it holds files, or its name makes no id)."""


def game_id(folder: Path) -> str:
    """The id a folder's name gives: lower case, words joined by '-'."""
    slug = re.sub(r"[^a-z0-9]+", "-", folder.name.lower()).strip("-")[:64].strip("-")
    if not slug or not slug[0].isalnum():
        raise NewGameError(f"expected a folder name with letters or digits (it becomes the game's id), got {folder.name!r}")
    return slug


def game_name(folder: Path) -> str:
    return " ".join(word.capitalize() for word in game_id(folder).split("-"))


def new_game(folder: Path, source: str | None = None) -> list[Path]:
    """Write a new game into `folder` (absent or empty); return the files written."""
    try:
        taken = folder.exists() and (not folder.is_dir() or any(folder.iterdir()))
    except OSError as exc:  # a path the file system cannot hold (too long), or a folder it will not list
        raise NewGameError(f"expected a folder the file system can make, got {describe(str(folder), 60)} "
                           f"({len(str(folder))} characters): {exc.strerror or exc}") from None
    if taken:
        raise NewGameError(f"expected a new or empty folder, got {str(folder)!r}, which "
                           f"{'holds files' if folder.is_dir() else 'is a file'}: choose another folder")
    ident, name = game_id(folder), game_name(folder)
    if source is None:
        files = _blank(folder, ident, name)
    else:
        games = builtin_games()
        if source not in games:
            raise NewGameError(f"--from: expected a built-in game ({', '.join(games)}), got {source!r}")
        files = _copy(games[source], folder, ident, name)
    write_set(files, root=folder)
    from cards import load_game

    try:
        load_game(str(folder))
    except DefinitionError as exc:  # a bug of the scaffold, never the user's: say so plainly
        raise NewGameError(f"the new game does not load (please report this):\n{exc}") from None
    return sorted(files)


def _blank(folder: Path, ident: str, name: str) -> dict[Path, bytes]:
    files: dict[Path, bytes] = {}
    for path in sorted(SCAFFOLD.rglob("*")):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8")
            text = text.replace("__ID__", ident).replace("__NAME__", name).replace("__FOLDER__", folder.name)
            files[folder / path.relative_to(SCAFFOLD)] = text.encode("utf-8")
    files[folder / "fonts" / "Title.ttf"] = read_bytes(FONTS / "OldStandard-Bold.ttf")
    files[folder / "fonts" / "Title-LICENSE.txt"] = read_bytes(FONTS / "OldStandard-LICENSE.txt")
    return files


def _copy(source: Path, folder: Path, ident: str, name: str) -> dict[Path, bytes]:
    """The built-in game's files, its game.toml renamed (comments kept)."""
    files: dict[Path, bytes] = {}
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            files[folder / path.relative_to(source)] = read_bytes(path, inside=source)
    toml = files[folder / "game.toml"].decode("utf-8")
    toml = re.sub(r'(?m)^id\s*=\s*".*"$', f'id = "{ident}"', toml, count=1)
    toml = re.sub(r'(?m)^name\s*=\s*".*"$', f'name = "{name}"', toml, count=1)
    files[folder / "game.toml"] = toml.encode("utf-8")
    return files
