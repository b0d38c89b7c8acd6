"""One game's outputs: the home-print kit and its manifest, the poster, the print-shop PDF.

Output names (print.md fixes the first two; the rest are ours).  GAME is the name the
game was asked for by: a built-in id, or the name of the folder given as a path
(`generator build ./my-game` writes `my-game-a4.pdf`, even when the folder is a copy
of a built-in game, so a copy never overwrites the original's files):

- `DIR/GAME-PAPER.pdf` and `DIR/GAME-PAPER.json`: the home-print kit and its manifest;
- `DIR/GAME-poster-a2.pdf`, `DIR/GAME-poster-a1.pdf` and their `.json` manifests: each map whole
  on that poster size, scaled down to fit when larger (the scale printed on the page);
- `DIR/GAME-shop-VENDOR/`: the print-shop preset's files, one per piece size (generator.engine.shop);
- `DIR/GAME-png/COMPONENT/ID-front.png` (and `-back.png`): 300 dpi with bleed (`generator png`);
- `DIR/GAME-tts/COMPONENT-N.png` and `COMPONENT-back.png`: Tabletop Simulator sheets (`generator tts`).

A build's files are one set (`cards.files.write_set`): the kit's manifest, written last,
lists the sha256 of every other file of the set under `files`, so a set mixed by a crash
can be told, and a failed or killed build leaves the previous set whole.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.files import sha256, write_set
from generator.templates import looks_for

from .box import Style
from .faces import FaceForms
from .images import collecting_warnings
from .impose import plan
from .posters import POSTERS, poster_pages
from .render import manifest, render_pdf
from .sheet import Options, Page
from .shop import shop_files


@dataclass
class Result:
    """What a build wrote, for the summary line."""

    game: str
    files: list[Path]
    pages: int
    sheets: int
    printed: dict[str, int] = field(default_factory=dict)  # component name -> faces cut out
    warnings: list[str] = field(default_factory=list)  # art printing below 300 dpi (the build still succeeds)
    refused: list[str] = field(default_factory=list)        # pieces the print shop cannot make

    def summary(self) -> str:
        counts = ", ".join(f"{name} {n}" for name, n in self.printed.items())
        return (f"{self.game}: {self.pages} pages on {self.sheets} sheets ({counts}) -> "
                + ", ".join(str(p) for p in self.files)
                + "".join(f"\n  the print shop cannot make: {line}" for line in self.refused))


def output_name(game: Any) -> str:
    """GAME in the output names: the built-in game's id (never its family's), or the name of the game's folder."""
    return game.id if game.builtin else game.folder.name


def build_game(game: Any, opts: Options, out: Path, *, shop: str | None = None) -> Result:
    """Render every output of `game` in memory, then write them all or none; collect the art warnings."""
    with collecting_warnings() as warnings:
        result = _build(game, opts, out, shop)
    result.warnings = warnings
    return result


def _build(game: Any, opts: Options, out: Path, shop: str | None) -> Result:
    looks = looks_for(game)
    style = Style(ink_saver=opts.ink_saver)
    pages = plan(game, opts, looks)
    files: dict[Path, bytes] = {}
    name = output_name(game)
    base = out / f"{name}-{opts.paper}"
    files[base.with_suffix(".pdf")] = render_pdf(pages, game, looks, FaceForms(looks, style, opts.bleed), opts,
                                                 f"{game.name}: print-and-play kit ({opts.paper})")
    kit = manifest(pages, game, opts.paper)
    for paper in POSTERS:
        posters = poster_pages(game, opts, paper)
        if posters:
            poster = out / f"{name}-poster-{paper}"
            files[poster.with_suffix(".pdf")] = render_pdf(posters, game, looks, FaceForms(looks, style, opts.bleed),
                                                           opts, f"{game.name}: {paper.upper()} poster")
            files[poster.with_suffix(".json")] = _json(manifest(posters, game, paper))
    refused: list[str] = []
    if shop is not None:
        shop_set, refused = shop_files(game, looks, style, opts, out / f"{name}-shop-{shop}", shop)
        files.update(shop_set)
    kit["files"] = {path.relative_to(out).as_posix(): sha256(data) for path, data in files.items()}
    files[base.with_suffix(".json")] = _json(kit)  # last: the set is whole when its manifest is
    write_set(files, root=out)
    kit_files = [base.with_suffix(".pdf"), base.with_suffix(".json")]
    listed = kit_files + [p for p in files if p not in kit_files and p.parent == out]
    if shop is not None:
        listed.append(out / f"{name}-shop-{shop}")
    return Result(name, listed, len(pages), _sheets(pages), _printed(pages), refused=refused)


def _json(data: dict) -> bytes:
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()


def _sheets(pages: list[Page]) -> int:
    """Physical sheets: a back page is printed on its front's sheet."""
    return sum(1 for p in pages if p.side == "front")


def _printed(pages: list[Page]) -> dict[str, int]:
    """Pieces to cut out per component: each record copy once (a standee's two sides, a tiled map are one)."""
    counts: dict[str, int] = {}
    seen: set[tuple[str, str, int]] = set()
    for page in pages:
        for item in page.items:
            key = (item.face.component.id, item.face.record.id, item.copy)
            if item.listed and key not in seen:
                seen.add(key)
                name = item.face.component.spec.name
                counts[name] = counts.get(name, 0) + 1
    return counts
