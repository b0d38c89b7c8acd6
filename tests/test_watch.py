"""`generator watch` (issue 14): each rebuild writes what a cold `generator build` writes, a bad save is
reported like a build reports it and the next good save recovers, the edited card is previewed first and
its drawing reused by the PDF, and the folder is watched through change notices or by polling."""
from __future__ import annotations

import gc
import re
import threading
import time
from pathlib import Path

import pytest

from cards import load_game
from conftest import edit_text
from generator.engine.facecache import KeptFaces
from generator.engine.sheet import Options
from generator.engine.watch import Session, _notices, snapshot, watch
from generator.templates import looks_for
from test_designer import generator


def outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*-a4.*"))}


def cold(folder: Path, out: Path) -> dict[str, bytes]:
    code, _, _ = generator("build", folder, "--no-cache", "--out", out)
    assert code == 0
    return outputs(out)


def test_every_rebuild_writes_a_cold_builds_bytes_and_a_bad_save_is_reported_then_recovered(
        tmp_path, game_copy, monkeypatch):
    folder, out = game_copy("el-dorado-canyon"), tmp_path / "out"
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    seen: list[dict[str, bytes]] = []

    def rounds(folder_seen, rebuild, **options):
        rebuild()
        edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
        rebuild()
        seen.append(outputs(out))
        edit_text(folder / "town.toml", 'name = "Dynamite Crate"', 'name = ""')  # a bad save
        rebuild()
        seen.append(outputs(out))
        edit_text(folder / "town.toml", 'name = ""', 'name = "Stick of Dynamite"')  # the fix
        rebuild()
        seen.append(outputs(out))

    monkeypatch.setattr("generator.engine.watch.watch", rounds)
    code, said, warned = generator("watch", folder, "--out", out)
    assert code == 0 and "Traceback" not in said + warned
    assert warned == (f"{folder}/town.toml:140: card 'dynamite': name: expected a non-empty string, got ''\n"
                      "(the last good files are kept; watching for the fix)\n")
    previews = [line for line in said.splitlines() if line.startswith("preview (")]
    assert len(previews) == 2 and all(line.endswith("dynamite-front.png") for line in previews)
    assert len(re.findall(r"el-dorado-canyon: 30 pages .* \(\d+\.\d\d s\)", said)) == 3
    assert seen[1] == seen[0]  # the bad save left the last good files
    assert seen[2] == cold(folder, tmp_path / "cold") != seen[0]
    edit_text(folder / "town.toml", 'name = "Stick of Dynamite"', 'name = "Dynamite Crate"')
    assert seen[0] == cold(folder, tmp_path / "cold-first")


def test_the_pdf_replays_the_drawing_of_the_preview_and_forgets_faces_no_longer_printed(tmp_path, game_copy):
    folder, out, cache = game_copy("el-dorado-canyon"), tmp_path / "out", tmp_path / "cache"
    session = Session(Options(), out, cache)

    def rebuild() -> tuple[list[Path], int]:
        game = load_game(str(folder))
        files = session.previews(game, looks_for(game))
        drawn = session.build(game).drawn
        session.settle()  # the collector is off during a rebuild
        return files, drawn

    files, drawn = rebuild()
    assert files == [] and drawn > 0  # the first build previews nothing
    assert session.kept is not None
    first = dict(session.kept.faces)
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    files, drawn = rebuild()
    assert files == [out / "el-dorado-canyon-png" / "town" / "dynamite-front.png"]
    assert drawn == 0  # the preview drew the edited face; the PDF replayed it with all the others
    assert outputs(out) == cold(folder, tmp_path / "cold")
    gone = set(first) - set(session.kept.faces)
    assert len(gone) == 1 and len(session.kept.faces) == len(first)  # the old Dynamite front, replaced
    assert rebuild() == ([], 0)  # nothing changed: nothing previewed, nothing drawn
    assert all(session.kept.face(key) is None for key in gone)  # let go: this build did not print it


def test_kept_faces_let_go_only_what_the_last_complete_build_did_not_use():
    kept, drawing = KeptFaces(), (object(), {})
    kept.new_round()
    kept.faces.update(a=drawing, b=drawing)
    kept.round_done()
    kept.new_round()
    assert kept.face("a") is drawing  # this build uses a, then fails before its end
    kept.new_round()
    assert kept.face("b") is drawing  # the failed build forgot nothing
    kept.round_done()
    kept.new_round()
    assert kept.face("a") is None and kept.face("b") is drawing


def test_no_cache_keeps_nothing_and_previews_nothing(tmp_path, game_copy):
    folder = game_copy("el-dorado-canyon")
    session = Session(Options(), tmp_path / "out", None)
    for _ in range(2):
        game = load_game(str(folder))
        assert session.previews(game, looks_for(game)) == []
        assert session.build(game).drawn > 0
        session.settle()
    assert session.kept is None and session.streams is None and gc.isenabled()


@pytest.mark.parametrize("poll", [False, True], ids=["notices", "polling"])
def test_watch_rebuilds_after_a_save_and_after_a_save_during_a_rebuild(tmp_path, game_copy, poll):
    folder = game_copy("el-dorado-canyon")
    builds: list[str] = []

    def rebuild() -> None:
        builds.append((folder / "town.toml").read_text())
        if len(builds) == 1:  # saved while the first build runs
            edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
        elif len(builds) == 2:  # saved a moment later, while watch waits
            threading.Timer(0.3, edit_text, (folder / "town.toml", 'Dynamite Crate', 'Dynamite Box')).start()

    deadline = time.monotonic() + 30
    watch(folder, rebuild, interval=0.05, poll=poll, keep_going=lambda: len(builds) < 3 and time.monotonic() < deadline)
    assert ['Dynamite Crate' in b for b in builds] == [False, True, False] and 'Dynamite Box' in builds[2]


def test_change_notices_arrive_for_a_saved_file(tmp_path):
    (tmp_path / "game.toml").write_text("")
    notices = _notices(tmp_path)
    assert notices is not None
    next(notices)  # the watcher runs; nothing changed yet (a timeout)
    threading.Timer(0.1, (tmp_path / "game.toml").write_text, ("id = 'x'",)).start()
    changes = next(notices) or next(notices)
    assert any(Path(path).name == "game.toml" for _, path in changes)


def test_the_output_folder_inside_the_game_folder_never_triggers_a_rebuild(tmp_path):
    (tmp_path / "game.toml").write_text("")
    (tmp_path / "output" / "game-png").mkdir(parents=True)
    (tmp_path / "output" / "game-png" / "card-front.png").write_bytes(b"")
    (tmp_path / "art.png").write_bytes(b"")
    assert list(snapshot(tmp_path, ignore=(tmp_path / "output",))) == [tmp_path / "art.png", tmp_path / "game.toml"]


def test_unchanged_pages_are_replayed_and_an_edit_with_characters_new_to_the_kit_still_writes_cold_bytes(
        tmp_path, game_copy):
    folder, out = game_copy("el-dorado-canyon"), tmp_path / "out"
    session = Session(Options(), out, tmp_path / "cache")

    def rebuild() -> None:
        game = session.load(str(folder))
        session.previews(game, looks_for(game))
        session.build(game)
        session.settle()

    rebuild()
    assert session.kept is not None
    first = dict(session.kept.pages)
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    rebuild()
    replayed = [key for key, page in session.kept.pages.items() if first.get(key) is page]
    assert len(first) > 20 and len(replayed) == len(first)  # a face is a form, which its pages place by name
    assert outputs(out) == cold(folder, tmp_path / "cold")
    # characters no face used before take the next codes of their font subsets: every text after them
    # (faces and footers alike) is written with codes the operators kept from the last build do not have
    edit_text(folder / "town.toml", 'name = "Dynamite Crate"', 'name = "Dynamite @ 100% #9 &"')
    edit_text(folder / "starting.toml", 'name = "Take Cover"', 'name = "Take Cover (Qz)"')
    rebuild()
    assert outputs(out) == cold(folder, tmp_path / "cold-2")


def test_cards_with_their_own_raster_art_are_kept_and_previewed(tmp_path):
    """Each card of this deck shows its own PNG (the fox deck's night fox, and a copy for the red fox): a
    rebuild after editing one card previews that card's front only (its back, the same art for every card, is
    one drawing that reads no field) and replays every other face, raster art included (issue 30 defect 5)."""
    import shutil

    from test_designer import EXAMPLES

    folder, out = tmp_path / "fox-deck", tmp_path / "out"
    shutil.copytree(EXAMPLES / "fox-deck", folder)
    shutil.copy(folder / "art" / "fox.png", folder / "art" / "red-fox.png")
    edit_text(folder / "cards.toml", 'art = "art/fox.png"', 'art = "art/red-fox.png"')
    session = Session(Options(), out, tmp_path / "cache")

    def rebuild() -> tuple[list[str], int]:
        game = load_game(str(folder))
        files = session.previews(game, looks_for(game))
        drawn = session.build(game).drawn
        session.settle()
        return [f.name for f in files], drawn

    assert rebuild()[0] == []
    assert rebuild() == ([], 0)    # nothing changed: every face replayed, its art drawn into the new PDF
    edit_text(folder / "cards.toml", 'name = "Night Fox"', 'name = "Night Vixen"')
    assert rebuild() == (["night-fox-front.png"], 0)
    assert outputs(out) == cold(folder, tmp_path / "cold")


def test_a_rebuild_keeps_the_digests_of_unchanged_faces_and_digests_again_a_face_whose_art_bytes_changed(tmp_path):
    """A round reuses the last round's face digests for the records the reload kept (`FaceStamps(last=)`): every
    round's kit and manifest are a cold build's; after the bytes of one art file change, the digests of exactly
    the faces showing it move, and after a design file changes, every face's."""
    import json
    import shutil

    from PIL import Image

    from cards.design import record_images
    from test_designer import EXAMPLES

    folder, out = tmp_path / "fox-deck", tmp_path / "out"
    shutil.copytree(EXAMPLES / "fox-deck", folder)
    session = Session(Options(), out, tmp_path / "cache")

    def rebuild() -> dict[str, str]:
        game = load_game(str(folder))
        session.previews(game, looks_for(game))
        session.build(game)
        session.settle()
        assert outputs(out) == cold(folder, tmp_path / "cold")
        manifest = json.loads((out / "fox-deck-a4.json").read_text(encoding="utf-8"))
        return {f"{f['id']} {f['side']}": f["digest"] for f in manifest["faces"]}

    rebuild()
    first = rebuild()
    game = load_game(str(folder))
    showing_fox = {f"{r.id} front" for c in game.components for r in c.records
                   if ("art", "art/fox.png") in record_images(r)}
    with Image.open(folder / "art" / "fox.png") as image:
        image.convert("RGB").transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(folder / "art" / "fox.png")
    after_art = rebuild()
    assert showing_fox and {face for face in first if after_art[face] != first[face]} == showing_fox
    edit_text(folder / "layouts" / "fox.toml", "# A fox card", "# A fox card (edited)")
    after_layout = rebuild()
    assert all(after_layout[face] != after_art[face] for face in after_art)  # a design file is in every digest
