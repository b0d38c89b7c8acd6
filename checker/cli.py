"""`checker` entry point: a plain `checker resolve` or `checker simulate` runs without Typer.

`checker resolve` is run at the table and must start fast; the commands themselves
live in `checker.commands` (and stay importable as `checker.cli.app`).
"""
from __future__ import annotations

import os
import sys
from typing import Any


def main() -> None:
    try:
        _run(sys.argv[1:])
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        sys.exit(130)
    except BrokenPipeError:  # `checker resolve ... | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def _run(args: list[str]) -> None:
    if args[:1] == ["resolve"]:
        import gc

        gc.disable()  # a resolve makes little garbage: the collections its imports would trigger find none
        from checker.core.resolve_cmd import RESOLVE, resolve_file

        plain = RESOLVE.parse(args[1:])
        if plain is not None:
            from common.terminal import leave

            (state,), options = plain
            leave(resolve_file(state, **options))
        gc.enable()
    if args[:1] == ["simulate"]:  # the common run starts from the compiled cache, without Typer
        import gc

        gc.disable()  # start-up makes objects to keep, not garbage: `simulate_cmd` collects again to play
        from checker.core.simulate_cmd import SIMULATE, run_command

        plain = SIMULATE.parse(args[1:])
        if plain is not None:
            from common.terminal import leave

            games, options = plain
            leave(run_command(games, **options))
        gc.enable()
    from common.terminal import run_app
    from checker.commands import app

    run_app(app)


def __getattr__(name: str) -> Any:
    """`checker.cli.app`, ...: the Typer module's names, loaded on use."""
    if name.startswith("__"):  # import machinery probes (__path__, ...) must not load Typer
        raise AttributeError(name)
    from checker import commands

    return getattr(commands, name)


if __name__ == "__main__":
    main()
