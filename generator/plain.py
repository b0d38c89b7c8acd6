"""The `generator` command: a plain `generator build` starts without Typer; anything else goes to the Typer app.

Importing Typer (and its click copy) costs a rebuild's start-up without doing any of its
work, so a `build` whose arguments are game names and the usual options is parsed here
and run through the same steps as the Typer command (`generator.buildrun`): the same
lines, the same refusals, exit 2.  Help, `--shop`, `--opt=value` forms, a repeated or
unknown option, a value that looks like an option or a number Typer would refuse: all go
to `generator.cli`, which says what it says today.
"""
from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

from common.numbers import parse
from common.terminal import leave, run_main, shown

VALUED = {"--paper": "paper", "--out": "out", "--duplex": "duplex", "--back-offset": "back_offset", "--bleed": "bleed",
          "--lang": "lang"}
FLAGS = {"--no-backs": "no_backs", "--fold": "fold", "--ink-saver": "ink_saver", "--cut-lines": "cut_lines",
         "--no-cache": "no_cache", "--lang-fallback": "lang_fallback"}
# The build's defaults, one truth for both paths (generator.cli's options take theirs from here).
DEFAULTS: dict[str, Any] = {"paper": "a4", "out": "output", "duplex": "long", "back_offset": "0,0", "bleed": 3.0,
                            "lang": None}


def main() -> None:
    args = sys.argv[1:]
    plain = parse_plain(args[1:]) if args[:1] == ["build"] else None
    if plain is None:
        from generator.cli import main as typer_main

        typer_main()
        return
    gc.disable()  # as `build_game` runs: its passes over the imports and the records loaded were 3-4 % of a build
    run_main(lambda: leave(build(*plain)))


def parse_plain(args: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """(games, options) of `generator build ARGS`, or None when Typer must parse them."""
    games: list[str] = []
    given: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in FLAGS and FLAGS[arg] not in given:
            given[FLAGS[arg]] = True
        elif arg in VALUED and VALUED[arg] not in given and i + 1 < len(args) and not args[i + 1].startswith("-"):
            i += 1
            given[VALUED[arg]] = args[i]
        elif arg.startswith("-"):
            return None
        else:
            games.append(arg)
        i += 1
    if given.get("out") == "":  # Typer refuses it, in its own words
        return None
    try:
        if "bleed" in given:
            given["bleed"] = parse(given["bleed"])
    except ValueError:  # Typer says so, in its own words
        return None
    return games, {**DEFAULTS, **{flag: False for flag in FLAGS.values()}, **given}


def build(games: list[str], given: dict[str, Any]) -> int:
    """Run the build as the Typer command does; the exit code."""
    from generator import buildrun

    try:
        opts = buildrun.options(given["paper"], given["duplex"], given["back_offset"], given["no_backs"],
                                given["fold"], given["bleed"], given["ink_saver"], given["cut_lines"])
        buildrun.build(games, opts, Path(given["out"]), None, given["no_cache"], given["lang"], given["lang_fallback"])
    except buildrun.Refused as exc:
        print(shown(str(exc)), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    main()
