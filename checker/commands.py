"""`checker`'s Typer commands: validate definitions, list rulings, resolve a turn, simulate games, tune a card.

Imports stay inside the commands but for the declarations of `resolve`'s and `simulate`'s options
(`common.options`), which `checker.cli.main` reads too: it answers a plain `checker resolve` or
`checker simulate` without importing this module (Typer alone costs ~30 ms at start-up).
"""
from __future__ import annotations

from pathlib import Path
from typing import NoReturn, Optional

import typer

from checker.core.resolve_cmd import RESOLVE
from checker.core.simulate_cmd import SIMULATE
from common.terminal import help_group, option_parser, shown

app = typer.Typer(cls=help_group(), add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Rules engines over pnpkit's definitions.")


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(shown(message), err=True)
    raise typer.Exit(code)


@app.command()
def validate(games: list[str] = typer.Argument(None, help="Built-in game ids or folders (default: all built-in games)."),
             lang: Optional[str] = typer.Option(None, "--lang", metavar="CODE",
                                                help="Check the game in this language (lang/CODE.toml or FIELD@CODE "
                                                     "columns), or in its own and every one with 'all'.")) -> None:
    """Check definitions: report every problem, or one summary line per game (and language)."""
    from cards import DefinitionError, builtin_games, load_game
    from cards.summary import summarise
    from cards.translations import codes, load_translated

    failed = False
    for game in games or list(builtin_games()):
        try:
            loaded = load_game(game)
            languages = [lang] if lang not in (None, "all") else codes(loaded) if lang == "all" else []
            if lang != "all" and languages:
                loaded = load_translated(game, languages[0])
                languages = []
            typer.echo(shown(summarise(loaded)))
        except DefinitionError as exc:
            typer.echo(shown(str(exc)), err=True)
            failed = True
            continue
        for code in languages:  # --lang all: every language after the game's own
            try:
                typer.echo(shown(summarise(load_translated(game, code))))
            except DefinitionError as exc:
                typer.echo(shown(str(exc)), err=True)
                failed = True
    if failed:
        raise typer.Exit(2)


@app.command()
def rulings(game: Optional[str] = typer.Argument(None, help="Game id, folder or rules family (default: all).")) -> None:
    """List the rulings: house rulings and our own, with the passage and why (they belong to the family)."""
    from checker.core.rulings import load_rulings

    name, family = (None, None) if game is None else _family_of(game)
    found = load_rulings(family)
    if game and not found:
        label = name if name == family else f"{name} (family {family})"
        _fail(f"{label} has no rulings: its family decides nothing beyond its rules text")
    for ruling in found:
        typer.echo(f"{ruling.id} [{ruling.family}]{' (house)' if ruling.house else ''}")
        typer.echo(f"  Passage:  {ruling.passage}")
        typer.echo(f"  Question: {ruling.question}")
        typer.echo(f"  Decision: {ruling.decision}")
        typer.echo(f"  Why:      {ruling.why}")


@app.command()
def resolve(
    state_file: Path = typer.Argument(..., help="The state file: the turn to settle."),
    as_json: bool = RESOLVE.typer("as_json"), out: Optional[Path] = RESOLVE.typer("out"),
    seed: Optional[int] = RESOLVE.typer("seed"),
) -> None:
    """Resolve one turn step by step, citing the rule behind every step."""
    from checker.core.resolve_cmd import resolve_file

    raise typer.Exit(resolve_file(state_file, as_json, out, seed))


@app.command()
def simulate(
    game: list[str] = typer.Argument(None, help="Game id or folder (with --merge: the shard files)."),
    games: int = SIMULATE.typer("games"), players: int = SIMULATE.typer("players"),
    seed: int = SIMULATE.typer("seed"), policy: Optional[str] = SIMULATE.typer("policy"),
    budget: Optional[int] = SIMULATE.typer("budget"), as_json: bool = SIMULATE.typer("as_json"),
    as_csv: bool = SIMULATE.typer("as_csv"), report_dir: Optional[Path] = SIMULATE.typer("report_dir"),
    jobs: Optional[int] = SIMULATE.typer("jobs"), precision: Optional[float] = SIMULATE.typer("precision"),
    shard: Optional[str] = SIMULATE.typer("shard"), merge: bool = SIMULATE.typer("merge"),
    compare: Optional[str] = SIMULATE.typer("compare"), quiet: bool = SIMULATE.typer("quiet"),
    cluster: Optional[str] = SIMULATE.typer("cluster"),
) -> None:
    """Play whole games and report, with intervals and verdicts, what a designer needs."""
    from checker.core.simulate_cmd import run_command

    raise typer.Exit(run_command(game or [], games=games, players=players, seed=seed, policy=policy, budget=budget,
                                 as_json=as_json, as_csv=as_csv, report_dir=report_dir, jobs=jobs, precision=precision,
                                 shard=shard, merge=merge, compare=compare, quiet=quiet, cluster=cluster))


@app.command()
def serve(
    games: list[str] = typer.Argument(None, help="Game folders to serve besides the built-in games."),
    port: int = typer.Option(8000, "--port", parser=option_parser(whole=True, low=1, high=65535),
                             help="The port to listen on."),
    host: Optional[str] = typer.Option(None, "--host", help="Listen here (0.0.0.0: every network) instead of "
                                       "127.0.0.1; the printed URL then carries a token every request needs."),
) -> None:
    """Start the page players open on a phone: tap the table as it is, read the verdict."""
    from checker.serve.run import serve as run

    raise typer.Exit(run(games or [], port, host))


@app.command()
def tune(
    game: str = typer.Argument(..., help="Game id or folder."),
    card: Optional[str] = typer.Argument(None, help="The card (El Dorado Canyon: a town card; Eldorado: a city) to tune (not with --parameter)."),
    field: Optional[str] = typer.Option(None, "--field", help="An integer field of the card as written in TOML: cost, options[0].effects[0].amount."),
    parameter: Optional[str] = typer.Option(None, "--parameter", help="A rule parameter of the game (game.toml [parameters]; `checker schema GAME` lists them), in place of a card."),
    values: str = typer.Option(..., "--values", help="A..B: every whole value from A to B."),
    games: int = typer.Option(1000, "--games", parser=option_parser(True, 1), help="Games per value (the same seeds for each)."),
    players: int = typer.Option(4, "--players", parser=option_parser(True, 1), help="Players per game."),
    seed: int = typer.Option(0, "--seed", parser=option_parser(True, 0), help="Same seed, same report."),
    policy: Optional[str] = typer.Option(None, "--policy", help="As for simulate: random, greedy, search, or one per seat."),
    budget: Optional[int] = typer.Option(None, "--budget", parser=option_parser(True, 1), help="Playouts per decision of the search policy."),
    jobs: Optional[int] = typer.Option(None, "--jobs", parser=option_parser(True, 1), help="Processes (default: the cores)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON (pnpkit-tune/1)."),
    report_dir: Optional[Path] = typer.Option(None, "--report", help="Also write an HTML page with the curve and its band."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
    cluster: Optional[str] = typer.Option(None, "--cluster", help="Play the batches on a Dask cluster: a scheduler's address (tcp://HOST:PORT) or local (worker processes here, --jobs of them); needs pip install 'pnpkit[cluster]'."),
) -> None:
    """Play the same games at each value of one integer field of one card (its effect, fair range, nearest even) or
    of one rule parameter (the game's health and the verdicts that change)."""
    from checker.core.tune import run_command

    raise typer.Exit(run_command(game, card, field=field, values=values, games=games, players=players, seed=seed,
                                 policy=policy, budget=budget, jobs=jobs, as_json=as_json, report_dir=report_dir,
                                 quiet=quiet, parameter=parameter, cluster=cluster))


@app.command()
def effects(game: str = typer.Argument(..., help="Game id, folder or rules family.")) -> None:
    """Print the family's effects: parameters, types, defaults and the words each prints (Markdown); and the
    family's rule parameters."""
    from cards.families import family
    from checker.core.reference import effects_page

    _, name = _family_of(game)
    typer.echo(effects_page(family(name), f"checker effects {game}"), nl=False)


@app.command()
def schema(game: str = typer.Argument(..., help="Game id, folder or rules family.")) -> None:
    """Print the schema of the game's state file for `checker resolve`: fields, types, defaults, meaning (Markdown);
    and the family's rule parameters."""
    from cards.families import FAMILIES, family
    from checker.core.engines import NoEngine, engine_for
    from checker.core.reference import parameters_section
    from checker.core.stateschema import render

    game_id, name = _family_of(game)
    try:
        engine = engine_for(game_id, name)
    except NoEngine as exc:
        _fail(str(exc))
    given = {} if game in FAMILIES else _load(game).parameters  # a game's house rules in its fields' defaults
    typer.echo(render(engine.STATE_SCHEMA.for_game(name, given), f"checker schema {game}",
                      tuple(parameters_section(family(name)))), nl=False)


@app.command()
def template(
    game: Optional[str] = typer.Argument(None, help="Game id or folder (not with --from)."),
    players: Optional[str] = typer.Option(None, "--players", help="The players' names, comma-separated, "
                                          "clockwise or in turn order: Ann,Bob,Cid."),
    from_state: Optional[Path] = typer.Option(None, "--from", help="A state `checker resolve --out` wrote: "
                                              "start the next turn's plays from it."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the file here instead of printing it."),
) -> None:
    """Write a commented state file to fill in: every field with its default and meaning, the game's ids."""
    from checker.core.template import template as render

    values = None
    if from_state is not None:
        if game is not None or players is not None:
            _fail("--from: give either a state file, or GAME and --players, not both")
        values, game = _state_game(from_state)
        names = [row.get("name") for row in values.get("players", []) if isinstance(row, dict)]
    elif game is None or players is None:
        _fail("expected GAME and --players Ann,Bob,... (or --from NEXT.toml)")
    else:
        names = [name.strip() for name in players.split(",")]
    loaded = _load(game)
    low, high = loaded.players
    if values is None and (not low <= len(names) <= high or not all(names) or len(set(names)) < len(names)):
        _fail(f"--players: expected {low} to {high} different names for {loaded.name}, separated by commas, "
              f"got {players!r}")
    engine = _engine(loaded)
    ref = loaded.id if loaded.builtin else _relative(Path(game), out)
    text = render(engine.STATE_SCHEMA.for_game(loaded.rules, loaded.parameters), ref, loaded, [str(n) for n in names],
                  values)
    if out is None:
        typer.echo(shown(text), nl=False)
        return
    from common.files import FileRefused, write_file

    try:
        write_file(out, text.encode("utf-8"))
    except FileRefused as exc:
        _fail(f"--out: {exc}")


def _load(game: str):
    from cards import DefinitionError, load_game

    try:
        return load_game(game)
    except DefinitionError as exc:
        _fail(str(exc))


def _engine(loaded):
    """The loaded game's rules engine; a print-only family is exit 2 with its message."""
    from checker.core.engines import NoEngine, engine_for

    try:
        return engine_for(loaded.id, loaded.rules)
    except NoEngine as exc:
        _fail(str(exc))


def _state_game(path: Path) -> tuple[dict, str]:
    """A written state and the game it names (a folder, relative to the state file, made relative to here)."""
    from cards.families import builtin_games
    from checker.core.errors import StateError
    from checker.core.state_io import read_state

    try:
        state = read_state(path)
    except StateError as exc:
        _fail(str(exc))
    ref = state.get("game")
    if not isinstance(ref, str):
        _fail(f"{path}: game: expected the game id or folder `checker resolve --out` wrote, got {ref!r}")
    return state, ref if ref in builtin_games() else str(path.parent / ref)


def _relative(folder: Path, out: Optional[Path]) -> str:
    """The game folder as the written state's `game` line names it: relative to where the state is written."""
    import os

    return os.path.relpath(folder, out.parent if out is not None else Path.cwd()).replace(os.sep, "/")


def _family_of(game: str) -> tuple[str, str]:
    """(game id, rules family) for a built-in game id or a game folder; (family, family) for a family's name."""
    import tomllib

    from cards.families import FAMILIES, builtin_games

    if game in FAMILIES:
        return game, game
    folder = builtin_games().get(game) or Path(game)
    from common.files import FileRefused, read_bytes

    try:
        declared = tomllib.loads(read_bytes(folder / "game.toml", inside=folder).decode("utf-8"))
    except (FileRefused, ValueError, RecursionError):
        declared = {}
    rules, game_id = declared.get("rules"), declared.get("id")
    if not isinstance(rules, str) or rules not in FAMILIES:
        _fail(f"game: expected a rules family ({', '.join(FAMILIES)}), a built-in game "
              f"({', '.join(builtin_games())}) or a game folder, got {game!r}")
    return (game_id if isinstance(game_id, str) else game), rules
