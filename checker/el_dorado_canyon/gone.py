"""Being GONE and coming back with a new character: "Being GONE", "Killing Characters" (H7).

A player who becomes GONE during a turn (a GONE card, or a death in `attacks`) sits out
the next turn and is back in the one after; whoever sat out without a character draws
the top of the character deck then, and an "immediate" ability applies unless it would
end the game ("Character Abilities", EDC-10). An empty deck ends the game (H10).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cite
from .judge import game_ending
from .players import Play, Player
from .rules import Character
from .vocabulary import effect

if TYPE_CHECKING:
    from .turn import Table


@effect("go_gone", deferred=True)
def go_gone(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    """A card's "you are GONE", applied once the card is done, if the character lives (EDC-20)."""
    if p.char is not None:
        p.out = p.gone_next = True
        if t.log:
            t.say(cite.GONE_CARD, p, kind="gone", cause="card", who=p.name)
            t.note(p, "went GONE")
    return True


def gone_next_turn(t: Table) -> None:
    """At the turn's end: who went GONE sits out the next turn; who sat this one out is back."""
    for p in t.players:
        p.gone = p.gone_next
    if t.log:
        for p in t.players:
            if p.gone:
                t.say(cite.GONE_NEXT, p, kind="gone", cause="next", who=p.name)
                t.note(p, "is GONE next turn")
    if len(t.plays) < t.n:  # someone sat out this turn
        bring_back(t)


def bring_back(t: Table) -> None:
    """Players GONE this turn (no card revealed) are back; one without a character draws, clockwise."""
    log, players, revealed = t.log, t.players, t.revealed
    drawn: list[Player] = []
    for s in t.clockwise():
        if revealed[s] is not None:
            continue
        p = players[s]
        if p.char is None:
            if t.characters:
                place_character(t, p, t.characters.pop(0))
                drawn.append(p)
            else:
                t.draw_failed = True
                p.gone = True
                if log:
                    t.say(cite.NO_DRAW, p, kind="gone", cause="empty", who=p.name)
                    t.note(p, "could not draw a character")
                continue
        if log:
            t.say(cite.BACK_IN, p, kind="gone", cause="back", who=p.name)
    if drawn:
        for p in drawn:
            apply_immediate(t, p)
        for p in players:  # killed by an immediate ability: GONE next turn too (H7)
            p.gone = p.gone or p.gone_next


def place_character(t: Table, p: Player, char: Character) -> None:
    """A new character: 5 health, 5 ammo (the game's `start_health`, `start_ammo`), camp side up (H7, EDC-17)."""
    rules = t.rules
    p.char, p.health, p.ammo, p.gone, p.out = char, rules.start_health, rules.start_ammo, False, False
    t.drawn.append((p.seat, char.id))
    if t.log:
        t.say(cite.DRAW, p, kind="gone", cause="draw", who=p.name, character=char.name, alignment=char.alignment,
              health=p.health, ammo=p.ammo)
        t.note(p, f"drew {char.name}")


def apply_immediate(t: Table, p: Player) -> None:
    """An immediate ability applies when placed, unless it would end the game (EDC-10)."""
    if p.char is None or p.char.trigger != "immediate":
        return
    ending = game_ending(t)
    snaps = None if ending else [q.snapshot() for q in t.players]
    state = (t.row and list(t.row), t.deck and list(t.deck))
    t.trigger(p, "immediate", None)
    if snaps is not None and game_ending(t):
        for q, snap in zip(t.players, snaps):
            q.restore(snap)
        t.row, t.deck = state
        if t.log:
            t.say(cite.IMMEDIATE_IGNORED, kind="nothing", cause="immediate", who=p.name, character=p.char.name)
