"""Faces drawn from a game folder's layout files (cards.design), and the folder's fonts and icons.

A layout is a background, then (when it extends a built-in look) that look with the regions the
layout moves, then its boxes in order, each as the card gives it (`cards.design.box_for`: its style, its
`when`, its `{field}` values), turned by its `rotate` and faded by its `opacity`: text through `draw_text`
(so the safe-zone, 6 pt, fit and glyph checks hold for every text box, as `cards.layouttext` checked them
at load), images through `draw_art`, shapes (filled with a colour or a gradient).  A box whose text or
image comes out empty is left out.  An error in a box names the layout file and the box.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from reportlab.lib.colors import Color

from cards.art import ArtInfo
from cards.design import FIELD, BoxValueError, Design, Layout, box_for, filled
from cards.typeset.folderfonts import FolderFontError, SvgFonts, family_of, register_folder_fonts, registered
from cards.typeset.place import rect_of
from generator.engine.box import MM, Box, Style
from generator.engine.errors import LayoutError
from generator.engine.icons import register_icon
from generator.engine.images import draw_art, draw_icon_art
from generator.engine.text import draw_text

from .regions import Face, designing

DrawFn = Callable[..., None]


def prepare(design: Design, scope: str, module: Any) -> None:
    """Check the regions the layouts move against the look's REGIONS; register the folder's fonts
    (embedded as subsets) and icons (in the game's icon scope)."""
    regions = getattr(module, "REGIONS", {})
    for layout in (*design.layouts.values(), *design.named.values()):
        for each in (layout, *layout.cards.values()):
            for name in each.regions:
                if name not in regions:
                    file, line = each.lines.get(f"regions.{name}", (each.file, None))
                    error = LayoutError(f"expected one of the look's regions ({', '.join(regions) or 'none'}), got "
                                        f"{name!r}", file=file, field=f"regions.{name}")
                    error.line = line
                    raise error
    try:
        register_folder_fonts(design)
    except FolderFontError as exc:
        raise LayoutError(exc.message, file=exc.file, field=exc.field) from None
    fonts = svg_fonts(design)
    for icon, art in design.icons.items():
        register_icon(icon, _icon_drawing(art, fonts), scope=scope)


def svg_fonts(design: Design) -> SvgFonts:
    """The families the folder declares, as its SVGs' `font-family` may name them, and their registered names
    (`prepare` registered them)."""
    return registered(design)


def _icon_drawing(art: ArtInfo, fonts: SvgFonts) -> DrawFn:
    def draw(c, x: float, y: float, size: float) -> None:
        draw_icon_art(c, art, x, y, size, fonts)
    return draw


def front(design: Design, base: DrawFn, layout: Layout | None = None) -> DrawFn:
    """A component's front: the layout of each card (`layout`, or the design's for the card), or its look
    with the design's art."""
    def draw(c, record, component, box: Box, style: Style) -> None:
        chosen = layout.for_card(record.id) if layout else design.front_layout(component.id, record)
        if chosen is None:
            with designing(Face(box, design.art, fonts=svg_fonts(design))):
                base(c, record, component, box, style)
            return
        draw_layout(c, chosen, design, record, component, box, style, base)
    return draw


def back(design: Design, layout: Layout | None, base: DrawFn | None) -> DrawFn | None:
    """A component's back: the layout's back (an image, a colour or a layout of its own), or the look's."""
    if layout is None or not (layout.back or layout.back_layout):
        return base  # a look's back names no art: unwrapped, it stays one form per component
    if layout.back_layout is not None:
        return front(design, base or _nothing, layout.back_layout)
    paint, own = layout.back, layout

    def draw(c, record, component, box: Box, style: Style) -> None:
        _background(c, paint, design, own, record, box, style, "back")

    def shared(c, record, component, box: Box, style: Style) -> None:  # never reads the record: one form for all
        _background(c, paint, design, own, None, box, style, "back")
    return draw if any(isinstance(v, str) and FIELD.search(v) for v in paint.values()) else shared


def _nothing(c, record, component, box, style) -> None:
    """The look under a layout that extends none."""


def draw_layout(c, layout: Layout, design: Design, record: Any, component: Any, box: Box, style: Style,
                base: DrawFn) -> None:
    try:
        if layout.background:
            _background(c, layout.background, design, layout, record, box, style, "background")
        if layout.look is not None:
            with designing(Face(box, design.art, layout.regions, svg_fonts(design))):
                base(c, record, component, box, style)
        with designing(Face(box, design.art, fonts=svg_fonts(design))):
            draw_boxes(c, layout, design, record, box, style)
    except LayoutError as exc:
        raise exc.located(card=None, card_name=None, file=layout.file) from None


def draw_boxes(c, layout: Layout, design: Design, record: Any, box: Box, style: Style) -> None:
    """A layout's boxes in order, in `box` (a face, or one cell of a board: `generator.templates.boards`)."""
    for name, props in layout.boxes.items():
        try:
            _box(c, name, props, design, layout, record, box, style)
        except LayoutError as exc:  # at the box's line, in the layout file that defines it
            file, line = layout.lines.get(f"boxes.{name}", (layout.file, None))
            raise exc.located(card=None, card_name=None, file=file, where=(line, None)) from None


def _background(c, paint: dict[str, Any], design: Design, layout: Layout, record: Any, box: Box, style: Style,
                field: str) -> None:
    """A colour or an image over the whole face, run into the bleed."""
    paint = _for_card(design, layout, paint, record, field) or {}
    x, y, w, h = box.bleed_rect
    if "colour" in paint:
        c.setFillColorRGB(*style.background(_rgb(paint["colour"])))
        c.rect(x, y, w, h, fill=1, stroke=0)
    art = _art(paint.get("image"), design, record)
    if art is not None:
        draw_art(c, art, x, y, w, h, fit=paint.get("fit", "cover"), focus=paint.get("focus", (0.5, 0.5)),
                 field=f"{field}.image", fonts=svg_fonts(design))


def _for_card(design: Design, layout: Layout, props: dict[str, Any], record: Any, field: str) -> dict[str, Any] | None:
    """The box as this card draws it (`cards.design.box_for`: style, `when`, values from fields)."""
    try:
        return box_for(design, layout, props, record)
    except BoxValueError as exc:
        raise LayoutError(exc.message, field=f"{field}.{exc.key}") from None


def _box(c, name: str, props: dict[str, Any], design: Design, layout: Layout, record: Any, box: Box,
         style: Style) -> None:
    field = f"boxes.{name}"
    chosen = _for_card(design, layout, props, record, field)
    if chosen is None:
        return
    props = chosen
    x, y, w, h = rect_of(props, box)
    c.saveState()
    if props.get("rotate"):   # clockwise, as the layout's y runs down, about the box's centre
        c.translate(x + w / 2, y + h / 2)
        c.rotate(-props["rotate"])
        c.translate(-x - w / 2, -y - h / 2)
    if "opacity" in props:
        c.setFillAlpha(props["opacity"])
        c.setStrokeAlpha(props["opacity"])
    if "text" in props:
        text = filled(props["text"], record)
        if text.strip():
            low, high = props.get("size", (6.0, 10.0))
            shown_fields = ", ".join(FIELD.findall(props["text"]))
            draw_text(c, text, x, y, w, h, field=field + (f" ({shown_fields})" if shown_fields else ""), size=high,
                      min_size=low, font=family_of(design, props.get("font", "text")),
                      align=props.get("align", "left"), valign=props.get("valign", "top"),
                      leading=props.get("leading", 1.2), color=_rgb(props.get("colour", "#261f1a")))
    elif "image" in props:
        art = _art(props["image"], design, record)
        if art is not None:
            draw_art(c, art, x, y, w, h, fit=props.get("fit", "cover"), focus=props.get("focus", (0.5, 0.5)),
                     field=field, fonts=svg_fonts(design))
    elif "shape" in props:
        _shape(c, props, x, y, w, h, style)
    c.restoreState()


def _art(image: Any, design: Design, record: Any) -> ArtInfo | None:
    if isinstance(image, ArtInfo) or image is None:
        return image
    value = getattr(record, image.strip("{}"), None)
    return design.art.get(value) if isinstance(value, str) else None


def _shape(c, props: dict[str, Any], x: float, y: float, w: float, h: float, style: Style) -> None:
    """A shape filled with a colour or a gradient, and stroked."""
    fill, stroke, gradient = props.get("fill"), props.get("stroke"), props.get("gradient")
    if stroke:
        c.setStrokeColorRGB(*_rgb(stroke))
        c.setLineWidth(props.get("stroke_width", 0.3) * MM)
    path = shape_path(c.beginPath(), props, x, y, w, h)
    if gradient and props["shape"] != "line":
        c.saveState()
        c.clipPath(path, stroke=0, fill=0)
        colours = [Color(*style.background(_rgb(v))) for v in gradient["colours"]]
        if gradient["kind"] == "radial":
            c.radialGradient(x + w / 2, y + h / 2, math.hypot(w, h) / 2, colours, extend=True)
        else:   # the angle as the layout's y runs down: 90 from top to bottom
            a = math.radians(gradient["angle"])
            dx, dy = math.cos(a), -math.sin(a)
            half = (abs(dx) * w + abs(dy) * h) / 2
            cx, cy = x + w / 2, y + h / 2
            c.linearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half, colours, extend=True)
        c.restoreState()
        fill = None
    if fill:
        c.setFillColorRGB(*style.background(_rgb(fill)))
    if fill or stroke:
        c.drawPath(path, fill=1 if fill and props["shape"] != "line" else 0, stroke=1 if stroke else 0)


def shape_path(path: Any, props: dict[str, Any], x: float, y: float, w: float, h: float) -> Any:
    """The outline of a box's shape in the rectangle (x, y, w, h), added to a ReportLab path."""
    kind = props["shape"]
    if kind == "ellipse":
        path.ellipse(x, y, w, h)
    elif kind == "rounded":
        path.roundRect(x, y, w, h, min(props.get("radius", 2.0) * MM, w / 2, h / 2))
    elif kind == "line":
        path.moveTo(x, y + h / 2)
        path.lineTo(x + w, y + h / 2)
    elif kind == "rect":
        path.rect(x, y, w, h)
    else:
        if kind == "polygon":
            points = [(x + _length(px, w), y + h - _length(py, h)) for px, py in props["points"]]
        else:   # a regular polygon or a star inscribed in the box's ellipse, its first corner at the top
            corners = props.get("sides", 6) if kind == "regular" else 2 * props.get("points", 5)
            radii = (1.0,) if kind == "regular" else (1.0, props.get("inner", 0.5))
            points = [(x + w / 2 * (1 + radii[i % len(radii)] * math.sin(2 * math.pi * i / corners)),
                       y + h / 2 * (1 + radii[i % len(radii)] * math.cos(2 * math.pi * i / corners)))
                      for i in range(corners)]
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
    return path


def _length(value: Any, whole: float) -> float:
    """A point's coordinate: mm, or "N%" of the box's side."""
    return float(value[:-1]) / 100 * whole if isinstance(value, str) else float(value) * MM


def _rgb(colour: str) -> tuple[float, float, float]:
    return int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255


def crossed(layout: Layout, rect: tuple[float, ...], box: Box) -> str | None:
    """The name of the first of `layout`'s boxes that `rect` (x, y, w, h in points) overlaps, or None."""
    x, y, w, h = rect
    for name, props in layout.boxes.items():
        bx, by, bw, bh = rect_of(props, box)
        if x < bx + bw and bx < x + w and y < by + bh and by < y + h:
            return name
    return None
