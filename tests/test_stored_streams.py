"""The streams and form objects of the last build, filed in the face cache (issue 14): a second build
reuses them only where its forms' operators (and objects) are the very same, so it writes the bytes a
cold build writes whatever the edit moved, and a bad file is ignored, never trusted.

A face's operators name its characters by the codes of the PDF's font subsets, given in order of first
use: an edit that brings in a character early moves the codes of the faces after it, so their streams
must be made again (the key is the operators themselves); an edit of a name moves nothing else."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cards import load_game
from common import cachefile
from conftest import edit_text
from generator.engine import pdfforms
from generator.engine.build import build_game
from generator.engine.sheet import Options


def outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.suffix in (".pdf", ".json")}


@pytest.fixture
def compressed(monkeypatch):
    """How many form streams each build compressed (rather than took from the last build's file)."""
    counts: list[int] = [0]
    original = pdfforms._packed

    def counting(text: str) -> bytes:
        counts[0] += 1
        return original(text)

    monkeypatch.setattr(pdfforms, "_packed", counting)

    def take() -> int:
        n, counts[0] = counts[0], 0
        return n
    return take


def build(folder: Path, out: Path, cache: Path | None) -> dict[str, bytes]:
    build_game(load_game(str(folder)), Options(), out, cache_root=cache)
    return outputs(out)


@pytest.mark.parametrize("edit", ["first card", "last card", "a new character early"])
def test_a_second_build_after_an_edit_writes_the_bytes_of_a_cold_build(tmp_path, game_copy, compressed, edit):
    folder = game_copy("el-dorado-canyon")
    cache = tmp_path / "cache"
    build(folder, tmp_path / "warm", cache)
    made = compressed()
    assert list(cache.glob("faces/streams/*.json"))
    town = folder / "town.toml"
    if edit == "first card":
        edit_text(town, 'name = "Advanced Mining"', 'name = "Mining Advanced"')  # the same characters
    elif edit == "last card":
        edit_text(town, 'name = "Gold Rush"', 'name = "Gold Rushes"')
    else:  # characters no face had before, in the first card: every later code of that font moves
        edit_text(town, 'name = "Advanced Mining"', 'name = "Advanced Mining \u00c6\u00d8\u00c5"')
    warm = build(folder, tmp_path / "warm", cache)
    again = compressed()
    cold = build(folder, tmp_path / "cold", None)
    assert warm == cold
    if edit == "a new character early":
        assert again > 1  # the edited front, and the faces after it whose codes moved: encoded and compressed anew
    else:
        assert again == 1  # the edited front; every other form as the last build wrote it


def test_a_bad_or_foreign_streams_file_is_ignored(tmp_path, game_copy, compressed):
    folder = game_copy("el-dorado-canyon")
    cache = tmp_path / "cache"
    cold = build(folder, tmp_path / "cold", None)
    build(folder, tmp_path / "warm", cache)
    [entry] = cache.glob("faces/streams/*.json")
    good = entry.read_bytes()
    own = json.loads(good.partition(b"\n")[0])["entry"]
    body = cachefile.unpack_bytes(own, good)
    assert body is not None and len(pdfforms._records(body)) > 100
    entry.unlink()
    compressed()
    assert build(folder, tmp_path / "warm", cache) == cold
    none = compressed()  # what a build without the file compresses
    assert entry.read_bytes() == good
    for broken in (good[:-50],                                                  # cut short
                   good[:-3] + bytes(b ^ 1 for b in good[-3:]),                  # changed under its check
                   cachefile.pack_bytes(own, body[:-1]),                         # its records cut short, checked
                   cachefile.pack_bytes(own, body + b"0" * 35),                  # a record that is not one
                   cachefile.pack_bytes("streams 1 another kit", body)):        # another entry's
        entry.write_bytes(broken)
        assert build(folder, tmp_path / "warm", cache) == cold
        assert compressed() == none  # nothing taken from it
    assert build(folder, tmp_path / "warm", cache) == cold  # written whole again by the last build
    assert compressed() == 0


def test_a_kit_whose_streams_outgrow_the_limit_is_built_without_the_file(tmp_path, game_copy, monkeypatch):
    folder = game_copy("el-dorado-canyon")
    cache = tmp_path / "cache"
    cold = build(folder, tmp_path / "cold", None)
    build(folder, tmp_path / "warm", cache)
    assert list(cache.glob("faces/streams/*.json"))
    monkeypatch.setattr(pdfforms.StoredStreams, "LIMIT", 10_000)  # a 5,000-card kit's would be some 25 MB
    assert build(folder, tmp_path / "warm", cache) == cold
    assert not list(cache.glob("faces/streams/*.json"))  # the last one removed: it no longer tells this kit


def test_a_kit_of_many_records_is_built_without_the_file(tmp_path, game_copy, monkeypatch):
    from generator.engine import build as building

    folder = game_copy("el-dorado-canyon")
    monkeypatch.setattr(building, "STORED_STREAMS_RECORDS", 10)  # the kit has more: as a 5,000-card folder has 2,000
    cold = build(folder, tmp_path / "cold", None)
    assert build(folder, tmp_path / "warm", tmp_path / "cache") == cold
    assert list((tmp_path / "cache").glob("faces/*/face-*.marshal")) and not list((tmp_path / "cache").glob("faces/streams/*"))


def test_faces_are_placed_as_the_last_build_wrote_them_unless_that_cannot_be_shown(tmp_path, game_copy, monkeypatch):
    """A second build places a face's filed stream without reading or replaying the face (`facecache.Replayed`)
    when its characters have the codes they had; a `replay-` entry that is altered (other codes, a stream that
    was not filed), cut short or missing makes it replay the face from its entry instead: the same bytes."""
    from generator.engine import facecache

    folder = game_copy("el-dorado-canyon")
    cache = tmp_path / "cache"
    loaded: list[str] = []
    original = facecache.FaceCache.load
    monkeypatch.setattr(facecache.FaceCache, "load", lambda self, key: loaded.append(key) or original(self, key))
    cold = build(folder, tmp_path / "cold", None)
    build(folder, tmp_path / "warm", cache)
    loaded.clear()
    assert build(folder, tmp_path / "warm", cache) == cold
    first = set(loaded)  # the faces that give characters their codes (none had them yet): replayed
    [path] = cache.glob("faces/packs/*.json")
    pack = facecache.Pack(path, json.loads(path.read_bytes().split(b"\n", 1)[0])["entry"])
    filed = sorted(n for n in pack.last if n.startswith("replay-") and n.removeprefix("replay-") not in first)
    assert len(first) < 10 and len(filed) > 50  # every other face placed as filed
    with_text = [n for n in filed if any(codes for *_, codes in cachefile.unpack_data(n, bytes(pack.last[n]))["codes"])]
    names = with_text[:1] + [n for n in filed if n not in with_text[:1]][:3]  # the first shows characters
    entries = [cachefile.unpack_data(n, bytes(pack.last[n])) for n in names]
    (font, name, chars, got), *others = [codes for codes in entries[0]["codes"] if codes[3]]
    entries[0]["codes"] = [(font, name, chars, (got[0] + 1, *got[1:])), *others]  # a character with another code
    entries[1]["stream"] = "00" * 32                       # a stream that was not filed
    altered = {n: cachefile.pack_data(n, e) for n, e in zip(names[:2], entries)}
    altered[names[2]] = pack.last[names[2]][:-20]          # cut short
    pack.used = {n: altered.get(n, raw) for n, raw in pack.last.items() if n != names[3]}  # the fourth missing
    pack.save()
    loaded.clear()
    assert build(folder, tmp_path / "warm", cache) == cold
    assert set(loaded) == first | {n.removeprefix("replay-") for n in names}  # replayed from their entries
    loaded.clear()
    assert build(folder, tmp_path / "warm", cache) == cold and set(loaded) == first  # filed again as they came to
