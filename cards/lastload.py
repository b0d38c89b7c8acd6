"""The text and data of a folder's component files as the last load parsed them, kept between runs: a build
after a one-card edit parses that card's table only.

`cards.compiled` files a game by the digest of all its files, so any edit is a miss there and the whole
game is parsed and validated again; parsing the 500-card folder's `town.toml` (`tomllib`, pure Python)
was about a quarter of that load.  `generator watch` spares it within one process (`cards.loader.Reload`:
an edit inside one `[[cards]]` table is parsed alone, `cards.tomlsource.reparse`, which falls back to a
full parse whenever it cannot show the result equal to the whole file's); this files each component
file's text and data in the user cache after every load without a problem, so the next process's load
starts from them.  Only data JSON gives back exactly is filed (tables, arrays, strings, numbers,
booleans: not TOML's dates and times).  Records are validated again all the same: pydantic-core
validates 500 rows faster than they could be rebuilt from a cache.

The entry is named by the folder and Python's version (whose `tomllib` parsed it) and checked by
`cards.cachefile`: a torn, corrupt or foreign entry is a miss, and the load parses whole files.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from . import cachefile
from .usercache import cache_dir

FORMAT = 1
Texts = dict[Path, tuple[str, dict[str, Any]]]


def _entry(folder: Path) -> tuple[Path, str]:
    name = os.path.abspath(folder)
    where = cache_dir() / "lastload" / f"{hashlib.sha256(name.encode('utf-8', 'surrogateescape')).hexdigest()}.json"
    return where, f"lastload {FORMAT} {sys.version.split()[0]} {name}"


def recall(folder: Path) -> Texts:
    """Each component file of `folder` the last load filed: its path, its text and the data parsed from it."""
    data = cachefile.load(*_entry(folder))
    if not isinstance(data, list):
        return {}
    texts: Texts = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 3 and type(item[0]) is str and type(item[1]) is str
                and type(item[2]) is dict):
            return {}
        texts[Path(item[0])] = item[1], item[2]
    return texts


def keep(folder: Path, texts: Texts) -> None:
    """File what a load of `folder` without a problem parsed (what JSON gives back exactly)."""
    cachefile.store(*_entry(folder), [[str(path), text, data] for path, (text, data) in texts.items() if _plain(data)])


def _plain(value: Any) -> bool:
    """Whether JSON gives `value` back exactly."""
    kind = type(value)
    if kind is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    if kind is list:
        return all(_plain(v) for v in value)
    return kind in (str, int, float, bool)
