"""`checker simulate --shard K/N` and `--merge`: a run split over machines, and its parts added up.

Shard K of N plays its own range of the run's games (each seeded from (seed, game number) alone)
and prints its tally with the run's parameters and the prepared game; `--merge` refuses a partial
or mixed set and adds the tallies, so the merged report is the one a single run gives.
"""
from __future__ import annotations

import json
from typing import Any

from common.files import FileRefused, read_bytes

from .batches import add
from .errors import StateError

SHARD_FORMAT = "pnpkit-simulate-shard/3"
SHARD_BYTES = 16_000_000  # a shard holds tallies per card and policy: about 20 kB for El Dorado Canyon


def parse_shard(text: str) -> tuple[int, int]:
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise StateError(f"expected K/N (this is shard K of N), got {text!r}", field="--shard") from None
    if not 1 <= k <= n:
        raise StateError(f"expected 1 <= K <= N, got {text!r}", field="--shard")
    return k, n


def shard_range(games: int, k: int, n: int) -> tuple[int, int]:
    """Shard k of n plays games [first, first + count): the shards cover the run exactly once."""
    first = games * (k - 1) // n
    return first, games * k // n - first


def shard_document(params: dict[str, Any], data: dict[str, Any], shard: tuple[int, int],
                   tally: dict[str, Any]) -> dict[str, Any]:
    return {"format": SHARD_FORMAT, **params, "shard": list(shard), "data": data, "tally": tally}


def merge_shards(paths: list[str]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(params, data, tally) of the whole run the shard files make up; refuses a partial or mixed set."""
    docs = []
    for path in paths:
        try:
            doc = json.loads(read_bytes(path, limit=SHARD_BYTES))  # the bounded reader: no FIFO, device, huge file
        except (FileRefused, ValueError, RecursionError) as exc:
            raise StateError(f"expected a shard file written by `checker simulate --shard`: {exc}", file=path) from None
        if not isinstance(doc, dict) or doc.get("format") != SHARD_FORMAT:
            raise StateError(f"format: expected {SHARD_FORMAT!r}", file=path)
        docs.append((path, doc))
    keys = ("rules", "games", "players", "seed", "policy", "budget", "precision", "version", "data")
    first_path, first = docs[0]
    for path, doc in docs[1:]:
        for key in keys:
            if doc.get(key) != first.get(key):
                raise StateError(f"{key}: differs from {first_path}: shards of one run only", file=path)
    total = first["shard"][1]
    seen = sorted(doc["shard"][0] for _, doc in docs)
    if seen != list(range(1, total + 1)) or any(doc["shard"][1] != total for _, doc in docs):
        raise StateError(f"expected shards 1 to {total} of {total} once each, got {', '.join(map(str, seen))}",
                         field="--merge")
    tally: dict[str, Any] | None = None
    for _, doc in sorted(docs, key=lambda d: d[1]["shard"][0]):
        tally = doc["tally"] if tally is None else add(tally, doc["tally"])
    params = {key: first[key] for key in keys if key != "data"}
    return params, first["data"], tally  # type: ignore[return-value]
