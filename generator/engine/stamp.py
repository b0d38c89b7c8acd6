"""The version stamp on every face: the game's version and a short digest of what the face shows.

A printed card says which build it came from, so old cards can be told from new ones at a glance.  The
digest is of the face's content by value (`FaceStamps.digest`): its record's fields (as JSON, sorted:
equal values give equal digests, unlike the face cache's pickled keys), its component's spec (size,
shape, back, layout), its side, the bytes of the art its record names and of the game's own design
files (layouts, fonts, icons), and which look draws it.  Not pnpkit's code, nor game.toml (which holds
the version), so an upgrade or a version bump leaves every digest as it was.  A back its look draws
the same for every record (`faces.ignores_record`) is digested without the record.

The stamp is drawn into the face's form after the template (and so after its digest is taken), inside
the face's safe zone like any text (`safezone.check_safe`: a cut a little off never takes it), at a
`Spot` each look declares (`Looks.stamp`): a corner of the safe zone, moved inward clear of what the
look prints there, and its size.  A round piece takes it along the bottom of its safe circle.  A piece
too small for the stamp carries none (its digest is still in the manifest): on a card it is never under
`MIN_SIZE` (6 pt, print.md's least text size on cards); on a token or a die face, which print.md's rule does not
cover and where a 6 pt stamp has no room, down to `OFF_CARD_SIZE`, so that every face that can carry one says
its version.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import Any

from cards.design import record_images
from cards.typeset.fonts import TEXT, register_fonts, text_width
from cards.typeset.measure import MIN_SIZE   # print.md's least text size on cards: the stamp's too
from common.files import read_bytes
from common.kept import Kept

from .box import MM, Box, Color
from .safezone import check_safe

DIGEST_CHARS = 8
OFF_CARD_SIZE = 3.2   # pt: a stamp off the cards (tokens, dice), the smallest still read with the naked eye
CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right", "bottom")
# fields that decide how many pieces are cut, not what one shows
_NOT_SHOWN = frozenset({"copies"})
_SPEC_NOT_SHOWN = frozenset({"copies", "file"})


@dataclass(frozen=True)
class Spot:
    """Where a look prints the stamp: a `corner` of the safe zone ("bottom": centred), moved `inset` mm
    inward (along the edge, then away from it) clear of what the look prints there, its font `size` in
    points (shrunk to fit down to MIN_SIZE, 6 pt, on a card; OFF_CARD_SIZE elsewhere), its `ink`, and a
    `plate` colour behind it (None: none), so
    that it reads on a dark back as on a pale front.  A round piece takes it centred along the bottom of
    its safe circle (along the top for a top corner), `inset` mm further in."""

    corner: str = "bottom-right"
    inset: tuple[float, float] = (0.0, 0.0)
    size: float = MIN_SIZE
    ink: Color = (0.2, 0.2, 0.2)
    plate: Color | None = (1.0, 1.0, 1.0)


def fields_of(record: Any) -> dict[str, Any]:
    """A record's fields as plain JSON values, as the build read them (the manifest's `records`)."""
    return json.loads(_FIELDS.encode(record))


def _json_form(value: Any) -> Any:
    """What `_FIELDS` writes for a value JSON has no form of: a record's fields (a kept record's are its `vars`, so
    its nested records are written as they are met, not copied by `model_dump` first: a fifth of the time; a
    validated one's, or a spec standing in for one, `model_dump`), else the value's text."""
    if isinstance(value, Kept):
        return vars(value)
    dump = getattr(value, "model_dump", None)
    return str(value) if dump is None else dump()


_FIELDS = json.JSONEncoder(default=_json_form)
_DIGESTED = json.JSONEncoder(sort_keys=True, ensure_ascii=False)  # how a face's digest writes what it digests


def table_text(texts: dict[str, str]) -> str:
    """What `_DIGESTED` writes for a table whose values it wrote as `texts`: its keys in order, each with its
    value's text.  A face's digest is of the JSON text of its look, component, record, side and die face; so a
    component's text, the same for all its faces, is written once."""
    return "{" + ", ".join(f"{_DIGESTED.encode(key)}: {text}" for key, text in sorted(texts.items())) + "}"


class FaceStamps:
    """The digest and stamp of every face of one game in one look (each file read once a build)."""

    def __init__(self, game: Any, looks: Any, last: FaceStamps | None = None) -> None:
        """`last`: the stamps of the game's previous load in this process (`generator watch`).  The records that
        load kept keep their fields, and their faces their digests while the look's files are as they were: a
        rebuild then digests the edited card's faces, not the kit's 1,000.  A kept record is the same object
        (`cards.loader.Reload`), and one is kept only while no other file of the folder changed, art included.
        Only those tables are held, not `last`."""
        self.game, self.looks = game, looks
        self.version: str | None = getattr(game, "version", None)
        design = getattr(game, "design", None)
        self.folder: Path = game.folder
        art = {info.path for info in design.art.values()} if design is not None else set()
        shared = [p for p in (design.files if design is not None else []) if p not in art]
        digest = hashlib.sha256(f"{getattr(looks.module, '__name__', None)}\0".encode())
        for path in shared:
            digest.update(self._file(path).encode() + b"\0")
        self.base = digest.hexdigest()
        self._files: dict[Path, str] = {}
        # by (spec, record, side, die face) ids: the spec and record (held, so the ids stay theirs), the digest
        self._digests: dict[tuple, tuple[Any, Any, str]] = {}
        self._fields: dict[int, tuple[Any, dict[str, Any]]] = {}
        self._texts: dict[tuple[int, frozenset[str]], tuple[Any, str]] = {}  # (`_shown`) held, as `_digests`
        self._last_fields = {} if last is None else last._fields
        self._last_digests = {} if last is None or last.base != self.base else last._digests

    def fields(self, record: Any) -> dict[str, Any]:
        """`fields_of(record)` (or of a spec), once per object and build: one serves several faces and the manifest."""
        for held in (self._fields, self._last_fields):  # this build's, then the last round's (as `digest`)
            known = held.get(id(record))
            if known is not None and known[0] is record:
                self._fields[id(record)] = known
                return known[1]
        fields = fields_of(record)
        self._fields[id(record)] = (record, fields)
        return fields

    def _shown(self, obj: Any, hidden: frozenset[str]) -> str:
        """The digest's text of `obj`'s fields but `hidden`, once per object and build: a component's serves every
        face of it (written for each face, it was two fifths of the digests' JSON)."""
        known = self._texts.get((id(obj), hidden))
        if known is None or known[0] is not obj:
            shown = {k: v for k, v in self.fields(obj).items() if k not in hidden}
            known = self._texts[id(obj), hidden] = (obj, _DIGESTED.encode(shown))
        return known[1]

    def _file(self, path: Path) -> str:
        """A design file's name and content digest ("unreadable" when it cannot be read now)."""
        try:
            data = read_bytes(path, inside=self.folder)
        except Exception:  # (a file gone since the load: the build then fails where it draws it)
            data = b"unreadable"
        name = path.relative_to(self.folder).as_posix() if path.is_relative_to(self.folder) else path.name
        return f"{name}:{hashlib.sha256(data).hexdigest()}"

    def digest(self, face: Any, shared: bool) -> str:
        """The face's digest (DIGEST_CHARS hex digits); `shared`: a back drawn the same for every record."""
        spec, record = face.component.spec, face.record
        memo = (id(spec), None if shared else id(record), face.side, face.die_face)
        for held in (self._digests, self._last_digests):
            known = held.get(memo)
            if known is not None and known[0] is spec and (shared or known[1] is record):
                self._digests[memo] = known
                return known[2]
        what = {"look": _DIGESTED.encode(self.base), "component": self._shown(spec, _SPEC_NOT_SHOWN),
                "side": _DIGESTED.encode(face.side), "die_face": _DIGESTED.encode(face.die_face)}
        if not shared:
            what["record"] = self._shown(record, _NOT_SHOWN)
            art = getattr(getattr(self.game, "design", None), "art", {})
            what["art"] = _DIGESTED.encode([self._art(art[name].path) for _, name in record_images(record) if name in art])
        digest = hashlib.sha256(table_text(what).encode()).hexdigest()
        self._digests[memo] = (spec, record, digest[:DIGEST_CHARS])
        return digest[:DIGEST_CHARS]

    def placed(self, face: Any, shared: bool, box: Box) -> tuple[Placed, Spot] | None:
        """The face's stamp laid out on `box`, with the spot it took; None when the look gives it none or it fits
        nowhere.  The look's spot first; a spot crossing a box of the layout drawing the face gives way to the
        first corner clear of them all.  Asked only for a face drawn afresh: a replayed one holds its stamp."""
        spec, record = face.component.spec, None if shared else face.record
        spot = self.looks.stamp(spec, face.side, record)
        if spot is None:
            return None
        text = self.text(self.digest(face, shared))
        # the look's spot, then each corner as it is (made only when the spot before crossed something)
        least = MIN_SIZE if spec.kind == "card" else OFF_CARD_SIZE
        for tried in chain([spot], (replace(spot, corner=corner, inset=(0.0, 0.0)) for corner in CORNERS)):
            laid = lay_out(text, box, tried, spec.shape == "round", least)
            if laid is None or self.looks.stamp_crosses(spec, face.side, record, laid.rect, box) is None:
                return None if laid is None else (laid, tried)
        return None

    def _art(self, path: Path) -> str:
        if path not in self._files:
            self._files[path] = self._file(path)
        return self._files[path]

    def text(self, digest: str) -> str:
        """What the stamp says: "0.3 · 1a2b3c4d", or the digest alone for a game without a version."""
        return digest if self.version is None else f"{self.version} \u00b7 {digest}"


@dataclass(frozen=True)
class Placed:
    """A stamp laid out on one face: its text, size and the rectangle of its plate (points from the trim's
    bottom-left); `arc` the radius of the circle it is centred on (a round piece: along its top when `top`),
    else None."""

    text: str
    size: float
    rect: tuple[float, float, float, float]
    arc: float | None = None
    top: bool = False


def lay_out(text: str, box: Box, spot: Spot, round_piece: bool, least: float = MIN_SIZE) -> Placed | None:
    """Where `text` goes on `box` at `spot`: inside the safe zone, at the largest size up to the spot's that
    fits, down to `least`; None when even that does not (a piece too small)."""
    sx, sy, sw, sh = box.safe_rect
    along, away = (v * MM for v in spot.inset)
    for size in _sizes(spot.size, least):
        height = size * 1.1
        width = text_width(text, TEXT, size) + size * 0.6
        if round_piece:
            radius = min(sw, sh) / 2 - away - height * 0.6   # the circle the text is centred on
            if width > radius * math.pi * 0.6 or radius < height:   # at most a third of the way round
                continue
            top = spot.corner.startswith("top")
            y = box.h / 2 + radius - height / 2 if top else box.h / 2 - radius - height / 2
            return Placed(text, size, (box.w / 2 - width / 2, y, width, height), radius, top)
        if width + along > sw or height + away > sh:
            continue
        x = (sx + along if spot.corner.endswith("left") else sx + sw - along - width if spot.corner.endswith("right")
             else box.w / 2 - width / 2 + along)
        y = sy + sh - away - height if spot.corner.startswith("top") else sy + away
        return Placed(text, size, (x, y, width, height))
    return None


def _sizes(largest: float, least: float) -> list[float]:
    sizes, size = [], largest
    while size >= least - 1e-9:
        sizes.append(size)
        size -= 0.25
    return sizes


def draw_stamp(c, placed: Placed, spot: Spot) -> None:
    """Draw a laid-out stamp on the face being drawn (origin: the trim's bottom-left), checked inside its safe
    zone as any text is."""
    register_fonts()
    x, y, w, h = placed.rect
    check_safe(c, x, y, w, h, field="stamp", what="the version stamp")
    c.saveState()
    if placed.arc is None:
        if spot.plate is not None:
            c.setFillColorRGB(*spot.plate)
            c.roundRect(x, y, w, h, h / 3, stroke=0, fill=1)
        c.setFillColorRGB(*spot.ink)
        c.setFont(TEXT, placed.size)
        c.drawCentredString(x + w / 2, y + h * 0.27, placed.text)
    else:
        _arc(c, placed, spot)
    c.restoreState()


def _arc(c, placed: Placed, spot: Spot) -> None:
    """The stamp along the bottom (or top) of a round piece, each character turned to the ring, read left to
    right, upright."""
    x, y, w, h = placed.rect
    radius = placed.arc or 0.0
    side = 1 if placed.top else -1                 # the ring's top or bottom
    cx, cy = x + w / 2, y + h / 2 - side * radius  # the piece's centre
    size = placed.size
    if spot.plate is not None:
        c.setStrokeColorRGB(*spot.plate)
        c.setLineWidth(h)
        sweep = math.degrees(w / radius)
        c.arc(cx - radius, cy - radius, cx + radius, cy + radius, (90 if placed.top else 270) - sweep / 2, sweep)
    c.setFillColorRGB(*spot.ink)
    c.setFont(TEXT, size)
    at = -(w - size * 0.6) / 2   # arc length from the middle, leftmost first
    for char in placed.text:
        step = text_width(char, TEXT, size)
        angle = (at + step / 2) / radius     # radians from the middle, towards the right
        c.saveState()
        c.translate(cx + radius * math.sin(angle), cy + side * radius * math.cos(angle))
        c.rotate(-side * math.degrees(angle))
        c.drawCentredString(0, -size * 0.35, char)
        c.restoreState()
        at += step
