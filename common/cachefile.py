"""One cache entry on disk: a header line naming the entry and checking its body, then the body.

The body is plain JSON, or marshal of plain data (`store_data`, `pack_data`: faster to write and read, and it
keeps the int keys and tuples JSON would lose); never pickle.  Entries are written whole
(`replace`) and never trusted: an entry is used only when its header names the entry asked for
and the body has the length and sha256 the header records, so a torn, corrupt or foreign file is
a miss (the caller computes the value again), never an error; a body that is not one JSON value
is a miss too, whatever the scanner raises.  The check runs on the raw bytes before parsing.
`trim` removes only entries: files of its folder whose header is one this module writes and
whose size matches it, never a user's own file that happens to end in `.json`.
"""
from __future__ import annotations

import json
import marshal
import os
from typing import Any

from .files import FileRefused, read_regular

LIMIT = 64_000_000  # bytes: far above any compiled game
HEADER_BYTES = 16_384  # bytes of a file `trim` reads to tell an entry by its header (a name holds at most a path: under 5 kB)
# what `trim` leaves of a folder of entries (the face cache, bigger, has its own): 0.5 MB a validated state of a
# 500-card game, 200 of them; the count keeps a trim's stat of every entry to about a millisecond
FOLDER_BYTES = 100_000_000
FOLDER_ENTRIES = 256


def pack(name: str, value: Any) -> bytes:
    """The bytes of the entry `name` holding `value` (JSON-able)."""
    return pack_bytes(name, json.dumps(value, separators=(",", ":")).encode("utf-8"))


def pack_bytes(name: str, body: bytes) -> bytes:
    """The bytes of the entry `name` whose body is `body` as given."""
    return _header(name, body) + b"\n" + body


def _header(name: str, body: bytes) -> bytes:
    """`json.dumps({"entry": name, "size": len(body), "sha256": ...})`, as bytes."""
    import hashlib  # OpenSSL's start-up (a few ms): the price of checking an entry as the docs say

    return header(name, len(body), hashlib.sha256(body).hexdigest())


def header(name: str, size: int, sha256: str) -> bytes:
    """The header line (without its newline) of the entry `name` whose body has `size` bytes and the hex digest
    `sha256`: for a writer that writes a long body in pieces, never joined (a `hashlib.sha256` object updated)."""
    return _named(name, size) + f', "sha256": "{sha256}"}}'.encode("utf-8")


def _named(name: str, size: int) -> bytes:
    """The start of the header line of the entry `name` of `size` bytes: all of it but the digest."""
    return f'{{"entry": {json.dumps(name)}, "size": {size}'.encode("utf-8")


_DIGEST_PART = len(', "sha256": "') + 64 + len('"}')  # what follows `_named` in a header: the hex digest, quoted


def unpack(name: str, raw: bytes) -> Any | None:
    """The value of the entry `name` in `raw`, or None when it is not exactly what `pack` wrote for it."""
    body = unpack_bytes(name, raw)
    try:
        return None if body is None else json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):  # not UTF-8, not one JSON value, nested too deep
        return None


def unpack_bytes(name: str, raw: bytes, *, checked: bool = False) -> bytes | None:
    """The body of the entry `name` in `raw`, or None when it is not exactly what `pack_bytes` wrote for it.

    `checked`: `raw` lies inside a file whose own header checked every byte of it (a kit's pack of face cache
    entries), so the header's name and size are compared, and its sha256, checked with the whole, is not worked
    out again."""
    head, newline, body = raw.partition(b"\n")
    if not newline:
        return None
    if checked:
        named = _named(name, len(body))
        return body if head.startswith(named) and len(head) == len(named) + _DIGEST_PART else None
    return body if head == _header(name, body) else None


def load(path: str | os.PathLike[str], name: str) -> Any | None:
    """The value cached at `path` under `name`; None when missing, unreadable or not checking out."""
    raw = read(path)
    return None if raw is None else unpack(name, raw)


def load_bytes(path: str | os.PathLike[str], name: str) -> bytes | None:
    """The body cached at `path` under `name` (`store_bytes`); None when missing, unreadable or not checking out."""
    raw = read(path)
    return None if raw is None else unpack_bytes(name, raw)


def read(path: str | os.PathLike[str], limit: int = LIMIT) -> bytes | None:
    """The bytes of the cache file `path` through the one bounded reader (`common.files.read_regular`: a regular
    file, not a link, at most `limit` bytes); None for anything else, a miss."""
    try:
        return read_regular(path, limit)
    except (FileRefused, ValueError):  # ValueError: a NUL in the name
        return None


def store(path: str | os.PathLike[str], name: str, value: Any) -> None:
    """Write the entry; a cache that cannot be written (a read-only home) is just no cache."""
    replace(path, pack(name, value))


def store_data(path: str | os.PathLike[str], name: str, value: Any) -> None:
    """Write the entry holding `value`, plain data (dicts, lists, tuples, strings, bytes, numbers, booleans,
    None), as marshal (`pack_data`)."""
    replace(path, pack_data(name, value))


def load_data(path: str | os.PathLike[str], name: str) -> Any | None:
    """The value `store_data` filed at `path` under `name`; None when missing, unreadable or not checking out."""
    raw = read(path)
    return None if raw is None else unpack_data(name, raw)


def pack_data(name: str, value: Any) -> bytes:
    """The bytes of the entry `name` holding `value` (plain data) as marshal: it keeps int keys and tuples, and a
    big entry filed on every edit (a 500-card game's validated records and parsed files, 0.3-0.5 MB) takes a
    third of JSON's time to write and half to read."""
    return pack_bytes(name, marshal.dumps(value))


def unpack_data(name: str, raw: bytes, *, checked: bool = False) -> Any | None:
    """The value of the entry `name` in `raw`, or None when it is not exactly what `pack_data` wrote for it
    (`checked`: as `unpack_bytes`)."""
    body = unpack_bytes(name, raw, checked=checked)
    try:
        return None if body is None else marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None


def store_bytes(path: str | os.PathLike[str], name: str, body: bytes) -> None:
    """Write the entry whose body is `body`; as `store`."""
    replace(path, pack_bytes(name, body))


def replace(path: str | os.PathLike[str], data: bytes | list[bytes | memoryview]) -> bool:
    """Write the cache file `path` whole (`data`: its bytes, or pieces of them in order): a temporary file
    beside it, renamed over it.  Unlike the outputs (`common.files.write_set`), without a lock, a journal or
    a flush to disk, which took a build about 2 ms of CPU and up to tens of ms of waiting per entry: a
    cache file a crash loses is a miss, and one it tears fails its check.  False when the file cannot be
    written (a read-only or full cache folder): the caller goes on without it."""
    import tempfile  # writers only: `checker resolve` reads

    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as out:
            out.writelines([data] if isinstance(data, bytes) else data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
    return True


def trim(folder: str | os.PathLike[str], pattern: str = "*.json", *, limit: int | None = None,
         most: int | None = None, keep: str | os.PathLike[str] | None = None) -> None:
    """Delete the least recently written entries matching `pattern` under `folder` (never `keep`, the one just
    written) until at most `most` (FOLDER_ENTRIES; 0: any number) are left, holding at most `limit` bytes
    (FOLDER_BYTES): a cache keyed by content gains an entry each time what it keeps changes (an edited game, a
    redrawn face), so each is trimmed as it is written.  An entry removed is a miss, computed again.  Only
    entries are counted and removed (`_is_entry`), and their headers are read only when the folder is over."""
    from pathlib import Path  # writers only, as `replace`

    limit = FOLDER_BYTES if limit is None else limit
    most = FOLDER_ENTRIES if most is None else most
    spared = None if keep is None else Path(keep)
    try:
        entries = sorted((st.st_mtime_ns, st.st_size, path) for path in Path(folder).glob(pattern)
                         for st in [path.lstat()])
    except OSError:
        return

    def over(total: int, left: int) -> bool:
        return total > limit or bool(most) and left > most

    if not over(sum(size for _, size, _ in entries), len(entries)):
        return
    entries = [(when, size, path) for when, size, path in entries if _is_entry(path, size)]
    total, left = sum(size for _, size, _ in entries), len(entries)
    for _, size, path in entries:
        if not over(total, left):
            break
        if path == spared:
            continue
        try:
            path.unlink()
        except OSError:
            pass
        total, left = total - size, left - 1


def _is_entry(path: os.PathLike[str], size: int) -> bool:
    """Whether `path` (of `size` bytes) is a regular file this module wrote: a header exactly as `header` writes
    it (or as an earlier pnpkit did, with a CRC-32), recording the size of the body that follows it."""
    try:  # a link, a FIFO or a device is not an entry
        head = read_regular(path, HEADER_BYTES, partial=True).partition(b"\n")[0]
        fields = json.loads(head)
    except (FileRefused, ValueError):
        return False
    return (isinstance(fields, dict) and list(fields) in (["entry", "size", "sha256"], ["entry", "size", "crc32"])
            and json.dumps(fields).encode() == head and type(fields["size"]) is int
            and len(head) + 1 + fields["size"] == size)
