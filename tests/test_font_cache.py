"""Parsed font metrics cached between builds (issue 14): a face restored from the cache is the face
parsing gives, a font is parsed again only when its file changed, and a corrupt entry is never trusted."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from cards.typeset import fontcache

FONTS = Path(__file__).resolve().parent.parent / "fonts"
ROOT = FONTS.parent


pytestmark = pytest.mark.usefixtures("own_cache")


@pytest.fixture
def parses(monkeypatch):
    """The font files ReportLab parses, in order."""
    seen: list[str] = []
    original = ttfonts.TTFontFile.extractInfo

    def counting(self, *args, **kwargs):
        seen.append(Path(self.filename).name)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(ttfonts.TTFontFile, "extractInfo", counting)
    return seen


def assert_same_font(fresh: TTFont, other: TTFont) -> None:
    """Every attribute of the font and its face equal, of the same type (ReportLab's names keep their text)."""
    assert vars(fresh).keys() == vars(other).keys()
    for attr, value in vars(fresh).items():
        if attr not in ("face", "encoding", "state"):
            assert vars(other)[attr] == value, attr
    face, restored = vars(fresh.face), vars(other.face)
    assert face.keys() == restored.keys()
    for attr, value in face.items():
        if attr == "_pdfScale":  # a function: the same scale
            assert [value(x) for x in (0, 1, 7, 1000, 2048, -300)] == [restored[attr](x) for x in (0, 1, 7, 1000, 2048, -300)]
            continue
        assert type(restored[attr]) is type(value) and restored[attr] == value, attr
        if type(value) is TTFNameBytes:
            assert restored[attr].ustr == value.ustr


@pytest.mark.parametrize("file", ["DejaVuSansCondensed-Bold.ttf", "OldStandard-Italic.ttf"])
def test_a_cached_face_is_the_face_parsing_gives(file, parses):
    fresh = TTFont("Fresh", str(FONTS / file))
    parses.clear()
    first = fontcache.new_font("Cached", FONTS / file)
    again = fontcache.new_font("Cached", FONTS / file)
    assert parses == [file]  # the second from the cache
    for font in (first, again):
        font.fontName = "Fresh"
        assert_same_font(fresh, font)
    assert again.face is not first.face


def test_a_changed_font_file_is_parsed_again(tmp_path, parses):
    font = tmp_path / "Title.ttf"
    shutil.copy(FONTS / "OldStandard-Regular.ttf", font)
    fontcache.new_font("Title", font)
    fontcache.new_font("Title", font)
    assert parses == ["Title.ttf"]
    font.write_bytes((FONTS / "OldStandard-Bold.ttf").read_bytes())  # another face under the same name
    changed = fontcache.new_font("Title", font)
    assert parses == ["Title.ttf", "Title.ttf"]
    assert_same_font(TTFont("Title", str(font)), changed)
    assert changed.face.name == b"OldStandardTT-Bold"


def test_a_corrupt_or_foreign_entry_is_parsed_again_and_rewritten(tmp_path, parses):
    file = FONTS / "OldStandard-Bold.ttf"
    fontcache.new_font("Bold", file)
    digest = hashlib.sha256(file.read_bytes()).hexdigest()
    entry = next((Path(os.environ["PNPKIT_CACHE"]) / "fonts").glob(f"{digest}-*.marshal"))
    good = entry.read_bytes()
    fresh = TTFont("Bold", str(file))
    for broken in (good[:-100],                                      # cut short
                   good[:-5] + bytes(b ^ 0xFF for b in good[-5:]),    # same length, other bytes
                   good.replace(digest.encode(), b"0" * 64, 1),       # another font's entry
                   b"not an entry"):
        entry.write_bytes(broken)
        parses.clear()
        assert_same_font(fresh, fontcache.new_font("Bold", file))
        assert parses == ["OldStandard-Bold.ttf"]
        assert entry.read_bytes() == good  # written whole again


def test_pdfs_built_with_cached_fonts_are_byte_identical(tmp_path):
    """Two whole builds with one fresh user cache: the first parses the fonts, the second reads them."""
    env = {**os.environ, "PNPKIT_CACHE": str(tmp_path / "cache")}
    outputs = []
    for run in ("parsed", "cached"):
        subprocess.run([sys.executable, "-m", "generator.plain", "build", "el-dorado-canyon", "--no-cache",
                        "--out", str(tmp_path / run)], cwd=tmp_path, env=env, check=True, capture_output=True)
        outputs.append({p.name: p.read_bytes() for p in sorted((tmp_path / run).iterdir())})
        if run == "parsed":
            assert len(list((tmp_path / "cache" / "fonts").iterdir())) >= 4
    assert outputs[0] == outputs[1] and any(name.endswith(".pdf") for name in outputs[0])
