"""Per-game templates: how each record looks. The engine decides where it goes.

Contract (one module per rules family, named by the family's `looks` in the registry,
`cards.families`, e.g. `generator.templates.el_dorado_canyon` for "el-dorado-canyon"):

- `FRONTS: dict[str, DrawFn]` keyed by record schema name (e.g. "town"),
- `BACKS: dict[str, DrawFn]` keyed by the component's `back` name,
- optionally `ROOMS: dict[str, fn(box) -> list[Rect]]` keyed by schema: the parts of a face's
  trim box it leaves blank outside its cut line (a net's cut-away corners), where round tokens
  may be printed (`generator.engine.rooms`),
- optionally `NOTES: dict[str, fn(game) -> str]` keyed by schema: a note printed beside the
  component's pieces on the sheet (what fits where),
- optionally `STAMPS: dict[str, Spot]` keyed by schema and `BACK_STAMPS` keyed by back name: where
  and how large the version stamp goes in the face's safe zone (`generator.engine.stamp.Spot`, or a
  function of the record giving one; default: its bottom-right corner at 6 pt; None: no stamp),

where `DrawFn(c, record, component, box, style) -> None` draws one face:

- `c` is a ReportLab canvas whose origin is the bottom-left corner of the trim box;
- `record` is the loaded record (a back gets it too: camp boards have a
  record-specific other side; a back that ignores it is stored once in the PDF);
- `component` is the `cards.models.base.Component` (id, name, kind, size, back, shape);
- `box` is `generator.engine.box.Box`: `w`, `h` trim and `bleed` in points,
  `bleed_rect` for backgrounds, `safe_rect` (3 mm inside the trim) for text and
  icons, `face` (1-6) when a die net asks for one face;
- `style` is `generator.engine.box.Style`: `ink_saver` (light backgrounds,
  outline art), with helpers `style.background(rgb)` and `style.art(rgb)`.

Draw text with `generator.engine.text.draw_text` (rich text, shrink-to-fit to
6 pt, errors naming the field) and icons with `generator.engine.icons.draw_icon`;
register a game's icons with `register_icon(name, draw_fn)` at import (a
`draw_fn(c, x, y, size, style)` with a `style` parameter is given the print style,
so its ink-saver form can be light and outlined; `ink_saving(draw_fn)` does that for
an icon drawn in fixed colours).  Both check the safe zone.  A map component's front draws the whole map into its box; the
engine tiles it over pages or prints it on a poster.  A schema or back the module
lacks (or a missing module) falls back to the generic looks of `common`.

Faces are drawn into PDF form objects; fill/stroke alpha, blend modes, gradients
and spot colours work in them.  A template that makes form objects of its own
(a symbol drawn once, placed often) defines them with
`generator.engine.recording.form_once(c, key, bbox, draw)`: it ends them with
`generator.engine.pdfforms.end_form(c)` (ReportLab's `endForm` keeps only fonts and
nested forms, losing those resources) and lets the face be replayed in other PDFs and
later builds; a face that defines forms by hand is drawn afresh every time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from cards.boards import cells_layout
from generator.engine.stamp import Spot

from . import boards, common, layouts

DEFAULT_STAMP = Spot()

DrawFn = Callable[..., None]  # (c, record, component, box, style) -> None


@dataclass(frozen=True)
class Looks:
    """The templates of one rules family, with the generic looks as fallback; with a game folder's
    design (cards.design: layouts, art, fonts, icons), the faces its layouts describe."""

    module: ModuleType | None
    design: Any = None  # cards.design.Design
    boards: dict[str, Any] = field(default_factory=dict)  # component id -> its cards.boards.Board
    lang: str | None = None  # the game's language (`Game.lang`): the words a look writes are in it (`Style.lang`)

    @property
    def scope(self) -> str:
        """The icon scope of this family (its module name), see `generator.engine.icons`;
        a folder with icons of its own has a scope of its own under it."""
        base = self.module.__name__ if self.module else "generic"
        if self.design is None or not self.design.icons:
            return base
        return f"{base}#{self.design.icons_digest()}"  # by content: the PDF does not depend on where the folder is

    def front(self, component: Any) -> DrawFn:
        fronts = getattr(self.module, "FRONTS", {})
        base = fronts[component.schema_] if component.schema_ in fronts else common.FRONTS.get(component.kind, common.front)
        if self.design is None:
            return base
        drawn = layouts.front(self.design, base)
        board = self.boards.get(component.id)
        if board is None:
            return drawn
        return boards.front(self.design, drawn, board, self.design.layouts.get(cells_layout(component.id)))

    def rooms(self, component: Any) -> Callable[[Any], list] | None:
        """The blank areas a face of `component` leaves inside its trim, where the imposition may put
        small round pieces (`ROOMS[schema](box) -> [(x, y, w, h)]`, points from the trim's bottom-left)."""
        return getattr(self.module, "ROOMS", {}).get(component.schema_)

    def note(self, component: Any) -> Callable[[Any], str] | None:
        """A note printed beside `component`'s pieces (`NOTES[schema](game) -> str`), e.g. what fits
        a square of the map."""
        return getattr(self.module, "NOTES", {}).get(component.schema_)

    def stamp(self, component: Any, side: str, record: Any = None) -> Spot | None:
        """Where the version stamp goes on `component`'s `side` (`STAMPS`, `BACK_STAMPS`; None: nowhere), or
        where the layout drawing `record`'s face puts it (its `[stamp]`, or `stamp = false`)."""
        layout = self._layout(component, side, record)
        if layout is not None and layout.stamp is not None:
            return None if layout.stamp is False else Spot(**layout.stamp)
        if side == "front":
            spot = getattr(self.module, "STAMPS", {}).get(component.schema_, DEFAULT_STAMP)
        else:
            spot = getattr(self.module, "BACK_STAMPS", {}).get(component.back, DEFAULT_STAMP)
        if callable(spot):   # a function of the record: where its card has room
            return spot(record) if record is not None else DEFAULT_STAMP
        return spot

    def stamp_crosses(self, component: Any, side: str, record: Any, rect: tuple[float, ...], box: Any) -> str | None:
        """The first box of the layout drawing the face that `rect` (the stamp's) crosses, or None."""
        layout = self._layout(component, side, record)
        return None if layout is None else layouts.crossed(layout, rect, box)

    def _layout(self, component: Any, side: str, record: Any) -> Any:
        """The design's layout drawing `record`'s front (or its back, when a layout file of its own draws it)."""
        if self.design is None or record is None:
            return None
        if side == "front":
            return self.design.front_layout(component.id, record)
        layout = self.design.layouts.get(component.id)
        return None if layout is None else layout.back_layout

    def back(self, component: Any) -> DrawFn | None:
        """The back of `component`, or None when it has no back."""
        base = None if component.back is None else getattr(self.module, "BACKS", {}).get(component.back, common.back)
        if self.design is None:
            return base
        return layouts.back(self.design, self.design.layouts.get(component.id), base)


def looks_for(game: Any) -> Looks:
    """The looks of a loaded game (its family's templates and its folder's design), or of a family by name;
    a family without looks gets the generic ones."""
    from cards.families import family

    if isinstance(game, str):
        return Looks(family(game).looks_module())
    looks = Looks(family(game.rules).looks_module(), game.design,
                  {c.id: c.board for c in game.components if getattr(c, "board", None) is not None},
                  getattr(game, "lang", None) or None)
    if game.design is not None:
        layouts.prepare(game.design, looks.scope, looks.module)
    return looks
