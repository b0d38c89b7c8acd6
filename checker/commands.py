"""`checker`'s Typer commands: validate definitions, list rulings, resolve a turn, simulate games.

Imports stay inside the commands. `checker.cli.main` answers a plain `checker resolve`
without importing this module (Typer alone costs ~30 ms at start-up).
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Rules engines over pnpkit's definitions.")

from checker.engines import ENGINES


def _fail(message: str, code: int = 2) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


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
            typer.echo(str(exc), err=True)
            failed = True
            continue
        typer.echo(summarise(loaded))
    if failed:
        raise typer.Exit(2)


@app.command()
def rulings(game: Optional[str] = typer.Argument(None, help="Game id (default: all games).")) -> None:
    """List the rulings: house rulings and our own, with the passage and why."""
    from checker.core.rulings import load_rulings

    found = load_rulings(game)
    if game and not found:
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
    seed: Optional[int] = typer.Option(None, "--seed", help="Roll what the state does not give (dice, shuffles)."),
) -> None:
    """Resolve one turn step by step, citing the rule behind every step."""
    from checker.core.resolve_cmd import resolve_file

    raise typer.Exit(resolve_file(state_file, as_json, out, seed, ENGINES))


@app.command()
def simulate(
    game: list[str] = typer.Argument(None, help="Game id or folder (with --merge: the shard files)."),
    games: int = typer.Option(1000, "--games", min=1, help="How many games to play (the most, with --precision)."),
    players: int = typer.Option(4, "--players", min=1, help="Players per game."),
    seed: int = typer.Option(0, "--seed", help="Same seed, same report (whatever --jobs and --shard)."),
    policy: str = typer.Option("random", "--policy", help="random, greedy or search; or one per seat: search,greedy,random,random."),
    budget: Optional[int] = typer.Option(None, "--budget", min=1, help="Playouts per decision of the search policy."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON (schema: docs/balance-lab.md)."),
    as_csv: bool = typer.Option(False, "--csv", help="Print one CSV row per card, character, seat (or difference)."),
    report_dir: Optional[Path] = typer.Option(None, "--report", help="Also write an HTML page and PNG charts here."),
    jobs: Optional[int] = typer.Option(None, "--jobs", min=1, help="Processes to spread the games over (default: the cores)."),
    precision: Optional[float] = typer.Option(None, "--precision", help="Play batches until every interval is this narrow on each side."),
    shard: Optional[str] = typer.Option(None, "--shard", help="K/N: play the K-th of N parts; print its counts as JSON for --merge."),
    merge: bool = typer.Option(False, "--merge", help="The arguments are shard files: print the report of the whole run."),
    compare: Optional[str] = typer.Option(None, "--compare", help="A variant (id or folder, same family): report the differences."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
) -> None:
    """Play whole games and report, with intervals and verdicts, what a designer needs."""
    from checker.core.simulate_cmd import run_command

    raise typer.Exit(run_command(game or [], games=games, players=players, seed=seed, policy=policy, budget=budget,
                                 as_json=as_json, as_csv=as_csv, report_dir=report_dir, jobs=jobs, precision=precision,
                                 shard=shard, merge=merge, compare=compare, quiet=quiet))
