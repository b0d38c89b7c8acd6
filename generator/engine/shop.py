"""Print-shop output: one face per page with bleed, TrimBox and BleedBox set.

Page order is back, front, back, front ... for every printed copy (what
DriveThruCards asks); a face without a back gets a blank back so the pairs stay
in step.  Maps, standees and die nets are left to the home kit and the poster.
The same one-face pages are what `generator png` and `generator tts` rasterise.
"""
from __future__ import annotations

from typing import Any, Iterable

from .box import MM, Style
from .faces import FaceForms
from .render import new_pdf, place
from .sheet import FaceRef, Item, Options

SHOP_KINDS = ("card", "token", "board")


def shop_faces(game: Any, opts: Options, *, copies: bool = True) -> list[FaceRef | None]:
    """Back, front, back, front...: None stands for a blank back."""
    faces: list[FaceRef | None] = []
    for comp in game.components:
        if comp.spec.kind not in SHOP_KINDS:
            continue
        for record in comp.records:
            count = comp.spec.copies * record.copies if copies else 1
            back = FaceRef(comp, record, "back") if comp.spec.back and opts.backs else None
            faces += [back, FaceRef(comp, record, "front")] * count
    return faces


def face_pdf(game: Any, looks: Any, style: Style, opts: Options, faces: Iterable[FaceRef | None],
             title: str) -> bytes:
    """One face per page, the page being the face's bleed box; None gives a blank page of the next face's size."""
    faces = list(faces)
    forms = FaceForms(looks, style, opts.bleed)
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
    return new_pdf(game, looks, title, draw, style)


def shop_pdf(game: Any, looks: Any, style: Style, opts: Options) -> bytes:
    return face_pdf(game, looks, style, opts, shop_faces(game, opts), f"{game.name}: print-shop cards")
