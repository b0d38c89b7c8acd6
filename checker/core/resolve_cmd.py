"""`checker resolve STATE.toml [--json] [--out NEXT.toml] [--seed N]`, shared by both entry paths.

`checker.cli.main` runs it without importing Typer when the arguments are plain (a
resolve must feel instant at the table); the Typer command calls the same function.
"""
from __future__ import annotations

import os
import sys

from cards.errors import describe
from cards.files import is_file
from cards.jsontext import dumps
from cards.numbers import parse
from cards.terminal import shown

from .errors import StateError
from .option_bounds import SEED
from .headline import check_focus, headline, take_dispute
from .state_io import read_state, write_state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


def resolve_file(state_path: str | os.PathLike[str], as_json: bool, out: str | os.PathLike[str] | None,
                 seed: int | None) -> int:
    """Resolve one turn: print the verdict and steps (or JSON), write --out; the exit code."""
    from cards.families import builtin_folders

    from .engines import NoEngine
    from .gamecache import load_for_play

    state_file = _path(os.fspath(state_path))  # the path as messages have always shown it
    state: dict = {}
    try:
        state = read_state(state_file)
        if "game" not in state:
            raise StateError('missing: add game = "el-dorado-canyon" (a built-in game id: `checker validate` lists '
                             'them) or the folder of your definitions, relative to this file', field="game",
                             file=state_file)
        game_ref = state.get("game")
        if not isinstance(game_ref, str):
            raise StateError(f"expected the game id or folder, got {describe(game_ref)}", field="game",
                             file=state_file)
        builtin = builtin_folders()
        if game_ref not in builtin:  # a user's folder, relative to the state file
            folder = _path(os.path.join(_parent(state_file), game_ref))
            if not is_file(os.path.join(folder, "game.toml")):
                raise StateError(f"expected a built-in game ({', '.join(builtin)}) or a folder with a game.toml, "
                                 f"got {game_ref!r}", field="game", file=state_file)
            game_ref = folder
        try:
            engine, game = load_for_play(game_ref)
        except NoEngine as exc:
            print(str(exc), file=sys.stderr)
            return 2
        except Exception as exc:  # cards (and pydantic) load only on a cache miss
            from cards.errors import DefinitionError

            if not isinstance(exc, DefinitionError):
                raise
            print(shown(str(exc)), file=sys.stderr)
            return 2
        extra = {"base": _parent(state_file)} if getattr(engine, "RESOLVE_BASE", False) else {}
        dispute = take_dispute(state)
        ids = _strings(state) if dispute.focus is not None else set()  # before the engine changes the state
        result = engine.resolve(state, game, seed=seed, **extra)  # base: for paths inside the state
        players = [row["name"] for row in result.state.get("players", [])]
        check_focus(dispute, players, ids | {s.card for s in result.steps if s.card})
        result.headline = headline(dispute, result.steps, result.verdict[0] if result.verdict else "", result.names)
    except StateError as exc:
        if exc.file is None:
            exc.file = state_file
        if exc.value is not None and isinstance(state.get("game"), str):
            from pathlib import Path

            from .elsewhere import elsewhere

            first, *rest = exc.message.split("\n", 1)  # the hint ends the refusal's line, before any list
            exc.message = "\n".join([first + elsewhere(exc.value, state["game"], Path(state_file)), *rest])
        print(shown(str(exc)), file=sys.stderr)
        return 2
    if out is not None:
        try:
            write_state(out, result.state)
        except StateError as exc:
            print(shown(str(exc)), file=sys.stderr)
            return 2
    # JSON already escapes C0 controls; `shown` writes the rest as \uXXXX, still valid JSON
    print(shown(dumps(result.as_json(), 2) if as_json else result.as_text()))
    return 0


def _path(text: str) -> str:
    """`str(pathlib.Path(text))` without importing `pathlib` (with `re` and `urllib`, it cost resolve's start-up
    more than its work): "." and empty parts dropped, a leading "//" kept (POSIX), "" is "."."""
    if os.name != "posix":  # pragma: no cover - another flavour of paths
        from pathlib import Path

        return str(Path(text))
    root = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    return root + "/".join(p for p in text.split("/") if p and p != ".") or "."


def _parent(path: str) -> str:
    """`str(pathlib.Path(path).parent)` for a path as `_path` gives it."""
    root = "//" if path.startswith("//") else "/" if path.startswith("/") else ""
    head, _, last = path[len(root):].rpartition("/")
    return (root + head if head else root or ".") if last and last != "." else path


def _strings(value: object) -> set[str]:
    """Every text of the state: a focus may name a card wherever the state lists it."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return set()


def parse_plain(args: list[str]) -> tuple[str, bool, str | None, int | None] | None:
    """The resolve arguments, or None when they need the full parser (help, errors, odd forms)."""
    state = out = seed = None
    as_json = False
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--json":
            as_json = True
        elif arg in ("--out", "--seed") and i + 1 < len(args) and not args[i + 1].startswith("-"):
            i += 1
            if arg == "--out":
                out = args[i]
            else:
                try:  # ASCII digits within the bounds, or Typer refuses it in its words
                    seed = int(parse(args[i], True, *SEED))
                except ValueError:
                    return None
        elif arg.startswith("-") or state is not None:
            return None
        else:
            state = arg
        i += 1
    return (state, as_json, out, seed) if state is not None else None
