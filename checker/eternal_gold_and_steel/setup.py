"""Setting up initial markets by one of the rulebook's three methods (Setting Up Initial Markets).

Chance is an input: the deals come from `action.deals` or the top of `market_deck`
(one card at a time, in player order); with neither, --seed shuffles the market deck.
Picks come from `action.picks`; a missing pick is made by --seed, else it is an error
listing the cards to choose from (GS-R11).
"""
from __future__ import annotations

from checker.core.errors import StateError

from . import cite
from .rules import CardDef
from .state import Action
from .table import Player, Table

DEALT = {"new": 3, "experienced-2p": 4, "experienced-3-4p": 4}


def setup_markets(t: Table, a: Action) -> str:
    t.say(cite.SETUP_METHOD, None, None, "setup", cause="method", method=a.method)
    hands = deal(t, a)
    bottom: list[CardDef] = []
    if a.method == "new":
        for p in t.players:
            _to_market(t, p, hands[p.name], cite.SETUP_NEW)
    elif a.method == "experienced-2p":
        first, second = t.players
        passed = {}
        for p in t.players:
            keep = _pick(t, a, p, hands[p.name], 2, 0, "keep in the market")
            _to_market(t, p, keep, cite.SETUP_2P_KEEP)
            passed[p.name] = _without(hands[p.name], keep)
        for p, q in ((first, second), (second, first)):
            offered = passed[q.name]
            t.say(cite.SETUP_2P_KEEP, q, None, "setup", cause="pass", who=q.name, to=p.name)
            chosen = _pick(t, a, p, offered, 1, 2, "add to the market from the 2 passed by " + q.name)
            _to_market(t, p, chosen, cite.SETUP_2P_CHOOSE)
            bottom += _without(offered, chosen)
    else:
        n = len(t.players)
        rules = (cite.SETUP_34P_FIRST, cite.SETUP_34P_SECOND, cite.SETUP_34P_LAST)
        for round_ in range(3):
            for p in t.players:
                chosen = _pick(t, a, p, hands[p.name], 1, round_, f"add to the market (round {round_ + 1})")
                _to_market(t, p, chosen, rules[round_])
                hands[p.name] = _without(hands[p.name], chosen)
            if round_ < 2:
                hands = {t.players[(i + 1) % n].name: hands[p.name] for i, p in enumerate(t.players)}
                t.say(cite.join(rules[round_], cite.SEED_PICK), None, None, "setup", cause="left")
        for p in t.players:
            bottom += hands[p.name]
    if bottom and t.market_deck is None:  # every deal was given: the rest of the deck stays unknown
        t.say(cite.join(cite.SETUP_2P_CHOOSE, cite.DECK_UNKNOWN), None, None, "setup", cause="bottom", count=len(bottom),
              listed=False)
    elif bottom and t.market_deck is not None:
        t.market_deck += bottom
        t.say(cite.SETUP_2P_CHOOSE, None, None, "setup", cause="bottom", count=len(bottom), listed=True)
    return f"Legal: each player's initial market is set up by the {a.method} method."


def deal(t: Table, a: Action) -> dict[str, list[CardDef]]:
    """Each player's dealt cards: given in action.deals, else dealt from the market deck's top (GS-R11)."""
    count = DEALT[a.method]
    for name, cards in a.deals.items():
        if len(cards) != count:
            raise StateError(f"expected {count} dealt market cards for the {a.method} method, got {len(cards)}",
                             player=name, field=f"action.deals.{name}")
    hands = {p.name: list(a.deals.get(p.name, [])) for p in t.players}
    missing = [p for p in t.players if p.name not in a.deals]
    if missing and t.market_deck is None:
        t.market_deck = t.unseen_market_cards(None, "market_deck", tuple(c for cards in a.deals.values() for c in cards))
    for _ in range(count):
        for p in missing:
            if not t.market_deck:
                raise StateError(f"the market deck runs out while dealing to {p.name}: give more cards in "
                                 f"market_deck or the player's cards in action.deals", field="market_deck")
            hands[p.name].append(t.market_deck.pop(0))
    for p in t.players:
        t.say(cite.join(cite.SETUP_NEW if a.method == "new" else cite.SETUP_2P_DEAL, cite.SEED_PICK), p, None, "setup",
              cause="deal", who=p.name, given=p not in missing, names=[c.name for c in hands[p.name]])
    return hands


def _pick(t: Table, a: Action, p: Player, offered: list[CardDef], count: int, start: int, what: str) -> list[CardDef]:
    """The player's picks from `offered`: action.picks[name][start:start+count], else --seed, else an error."""
    given = a.picks.get(p.name, [])[start:start + count]
    if not given:
        if count >= len(offered):
            return list(offered)
        if t.rng is None:
            raise StateError(f"expected {count} card(s) to {what}, from {', '.join(c.id for c in offered)}: "
                             f"give them in action.picks.{p.name} or pass --seed N (GS-R11)",
                             player=p.name, field=f"action.picks.{p.name}")
        given = t.rng.sample(offered, count)
        t.say(cite.SEED_PICK, p, None, "setup", cause="seed", who=p.name, names=[c.name for c in given])
    pool = list(offered)
    for i, card in enumerate(given, start + 1):
        if card not in pool or len(given) != count:
            raise StateError(f"expected {count} card(s) to {what}, from {', '.join(c.id for c in offered)}, got "
                             f"{', '.join(c.id for c in given)}", player=p.name, field=f"action.picks.{p.name}[{i}]")
        pool.remove(card)
    return given


def _without(cards: list[CardDef], taken: list[CardDef]) -> list[CardDef]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


def _to_market(t: Table, p: Player, cards: list[CardDef], rule: str) -> None:
    p.market += cards
    t.say(rule, p, None, "setup", cause="market", who=p.name, names=[c.name for c in cards])
    t.note(p, f"market + {', '.join(c.id for c in cards)}")
