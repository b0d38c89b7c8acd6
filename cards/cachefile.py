"""One cache entry on disk: a header line naming the entry and checking its body, then the body as JSON.

Entries are plain JSON (never pickle; `pack_bytes` takes a body already serialised, e.g. marshal
of plain data where JSON would lose int keys and tuples), written whole (`cards.files.write_file`) and never
trusted: an entry is used only when its header names the entry asked for and the body
has the length and CRC-32 the header records, so a torn, corrupt or foreign file is a
miss (the caller computes the value again), never an error.  The check runs on the raw
bytes before parsing, so a warm start pays neither `hashlib` nor a second serialisation.
"""
from __future__ import annotations

import json
import zlib
from pathlib import Path

from .files import FileRefused, read_bytes, write_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

LIMIT = 64_000_000  # bytes: far above any compiled game


def pack(name: str, value: Any) -> bytes:
    """The bytes of the entry `name` holding `value` (JSON-able)."""
    return pack_bytes(name, json.dumps(value, separators=(",", ":")).encode("utf-8"))


def pack_bytes(name: str, body: bytes) -> bytes:
    """The bytes of the entry `name` whose body is `body` as given."""
    header = json.dumps({"entry": name, "size": len(body), "crc32": zlib.crc32(body)})
    return header.encode("utf-8") + b"\n" + body


def unpack(name: str, raw: bytes) -> Any | None:
    """The value of the entry `name` in `raw`, or None when it is not exactly what `pack` wrote for it."""
    body = unpack_bytes(name, raw)
    try:
        return None if body is None else json.loads(body)
    except (ValueError, RecursionError):
        return None


def unpack_bytes(name: str, raw: bytes) -> bytes | None:
    """The body of the entry `name` in `raw`, or None when it is not exactly what `pack_bytes` wrote for it."""
    head, newline, body = raw.partition(b"\n")
    try:
        header = json.loads(head) if newline else None
    except (ValueError, RecursionError):
        return None
    if not (isinstance(header, dict) and header.get("entry") == name and header.get("size") == len(body)
            and header.get("crc32") == zlib.crc32(body)):
        return None
    return body


def load(path: Path, name: str) -> Any | None:
    """The value cached at `path` under `name`; None when missing, unreadable or not checking out."""
    raw = _read(path)
    return None if raw is None else unpack(name, raw)


def load_bytes(path: Path, name: str) -> bytes | None:
    """The body cached at `path` under `name` (`store_bytes`); None when missing, unreadable or not checking out."""
    raw = _read(path)
    return None if raw is None else unpack_bytes(name, raw)


def _read(path: Path) -> bytes | None:
    try:
        return read_bytes(path, limit=LIMIT)
    except FileRefused:
        return None


def store(path: Path, name: str, value: Any) -> None:
    """Write the entry; a cache that cannot be written (a read-only home) is just no cache."""
    store_bytes(path, name, json.dumps(value, separators=(",", ":")).encode("utf-8"))


def store_bytes(path: Path, name: str, body: bytes) -> None:
    """Write the entry whose body is `body`; as `store`."""
    try:
        write_file(path, pack_bytes(name, body))
    except FileRefused:
        pass
