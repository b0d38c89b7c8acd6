"""Imposition: which face goes where on which page.

Cards, tokens and boards that fit the paper sit in abutting grids (one cut serves
two cards, bleed only around the grid), in the paper orientation that holds the
most.  Consecutive components of the same kind, size and shape share sheets,
and a group starts in the room left under the previous group's last grid.
Small pieces (tokens) are laid out last, in the room the other sheets leave
(`rooms`: free paper, and blank parts a template declares inside its pieces);
only what finds no room gets sheets of its own, where the pieces stood in the kit.
Each sheet of fronts is followed by its sheet of backs, mirrored for the flip the
printer makes, or (`fold`) fronts and backs share a page either side of a fold.
Standees and die nets are one piece each, printed single-sided.  Maps, and boards
larger than the paper, are tiled (see `tiles`), each tile followed by its back.
When the kit has any back, single-sided pages get a blank back page, so the whole
PDF prints duplex in one go (see `duplex`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from .box import MM
from .duplex import back_page, has_backs, mirror_block, mirror_item, pair_pages
from .errors import LayoutError
from .marks import PACK_GAP
from .nets import die_net, standee_unit
from .rooms import NOTE_WIDTH, PACK_FOOT, Spot, free_spot, note_at, note_height, note_lines, room_spot
from .sheet import MARGIN, PAPERS_MM, Block, FaceRef, Item, Options, Page, Rect, inflate, union
from .tiles import tile_pages
from .words import words_of

GRID_KINDS = ("card", "token", "board")
SMALL_KINDS = ("token", "die")    # packed into the room other sheets leave
ROUND_GAP = 1 * MM      # white between the bleed rings of two round pieces


@dataclass(frozen=True)
class Unit:
    """What one grid cell holds: its size and how to fill it for one record copy."""

    w: float
    h: float
    fill: Callable[[Any, Any, int, float, float], tuple[list[Item], list]]  # (comp, record, copy, x, y)
    has_backs: bool
    bleeds: bool = True
    apart: bool = False     # round pieces: each in a cell of its own with its whole bleed, no crop marks


def paper_size(paper: str) -> tuple[float, float]:
    w, h = PAPERS_MM[paper]
    return w * MM, h * MM


def plan(game: Any, opts: Options, looks: Any = None) -> list[Page]:
    """Every page of the home-print kit, in print order.  `looks` (generator.templates.Looks)
    may declare rooms inside pieces where small pieces go."""
    small = [] if opts.fold else [c for c in game.components if c.spec.kind in SMALL_KINDS]
    pages: list[Page] = []
    sheet: Page | None = None       # the last sheet of a grid, which the next group may fill up
    ends: dict[str, int] = {}       # component id -> how many pages there are once its group is laid out
    for group in _groups([c for c in game.components if c not in small], opts):
        comp = group[0]
        if _needs_tiling(comp, opts):
            for each in group:
                pages += tile_pages(each, paper_size(opts.paper), opts, words_of(game))
            sheet = None
        else:
            fronts = _grid_pages(group, opts, sheet)
            pages += fronts
            sheet = fronts[-1] if fronts else sheet
        ends.update((c.id, len(pages)) for c in group)
    _pack_small(pages, game, small, opts, looks, ends)
    if opts.fold:
        return pages
    return pair_pages(_with_backs(pages, opts), words_of(game))


def _pack_small(pages: list[Page], game: Any, small: list[Any], opts: Options, looks: Any,
                ends: dict[str, int]) -> None:
    """Small pieces into the room of `pages`, first sheet first; sheets of their own (after the
    sheets of the component before them in the kit) for the rest; then their notes."""
    components = game.components
    rooms_of = getattr(looks, "rooms", lambda spec: None)
    added = 0
    for group in _groups(small, opts):
        unit = _unit(group[0], opts)
        backed = unit.has_backs and opts.backs and any(c.spec.back for c in group)
        copies = _copies(group)
        bleed = 0.0 if unit.apart else opts.bleed * MM     # the reach `_place` gives the block, beyond its cells
        hosts: list[Page] = []
        for page in pages:
            while copies:
                spot = room_spot(page, rooms_of, unit.w, unit.h) if unit.apart else None
                spot = spot or free_spot(page, unit.w, unit.h, bleed, len(copies))
                if spot is None:
                    break
                copies = copies[_place_at(page, spot, copies, unit, opts.bleed * MM, backed):]
                hosts += [page] if page not in hosts else []
        if copies:
            before = [c.id for c in components[:components.index(group[0])] if c.id in ends]
            at = (ends[before[-1]] if before else 0) + added
            own = _grid_pages(group, opts, None, copies)
            pages[at:at] = own
            added += len(own)
            hosts += own
        for comp in group:
            note = getattr(looks, "note", lambda spec: None)(comp.spec)
            if note is not None:
                _print_note(pages, hosts, note_lines(note(game)), opts)


def _print_note(pages: list[Page], hosts: list[Page], lines: list[str], opts: Options) -> None:
    """The note on the first sheet (the pieces' own first) with room for it; on a sheet of its own
    at the end of the kit if none has."""
    for page in hosts + [p for p in pages if p not in hosts]:
        spot = free_spot(page, NOTE_WIDTH, note_height(lines), 0.0, 1)
        if spot is not None:
            note_at(page, lines, spot)
            return
    w, h = paper_size(opts.paper)
    page = Page(w, h, "front", [])
    note_at(page, lines, Spot(MARGIN, h - MARGIN, 1, 1))
    pages.append(page)


def _place_at(page: Page, spot: Spot, copies: list, unit: Unit, bleed: float, backed: bool) -> int:
    """As many `copies` as `spot` holds, in as few rows as they need; how many went there."""
    count = min(len(copies), spot.capacity)
    cols = min(spot.cols, count)
    rows = math.ceil(count / cols)
    _place(page, copies[:count], (spot.left, spot.top - rows * unit.h), (cols, rows), unit, bleed, backed)
    return count


def _with_backs(pages: list[Page], opts: Options) -> list[Page]:
    """Each grid sheet of fronts followed by its sheet of backs (tiles come with theirs)."""
    out: list[Page] = []
    for i, page in enumerate(pages):
        out.append(page)
        followed = i + 1 < len(pages) and pages[i + 1].side == "back"
        if page.side == "front" and not followed and has_backs(page):
            out.append(back_page(page, opts))
    return out


def _groups(components: list[Any], opts: Options) -> list[list[Any]]:
    """Consecutive components that can share sheets: same kind, size and shape."""
    groups: list[list[Any]] = []
    for comp in components:
        key = (comp.spec.kind, comp.spec.size_mm, comp.spec.shape)
        last = groups[-1][0].spec if groups else None
        if last is not None and (last.kind, last.size_mm, last.shape) == key and comp.spec.kind != "map":
            groups[-1].append(comp)
        else:
            groups.append([comp])
    return groups


def _printable(paper: tuple[float, float]) -> tuple[float, float]:
    return paper[0] - 2 * MARGIN, paper[1] - 2 * MARGIN


def _fits(w: float, h: float, paper: tuple[float, float]) -> bool:
    pw, ph = _printable(paper)
    return (w <= pw + 1e-6 and h <= ph + 1e-6) or (w <= ph + 1e-6 and h <= pw + 1e-6)


def _needs_tiling(comp: Any, opts: Options) -> bool:
    spec = comp.spec
    if spec.kind == "map":
        return True
    w, h = (v * MM for v in spec.size_mm)
    return spec.kind == "board" and not _fits(w, h, paper_size(opts.paper))


def _unit(comp: Any, opts: Options) -> Unit:
    spec = comp.spec
    w, h = (v * MM for v in spec.size_mm)
    if spec.kind == "standee":
        uw, uh, fill = standee_unit(w, h)
        return Unit(uw, uh, fill, has_backs=False)
    if spec.kind == "die":
        uw, uh, fill = die_net(w)
        return Unit(uw, uh, fill, has_backs=False, bleeds=False)

    if spec.shape == "round":
        # A punch or scissors cut each disc alone: bleeds must not merge, so each
        # disc gets its own bleed ring and ROUND_GAP of white to the next one.
        pad = opts.bleed * MM + ROUND_GAP / 2

        def disc(component, record, copy, x, y):
            return [Item(FaceRef(component, record, "front"), copy, x + pad, y + pad, w, h,
                         inflate((x + pad, y + pad, w, h), *[opts.bleed * MM] * 4))], []
        return Unit(w + 2 * pad, h + 2 * pad, disc, has_backs=spec.kind in GRID_KINDS, bleeds=False, apart=True)

    def card(component, record, copy, x, y):
        return [Item(FaceRef(component, record, "front"), copy, x, y, w, h, (x, y, w, h))], []
    return Unit(w, h, card, has_backs=spec.kind in GRID_KINDS)


def _too_big(comp: Any, unit: Unit, opts: Options) -> LayoutError:
    spec = comp.spec
    pw, ph = (v / MM for v in _printable(paper_size(opts.paper)))
    what = f"a {unit.w / MM:.1f} x {unit.h / MM:.1f} mm {spec.kind}" + (" net" if spec.kind == "die" else "")
    hint = "make it smaller, or make it a board or map to tile it over pages" if spec.kind in ("card", "token") \
        else "make it smaller"
    return LayoutError(f"{what} does not fit on {opts.paper.upper() if opts.paper == 'a4' else opts.paper.title()} "
                       f"paper ({pw:.1f} x {ph:.1f} mm inside the 6 mm printer margin): {hint}",
                       file=comp.file.rsplit("/", 1)[0] + "/game.toml", field=f"components.{spec.id}.size")


@dataclass(frozen=True)
class Grid:
    page: tuple[float, float]
    cols: int
    rows: int
    origin: tuple[float, float]         # bottom-left corner of the whole grid
    fold: str | None = None             # None, "x" (fold line vertical) or "y"

    @property
    def capacity(self) -> int:
        return self.cols * self.rows


def _choose_grid(unit: Unit, paper: tuple[float, float], fold: bool) -> Grid | None:
    """The orientation (and fold direction) that holds the most units; ties keep portrait."""
    best: Grid | None = None
    portrait, landscape = paper, (paper[1], paper[0])
    choices: list[tuple[tuple[float, float], str | None]]
    if fold:
        choices = [(landscape, "x"), (portrait, "y"), (portrait, "x"), (landscape, "y")]
    else:
        choices = [(portrait, None), (landscape, None)]
    for page, axis in choices:
        pw, ph = page
        aw = (pw / 2 if axis == "x" else pw) - 2 * MARGIN
        ah = (ph / 2 if axis == "y" else ph) - 2 * MARGIN
        cols, rows = math.floor(aw / unit.w + 1e-9), math.floor(ah / unit.h + 1e-9)
        if cols < 1 or rows < 1:
            continue
        gw, gh = cols * unit.w, rows * unit.h
        ox = (pw / 2 - gw) / 2 if axis == "x" else (pw - gw) / 2
        oy = ph / 2 + (ph / 2 - gh) / 2 if axis == "y" else (ph - gh) / 2
        grid = Grid(page, cols, rows, (ox, oy), axis)
        if best is None or grid.capacity > best.capacity:
            best = grid
    return best


def _copies(group: list[Any]) -> list[tuple[Any, Any, int]]:
    return [(comp, rec, n) for comp in group for rec in comp.records for n in range(1, comp.spec.copies * rec.copies + 1)]


def _grid_pages(group: list[Any], opts: Options, sheet: Page | None, copies: list | None = None) -> list[Page]:
    """New front sheets for `group` (or those of its `copies` still to place), after filling the room
    left below the grid on `sheet`."""
    unit = _unit(group[0], opts)
    backed = unit.has_backs and opts.backs and any(c.spec.back for c in group)
    grid = _choose_grid(unit, paper_size(opts.paper), fold=opts.fold and backed)
    if grid is None:
        raise _too_big(group[0], unit, opts)
    copies = _copies(group) if copies is None else copies
    bleed = opts.bleed * MM
    if sheet is not None and not opts.fold:
        copies = copies[_fill_below(sheet, copies, unit, bleed, backed):]
    pages: list[Page] = []
    for start in range(0, len(copies), grid.capacity):
        page = Page(grid.page[0], grid.page[1], "front", [])
        _place(page, copies[start:start + grid.capacity], grid.origin, (grid.cols, grid.rows), unit, bleed, backed)
        if grid.fold and backed:
            _add_fold_backs(page, grid)
        pages.append(page)
    return pages


def _fill_below(page: Page, copies: list, unit: Unit, bleed: float, backed: bool) -> int:
    """Place as many `copies` as fit under the lowest block of `page`; how many went there.

    Small components then share a sheet instead of taking one (and its back) each.
    The new block keeps PACK_GAP from the one above (room for both blocks' crop
    marks) and PACK_FOOT from the bottom edge (the footer and scale bar).
    """
    top = min(b.reach[1] for b in page.blocks) - PACK_GAP
    cols = math.floor((page.w - 2 * MARGIN) / unit.w + 1e-9)
    rows = math.floor((top - 2 * bleed - PACK_FOOT) / unit.h + 1e-9)
    if cols < 1 or rows < 1:
        return 0
    count = min(len(copies), cols * rows)
    used = math.ceil(count / cols)
    origin = ((page.w - cols * unit.w) / 2, top - bleed - used * unit.h)
    _place(page, copies[:count], origin, (cols, used), unit, bleed, backed)
    return count


def _place(page: Page, copies: list[tuple[Any, Any, int]], origin: tuple[float, float], size: tuple[int, int],
           unit: Unit, bleed: float, backed: bool) -> None:
    """Lay `copies` row by row from the top of a cols x rows grid whose bottom-left is `origin`, as one block."""
    cols, rows = size
    ox, oy = origin
    cells: dict[tuple[int, int], Rect] = {}
    mine: list[Item] = []
    for i, (comp, rec, n) in enumerate(copies):
        col, row = i % cols, i // cols
        x, y = ox + col * unit.w, oy + (rows - row - 1) * unit.h
        cells[col, row] = (x, y, unit.w, unit.h)
        placed, extra = unit.fill(comp, rec, n, x, y)
        for item in placed:
            if unit.bleeds:
                item.clip = _clip(item, (col, row), cells, len(copies), size, bleed)
            elif not unit.apart:
                item.clip = item.rect
            item.backed = backed
        mine += placed
        page.items += placed
        page.decor += extra
        if comp.spec.name not in page.components:
            page.components.append(comp.spec.name)
    if unit.apart:      # cut one by one along the printed circles: no crop marks
        page.blocks.append(Block([], [], union([i.rect for i in mine]), union([i.clip for i in mine])))
        return
    hull = union(list(cells.values()))
    xs = sorted({round(r[0], 4) for r in cells.values()} | {round(r[0] + r[2], 4) for r in cells.values()})
    ys = sorted({round(r[1], 4) for r in cells.values()} | {round(r[1] + r[3], 4) for r in cells.values()})
    page.blocks.append(Block(xs, ys, hull, inflate(hull, bleed, bleed, bleed, bleed), tuple(cells.values())))


def _clip(item: Item, cell: tuple[int, int], cells: dict, count: int, size: tuple[int, int], b: float) -> Rect:
    """Bleed only where no neighbour abuts: one cut serves two cards inside the grid."""
    col, row = cell
    cols, rows = size

    def occupied(c: int, r: int) -> bool:
        return 0 <= c < cols and 0 <= r < rows and r * cols + c < count
    ux, uy, uw, uh = cells[cell]
    left = b if abs(item.x - ux) < 1e-6 and not occupied(col - 1, row) else 0.0
    right = b if abs(item.x + item.w - ux - uw) < 1e-6 and not occupied(col + 1, row) else 0.0
    bottom = b if abs(item.y - uy) < 1e-6 and not occupied(col, row + 1) else 0.0
    top = b if abs(item.y + item.h - uy - uh) < 1e-6 and not occupied(col, row - 1) else 0.0
    return inflate(item.rect, left, bottom, right, top)


def _add_fold_backs(front: Page, grid: Grid) -> None:
    """Fold layout: each back mirrored across the fold line onto the same page."""
    page = (front.w, front.h)
    axis = grid.fold or "x"
    front.items += [m for m in (mirror_item(i, page, axis, (0.0, 0.0)) for i in list(front.items)) if m]
    front.blocks += [mirror_block(b, page, axis, (0.0, 0.0)) for b in list(front.blocks)]
    w, h = page

    def fold_line(c) -> None:
        c.saveState()
        c.setDash(4, 3)
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0.4, 0.4, 0.4)
        if axis == "x":
            c.line(w / 2, MARGIN, w / 2, h - MARGIN)
        else:
            c.line(MARGIN, h / 2, w - MARGIN, h / 2)
        c.restoreState()
    front.decor.append(fold_line)
