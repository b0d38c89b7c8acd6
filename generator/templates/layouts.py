"""Faces drawn from a game folder's layout files (cards.design), and the folder's fonts and icons.

A layout is a background, then (when it extends a built-in look) that look with the regions the
layout moves, then its boxes in order: text through `draw_text` (so the safe-zone, 6 pt, fit and
glyph checks hold for every text box), images through `draw_art`, shapes.  A box's text is its
`text` with each `{field}` replaced by the record's value; a box whose text or image comes out
empty is left out.  An error in a box names the layout file and the box.
"""
from __future__ import annotations

import hashlib
import re
from typing import Any, Callable

from cards.art import ArtInfo
from cards.design import FIELD, FONT_STYLES, Design, Layout
from generator.engine.box import MM, Box, Style
from generator.engine.errors import LayoutError
from generator.engine.fonts import DISPLAY, TEXT, FontFileError, register_family
from generator.engine.icons import register_icon
from generator.engine.images import draw_art, draw_icon_art
from generator.engine.svgfonts import SvgFonts
from generator.engine.text import draw_text

from .regions import Face, designing, rect_of

DrawFn = Callable[..., None]
BUILTIN = {"text": TEXT, "display": DISPLAY}
_REGISTERED: dict[tuple[str, str], str] = {}  # (folder, family) -> registered family name


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
    for spec in design.fonts.values():
        key = (str(design.folder), spec.name)
        digest = hashlib.sha256(b"".join(p.read_bytes() for _, p in sorted(spec.faces.items()))).hexdigest()[:10]
        name = f"{spec.name.replace(' ', '')}-{digest}"
        fallbacks = tuple(family_of(design, f) for f in spec.fallback)
        if _REGISTERED.get(key) != name:
            try:
                register_family(name, spec.faces, fallbacks, label=spec.name, root=design.folder)
            except FontFileError as exc:
                style = next(k for k, v in FONT_STYLES.items() if spec.faces.get(v) == exc.path)
                file, where = spec.where.split(": ")
                raise LayoutError(f"{exc.path.name if exc.path else ''}: {exc}", file=file,
                                  field=f"{where}.{style}") from None
            _REGISTERED[key] = name
    fonts = svg_fonts(design)
    for icon, art in design.icons.items():
        register_icon(icon, _icon_drawing(art, fonts), scope=scope)


def svg_fonts(design: Design) -> SvgFonts:
    """The families the folder declares, as its SVGs' `font-family` may name them, and their registered names
    (`prepare` registered them)."""
    return tuple((name, _REGISTERED[str(design.folder), name]) for name in design.fonts)


def family_of(design: Design, font: str) -> str:
    """The registered family a layout's `font` names."""
    if font in BUILTIN:
        return BUILTIN[font]
    spec = design.fonts[font]
    digest = hashlib.sha256(b"".join(p.read_bytes() for _, p in sorted(spec.faces.items()))).hexdigest()[:10]
    return f"{spec.name.replace(' ', '')}-{digest}"


def _icon_drawing(art: ArtInfo, fonts: SvgFonts) -> DrawFn:
    def draw(c, x: float, y: float, size: float) -> None:
        draw_icon_art(c, art, x, y, size, fonts)
    return draw


def filled(text: str, record: Any) -> str:
    """`text` with each `{field}` replaced by the record's value (a list one item a line);
    empty when it names fields and all of them are empty (a card without power shows no power box)."""
    names = FIELD.findall(text)
    if names and all(getattr(record, n, None) in (None, False, "", []) for n in names):
        return ""
    def value(match: re.Match) -> str:
        found = getattr(record, match.group(1), None)
        if found is None or found is False:
            return ""
        if found is True:
            return "yes"
        if isinstance(found, float):
            return f"{found:g}"
        if isinstance(found, list):
            return "\n".join(f"• {item}" for item in found if isinstance(item, str))
        return str(found)
    return FIELD.sub(value, text)


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
    paint = layout.back

    def draw(c, record, component, box: Box, style: Style) -> None:
        _background(c, paint, design, record, box, style, "back")
    return draw


def _nothing(c, record, component, box, style) -> None:
    """The look under a layout that extends none."""


def draw_layout(c, layout: Layout, design: Design, record: Any, component: Any, box: Box, style: Style,
                base: DrawFn) -> None:
    try:
        if layout.background:
            _background(c, layout.background, design, record, box, style, "background")
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
            _box(c, name, props, design, record, box, style)
        except LayoutError as exc:  # at the box's line, in the layout file that defines it
            file, line = layout.lines.get(f"boxes.{name}", (layout.file, None))
            raise exc.located(card=None, card_name=None, file=file, where=(line, None)) from None


def _background(c, paint: dict[str, Any], design: Design, record: Any, box: Box, style: Style, field: str) -> None:
    """A colour or an image over the whole face, run into the bleed."""
    x, y, w, h = box.bleed_rect
    if "colour" in paint:
        c.setFillColorRGB(*style.background(_rgb(paint["colour"])))
        c.rect(x, y, w, h, fill=1, stroke=0)
    art = _art(paint.get("image"), design, record)
    if art is not None:
        draw_art(c, art, x, y, w, h, fit=paint.get("fit", "cover"), focus=paint.get("focus", (0.5, 0.5)),
                 field=f"{field}.image", fonts=svg_fonts(design))


def _box(c, name: str, props: dict[str, Any], design: Design, record: Any, box: Box, style: Style) -> None:
    x, y, w, h = rect_of(props, box)
    field = f"boxes.{name}"
    if "text" in props:
        text = filled(props["text"], record)
        if not text.strip():
            return
        low, high = props.get("size", (6.0, 10.0))
        shown_fields = ", ".join(FIELD.findall(props["text"]))
        draw_text(c, text, x, y, w, h, field=field + (f" ({shown_fields})" if shown_fields else ""), size=high,
                  min_size=low, font=family_of(design, props.get("font", "text")), align=props.get("align", "left"),
                  valign=props.get("valign", "top"), leading=props.get("leading", 1.2),
                  color=_rgb(props.get("colour", "#261f1a")))
    elif "image" in props:
        art = _art(props["image"], design, record)
        if art is not None:
            draw_art(c, art, x, y, w, h, fit=props.get("fit", "cover"), focus=props.get("focus", (0.5, 0.5)),
                     field=field, fonts=svg_fonts(design))
    elif "shape" in props:
        _shape(c, props, x, y, w, h, style)


def _art(image: Any, design: Design, record: Any) -> ArtInfo | None:
    if isinstance(image, ArtInfo) or image is None:
        return image
    value = getattr(record, image.strip("{}"), None)
    return design.art.get(value) if isinstance(value, str) else None


def _shape(c, props: dict[str, Any], x: float, y: float, w: float, h: float, style: Style) -> None:
    fill, stroke = props.get("fill"), props.get("stroke")
    c.saveState()
    if fill:
        c.setFillColorRGB(*style.background(_rgb(fill)))
    if stroke:
        c.setStrokeColorRGB(*_rgb(stroke))
        c.setLineWidth(props.get("stroke_width", 0.3) * MM)
    flags = {"fill": 1 if fill else 0, "stroke": 1 if stroke else 0}
    if props["shape"] == "ellipse":
        c.ellipse(x, y, x + w, y + h, **flags)
    elif props["shape"] == "rounded":
        c.roundRect(x, y, w, h, min(props.get("radius", 2.0) * MM, w / 2, h / 2), **flags)
    else:
        c.rect(x, y, w, h, **flags)
    c.restoreState()


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
