"""Everything on the table: players, their zones, the units in their battle areas, the Throne.

Names follow the rulebook: battle area, market, market deck, wielder, attack damage.
A unit's strength and keywords are worked out when asked (`strength_of`, `keywords_of`):
printed or overridden strength, weapons, attack tokens, and while-abilities whose
condition holds right now (FAQ: only such abilities "can be taken away again").
"""
from __future__ import annotations

from typing import Any

from checker.core.dice import seeded
from checker.core.errors import StateError
from checker.core.verdict import Event

from . import cite
from . import conditions  # noqa: F401  (registers the conditions' tests)
from .rules import Ability, CardDef, Rules, Throne
from .vocab import CONDITIONS, LENDS, Lent
from .wording import unit as unit_words

THRONE_STATES = ("hidden", "revealed", "spent")
MAX_COUNT = 999  # the most health, gold or power a state file holds: a gain stops there, so --out reads back (GS-R10)


class Piece:
    """A card in a battle area: a unit (weapons, attack tokens, gained strength and keywords) or a loose weapon."""

    __slots__ = ("card", "owner", "strength", "gained", "tokens", "weapons", "stays")

    def __init__(self, card: CardDef, owner: "Player", strength: int | None = None, gained: list[str] | None = None,
                 tokens: list[int] | None = None, weapons: list[CardDef] | None = None):
        self.card, self.owner = card, owner
        self.strength: int = (card.strength or 0) if strength is None else strength  # before weapons, tokens, whiles
        self.gained: list[str] = list(gained or [])
        self.tokens: list[int] = list(tokens or [])
        self.weapons: list[CardDef] = list(weapons or [])
        self.stays = False  # return_to_battle_area: never discarded by this attack (FAQ on Recurring Nightmare)

    @property
    def is_unit(self) -> bool:
        return self.card.type == "unit"

    def __repr__(self) -> str:
        return f"Piece({self.owner.name}:{self.card.id})"


class Player:
    """A seat: health, gold, this turn's power, and the zones (market, hand, deck, discard pile, battle area)."""

    __slots__ = ("name", "health", "gold", "power", "market", "hand", "deck", "discard", "battle", "played")

    def __init__(self, name: str, health: int = 0, gold: int = 0, power: int = 0):
        self.name, self.health, self.gold, self.power = name, health, gold, power
        self.market: list[CardDef] = []
        self.hand: list[CardDef] = []
        self.deck: list[CardDef] = []  # top first
        self.discard: list[CardDef] = []
        self.battle: list[Piece] = []
        self.played: list[CardDef] = []  # this turn, in order (G5)

    @property
    def out(self) -> bool:
        """G1: a player at 0 health is out."""
        return self.health <= 0

    @property
    def units(self) -> list[Piece]:
        return [p for p in self.battle if p.is_unit]

    @property
    def loose_weapons(self) -> list[Piece]:
        return [p for p in self.battle if not p.is_unit]


class Table:
    """The whole table and the cited log of what happens to it."""

    def __init__(self, rules: Rules, players: list[Player], turn: int, throne: str = "hidden",
                 market_deck: list[CardDef] | None = None, seed: int | None = None, log: Any = None):
        self.rules, self.players, self.turn, self.throne = rules, players, turn, throne
        self.market_deck = market_deck  # top first; None: not given (the rest of the market cards, unshuffled)
        self.rng = seeded(seed)
        self.log = log
        self.events: list[Event] = []  # the verdict's events
        self.dealt: dict[int, frozenset[str]] = {}  # pieces that dealt attack damage in the current attack: keywords
        self.fired: set[tuple[int, int]] = set()  # (piece, ability) of attackers' discard-pile abilities fired (GS-R4)
        self.attacking: list[Piece] = []  # the current attack's attackers
        self.whiles = self._active_whiles()

    # ---- the log ---------------------------------------------------------------------------------------

    def say(self, rule: str, player: Player | None, card: CardDef | Throne | None, kind: str, **values: Any) -> None:
        """A step of `kind` (checker.core.log.KINDS), worded from its values by the family's table (`wording`)."""
        if self.log is not None:
            if card is not None:
                self.log.names[card.id] = card.name
            self.log.add(None, rule, player.name if player else None, card.id if card else None, kind=kind, **values)

    def note(self, player: Player, what: str) -> None:
        self.events.append(Event(player.name, what))

    @property
    def active(self) -> Player:
        return self.players[self.turn]

    def gold_left(self) -> int | None:
        """The gold tokens still in the pool (GS-R13); None: the game has no gold tokens to run out of."""
        tokens = self.rules.gold_tokens
        return None if tokens is None else tokens - sum(p.gold for p in self.players)

    def enemies(self, p: Player) -> list[Player]:
        return [q for q in self.players if q is not p and not q.out]

    # ---- units: strength, keywords, while-abilities -------------------------------------------------------

    def abilities_of(self, piece: Piece) -> list[tuple[CardDef, Ability]]:
        """A unit's own abilities, then its weapons' (a weapon's abilities are about its wielder)."""
        return [(piece.card, a) for a in piece.card.abilities] + [(w, a) for w in piece.weapons for a in w.abilities]

    def condition_holds(self, condition: dict[str, Any] | None, piece: Piece | None, controller: Player) -> bool:
        return condition is None or CONDITIONS[condition["condition"]].holds(self, condition, piece, controller)

    def while_effects(self, piece: Piece) -> list[Any]:
        """The effects of the unit's while-abilities whose condition holds now."""
        return [e for _, a in self.abilities_of(piece) if a.trigger == "while"
                and self.condition_holds(a.condition, piece, piece.owner) for e in a.effects]

    def lent(self, piece: Piece) -> list[Lent]:
        """What the unit's while-abilities that hold now lend it (each effect's `lends` home)."""
        return [LENDS[e.name](e) for e in self.while_effects(piece)]

    def strength_of(self, piece: Piece) -> int:
        """Strength now: base (printed or overridden) + weapons' bonuses + attack tokens + while-abilities."""
        return (piece.strength + sum(w.bonus or 0 for w in piece.weapons) + sum(piece.tokens)
                + sum(x.strength for x in self.lent(piece)))

    def keywords_of(self, piece: Piece) -> set[str]:
        kws = set(piece.card.keywords) | set(piece.gained) | {k for w in piece.weapons for k in w.keywords}
        return kws | {k for x in self.lent(piece) for k in x.keywords}

    def unit(self, piece: Piece) -> dict[str, Any]:
        """The unit as it stands now, for a step's values: its name, strength and keywords."""
        return {"name": piece.card.name, "strength": self.strength_of(piece), "keywords": sorted(self.keywords_of(piece))}

    def describe(self, piece: Piece) -> str:
        """'Bannerman (strength 4, Lifesteal)'."""
        return unit_words(self.unit(piece))

    def _active_whiles(self) -> dict[int, tuple[Piece, frozenset[str]]]:
        out = {}
        for p in self.players:
            for piece in p.units:
                texts = frozenset(a.text for _, a in self.abilities_of(piece) if a.trigger == "while"
                                  and self.condition_holds(a.condition, piece, p))
                out[id(piece)] = (piece, texts)
        return out

    def check_whiles(self) -> None:
        """Log every while-ability that starts or stops applying (FAQ on Tinker Overseer)."""
        now = self._active_whiles()
        for key, (piece, texts) in now.items():
            before = self.whiles[key][1] if key in self.whiles else frozenset()
            for holds, changed in ((True, texts - before), (False, before - texts)):
                for text in sorted(changed):
                    self.say(cite.FAQ_WHILE, piece.owner, piece.card, "ability", cause="while", who=piece.owner.name,
                             unit=self.unit(piece), holds=holds, ability=text)
        self.whiles = now

    # ---- moving cards ------------------------------------------------------------------------------------

    def in_play(self, piece: Piece) -> bool:
        return any(piece is q for q in piece.owner.battle)

    def remove_piece(self, piece: Piece) -> None:
        piece.owner.battle = [q for q in piece.owner.battle if q is not piece]

    def discard_piece(self, piece: Piece, rule: str, kind: str, cause: str, **values: Any) -> None:
        """A unit leaves the battle area for the discard pile, its weapons with it (G4); a token goes back to the pool.
        `cause` names why (the sentences `kind/cause` of `wording`)."""
        owner = piece.owner
        self.remove_piece(piece)
        if not piece.card.token:
            owner.discard.append(piece.card)
        self.say(cite.join(rule, cite.TOKEN_POOL) if piece.card.token else rule, owner, piece.card, kind, cause=cause,
                 who=owner.name, name=piece.card.name, token=bool(piece.card.token), **values)
        self.note(owner, f"{piece.card.name} discarded" if not piece.card.token else f"{piece.card.name} token removed")
        self.discard_weapons(piece)
        self.check_whiles()

    def discard_weapons(self, piece: Piece, rule: str = cite.WEAPON_STAYS, cause: str = "weapons") -> None:
        """The weapons of a unit leaving the battle area go to the discard pile: with it when it is discarded (G4),
        by themselves when it goes elsewhere (the deck, the hand: GS-R14)."""
        if piece.weapons:
            piece.owner.discard.extend(piece.weapons)
            self.say(rule, piece.owner, piece.weapons[0], "card", cause=cause,
                     weapons=[w.name for w in piece.weapons], name=piece.card.name)
            piece.weapons = []

    def draw(self, p: Player, count: int, card: CardDef | None, rule: str) -> None:
        """Draw from the top of the deck; an empty deck is refilled by shuffling the discard pile."""
        for _ in range(count):
            if not p.deck and p.discard:
                self.reshuffle(p)
            if not p.deck:
                self.say(cite.join(rule, cite.NOTHING_TO_DRAW), p, card, "nothing", cause="draw", who=p.name)
                return
            drawn = p.deck.pop(0)
            p.hand.append(drawn)
            self.say(rule, p, card, "card", cause="draw", who=p.name, name=drawn.name)
            self.note(p, f"drew {drawn.name}")

    def reshuffle(self, p: Player) -> None:
        if len({c.id for c in p.discard}) > 1:
            if self.rng is None:
                raise StateError("the deck is empty and a draw needs the discard pile shuffled into it: "
                                 "pass --seed N to shuffle it, or list the cards in `deck`, top first (GS-R5)",
                                 player=p.name, field="deck")
            self.rng.shuffle(p.discard)
        p.deck, p.discard = p.discard, []
        self.say(cite.RESHUFFLE, p, None, "card", cause="reshuffle", who=p.name, count=len(p.deck))

    def market_top(self, p: Player) -> CardDef | None:
        """The top card of the market deck (shuffled by --seed when the state does not give it; GS-R6)."""
        if self.market_deck is None:
            self.market_deck = self.unseen_market_cards(p, "market_deck")
        return self.market_deck.pop(0) if self.market_deck else None

    def unseen_market_cards(self, p: Player | None, field: str, placed: tuple[CardDef, ...] = ()) -> list[CardDef]:
        """The market cards the state does not place anywhere, nor in `placed` (the action's deals), shuffled by --seed (GS-R6)."""
        if self.rng is None:
            raise StateError("the market deck is needed: give `market_deck` (top first) or pass --seed N to "
                             "shuffle the market cards the state does not place (GS-R6)",
                             player=p.name if p else None, field=field)
        pool = list(self.rules.market_deck)
        seen = list(placed)
        for q in self.players:
            seen += q.market + q.hand + q.deck + q.discard + [x.card for x in q.battle] + [w for x in q.battle for w in x.weapons]
        for c in seen:
            if c.id in pool:
                pool.remove(c.id)
        cards = [self.rules.cards[i] for i in pool]
        self.rng.shuffle(cards)
        self.say(cite.SHUFFLE_MARKET, None, None, "card", cause="shuffle", count=len(cards))
        return cards

    def add_to_market(self, p: Player, count: int, card: CardDef | None) -> None:
        for _ in range(count):
            top = self.market_top(p)
            if top is None:
                self.say(cite.MARKET_EMPTY, p, card, "nothing", cause="market", who=p.name)
                return
            p.market.append(top)
            self.say(cite.ADD_MARKET, p, card, "card", cause="market", who=p.name, name=top.name)
            self.note(p, f"{top.name} added to the market")

    # ---- health ------------------------------------------------------------------------------------------

    def lose_health(self, p: Player, amount: int, rule: str, card: CardDef, by: Player, **values: Any) -> None:
        """Damage dealt by `by`'s `card`; `values`: its `cause`, `what` (attack damage, damage) and how it was dealt."""
        before = p.health
        p.health = max(0, before - amount)
        self.say(rule, by, card, "damage", target=p.name, amount=amount, by=by.name, name=card.name, **values,
                 before=before, after=p.health)
        if before > 0 and p.out:
            self.say(cite.OUT, p, None, "kill", cause="out", who=p.name)
            self.note(p, "is out")

    def gain_health(self, p: Player, amount: int, rule: str, card: CardDef | None = None, **values: Any) -> None:
        """Health gained; `values`: a `cause` and what it needs (Lifesteal: the unit's `name`)."""
        self.gain(p, "health", amount, rule, card, **values)

    def gain(self, p: Player, what: str, amount: int, rule: str, card: Any, **values: Any) -> None:
        """`amount` health or power gained, stopping at MAX_COUNT (then the step says so: `gain/most`)."""
        before = getattr(p, what)
        after = min(MAX_COUNT, before + amount)
        setattr(p, what, after)
        if after - before < amount:
            values = {"cause": "most", "most": MAX_COUNT, "asked": amount}
            rule = cite.join(rule, cite.MOST)
        self.say(rule, p, card, "gain", who=p.name, amount=after - before, what=what, **values, before=before,
                 after=after)
