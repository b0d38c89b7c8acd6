"""Format versions of what pnpkit reads and writes: game.toml, state files, --json outputs.

A file without a `format` is format 1 (everything written before versions existed), so
old folders and state files keep working; a newer format is refused with a message
saying which version it is and what reads it, instead of being misread.
"""
from __future__ import annotations

FORMAT = 1


def format_problem(value: object) -> str | None:
    """Why a `format` value cannot be read, or None when it can (absent means 1)."""
    if value is None or (value == FORMAT and not isinstance(value, bool)):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value > FORMAT:
        return (f"this file is format {value}, newer than this pnpkit reads (format {FORMAT}): "
                f"a newer pnpkit reads it (pip install -U pnpkit)")
    return f"expected format = {FORMAT} (the format this pnpkit reads and writes), got {value!r}"
