"""A build leaves in its folder only what it wrote: the print-shop files of an earlier `--shop`
(another vendor, or none now) go, read back from the folder after each build; files another
paper's kit still lists, and other games' files, stay; a failed build removes nothing."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from test_engine_build import make_game

runner = CliRunner()


def build(folder: Path, out: Path, *args: str) -> None:
    result = runner.invoke(app, ["build", str(folder), "--out", str(out), *args])
    assert result.exit_code == 0, result.output


def files_in(out: Path) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*")}


def listed(out: Path, kit: str) -> set[str]:
    """What the kit's manifest says its build wrote, the manifest itself, and their folders."""
    names = set(json.loads((out / f"{kit}.json").read_text())["files"]) | {f"{kit}.json"}
    return names | {"/".join(n.split("/")[:k]) for n in names for k in range(1, n.count("/") + 1)}


def test_a_build_removes_the_print_shop_files_an_earlier_build_wrote(tmp_path):
    game, out = make_game(tmp_path / "kinds"), tmp_path / "out"
    build(game, out, "--shop", "tgc")
    assert any(name.startswith("kinds-shop-tgc/") and name.endswith(".png") for name in files_in(out))
    build(game, out, "--shop", "dtc")
    assert files_in(out) == listed(out, "kinds-a4")
    assert not any(name.startswith("kinds-shop-tgc") for name in files_in(out))
    assert any(name.startswith("kinds-shop-dtc/") for name in files_in(out))
    build(game, out)
    assert files_in(out) == listed(out, "kinds-a4")
    assert not any("-shop-" in name for name in files_in(out))


def test_files_of_another_papers_kit_and_of_other_games_stay(tmp_path):
    game, other, out = make_game(tmp_path / "kinds"), make_game(tmp_path / "other"), tmp_path / "out"
    build(other, out, "--shop", "dtc")
    build(game, out, "--paper", "letter", "--shop", "dtc")
    build(game, out, "--shop", "tgc")
    build(game, out)                    # the A4 kit drops its shop set; the Letter kit still lists dtc's
    names = files_in(out)
    assert listed(out, "kinds-letter") <= names and listed(out, "other-a4") <= names
    assert not any(name.startswith("kinds-shop-tgc") for name in names)
    assert names == listed(out, "kinds-a4") | listed(out, "kinds-letter") | listed(out, "other-a4")


def test_a_failed_build_removes_nothing(tmp_path):
    game, out = make_game(tmp_path / "kinds"), tmp_path / "out"
    build(game, out, "--shop", "tgc")
    before = {name: (out / name).read_bytes() for name in files_in(out) if (out / name).is_file()}
    (game / "deck.toml").write_text('[[cards]]\nid = "broken"\n')
    result = runner.invoke(app, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 2
    assert {name: (out / name).read_bytes() for name in files_in(out) if (out / name).is_file()} == before


def test_a_manifest_naming_files_outside_the_game_removes_none_of_them(tmp_path):
    game, out = make_game(tmp_path / "kinds"), tmp_path / "out"
    build(game, out)
    keep = [out / "notes.txt", tmp_path / "precious.txt", out / "other-a4.pdf"]
    for path in keep:
        path.write_text("mine")
    manifest = json.loads((out / "kinds-a4.json").read_text())
    manifest["files"].update({"notes.txt": "0", "../precious.txt": "0", "other-a4.pdf": "0",
                              "kinds-shop-x/../../precious.txt": "0"})
    (out / "kinds-a4.json").write_text(json.dumps(manifest))
    build(game, out)
    assert all(path.read_text() == "mine" for path in keep)
