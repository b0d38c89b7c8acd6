"""The `generator` command: a plain `generator build` starts without Typer; anything else goes to the Typer app.

Importing Typer (and its click copy) costs a rebuild's start-up without doing any of its
work, so a `build` whose arguments are game names and the usual options is parsed here
and run through the same steps as the Typer command (`generator.buildrun`): the same
lines, the same refusals, exit 2.  Both read the options from `BUILD` (`common.options`);
what the plain parser does not take (help, `--shop`, `--opt=value` forms, a repeated or
unknown option, a value that looks like an option or a number Typer would refuse) goes to
`generator.cli`, which says what it says today.
"""
from __future__ import annotations

import gc
import sys
from typing import Any

from common.options import Command, Option
from common.terminal import leave, run_main, shown

# `generator build GAME...`'s options: the plain path here and the Typer command (`generator.cli`), which
# takes --paper, --out, --bleed ... of its other commands from here too
BUILD = Command((
    Option("--paper", "paper", "a4", help="a4 or letter."),
    Option("--out", "out", "output", "folder", help="Output folder."),
    Option("--duplex", "duplex", "long", help="Edge your printer flips on: long or short."),
    Option("--back-offset", "back_offset", "0,0", help="X,Y mm your printer shifts the back side; backs move by it."),
    Option("--no-backs", "no_backs", kind="flag", help="Single-sided: print no backs."),
    Option("--fold", "fold", kind="flag", help="Fronts and backs side by side on one page, to fold and glue."),
    Option("--bleed", "bleed", 3.0, "number", help="Bleed in mm past the trim."),
    Option("--ink-saver", "ink_saver", kind="flag", help="Light backgrounds and outline art."),
    Option("--cut-lines", "cut_lines", kind="flag", help="Also draw thin cut lines on every trim edge."),
    Option("--no-cache", "no_cache", kind="flag", help="Draw every face afresh (the face cache is neither read nor "
           "written)."),
    Option("--no-stamp", "no_stamp", kind="flag", help="Leave the version stamp off every face."),
    Option("--since", "since", None, "path", help="Write only OUT/GAME-PAPER-reprint.pdf: the pieces whose faces "
           "changed since the build of this manifest (OLD.json), after a page listing the changes."),
    Option("--lang", "lang", None, help="Draw the game in this language (lang/CODE.toml or FIELD@CODE columns); the "
           "files' names end in -CODE: OUT/GAME-PAPER-CODE.pdf."),
    Option("--lang-fallback", "lang_fallback", kind="flag", help="With --lang: print a text that has no "
           "translation in the original language."),
), many=True)


def main() -> None:
    args = sys.argv[1:]
    plain = BUILD.parse(args[1:]) if args[:1] == ["build"] else None
    if plain is None:
        from generator.cli import main as typer_main

        typer_main()
        return
    gc.disable()  # as `build_game` runs: its passes over the imports and the records loaded were 3-4 % of a build
    run_main(lambda: leave(build(*plain)))


def build(games: list[str], given: dict[str, Any]) -> int:
    """Run the build as the Typer command does; the exit code."""
    from generator import buildrun

    try:
        opts = buildrun.options(given["paper"], given["duplex"], given["back_offset"], given["no_backs"],
                                given["fold"], given["bleed"], given["ink_saver"], given["cut_lines"], given["no_stamp"])
        buildrun.build(games, opts, given["out"], None, given["no_cache"], given["lang"], given["lang_fallback"],
                       given["since"])
    except buildrun.Refused as exc:
        print(shown(str(exc)), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    main()
