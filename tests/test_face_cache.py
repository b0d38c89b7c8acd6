"""The face cache between builds (issue 14): a build replaying cached faces writes the very bytes
a cold build writes, redraws only what changed, and never trusts an entry that does not check out."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from cards import BUILTIN, load_game
from common import cachefile
from conftest import edit_text
from generator.engine import build, facecache
from generator.engine.build import build_game
from generator.engine.facecache import FaceCache
from generator.engine.sheet import Options
from generator.new import new_game
from generator.templates import looks_for
from test_designer import generator

FONTS = Path(__file__).resolve().parent.parent / "fonts"


def outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def built(game: str, out: Path, cache: Path | None, opts: Options = Options()) -> tuple[dict[str, bytes], int]:
    """The PDFs of one build and the number of kit faces it drew afresh."""
    result = build_game(load_game(game), opts, out, cache_root=cache)
    return outputs(out), result.drawn


@pytest.mark.parametrize("game", BUILTIN)
def test_a_build_from_the_cache_is_byte_identical_to_a_cold_build(tmp_path, game):
    cold, drawn_cold = built(game, tmp_path / "cold", None)
    first, drawn_first = built(game, tmp_path / "first", tmp_path / "cache")
    again, drawn_again = built(game, tmp_path / "again", tmp_path / "cache")
    assert first == cold and again == cold
    assert drawn_first == drawn_cold > 0
    assert drawn_again == 0  # every face of the kit replayed (the posters' map too)


def test_a_one_card_edit_redraws_that_card_only(tmp_path, game_copy):
    folder = game_copy("el-dorado-canyon")
    built(str(folder), tmp_path / "warm", tmp_path / "cache")
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    warm, drawn = built(str(folder), tmp_path / "warm", tmp_path / "cache")
    cold, _ = built(str(folder), tmp_path / "cold", None)
    assert warm == cold
    assert drawn == 1  # its front: the town back is one drawing for the whole deck


def damaged(entries: list[bytes]) -> list[bytes]:
    """The first entry cut short, the second's body changed under its digest, the fourth copied over the third."""
    head, body = entries[1].split(b"\n", 1)
    middle = len(body) // 2
    tampered = body[:middle] + bytes([body[middle] ^ 1]) + body[middle + 1:]  # one bit of the recording
    return [entries[0][:-40], head + b"\n" + tampered, entries[3], entries[3]]


def damaged_in_pack(entries: list[bytes]) -> list[bytes]:
    """As `damaged`, but the second's body one byte longer than its header says: inside a pack, whose own digest
    checks every byte of its entries, an entry's header is checked for its name and size only."""
    head, body = entries[1].split(b"\n", 1)
    return [entries[0][:-40], head + b"\n" + body + b"\0", entries[3], entries[3]]


class Files:
    """The entries of a kit as files of their own (a kit too big for a pack: packs turned off)."""

    damaged = staticmethod(damaged)

    def __init__(self, cache: Path, monkeypatch) -> None:
        monkeypatch.setattr(build, "STORED_STREAMS_RECORDS", 0)
        self.cache = cache

    def entries(self, kind: str) -> dict[str, bytes]:
        assert not list(self.cache.glob("faces/packs/*.json"))
        return {p.name.removesuffix(".marshal"): p.read_bytes() for p in sorted(self.cache.glob(f"faces/*/{kind}-*.marshal"))}

    def write(self, entries: dict[str, bytes]) -> None:
        for name, raw in entries.items():
            (self.cache / "faces" / name[5:7] / f"{name}.marshal").write_bytes(raw)

    def stamps(self, kind: str) -> list[int]:
        return [p.stat().st_mtime_ns for p in sorted(self.cache.glob(f"faces/*/{kind}-*.marshal"))]


class Packed:
    """The entries of a kit in its pack (`facecache.Pack`): damaged inside a pack whose own header checks out."""

    damaged = staticmethod(damaged_in_pack)

    def __init__(self, cache: Path, monkeypatch) -> None:
        self.cache = cache

    def pack(self) -> facecache.Pack:
        path, = self.cache.glob("faces/packs/*.json")
        return facecache.Pack(path, json.loads(path.read_bytes().split(b"\n", 1)[0])["entry"])

    def entries(self, kind: str) -> dict[str, bytes]:
        assert not list(self.cache.glob(f"faces/??/{kind}-*.marshal"))
        return {name: bytes(raw) for name, raw in sorted(self.pack().last.items()) if name.startswith(f"{kind}-")}

    def write(self, entries: dict[str, bytes]) -> None:
        """Put `entries` in the pack, without what the faces' forms came to (`replay-` entries), so that a build
        reads the faces' entries rather than placing the streams their forms came to."""
        pack = self.pack()
        faces = {name.removeprefix("face-") for name in entries}
        pack.used = {**{n: raw for n, raw in pack.last.items() if n.removeprefix("replay-") not in faces}, **entries}
        assert pack.save() and self.pack().last == pack.used

    def stamps(self, kind: str) -> list[int]:
        return [p.stat().st_mtime_ns for p in self.cache.glob("faces/packs/*.json")]


@pytest.fixture(params=[Packed, Files])
def layout(request, tmp_path, monkeypatch):
    return request.param(tmp_path / "cache", monkeypatch)


def test_corrupt_and_foreign_entries_are_ignored_and_redrawn(tmp_path, layout):
    cache = tmp_path / "cache"
    cold, drawn_cold = built("el-dorado-canyon", tmp_path / "cold", None)
    built("el-dorado-canyon", tmp_path / "first", cache)
    entries = layout.entries("face")
    names = list(entries)[:4]
    layout.write(dict(zip(names, layout.damaged([entries[n] for n in names]))))
    again, drawn = built("el-dorado-canyon", tmp_path / "again", cache)
    assert again == cold
    assert drawn == 3


def test_pages_are_replayed_from_their_entries_and_bad_page_entries_are_ignored(tmp_path, layout):
    cache = tmp_path / "cache"
    cold, _ = built("el-dorado-canyon", tmp_path / "cold", None)
    built("el-dorado-canyon", tmp_path / "first", cache)
    pages = layout.entries("page")
    stamps = layout.stamps("page")
    assert len(pages) > 20 and built("el-dorado-canyon", tmp_path / "again", cache)[0] == cold
    assert layout.stamps("page") == stamps  # every page replayed: none painted and written again
    names = list(pages)[:4]
    layout.write(dict(zip(names, layout.damaged([pages[n] for n in names]))))
    assert built("el-dorado-canyon", tmp_path / "last", cache)[0] == cold
    after = layout.entries("page")
    assert all(isinstance(cachefile.unpack_data(n, after[n]), dict) for n in names)  # written whole
    assert after[names[3]] == pages[names[3]]  # (a recording numbers text objects as met: not always the same bytes)


@pytest.mark.parametrize("fault", ["torn", "foreign"])
def test_a_torn_or_foreign_pack_is_ignored_and_every_face_redrawn(tmp_path, fault):
    cache = tmp_path / "cache"
    cold, drawn_cold = built("el-dorado-canyon", tmp_path / "cold", None)
    built("el-dorado-canyon", tmp_path / "first", cache)
    path, = cache.glob("faces/packs/*.json")
    if fault == "torn":
        path.write_bytes(path.read_bytes()[:-100])
    else:  # another kit's pack copied over this one's
        built("eternal-gold-and-steel", tmp_path / "other", cache)
        other, = set(cache.glob("faces/packs/*.json")) - {path}
        shutil.copy(other, path)
    again, drawn = built("el-dorado-canyon", tmp_path / "again", cache)
    assert again == cold and drawn == drawn_cold
    assert built("el-dorado-canyon", tmp_path / "last", cache) == (cold, 0)  # the pack filed afresh


def test_a_pack_holds_what_the_last_build_used_and_is_read_once(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    built("el-dorado-canyon", tmp_path / "first", cache)
    assert not list(cache.glob("faces/??/*.marshal"))  # no entry files of its own
    reads: list[str] = []
    original = facecache.Path.read_bytes
    monkeypatch.setattr(facecache.Path, "read_bytes", lambda self: reads.append(self.name) or original(self))
    assert built("el-dorado-canyon", tmp_path / "again", cache)[1] == 0
    assert not [name for name in reads if name.endswith((".json", ".marshal"))]  # the pack is read by `cachefile`; no entry file is


def test_the_entries_of_a_checked_pack_are_not_hashed_again(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cold, _ = built("el-dorado-canyon", tmp_path / "cold", None)
    built("el-dorado-canyon", tmp_path / "first", cache)
    hashed: list[str] = []
    original = cachefile._header
    monkeypatch.setattr(cachefile, "_header", lambda name, body: hashed.append(name) or original(name, body))
    assert built("el-dorado-canyon", tmp_path / "again", cache) == (cold, 0)
    assert [name.split(" ")[0] for name in hashed if name.startswith("pack ")] == ["pack"]  # the whole pack, once
    assert not [name for name in hashed if name.startswith(("face-", "replay-", "form-", "page-"))]


def test_an_entry_inside_a_pack_is_still_checked_by_its_name_and_size():
    raw = cachefile.pack_data("face-abc", {"recording": [1, 2]})
    head, body = raw.split(b"\n", 1)
    assert cachefile.unpack_data("face-abc", raw, checked=True) == {"recording": [1, 2]}
    assert cachefile.unpack_data("face-abd", raw, checked=True) is None  # another entry's name
    assert cachefile.unpack_bytes("face-abc", raw + b"x", checked=True) is None  # a body longer than its header says
    assert cachefile.unpack_bytes("face-abc", head[:-1] + b"\n" + body, checked=True) is None  # a header cut short
    assert cachefile.unpack_bytes("face-abc", head, checked=True) is None  # no body at all
    assert cachefile.unpack_bytes("face-abc", raw[:-1] + b"?", checked=True) == body[:-1] + b"?"  # the pack's check
    assert cachefile.unpack_bytes("face-abc", raw[:-1] + b"?") is None  # ... where a file of its own checks its own


def test_changed_code_redraws_every_face(tmp_path, monkeypatch):
    built("el-dorado-canyon", tmp_path / "first", tmp_path / "cache")
    monkeypatch.setattr(facecache, "code_digest", lambda: "another version of the code")
    _, drawn = built("el-dorado-canyon", tmp_path / "again", tmp_path / "cache")
    _, drawn_cold = built("el-dorado-canyon", tmp_path / "cold", None)
    assert drawn == drawn_cold


def test_the_code_digest_changes_with_a_source_file_or_a_font(tmp_path):
    for path, text in {"cards/models.py": "A = 1\n", "generator/engine/text.py": "B = 2\n", "fonts/F.ttf": "font",
                       "generator/scaffold/card.toml": "x = 1\n"}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    before = facecache.sources_digest(tmp_path, tmp_path / "fonts")
    (tmp_path / "generator/scaffold/card.toml").write_text("x = 2\n")   # not code: no change
    assert facecache.sources_digest(tmp_path, tmp_path / "fonts") == before
    seen = {before}
    for path, text in {"generator/engine/text.py": "B = 3\n", "cards/models.py": "A = 2\n", "fonts/F.ttf": "other"}.items():
        (tmp_path / path).write_text(text)
        seen.add(facecache.sources_digest(tmp_path, tmp_path / "fonts"))
    assert len(seen) == 4
    assert facecache.code_digest() == facecache.sources_digest(Path(facecache.__file__).resolve().parents[2], FONTS)


def test_the_code_digest_is_remembered_until_a_source_or_a_font_changes(tmp_path, monkeypatch):
    from common import stamps

    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(stamps, "SETTLE_NS", -10**12)  # files made by the test count as settled
    for path, text in {"cards/models.py": "A = 1\n", "generator/engine/text.py": "B = 2\n", "fonts/F.ttf": "font"}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    hashed: list[str] = []
    original = facecache.sources_digest
    monkeypatch.setattr(facecache, "sources_digest", lambda *a: hashed.append("hashed") or original(*a))
    root, fonts = tmp_path, tmp_path / "fonts"
    first = facecache.remembered_digest(root, fonts)
    assert facecache.remembered_digest(root, fonts) == first == original(root, fonts) and len(hashed) == 1
    seen = {first}
    for path, text in {"generator/engine/text.py": "B = 3\n", "generator/engine/new.py": "", "fonts/G.ttf": "font",
                       "cards/models.py": "A = 2\n"}.items():
        (tmp_path / path).write_text(text)
        digest = facecache.remembered_digest(root, fonts)
        assert digest not in seen and facecache.remembered_digest(root, fonts) == digest == original(root, fonts)
        seen.add(digest)
    assert len(hashed) == 5  # each change hashed once, then remembered


@pytest.mark.parametrize("change", ["font", "art"])
def test_a_changed_font_or_art_file_redraws_the_faces(tmp_path, change):
    folder = tmp_path / "deck"
    new_game(folder)
    built(str(folder), tmp_path / "first", tmp_path / "cache")
    if change == "font":
        shutil.copy(FONTS / "OldStandard-Italic.ttf", folder / "fonts" / "Title.ttf")
    else:
        svg = folder / "art" / "sample.svg"
        svg.write_text(svg.read_text().replace("#e0ac2b", "#2b6ce0"))  # the sun turns blue
    warm, drawn = built(str(folder), tmp_path / "warm", tmp_path / "cache")
    cold, drawn_cold = built(str(folder), tmp_path / "cold", None)
    assert warm == cold
    assert drawn == drawn_cold > 0


def test_no_cache_neither_reads_nor_writes_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    code, _, _ = generator("build", "el-dorado-canyon", "--no-cache", "--out", tmp_path / "out")
    assert code == 0 and not (tmp_path / "cache" / "faces").exists()  # fonts and definitions: by content, always
    code, _, _ = generator("build", "el-dorado-canyon", "--out", tmp_path / "out")
    assert code == 0 and list((tmp_path / "cache" / "faces").glob("packs/*.json"))


def test_the_cache_is_trimmed_oldest_first(tmp_path):
    built("el-dorado-canyon", tmp_path / "first", tmp_path / "cache")
    cache = FaceCache(load_game("el-dorado-canyon"), looks_for(load_game("el-dorado-canyon")), tmp_path / "cache")
    files = sorted(cache.root.glob("*/*"), key=lambda p: p.stat().st_mtime_ns)
    sizes = sum(p.stat().st_size for p in files)
    cache.trim(sizes // 2)
    left = sorted(cache.root.glob("*/*"), key=lambda p: p.stat().st_mtime_ns)
    assert sum(p.stat().st_size for p in left) <= sizes // 2
    assert left == files[len(files) - len(left):]


def test_watch_writes_the_edited_card_as_a_png_before_the_pdf(tmp_path, game_copy, monkeypatch):
    folder, out = game_copy("el-dorado-canyon"), tmp_path / "out"
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))

    def two_rounds(folder_seen, rebuild, **options):
        rebuild()
        edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
        rebuild()

    monkeypatch.setattr("generator.engine.watch.watch", two_rounds)
    code, said, _ = generator("watch", folder, "--out", out)
    assert code == 0
    lines = said.splitlines()
    preview = out / "el-dorado-canyon-png" / "town" / "dynamite-front.png"
    assert lines[0].startswith("watching") and len(lines) == 4
    assert re.fullmatch(r"el-dorado-canyon: 30 pages .* \(\d+\.\d\d s\)", lines[1])
    assert re.fullmatch(rf"preview \(\d+\.\d\d s\): {re.escape(str(preview))}", lines[2])
    assert re.fullmatch(r"el-dorado-canyon: 30 pages .* \(\d+\.\d\d s\)", lines[3])
    assert list((out / "el-dorado-canyon-png").rglob("*.png")) == [preview]
    with Image.open(preview) as image:
        assert image.size == (round((63.5 + 6) / 25.4 * 150), round((88.9 + 6) / 25.4 * 150))  # poker, bleed, 150 dpi)


def test_the_cache_is_trimmed_once_enough_was_written_since_the_last_trim(tmp_path, monkeypatch):
    trims: list[int] = []
    monkeypatch.setattr(FaceCache, "trim", lambda self, limit=facecache.MAX_BYTES: trims.append(limit))
    cache = FaceCache(load_game("el-dorado-canyon"), looks_for(load_game("el-dorado-canyon")), tmp_path / "cache")
    cache.root.mkdir(parents=True)
    for written, trimmed in [(10, 1), (10, 1), (facecache.TRIM_EVERY - 30, 1), (20, 2), (0, 2)]:
        cache.written_bytes = written  # what a build wrote (a first build: no ledger yet, so trimmed)
        cache.trim_when_due()
        assert len(trims) == trimmed
    (cache.root / "written").write_text("not a number")
    cache.trim_when_due()
    assert len(trims) == 3  # a ledger that cannot be read: trimmed


def test_a_pack_filed_again_counts_only_its_new_entries_towards_the_trim(tmp_path, game_copy):
    folder, cache = game_copy("el-dorado-canyon"), tmp_path / "cache"
    built(str(folder), tmp_path / "out", cache)
    ledger = cache / "faces" / "written"
    assert ledger.read_text() == "0"  # a first build (no ledger yet) trims
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    built(str(folder), tmp_path / "out", cache)
    [pack] = cache.glob("faces/packs/*.json")
    assert 0 < int(ledger.read_text()) < pack.stat().st_size // 10  # the edited front's entries, not the pack
