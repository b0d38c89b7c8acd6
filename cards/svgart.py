"""SVG art checked whole before svglib converts it: a bounded drawing made of its own parts.

svglib draws what it is given: a link to another file, an element count that takes minutes
(200,000 one-pixel rectangles: 83 s and 850 MB), a number the PDF cannot hold (`width="1e308"`,
`scale(1e308)`: ReportLab writes numbers under 1e20), a drawing with no size, an embedded image of
any size or none.  So before it does, the file is read here with lxml (no entities, no DTD, no
network) and refused, naming the file and the line, unless:

- it has a size: `width` and `height` above 0 (px, pt, pc, mm, cm, in, em, ex, or % of the viewBox),
  or a `viewBox` giving the missing ones, its sides at most 1,000 times each other;
- it has at most MAX_ELEMENTS elements, each `<use>` counting the elements it repeats (svglib
  converts about 6,000 elements a second), and at most MAX_NUMBERS numbers (a path's coordinates);
- every number in its attributes, styles and style sheets, and every transform they compose, lies
  within +-MAX_NUMBER;
- it refers only to its own parts: `href` to `#id` or an embedded PNG or JPEG, `url(#id)`, no `@import`;
- each embedded image decodes whole (`rasters.decode`, the decoder of every raster the game uses),
  the images' pixels together within the same budget as one raster file's.
"""
from __future__ import annotations

import base64
import binascii
import math
import re
from pathlib import Path
from typing import Any

from .art import ArtError
from .rasters import MAX_PIXELS, decode

MAX_ELEMENTS = 20_000
MAX_NUMBERS = 1_000_000
MAX_NUMBER = 1e9
MAX_ASPECT = 1_000
_SVG = "{http://www.w3.org/2000/svg}"
_HREFS = ("{http://www.w3.org/1999/xlink}href", "href")
_EMBEDDED = {"data:image/png;base64,": "PNG", "data:image/jpeg;base64,": "JPEG"}
_WORDS = {"id", "class", "font-family", "href"}  # attributes of names, not numbers
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NAMES = re.compile(r"url\([^)]*\)|#[\w-]+|\.[A-Za-z_-][\w-]*|\"[^\"]*\"|'[^']*'|font-family\s*:[^;}]*")
_URL = re.compile(r"url\(\s*['\"]?([^)'\"]*)")
_TRANSFORM = re.compile(r"([A-Za-z]+)\s*\(([^)]*)\)")
_LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*")
_UNITS = {None: 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0, "em": 16.0,
          "ex": 8.0}
_TRANSFORMS = ("transform", "gradientTransform", "patternTransform")


def check_svg(path: Path, name: str) -> None:
    """Check the SVG file `path` (`name` as the definition writes it); ArtError saying what is wrong."""
    root = _parsed(path, name)
    shown = repr(name)
    ids: dict[str, Any] = {}
    pixels, numbers = 0, [0]
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue  # a comment or processing instruction
        where = f"in {shown} (line {node.sourceline})"
        if node.get("id"):
            ids.setdefault(node.get("id"), node)
        for attribute, value in node.attrib.items():
            if attribute in _HREFS:
                pixels += _check_link(value, where, MAX_PIXELS - pixels)
            elif not attribute.startswith("{") and attribute not in _WORDS:
                _check_numbers(value, f"{attribute}={value[:60]!r} {where}", numbers)
                if attribute in _TRANSFORMS:
                    _check_transform(value, f"{attribute}={value[:60]!r} {where}")
        if node.tag == _SVG + "style":
            sheet = "".join(node.itertext())
            if "@import" in sheet:
                raise ArtError(f"expected an SVG with no links to other files, got @import in its style sheet {where}")
            _check_numbers(sheet, f"its style sheet {where}", numbers)
    _check_size(root, shown)
    if _count(root, ids) > MAX_ELEMENTS:
        raise ArtError(f"expected an SVG of at most {MAX_ELEMENTS:,} elements (each <use> counting those it repeats), "
                       f"got more: {shown} (simplify it, or export it as a PNG)")


def _parsed(path: Path, name: str) -> Any:
    """The document's root, read without entities, DTD or network, refused once it passes MAX_ELEMENTS."""
    from lxml import etree

    count, root = 0, None
    try:
        for _, node in etree.iterparse(str(path), events=("start",), resolve_entities=False, no_network=True,
                                       load_dtd=False, huge_tree=False):
            root = node if root is None else root
            count += 1
            if count > MAX_ELEMENTS:
                break
    except (etree.XMLSyntaxError, OSError, ValueError) as exc:
        raise ArtError(f"expected an SVG drawing, got a file that is not well-formed XML: {name!r} ({exc})") from None
    if count > MAX_ELEMENTS:
        raise ArtError(f"expected an SVG of at most {MAX_ELEMENTS:,} elements, got more: {name!r} "
                       f"(simplify it, or export it as a PNG)")
    if root is None or root.tag != _SVG + "svg":
        raise ArtError(f"expected an SVG drawing (an <svg> root in the SVG namespace), got "
                       f"<{getattr(root, 'tag', '')}>: {name!r}")
    return root


def _check_size(root: Any, shown: str) -> None:
    """A drawing svglib gives a size: width and height, else the viewBox's (as svglib reads them)."""
    box = root.get("viewBox")
    numbers = [float(n) for n in _NUMBER.findall(box)] if box is not None else []
    if box is not None and (len(numbers) != 4 or _NUMBER.sub("", box).replace(",", "").strip()):
        raise ArtError(f"expected a viewBox of four numbers (x y width height), got {box[:60]!r}: {shown}")
    if numbers and not (numbers[2] > 0 and numbers[3] > 0):
        raise ArtError(f"expected a viewBox whose width and height are above 0, got {box[:60]!r}: {shown}")
    width, height = (_length(root.get(side), numbers[2 + i] if numbers else 0.0, f"{side}", shown)
                     for i, side in enumerate(("width", "height")))
    if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
        found = ", ".join(f"{k}={root.get(k)!r}" for k in ("width", "height", "viewBox") if root.get(k) is not None)
        raise ArtError(f"expected an SVG with a size (width and height above 0, or a viewBox), got "
                       f"{found or 'none'}: {shown}")
    if max(width, height) > MAX_ASPECT * min(width, height):
        raise ArtError(f"expected an SVG whose sides are at most {MAX_ASPECT:,} times each other, got "
                       f"{width:g} x {height:g} px: {shown}")


def _length(value: str | None, whole: float, side: str, shown: str) -> float:
    """A length in px (`whole`, the viewBox's side, when absent or for %)."""
    if value is None:
        return whole
    found = _LENGTH.fullmatch(value)
    if found is None:
        raise ArtError(f"expected a {side} such as 300 or 80mm, got {value[:60]!r}: {shown}")
    number, unit = float(found[1]), found[2]
    return number / 100 * whole if unit == "%" else number * _UNITS[unit]


def _check_numbers(text: str, where: str, count: list[int]) -> None:
    """Every number in `text` (names, colours and quoted strings aside) finite and within +-MAX_NUMBER, the
    file's numbers counted in `count` up to MAX_NUMBERS; every `url()` naming a part of the drawing."""
    for target in _URL.findall(text):
        if not target.strip().startswith("#"):
            raise ArtError(f"expected url(#id) naming a part of the drawing, got url({target[:60]}) {where}")
    for found in _NUMBER.finditer(_NAMES.sub(" ", text)):
        number = found[0]
        if not abs(float(number)) <= MAX_NUMBER:
            raise ArtError(f"expected numbers between -{MAX_NUMBER:g} and {MAX_NUMBER:g}, got {number[:30]} in {where}")
        count[0] += 1
        if count[0] > MAX_NUMBERS:
            raise ArtError(f"expected an SVG of at most {MAX_NUMBERS:,} numbers (coordinates), got more {where} "
                           f"(simplify it, or export it as a PNG)")


def _check_transform(value: str, where: str) -> None:
    """The transform list composed (as svglib composes it) stays within +-MAX_NUMBER."""
    a, b, c, d, e, f = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
    for kind, args in _TRANSFORM.findall(value):
        n = [float(v) for v in _NUMBER.findall(args)] + [0.0] * 6
        if kind == "matrix":
            m = n[:6]
        elif kind == "translate":
            m = [1, 0, 0, 1, n[0], n[1]]
        elif kind == "scale":
            m = [n[0], 0, 0, n[1] if len(_NUMBER.findall(args)) > 1 else n[0], 0, 0]
        elif kind == "rotate":
            cos, sin = math.cos(math.radians(n[0])), math.sin(math.radians(n[0]))
            cx, cy = n[1], n[2]
            m = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy]
        elif kind in ("skewX", "skewY"):
            t = math.tan(math.radians(n[0]))
            m = [1, 0, t, 1, 0, 0] if kind == "skewX" else [1, t, 0, 1, 0, 0]
        else:
            raise ArtError(f"expected a transform of matrix, translate, scale, rotate, skewX or skewY, got {kind} {where}")
        a, b, c, d, e, f = (a * m[0] + c * m[1], b * m[0] + d * m[1], a * m[2] + c * m[3], b * m[2] + d * m[3],
                            a * m[4] + c * m[5] + e, b * m[4] + d * m[5] + f)
    if not all(abs(v) <= MAX_NUMBER for v in (a, b, c, d, e, f)):
        raise ArtError(f"expected a transform within +-{MAX_NUMBER:g}, got {where}")


def _check_link(target: str, where: str, budget: int) -> int:
    """An `href` to a part of the drawing (0 pixels) or an embedded PNG or JPEG, decoded whole: its pixels."""
    if target.startswith("#"):
        return 0
    kind = next((k for prefix, k in _EMBEDDED.items() if target.startswith(prefix)), None)
    if kind is None:
        raise ArtError(f"expected an SVG with no links to other files, got a link to {target[:60]!r} {where}: "
                       f"embed the image in the SVG or place it as art of its own")
    try:
        data = base64.b64decode("".join(target.partition(",")[2].split()), validate=True)
    except (binascii.Error, ValueError):
        raise ArtError(f"expected an embedded {kind} image in base64, got data that is not base64 {where}") from None
    width, height = decode(data, kind, f"the image embedded {where}", budget)
    return width * height


def _count(root: Any, ids: dict[str, Any]) -> int:
    """The elements svglib converts: each once, and each `<use>` the elements it repeats again (a loop of
    uses counts as too many)."""
    known: dict[int, int] = {}

    def cost(node: Any, using: frozenset[int]) -> int:
        key = id(node)
        if key in known:
            return known[key]
        if key in using:
            return MAX_ELEMENTS + 1
        total = 1 + sum(cost(child, using | {key}) for child in node if isinstance(child.tag, str))
        if node.tag == _SVG + "use":
            target = next((node.get(h) for h in _HREFS if node.get(h)), "")
            if target.startswith("#") and target[1:] in ids:
                total += cost(ids[target[1:]], using | {key})
        known[key] = total = min(total, MAX_ELEMENTS + 1)
        return total

    return cost(root, frozenset())
