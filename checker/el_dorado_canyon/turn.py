"""One turn of El Dorado Canyon, its skeleton: "Gameplay" and "Priority" (H1).

The joint reveal, priorities I to IV clockwise by the seat holding each card (so Round
the Rosie, FAQ and EDC-13, lives here), resolving again when "if you are attacked" (H8)
learns of a later attack, abilities firing (EDC-8), and the turn's end: cards put away
("Symbols and Terms"), GONE moving on, the first player marker passing. What each effect
does is elsewhere, one module per rulebook section: `effects`, `attacks` (Killing
Characters), `town` (H8), `gone` (Being GONE, H7), `judge` (End-Game & Scoring, H10).

The same code settles a disputed turn (with a `Log`: every step cites its rule) and
plays thousands of simulated games (log None: no text is ever built).
"""
from __future__ import annotations

from typing import Any, Final


from checker.core.verdict import Event

from . import cite
from .effects import effect_steps
from .gone import gone_next_turn
from .players import Play, Player
from .rules import LEFT, RIGHT, Card, Character, Rules
from .town import to_town_deck

MAX_FORESIGHT: Final = 4  # rounds of resolving a turn again until "attacked" agrees with the turn's attacks


class Table:
    """Everything on the table, and the turn's resolution."""

    def __init__(self, rules: Rules, players: list[Player], first: int, row: list[Card] | None = None,
                 deck: list[Card] | None = None, characters: list[Character] | None = None, log: Any = None):
        self.rules, self.players, self.n, self.first = rules, players, len(players), first
        self.row, self.deck, self.characters = row, deck, characters
        self.log = log
        self.where: tuple[str | None, str | None, str | None] = (None, None, None)
        self.events: list[Event] = []  # the verdict's events; only with a log
        self.moves = 0
        self.draw_failed = False
        self.revealed: list[Play | None] = []  # this turn's plays by seat (None: GONE)
        self.plays: list[Play] = []  # the same, clockwise from the first player
        self.bought: list[tuple[int, str]] = []  # (seat, card id): the simulator's tallies
        self.drawn: list[tuple[int, str | None]] = []  # (seat, character id)
        self.orders, self.around = seat_orders(self.n)
        # H8 "attacked this turn": who attacked each seat over the whole turn, once known
        self.foreseen: dict[int, list[Player]] | None = None
        # (player, attackers an if-attacked effect counted); None on a turn resolved in one pass
        self.asked: list[tuple[Player, int]] | None = None

    # ---- the log -------------------------------------------------------------------------------

    def say(self, rule: str, subject: Player | None = None, kind: str | None = None, **values: Any) -> None:
        """Add a step of `kind` (checker.core.log.KINDS) under the current card, worded from `values` by the
        family's table (`wording`); `subject` is its player when no card is resolving (callers check `self.log`
        first)."""
        priority, who, card = self.where
        self.log.add(None, rule, who or (subject.name if subject else None), card, priority, kind, **values)

    def card_of(self, p: Player) -> list[str]:
        """The card p revealed this turn, for a step's `cards`: what an attack or a steal on p reaches."""
        pl = self.revealed[p.seat] if self.revealed else None
        return [pl.card.id] if pl is not None else []

    def note(self, player: Player, what: str) -> None:
        """A line of the verdict (callers check `self.log` first)."""
        self.events.append(Event(player.name, what))

    # ---- the turn ------------------------------------------------------------------------------

    def clockwise(self) -> tuple[int, ...]:
        """Seats in play order: clockwise (to the left) from the first player (H1)."""
        return self.orders[self.first]

    def seat_order(self, seat: int) -> int:
        return (seat - self.first) % self.n

    def play_turn(self, plays: list[Play | None]) -> None:
        """Reveal every card at once (one joint action), then resolve priorities I to IV.

        `plays` has one entry per seat: None exactly for the players GONE this turn.
        """
        players = self.players
        for p in players:  # forget the last turn's marks: who attacked, blocks, GONE-from-now
            p.out = p.gone or p.char is None
            p.gone_next = False
            if p.attackers:
                p.attackers = []
            p.block = p.discard = 0
        first = self.first
        self.revealed = plays
        # clockwise from the first player, the seats without a card left out;
        # revealed cards stay listed in the hand (their place kept) until they go elsewhere
        clockwise: list[Play] = []
        for s in self.orders[first]:
            pl = plays[s]
            if pl is not None:
                clockwise.append(pl)
        self.plays = clockwise
        if self.log:
            self.where = ("reveal", None, None)
            for s in self.orders[first]:
                p, pl = self.players[s], plays[s]
                if pl is None:
                    self.say(cite.GONE_SITS_OUT, p, "reveal", cause="no_card", who=p.name, gone=p.gone)
                else:
                    self.where = ("reveal", p.name, pl.card.id)
                    self.log.names[pl.card.id] = pl.card.name
                    self.say(cite.REVEAL if len(pl.card.options) == 1 else cite.join(cite.REVEAL, cite.TWO_ENDED),
                             p, "reveal", **self.describe(pl))
        queue = by_priority(clockwise)
        self.foreseen = self.asked = None  # no count kept unless the turn may be resolved again
        if self.may_attack_after_asking(queue):
            self.resolve_foreseeing(queue)
        else:
            self.resolve_in_order(queue)  # every attack comes before anything asks who attacked: one pass
        self.finish_turn()

    def resolve_foreseeing(self, queue: list[Play]) -> None:
        """Priorities I to IV. H8: "attacked" means attacked at any time this turn, so when an
        attack came after an if-attacked effect had counted, the turn is resolved again from
        its start knowing who attacks whom (a few rounds at most; never with the box's cards,
        whose attacks all come before the if-attacked gains)."""
        self.asked = []
        start = self.mark_start()
        for round_ in range(MAX_FORESIGHT):
            self.resolve_in_order(queue)
            if round_ == MAX_FORESIGHT - 1 or all(len(p.attackers) == counted for p, counted in self.asked):
                return
            self.foreseen = {p.seat: list(p.attackers) for p in self.players}
            self.asked = []
            self.back_to_start(start)

    def may_attack_after_asking(self, queue: list[Play]) -> bool:
        """Whether an attack may resolve after an effect asked who attacks (H8). Abilities fire
        only inside a card that attacks or banks (`Option.fires`), at that card's priority; so
        something asks from the first card that asks (or fires an asking ability), and a later
        attack needs a card at that priority or after that attacks (or fires an attacking
        ability). Otherwise the turn is one pass and nothing is set aside to go back to."""
        players = self.players
        char_asks = self.rules.abilities_ask and any(p.char is not None and p.char.asks for p in players)
        for pl in queue:  # by priority: the first that asks
            end = pl.end
            if end.asks or (char_asks and end.fires):
                asking = pl.card.rank
                break
        else:
            return False  # the common turn: nothing asks who attacked
        fires = False  # a card at that priority or later fires abilities without attacking itself
        for pl in queue:
            if pl.card.rank >= asking:
                end = pl.end
                if end.attacks:
                    return True
                fires = fires or end.fires
        return fires and any(p.char is not None and p.char.attacks for p in players)

    def mark_start(self) -> tuple:
        return ([p.snapshot() for p in self.players], self.row and list(self.row), self.deck and list(self.deck),
                self.moves, len(self.bought), len(self.events), len(self.log.steps) if self.log else 0)

    def back_to_start(self, start: tuple) -> None:
        snaps, row, deck, moves, bought, events, steps = start
        for p, snap in zip(self.players, snaps):
            p.restore(snap)
            p.attackers, p.block, p.discard = [], 0, 0
        for pl in self.plays:
            pl.holder, pl.done, pl.passed, pl.hit = pl.owner, False, False, None
        self.row, self.deck, self.moves = row and list(row), deck and list(deck), moves
        del self.bought[bought:], self.events[events:]
        if self.log:
            del self.log.steps[steps:]
            self.where = ("reveal", None, None)
            self.say(cite.RESOLVE_AGAIN, kind="order", cause="again")

    def attackers_of(self, p: Player) -> list[Player]:
        """Who attacks p this turn (H8): so far, or over the whole turn once foreseen."""
        seen = p.attackers
        if self.foreseen is not None:
            whole = self.foreseen[p.seat]
            seen = whole + [a for a in seen if a not in whole]
        if self.asked is not None:
            self.asked.append((p, len(seen)))
        return seen

    def describe(self, pl: Play) -> dict[str, Any]:
        """A revealed card's values: its name, priority, option and printed wording, and the player's choices."""
        card = pl.card
        values: dict[str, Any] = {"who": self.players[pl.owner].name, "name": card.name, "level": card.priority,
                                  "wording": card.options[pl.option].text}
        if len(card.options) > 1:
            values["option"] = pl.option + 1
        if card.options[pl.option].arrow == "either":
            values["aimed"] = "left" if pl.direction == LEFT else "right"
        if pl.refresh:
            values["refresh"] = True
        if pl.buy is not None:
            values["buy"] = pl.buy.name
        return values

    def resolve_in_order(self, queue: list[Play]) -> None:
        """Priorities I to IV; within one, clockwise from the first player by the seat holding
        each card (H1, EDC-13)."""
        moves = self.moves
        for pl in queue:
            self.resolve_card(pl)
            if self.moves != moves:  # Round the Rosie: the rest go by their new holders
                self.resolve_in_order(self.by_holder())
                return

    def by_holder(self) -> list[Play]:
        """The unresolved cards by priority, then clockwise from the first player by holder."""
        return sorted((q for q in self.plays if not q.done),
                      key=lambda q: (q.card.rank, self.seat_order(q.holder), self.seat_order(q.owner)))

    def resolve_card(self, pl: Play) -> None:
        """One card, for whoever holds it: each effect of the chosen option in order."""
        pl.done = True
        p = self.players[pl.holder]
        log = self.log
        if log:
            self.say_resolving(pl, p)
        if p.out:  # GONE, or without a character (a dead one is out too)
            return
        end = pl.end
        steps = end.steps
        if steps is None:
            steps = effect_steps(end)
        before, deferred, after = steps
        aim = pl.direction
        for run, effect in before:
            if not run(self, p, effect, pl, aim) or p.char is None:
                return  # the rest of the card does nothing
        if deferred is not None:  # "you are GONE" reached: GONE once the card is done, if alive (H7, EDC-20)
            for run, effect in after:
                if not run(self, p, effect, pl, aim) or p.char is None:
                    break
            deferred.rule.run(self, p, deferred, pl, aim)

    def say_resolving(self, pl: Play, p: Player) -> None:
        card = pl.card
        self.where = (card.priority, p.name, card.id)
        if p.char is None:
            self.say(cite.DEAD_BEFORE, kind="nothing", cause="dead", who=p.name, name=card.name)
        elif p.out:
            self.say(cite.GONE_NO_ACTION, kind="nothing", cause="gone", who=p.name, name=card.name)
        else:
            passed = {"passed": self.players[pl.owner].name} if pl.passed else {}
            first = self.acts_first(pl, p)
            self.say(cite.PRIORITY, p, "first" if first else "order", who=p.name, name=card.name, **passed, **first)

    def acts_first(self, pl: Play, p: Player) -> dict[str, str]:
        """Why the turn's first card to act goes first (priority, then clockwise from the first player, H1): its
        `level`, and the `like` card's holder and the first player (`marker`) on a tie; {} for any later card,
        or a card alone on the table."""
        if len(self.plays) < 2 or any(s.kind == "first" for s in self.log.steps):
            return {}
        same = [q for q in self.plays if q is not pl and q.card.rank == pl.card.rank]
        if not same:
            return {"level": pl.card.priority}
        return {"level": pl.card.priority, "like": self.players[same[0].holder].name,
                "marker": self.players[self.first].name}

    def trigger(self, p: Player, when: str, other: Player | None) -> None:
        """A character ability fires now (EDC-8); abilities never trigger abilities (EDC-9)."""
        char = p.char
        if char is None or char.trigger != when:
            return
        if self.log:
            self.say(cite.ABILITY, kind="ability", who=p.name, character=char.name, ability=char.text)
        for effect in char.effects:
            effect.rule.run(self, p, effect, None, other)

    def round_the_rosie(self, p: Player, step: int) -> None:
        """FAQ: every unresolved, non-event card moves one seat the arrow's way (EDC-13)."""
        ring = [s for s in self.clockwise() if self.players[s].targetable]
        moving = [q for q in self.plays if not q.done and not q.card.event and q.holder in ring]
        if len(ring) < 2 or not moving:
            if self.log:
                self.say(cite.ROSIE, p, "nothing", cause="rosie", who=p.name)
            return
        ring.sort()
        for q in moving:  # back in front of its owner (a second Rosie), it is the owner's card again (FAQ, EDC-13)
            q.holder = ring[(ring.index(q.holder) + step) % len(ring)]
            q.passed = q.holder != q.owner
        self.moves += 1
        if self.log:
            for q in moving:
                self.say(cite.ROSIE, kind="card", cause="pass", name=q.card.name, owner=self.players[q.owner].name,
                         to=self.players[q.holder].name)

    # ---- the end of the turn ------------------------------------------------------------------------

    def finish_turn(self) -> None:
        """Cards go back (or away), GONE moves on, characters are drawn, the marker passes."""
        log = self.log
        if log:
            self.where = ("end", None, None)
        for pl in self.plays:
            if log or not pl.card.plain:  # a plain card stays in the hand, passed or not: nothing to tell
                self.put_away(pl)
        self.where = ("end", None, None)
        gone_next_turn(self)
        self.first = (self.first + 1) % self.n
        if log:
            self.say(cite.MARKER, kind="turn", first=self.players[self.first].name)

    def put_away(self, pl: Play) -> None:
        """Where a played card goes: hand, under the character, the town deck, or the attacked."""
        owner, card, log = self.players[pl.owner], pl.card, self.log
        if log:
            self.where = ("end", owner.name, card.id)
        if pl.passed:
            if log:
                self.say(cite.ROSIE_BACK, kind="card", cause="back", name=card.name, owner=owner.name)
        elif card.event or card.use_once:
            owner.hand.remove(card)
            to_town_deck(self, card)
            if log:
                self.say(cite.EVENT if card.event else cite.USE_ONCE, kind="card", cause="town", name=card.name)
                self.note(owner, f"discarded {card.name}")
        elif card.once and owner.char is not None:
            owner.hand.remove(card)
            owner.spent.append(card)
            if log:
                self.say(cite.ONCE, kind="card", cause="under", name=card.name, character=owner.char.name)
        elif card.give and pl.hit is not None:
            taker = self.players[pl.hit]
            owner.hand.remove(card)
            taker.hand.append(card)
            if log:
                self.say(cite.GIVE, kind="card", cause="give", name=card.name, to=taker.name)
                self.note(owner, f"gave {card.name} to {taker.name}")
                self.note(taker, f"received {card.name}")
        elif log:
            self.say(cite.SPENT_BACK if card.once else cite.BACK_TO_HAND, kind="card", cause="back", name=card.name,
                     owner=owner.name)


def by_priority(plays: list[Play]) -> list[Play]:
    """Plays sorted by priority, I first, clockwise within one (a stable insertion sort: a turn has
    a few cards, and a compiled loop beats `sorted` calling a key function per card)."""
    out: list[Play] = []
    for pl in plays:
        rank = pl.card.rank
        i = len(out)
        while i and out[i - 1].card.rank > rank:
            i -= 1
        out.insert(i, pl)
    return out


Orders = tuple[tuple[tuple[int, ...], ...], dict[int, tuple[tuple[int, ...], ...]]]
_SEAT_ORDERS: dict[int, Orders] = {}  # by number of seats, once a process (not functools: resolve's start-up)


def seat_orders(n: int) -> Orders:
    """For n seats: each first player's clockwise order (H1), and from each seat the others the
    LEFT or RIGHT way, nearest first (H2)."""
    found = _SEAT_ORDERS.get(n)
    if found is None:
        found = _SEAT_ORDERS[n] = _seat_orders(n)
    return found


def _seat_orders(n: int) -> Orders:
    orders = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
    around = {step: tuple(tuple((seat + step * i) % n for i in range(1, n)) for seat in range(n))
              for step in (LEFT, RIGHT)}
    return orders, around
