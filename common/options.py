"""A command's options declared once: the plain parser that starts it without Typer, and its Typer options.

Importing Typer (and its click copy) costs a command's start-up without doing any of its work,
so `checker resolve`, `checker simulate` and `generator build` parse plain arguments here and
run the same function the Typer command runs. Both parsers read one `Command` declaration
(flags, defaults, how a value is read and the help Typer shows). `Command.parse` takes only
what it reads exactly as Typer would: help, `--opt=value`, `--`, a repeated or unknown option,
an empty value, a value that looks like an option, a number the option refuses (non-ASCII
digits, out of range, too long), all return None, and the Typer app then parses and refuses
them in its own words (tests/test_plain_options.py holds the two parsers to the same results).
"""
from __future__ import annotations

from typing import Any

from .terminal import option_number, option_parser


class Option:
    """One option: its flag, the parameter it fills, its default, and its kind: `flag` (no value), `text`,
    `path` (a `pathlib.Path`, as Typer gives it), `folder` (a path that is not empty: '' would mean the current
    folder, which no one means), `whole` or `number` (ASCII digits within `low`..`high`)."""

    def __init__(self, flag: str, name: str, default: Any = None, kind: str = "text", help: str = "",
                 low: float | None = None, high: float | None = None) -> None:
        self.flag, self.name, self.default, self.kind, self.help = flag, name, default, kind, help
        self.low, self.high = low, high

    def read(self, text: str) -> Any:
        """The value `text` gives this option; ValueError where the Typer option refuses it."""
        if self.kind in ("whole", "number"):
            return option_number(text, self.kind == "whole", self.low, self.high)
        if self.kind in ("path", "folder"):
            from pathlib import Path  # only where a path is given

            if self.kind == "folder" and not text.strip():
                raise ValueError(f"expected a folder name, got {text!r}")
            return Path(text)
        return text

    def value(self) -> Any:
        """The value when the option is not given, as Typer gives it."""
        if self.kind == "flag":
            return False
        return self.read(self.default) if self.kind in ("path", "folder") and self.default is not None else self.default

    def typer(self) -> Any:
        """The `typer.Option` a command's signature takes as this parameter's default."""
        import typer

        default = self.value()
        if self.kind in ("whole", "number"):
            return typer.Option(default, self.flag, help=self.help,
                                parser=option_parser(self.kind == "whole", self.low, self.high))
        if self.kind == "folder":
            return typer.Option(default, self.flag, help=self.help, parser=self._folder)
        return typer.Option(default, self.flag, help=self.help)

    def _folder(self, value: Any) -> Any:
        """Typer's `parser=` of a folder option: the default as it is, a given name read (an empty one refused)."""
        import typer

        if not isinstance(value, str):  # the default, already a Path
            return value
        try:
            return self.read(value)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None


class Command:
    """A command's options (and whether it takes any number of positional arguments or exactly one)."""

    def __init__(self, options: tuple[Option, ...], many: bool) -> None:
        self.options = {o.flag: o for o in options}
        self.many = many

    def parse(self, args: list[str]) -> tuple[list[str], dict[str, Any]] | None:
        """(positional arguments, every option's value by parameter name) as the Typer command receives them,
        or None when Typer must parse `args` (see the module's docstring)."""
        given: dict[str, Any] = {}
        positional: list[str] = []
        i = 0
        while i < len(args):
            arg = args[i]
            option = self.options.get(arg)
            if option is not None and option.name not in given:
                if option.kind == "flag":
                    given[option.name] = True
                else:
                    if i + 1 == len(args) or not args[i + 1] or args[i + 1].startswith("-"):
                        return None
                    i += 1
                    try:
                        given[option.name] = option.read(args[i])
                    except ValueError:
                        return None
            elif arg.startswith("-") or not arg or (positional and not self.many):
                return None
            else:
                positional.append(arg)
            i += 1
        if not positional and not self.many:
            return None
        return positional, {o.name: given[o.name] if o.name in given else o.value() for o in self.options.values()}

    def typer(self, name: str) -> Any:
        """The Typer option of the parameter `name`."""
        return next(o for o in self.options.values() if o.name == name).typer()
