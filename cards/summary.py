"""One line per game for `checker validate`: what was loaded, at a glance."""
from __future__ import annotations

from .loader import Game


def summarise(game: Game) -> str:
    records = len({(c.file, r.id) for c in game.components for r in c.records})  # a file printed twice counts once
    printed = sum(c.spec.copies * getattr(r, "copies", 1) for c in game.components for r in c.records)
    effects = sorted({e.effect for r in game.records() for e in _effects(r)})
    label = f"{game.label} [{game.lang}]" if game.lang else game.label
    return (f"{label}: ok: {records} definitions ({printed} printed), {len(game.components)} components, "
            f"{len(effects)} effects used" + (f" ({', '.join(effects)})" if effects else ""))


def _effects(record):
    for option in getattr(record, "options", []) or []:
        yield from getattr(option, "effects", [])
    ability = getattr(record, "ability", None)
    if ability is not None:
        yield from getattr(ability, "effects", [])
    yield from getattr(record, "effects", []) or []
