"""What both command-line tools print and accept: text safe for a terminal, ASCII numbers only.

Names come from files anyone may write: a card or player name holding escape sequences
must not reach the terminal as control codes (cursor moves, window titles, hyperlinks),
so everything printed goes through `shown`.  Python's `float` and `int` read Arabic-Indic
and other digits, `1_000`, `nan` and `inf`; an option takes plain ASCII numbers only.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, NoReturn

# control characters (Unicode category Cc) but tab and newline, and the bidi overrides, each as \uXXXX:
# a translation table, not a regular expression (compiling one costs every start-up that prints)
_HIDDEN = {c: f"\\u{c:04x}" for r in ((0x00, 0x08), (0x0b, 0x1f), (0x7f, 0x9f), (0x61c, 0x61c), (0x200e, 0x200f),
                                     (0x202a, 0x202e), (0x2066, 0x2069)) for c in range(r[0], r[1] + 1)}
_NUMBER = r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)"  # compiled on first use (re's cache): options only
_WHOLE = r"[+-]?[0-9]+"


_PLAIN = bytes(range(0x20, 0x7f)) + b"\t\n"  # the ASCII `shown` leaves as it is


def shown(text: str) -> str:
    """`text` with control characters (but newline and tab) and bidi overrides written as \\uXXXX."""
    if text.isascii():  # most verdicts: bytes deleted by a table in C (17 kB in 8 us, not 90)
        if not text.encode("ascii").translate(None, _PLAIN):
            return text
    elif text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():  # the common case, in C
        return text
    return text.translate(_HIDDEN)


def number(text: str, whole: bool = False) -> float:
    """An ASCII decimal number (`-1.5`, `300`); ValueError saying what is expected otherwise."""
    import re  # options only: `re` costs every start-up that imports this module

    pattern, kind = (_WHOLE, "a whole number like 300") if whole else (_NUMBER, "a number like 1.5 or -2")
    if not isinstance(text, str) or not text.isascii() or not re.fullmatch(pattern, text.strip()):
        raise ValueError(f"expected {kind} in ASCII digits, got {shown(repr(text))}")
    value = int(text) if whole else float(text)
    if value in (float("inf"), float("-inf")):  # e.g. 400 digits (ASCII digits: never nan)
        raise ValueError(f"expected a finite number, got {shown(repr(text))}")
    return value


def option_parser(whole: bool = False, low: float | None = None, high: float | None = None,
                  unit: str = "") -> Callable[[Any], Any]:
    """A Typer `parser=` for a numeric option: ASCII digits, within [low, high], the bound in the message."""
    def parse(value: Any) -> Any:
        import typer

        try:
            result = value if isinstance(value, (int, float)) and not isinstance(value, bool) else number(value, whole)
            result = int(result) if whole else float(result)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
        if (low is not None and result < low) or (high is not None and result > high):
            bounds = (f"from {low:g} to {high:g}" if low is not None and high is not None
                      else f"at least {low:g}" if low is not None else f"at most {high:g}")
            raise typer.BadParameter(f"expected {bounds}{unit}, got {result:g}")
        return result
    return parse


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
