"""`generator`: build print-and-play kits from the definitions."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Build printable PDFs from pnpkit's definitions.")


@app.callback()
def _root() -> None:
    """Build printable PDFs from pnpkit's definitions."""


def _fail(message: str, code: int = 2) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


@app.command()
def build(
    games: list[str] = typer.Argument(None, help="Game ids or folders (default: all built-in games)."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
) -> None:
    """Build each game's home-print kit into OUT/GAME-PAPER.pdf."""
    from cards import BUILTIN, DefinitionError, load_game
    from generator.engine.plain import build_plain

    if paper not in ("a4", "letter"):
        _fail(f"--paper: expected a4 or letter, got {paper!r}")
    for game in games or list(BUILTIN):
        try:
            loaded = load_game(game)
        except DefinitionError as exc:
            _fail(str(exc))
        path = build_plain(loaded, paper, out)
        typer.echo(f"{loaded.id}: wrote {path}")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
