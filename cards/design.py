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
from typing import Any, Callable

from common.files import is_file, read_bytes
from common.numbers import is_number, within

from .art import MAX_ART_BYTES, ArtError, ArtInfo, art_path, inspect_art
from .errors import DefinitionError, Problem, describe
from .sizes import MAX_MM
from .tomlsource import LineIndex, read_toml

BUILTIN_FONTS = ("text", "display")          # the kit's own families (DejaVu Sans Condensed, Old Standard)
FONT_STYLES = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bold_italic": (True, True)}
FONT_KEYS = (*FONT_STYLES, "licence", "fallback")
ICON_NAME = re.compile(r"^[a-z][a-z0-9\-]*$")
FIELD = re.compile(r"\{([a-z][a-z0-9_]*)\}")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
LENGTH = re.compile(r"^-?[0-9]+(\.[0-9]+)?%$")  # ASCII digits (`\d` takes any script's)
MAX_PERCENT = 1000.0  # a box may stand past its reference (bleed, a banner), never ten times over
REFERENCES = ("trim", "safe", "bleed")
SHAPES = ("rect", "rounded", "ellipse", "polygon", "regular", "star", "line")
FITS = ("cover", "contain")
CHOICES = {"in": REFERENCES, "align": ("left", "center", "right"), "valign": ("top", "middle", "bottom"),
           "fit": FITS, "shape": SHAPES}
GRADIENTS = ("linear", "radial")
PLACE = ("x", "y", "w", "h", "in")
TEXT_KEYS = ("text", "font", "size", "colour", "align", "valign", "leading")
IMAGE_KEYS = ("image", "fit", "focus")
SHAPE_KEYS = ("shape", "fill", "stroke", "stroke_width", "radius", "points", "sides", "inner", "gradient")
EFFECT_KEYS = ("rotate", "opacity", "style", "when")
BOX_KEYS = PLACE + TEXT_KEYS + IMAGE_KEYS + SHAPE_KEYS + EFFECT_KEYS
STYLE_KEYS = tuple(k for k in BOX_KEYS if k != "style")
WHEN_KEYS = ("field", "is", "set", "above", "below")
LAYOUT_KEYS = ("extends", "background", "back", "boxes", "regions", "cards", "styles", "stamp")
STAMP_CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right", "bottom")   # generator.engine.stamp.Spot
STAMP_SIZES = (6.0, 12.0)   # pt: from print.md's least text size on cards (cards.typeset.measure.MIN_SIZE)
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
    styles: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # field -> its value -> box properties
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
    shown: str = field(default="", compare=False)  # the folder as messages name it
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

    def where(self, layout: Layout, part: str) -> str:
        """Where a layout defines (or a [cards.ID] table changes) its `part` ("boxes.name"), as named inside the
        folder: layouts/base.toml:17."""
        file, line = layout.lines.get(part, (layout.file, None))
        return file.removeprefix(f"{self.shown}/") + (f":{line}" if line else "")

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
    design = Design(folder, shown)
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
    _styles(check, data.get("styles"), layout, shown, index, fields)
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
    for box, props in layout.boxes.items():
        styled = props.get("style", "{}")[1:-1]
        if styled and styled not in layout.styles:
            check.problems.append(Problem(shown, "expected a field with [styles.FIELD.VALUE] tables "
                                          f"({', '.join(sorted(layout.styles)) or 'none'}), got {props['style']}",
                                          line=index.line_of(("boxes", box, "style")), path=f"boxes.{box}.style"))
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
                  {}, parent.back_layout, {k: dict(v) for k, v in parent.styles.items()}, dict(parent.overrides),
                  dict(parent.lines), parent.stamp)


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
    corner, inset, size = declared.get("corner", "bottom-right"), declared.get("inset", [0, 0]), declared.get("size", STAMP_SIZES[0])
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
    return _paint_table(check, back, shown, index, where, fields)


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
        if key in allowed and key not in ("text", "image", "style") and isinstance(value, str) and FIELD.search(value):
            if _unknown_fields(value, fields):  # a value from the card's fields: checked for each card (`box_for`)
                bad(key, f"unknown field {{{_unknown_fields(value, fields)[0]}}}: expected one of "
                    f"{', '.join('{' + f + '}' for f in sorted(fields))}")
            else:
                out[key] = value
            continue
        if key not in allowed:
            bad(key, f"unknown key: expected one of {', '.join(allowed)}")
        elif key in ("x", "y", "w", "h"):
            wrong = _length(value, key in ("w", "h"))
            if wrong:
                bad(key, wrong)
            else:
                out[key] = value
        elif key in CHOICES:
            if value not in CHOICES[key]:
                bad(key, f"expected one of {', '.join(CHOICES[key])}, got {value!r}")
            else:
                out[key] = value
        elif key in ("colour", "fill", "stroke"):
            if colour_of(value) is None:
                bad(key, f"expected a colour as #rrggbb or a CSS colour name (e.g. #336699, darkred), got {value!r}")
            else:
                out[key] = colour_of(value)
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
            sizes = [value] if is_number(value) else value
            if not (isinstance(sizes, list) and len(sizes) in (1, 2) and all(_in(s, 6, 200) for s in sizes)
                    and sizes[0] <= sizes[-1]):
                bad(key, f"expected a size in points from 6 to 200 (print.md: text is never under 6 pt), or [min, max], got {value!r}")
            else:
                out[key] = (float(sizes[0]), float(sizes[-1]))
        elif key == "focus":
            if not (isinstance(value, list) and len(value) == 2 and all(_in(v, 0, 1) for v in value)):
                bad(key, f"expected [x, y], fractions from 0 to 1 from the image's top-left corner, got {value!r}")
            else:
                out[key] = (float(value[0]), float(value[1]))
        elif key in ("stroke_width", "radius", "leading"):
            low, high = (0.5, 3.0) if key == "leading" else (0.0, 50.0)
            if not _in(value, low, high):
                unit = "times the size" if key == "leading" else "mm"
                bad(key, f"expected a number from {low:g} to {high:g} ({unit}), got {value!r}")
            else:
                out[key] = float(value)
        else:
            _effect(key, value, out, bad, fields)
    if "points" in out and props.get("shape") in ("polygon", "star") and isinstance(out["points"], list) != (
            props["shape"] == "polygon"):
        bad("points", "expected [[x, y], ...] for a polygon, a number of points for a star")
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


def _length(value: Any, size: bool) -> str | None:
    """A box's x, y (or, `size`, w, h): mm or "N%" of its reference, finite and within bounds; what was
    expected otherwise (`nan`, `inf` and `1e308` would reach the PDF or ReportLab's C code)."""
    percent = isinstance(value, str) and bool(LENGTH.match(value))
    if not percent and not is_number(value):
        return f"expected a length in mm (e.g. 12.5) or a percentage of the reference (e.g. \"50%\"), got {value!r}"
    number = float(value[:-1]) if percent else value
    high = MAX_PERCENT if percent else MAX_MM
    try:
        within(number, 0 if size else -high, high, what="a percentage" if percent else "a length",
               unit="%" if percent else " mm")
    except ValueError as exc:
        return str(exc)
    if size and number <= 0:
        return f"expected a length above 0, got {value!r}"
    return None


def _in(value: Any, low: float, high: float) -> bool:
    """Whether `value` is a finite number from `low` to `high` (`common.numbers`)."""
    try:
        within(value, low, high)
    except ValueError:
        return False
    return True


def _effect(key: str, value: Any, out: dict[str, Any], bad: Any, fields: set[str]) -> None:
    """The keys of shapes beyond boxes and ellipses, of effects, styles and conditions."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if key == "rotate":
        if not number or not -360 <= value <= 360:
            bad(key, f"expected an angle in degrees from -360 to 360 (clockwise, about the box's centre), got {value!r}")
        else:
            out[key] = float(value)
    elif key in ("opacity", "inner"):
        low = 0.0 if key == "opacity" else 0.05
        high = 1.0 if key == "opacity" else 0.95
        what = "opacity" if key == "opacity" else "inner radius, a fraction of the outer one"
        if not number or not low <= value <= high:
            bad(key, f"expected a number from {low:g} to {high:g} (the {what}), got {value!r}")
        else:
            out[key] = float(value)
    elif key == "sides":
        if not isinstance(value, int) or isinstance(value, bool) or not 3 <= value <= 24:
            bad(key, f"expected a whole number of sides from 3 to 24 (3 a triangle, 6 a hexagon), got {value!r}")
        else:
            out[key] = value
    elif key == "points":
        if isinstance(value, int) and not isinstance(value, bool) and 3 <= value <= 24:
            out[key] = value
        elif isinstance(value, list) and 2 <= len(value) <= 200 and all(
                isinstance(p, list) and len(p) == 2 and all(_length(v, False) is None for v in p) for p in value):
            out[key] = [tuple(p) for p in value]
        else:
            bad(key, "expected [[x, y], ...] (mm or \"N%\" from the box's top-left corner) for a polygon, or a "
                f"number of points from 3 to 24 for a star, got {describe(value)}")
    elif key == "gradient":
        colours = value.get("colours") if isinstance(value, dict) else None
        kind = value.get("kind", "linear") if isinstance(value, dict) else None
        angle = value.get("angle", 90) if isinstance(value, dict) else None
        if not (isinstance(colours, list) and 2 <= len(colours) <= 16 and all(colour_of(c) for c in colours)
                and kind in GRADIENTS and isinstance(angle, (int, float)) and not isinstance(angle, bool)
                and set(value) <= {"colours", "kind", "angle"}):
            bad(key, "expected { colours = [two or more colours], kind = \"linear\" or \"radial\", angle = degrees "
                f"(linear: 90 from top to bottom) }}, got {describe(value)}")
        else:
            out[key] = {"colours": [colour_of(c) for c in colours], "kind": kind, "angle": float(angle)}
    elif key == "style":
        if not isinstance(value, str) or not FIELD.fullmatch(value) or value[1:-1] not in fields:
            bad(key, f"expected a {{field}} whose value names a [styles.FIELD.VALUE] table (one of "
                f"{', '.join('{' + f + '}' for f in sorted(fields))}), got {value!r}")
        else:
            out[key] = value
    elif key == "when":
        problem = _when_problem(value, fields)
        if problem:
            bad(key, problem)
        else:
            out[key] = dict(value)


def _when_problem(when: Any, fields: set[str]) -> str:
    """Why a `when` table is not one, or ''."""
    if not isinstance(when, dict) or "field" not in when or len(when) < 2 or not set(when) <= set(WHEN_KEYS):
        return ("expected { field = \"NAME\" } with one or more of is = VALUE or [VALUES], set = true or false, "
                f"above = N, below = N, got {describe(when)}")
    if when["field"] not in fields:
        return f"field: expected one of {', '.join(sorted(fields))}, got {describe(when['field'])}"
    scalar = (str, int, float, bool)
    if "is" in when and not (isinstance(when["is"], scalar) or isinstance(when["is"], list) and when["is"]
                             and all(isinstance(v, scalar) for v in when["is"])):
        return f"is: expected a value or a list of values, got {describe(when['is'])}"
    if "set" in when and not isinstance(when["set"], bool):
        return f"set: expected true or false, got {describe(when['set'])}"
    for key in ("above", "below"):
        if key in when and (isinstance(when[key], bool) or not isinstance(when[key], (int, float))):
            return f"{key}: expected a number, got {describe(when[key])}"
    return ""


def colour_of(value: Any) -> str | None:
    """A colour as #rrggbb: written so, or a CSS colour name (Pillow's table of the 148 CSS names)."""
    if not isinstance(value, str):
        return None
    if COLOUR.match(value):
        return value.lower()
    from PIL import ImageColor  # only a layout naming a colour loads it
    named = ImageColor.colormap.get(value.lower())
    return named if isinstance(named, str) and COLOUR.match(named) else None


def _styles(check: _Checker, declared: Any, layout: Layout, shown: str, index: LineIndex, fields: set[str]) -> None:
    """[styles.FIELD.VALUE] tables: box properties a card whose FIELD is VALUE gives a box naming `style = "{FIELD}"`."""
    if declared is None:
        return
    if not isinstance(declared, dict) or not all(isinstance(v, dict) for v in declared.values()):
        check.problems.append(Problem(shown, "expected [styles.FIELD.VALUE] tables (e.g. [styles.faction.red])",
                                      line=index.line_of(("styles",)), path="styles"))
        return
    for name, values in declared.items():
        if name not in fields:
            check.problems.append(Problem(shown, f"unknown field {name!r}: expected one of {', '.join(sorted(fields))}",
                                          line=index.line_of(("styles", name, *values)[:3]), path=f"styles.{name}"))
            continue
        own = layout.styles.setdefault(name, {})
        for value, props in values.items():
            checked = _box(check, props, shown, index, ("styles", name, value), fields, allowed=STYLE_KEYS,
                           partial=True)
            own[value] = {**own.get(value, {}), **checked}


def shown_value(value: Any) -> str:
    """A field's value as a template shows it and a style table or `is` names it."""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return "" if value is None else str(value)


def _unset(value: Any) -> bool:
    return value is None or value is False or value == "" or value == []


class BoxValueError(ValueError):
    """A box's value that a card's field makes wrong: `key` is the box property, `field` the card's."""

    def __init__(self, key: str, message: str, field: str) -> None:
        self.key, self.message, self.field = key, message, field
        super().__init__(f"{key}: {message}")


def holds(when: dict[str, Any], record: Any) -> bool:
    """Whether a box's `when` holds for the record (each test given must)."""
    value = getattr(record, when["field"], None)
    if "set" in when and when["set"] == _unset(value):
        return False
    if "is" in when:
        wanted = when["is"] if isinstance(when["is"], list) else [when["is"]]
        if _unset(value) and value is not False or shown_value(value) not in map(shown_value, wanted):
            return False
    for key in ("above", "below"):
        if key in when:
            if _unset(value) and value is not False:
                return False
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise BoxValueError(f"when.{key}", f"expected a number in {{{when['field']}}}, got {describe(value)}",
                                    when["field"])
            if value <= when[key] if key == "above" else value >= when[key]:
                return False
    return True


def filled(text: str, record: Any) -> str:
    """`text` with each `{field}` replaced by the record's value (a list one item a line);
    empty when it names fields and all of them are empty (a card without power shows no power box)."""
    names = FIELD.findall(text)
    if names and all(_unset(getattr(record, n, None)) for n in names):  # 0 is a value (`0 == False`: not `in`)
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


def box_for(design: Design, layout: Layout, props: dict[str, Any], record: Any) -> dict[str, Any] | None:
    """A box's properties for one card: its style's under its own, `when` tested, each `{field}` value filled in
    and checked as if written in the layout; None when its `when` does not hold.  A value whose fields are
    all empty is left out (the box's default applies).  Raises BoxValueError."""
    if "style" in props:
        name = props["style"][1:-1]
        value = getattr(record, name, None)
        if _unset(value) and value is not False:
            style: dict[str, Any] = {}
        elif shown_value(value) in layout.styles[name]:
            style = layout.styles[name][shown_value(value)]
        else:
            raise BoxValueError("style", f"expected {{{name}}} to be one of the values with a [styles.{name}.VALUE] "
                                f"table ({', '.join(layout.styles[name])}), got {describe(value)}", name)
        props = {**style, **{k: v for k, v in props.items() if k != "style"}}
    if "when" in props and not holds(props["when"], record):
        return None
    templates = {k: v for k, v in props.items() if k not in ("text", "image") and isinstance(v, str) and FIELD.search(v)}
    if not templates:
        return props
    raw: dict[str, Any] = {}
    for key, template in templates.items():
        names = FIELD.findall(template)
        values = [getattr(record, n, None) for n in names]
        if all(_unset(v) and v is not False for v in values):
            continue
        if FIELD.fullmatch(template) and isinstance(values[0], (int, float)) and not isinstance(values[0], bool):
            raw[key] = values[0]
        else:
            raw[key] = FIELD.sub(lambda m: shown_value(getattr(record, m.group(1), None)), template)
    check = _Checker(design.folder, "", "", set())
    check.fonts |= set(design.fonts)
    out = _box(check, raw, "", LineIndex(""), ("box",), set(), partial=True)
    if check.problems:
        problem = check.problems[0]
        key = (problem.path or "").removeprefix("box.")
        raise BoxValueError(key, f"{problem.message} (from {templates[key]})", FIELD.findall(templates[key])[0])
    return {**{k: v for k, v in props.items() if k not in templates}, **out}


def check_record_layouts(design: Design, file: str, component: str, records: list[Any],
                         where: Callable[[Any, str], tuple[int | None, str | None]]) -> list[Problem]:
    """Every value a record's fields give its layouts' boxes (styles, conditions, `{field}` values), checked at the
    record: a wrong one is reported at the record's field that gives it (`where`: its line or cell)."""
    problems: list[Problem] = []
    own = design.layouts.get(component)
    for record in records:
        front = design.front_layout(component, record)
        back = own.back_layout if own else None
        parts = [(f"boxes.{n}", p, layout) for layout in (front, back) if layout for n, p in layout.boxes.items()]
        parts += [("background", layout.background, layout) for layout in (front, back) if layout]
        parts += [("back", own.back, own)] if own else []
        for name, props, layout in parts:
            try:
                box_for(design, layout, props, record)
            except BoxValueError as exc:
                line, cell = where(record, exc.field)
                problems.append(Problem(file, f"{exc.message}, in {design.where(layout, name)}", line=line,
                                        card=record.id, card_name=record.name, path=f"{name}.{exc.key}", cell=cell))
    return problems


def _unknown_fields(text: str, fields: set[str]) -> list[str]:
    return [f for f in FIELD.findall(text) if f not in fields]
