"""`checker simulate --shard K/N` and `--merge`: a run split over machines, and its parts added up.

Shard K of N plays its own range of the run's games (each seeded from (seed, game number) alone)
and prints its tally with the run's parameters and the prepared game, sealed by a sha256 digest of
the rest; `--merge` refuses a partial, mixed, edited or malformed set (one line, exit 2) and adds the
tallies, so the merged report is the one a single run gives. The digest catches a shard changed
after it was written (by hand, by a broken copy): a merged report of edited counts would look like a
real one. It is not a signature: whoever rewrites the digest too can still forge a shard, so the
counts are also checked for the shape a tally has (whole numbers, not negative; each shard's games
its own range of the run), which keeps a forged file from a traceback.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, TypeGuard

from common.files import FileRefused, read_bytes
from common.numbers import parse

from .batches import add
from .errors import StateError
from .option_bounds import GAMES, PLAYERS

SHARD_FORMAT = "pnpkit-simulate-shard/4"
SHARD_BYTES = 16_000_000  # a shard holds tallies per card and policy: about 20 kB for El Dorado Canyon
KEYS = ("rules", "games", "players", "seed", "policy", "budget", "precision", "version", "data")  # one run's


def parse_shard(text: str) -> tuple[int, int]:
    """`K/N` in ASCII digits (`common.numbers`: no `١/٢`, `+1` or `1_0`), 1 <= K <= N <= the most games."""
    k_text, slash, n_text = text.partition("/")
    try:
        if not slash:
            raise ValueError
        k, n = int(parse(k_text, whole=True)), int(parse(n_text, whole=True, low=1, high=GAMES[1]))
    except ValueError:
        raise StateError(f"expected K/N (this is shard K of N, N at most {GAMES[1]:,}), got {text!r}",
                         field="--shard") from None
    if not 1 <= k <= n:
        raise StateError(f"expected 1 <= K <= N, got {text!r}", field="--shard")
    return k, n


def shard_range(games: int, k: int, n: int) -> tuple[int, int]:
    """Shard k of n plays games [first, first + count): the shards cover the run exactly once."""
    first = games * (k - 1) // n
    return first, games * k // n - first


def _digest(doc: dict[str, Any]) -> str:
    body = {key: value for key, value in doc.items() if key != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def shard_document(params: dict[str, Any], data: dict[str, Any], shard: tuple[int, int],
                   tally: dict[str, Any]) -> dict[str, Any]:
    doc = {"format": SHARD_FORMAT, **params, "shard": list(shard), "data": data, "tally": tally}
    return {**doc, "digest": _digest(doc)}


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(value: Any, where: str) -> str | None:
    """Where a tally holds something other than whole numbers >= 0 (under string keys, in lists), or None."""
    if isinstance(value, dict):
        for key, inner in value.items():
            found = _counts(inner, f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(value, list):
        return next((found for i, inner in enumerate(value) if (found := _counts(inner, f"{where}[{i}]"))), None)
    return None if _whole(value) and value >= 0 else f"{where}: expected a whole number >= 0, got {value!r:.40}"


def _same_shape(a: Any, b: Any, where: str) -> str | None:
    """Where two tallies differ in shape (a list's length, a count against a table), or None: `add` needs both alike."""
    if isinstance(a, dict) and isinstance(b, dict):
        return next((found for key in a.keys() & b.keys() if (found := _same_shape(a[key], b[key], f"{where}.{key}"))),
                    None)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next((found for i, (x, y) in enumerate(zip(a, b)) if (found := _same_shape(x, y, f"{where}[{i}]"))),
                    None)
    return None if _whole(a) and _whole(b) else f"{where}: not the shape of the other shards' counts"


def _fits(value: Any, template: Any, where: str) -> str | None:
    """Where counts differ from the shape of the family's empty tally, or None: a table of fixed names (a
    non-empty dict) has those names, a list its length, a count is a count; a table by id (an empty dict) is a
    dict, its counts checked by `_counts`."""
    if isinstance(template, dict):
        if not isinstance(value, dict):
            return f"{where}: expected a table of counts, got {type(value).__name__}"
        if template and set(value) != set(template):
            return f"{where}: expected the counts {', '.join(sorted(template))}, got {', '.join(sorted(value))}"
        return next((found for key in template if (found := _fits(value[key], template[key], f"{where}.{key}"))),
                    None)
    if isinstance(template, list):
        if not isinstance(value, list) or len(value) != len(template):
            return f"{where}: expected {len(template)} counts, got {value!r:.40}"
        return next((found for i, (v, t) in enumerate(zip(value, template)) if (found := _fits(v, t, f"{where}[{i}]"))),
                    None)
    return None if _whole(value) else f"{where}: expected a whole number, got {value!r:.40}"


def _read(path: str) -> dict[str, Any]:
    """One shard file, whole and as written: its format, digest, shard number and the shape of its counts."""
    try:
        doc = json.loads(read_bytes(path, limit=SHARD_BYTES))  # the bounded reader: no FIFO, device, huge file
    except (FileRefused, ValueError, RecursionError) as exc:
        raise StateError(f"expected a shard file written by `checker simulate --shard`: {exc}", file=path) from None
    if not isinstance(doc, dict) or doc.get("format") != SHARD_FORMAT:
        raise StateError(f"format: expected {SHARD_FORMAT!r}", file=path)
    if doc.get("digest") != _digest(doc):
        raise StateError("digest: the shard was changed after `checker simulate --shard` wrote it (its contents no "
                         "longer match their sha256): run the shard again", file=path)
    shard, tally = doc.get("shard"), doc.get("tally")
    if not (isinstance(shard, list) and len(shard) == 2 and _whole(shard[0]) and _whole(shard[1])
            and 1 <= shard[0] <= shard[1]):
        raise StateError(f"shard: expected [K, N] with 1 <= K <= N, got {shard!r:.40}", file=path)
    for key, (low, high) in (("games", GAMES), ("players", PLAYERS)):  # as the options bound them: no huge tally
        if not (_whole(doc.get(key)) and low <= doc[key] <= high):
            raise StateError(f"{key}: expected a whole number from {low} to {high:,}, got {doc.get(key)!r:.40}",
                             file=path)
    if not isinstance(tally, dict):
        raise StateError("tally: expected the counts of a run", file=path)
    found = _counts(tally, "tally")
    if found:
        raise StateError(found, file=path)
    played = shard_range(doc["games"], shard[0], shard[1])[1]
    if tally.get("games") != played:
        raise StateError(f"tally: expected the {played:,} games of shard {shard[0]}/{shard[1]}, got "
                         f"{tally.get('games')!r:.40}", file=path)
    return doc


def merge_shards(paths: list[str], empty_tally: Callable[[dict[str, Any]], dict[str, Any]]
                 ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(params, data, tally) of the whole run the shard files make up; refuses a partial, mixed or edited set.

    `empty_tally(doc)` is the family's tally before any game (`sim.new_tally(players)`): each shard's counts must
    have its shape. The params are the first shard's (a renamed folder's `folder` too: each machine may name it
    by its own path)."""
    docs = [(path, _read(path)) for path in paths]
    first_path, first = docs[0]
    for path, doc in docs[1:]:
        for key in KEYS:
            if doc.get(key) != first.get(key):
                raise StateError(f"{key}: differs from {first_path}: shards of one run only", file=path)
    empty = empty_tally(first)
    for path, doc in docs:
        found = _fits(doc["tally"], empty, "tally")
        if found:
            raise StateError(found, file=path)
    total = first["shard"][1]
    seen = sorted(doc["shard"][0] for _, doc in docs)
    if seen != list(range(1, total + 1)) or any(doc["shard"][1] != total for _, doc in docs):
        raise StateError(f"expected shards 1 to {total} of {total} once each, got {', '.join(map(str, seen))}",
                         field="--merge")
    ordered = sorted(docs, key=lambda d: d[1]["shard"][0])
    tally: dict[str, Any] = ordered[0][1]["tally"]
    for path, doc in ordered[1:]:
        found = _same_shape(tally, doc["tally"], "tally")  # tables by id: a card's counts as long in every shard
        if found:
            raise StateError(found, file=path)
        tally = add(tally, doc["tally"])
    params = {key: first[key] for key in KEYS if key != "data"}
    if isinstance(first.get("folder"), str):
        params["folder"] = first["folder"]
    return params, first["data"], tally
