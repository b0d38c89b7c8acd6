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

A build's files are one set (`common.files.write_set`): the kit's manifest, written last,
lists the sha256 of every other file of the set under `files`, so a set mixed by a crash
can be told, and a failed or killed build leaves the previous set whole.
"""
from __future__ import annotations

import gc
import json
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any, Callable, ParamSpec, TypeVar

import rapidjson

from common.files import FileRefused, Spooled, inside, read_bytes, sha256, write_set
from generator.templates import looks_for

from .box import Style
from .facecache import FaceCache, KeptFaces
from .faces import FaceForms, Recordings
from .guide import draw_guide, guide_lines, guide_pages, pages_of
from .impose import paper_size, plan
from .pdfforms import keeping_streams, stored_streams
from .posters import POSTERS, poster_pages
from .render import manifest, render_pdf
from .sheet import PAPERS_MM, Options, Page
from .reprint import changes_pages, cut_down
from .stamp import FaceStamps
from .versions import change_lines, changes, read_manifest, recorded
from .words import words_of


@dataclass
class Result:
    """What a build wrote, for the summary line."""

    game: str
    files: list[Path]
    pages: int
    sheets: int
    printed: dict[str, int] = field(default_factory=dict)  # component name -> faces cut out
    refused: list[str] = field(default_factory=list)        # pieces the print shop cannot make
    drawn: int = 0  # faces of the kit drawn afresh (the others came from the face cache)
    notes: list[str] = field(default_factory=list)          # a reprint's changes (`versions.change_lines`)

    def summary(self) -> str:
        if not self.files:
            return f"{self.game}: " + "; ".join(self.notes) + ": no PDF written"
        counts = ", ".join(f"{name} {n}" for name, n in self.printed.items())
        return (f"{self.game}: {self.pages} pages on {self.sheets} sheets ({counts}) -> "
                + ", ".join(str(p) for p in self.files)
                + "".join(f"\n  the print shop cannot make: {line}" for line in self.refused)
                + "".join(f"\n  {line}" for line in self.notes))


T = TypeVar("T")
# a bigger kit is built without the last build's streams (`pdfforms.StoredStreams`) or a pack of its face cache
# entries (`facecache.Pack`): at 5,000 cards keeping the streams raised its peak memory from 150 to 167-196 MiB
# (the target is 150), for a file too big to keep
STORED_STREAMS_RECORDS = 2_000
P = ParamSpec("P")


def _collector_off(build: Callable[P, T]) -> Callable[P, T]:
    """Run `build` with the cyclic garbage collector off (as it was afterwards).  Its full passes scan
    every face, record and PDF object alive, again and again as they grow: 5 % of a cold 5,000-card
    build's CPU, which leaves about 2 MiB of garbage in cycles uncollected until the build is done."""
    @wraps(build)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        was = gc.isenabled()
        gc.disable()
        try:
            return build(*args, **kwargs)
        finally:
            if was:
                gc.enable()
    return run


def output_name(game: Any) -> str:
    """GAME in the output names: the built-in game's id (never its family's), or the name of the game's folder."""
    return game.id if game.builtin else game.folder.name


def lang_tag(game: Any) -> str:
    """`-CODE` after the paper in a translated kit's names (`GAME-PAPER-CODE.pdf`), else nothing."""
    return f"-{game.lang}" if getattr(game, "lang", "") else ""


def folder_name(game: Any, kind: str) -> str:
    """`GAME-png`, `GAME-tts`: the folder of a command's files, ending in `-CODE` for a translated game as a
    kit's names do (`GAME-png-fr`)."""
    return f"{output_name(game)}-{kind}{lang_tag(game)}"


@_collector_off
def build_game(game: Any, opts: Options, out: Path, *, shop: str | None = None,
               cache_root: Path | None = None, kept: KeptFaces | None = None, since: Path | None = None,
               stamps: FaceStamps | None = None) -> Result:
    """Render every output of `game` in memory, then write them all or none (art warnings go to the caller's
    `images.collecting_warnings`).

    With `cache_root` (a folder, normally `common.usercache.cache_dir()`), faces drawn by an earlier
    build are replayed from it and new ones kept there (`generator.engine.facecache`); `kept` also
    keeps them in memory for the next build of this process (`generator watch`).  With `since` (an earlier
    build's manifest) only the reprint of what changed is written (`_reprint`).  `stamps`: the faces' digests
    and stamps already worked out for this load of the game (`generator watch`'s, before its previews).
    """
    looks = looks_for(game)
    small = sum(len(c.records) for c in game.components) <= STORED_STREAMS_RECORDS
    # a kit's entries in one file (`facecache.Pack`), but under `generator watch` (it keeps them in memory) and for
    # a reprint (which would leave the kit's pack and streams holding only its few faces)
    whole = small and since is None
    pack = f"{output_name(game)}{lang_tag(game)}\0{opts!r}" if whole and kept is None else None
    cache = None if cache_root is None else FaceCache(game, looks, cache_root, kept, pack=pack)
    stored = None if cache is None or not whole else stored_streams(*cache.streams_entry(
        output_name(game) + lang_tag(game), opts.paper))
    if stored is None:
        return _build(game, looks, opts, out, shop, cache, since, stamps)
    with keeping_streams(stored):  # the streams and form objects of the last build of this kit, as written
        result = _build(game, looks, opts, out, shop, cache, since, stamps)
    stored.save()
    return result


def _build(game: Any, looks: Any, opts: Options, out: Path, shop: str | None, cache: FaceCache | None,
           since: Path | None = None, known: FaceStamps | None = None) -> Result:
    style = Style(ink_saver=opts.ink_saver)
    pieces = plan(game, opts, looks)
    digests = known or FaceStamps(game, looks)
    stamps = digests if opts.stamp else None
    name, lang = output_name(game), lang_tag(game)
    definitions = recorded(pieces, game, looks, digests)
    if since is not None:
        return _reprint(game, looks, opts, out, cache, since, definitions, stamps)
    words = words_of(game)
    guide = guide_pages(pieces, paper_size(opts.paper), words)
    pages = guide + pieces
    files: dict[Path, bytes | Spooled] = {}
    posters = {paper: p for paper in POSTERS if (p := poster_pages(game, opts, paper))}

    def faces(recordings: Recordings) -> FaceForms:
        # a face of a component on a poster is drawn in the kit and replayed on the posters
        share = frozenset(i.face.component.id for p in posters.values() for page in p for i in page.items)
        return FaceForms(looks, style, opts.bleed, recordings, share=share, cache=cache, stamps=stamps)

    recordings: Recordings = {}
    base = out / f"{name}-{opts.paper}{lang}"
    kit = manifest(pages, game, opts.paper) | definitions | ({"lang": game.lang} if lang else {})
    written = [f"{name}-{opts.paper}{lang}.pdf", f"{name}-{opts.paper}{lang}.json"] + \
        [f"{name}-poster-{paper}{lang}.pdf" for paper in posters] + ([f"{name}-shop-{shop}{lang}/"] if shop else [])
    cannot: list[tuple[str, str]] = []  # (component id, why): in English for the command's summary
    said: list[tuple[str, str]] = []    # ... and in the kit's language for its guide
    if shop is not None:
        from .shop import refusals
        from .vendors import VENDORS

        refusing = refusals(game, shop)
        cannot = [(r.component.id, r.line()) for r in refusing]
        said = [(r.component.id, r.line(words)) for r in refusing]
    shop_lines = None if shop is None else (VENDORS[shop].called(words), said)
    guide[0].decor.append(draw_guide(guide_lines(kit, game, opts, written, words, shop_lines), guide[0]))
    kit_forms = faces(recordings)
    files[base.with_suffix(".pdf")] = render_pdf(pages, game, looks, kit_forms, opts, words.gettext(
        "{game}: print-and-play kit ({paper})", game=game.name, paper=opts.paper))
    for paper, sheets in posters.items():
        poster = out / f"{name}-poster-{paper}{lang}"
        files[poster.with_suffix(".pdf")] = render_pdf(sheets, game, looks, faces(recordings), opts,
                                                       words.gettext("{game}: {paper} poster", game=game.name,
                                                                     paper=paper.upper()))
        files[poster.with_suffix(".json")] = manifest_text(manifest(sheets, game, paper)
                                                           | recorded(sheets, game, looks, digests))
    refused: list[str] = []
    if shop is not None:
        from .shop import shop_files  # (and its vendors: only for --shop)

        shop_set, _ = shop_files(game, looks, style, opts, out / f"{name}-shop-{shop}{lang}", shop)
        files.update(shop_set)
        refused = [f"{line}; print them from {base.name}.pdf, pages {pages_of(kit, comp_id)}" for comp_id, line in cannot]
    kit["files"] = {path.relative_to(out).as_posix(): sha256(data) for path, data in files.items()}
    files[base.with_suffix(".json")] = manifest_text(kit)  # last: the set is whole when its manifest is
    write_set(files, root=out, remove=_stale(out, name, opts.paper, files, lang))
    _saved(cache)
    kit_files = [base.with_suffix(".pdf"), base.with_suffix(".json")]
    listed = kit_files + [p for p in files if p not in kit_files and p.parent == out]
    if shop is not None:
        listed.append(out / f"{name}-shop-{shop}{lang}")
    return Result(name, listed, len(pages), _sheets(pages), _printed(pages), refused=refused,
                  drawn=len(kit_forms.drawn))


def _reprint(game: Any, looks: Any, opts: Options, out: Path, cache: FaceCache | None, since: Path,
             definitions: dict[str, Any], stamps: FaceStamps | None) -> Result:
    """`OUT/GAME-PAPER-reprint.pdf` and its manifest: the pieces whose faces changed since the manifest
    `since`, after a page listing the changes (`generator.engine.reprint`); nothing when none did."""
    name = output_name(game)
    found = changes(read_manifest(since, game.id, option="--since"), definitions)
    if not found.faces:
        said = f"nothing changed since {since}" if not found else "; ".join(change_lines(found)) + \
            f"; no face to reprint since {since}"
        return Result(name, [], 0, 0, notes=[said])
    cut = cut_down(game, found.faces)
    pieces = plan(cut, opts, looks)
    paper = paper_size(opts.paper)
    words = words_of(game)
    first = changes_pages(found, game, since.name, paper, any(p.side == "back" for p in pieces), words)
    guide = guide_pages(pieces, paper, words)
    pages = first + guide + pieces
    base = out / f"{name}-{opts.paper}-reprint{lang_tag(game)}"
    kit = manifest(pages, cut, opts.paper) | definitions | {"since": since.name, "changes": found.as_json()}
    written = [base.with_suffix(".pdf").name, base.with_suffix(".json").name]
    guide[0].decor.append(draw_guide(guide_lines(kit, cut, opts, written, words), guide[0]))
    forms = FaceForms(looks, Style(ink_saver=opts.ink_saver), opts.bleed, cache=cache, stamps=stamps)
    pdf = render_pdf(pages, cut, looks, forms, opts, words.gettext("{game}: reprint ({paper})", game=game.name,
                                                                   paper=opts.paper))
    kit["files"] = {base.with_suffix(".pdf").name: sha256(pdf)}
    write_set({base.with_suffix(".pdf"): pdf, base.with_suffix(".json"): manifest_text(kit)}, root=out)
    _saved(cache)
    return Result(name, [base.with_suffix(".pdf"), base.with_suffix(".json")], len(pages), _sheets(pages),
                  _printed(pages), drawn=len(forms.drawn), notes=change_lines(found))


def _saved(cache: FaceCache | None) -> None:
    """File the kit's face cache pack, trimming the cache when due."""
    if cache is not None:
        cache.save_pack()
        if cache.written_bytes:
            cache.trim_when_due()


def _stale(out: Path, name: str, paper: str, files: dict[Path, bytes | Spooled], lang: str = "") -> list[Path]:
    """Files the previous build of this kit wrote that this one does not (a print-shop set of another
    vendor, or of none): the folder then holds only what the builds it has manifests of wrote.

    They are read from the previous manifest's `files`; a file another paper's kit of the game
    still lists stays, and only names of this game's outputs inside `out` are ever removed: a manifest
    naming anything outside it (`common.files.inside`) is ignored, with a warning.
    """
    def listed(manifest: Path) -> set[str]:
        try:
            found = json.loads(read_bytes(manifest, inside=out))["files"]
        except (FileRefused, ValueError, KeyError, TypeError):
            return set()
        return set(found) if isinstance(found, dict) else set()
    kept = {p.relative_to(out).as_posix() for p in files}
    for other in PAPERS_MM:
        if other != paper:
            kept |= listed(out / f"{name}-{other}{lang}.json")
    previous = out / f"{name}-{paper}{lang}.json"
    stale = inside(out, sorted(listed(previous) - kept), previous) or []  # a name outside `out`: none removed
    return [path for path in stale if path.relative_to(out).as_posix().startswith(f"{name}-")]


def manifest_text(data: dict) -> bytes:
    """A manifest's text: `json.dumps(data, indent=1, ensure_ascii=False)`'s, written by python-rapidjson in C.

    With `indent`, the standard library encodes in pure Python, one generator per container: 28 ms of CPU for a
    500-card folder's 630 KB manifest, 4 ms here.  rapidjson writes numbers as Python does (shortest repr, NaN
    and Infinity as `json` writes them) and the same separators, so the files are the bytes they were."""
    return (rapidjson.dumps(data, indent=1, ensure_ascii=False, number_mode=rapidjson.NM_NAN) + "\n").encode()


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
