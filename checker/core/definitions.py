"""Which definitions a balance report ran on: game.toml's `version` and a digest of what the rules read.

A designer who prints, plays and changes a prototype many times needs every simulate, tune and compare
report to say which cards it judged: a win rate measured on version 0.2 says nothing of 0.3.  The
`version` is the one the printed stamps show (`generator.engine.stamp`); `rules_digest` is of the
family's prepared data (`prepare(game)`: the records and fields its rules engine plays with) without
the game's id and name, so a renamed copy of the same cards has the same digest, and a card whose
rules changed gives another, whatever the version says. The `version` is remembered with the
definitions cache's key (`gamecache.load_with_version`): a warm run reads no TOML for it.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

DIGEST_CHARS = 12


def rules_digest(data: dict[str, Any]) -> str:
    """A short digest of a family's prepared data, but its id and name."""
    played = {k: v for k, v in data.items() if k not in ("id", "name")}
    return hashlib.sha256(json.dumps(played, sort_keys=True, ensure_ascii=False, default=repr).encode()).hexdigest()[
        :DIGEST_CHARS]


def same_version_note(base: dict[str, Any], variant: dict[str, Any]) -> str | None:
    """What a compare says when both definitions claim one version but their cards differ, else None."""
    if base.get("version") is None or base.get("version") != variant.get("version"):
        return None
    if base.get("rules_digest") == variant.get("rules_digest"):
        return None
    return (f"both definitions say version {base['version']}, but their cards differ (rules digests "
            f"{base['rules_digest']} and {variant['rules_digest']}): give the changed one a new version")
