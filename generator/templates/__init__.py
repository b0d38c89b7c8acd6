"""Per-game templates: how each record looks. The engine decides where it goes.

Contract (one module per rules family, `generator.templates.<family>`, e.g.
`el_dorado_canyon` for rules "el-dorado-canyon"):

- `FRONTS: dict[str, DrawFn]` keyed by record schema name (e.g. "town"),
- `BACKS: dict[str, DrawFn]` keyed by the component's `back` name,

where `DrawFn(c, record, component, box, style) -> None` draws one face.  The
engine has already translated the canvas so that (0, 0) is the bottom-left corner
of the trim box; `box.w`, `box.h` are the trim size and `box.bleed` the bleed, all
in points: backgrounds fill (-bleed, -bleed, w + 2 bleed, h + 2 bleed), text and
icons stay inside the safe zone.  `style.ink_saver` asks for light backgrounds.
A map component's front draws the whole map; the engine tiles it.
"""
