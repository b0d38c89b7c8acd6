"""Gold spent and the town: paying, buying a face-up card, replacing the row (H8).

"Gold" (spending takes unbanked gold first), "Symbols and Terms: Buy" (EDC-15: the top of
the town deck takes the bought card's place) and Go to Town's replacing of the row
("Starting Cards", EDC-14). The town row and deck change only here and when a used card
goes under the deck. `buy` and `refresh_row` are the vocabulary's effects of those names.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cite
from .players import Play, Player
from .rules import Card
from .vocabulary import effect

if TYPE_CHECKING:
    from .turn import Table

def pay(p: Player, amount: int) -> bool:
    """Spend gold, unbanked first (H8); all or nothing."""
    if p.unbanked + p.banked < amount:
        return False
    from_unbanked = min(amount, p.unbanked)
    p.unbanked -= from_unbanked
    p.banked -= amount - from_unbanked
    return True


def to_town_deck(t: Table, card: Card) -> None:
    """Face down under the town deck (a state without a town keeps none)."""
    if t.deck is not None:
        t.deck.append(card)


def refill_row(t: Table) -> None:
    while t.deck and t.row is not None and len(t.row) < t.rules.town_row:  # "Table Set Up": three face up
        t.row.append(t.deck.pop(0))


def price(e: Any, card: Card) -> int:
    """What a buy effect asks for the card: its cost less the effect's discount."""
    return max(0, card.cost - e.discount)


@effect("refresh_row", choice="refresh", cost=lambda e, bought: e.cost)
def refresh_row(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    """Go to Town: pay to put the whole row under the deck and turn up a new one, if chosen."""
    if pl is None or not pl.refresh or pl.passed:
        if t.log and pl is not None and pl.passed:
            t.say(cite.PASSED_CHOICE, p, kind="nothing", cause="passed", effect="refresh_row", who=p.name)
        return True
    if not pay(p, e.cost):
        if t.log:
            t.say(cite.REFRESH, p, kind="nothing", cause="short", effect="refresh_row", who=p.name,
                  has=p.unbanked + p.banked, what="gold", needs=e.cost)
        return True
    old = t.row or []
    for card in old:
        to_town_deck(t, card)
    t.row = []
    refill_row(t)
    if t.log:
        t.say(cite.REFRESH, p, "pay", who=p.name, cause="refresh", amount=e.cost, what="gold", unbanked=p.unbanked,
              banked=p.banked, returned=[c.name for c in old], row=[c.name for c in t.row])
    return True


@effect("buy", choice="buy", cost=price)
def buy(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    """Buy the chosen face-up card into the hand, if it is there and affordable (less any discount)."""
    if pl is None or pl.buy is None or pl.passed:
        if t.log and pl is not None and pl.passed:
            t.say(cite.PASSED_CHOICE, p, kind="nothing", cause="passed", effect="buy", who=p.name)
        elif t.log:
            t.say(cite.BUY, p, kind="buy", cause="none", who=p.name)
        return True
    card = pl.buy
    if t.row is None or card not in t.row:
        if t.log:
            t.say(cite.BUY, p, "nothing", cause="row", who=p.name, name=card.name, row=[c.name for c in t.row or []])
        return True
    paid = price(e, card)
    if not pay(p, paid):
        if t.log:
            t.say(cite.BUY, p, "nothing", cause="short", effect="buy", who=p.name, has=p.unbanked + p.banked,
                  what="gold", needs=paid, name=card.name)
        return True
    slot = t.row.index(card)
    if t.deck:  # the top of the town deck takes the bought card's place (EDC-15)
        t.row[slot] = t.deck.pop(0)
    else:
        del t.row[slot]
    p.hand.append(card)
    t.bought.append((p.seat, card.id))
    if t.log:
        t.say(cite.BUY, p, "buy", who=p.name, name=card.name, amount=paid, unbanked=p.unbanked, banked=p.banked,
              row=[c.name for c in t.row])
        t.note(p, f"bought {card.name} for {paid} gold")
    return True
