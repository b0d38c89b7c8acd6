"""The text and data of a folder's component files as the last load parsed them, kept between runs: a build
after a one-card edit parses that card's table only.

`cards.compiled` files a game by the digest of all its files, so any edit is a miss there and the whole
game is parsed and validated again; parsing the 500-card folder's `town.toml` (`tomllib`, pure Python)
was about a quarter of that load.  `generator watch` spares it within one process (`cards.loader.Reload`:
an edit inside one `[[cards]]` table is parsed alone, `cards.tomlsource.reparse`, which falls back to a
full parse whenever it cannot show the result equal to the whole file's); this files each component
file's text and data in the user cache after every load without a problem, so the next process's load
starts from them.  Only plain data is filed (tables, arrays, strings, numbers, booleans: not TOML's
dates and times), as marshal (`common.cachefile.store_data`).

Beside them (`Last`): game.toml's spec and the stamps of the folder's other files.  The next load
takes the spec again while game.toml's data is the same, and, while the folder's other files are the
same too, skips the family's checks of every record whose row it did not parse again (the very row
the last load checked, without a problem, under the same code: `cards.loader.Reload.unchanged`).
Records are validated again all the same: pydantic-core validates 500 rows faster than they could be
rebuilt from a cache, and taking an unchanged file's records from the validated game instead
(tried) saved nothing: the models it nests are the edited record's too, and building their
validators is most of the cost.

The entry is named by the folder, Python's version (whose `tomllib` parsed it) and the code that
validated (`cards.compiled.code_key`: the sources of `cards` and pydantic's version), and checked by
`common.cachefile`: a torn, corrupt or foreign entry is a miss, and the load parses and validates whole files.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from common import cachefile
from common.usercache import cache_dir

FORMAT = 3  # 3: marshal, not JSON
Texts = dict[Path, tuple[str, dict[str, Any]]]
Stamp = tuple[tuple[Path, int, int, int], ...]


class Last:
    """What the last load of a folder (in another process) parsed and validated, as `recall` found it."""

    def __init__(self) -> None:
        self.texts: Texts = {}                      # component file -> its text and data
        self.spec: tuple[str, Any] | None = None    # (repr of game.toml's data, its spec as `compiled.dumped`)
        self.stamp: Stamp | None = None             # the folder's other files (`cards.loader._stamp`)


def _entry(folder: Path) -> tuple[Path, str] | None:
    from .compiled import code_key

    code = code_key()
    if code is None:
        return None
    name = os.path.abspath(folder)
    where = cache_dir() / "lastload" / f"{hashlib.sha256(name.encode('utf-8', 'surrogateescape')).hexdigest()}.marshal"
    return where, f"lastload {FORMAT} {sys.version.split()[0]} {code} {name}"


def recall(folder: Path) -> Last:
    """What the last load of `folder` filed (nothing when it was another code's, or the entry does not check out)."""
    last = Last()
    where = _entry(folder)
    data = None if where is None else cachefile.load_data(*where)
    if not (isinstance(data, dict) and isinstance(data.get("files"), list)):
        return last
    for item in data["files"]:
        if not (isinstance(item, list) and len(item) == 3 and type(item[0]) is str and type(item[1]) is str
                and type(item[2]) is dict):
            return Last()
        last.texts[Path(item[0])] = item[1], item[2]
    spec, stamp = data.get("spec"), data.get("stamp")
    if isinstance(spec, list) and len(spec) == 2 and type(spec[0]) is str:
        last.spec = spec[0], spec[1]
    if isinstance(stamp, list) and all(isinstance(s, list) and len(s) == 4 and type(s[0]) is str
                                       and all(type(n) is int for n in s[1:]) for s in stamp):
        last.stamp = tuple((Path(s[0]), s[1], s[2], s[3]) for s in stamp)
    return last


def keep(folder: Path, texts: Texts, spec: tuple[str, Any] | None = None, stamp: Stamp | None = None) -> None:
    """File what a load of `folder` without a problem parsed (plain data: what marshal gives back exactly) and validated."""
    where = _entry(folder)
    if where is None:
        return
    cachefile.store_data(*where, {
        "files": [[str(path), text, data] for path, (text, data) in texts.items() if _plain(data)],
        "spec": None if spec is None or spec[1] is None else list(spec),
        "stamp": None if stamp is None else [[str(s[0]), *s[1:]] for s in stamp]})
    cachefile.trim(where[0].parent, "*.marshal", keep=where[0])  # one a folder


def _plain(value: Any) -> bool:
    """Whether `value` is plain data, which marshal gives back exactly (and JSON would)."""
    kind = type(value)
    if kind is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    if kind is list:
        return all(_plain(v) for v in value)
    return kind in (str, int, float, bool)
