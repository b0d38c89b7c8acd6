"""The plain parsers of `checker resolve`, `checker simulate` and `generator build` (`common.options`) against the
Typer commands built from the same declarations: over many argument lists, hostile ones included (non-ASCII digits,
empty values, huge numbers, options as values), the plain parser either declines (None: Typer parses) or gives
exactly the values Typer gives; whatever Typer refuses, the plain parser declines, so the refusal is Typer's own."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from checker.commands import app as checker_app
from checker.core.resolve_cmd import RESOLVE
from checker.core.simulate_cmd import SIMULATE
from generator.cli import app as generator_app
from generator.plain import BUILD

VALUES = ["", "0", "1", "7", "-1", "+5", " 5", "5 ", "1.5", "-2.5", ".5", "5.", "1e3", "1_000", "0x10", "nan", "inf",
          "\u0663", "\uff13", "\u00b2", "\u0967\u0968", "9" * 30, "9" * 400, "9" * 5000, "-", "--", "--json", "a b",
          "x.toml", "caf\u00e9", "./x", "a//b", "\x1b[31m", "random", "greedy,random", "1/2", "a4", "letter"]
# (command name, declaration, the Typer app, the positional parameter, positional values, options the plain path
# does not know)
COMMANDS = [
    ("resolve", RESOLVE, checker_app, "state_file", ["x.toml", "state.toml", "caf\u00e9.toml"], {}),
    ("simulate", SIMULATE, checker_app, "game", ["el-dorado-canyon", "eldorado", "games/mine"], {}),
    ("build", BUILD, generator_app, "games", ["el-dorado-canyon", "my-game"], {"shop": None}),
]


def typer_parse(app, name: str, args: list[str]) -> dict | str:
    """The parameters Typer's command receives for `args`, or its refusal's message."""
    command = typer.main.get_command(app).commands[name]
    try:
        return command.make_context(name, list(args)).params
    except Exception as exc:
        if not hasattr(exc, "format_message"):
            raise
        return f"refused: {exc.format_message()}"


def argument_lists(declaration, positional: list[str], seed: int) -> list[list[str]]:
    """Every option alone with every value; every pair of options; then random mixes with positional arguments."""
    flags = list(declaration.options)
    lists = [[]] + [[p] for p in positional] + [[f] for f in flags]
    lists += [[positional[0], f, v] for f in flags for v in VALUES]
    lists += [[f, v, positional[0]] for f in flags for v in VALUES[:8]]
    lists += [[positional[0], f, g] for f in flags for g in flags]
    rng = random.Random(seed)
    for _ in range(400):
        args: list[str] = []
        for _ in range(rng.randint(1, 6)):
            pick = rng.random()
            args += ([rng.choice(positional)] if pick < 0.25 else [rng.choice(flags)] if pick < 0.45
                     else [rng.choice(flags), rng.choice(VALUES)] if pick < 0.9 else [rng.choice(VALUES)])
        lists.append(args)
    return lists


@pytest.mark.parametrize("name, declaration, app, where, positional, unknown", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_the_plain_parser_gives_what_typer_gives_or_leaves_it_to_typer(name, declaration, app, where, positional,
                                                                       unknown):
    taken = refused = 0
    for args in argument_lists(declaration, positional, seed=len(name)):
        plain = declaration.parse(args)
        typer_said = typer_parse(app, name, args)
        if isinstance(typer_said, str):
            refused += 1
            assert plain is None, (args, typer_said)  # Typer refuses it: the plain path must leave it to Typer
            continue
        if plain is None:
            continue
        taken += 1
        given, options = plain
        expected = dict(typer_said)
        got = list(expected.pop(where) or []) if declaration.many else [expected.pop(where)]
        assert [Path(g) for g in given] == [Path(g) for g in got] if where == "state_file" else given == got, args
        assert {k: expected.pop(k) for k in unknown} == unknown, args
        assert options == expected, args
        assert all(type(options[k]) is type(expected[k]) for k in options), args  # 1 is not 1.0, Path is not str
    assert taken > 100 and refused > 100  # both kinds were seen


@pytest.mark.parametrize("declaration, args", [
    (RESOLVE, ["state.toml"]), (RESOLVE, ["state.toml", "--json", "--seed", "12", "--out", "next.toml"]),
    (SIMULATE, ["el-dorado-canyon"]), (SIMULATE, ["eldorado", "--games", "500", "--jobs", "2", "--policy", "greedy",
                                                  "--precision", "0.02", "--json", "--quiet"]),
    (SIMULATE, ["--merge", "a.json", "b.json"]), (BUILD, []), (BUILD, ["a", "b", "--paper", "letter", "--fold"]),
])
def test_the_usual_arguments_take_the_plain_path(declaration, args):
    assert declaration.parse(args) is not None


@pytest.mark.parametrize("args, message", [
    (["resolve", "state.toml", "--seed", "\u0663"],
     "checker resolve: Invalid value for '--seed': expected a whole number like 300 in ASCII digits, got '\u0663'"),
    (["resolve", "state.toml", "--seed", "-1"], "checker resolve: Invalid value for '--seed': expected from 0 to "
                                                "9223372036854775807, got -1"),
    (["simulate", "eldorado", "--games", "0"], "checker simulate: Invalid value for '--games': expected from 1 to "
                                               "1000000, got 0"),
    (["simulate", "eldorado", "--games", ""],
     "checker simulate: Invalid value for '--games': expected a whole number like 300 in ASCII digits, got ''"),
    (["resolve", "state.toml", "--out"], "usage: Option '--out' requires an argument."),
])
def test_what_the_plain_parser_declines_typer_refuses_in_one_line_exit_2(args, message, tmp_path):
    checker = Path(sys.executable).parent / "checker"  # the installed command, as a player runs it
    done = subprocess.run([str(checker), *args], cwd=tmp_path, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n")
