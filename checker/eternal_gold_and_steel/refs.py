"""Naming units at the table: `bannerman`, `bannerman#2` (the second one), `Bob:ember-whelp` (Bob's).

A reference names a card in a battle area by its definition id; `#n` picks the n-th
card with that id in the owner's `battle` list, `Name:` the owner when it is not the
player acting. The same strings appear in error messages, so a player can copy them.
"""
from __future__ import annotations

from .table import Piece, Player


def parse_ref(ref: str) -> tuple[str | None, str, int]:
    """(owner name or None, card id, n starting at 1)."""
    owner = None
    if ":" in ref:
        owner, ref = ref.split(":", 1)
    card, n = ref, 1
    if "#" in ref:
        card, number = ref.rsplit("#", 1)
        n = int(number) if number.isdigit() and int(number) >= 1 else 0
    return owner, card, n


def ref_of(piece: Piece, viewer: Player | None) -> str:
    """The shortest reference to `piece` as `viewer` would type it."""
    same = [q for q in piece.owner.battle if q.card.id == piece.card.id]
    text = piece.card.id if len(same) == 1 else f"{piece.card.id}#{next(i for i, q in enumerate(same, 1) if q is piece)}"
    return text if piece.owner is viewer else f"{piece.owner.name}:{text}"


def find_piece(ref: str, among: list[Piece], viewer: Player | None) -> Piece | None:
    """The piece of `among` that `ref` names, or None (a bare id searches every owner in `among`)."""
    owner, card, n = parse_ref(ref)
    found = []
    for holder in _owners(among):
        if owner is not None and holder.name != owner:
            continue
        same = [q for q in holder.battle if q.card.id == card]
        if 1 <= n <= len(same) and same[n - 1] in among:
            found.append(same[n - 1])
    if owner is None and viewer is not None:
        mine = [q for q in found if q.owner is viewer]
        if mine:
            return mine[0]
    return found[0] if len(found) == 1 else None


def _owners(pieces: list[Piece]) -> list[Player]:
    out: list[Player] = []
    for q in pieces:
        if q.owner not in out:
            out.append(q.owner)
    return out


def refs(pieces: list[Piece], viewer: Player | None) -> str:
    return ", ".join(ref_of(q, viewer) for q in pieces) or "none"
