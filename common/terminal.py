"""What both command-line tools print and accept: text safe for a terminal, ASCII numbers only.

Names come from files anyone may write: a card or player name holding escape sequences
must not reach the terminal as control codes (cursor moves, window titles, hyperlinks),
so everything printed goes through `shown`.  A numeric option takes plain ASCII numbers within
its bounds (`common.numbers`).
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, NoReturn

# control characters (Unicode category Cc) but tab and newline, and the bidi overrides, each as \uXXXX:
# a translation table, not a regular expression (compiling one costs every start-up that prints)
_HIDDEN = {c: f"\\u{c:04x}" for r in ((0x00, 0x08), (0x0b, 0x1f), (0x7f, 0x9f), (0x61c, 0x61c), (0x200e, 0x200f),
                                     (0x202a, 0x202e), (0x2066, 0x2069)) for c in range(r[0], r[1] + 1)}


_PLAIN = bytes(range(0x20, 0x7f)) + b"\t\n"  # the ASCII `shown` leaves as it is


def shown(text: str) -> str:
    """`text` with control characters (but newline and tab) and bidi overrides written as \\uXXXX."""
    if text.isascii():  # most verdicts: bytes deleted by a table in C (17 kB in 8 us, not 90)
        if not text.encode("ascii").translate(None, _PLAIN):
            return text
    elif text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():  # the common case, in C
        return text
    return text.translate(_HIDDEN)


def option_parser(whole: bool = False, low: float | None = None, high: float | None = None,
                  unit: str = "") -> Callable[[Any], Any]:
    """A Typer `parser=` for a numeric option: ASCII digits, within [low, high], the bound in the message."""
    def parse(value: Any) -> Any:
        try:
            return option_number(value, whole, low, high, unit)
        except ValueError as exc:
            import typer

            raise typer.BadParameter(str(exc)) from None
    return parse


def option_number(value: Any, whole: bool = False, low: float | None = None, high: float | None = None,
                  unit: str = "") -> Any:
    """A numeric option's value (int if `whole`, else float) from its text (or its default, a number): ASCII
    digits, finite, within [low, high] (`common.numbers`); ValueError saying what is expected otherwise (the
    message Typer shows; the plain parser leaves such a value to Typer)."""
    from .numbers import parse as parse_number, within

    if isinstance(value, (int, float)) and not isinstance(value, bool):  # a default
        result = within(value, low, high, whole=whole, unit=unit)
    else:
        result = parse_number(value, whole, low, high, unit)
    return int(result) if whole else float(result)


def help_group() -> type:
    """The Typer group class of both tools: each command's `--help` names an option's value in words
    (`--games GAMES`, `--shop [VENDOR]`), never a Python type: Typer prints the annotation's
    (`<bool>`, `<int>`, `<list[str]>`) beside every parameter and has no setting to leave it out, so the
    parameters a command shows are made of classes that print their metavar (or nothing, for a flag)."""
    from typer.core import TyperArgument, TyperGroup, TyperOption

    class Argument(TyperArgument):
        def display_type_rich(self, ctx: Any) -> str | None:
            return None  # its name says what it is: GAME..., STATE_FILE

    class Option(TyperOption):
        def display_type_rich(self, ctx: Any) -> str | None:
            return None if self.is_flag else self.metavar or (self.name or "value").upper()

    def plain(params: list[Any]) -> list[Any]:
        for param in params:
            if type(param) in (TyperArgument, TyperOption):  # the same object: only how it is shown changes
                param.__class__ = Argument if isinstance(param, TyperArgument) else Option
        return params

    class Group(TyperGroup):
        def get_params(self, ctx: Any) -> list[Any]:  # the tool's own `--help`
            return plain(super().get_params(ctx))

        def get_command(self, ctx: Any, cmd_name: str) -> Any:
            command = super().get_command(ctx, cmd_name)
            if command is not None:
                plain(command.get_params(ctx))
            return command
    return Group


def run_app(app: Any) -> None:
    """Run a Typer app so that a usage error (an unknown option, a bad value) is one line and exit 2,
    `generator build: Invalid value for '--paper': ...`, like every other failure, not a framed box.

    Typer's error classes are private (`typer._click`), so they are recognised by what they offer:
    click's `format_message` and `exit_code`.
    """
    import sys

    try:
        code = app(standalone_mode=False)
    except Exception as exc:
        if not (hasattr(exc, "format_message") and hasattr(exc, "exit_code")):
            raise
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare command: Typer has printed its help
            sys.exit(exc.exit_code)
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx is not None else "usage"
        sys.stderr.write(shown(f"{where}: {exc.format_message()}") + "\n")
        sys.exit(exc.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


def run_main(run: Callable[[], None]) -> None:
    """A command's `main`: Ctrl-C exits 130; a reader that left the pipe (`... | head`) exits 1 quietly."""
    try:
        run()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        sys.exit(130)
    except BrokenPipeError:  # nothing is wrong: stop writing into the closed pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def leave(code: int) -> NoReturn:
    """Exit at once, without the interpreter's teardown, once a plain command's work is done.

    Freeing every module and a last collection of what the run left in cycles costs a short run
    as much as a tenth of its time (0.13-0.2 s of CPU after a 1.5 s build from the cache, about
    10 ms of a simulate).  Callers write and close their files before (`common.files.write_set`,
    the caches; the PDF's spool file is anonymous) and register no exit handler that matters;
    what they printed is flushed here.  A closed pipe still raises BrokenPipeError to `run_main`.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
