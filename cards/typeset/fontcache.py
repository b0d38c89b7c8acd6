"""Parsed TrueType metrics kept between builds, so a build parses a font file only when it changed.

Parsing a face (ReportLab's `TTFontFile.extractInfo`: names, metrics, the character map,
every glyph's width and position, in pure Python) cost 4-16 ms of CPU per file on every
build.  What it finds depends only on the file's bytes and ReportLab's version, so it is
filed in the user cache under the SHA-256 of the file (that digest remembered against the
file's stamps, `common.stamps`, so a build reads and hashes no font it knows) as marshal
of plain data: never pickle, and marshal keeps the int keys and tuples JSON would lose.
The entry format is every cache's (`common.cachefile`): a missing, corrupt or foreign entry
is a miss, and the file is parsed again.  A face restored from an entry holds the same
attributes, of the same types, as one parsed afresh (the font file's bytes are still read:
subsets are cut from them when the PDF is written), so the PDFs are the same bytes.
"""
from __future__ import annotations

import os
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from common import cachefile
from common.files import sha256
from common.stamps import Stamps, recall, remember
from common.usercache import cache_dir

FORMAT = 1
_PLAIN = (bool, int, float, str, bytes, type(None))  # exact types marshal writes back as they were


def load_font(font: TTFont, name: str, path: Path) -> None:
    """Do what `TTFont.__init__(font, name, path)` does (defaults), with the face from the cache when it is there."""
    font.fontName = name
    font.face = face(path)
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    vars(font)["_asciiReadable"] = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob or ())


def new_font(name: str, path: Path) -> TTFont:
    """`TTFont(name, path)`, its face from the cache when it is there."""
    font = TTFont.__new__(TTFont)
    load_font(font, name, path)
    return font


def face(path: Path) -> TTFontFace:
    """The parsed face of the TrueType file `path`: from the cache, or parsed (and then cached)."""
    stamps = Stamps()
    stamps.add(path)  # before the file is read: a write after this is a miss next time
    data = path.read_bytes()
    ident = os.path.abspath(path)
    known = recall("font", ident)
    digest = known if isinstance(known, str) else sha256(data)
    entry = cache_dir() / "fonts" / f"{digest}-{reportlab.Version}.marshal"
    label = f"font {FORMAT} {reportlab.Version} {digest}"
    kept = cachefile.load_data(entry, label)
    found = _restored(kept, path, data) if kept is not None else None
    if found is None:
        found = TTFontFace(str(path))
        kept = _kept(found)
        if kept is not None:
            cachefile.store_data(entry, label, kept)
    if known != digest:
        remember("font", ident, digest, stamps)
    return found


def _kept(parsed: TTFontFace) -> tuple[dict[str, Any], dict[str, bytes]] | None:
    """(plain attributes, names) of a parsed face, without its file; None when something would not come back alike."""
    plain: dict[str, Any] = {}
    names: dict[str, bytes] = {}
    for attr, value in vars(parsed).items():
        if attr in ("_ttf_data", "filename", "_pdfScale"):  # the file, and a function `_scale` makes again
            continue
        if type(value) is TTFNameBytes:
            names[attr] = bytes(value)
        elif _is_plain(value):
            plain[attr] = value
        else:
            return None
    if bytes(parsed.name).startswith(b"_RL_"):  # a name ReportLab made up from the file's name (or the time)
        return None
    return plain, names


def _is_plain(value: Any) -> bool:
    if type(value) in _PLAIN:
        return True
    if type(value) in (list, tuple):
        return all(_is_plain(v) for v in value)
    if type(value) is dict:
        return all(_is_plain(k) and _is_plain(v) for k, v in value.items())
    return False


def _restored(kept: Any, path: Path, data: bytes) -> TTFontFace | None:
    """The face an entry holds (`kept`, as `cachefile.load_data` read it), with the file's bytes; None when the
    entry is not what `_kept` made."""
    if not (type(kept) is tuple and len(kept) == 2 and type(kept[0]) is dict and type(kept[1]) is dict
            and all(type(v) is bytes for v in kept[1].values())):
        return None
    restored = TTFontFace.__new__(TTFontFace)
    restored.__dict__.update(kept[0])
    for attr, value in kept[1].items():
        setattr(restored, attr, TTFNameBytes(value))
    if type(restored.__dict__.get("unitsPerEm")) is not int or not restored.unitsPerEm:
        return None
    vars(restored).update(_pdfScale=_scale(restored.unitsPerEm), filename=str(path), _ttf_data=data)
    return restored


def _scale(units_per_em: int) -> Any:
    """Font units to thousandths of an em, as `extractInfo` makes it (shaped text is measured with it)."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
