"""`checker`'s Typer commands: validate definitions, list rulings, resolve a turn, simulate games.

Imports stay inside the commands. `checker.cli.main` answers a plain `checker resolve`
without importing this module (Typer alone costs ~30 ms at start-up).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from cards.terminal import option_parser, shown

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Rules engines over pnpkit's definitions.")

from checker.engines import ENGINES


def _fail(message: str, code: int = 2) -> None:
    typer.echo(shown(message), err=True)
    raise typer.Exit(code)


def _engine(rules: str):
    import importlib

    if rules not in ENGINES:
        _fail(f"game: expected one of {', '.join(ENGINES)}, got {rules!r}")
    try:
        return importlib.import_module(ENGINES[rules])
    except ModuleNotFoundError:
        _fail(f"no rules engine for {rules!r} yet")


def _load(game: str):
    from cards import DefinitionError, load_game

    try:
        return load_game(game)
    except DefinitionError as exc:
        _fail(str(exc))


@app.command()
def validate(games: list[str] = typer.Argument(None, help="Built-in game ids or folders (default: all built-in games).")) -> None:
    """Check definitions: report every problem, or one summary line per game."""
    from cards import BUILTIN, DefinitionError, load_game
    from cards.summary import summarise

    failed = False
    for game in games or list(BUILTIN):
        try:
            loaded = load_game(game)
        except DefinitionError as exc:
            typer.echo(shown(str(exc)), err=True)
            failed = True
            continue
        typer.echo(shown(summarise(loaded)))
    if failed:
        raise typer.Exit(2)


@app.command()
def rulings(game: Optional[str] = typer.Argument(None, help="Game id (default: all games).")) -> None:
    """List the rulings: house rulings and our own, with the passage and why."""
    from checker.core.rulings import load_rulings

    found = load_rulings(game)
    if game is not None and not found:
        _fail(f"game: no rulings for {game!r}; expected one of {', '.join(ENGINES)}")
    for ruling in found:
        typer.echo(f"{ruling.id} [{ruling.game}]{' (house)' if ruling.house else ''}")
        typer.echo(f"  Passage:  {ruling.passage}")
        typer.echo(f"  Question: {ruling.question}")
        typer.echo(f"  Decision: {ruling.decision}")
        typer.echo(f"  Why:      {ruling.why}")


@app.command()
def resolve(
    state_file: Path = typer.Argument(..., help="The state file: the turn to settle."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of text."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the next turn's state here as TOML."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Roll what the state does not give (dice, shuffles).",
                                       parser=option_parser(whole=True, low=0)),
) -> None:
    """Resolve one turn step by step, citing the rule behind every step."""
    from checker.core.resolve_cmd import resolve_file

    raise typer.Exit(resolve_file(state_file, as_json, out, seed, ENGINES))


@app.command()
def simulate(
    game: str = typer.Argument(..., help="Game id or folder."),
    games: int = typer.Option(1000, "--games", help="How many games to play.", parser=option_parser(True, 1)),
    players: int = typer.Option(4, "--players", help="Players per game.", parser=option_parser(True, 1)),
    seed: int = typer.Option(0, "--seed", help="Same seed, same result.", parser=option_parser(True, 0)),
    policy: str = typer.Option("random", "--policy", help="random or greedy."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    jobs: int = typer.Option(1, "--jobs", help="Processes to spread the games over.", parser=option_parser(True, 1)),
) -> None:
    """Play whole games with simple policies and report what a designer needs."""
    from checker.core.errors import StateError

    loaded = _load(game)
    low, high = loaded.players
    if not low <= players <= high:
        _fail(f"--players: expected {low} to {high} for {loaded.name}, got {players}")
    if policy not in ("random", "greedy"):
        _fail(f"--policy: expected random or greedy, got {policy!r}")
    engine = _engine(loaded.rules)
    if not hasattr(engine, "simulate"):
        _fail(f"no simulator for {loaded.rules!r} yet")
    try:
        report = engine.simulate(loaded, games=games, players=players, seed=seed, policy=policy, jobs=jobs)
    except StateError as exc:
        _fail(str(exc))
    typer.echo(shown(json.dumps(report, indent=2, ensure_ascii=False) if as_json else engine.format_report(report)))
