"""Print-shop output (`--shop VENDOR`): one file per piece size, as the vendor asks.

A vendor gets, in `GAME-shop-VENDOR/`, per trim size `WxHmm`:
- a PDF preset (DriveThruCards, generic): `WxHmm.pdf`, one face per page with bleed
  (DriveThruCards' as PDF/X-1a:2003 in CMYK, generator.engine.pdfx),
  TrimBox and BleedBox set, in the order back, front, back, front ... for every printed
  copy (what DriveThruCards asks); a face without a back gets a blank back so the
  pairs stay in step.  One size per file: shops print one product per file.
- a PNG preset (The Game Crafter, MakePlayingCards): `WxHmm/COMPONENT/ID-front.png`
  (and `-back.png`) at 300 dpi with bleed, each face once, and `copies.txt` saying how
  many of each to order.
A piece is drawn at the size the vendor makes it (`Vendor.made_size`: 19 mm tokens at
3/4 in, 44.5 mm mini cards at 1.75 in).  Pieces the vendor cannot make (kind, or size out of its range) are listed with
the vendor's limit in `cannot-make.txt`, the kit's guide and the build's summary, never
dropped silently; the rest are written.  A board longer than the largest board of a PNG preset
is sent in equal parts within it (`board_parts`): each part a piece of its own
(`ID-part-R-C-front.png`, its back the mirrored part of the back), the art running on past its
cut edges as bleed, so the parts butt together.
The same one-face pages are what `generator png` and `generator tts` rasterise.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Union

from .box import MM, Style
from .facecache import FaceCache
from .faces import FaceForms
from .render import new_pdf, place
from .sheet import FaceRef, Item, Options, Rect
from .stamp import FaceStamps
from .vendors import VENDORS, kind_name
from .words import ENGLISH, Words

Part = tuple[FaceRef, Rect]   # a part of a face: the region (points from the trim's bottom-left) that is one piece

SHOP_KINDS = ("card", "token", "board")
SHOP_DPI = 300


def shop_faces(components: Iterable[Any], opts: Options, *, copies: bool = True) -> list[FaceRef | None]:
    """Back, front, back, front...: None stands for a blank back."""
    faces: list[FaceRef | None] = []
    for comp in components:
        for record in comp.records:
            count = comp.spec.copies * record.copies if copies else 1
            back = FaceRef(comp, record, "back") if comp.spec.back and opts.backs else None
            faces += [back, FaceRef(comp, record, "front")] * count
    return faces


def face_pdf(game: Any, looks: Any, style: Style, opts: Options, faces: Iterable[Union[FaceRef, Part, None]],
             title: str, cache: FaceCache | None = None) -> bytes:
    """One face (or part of one) per page, the page being its bleed box; None gives a blank page of the next
    face's size.  With `cache`, the faces are replayed from it or kept there (`generator watch`'s previews)."""
    faces = list(faces)
    forms = FaceForms(looks, style, opts.bleed, cache=cache, stamps=FaceStamps(game, looks) if opts.stamp else None)
    bleed = opts.bleed * MM

    def draw(c) -> None:
        for i, face in enumerate(faces):
            shape = face or next(f for f in faces[i:] if f is not None)
            ref, region = shape if isinstance(shape, tuple) else (shape, None)
            box = forms.box(ref)
            tw, th = (region[2], region[3]) if region else (box.w, box.h)
            w, h = tw + 2 * bleed, th + 2 * bleed
            c.setPageSize((w, h))
            c.setTrimBox((bleed, bleed, bleed + tw, bleed + th))
            c.setBleedBox((0, 0, w, h))
            if face is not None:
                place(c, Item(ref, 1, bleed, bleed, tw, th, (0, 0, w, h), region=region), forms.form(c, ref))
            c.showPage()
    return new_pdf(game, looks, title, draw, style, forms.keep_form if cache else None).read()


def board_parts(size_mm: tuple[float, float], largest: float) -> tuple[tuple[float, float], list[tuple[int, int, Rect]]]:
    """A board cut into as few equal parts as keep each side within `largest` mm: the part's size in mm, and each
    part's row, column (from 1, rows from the top) and region in points from the board's bottom-left."""
    w, h = size_mm
    cols, rows = math.ceil(w / largest - 1e-9), math.ceil(h / largest - 1e-9)
    pw, ph = w / cols, h / rows
    return (round(pw, 3), round(ph, 3)), [(r + 1, c + 1, (c * pw * MM, (rows - 1 - r) * ph * MM, pw * MM, ph * MM))
                                          for r in range(rows) for c in range(cols)]


def _parted(comp: Any, opts: Options, largest: float) -> list[tuple[str, Part]]:
    """(file stem, part) of every part of a board's faces, fronts and (mirrored, as the piece is turned over) backs."""
    (pw, _), parts = board_parts(comp.spec.size_mm, largest)
    cols = round(comp.spec.size_mm[0] / pw)
    out: list[tuple[str, Part]] = []
    for record in comp.records:
        for r, c, region in parts:
            out.append((f"{record.id}-part-{r}-{c}-front", (FaceRef(comp, record, "front"), region)))
            if comp.spec.back and opts.backs:
                back = next(p[2] for p in parts if p[0] == r and p[1] == cols + 1 - c)
                out.append((f"{record.id}-part-{r}-{c}-back", (FaceRef(comp, record, "back"), back)))
    return out


def size_label(size_mm: tuple[float, float]) -> str:
    return f"{size_mm[0]:g}x{size_mm[1]:g}mm"


class _MadeAt:
    """A component spec at the vendor's size: every field the spec's, `size_mm` the vendor's (the looks
    lay the face out in the box they are given)."""

    def __init__(self, spec: Any, size_mm: tuple[float, float]) -> None:
        self._spec, self.size_mm = spec, size_mm

    def __getattr__(self, name: str) -> Any:
        return getattr(self._spec, name)


@dataclass(frozen=True)
class Refusal:
    """A component the vendor cannot make."""

    component: Any
    vendor: Any

    def line(self, words: Words = ENGLISH) -> str:
        """The piece and why (with the vendor's limit), in the language of `words` (the kit's guide) or English."""
        spec = self.component.spec
        return words.gettext("{piece} ({kind}, {size}): {why}", piece=spec.name, kind=kind_name(spec.kind, words),
                             size=spec.size, why=self.vendor.refuses(spec.kind, spec.size_mm, words))


@dataclass(frozen=True)
class _Plan:
    """Each component of a game as a vendor takes it, asked once: made whole (in game order), sent in parts
    (boards too long for a PNG preset) or refused (why: `Refusal.line`)."""

    made: list[Any]
    parted: list[Any]
    refused: list[Refusal]


def _plan(game: Any, vendor: Any) -> _Plan:
    plan = _Plan([], [], [])
    for comp in game.components:
        if vendor.refuses(comp.spec.kind, comp.spec.size_mm) is None:
            plan.made.append(comp)
        elif _in_parts(comp, vendor):
            plan.parted.append(comp)
        else:
            plan.refused.append(Refusal(comp, vendor))
    return plan


def refusals(game: Any, vendor_id: str) -> list[Refusal]:
    """The components of `game` the vendor cannot make (the guide lists them before anything is drawn)."""
    return _plan(game, VENDORS[vendor_id]).refused


def _in_parts(comp: Any, vendor: Any) -> bool:
    """Whether a board too long for a PNG preset is sent in equal parts within its largest board."""
    return (comp.spec.kind == "board" and vendor.output == "png" and max(comp.spec.size_mm) > vendor.largest
            and vendor.refuses("board", board_parts(comp.spec.size_mm, vendor.largest)[0]) is None)


def shop_files(game: Any, looks: Any, style: Style, opts: Options, folder: Path,
               vendor_id: str) -> tuple[dict[Path, bytes], list[str]]:
    """({path: bytes} of the vendor's files in `folder`, the lines of what it cannot make)."""
    from .raster import png_bytes, png_images, render_pages   # raster renders these pages: imported here, not in a cycle

    vendor = VENDORS[vendor_id]
    opts = replace(opts, bleed=opts.bleed if vendor.bleed is None else vendor.bleed, stamp=opts.stamp and vendor.stamp)
    plan = _plan(game, vendor)
    refused = [r.line() for r in plan.refused]
    groups: dict[tuple[float, float], list[Any]] = {}
    for comp in plan.made:
        size = vendor.made_size(comp.spec.size_mm)
        made = comp if size == comp.spec.size_mm else replace(comp, spec=_MadeAt(comp.spec, size))
        groups.setdefault(size, []).append(made)
    files: dict[Path, bytes] = {}
    copies: list[str] = []
    for comp in plan.parted:
        size, _ = board_parts(comp.spec.size_mm, vendor.largest)
        label, parts = size_label(size), _parted(comp, opts, vendor.largest)
        for (stem, _), image in zip(parts, render_pages(face_pdf(game, looks, style, opts, [p for _, p in parts],
                                                                   game.name), SHOP_DPI)):
            files[folder / label / comp.id / f"{stem}.png"] = png_bytes(image, SHOP_DPI)
        copies += [f"{label}/{comp.id}/{stem.removesuffix('-front')}: {comp.spec.copies * face.record.copies}"
                   for stem, (face, _) in parts if face.side == "front"]
    for size, comps in groups.items():
        label = size_label(size)
        if vendor.output == "pdf":
            title = f"{game.name}: {label} pieces for {vendor.name}"
            pdf = face_pdf(game, looks, style, opts, shop_faces(comps, opts), title)
            if vendor.pdfx:
                from .pdfx import pdfx1a  # pikepdf and the ICC profile: only for the shop that asks

                pdf = pdfx1a(pdf, title)
            files[folder / f"{label}.pdf"] = pdf
            continue
        faces = [f for f in shop_faces(comps, opts, copies=False) if f is not None]
        for face, png in zip(faces, png_images(game, looks, style, opts, faces, SHOP_DPI)):
            files[folder / label / face.component.id / f"{face.record.id}-{face.side}.png"] = png
        copies += [f"{label}/{c.id}/{r.id}: {c.spec.copies * r.copies}" for c in comps for r in c.records]
    if copies:
        files[folder / "copies.txt"] = ("\n".join(copies) + "\n").encode()
    if refused:
        files[folder / "cannot-make.txt"] = (f"{vendor.name} cannot make these pieces of {game.name}; "
                                             "print them from the home kit:\n"
                                             + "".join(f"- {line}\n" for line in refused)).encode()
    return files, refused
