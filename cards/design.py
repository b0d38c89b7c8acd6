"""A game folder's own look, as data: fonts, icons and layout files (checked here, drawn by the generator).

game.toml may declare

    [fonts.Title]                       # a family a layout names by `font = "Title"`
    regular = "fonts/Title.ttf"         # TrueType outlines (.ttf, or .otf with TrueType outlines)
    bold = "fonts/Title-Bold.ttf"       # optional: bold, italic, bold_italic
    licence = "fonts/OFL.txt"           # required: the font travels with its licence
    fallback = ["text"]                 # families printing what it lacks

    [icons]
    paw = "icons/paw.svg"               # `:paw:` in any text; SVG or PNG

and a component may name a layout file (`layout = "layouts/card.toml"`, see docs/designer-guide.md), a record
one of layouts/ by name (`layout = "big-text"`: layouts/big-text.toml, for its front).
Every file named here is confined to the game's folder (`cards.art`, `common.files`); a layout's
problems are reported with its file, line and box.  Standard library only, plus `cards.art`.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .art import MAX_ART_BYTES, ArtError, ArtInfo, art_path, inspect_art
from .errors import DefinitionError, Problem
from common.files import is_file, read_bytes
from .tomlsource import LineIndex, read_toml

BUILTIN_FONTS = ("text", "display")          # the kit's own families (DejaVu Sans Condensed, Old Standard)
FONT_STYLES = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bold_italic": (True, True)}
FONT_KEYS = (*FONT_STYLES, "licence", "fallback")
ICON_NAME = re.compile(r"^[a-z][a-z0-9\-]*$")
FIELD = re.compile(r"\{([a-z][a-z0-9_]*)\}")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
LENGTH = re.compile(r"^-?\d+(\.\d+)?%$")
REFERENCES = ("trim", "safe", "bleed")
SHAPES = ("rect", "rounded", "ellipse")
FITS = ("cover", "contain")
CHOICES = {"in": REFERENCES, "align": ("left", "center", "right"), "valign": ("top", "middle", "bottom"),
           "fit": FITS, "shape": SHAPES}
PLACE = ("x", "y", "w", "h", "in")
TEXT_KEYS = ("text", "font", "size", "colour", "align", "valign", "leading")
IMAGE_KEYS = ("image", "fit", "focus")
SHAPE_KEYS = ("shape", "fill", "stroke", "stroke_width", "radius")
BOX_KEYS = PLACE + TEXT_KEYS + IMAGE_KEYS + SHAPE_KEYS
LAYOUT_KEYS = ("extends", "background", "back", "boxes", "regions", "cards", "stamp")
STAMP_CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right", "bottom")   # generator.engine.stamp.Spot
STAMP_SIZES = (3.2, 12.0)
MAX_DEPTH = 8  # layouts extending layouts
LAYOUTS = "layouts"  # the folder whose layouts a record names by name
LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,59}")


@dataclass(frozen=True)
class FontSpec:
    """A folder font family: its files by (bold, italic), its licence and fallback families."""

    name: str
    faces: dict[tuple[bool, bool], Path]
    licence: Path
    fallback: tuple[str, ...]
    where: str  # "game.toml: fonts.Title" for errors raised while embedding


@dataclass
class Layout:
    """A resolved layout: `extends` already merged in, box properties checked.

    `look` is a built-in family whose template draws first (the layout then moves its `regions`
    and draws its boxes over it); `boxes` are drawn in order; `cards` maps a record id to the
    layout it uses instead (its overrides merged in).
    """

    file: str
    look: str | None = None
    background: dict[str, Any] = field(default_factory=dict)
    back: dict[str, Any] = field(default_factory=dict)
    boxes: dict[str, dict[str, Any]] = field(default_factory=dict)
    regions: dict[str, dict[str, Any]] = field(default_factory=dict)
    cards: dict[str, "Layout"] = field(default_factory=dict)
    back_layout: "Layout | None" = None
    overrides: dict[str, "CardOverride"] = field(default_factory=dict)  # [cards.ID], kept for layouts extending it
    lines: dict[str, tuple[str, int | None]] = field(default_factory=dict)  # "boxes.NAME" -> its file and line
    stamp: dict[str, Any] | bool | None = None  # [stamp] (corner, inset, size), False: none, None: the look's

    def for_card(self, card: str) -> "Layout":
        return self.cards.get(card, self)


@dataclass(frozen=True)
class CardOverride:
    """A checked [cards.ID] table: the layout it uses instead, its background, its box properties.  Kept apart
    from the layout it changes, so that a layout extending this one applies it to its own boxes too."""

    layout: Layout | None = None
    background: dict[str, Any] | None = None
    boxes: dict[str, dict[str, Any]] = field(default_factory=dict)
    lines: dict[str, tuple[str, int | None]] = field(default_factory=dict)  # "boxes.NAME" -> where this changes it

    def over(self, older: "CardOverride | None") -> "CardOverride":
        """This override written over the one a layout it extends has for the same card."""
        if older is None:
            return self
        boxes = {**older.boxes, **{k: {**older.boxes.get(k, {}), **v} for k, v in self.boxes.items()}}
        return CardOverride(self.layout or older.layout,
                            self.background if self.background is not None else older.background, boxes,
                            {**older.lines, **self.lines})

    def applied(self, layout: Layout) -> Layout:
        result = _merged(self.layout or layout, layout.file)
        result.cards, result.overrides = {}, {}
        if self.background is not None:
            result.background = self.background
        for box, props in self.boxes.items():
            result.boxes[box] = {**result.boxes.get(box, {}), **props}
        result.lines.update(self.lines)
        return result


@dataclass
class Design:
    """Everything of a game folder's own look: fonts, icons, a layout per component id, every art file."""

    folder: Path
    fonts: dict[str, FontSpec] = field(default_factory=dict)
    icons: dict[str, ArtInfo] = field(default_factory=dict)
    layouts: dict[str, Layout] = field(default_factory=dict)
    named: dict[tuple[str, str], Layout] = field(default_factory=dict)  # (component id, name) -> a record's own layout
    art: dict[str, ArtInfo] = field(default_factory=dict)  # a record's image value -> the checked file
    files: list[Path] = field(default_factory=list)  # every file the design names: part of what decides a build

    def front_layout(self, component: str, record: Any) -> Layout | None:
        """The layout a record's front uses: the one it names, else its component's; with its own [cards.ID]."""
        name = getattr(record, "layout", None)
        chosen = self.named.get((component, name)) if name else self.layouts.get(component)
        return chosen.for_card(record.id) if chosen else None

    def icons_digest(self) -> str:
        """A short digest of the folder's icons (names and file contents)."""
        digest = hashlib.sha256()
        for name, art in sorted(self.icons.items()):
            digest.update(name.encode() + b"\0" + read_bytes(art.path, inside=self.folder, limit=MAX_ART_BYTES) + b"\0")
        return digest.hexdigest()[:12]


class _Checker:
    """Collects problems while reading one game's design."""

    def __init__(self, folder: Path, shown: str, rules: str, builtin_looks: set[str]) -> None:
        self.folder, self.shown, self.rules, self.builtin_looks = folder, shown, rules, builtin_looks
        self.problems: list[Problem] = []
        self.files: list[Path] = []
        self.fonts: set[str] = set(BUILTIN_FONTS)

    def art(self, name: Any, file: str, line: int | None, path: str, card: str | None = None) -> ArtInfo | None:
        if not isinstance(name, str):
            self.problems.append(Problem(file, f"expected a file name (text), got {name!r}", line=line, path=path,
                                         card=card))
            return None
        try:
            info = inspect_art(self.folder, name)
        except ArtError as exc:
            self.problems.append(Problem(file, str(exc), line=line, path=path, card=card))
            return None
        self.files.append(info.path)
        return info

    def file(self, name: Any, file: str, line: int | None, path: str) -> Path | None:
        if not isinstance(name, str):
            self.problems.append(Problem(file, f"expected a file name (text), got {name!r}", line=line, path=path))
            return None
        try:
            found = art_path(self.folder, name)
        except ArtError as exc:
            self.problems.append(Problem(file, str(exc), line=line, path=path))
            return None
        if not is_file(found):
            self.problems.append(Problem(file, f"expected a regular file, got {name!r}", line=line, path=path))
            return None
        self.files.append(found)
        return found


def layout_names(folder: Path) -> list[str]:
    """The layouts a record may name: the .toml files of the game's layouts/ folder, without .toml."""
    try:
        return sorted(p.stem for p in (folder / LAYOUTS).glob("*.toml") if LAYOUT_NAME.fullmatch(p.stem) and is_file(p))
    except OSError:
        return []


def load_design(folder: Path, shown: str, data: dict[str, Any], index: LineIndex, rules: str,
                components: list[tuple[str, str | None, set[str], set[str]]],
                builtin_looks: set[str]) -> tuple[list[Problem], Design]:
    """Check game.toml's [fonts] and [icons] and each component's layout files.

    `components` are (component id, its layout file or None, the field names of its records, the layouts
    its records name); `builtin_looks` the families a layout may extend (`extends = "el-dorado-canyon"`).
    """
    check = _Checker(folder, shown, rules, builtin_looks)
    game_file = f"{shown}/game.toml"
    design = Design(folder)
    design.fonts = _fonts(check, data.get("fonts"), game_file, index)
    check.fonts |= set(design.fonts)
    design.icons = _icons(check, data.get("icons"), game_file, index)
    for component, layout_file, fields, named in components:
        if layout_file is not None:
            found = _layout(check, layout_file, fields, ())
            if found is not None:
                design.layouts[component] = found
        for name in sorted(named):  # checked against this component's fields
            found = _layout(check, f"{LAYOUTS}/{name}.toml", fields, ())
            if found is not None:
                design.named[(component, name)] = found
    design.files = sorted(set(check.files))
    return check.problems, design


def record_images(record: Any) -> list[tuple[str, str]]:
    """(field, file) of every image a record names: a declared image field, or a built-in record's `image`."""
    specs = getattr(type(record), "FIELDS", None)
    names = [s.name for s in specs if s.type == "image"] if specs is not None else ["image"]
    return [(n, getattr(record, n)) for n in names if isinstance(getattr(record, n, None), str)]


def check_record_art(design: Design, file: str, records: list[Any]) -> list[Problem]:
    """Check every image the records name (once per file); the design keeps each for drawing."""
    problems: list[Problem] = []
    for record in records:
        for name, value in record_images(record):
            if value in design.art:
                continue
            try:
                design.art[value] = info = inspect_art(design.folder, value)
            except ArtError as exc:
                problems.append(Problem(file, str(exc), card=record.id, card_name=record.name, path=name))
                continue
            design.files = sorted({*design.files, info.path})
    return problems


def _fonts(check: _Checker, declared: Any, game_file: str, index: LineIndex) -> dict[str, FontSpec]:
    if declared is None:
        return {}
    if not isinstance(declared, dict):
        check.problems.append(Problem(game_file, "expected [fonts.NAME] tables", line=index.line_of(("fonts",)),
                                      path="fonts"))
        return {}
    fonts: dict[str, FontSpec] = {}
    for name, table in declared.items():
        where, line = f"fonts.{name}", index.line_of(("fonts", name))
        check.fonts.add(name)  # a layout naming a broken declaration is not a second error
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9 _\-]{0,40}", name) or name.lower() in BUILTIN_FONTS:
            check.problems.append(Problem(game_file, "expected a family name of letters, digits, spaces, _ and - "
                                          f"other than {', '.join(BUILTIN_FONTS)}, got {name!r}", line=line, path=where))
            continue
        if not isinstance(table, dict):
            check.problems.append(Problem(game_file, "expected a table with regular and licence", line=line, path=where))
            continue
        unknown = [k for k in table if k not in FONT_KEYS]
        if unknown:
            check.problems.append(Problem(game_file, f"unknown key {unknown[0]!r}: expected one of {', '.join(FONT_KEYS)}",
                                          line=index.line_of(("fonts", name, unknown[0])) or line, path=where))
            continue
        if "regular" not in table or "licence" not in table:
            missing = "regular" if "regular" not in table else "licence"
            why = "the font file" if missing == "regular" else "the font's licence file (e.g. fonts/OFL.txt): a font travels with its licence"
            check.problems.append(Problem(game_file, f"missing {missing}: expected {why}", line=line, path=where))
            continue
        faces: dict[tuple[bool, bool], Path] = {}
        for key, style in FONT_STYLES.items():
            if key in table:
                name_of = table[key]
                if isinstance(name_of, str) and not name_of.lower().endswith((".ttf", ".otf")):
                    check.problems.append(Problem(game_file, f"expected a .ttf or .otf file, got {name_of!r}",
                                                  line=index.line_of(("fonts", name, key)) or line, path=f"{where}.{key}"))
                    continue
                path = check.file(name_of, game_file, index.line_of(("fonts", name, key)) or line, f"{where}.{key}")
                if path is not None:
                    faces[style] = path
        licence = check.file(table["licence"], game_file, index.line_of(("fonts", name, "licence")) or line,
                             f"{where}.licence")
        fallback = table.get("fallback", [])
        if not isinstance(fallback, list) or not all(isinstance(f, str) for f in fallback):
            check.problems.append(Problem(game_file, f"fallback: expected a list of family names, got {fallback!r}",
                                          line=line, path=f"{where}.fallback"))
            continue
        if (False, False) in faces and licence is not None:
            fonts[name] = FontSpec(name, faces, licence, tuple(fallback), f"{game_file}: {where}")
    for spec in fonts.values():
        for other in spec.fallback:
            if other not in fonts and other not in BUILTIN_FONTS:
                check.problems.append(Problem(game_file, f"fallback: expected one of {', '.join([*BUILTIN_FONTS, *fonts])}, "
                                              f"got {other!r}", line=index.line_of(("fonts", spec.name)),
                                              path=f"fonts.{spec.name}.fallback"))
    return fonts


def _icons(check: _Checker, declared: Any, game_file: str, index: LineIndex) -> dict[str, ArtInfo]:
    if declared is None:
        return {}
    if not isinstance(declared, dict):
        check.problems.append(Problem(game_file, 'expected an [icons] table of name = "file.svg"',
                                      line=index.line_of(("icons",)), path="icons"))
        return {}
    icons: dict[str, ArtInfo] = {}
    for name, file in declared.items():
        line = index.line_of(("icons", name))
        if not ICON_NAME.match(name):
            check.problems.append(Problem(game_file, f"expected an icon name of a-z, 0-9 and - (used as :name:), got {name!r}",
                                          line=line, path=f"icons.{name}"))
            continue
        if isinstance(file, str) and not file.lower().endswith((".svg", ".png")):
            check.problems.append(Problem(game_file, f"expected an SVG or PNG file, got {file!r}", line=line,
                                          path=f"icons.{name}"))
            continue
        info = check.art(file, game_file, line, f"icons.{name}")
        if info is not None:
            icons[name] = info
    return icons


def _layout(check: _Checker, name: str, fields: set[str], seen: tuple[str, ...]) -> Layout | None:
    """Read one layout file, merged over the layout it extends."""
    shown = f"{check.shown}/{name}"
    if name in seen or len(seen) > MAX_DEPTH:
        check.problems.append(Problem(shown, f"extends: a loop of layouts ({' -> '.join([*seen, name])})"))
        return None
    if not name.endswith(".toml"):
        check.problems.append(Problem(shown, f"expected a layout file ending in .toml, got {name!r}"))
        return None
    try:
        art_path(check.folder, name)
        data, text = read_toml(check.folder / name, shown, inside=check.folder)
    except ArtError as exc:
        check.problems.append(Problem(shown, str(exc)))
        return None
    except DefinitionError as exc:
        check.problems += exc.problems
        return None
    check.files.append((check.folder / name).resolve())
    index = LineIndex(text)
    before = len(check.problems)
    for key in data:
        if key not in LAYOUT_KEYS:
            check.problems.append(Problem(shown, f"unknown key: expected one of {', '.join(LAYOUT_KEYS)}",
                                          line=index.line_of((key,)), path=key))
    layout = Layout(shown)
    extends = data.get("extends")
    if extends is not None:
        if extends in check.builtin_looks:
            if extends != check.rules:
                check.problems.append(Problem(shown, f"expected the look of this game's own family ({check.rules!r}), "
                                              f"got {extends!r}", line=index.line_of(("extends",)), path="extends"))
            layout.look = extends
        elif isinstance(extends, str) and extends.endswith(".toml"):
            parent = _layout(check, extends, fields, (*seen, name))
            if parent is None:
                return None  # its problems are reported; this layout's would only repeat them
            layout = _merged(parent, shown)
        else:
            check.problems.append(Problem(shown, "expected a layout file (e.g. \"base.toml\") or a built-in look "
                                          f"({', '.join(sorted(check.builtin_looks))}), got {extends!r}",
                                          line=index.line_of(("extends",)), path="extends"))
    background = data.get("background")
    if background is not None:
        layout.background = _paint_table(check, background, shown, index, ("background",), fields)
    back = data.get("back")
    if back is not None:
        layout.back = _back(check, back, shown, index, fields, (*seen, name))
        if "layout" in layout.back:
            layout.back_layout = layout.back.pop("layout")
    for table, target in (("boxes", layout.boxes), ("regions", layout.regions)):
        declared = data.get(table, {})
        if not isinstance(declared, dict):
            check.problems.append(Problem(shown, f"expected [{table}.NAME] tables", line=index.line_of((table,)), path=table))
            continue
        for box, props in declared.items():
            checked = _box(check, props, shown, index, (table, box), fields,
                           partial=table == "regions" or box in target)
            target[box] = {**target.get(box, {}), **checked}
            layout.lines[f"{table}.{box}"] = (shown, index.line_of((table, box)))
    if "stamp" in data:
        layout.stamp = _stamp(check, data["stamp"], shown, index)
    if layout.look is None and layout.regions:
        check.problems.append(Problem(shown, "only a layout extending a built-in look has regions "
                                      f"(extends = {sorted(check.builtin_looks)[0]!r})",
                                      line=index.line_of(("regions", next(iter(layout.regions)))),
                                      path="regions"))
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        check.problems.append(Problem(shown, "expected [cards.ID] tables", line=index.line_of(("cards",)), path="cards"))
        cards = {}
    for card, override in cards.items():
        found = _card(check, layout, card, override, shown, index, fields, (*seen, name))
        layout.overrides[card] = found.over(layout.overrides.get(card))
    layout.cards = {card: override.applied(layout) for card, override in layout.overrides.items()}
    return layout if len(check.problems) == before else None


def _merged(parent: Layout, file: str) -> Layout:
    return Layout(file, parent.look, dict(parent.background), dict(parent.back),
                  {k: dict(v) for k, v in parent.boxes.items()}, {k: dict(v) for k, v in parent.regions.items()},
                  {}, parent.back_layout, dict(parent.overrides), dict(parent.lines), parent.stamp)


def _stamp(check: _Checker, declared: Any, shown: str, index: LineIndex) -> dict[str, Any] | bool | None:
    """A layout's `stamp`: false (no version stamp), or a table of `corner`, `inset` [along, away] in mm and
    `size` in points (generator.engine.stamp.Spot); a problem and None for anything else."""
    if declared is False:
        return False
    line = index.line_of(("stamp",))
    if not isinstance(declared, dict):
        check.problems.append(Problem(shown, "expected stamp = false or a [stamp] table (corner, inset, size), got "
                                      f"{declared!r}", line=line, path="stamp"))
        return None
    unknown = [k for k in declared if k not in ("corner", "inset", "size")]
    corner, inset, size = declared.get("corner", "bottom-right"), declared.get("inset", [0, 0]), declared.get("size", 4.5)
    numbers = isinstance(inset, list) and len(inset) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 200 for v in inset)
    if unknown or corner not in STAMP_CORNERS or not numbers or isinstance(size, bool) or \
            not isinstance(size, (int, float)) or not STAMP_SIZES[0] <= size <= STAMP_SIZES[1]:
        check.problems.append(Problem(shown, f"expected [stamp] with corner ({', '.join(STAMP_CORNERS)}), inset "
                                      f"[along, away] in mm (0 to 200) and size in points ({STAMP_SIZES[0]:g} to "
                                      f"{STAMP_SIZES[1]:g}), got {declared!r}", line=line, path="stamp"))
        return None
    return {"corner": corner, "inset": (float(inset[0]), float(inset[1])), "size": float(size)}


def _card(check: _Checker, layout: Layout, card: str, override: Any, shown: str, index: LineIndex, fields: set[str],
          seen: tuple[str, ...]) -> CardOverride:
    where = ("cards", card)
    if not isinstance(override, dict):
        check.problems.append(Problem(shown, "expected a table with layout or boxes", line=index.line_of(where),
                                      path=f"cards.{card}"))
        return CardOverride()
    unknown = [k for k in override if k not in ("layout", "boxes", "background")]
    if unknown:
        check.problems.append(Problem(shown, f"unknown key {unknown[0]!r}: expected layout, background or boxes",
                                      line=index.line_of(where + (unknown[0],)) or index.line_of(where),
                                      path=f"cards.{card}.{unknown[0]}"))
        return CardOverride()
    other = None
    if "layout" in override:
        named = override["layout"]
        other = _layout(check, named, fields, seen) if isinstance(named, str) else None
        if not isinstance(named, str):
            check.problems.append(Problem(shown, f"expected a layout file, got {named!r}", line=index.line_of(where),
                                          path=f"cards.{card}.layout"))
    background = None
    if "background" in override:
        background = _paint_table(check, override["background"], shown, index, where + ("background",), fields)
    known = (other or layout).boxes
    boxes: dict[str, dict[str, Any]] = {}
    for box, props in (override.get("boxes", {}).items() if isinstance(override.get("boxes", {}), dict) else ()):
        if box not in known:
            check.problems.append(Problem(shown, f"expected one of the layout's boxes ({', '.join(known)}), "
                                          f"got {box!r}", line=index.line_of(where + ("boxes", box)),
                                          path=f"cards.{card}.boxes.{box}"))
            continue
        boxes[box] = _box(check, props, shown, index, where + ("boxes", box), fields, partial=True)
    return CardOverride(other, background, boxes,
                        {f"boxes.{box}": (shown, index.line_of(where + ("boxes", box))) for box in boxes})


def _back(check: _Checker, back: Any, shown: str, index: LineIndex, fields: set[str], seen: tuple[str, ...]) -> dict[str, Any]:
    where = ("back",)
    if not isinstance(back, dict) or len([k for k in back if k in ("image", "colour", "layout")]) != 1 or \
            any(k not in ("image", "colour", "layout", "fit", "focus") for k in back):
        check.problems.append(Problem(shown, "expected a [back] table with one of image, colour or layout",
                                      line=index.line_of(where), path="back"))
        return {}
    if "layout" in back:
        other = _layout(check, back["layout"], fields, seen) if isinstance(back["layout"], str) else None
        if other is None and not isinstance(back["layout"], str):
            check.problems.append(Problem(shown, f"expected a layout file, got {back['layout']!r}",
                                          line=index.line_of(where), path="back.layout"))
        return {"layout": other} if other is not None else {}
    return _paint_table(check, back, shown, index, where, set())


def _paint_table(check: _Checker, table: Any, shown: str, index: LineIndex, where: tuple, fields: set[str]) -> dict[str, Any]:
    """A background or back: a colour, or a full-bleed image (fit, focus)."""
    path = ".".join(where)
    line = index.line_of(where)
    if isinstance(table, str):
        table = {"colour": table}
    if not isinstance(table, dict):
        check.problems.append(Problem(shown, "expected a colour (\"#rrggbb\") or a table with colour or image",
                                      line=line, path=path))
        return {}
    props = {k: v for k, v in table.items() if k != "layout"}
    return _box(check, props, shown, index, where, fields, allowed=("colour", "image", "fit", "focus"), partial=True)


def _box(check: _Checker, props: Any, shown: str, index: LineIndex, where: tuple, fields: set[str], *,
         allowed: tuple[str, ...] = BOX_KEYS, partial: bool = False) -> dict[str, Any]:
    """One box's properties, each checked; `partial` for an override (no placement or kind required)."""
    path = ".".join(map(str, where))
    line = index.line_of(where)

    def bad(key: str, message: str) -> None:
        check.problems.append(Problem(shown, message, line=index.line_of(where + (key,)) or line, path=f"{path}.{key}"))

    if not isinstance(props, dict):
        check.problems.append(Problem(shown, "expected a table of box properties", line=line, path=path))
        return {}
    out: dict[str, Any] = {}
    for key, value in props.items():
        if key not in allowed:
            bad(key, f"unknown key: expected one of {', '.join(allowed)}")
        elif key in ("x", "y", "w", "h"):
            if isinstance(value, bool) or not (isinstance(value, (int, float)) or (isinstance(value, str) and LENGTH.match(value))):
                bad(key, f"expected a length in mm (e.g. 12.5) or a percentage of the reference (e.g. \"50%\"), got {value!r}")
            elif key in ("w", "h") and (value if not isinstance(value, str) else float(value[:-1])) <= 0:
                bad(key, f"expected a length above 0, got {value!r}")
            else:
                out[key] = value
        elif key in CHOICES:
            if value not in CHOICES[key]:
                bad(key, f"expected one of {', '.join(CHOICES[key])}, got {value!r}")
            else:
                out[key] = value
        elif key in ("colour", "fill", "stroke"):
            if not isinstance(value, str) or not COLOUR.match(value):
                bad(key, f"expected a colour as #rrggbb (e.g. #336699), got {value!r}")
            else:
                out[key] = value
        elif key == "text":
            if not isinstance(value, str) or len(value) > 2000:
                bad(key, f"expected text (with {{field}} for a record's field), got {value!r}")
            elif _unknown_fields(value, fields):
                bad(key, f"unknown field {{{_unknown_fields(value, fields)[0]}}}: expected one of "
                    f"{', '.join('{' + f + '}' for f in sorted(fields))}")
            else:
                out[key] = value
        elif key == "image":
            if isinstance(value, str) and FIELD.fullmatch(value):
                if _unknown_fields(value, fields):
                    bad(key, f"unknown field {value}: expected one of {', '.join('{' + f + '}' for f in sorted(fields))}")
                else:
                    out[key] = value
            else:
                info = check.art(value, shown, index.line_of(where + (key,)) or line, f"{path}.{key}")
                if info is not None:
                    out[key] = info
        elif key == "font":
            if value not in check.fonts:
                bad(key, f"expected one of {', '.join(sorted(check.fonts))} (fonts are declared in game.toml [fonts]), got {value!r}")
            else:
                out[key] = value
        elif key == "size":
            sizes = [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else value
            if not (isinstance(sizes, list) and len(sizes) in (1, 2) and all(
                    isinstance(s, (int, float)) and not isinstance(s, bool) and 6 <= s <= 200 for s in sizes)
                    and sizes[0] <= sizes[-1]):
                bad(key, f"expected a size in points from 6 to 200 (print.md: text is never under 6 pt), or [min, max], got {value!r}")
            else:
                out[key] = (float(sizes[0]), float(sizes[-1]))
        elif key == "focus":
            if not (isinstance(value, list) and len(value) == 2 and all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)):
                bad(key, f"expected [x, y], fractions from 0 to 1 from the image's top-left corner, got {value!r}")
            else:
                out[key] = (float(value[0]), float(value[1]))
        elif key in ("stroke_width", "radius", "leading"):
            low, high = (0.5, 3.0) if key == "leading" else (0.0, 50.0)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                unit = "times the size" if key == "leading" else "mm"
                bad(key, f"expected a number from {low:g} to {high:g} ({unit}), got {value!r}")
            else:
                out[key] = float(value)
    kinds = [k for k in ("text", "image", "shape") if k in props]
    if allowed is BOX_KEYS and not partial:
        if len(kinds) != 1:
            check.problems.append(Problem(shown, "expected exactly one of text, image or shape in a box, got "
                                          f"{', '.join(kinds) or 'none'}", line=line, path=path))
        missing = [k for k in ("x", "y", "w", "h") if k not in props]
        if missing and where[0] == "boxes":
            check.problems.append(Problem(shown, f"missing {', '.join(missing)}: expected x, y, w and h (mm from the "
                                          "top-left corner, or \"N%\")", line=line, path=path))
    return out


def _unknown_fields(text: str, fields: set[str]) -> list[str]:
    return [f for f in FIELD.findall(text) if f not in fields]
