"""One check for every number pnpkit takes from a person: finite, within its bounds, typed in ASCII digits.

Python and the libraries under pnpkit take numbers no person means: `float()` and `int()` read
Arabic-Indic digits, `1_000`, `nan` and `inf`; TOML has `nan` and `inf`; a spreadsheet cell can
hold `1E400`; `int()` of 5,000 digits raises its own error; and ReportLab writes `nan` into a PDF
or fails deep inside `_rl_accel` on `1e308`.  So a number typed on the command line (`parse`) or
read from a layout file or a sheet (`within`) passes here first, and fails with the value and its
bounds: `expected a length from 0 to 2000 mm, got 1e+308`.
Standard library only, and neither `re` nor `math` (`checker resolve --seed` starts without them).
"""
from __future__ import annotations

MAX_DIGITS = 40  # more than any bound here needs; `int()` of 4,300 digits and more raises


def shown_value(value: object, limit: int = 40) -> str:
    """A found value, briefly: a 5,000-digit number must not flood the line."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if len(text) <= limit else f"{text[:limit - 3]}... ({len(text)} characters)"


def is_number(value: object) -> bool:
    """An int or a float (a bool is neither, though Python says so)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _bound(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:g}"


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_bound(low)} to {_bound(high)}"
    return f" at least {_bound(low)}" if low is not None else f" at most {_bound(high)}" if high is not None else ""


def within(value: object, low: float | None = None, high: float | None = None, *, whole: bool = False,
           unit: str = "", what: str = "") -> float:
    """`value` when it is a finite number (a whole one if `whole`) in [low, high]; ValueError saying what was
    expected otherwise.  `what` names the kind in the message ("a length in mm")."""
    kind = what or ("a whole number" if whole else "a number")
    if not isinstance(value, (int, float)) or isinstance(value, bool) or (whole and not isinstance(value, int)):
        raise ValueError(f"expected {kind}{_bounds(low, high)}{unit}, got {shown_value(repr(value))}")
    if isinstance(value, float) and value - value != 0:  # nan or ±inf, without importing `math`
        raise ValueError(f"expected a finite number{_bounds(low, high)}{unit}, got {value}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"expected {kind}{_bounds(low, high)}{unit}, got {shown_value(value)}")
    return value


def _decimal(text: str, whole: bool) -> bool:
    """`[+-]?[0-9]+`, or for a fraction `[+-]?([0-9]+(.[0-9]*)?|.[0-9]+)`: ASCII digits (`str.isdigit` alone
    takes `١٠` and `²`), no `_`, exponent, `nan` or `inf`."""
    body = text[1:] if text[:1] in ("+", "-") else text
    if not body.isascii():
        return False
    if whole:
        return body.isdigit()
    head, _, tail = body.partition(".")
    return bool(head or tail) and (not head or head.isdigit()) and (not tail or tail.isdigit())


def parse(text: object, whole: bool = False, low: float | None = None, high: float | None = None,
          unit: str = "") -> float:
    """A typed number (`-1.5`, `300`) in ASCII digits, finite and in [low, high]; ValueError otherwise."""
    kind = "a whole number like 300" if whole else "a number like 1.5 or -2"
    stripped = text.strip() if isinstance(text, str) else ""
    if not isinstance(text, str) or not text.isascii() or not _decimal(stripped, whole):
        from .terminal import shown

        raise ValueError(f"expected {kind} in ASCII digits, got {shown(shown_value(repr(text)))}")
    if len(stripped.lstrip("+-").lstrip("0").split(".")[0]) > MAX_DIGITS:  # beyond every bound
        expected = _bounds(low, high).strip() or f"at most {MAX_DIGITS} digits"
        raise ValueError(f"expected {expected}{unit}, got {shown_value(stripped)}")
    value = int(stripped) if whole else float(stripped)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"expected {_bounds(low, high).strip()}{unit}, got {shown_value(value)}")
    return value
