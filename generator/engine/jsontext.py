"""`json.dumps(value, indent=1, ensure_ascii=False)`, the same text, at C speed: the manifest's writer.

The encoder is `cards.jsontext` (shared with `checker resolve --json`, which writes with indent 2).
"""
from __future__ import annotations

from cards import jsontext

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def dumps(value: Any) -> str:
    """The text `json.dumps(value, indent=1, ensure_ascii=False)` gives."""
    return jsontext.dumps(value, 1)
