"""Print-shop output (`--shop VENDOR`): one file per piece size, as the vendor asks.

A vendor gets, in `GAME-shop-VENDOR/`, per trim size `WxHmm`:
- a PDF preset (DriveThruCards, generic): `WxHmm.pdf`, one face per page with bleed,
  TrimBox and BleedBox set, in the order back, front, back, front ... for every printed
  copy (what DriveThruCards asks); a face without a back gets a blank back so the
  pairs stay in step.  One size per file: shops print one product per file.
- a PNG preset (The Game Crafter, MakePlayingCards): `WxHmm/COMPONENT/ID-front.png`
  (and `-back.png`) at 300 dpi with bleed, each face once, and `copies.txt` saying how
  many of each to order.
Pieces the vendor cannot make (kind, or size out of its range) are listed in
`cannot-make.txt` and in the build's summary, never dropped silently.
The same one-face pages are what `generator png` and `generator tts` rasterise.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable

from .box import MM, Style
from .facecache import FaceCache
from .faces import FaceForms
from .render import new_pdf, place
from .sheet import FaceRef, Item, Options
from .stamp import FaceStamps
from .vendors import VENDORS

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


def face_pdf(game: Any, looks: Any, style: Style, opts: Options, faces: Iterable[FaceRef | None],
             title: str, cache: FaceCache | None = None) -> bytes:
    """One face per page, the page being the face's bleed box; None gives a blank page of the next face's size.
    With `cache`, the faces are replayed from it or kept there (`generator watch`'s previews)."""
    faces = list(faces)
    forms = FaceForms(looks, style, opts.bleed, cache=cache, stamps=FaceStamps(game, looks) if opts.stamp else None)
    bleed = opts.bleed * MM

    def draw(c) -> None:
        for i, face in enumerate(faces):
            shape = face or next(f for f in faces[i:] if f is not None)
            box = forms.box(shape)
            w, h = box.w + 2 * bleed, box.h + 2 * bleed
            c.setPageSize((w, h))
            c.setTrimBox((bleed, bleed, bleed + box.w, bleed + box.h))
            c.setBleedBox((0, 0, w, h))
            if face is not None:
                place(c, Item(face, 1, bleed, bleed, box.w, box.h, (0, 0, w, h)), forms.form(c, face))
            c.showPage()
    return new_pdf(game, looks, title, draw, style, forms.keep_form if cache else None).read()


def size_label(size_mm: tuple[float, float]) -> str:
    return f"{size_mm[0]:g}x{size_mm[1]:g}mm"


def shop_files(game: Any, looks: Any, style: Style, opts: Options, folder: Path,
               vendor_id: str) -> tuple[dict[Path, bytes], list[str]]:
    """({path: bytes} of the vendor's files in `folder`, the lines of what it cannot make)."""
    from .raster import png_images   # raster renders these pages: imported here, not in a cycle

    vendor = VENDORS[vendor_id]
    opts = replace(opts, bleed=opts.bleed if vendor.bleed is None else vendor.bleed, stamp=opts.stamp and vendor.stamp)
    groups: dict[tuple[float, float], list[Any]] = {}
    refused: list[str] = []
    for comp in game.components:
        why = vendor.refuses(comp.spec.kind, comp.spec.size_mm)
        if why is None:
            groups.setdefault(comp.spec.size_mm, []).append(comp)
        else:
            refused.append(f"{comp.spec.name} ({comp.spec.kind}, {comp.spec.size}): {why}")
    files: dict[Path, bytes] = {}
    copies: list[str] = []
    for size, comps in groups.items():
        label = size_label(size)
        if vendor.output == "pdf":
            files[folder / f"{label}.pdf"] = face_pdf(game, looks, style, opts, shop_faces(comps, opts),
                                                      f"{game.name}: {label} pieces for {vendor.name}")
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
