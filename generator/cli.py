"""`generator`: build print-and-play kits from the definitions.

Bad input (definitions, options, layouts that cannot be printed) is reported as
file, card and field with exit code 2, never a traceback; nothing is written then.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, NoReturn, Optional, TypeVar

import typer
from typer.core import TyperCommand

from common.terminal import help_group, option_parser, run_app, run_main, shown
from generator import buildrun
from generator.plain import BUILD

T = TypeVar("T")
app = typer.Typer(cls=help_group(), add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Build printable PDFs from pnpkit's definitions.")

INTERVAL = (0.05, 3600.0)  # seconds between checks of `generator watch`


@app.callback()
def _root() -> None:
    """Build printable PDFs from pnpkit's definitions."""


def _fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(shown(message), err=True)
    raise typer.Exit(code)


def _refusing(step: Callable[..., T]) -> Callable[..., T]:
    """`step` of `generator.buildrun`, its refusal printed and exit 2 (the Typer way)."""
    def run(*args: Any) -> T:
        try:
            return step(*args)
        except buildrun.Refused as exc:
            _fail(str(exc))
    return run


_options = _refusing(buildrun.options)
_load = _refusing(buildrun.load)
_guarded = _refusing(buildrun.guarded)
_drawn = buildrun.drawn


PAPER, OUT, DUPLEX_OPT, OFFSET = (BUILD.typer(name) for name in ("paper", "out", "duplex", "back_offset"))
NO_BACKS, FOLD, BLEED, INK = (BUILD.typer(name) for name in ("no_backs", "fold", "bleed", "ink_saver"))
CUTS, NO_CACHE = BUILD.typer("cut_lines"), BUILD.typer("no_cache")
NO_STAMP, SINCE = BUILD.typer("no_stamp"), BUILD.typer("since")
LANG, LANG_FALLBACK = BUILD.typer("lang"), BUILD.typer("lang_fallback")


class _ShopOptional(TyperCommand):
    """`--shop` takes an optional vendor: a bare `--shop` (today's flag) means `--shop generic`."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        from generator.engine.vendors import VENDORS

        bare = [i for i, a in enumerate(args) if a == "--shop" and (i + 1 == len(args) or args[i + 1] not in VENDORS)]
        return super().parse_args(ctx, [f"{a}=generic" if i in bare else a for i, a in enumerate(args)])


@app.command(cls=_ShopOptional)
def build(
    games: Optional[list[str]] = typer.Argument(None, help="Game ids or folders (default: all built-in games)."),
    paper: str = PAPER, out: Path = OUT, duplex: str = DUPLEX_OPT, back_offset: str = OFFSET,
    no_backs: bool = NO_BACKS, fold: bool = FOLD, bleed: float = BLEED, ink_saver: bool = INK,
    cut_lines: bool = CUTS, no_cache: bool = NO_CACHE, no_stamp: bool = NO_STAMP, lang: Optional[str] = LANG,
    lang_fallback: bool = LANG_FALLBACK,
    shop: Optional[str] = typer.Option(None, "--shop", metavar="[VENDOR]",
                                       help="Also write OUT/GAME-shop-VENDOR/ for a print shop: tgc, dtc, mpc or "
                                            "generic (plain --shop)."),
    since: Optional[Path] = SINCE,
) -> None:
    """Build each game's home-print kit into OUT/GAME-PAPER.pdf with its OUT/GAME-PAPER.json manifest."""
    from generator.engine.vendors import VENDORS

    opts = _options(paper, duplex, back_offset, no_backs, fold, bleed, ink_saver, cut_lines, no_stamp)
    if shop is not None and shop not in VENDORS:
        _fail(f"--shop: expected {', '.join(list(VENDORS)[:-1])} or {list(VENDORS)[-1]}, got {shop!r}")
    _refusing(buildrun.build)(games or [], opts, out, shop, no_cache, lang, lang_fallback, since)


@app.command()
def png(
    game: str = typer.Argument(..., help="Game id or folder."),
    card: Optional[str] = typer.Option(None, "--card", help="Only this record id."),
    dpi: int = typer.Option(300, "--dpi", help="Resolution (72 to 1200).", parser=option_parser(whole=True)),
    out: Path = OUT, bleed: float = BLEED, ink_saver: bool = INK, no_stamp: bool = NO_STAMP,
    lang: Optional[str] = LANG, lang_fallback: bool = LANG_FALLBACK,
) -> None:
    """Write a PNG of every card face with bleed: OUT/GAME-png/COMPONENT/ID-front.png and -back.png
    (OUT/GAME-png-CODE/ with --lang CODE)."""
    from common.files import write_set
    from generator.engine.box import Style
    from generator.engine.build import folder_name, output_name
    from generator.engine.raster import png_files
    from generator.templates import looks_for

    if not 72 <= dpi <= 1200:
        _fail(f"--dpi: expected 72 to 1200, got {dpi}")
    opts = _options("a4", "long", "0,0", False, False, bleed, ink_saver, False, no_stamp)
    loaded = _load(game, lang, lang_fallback)

    def run() -> None:
        files = _drawn(lambda: png_files(loaded, looks_for(loaded), Style(ink_saver=ink_saver), opts, out, dpi=dpi,
                                         card=card))
        write_set(files, root=out)
        typer.echo(shown(f"{output_name(loaded)}: wrote {len(files)} PNG files at {dpi} dpi into "
                         f"{out / folder_name(loaded, 'png')}"))
    _guarded(run, lang)


@app.command()
def tts(
    game: str = typer.Argument(..., help="Game id or folder."),
    out: Path = OUT, ink_saver: bool = INK, no_stamp: bool = NO_STAMP,
    tts_url: Optional[str] = typer.Option(None, "--tts-url", help="URL where you host the images, for every player "
                                                                  "(default: file:/// URLs, this computer only)."),
    lang: Optional[str] = LANG, lang_fallback: bool = LANG_FALLBACK,
) -> None:
    """Write Tabletop Simulator sheets and images with a saved object OUT/GAME-tts/GAME.json
    (OUT/GAME-tts-CODE/GAME-CODE.json with --lang CODE)."""
    from common.files import write_set
    from generator.engine.box import Style
    from generator.engine.build import folder_name, lang_tag, output_name
    from generator.engine.tts import tts_files
    from generator.templates import looks_for

    if tts_url is not None and not tts_url.startswith(("https://", "http://", "file:///")):
        _fail(f"--tts-url: expected an https:// or http:// URL where the images are hosted, got {tts_url!r}")
    opts = _options("a4", "long", "0,0", False, False, 3.0, ink_saver, False, no_stamp)
    loaded = _load(game, lang, lang_fallback)

    def run() -> None:
        name = output_name(loaded) + lang_tag(loaded)
        folder = out / folder_name(loaded, "tts")
        files = _drawn(lambda: tts_files(loaded, looks_for(loaded), Style(ink_saver=ink_saver), opts,
                                         folder, name, tts_url))
        write_set(files, root=out)
        where = (f"its images named under {tts_url}: upload {folder}/ there and every player loads them" if tts_url
                 else f"its images named by file:/// URLs of {folder.absolute()}/, so it loads on this computer only; "
                      "to play with others, host the images (Tabletop Simulator's Cloud Manager or any web host) and "
                      "build again with --tts-url URL (docs/printing.md#tabletop-simulator)")
        typer.echo(shown(f"{output_name(loaded)}: wrote {len(files) - 1} Tabletop Simulator images and "
                         f"{folder / (name + '.json')}, " + where))
    _guarded(run, lang)


@app.command()
def proof(
    game: str = typer.Argument(..., help="Game id or folder."),
    component: Optional[str] = typer.Option(None, "--component", help="Only this component's faces."),
    dpi: int = typer.Option(100, "--dpi", help="Resolution (36 to 600).", parser=option_parser(whole=True)),
    hand: Optional[str] = typer.Option(None, "--hand", help="Also a fanned hand of these cards: id,id,..."),
    out: Path = OUT, ink_saver: bool = INK, lang: Optional[str] = LANG, lang_fallback: bool = LANG_FALLBACK,
) -> None:
    """Write OUT/GAME-proof.png, a contact sheet of every face with its id, and with --hand OUT/GAME-hand.png
    (GAME-proof-CODE.png, GAME-hand-CODE.png with --lang CODE)."""
    from common.files import write_set
    from generator.engine.box import Style
    from generator.engine.build import output_name
    from generator.engine.proof import proof_files
    from generator.templates import looks_for

    if not 36 <= dpi <= 600:
        _fail(f"--dpi: expected 36 to 600, got {dpi}")
    held = None if hand is None else [h.strip() for h in hand.split(",")]
    if held is not None and not all(held):
        _fail(f"--hand: expected card ids separated by commas (e.g. red-fox,moonrise), got {hand!r}")
    opts = _options("a4", "long", "0,0", False, False, 3.0, ink_saver, False)
    loaded = _load(game, lang, lang_fallback)

    def run() -> None:
        name = output_name(loaded)
        files = _drawn(lambda: proof_files(loaded, looks_for(loaded), Style(ink_saver=ink_saver), opts, out, name,
                                           dpi=dpi, component=component, hand=held))
        write_set(files, root=out)
        typer.echo(shown(f"{name}: wrote {' and '.join(str(f) for f in files)}"))
    _guarded(run, lang)


@app.command()
def changes(
    old: Path = typer.Argument(..., metavar="OLD.json", help="An earlier build's manifest."),
    new: Path = typer.Argument(..., metavar="NEW.json", help="A later build's manifest (a kit's or a reprint's)."),
    as_json: bool = typer.Option(False, "--json", help='Print {"added", "removed", "changed"} as JSON.'),
    html_dir: Optional[Path] = typer.Option(None, "--html", metavar="DIR",
                                            help="Also write DIR/index.html: each changed face before and after, "
                                                 "cut from the two builds' PDFs."),
) -> None:
    """Print what changed between two builds: records added, removed and changed, each field old -> new."""
    import json

    from common.files import write_set
    from generator.engine.versions import ManifestError, change_lines, read_manifest
    from generator.engine.versions import changes as changes_between

    try:
        before = read_manifest(old)
        after = read_manifest(new, before["game"])
        found = changes_between(before, after)
        if html_dir is not None:
            from generator.engine.beforeafter import page_files

            files = page_files(old, before, new, after, found, html_dir)
            _guarded(lambda: write_set(files, root=html_dir))
    except ManifestError as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(found.as_json(), ensure_ascii=False))
    else:
        for line in change_lines(found):
            typer.echo(shown(line))
    if html_dir is not None:
        typer.echo(shown(f"wrote {html_dir / 'index.html'}"), err=as_json)


@app.command()
def calibrate(paper: str = PAPER, out: Path = OUT, duplex: str = DUPLEX_OPT, back_offset: str = OFFSET) -> None:
    """Write OUT/calibration-PAPER-DUPLEX.pdf: a duplex test sheet that shows your printer's --back-offset."""
    from common.files import write_file
    from generator.engine.calibrate import calibration_name, calibration_pdf
    from generator.engine.impose import paper_size

    opts = _options(paper, duplex, back_offset, False, False, 3.0, False, False)
    path = out / calibration_name(opts)
    _guarded(lambda: write_file(path, calibration_pdf(opts, paper_size(opts.paper))))
    typer.echo(shown(f"wrote {path}: print it duplex ({opts.duplex}-edge flip) at 100 %, then follow page 1"))


@app.command()
def watch(
    game: str = typer.Argument(..., help="Game id or folder to watch."),
    paper: str = PAPER, out: Path = OUT, duplex: str = DUPLEX_OPT, back_offset: str = OFFSET,
    no_backs: bool = NO_BACKS, fold: bool = FOLD, bleed: float = BLEED, ink_saver: bool = INK,
    cut_lines: bool = CUTS, no_cache: bool = NO_CACHE, no_stamp: bool = NO_STAMP, lang: Optional[str] = LANG,
    lang_fallback: bool = LANG_FALLBACK,
    poll: bool = typer.Option(False, "--poll", help="Check the folder every --interval instead of waiting for the "
                                                    "file system's change notices (for network folders)."),
    interval: float = typer.Option(0.5, "--interval", help=f"Seconds between checks when polling ({INTERVAL[0]:g} to "
                                                           f"{INTERVAL[1]:g}).",
                                   parser=option_parser(low=INTERVAL[0], high=INTERVAL[1], unit=" s")),
) -> None:
    """Rebuild GAME's kit whenever one of its files changes (Ctrl-C stops); the cards just
    changed are written first as PNG previews into OUT/GAME-png/ (with --lang CODE: the kit
    OUT/GAME-PAPER-CODE.pdf, the previews in OUT/GAME-png-CODE/)."""
    import time

    from cards import DefinitionError
    from common.files import FileRefused
    from cards.loader import resolve_folder
    from common.usercache import cache_dir
    from generator.engine.errors import LayoutError
    from generator.engine.watch import Session
    from generator.engine.watch import watch as watch_loop
    from generator.templates import looks_for

    opts = _options(paper, duplex, back_offset, no_backs, fold, bleed, ink_saver, cut_lines, no_stamp)
    _refusing(buildrun.watched_language)(game, lang, lang_fallback)
    try:
        folder, _ = resolve_folder(game)
    except DefinitionError as exc:
        _fail(str(exc))
    session = Session(opts, out, None if no_cache else cache_dir(), lang, lang_fallback)  # keeps faces warm

    def rebuild() -> None:
        start = time.perf_counter()
        try:
            loaded = session.load(game)
            shown_files = ", ".join(str(p) for p in session.previews(loaded, looks_for(loaded)))
            if shown_files:  # the edited cards first (their art warnings come with the build's)
                typer.echo(shown(f"preview ({time.perf_counter() - start:.2f} s): {shown_files}"))
            result = _drawn(lambda: session.build(loaded))
            typer.echo(shown(f"{result.summary()} ({time.perf_counter() - start:.2f} s)"))
        except (DefinitionError, LayoutError, FileRefused) as exc:
            drawing = f"--lang {lang}: " if lang and not isinstance(exc, DefinitionError) else ""  # as build says
            where = drawing + ("--out: " if isinstance(exc, FileRefused) else "")
            typer.echo(shown(f"{where}{exc}\n(the last good files are kept; watching for the fix)"), err=True)
        session.settle()

    typer.echo(shown(f"watching {folder} (Ctrl-C stops)"))
    watch_loop(folder, rebuild, interval=interval, poll=poll, ignore=(out.resolve(),))


@app.command()
def new(
    folder: Path = typer.Argument(..., help="The new game's folder (absent or empty)."),
    source: Optional[str] = typer.Option(None, "--from", help="Copy a built-in game (e.g. el-dorado-canyon)."),
) -> None:
    """Start a game: a blank print-only deck (a layout, sample art, a back, a font), or a copy of a built-in game."""
    from common.files import FileRefused
    from generator.new import NewGameError, new_game

    try:
        files = new_game(folder, source)
    except NewGameError as exc:
        _fail(str(exc))
    except FileRefused as exc:
        _fail(f"{folder}: {exc}")
    typer.echo(shown(f"{folder}: wrote {len(files)} files; next: generator build {folder} "
                     f"(then open {folder}/game.toml: its comments say what to change)"))


@app.command()
def pull(
    folder: Path = typer.Argument(..., help="The game folder whose components name a source."),
    timeout: float = typer.Option(30.0, "--timeout", parser=option_parser(low=0.1, high=600.0),
                                  help="Seconds to wait for a server (to connect, and between bytes)."),
) -> None:
    """Fetch each component's source (a published CSV) into its snapshot file and print what changed."""
    from generator.pull import PullError
    from generator.pull import pull as run

    if not (folder / "game.toml").is_file():
        _fail(f"{folder}: expected a game folder with a game.toml")
    try:
        lines = run(folder, timeout)
    except PullError as exc:
        _fail(str(exc))
    for line in lines:
        typer.echo(shown(line))


def main() -> None:
    """The Typer app (the `generator` command is `generator.plain.main`: a plain build skips Typer)."""
    run_main(lambda: run_app(app))


if __name__ == "__main__":
    main()
