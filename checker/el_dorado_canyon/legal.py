"""Which plays a player may reveal ("Gameplay", EDC-18, H8, EDC-15): the one home of legality.

A play is what the state file's `play = { card, option, direction, buy, refresh }` says
(design/el-dorado-canyon.md). The state reader refuses a play with these rules, the
simulator's policies choose with them, and `legal_for` lists every play they allow (as the
turn's own `Play`s: what a policy reveals), for a refusal message, a policy or a test;
`action_of` writes one as the `checker.core.action.Action` every engine's interface gives.
A buy or a row replacement is legal when it can happen for some way the turn goes (EDC-15):
the card may be face up when the buy comes and the gold may pay for it; whether it does is
the turn's business, not the reveal's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.core.action import Action
from checker.core.errors import StateError

from .players import Play, Player
from .rules import DIRECTIONS, LEFT, RIGHT, Card, Option

if TYPE_CHECKING:
    from .turn import Table

ARROW_NAMES = {LEFT: "left", RIGHT: "right"}


# ---- the rules, one function each ------------------------------------------------------------------

def playable(p: Player) -> list[Card]:
    """The cards a player may reveal: the hand, less what lies under the character (H9)."""
    spent = p.spent
    if spent:
        hand = p.hand
        for card in spent:  # in play none of them is in the hand: then the hand itself, no copy
            for held in hand:
                # A Card equals only itself (one object per id, no __eq__): `is` compiles to one pointer
                # test where `card in hand` asks Python's rich comparison of every card (4 % of a game)
                if held is card:
                    return [c for c in hand if c not in spent]
    return p.hand


def options(card: Card) -> range:
    """"Card Anatomy": a two-ended card is played by one end, 1 or 2; a one-ended card by its only end."""
    return range(1, len(card.options) + 1)


def directions(end: Option) -> tuple[str | None, ...]:
    """H2: an arrow the player turns points left or right; a printed arrow its own way; no arrow, none."""
    if end.turned:
        return ("left", "right")
    return (end.arrow,) if end.arrow in DIRECTIONS else (None,)


def affordable(p: Player, cards: list[Card] | None, spent: int = 0) -> list[Card]:
    """The cards of `cards` the player's gold (less `spent`) pays for now, unbanked and banked (H8)."""
    gold = p.unbanked + p.banked - spent
    return [c for c in cards if c.cost is not None and c.cost <= gold] if cards else []


def may_refresh(table: Table, p: Player, end: Option) -> bool:
    """Whether the player may replace the town row with this end now: it refreshes, there is a
    row, and the gold pays for it (H8, EDC-14)."""
    return end.refreshes and table.row is not None and p.unbanked + p.banked >= end.refresh_cost


def buy_targets(end: Option, row: list[Card] | None, deck: list[Card] | None) -> list[Card]:
    """The town cards a buy may name (EDC-15): none without a buy or a town; else any card of the
    row or the deck, which `town_choices` narrows to what can be face up when the buy comes."""
    if not end.buys or row is None:
        return []
    out: list[Card] = []
    for card in row + (deck or []):
        if card not in out:
            out.append(card)
    return out


def town_choices(plays: list[Play | None], players: list[Player], first: int, row: list[Card],
                 deck: list[Card], size: int) -> None:
    """A declared refresh or buy that cannot happen however the turn goes is an invalid play (EDC-15).

    Only earlier buys and refreshes this turn change the row (each buy turns up one card from
    the deck, each refresh a new row of `size`: the game's `town_row`); only the player's own card, and abilities that gain gold,
    change the gold it has when its buy comes.
    """
    n = len(players)
    order = sorted((pl for pl in plays if pl is not None and (pl.buy is not None or pl.refresh)),
                   key=lambda pl: (pl.card.rank, (pl.owner - first) % n))
    turned_up = 0  # deck cards that earlier buys and refreshes may have turned face up
    for i, pl in enumerate(order):
        p = players[pl.owner]
        if pl.buy is not None:
            if pl.refresh and i == 0:
                reachable = (deck + row)[:size]  # the row replaced: the old cards go under the deck
                if _gold_may_drop(pl, plays, players):  # robbed first, it cannot pay to replace the row
                    reachable += [c for c in row if c not in reachable]
            else:
                reachable = row + deck[:turned_up + (size if pl.refresh else 0)]
            if pl.buy not in reachable:
                where = "face up after replacing the row" if pl.refresh else "face up in town"
                raise StateError(f"{pl.buy.id!r} cannot be bought: it will not be {where} when {pl.card.name} "
                                 f"resolves; face up then: {_ids(reachable) or 'none'}", player=p.name,
                                 field="play.buy")
        if not _may_gain_gold(p):
            _gold_suffices(pl, p)
        turned_up += (1 if pl.buy is not None else 0) + (size if pl.refresh else 0)


def _gold_may_drop(pl: Play, plays: list[Play | None], players: list[Player]) -> bool:
    """Whether another card or ability this turn may steal from the player before its refresh."""
    for other in plays:
        if other is not None and other is not pl and any(e.rule.takes_gold for e in other.end.effects):
            return True
    return any(q.char is not None and any(e.rule.takes_gold for e in q.char.effects) for q in players)


def _may_gain_gold(p: Player) -> bool:
    """Whether the character's ability may bring gold during the turn (then only play can tell)."""
    char = p.char
    return char is not None and char.trigger not in (None, "always", "immediate") and any(
        _brings_gold(e) for e in char.effects)


def _brings_gold(e: Any) -> bool:
    gold = e.rule.gold(e)
    return gold is None or gold > 0


def _gold_suffices(pl: Play, p: Player) -> None:
    """The gold the player has when the card's refresh and buy come, at best: the card's own gains
    and payments before them (H8: spending takes unbanked gold first, then banked)."""
    gold = p.unbanked + p.banked
    for e in pl.end.effects:
        rule = e.rule
        if rule.choice == "refresh" and pl.refresh:
            cost = rule.cost(e, None)
            if gold < cost:
                raise StateError(f"replacing the row costs {cost} gold and {p.name} has {max(gold, 0)} when "
                                 f"{pl.card.name} comes to it", player=p.name, field="play.refresh")
            gold -= cost
        elif rule.choice == "buy" and pl.buy is not None:
            price = rule.cost(e, pl.buy)
            if gold < price:
                after = " after replacing the row" if pl.refresh else ""
                raise StateError(f"{pl.buy.id!r} costs {price} gold and {p.name} has {max(gold, 0)}{after} when "
                                 f"{pl.card.name} comes to buy", player=p.name, field="play.buy")
            return
        else:
            brings = rule.gold(e)
            if brings is None:
                return  # how much it brings depends on the others: only play can tell
            gold += brings


def _ids(cards: list[Card]) -> str:
    return ", ".join(c.id for c in cards)


# ---- every legal play ---------------------------------------------------------------------------------

def legal_for(table: Table, player: Player, plays: list[Play | None] | None = None) -> list[Play]:
    """Every play `player` may reveal at `table`; `plays` (by seat) are the others' plays when known
    (a state file's), else each is taken as unknown: they are revealed at the same time."""
    if player.gone:
        return []  # H7: a GONE player reveals no card
    others: list[Play | None] = list(plays) if plays is not None else [None] * table.n
    row, deck = table.row, table.deck
    out: list[Play] = []
    for card in playable(player):
        for option in options(card):
            end = card.options[option - 1]
            targets = [None] + buy_targets(end, row, deck)
            refreshes = (False, True) if end.refreshes and row is not None else (False,)
            for direction in directions(end):
                for refresh in refreshes:
                    for target in targets:
                        pl = Play(card, player.seat, option - 1, DIRECTIONS.get(direction or ""), target, refresh)
                        if (target is not None or refresh) and not _possible(table, pl, others):
                            continue
                        out.append(pl)
    return out


def _possible(table: Table, pl: Play, others: list[Play | None]) -> bool:
    trial = list(others)
    trial[pl.owner] = pl
    try:
        town_choices(trial, table.players, table.first, table.row or [], table.deck or [], table.rules.town_row)
    except StateError:
        return False
    return True


def terms(pl: Play) -> tuple[str, int, str | None, str | None, bool]:
    """A play in the state file's terms: card id, option 1 or 2, direction "left"/"right" or None (a card end
    without an arrow), the town card bought or None, whether the row is replaced."""
    direction = ARROW_NAMES[pl.direction] if pl.end.arrow != "none" and pl.direction is not None else None
    return pl.card.id, pl.option + 1, direction, pl.buy.id if pl.buy is not None else None, pl.refresh


def action_of(pl: Play, player: str) -> Action:
    """The action a Play reveals: `player`'s `play` table, its defaults left out (no buy, no refresh, no arrow)."""
    card, option, direction, buy, refresh = terms(pl)
    fields: dict[str, Any] = {"card": card, "option": option}
    if direction is not None:
        fields["direction"] = direction
    if buy is not None:
        fields["buy"] = buy
    if refresh:
        fields["refresh"] = True
    return Action("play", player, **fields)


def describe(plays: list[Play]) -> str:
    """Legal plays, concisely: by card, then end and direction, with the buys and refreshes each allows."""
    if not plays:
        return "none"
    cards: dict[str, dict[int, dict[str | None, dict[bool, list[str | None]]]]] = {}
    for pl in plays:
        card_id, option, direction, buy, refresh = terms(pl)
        ends = cards.setdefault(card_id, {})
        ends.setdefault(option, {}).setdefault(direction, {}).setdefault(refresh, []).append(buy)
    parts = []
    for card, ends in cards.items():
        labels = [_end_label(option, by_direction, len(ends) > 1 or option == 2) for option, by_direction in ends.items()]
        if all(label.startswith("option ") and " " not in label[7:] for label in labels) and len(labels) > 1:
            parts.append(f"{card} option {'|'.join(label[7:] for label in labels)}")
        else:
            parts.append(" ".join([card, " or ".join(label for label in labels if label)]).strip())
    return "; ".join(parts)


def _end_label(option: int, by_direction: dict[str | None, dict[bool, list[str | None]]], named: bool) -> str:
    words = [f"option {option}"] if named else []
    ways = [d for d in by_direction if d is not None]
    if ways:
        words.append("|".join(ways))
    choices = []
    for refresh, buys in sorted(next(iter(by_direction.values())).items()):  # the same whatever the direction
        names = [b for b in buys if b is not None]
        if names or refresh:
            choices.append(("refresh, then " if refresh else "")
                           + (f"buy {'|'.join(names)} or nothing" if names else "buy nothing"))
    if choices:
        words.append(f"({'; '.join(choices)})")
    return " ".join(words)
