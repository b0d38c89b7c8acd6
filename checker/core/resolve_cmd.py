"""`checker resolve STATE.toml [--json] [--out NEXT.toml] [--seed N]`, shared by both entry paths.

`checker.cli.main` runs it without importing Typer when the arguments are plain (a
resolve must feel instant at the table); the Typer command calls the same function.
"""
from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING

from common.files import is_file
from common.options import Command, Option
from common.terminal import shown

from .errors import StateError
from .option_bounds import SEED
from .headline import check_focus, headline, take_dispute
from .state_io import read_state, write_state

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Callable

    from .result import Resolution

# `checker resolve STATE.toml`'s options: `checker.cli`'s plain path and the Typer command (`checker.commands`)
RESOLVE = Command((
    Option("--json", "as_json", kind="flag", help="Print one JSON object instead of text."),
    Option("--out", "out", kind="path", help="Write the next turn's state here as TOML."),
    Option("--seed", "seed", kind="whole", low=SEED[0], high=SEED[1],
           help="Roll what the state does not give (dice, shuffles)."),
), many=False)


def resolve_file(state_path: str | os.PathLike[str], as_json: bool, out: str | os.PathLike[str] | None,
                 seed: int | None) -> int:
    """Resolve one turn: print the verdict and steps (or JSON), write --out; the exit code."""
    state_file = spelt(state_path)
    try:
        result = settle(state_file, lambda: read_state(state_file), seed, Beside(state_file))
    except Refused as exc:
        print(shown(str(exc)), file=sys.stderr)
        return 2
    if out is not None:
        try:
            write_state(out, result.state)
        except StateError as exc:
            print(shown(str(exc)), file=sys.stderr)
            return 2
    print(printed(result, as_json))
    return 0


def spelt(path: str | os.PathLike[str]) -> str:
    """`path` as `pathlib` spells it, as messages have always shown it (`./x` as `x`, `a//b` as `a/b`, `a/../b`
    kept). A path already in normal form is spelt so already: only the others import `pathlib`, which costs a
    resolve's start-up about 4 ms (urllib.parse, ipaddress)."""
    text = os.fspath(path)
    if os.path.normpath(text) == text:
        return text
    from pathlib import Path

    return str(Path(text))


class Refused(Exception):
    """A state `checker resolve` refuses (exit 2): `str()` is the whole message it prints; `player` and
    `field` where the refusal names them (the page shows it beside that field)."""

    def __init__(self, message: str, player: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.player, self.field = player, field


class Beside:
    """Where a state's games are: a game folder (and a `map`) relative to the state file's folder, and the
    folders next to it searched for an id the game does not know. `checker serve` has its own (its served
    folders, by name)."""

    def __init__(self, state_file: str) -> None:
        self.base: str | None = os.path.dirname(state_file) or "."  # `state_file` as `spelt`: its parent
        self.state_file = state_file

    def folder(self, game_ref: str) -> str | None:
        """The folder a `game` that is not a built-in id names, or None when it has no game.toml."""
        folder = os.path.join(self.base or ".", game_ref)  # `cards` spells it with pathlib where it shows it
        return folder if is_file(os.path.join(folder, "game.toml")) else None

    def hint(self, value: object, game_ref: str) -> str:
        """Where else the refused id `value` is defined (see `checker.core.elsewhere`)."""
        from pathlib import Path

        from .elsewhere import elsewhere

        return elsewhere(value, game_ref, Path(self.state_file))

    def prepare(self, state: dict) -> None:
        """Check (or rewrite) the paths inside a state before it is resolved: a relative `map` is read from
        `base`, beside the state file."""


def settle(state_file: str, read: Callable[[], dict], seed: int | None, games: Beside) -> Resolution:
    """The resolved turn of the state `read` gives (refusals name `state_file`), with its headline; `Refused`
    with the message `checker resolve` prints."""
    from cards.families import builtin_folders

    from .engines import NoEngine
    from .gamecache import load_for_play

    state: dict = {}
    try:
        state = read()
        if "game" not in state:
            raise StateError('missing: add game = "el-dorado-canyon" (a built-in game id: `checker validate` lists '
                             'them) or the folder of your definitions, relative to this file', field="game",
                             file=state_file)
        game_ref = state.get("game")
        if not isinstance(game_ref, str):
            from cards.errors import describe

            raise StateError(f"expected the game id or folder, got {describe(game_ref)}", field="game",
                             file=state_file)
        builtin = builtin_folders()
        if game_ref not in builtin:  # a user's folder
            folder = games.folder(game_ref)
            if folder is None:
                raise StateError(f"expected a built-in game ({', '.join(builtin)}) or a folder with a game.toml, "
                                 f"got {game_ref!r}", field="game", file=state_file)
            game_ref = folder
        games.prepare(state)
        try:
            engine, game = load_for_play(game_ref)
        except NoEngine as exc:
            raise Refused(str(exc)) from None
        except Exception as exc:  # cards (and pydantic) load only on a cache miss
            from cards.errors import DefinitionError

            if not isinstance(exc, DefinitionError):
                raise
            raise Refused(str(exc)) from None
        extra = {"base": games.base} if getattr(engine, "RESOLVE_BASE", False) else {}
        dispute = take_dispute(state)
        ids = _strings(state) if dispute.focus is not None else set()  # before the engine changes the state
        result = engine.resolve(state, game, seed=seed, **extra)  # base: for paths inside the state
        players = [row["name"] for row in result.state.get("players", [])]
        check_focus(dispute, players, ids | {s.card for s in result.steps if s.card})
        result.headline = headline(dispute, result.steps, result.verdict[0] if result.verdict else "", result.names)
        result.verdict += house_rule_lines(game)
    except StateError as exc:
        if exc.file is None:
            exc.file = state_file
        if exc.value is not None and isinstance(state.get("game"), str):
            first, *rest = exc.message.split("\n", 1)  # the hint ends the refusal's line, before any list
            exc.message = "\n".join([first + games.hint(exc.value, state["game"]), *rest])
        raise Refused(str(exc), exc.player, exc.field) from None
    return result


def house_rule_lines(game: object) -> list[str]:
    """The verdict's lines for the game's own house rules (its `[parameters]` that differ from the rulebook), each
    beside the rulebook's passage: the compiled game carries them (`cards.parameters.of_game`)."""
    rules = game.get("house_rules") if isinstance(game, dict) else None
    if not (isinstance(rules, list) and rules):  # a game played by the rulebook, as the built-in ones
        return []
    from cards.parameters import house_rule_line

    return [house_rule_line(rule) for rule in rules]


def printed(result: Resolution, as_json: bool) -> str:
    """What `checker resolve` prints for a resolved turn (with --json: one JSON object)."""
    if not as_json:
        return shown(result.as_text())
    # JSON already escapes C0 controls; `shown` writes the rest as \uXXXX, still valid JSON
    return shown(json.dumps(result.as_json(), indent=2, ensure_ascii=False))


def _strings(value: object) -> set[str]:
    """Every text of the state: a focus may name a card wherever the state lists it."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return set()
