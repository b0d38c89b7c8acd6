"""The kit's first page: a printing guide written from the build's manifest.

Whoever prints the kit reads what was built and how (files, options), what each page
range holds, which sheets need duplex and which can go single-sided, the paper, how
to check the scale, when `--ink-saver` helps, how to fix shifted backs and what to cut
first.  Every number on it is read from the manifest the build writes beside the PDF,
so the guide and the manifest cannot disagree.  Every sentence is said in the game's
language through its catalogue (`generator.engine.words`); the command lines it quotes stay as typed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.utils import simpleSplit

from .box import MM
from cards.typeset.fonts import DISPLAY_BOLD, TEXT, TEXT_BOLD, register_fonts
from .duplex import blank_back
from .sheet import MARGIN, Options, Page
from .words import ENGLISH, Words

SIZES = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)   # pt: the largest at which the whole guide fits
TOP = 14 * MM           # from the paper's top edge to the title's baseline
FOOT = 16 * MM          # kept free above the bottom edge: footer and scale bar
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


def guide_pages(pages: list[Page], paper: tuple[float, float], words: Words) -> list[Page]:
    """The guide's page (portrait), and a blank back when the kit prints duplex, to keep fronts on odd pages."""
    guide = [Page(paper[0], paper[1], "front", [], label=words.gettext("printing guide"), guide=True)]
    if any(p.side == "back" for p in pages):
        guide.append(blank_back(paper, words))
    return guide


@dataclass(frozen=True)
class Line:
    kind: str               # "title", "head", "text", "columns" (a table's bold header row) or "row"
    text: str | tuple[str, ...]


def guide_lines(kit: dict, game: Any, opts: Options, files: list[str], words: Words,
                shop: tuple[str, list[tuple[str, str]]] | None = None) -> list[Line]:
    """What the guide says, from the manifest `kit` (pages numbered as printed, the guide included);
    `shop` is the print shop's name and the (component id, why) of each piece it cannot make."""
    w = words
    pages = kit["pages"]
    names = {c.id: c.spec for c in game.components}
    total = len(pages)
    sheets = sum(1 for p in pages if p["side"] == "front")
    lines = [Line("title", w.gettext("{game}: printing guide", game=game.name)),
             Line("text", w.gettext("{paper} kit, {pages} on {sheets}. Built with: {command}",
                                    paper=PAPER_NAMES[kit["paper"]],
                                    pages=w.ngettext("{n} page", "{n} pages", total),
                                    sheets=w.ngettext("{n} sheet", "{n} sheets", sheets),
                                    command=_command(game, opts))),
             Line("text", w.gettext("Files of this build: {files} (the .json manifest lists every piece's position, "
                                    "in mm).", files=", ".join(files)))]
    lines += [Line("head", w.gettext("What each page holds")),
              Line("columns", (w.gettext("Pages"), w.gettext("Component"), w.gettext("Pieces"), w.gettext("Backs")))]
    for comp in kit["components"]:
        mine = [i for p in pages for i in p["items"] if i["component"] == comp["id"]]
        pieces = len({(i["id"], i["copy"]) for i in mine if i["side"] == "front"})
        backs = w.pgettext("backs", "printed") if comp["backs"] else w.pgettext("backs", "none")
        lines.append(Line("row", (pages_of(kit, comp["id"], w), names[comp["id"]].name, str(pieces), backs)))
    if shop is not None and shop[1]:
        lines += [Line("head", w.gettext("Pieces {shop} cannot make", shop=shop[0]))] + [
            Line("text", w.gettext("{reason}. Print them from this kit: pages {pages}.", reason=line,
                                   pages=pages_of(kit, comp_id, w))) for comp_id, line in shop[1]]
    lines += [Line("head", w.gettext("Before you print"))] + [Line("text", t) for t in _printing(kit, names, opts, w)]
    lines += [Line("head", w.gettext("Cutting, in this order"))] + [Line("text", t) for t in _cutting(kit, names, w)]
    return lines


def pages_of(kit: dict, component_id: str, words: Words = ENGLISH) -> str:
    """"3-8, 11": the kit's pages holding the component's fronts (with their backs), and a tiled map's
    assembly overview."""
    pages = kit["pages"]
    fronts = {p["number"] for p in pages for i in p["items"] if i["component"] == component_id and i["side"] == "front"}
    overviews = {p["number"] for p in pages if p.get("overview") == component_id}
    return _ranges(sorted(fronts | overviews), pages, words)


def _command(game: Any, opts: Options) -> str:
    words = [f"generator build {game.id if game.builtin else game.folder.name}", f"--paper {opts.paper}",
             f"--duplex {opts.duplex}", f"--back-offset {opts.back_offset[0]:g},{opts.back_offset[1]:g}",
             f"--bleed {opts.bleed:g}"] + ([f"--lang {game.lang}"] if getattr(game, "lang", "") else [])
    flags = {"--ink-saver": opts.ink_saver, "--fold": opts.fold, "--no-backs": not opts.backs,
             "--cut-lines": opts.cut_lines}
    return " ".join(words + [flag for flag, on in flags.items() if on])


def _printing(kit: dict, specs: dict, opts: Options, w: Words) -> list[str]:
    pages = kit["pages"]
    width, height = pages[0]["width"], pages[0]["height"]
    sample = next((i for p in pages for i in p["items"] if specs[i["component"]].kind == "card"
                   and i["side"] == "front" and "tile" not in i), None)
    if sample is None:
        scale = w.gettext("Print at 100 % (\"actual size\"), never \"fit to page\". Every page carries a 100 mm scale "
                          "bar at its edge (this one too): measure it before you cut.")
    else:
        scale = w.gettext("Print at 100 % (\"actual size\"), never \"fit to page\". Every page carries a 100 mm scale "
                          "bar at its edge (this one too): measure it before you cut; the first card ({card}) then "
                          "measures {width} x {height} mm at its trim.", card=specs[sample["component"]].name,
                          width=sample["w"], height=sample["h"])
    stock = _stock(w)
    kinds = _words(list(dict.fromkeys(stock[c["kind"]] for c in kit["components"] if c["kind"] in stock)), w)
    fields = {"paper": PAPER_NAMES[kit["paper"]], "width": width, "height": height, "pieces": kinds}
    if any(c["tiled"] for c in kit["components"]):
        paper = w.gettext("Paper: {paper} ({width} x {height} mm), 6 mm printer margin. Card stock of 200-300 g/m\u00b2 "
                          "for the {pieces}; map and board tiles on 120-160 g/m\u00b2 paper, glued onto card if you "
                          "like.", **fields)
    else:
        paper = w.gettext("Paper: {paper} ({width} x {height} mm), 6 mm printer margin. Card stock of 200-300 g/m\u00b2 "
                          "for the {pieces}.", **fields)
    calibrate = f"generator calibrate --paper {kit['paper']} --duplex {opts.duplex}"
    offset = f"{opts.back_offset[0]:g},{opts.back_offset[1]:g}"  # as the option is typed
    return [scale, paper, _duplex(pages, opts, w), _ink(pages, specs, opts, w),
            w.gettext("Backs out of line with their fronts? Print `{calibrate}` on this printer, read the offset it "
                      "shows and build again with --back-offset X,Y (this build: {offset}).",
                      calibrate=calibrate, offset=offset)]


def _stock(w: Words) -> dict[str, str]:
    """The pieces cut from card stock, by kind, as the paper's sentence names them."""
    return {"card": w.gettext("cards"), "token": w.gettext("tokens"), "board": w.gettext("boards"),
            "standee": w.gettext("standees"), "die": w.gettext("dice")}


def _duplex(pages: list[dict], opts: Options, w: Words) -> str:
    """Which sheets need the back side: fronts followed by a back page with pieces on it."""
    if opts.fold:
        return w.gettext("Print single-sided: each page holds fronts and backs either side of the dashed line; fold "
                         "along it and glue.")
    if not any(p["side"] == "back" for p in pages):
        return w.gettext("Print single-sided: this kit has no backs.")
    duplex: list[int] = []
    single: list[int] = []
    for front, back in zip(pages, pages[1:]):
        if front["side"] == "front" and back["side"] == "back":
            (single if back.get("blank") else duplex).append(front["number"])
    edge = w.pgettext("edge", "long") if opts.duplex == "long" else w.pgettext("edge", "short")
    text = w.gettext("Print the whole PDF duplex, flipping on the {edge} edge, so that every back lands behind its "
                     "front. Sheets with backs: pages {pages}.", edge=edge, pages=_ranges(duplex, pages, w))
    if single:
        text += " " + w.gettext("Sheets whose back page is blank (pages {pages}): print only their fronts, "
                                "single-sided, if you like.", pages=_ranges(single, pages, w))
    return text


def _ink(pages: list[dict], specs: dict, opts: Options, w: Words) -> str:
    """The ink saver's case: back pages of abutting card grids print edge to edge (a page of token backs does not)."""
    backs = sum(1 for p in pages if p["side"] == "back" and any(specs[i["component"]].kind != "token" for i in p["items"]))
    if opts.ink_saver:
        return w.gettext("This is the ink-saver print: light grounds and outline art.")
    if not backs:
        return w.gettext("Low on ink? Build with --ink-saver: light grounds and outline art.")
    return w.ngettext("{n} page is a back printed edge to edge. Low on ink, or on an inkjet that soaks the card? "
                      "Build with --ink-saver: light grounds and outline art.",
                      "{n} pages are backs printed edge to edge. Low on ink, or on an inkjet that soaks the card? "
                      "Build with --ink-saver: light grounds and outline art.", backs)


def _cutting(kit: dict, specs: dict, w: Words) -> list[str]:
    """Cut order for the kinds of pieces this kit holds."""
    kinds = {c["kind"] for c in kit["components"]}
    untiled = {c["id"] for c in kit["components"] if not c["tiled"]}
    rounds = [s.name for s in specs.values() if s.shape == "round" and s.id in {c["id"] for c in kit["components"]}]
    steps = [w.gettext("Where two grids share a sheet, cut them apart first, along the white gap between them."),
             w.gettext("Cut each grid along its crop marks: the long cuts first (each serves two pieces), then across.")]
    if rounds:
        steps.append(w.gettext("Round pieces ({pieces}): cut or punch each along its printed circle; they sit apart, "
                               "so bleeds never merge.", pieces=", ".join(rounds)))
    nets = [s.name for s in specs.values() if s.kind == "board" and s.id in untiled]
    if nets:
        if rounds:
            steps.append(w.gettext("Fold-up boards ({boards}) (the round pieces in their corners cut out first): cut "
                                   "around the outline, score and fold the dashed lines, glue the tabs.",
                                   boards=", ".join(nets)))
        else:
            steps.append(w.gettext("Fold-up boards ({boards}): cut around the outline, score and fold the dashed "
                                   "lines, glue the tabs.", boards=", ".join(nets)))
    if "standee" in kinds or "die" in kinds:
        steps.append(w.gettext("Standees and dice: cut around the outline, score and fold the dashed lines, glue the "
                               "tabs."))
    if any(c["tiled"] for c in kit["components"]):
        steps.append(w.gettext("Tiled maps and boards: trim each tile at its marks, keep the glue strip, and join the "
                               "tiles as the overview page shows (row 1, column 1 top left)."))
    return [w.gettext("{number}. {step}", number=n, step=step) for n, step in enumerate(steps, 1)]


def _words(items: list[str], w: Words) -> str:
    if len(items) == 1:
        return items[0]
    return w.gettext("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def _ranges(numbers: list[int], pages: list[dict], w: Words) -> str:
    """"3-8, 11": the pages of the sheets starting at `numbers` (a front page and its back page run on)."""
    covered: set[int] = set()
    for n in numbers:
        covered.add(n)
        if n < len(pages) and pages[n - 1]["side"] == "front" and pages[n]["side"] == "back":
            covered.add(n + 1)
    runs: list[list[int]] = []
    for n in sorted(covered):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}" if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs) or w.pgettext("pages", "none")


def draw_guide(lines: list[Line], page: Page):
    """The guide as a page decoration, at the largest size that fits between the title and the footer."""
    register_fonts()
    width = page.w - 2 * MARGIN
    for size in SIZES:
        placed = _lay_out(lines, width, size)
        if placed[-1][1] >= FOOT - (page.h - TOP):
            break

    def draw(c) -> None:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        for font, dy, x, text in placed:
            c.setFont(font[0], font[1])
            c.drawString(MARGIN + x, page.h - TOP + dy, text)
        c.restoreState()
    return draw


def _lay_out(lines: list[Line], width: float, size: float) -> list[tuple[tuple[str, float], float, float, str]]:
    """(font, y below the title's baseline (negative), x, text) of every line of the guide at `size`."""
    out: list[tuple[tuple[str, float], float, float, str]] = []
    y = 0.0
    columns = (0.0, 0.22 * width, 0.80 * width, 0.90 * width)
    for line in lines:
        if line.kind == "title":
            out.append(((DISPLAY_BOLD, 2 * size), y, 0.0, str(line.text)))
            y -= 2 * size * 0.9
        elif line.kind == "head":
            y -= 0.8 * size
            out.append(((TEXT_BOLD, size * 1.15), y, 0.0, str(line.text)))
            y -= size * 1.5
        elif line.kind in ("columns", "row"):
            cells = tuple(line.text)
            font = (TEXT_BOLD if line.kind == "columns" else TEXT, size)
            wrapped = [simpleSplit(cell, font[0], size, (columns[i + 1] if i + 1 < len(columns) else width)
                                   - columns[i] - 2 * MM) or [""] for i, cell in enumerate(cells)]
            for k in range(max(len(w) for w in wrapped)):
                out += [(font, y, columns[i], w[k]) for i, w in enumerate(wrapped) if k < len(w)]
                y -= size * 1.25
        else:
            for part in simpleSplit(str(line.text), TEXT, size, width):
                out.append(((TEXT, size), y, 0.0, part))
                y -= size * 1.25
            y -= size * 0.35
    return out
