"""A plain `generator build` starts without Typer (`generator.plain`) and says exactly what the Typer command says.

Each case runs the `generator` entry point and the Typer app (`generator.cli`) as whole
processes on the same arguments: the same exit code, the same lines on stdout and stderr,
the same bytes written.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.plain import BUILD
from test_engine_build import make_game

ROOT = Path(__file__).resolve().parent.parent
PLAIN = "import sys; sys.argv[0] = 'generator'; from generator.plain import main; main()"
TYPER = "import sys; sys.argv[0] = 'generator'; from generator.cli import main; main()"
PROBE = "; import sys; print(*sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click'}), file=sys.stderr)"


def _run(code: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_plain_build_runs_without_typer_and_writes_what_the_typer_command_writes(tmp_path):
    game = make_game(tmp_path / "kinds")
    args = ["build", str(game), "--paper", "letter", "--bleed", "2.5", "--ink-saver", "--no-cache"]
    plain = _run(PLAIN + PROBE, [*args, "--out", "plain"], tmp_path)
    typer = _run(TYPER, [*args, "--out", "typer"], tmp_path)
    assert (plain.returncode, typer.returncode) == (0, 0), plain.stderr + typer.stderr
    assert plain.stderr.strip() == ""  # neither typer nor click imported
    assert plain.stdout.replace("plain", "typer") == typer.stdout
    assert _files(tmp_path / "plain") == _files(tmp_path / "typer")


@pytest.mark.parametrize("args", [
    ["--paper", "b5"], ["--duplex", "sideways"], ["--back-offset", "9,9"], ["--back-offset", "1;2"],
    ["--bleed", "7"], ["--bleed", "x"], ["--bleed", "٣"], ["--paper"], ["--paper", "a4", "--paper", "b5"],
    ["--shop=nope"], ["--frobnicate"], ["--paper=letter", "--bleed=9"], ["--help"], ["--lang", "fr"],
    ["--lang-fallback"], ["--lang"],
])
def test_refusals_and_hand_offs_say_exactly_what_the_typer_command_says(tmp_path, args):
    game = make_game(tmp_path / "kinds")
    plain = _run(PLAIN, ["build", str(game), *args, "--out", "out"], tmp_path)
    typer = _run(TYPER, ["build", str(game), *args, "--out", "out"], tmp_path)
    assert (plain.returncode, plain.stdout, plain.stderr) == (typer.returncode, typer.stdout, typer.stderr)
    if args != ["--help"]:
        assert plain.returncode == 2 and plain.stderr.count("\n") == 1 and "Traceback" not in plain.stderr
        assert not (tmp_path / "out").exists()


def test_a_plain_translated_build_writes_what_the_typer_command_writes(tmp_path):
    args = ["build", str(ROOT / "examples" / "fox-deck"), "--lang", "fr", "--lang-fallback", "--no-cache"]
    plain = _run(PLAIN + PROBE, [*args, "--out", "plain"], tmp_path)
    typer = _run(TYPER, [*args, "--out", "typer"], tmp_path)
    assert (plain.returncode, typer.returncode, plain.stderr.strip()) == (0, 0, ""), plain.stderr + typer.stderr
    assert plain.stdout.replace("plain", "typer") == typer.stdout
    assert _files(tmp_path / "plain") == _files(tmp_path / "typer")
    assert list(_files(tmp_path / "plain")) == ["fox-deck-a4-fr.json", "fox-deck-a4-fr.pdf"]


def test_bad_definitions_are_refused_by_the_plain_path_with_file_line_card_and_field(tmp_path):
    game = make_game(tmp_path / "kinds")
    deck = next(p for p in sorted(game.glob("*.toml")) if p.name != "game.toml")
    deck.write_text(deck.read_text() + "\n[[cards]]\nid = 7\n")
    plain = _run(PLAIN, ["build", str(game), "--out", "out"], tmp_path)
    typer = _run(TYPER, ["build", str(game), "--out", "out"], tmp_path)
    assert (plain.returncode, plain.stdout, plain.stderr) == (2, "", typer.stderr)
    assert f"{deck.name}:" in plain.stderr and "Traceback" not in plain.stderr
    assert not (tmp_path / "out").exists()


def test_only_game_names_and_the_usual_options_take_the_plain_path():
    assert BUILD.parse([]) == ([], {"paper": "a4", "out": Path("output"), "duplex": "long", "back_offset": "0,0",
                                    "bleed": 3.0, "no_backs": False, "fold": False, "ink_saver": False,
                                    "cut_lines": False, "no_cache": False, "no_stamp": False, "since": None,
                                    "lang": None, "lang_fallback": False})
    games, given = BUILD.parse(["a", "--out", "o", "b", "--fold", "--back-offset", "1,2"]) or ([], {})
    assert games == ["a", "b"] and (given["out"], given["fold"], given["back_offset"]) == (Path("o"), True, "1,2")
    for args in (["--shop"], ["--out=o"], ["--fold", "--fold"], ["--back-offset", "-1,0"], ["--", "a"], ["-h"]):
        assert BUILD.parse(args) is None, args


def test_the_generator_command_is_the_plain_entry_point():
    script = shutil.which("generator", path=str(Path(sys.executable).parent))
    assert script is not None and "generator.plain" in Path(script).read_text()
