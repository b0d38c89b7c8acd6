"""`generator build`'s work without Typer: options checked, each game loaded, built and reported.

The Typer commands (`generator.cli`) and the plain fast path (`generator.plain`, which
spares a plain `generator build` the import of Typer) share these steps, so both print the
same lines and refuse with the same messages: a refusal is `Refused`, whose text the
command prints (escaped) before it exits 2.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from common.numbers import parse
from common.terminal import shown

if TYPE_CHECKING:
    from rich.progress import Progress

    from generator.engine.sheet import Options

T = TypeVar("T")
PAPERS = ("a4", "letter")
DUPLEX = ("long", "short")
MAX_OFFSET = 6.0   # mm: the printer margin, so that a shifted back's trim box stays on the paper
MAX_BLEED = 6.0    # mm: more would run a grid's bleed off the paper and leave the footer no margin


class Refused(Exception):
    """Bad input or an output that cannot be written: the message, then exit 2."""


def options(paper: str, duplex: str, back_offset: str, no_backs: bool, fold: bool, bleed: float,
            ink_saver: bool, cut_lines: bool, no_stamp: bool = False) -> Options:
    """The checked build options; `Refused` names the option and what it expects."""
    from generator.engine.sheet import Options

    paper, duplex = paper.lower(), duplex.lower()
    if paper not in PAPERS:
        raise Refused(f"--paper: expected a4 or letter, got {paper!r}")
    if duplex not in DUPLEX:
        raise Refused(f"--duplex: expected long or short, got {duplex!r}")
    try:
        dx, dy = (parse(v) for v in back_offset.split(","))
    except ValueError:
        raise Refused(f"--back-offset: expected X,Y in mm, in ASCII digits (e.g. 1.5,-0.5), got {back_offset!r}") \
            from None
    if not (abs(dx) <= MAX_OFFSET and abs(dy) <= MAX_OFFSET):   # also refuses nan
        raise Refused(f"--back-offset: expected X,Y in mm, each from -{MAX_OFFSET:g} to {MAX_OFFSET:g} "
                      f"(a shift past the printer margin would push backs off the paper), got {back_offset!r}")
    if not 0 <= bleed <= MAX_BLEED:
        raise Refused(f"--bleed: expected 0 to {MAX_BLEED:g} mm (print shops ask 3 or 3.175), got {bleed:g}")
    return Options(paper=paper, duplex=duplex, back_offset=(dx, dy), backs=not no_backs, fold=fold, bleed=bleed,
                   ink_saver=ink_saver, cut_lines=cut_lines, stamp=not no_stamp)


def load(game: str, lang: str | None = None, fallback: bool = False) -> Any:
    """The loaded `cards.Game` (in language `lang`: `cards.translations`); `Refused` with every problem of its
    definitions."""
    from cards import DefinitionError, load_game

    languages(lang, fallback)
    try:
        if lang is None:
            return load_game(game)
        from cards.translations import load_translated

        return load_translated(game, lang, fallback)
    except DefinitionError as exc:
        raise Refused(str(exc)) from None


def languages(lang: str | None, fallback: bool) -> None:
    """`--lang-fallback` is refused without `--lang` (every command that takes them)."""
    if fallback and lang is None:
        raise Refused("--lang-fallback: expected --lang CODE with it (the language whose missing texts fall back)")


def watched_language(game: str, lang: str | None, fallback: bool) -> None:
    """`generator watch`'s check before it starts: `--lang-fallback` without `--lang`, or a language the game
    lacks, is `Refused` as `load` refuses it; definitions that do not load are left to the first rebuild to say
    (it keeps watching for the fix)."""
    from cards import DefinitionError, load_game
    from cards.translations import codes

    languages(lang, fallback)
    if lang is None:
        return
    try:
        known = codes(load_game(game))
    except DefinitionError:
        return
    if lang not in known:
        load(game, lang)  # refused: the languages the game has


def guarded(action: Callable[[], None], lang: str | None = None) -> None:
    """Run a build step; a layout that cannot be printed, or an output folder that cannot be written, is `Refused`
    (naming the language `lang` the step draws in)."""
    from common.files import FileRefused
    from generator.engine.errors import LayoutError
    from generator.engine.versions import ManifestError

    where = f"--lang {lang}: " if lang else ""
    try:
        action()
    except (LayoutError, ManifestError) as exc:
        raise Refused(f"{where}{exc}") from None
    except FileRefused as exc:
        raise Refused(f"{where}--out: {exc}") from None


def drawn(draw: Callable[[], T]) -> T:
    """Run a step that draws art, then print its warnings (art below 300 dpi) on stderr: they do not fail it.
    The one place every command that draws art (build, png, tts, watch) says them, the same way."""
    from generator.engine.images import collecting_warnings

    with collecting_warnings() as warnings:
        done = draw()
    for warning in warnings:
        print(shown(warning), file=sys.stderr)
    return done


def build(games: list[str], opts: Options, out: Path, shop: str | None, no_cache: bool,
          lang: str | None = None, fallback: bool = False, since: Path | None = None) -> None:
    """Build each game (all built-in games when none is named), printing one summary line per game; with `lang`,
    its kit in that language (`GAME-PAPER-CODE.pdf`), whose errors name the language; with `since` (an earlier
    build's manifest), the one game's reprint of what changed."""
    from cards.families import builtin_games
    from common.usercache import cache_dir
    from generator.engine.build import build_game

    languages(lang, fallback)
    names = games or list(builtin_games())
    if since is not None and len(names) != 1:
        raise Refused(f"--since: expected one game (its manifest is of one), got {len(names)}")
    if since is not None and shop is not None:
        raise Refused("--since: expected no --shop (a reprint is the home-print kit's); build the shop files without "
                      "--since")
    with progress(len(names)) as advance:
        for name in names:
            game = load(name, lang, fallback)
            guarded(lambda: print(shown(drawn(lambda: build_game(
                game, opts, out, shop=shop, cache_root=None if no_cache else cache_dir(),
                since=since)).summary())), lang)
            advance()


class progress:
    """A progress bar on a terminal; nothing in logs (CI), where the summaries say it all."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar: Progress | None = None

    def __enter__(self) -> Callable[[], None]:
        if not sys.stderr.isatty():
            return lambda: None
        from rich.progress import Progress

        bar = self.bar = Progress(transient=True)
        bar.start()
        task = bar.add_task("building", total=self.total)
        return lambda: bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
