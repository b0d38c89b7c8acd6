"""One turn of El Dorado Canyon: the joint reveal, priorities I to IV, the turn's end.

The same code settles a disputed turn (with a `Log`: every step cites its rule) and
plays thousands of simulated games (log None: no text is ever built). Names follow
the rulebook: `find_target`, `strike`, `kill_character`, `finish_turn`.
"""
from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import Any, Callable

from . import cite
from .rules import LEFT, RIGHT, Card, Character, Option, Rules

MAX_TRACK = 5  # H3
END_INFAMY = 10  # H10
MAX_FORESIGHT = 4  # rounds of resolving a turn again until "attacked" agrees with the turn's attacks


class Player:
    """A seat at the table: camp, character, tracks, gold, infamy, cards; plus this turn's marks.

    `out` (GONE, or no character) is true whenever `char` is None: a kill sets both.
    """

    __slots__ = ("name", "seat", "char", "health", "ammo", "unbanked", "banked", "infamy", "graveyard",
                 "gone", "hand", "spent", "out", "gone_next", "attackers", "block", "discard")

    def __init__(self, name: str, seat: int, char: Character | None, health: int = 5, ammo: int = 5,
                 unbanked: int = 0, banked: int = 0, infamy: int = 0, graveyard: int = 0,
                 gone: bool = False, hand: list[Card] | None = None, spent: list[Card] | None = None):
        self.name, self.seat, self.char = name, seat, char
        self.attackers: list[Player] = []
        self.health, self.ammo = (health, ammo) if char is not None else (0, 0)
        self.unbanked, self.banked, self.infamy, self.graveyard = unbanked, banked, infamy, graveyard
        self.gone = gone
        self.hand = hand if hand is not None else []
        self.spent = spent if spent is not None else []
        self.out = gone or char is None  # this turn's marks: `Table.play_turn` resets them
        self.gone_next = False
        self.block = self.discard = 0

    @property
    def targetable(self) -> bool:
        return not self.out  # out covers "no character"

    def snapshot(self) -> tuple:
        return (self.char, self.health, self.ammo, self.unbanked, self.banked, self.infamy, self.graveyard,
                self.gone, list(self.hand), list(self.spent), self.out, self.gone_next)

    def restore(self, snap: tuple) -> None:
        (self.char, self.health, self.ammo, self.unbanked, self.banked, self.infamy, self.graveyard,
         self.gone, self.hand, self.spent, self.out, self.gone_next) = snap


class Play:
    """A revealed card: the owner's choices, who holds it now (Round the Rosie), what it hit."""

    __slots__ = ("card", "option", "end", "direction", "buy", "refresh", "owner", "holder", "done", "passed",
                 "hit")

    def __init__(self, card: Card, owner: int, option: int = 0, direction: int | None = None,
                 buy: Card | None = None, refresh: bool = False):
        self.card = card
        self.option = option
        self.end = end = card.options[option]  # the chosen end: its arrow and effects
        self.direction = direction if end.turned else end.fixed
        self.buy = buy
        self.refresh = refresh
        self.owner = self.holder = owner
        self.done = self.passed = False
        self.hit: int | None = None


class Table:
    """Everything on the table, and the turn's resolution."""

    def __init__(self, rules: Rules, players: list[Player], first: int, row: list[Card] | None = None,
                 deck: list[Card] | None = None, characters: list[Character] | None = None, log: Any = None):
        self.rules, self.players, self.n, self.first = rules, players, len(players), first
        self.row, self.deck, self.characters = row, deck, characters
        self.log = log
        self.where: tuple[str | None, str | None, str | None] = (None, None, None)
        self.events: list[tuple[str, str]] = []  # (player, what) for the verdict; only with a log
        self.moves = 0
        self.draw_failed = False
        self.revealed: list[Play | None] = []  # this turn's plays by seat (None: GONE)
        self.plays: list[Play] = []  # the same, clockwise from the first player
        self.bought: list[tuple[int, str]] = []  # (seat, card id): the simulator's tallies
        self.drawn: list[tuple[int, str | None]] = []  # (seat, character id)
        self.orders, self.around = seat_orders(self.n)
        # H8 "attacked this turn": who attacked each seat over the whole turn, once known
        self.foreseen: dict[int, list[Player]] | None = None
        self.asked: list[tuple[Player, int]] = []  # (player, attackers an if-attacked effect counted)

    # ---- the log -------------------------------------------------------------------------------

    def say(self, text: str, rule: str, subject: Player | None = None) -> None:
        """Add a step under the current card: "<subject> <text>" (callers check `self.log` first)."""
        priority, who, card = self.where
        if subject is not None:
            text = f"{subject.name} {text}"
        self.log.add(text, rule, who or (subject.name if subject else None), card, priority)

    def note(self, player: Player, what: str) -> None:
        """A line of the verdict (callers check `self.log` first)."""
        self.events.append((player.name, what))

    # ---- the turn ------------------------------------------------------------------------------

    def clockwise(self) -> list[int]:
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
        # clockwise from the first player; filter(None) drops the seats without a card
        # revealed cards stay listed in the hand (their place kept) until they go elsewhere
        self.plays = clockwise = list(filter(None, plays[first:] + plays[:first]))
        if self.log:
            self.where = ("reveal", None, None)
            for s in self.orders[first]:
                p, pl = self.players[s], plays[s]
                if pl is None:
                    self.say("is GONE this turn and plays no card" if p.gone else "plays no card",
                             cite.GONE_SITS_OUT, p)
                else:
                    self.where = ("reveal", p.name, pl.card.id)
                    self.say(f"reveals {self.describe(pl)}", cite.REVEAL if len(pl.card.options) == 1
                             else cite.join(cite.REVEAL, cite.TWO_ENDED), p)
        self.resolve_turn(sorted(clockwise, key=RANK))  # stable: clockwise within a priority
        self.finish_turn()

    def resolve_turn(self, queue: list[Play]) -> None:
        """Priorities I to IV. H8: "attacked" means attacked at any time this turn, so when an
        attack came after an if-attacked effect had counted, the turn is resolved again from
        its start knowing who attacks whom (a few rounds at most; never with the box's cards,
        whose attacks all come before the if-attacked gains)."""
        self.foreseen, self.asked = None, []
        if not self.may_attack_after_asking(queue):
            self.resolve_in_order(queue)  # every attack comes before anything asks who attacked: one pass
            return
        start = self.mark_start()
        for round_ in range(MAX_FORESIGHT):
            self.resolve_in_order(queue)
            if round_ == MAX_FORESIGHT - 1 or all(len(p.attackers) == counted for p, counted in self.asked):
                return
            self.foreseen = {p.seat: list(p.attackers) for p in self.players}
            self.asked = []
            self.back_to_start(start)

    def may_attack_after_asking(self, queue: list[Play]) -> bool:
        """Whether an attack may resolve after an effect asked who attacks (H8): a card that attacks
        at the priority of the first card that asks or later, or an ability that asks or attacks."""
        for p in self.players:
            if p.char is not None and (p.char.asks or p.char.attacks):
                return True
        asking = next((pl.card.rank for pl in queue if pl.end.asks), None)
        return asking is not None and any(pl.end.attacks and pl.card.rank >= asking for pl in queue)

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
            self.say("an attack later this turn changes an earlier \"if you are attacked\": "
                     "the cards resolve again, knowing every attack of the turn", cite.IF_ATTACKED)

    def attackers_of(self, p: Player) -> list[Player]:
        """Who attacks p this turn (H8): so far, or over the whole turn once foreseen."""
        seen = p.attackers
        if self.foreseen is not None:
            whole = self.foreseen[p.seat]
            seen = whole + [a for a in seen if a not in whole]
        self.asked.append((p, len(seen)))
        return seen

    def describe(self, pl: Play) -> str:
        card = pl.card
        text = f"{card.name} ({card.priority})"
        if len(card.options) > 1:
            text += f" option {pl.option + 1}"
        text += f": {card.options[pl.option].text}"
        if card.options[pl.option].arrow == "either":
            text += f" [aimed {'left' if pl.direction == LEFT else 'right'}]"
        if pl.refresh:
            text += " [replacing the row]"
        if pl.buy is not None:
            text += f" [buying {pl.buy.name}]"
        return text

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
        before, goes, after = pl.end.steps or effect_steps(pl.end)
        aim = pl.direction
        for run, effect in before:
            if not run(self, p, effect, pl, aim) or p.char is None:
                return  # the rest of the card does nothing
        if goes:  # "you are GONE" reached: GONE once the card is done, if still alive (H7, EDC-20)
            for run, effect in after:
                if not run(self, p, effect, pl, aim) or p.char is None:
                    break
            if p.char is not None:
                p.out = p.gone_next = True
                if log:
                    self.say("is GONE now, and next turn", cite.GONE_CARD, p)
                    self.note(p, "went GONE")

    def say_resolving(self, pl: Play, p: Player) -> None:
        card = pl.card
        self.where = (card.priority, p.name, card.id)
        if p.char is None:
            self.say(f"{card.name} does nothing: the character died before it resolved", cite.DEAD_BEFORE)
        elif p.out:
            self.say(f"{card.name} does nothing: {p.name} is GONE", cite.GONE_NO_ACTION)
        else:
            passed = f" (passed from {self.players[pl.owner].name})" if pl.passed else ""
            self.say(f"resolves {card.name}{passed}", cite.PRIORITY, p)

    # ---- targets and attacks ---------------------------------------------------------------------

    def find_target(self, p: Player, step: int) -> Player:
        """H2: the neighbour that way; skip GONE and character-less players (out); else yourself."""
        players = self.players
        for seat in self.around[step][p.seat]:
            q = players[seat]
            if not q.out:
                return q
        return p

    def targets(self, p: Player, aim: Any, both: bool = False) -> list[Player]:
        """A card aims by direction; an ability at the other player of its trigger (EDC-8)."""
        if isinstance(aim, Player):
            return [aim] if aim.targetable else []
        if both:
            left, right = self.find_target(p, LEFT), self.find_target(p, RIGHT)
            return [left] if left is right else [left, right]
        return [self.find_target(p, LEFT if aim is None else aim)]

    def attack(self, p: Player, effect: tuple, pl: Play | None, aim: Any) -> bool:
        """Attack: needs the ammo (H4, EDC-4); pays ammo and gains infamy once; strikes each target."""
        _, damage, ammo, infamy, targets = effect
        log = self.log
        if p.ammo < ammo:
            if log:
                self.say(f"has {p.ammo} ammo, the attack needs {ammo}: it does nothing", cite.NO_AMMO, p)
            return True
        if aim.__class__ is int and targets != "both":  # a card's arrow: the common case
            victims = [self.find_target(p, aim)]
        else:
            victims = self.targets(p, aim, targets == "both")
        if not victims:
            if log:
                self.say("has no one to attack: the character is out of reach", cite.ABILITY, p)
            return True
        if ammo:
            p.ammo -= ammo
            if log:
                self.say(f"loses {ammo} ammo ({p.ammo + ammo} -> {p.ammo})", cite.AMMO, p)
        if log and targets == "both" and len(victims) == 1 and victims[0] is not p:
            self.say(f"finds {victims[0].name} both left and right: attacked once", cite.BOTH_SIDES, p)
        if victims[0] is p:
            if log:
                self.say("has no one else to target: shoots themself, no infamy",
                         cite.join(cite.SELF_SHOT, cite.TARGET), p)
        elif infamy:
            p.infamy += infamy
            if log:
                self.say(f"gains {infamy} infamy ({p.infamy - infamy} -> {p.infamy})", cite.ATTACK_INFAMY, p)
        for v in victims:
            self.strike(p, v, damage, pl)
        return True

    def strike(self, p: Player, v: Player, damage: int, pl: Play | None) -> None:
        """One attack on one character: triggers, Take Cover's discards, damage, maybe a kill."""
        log = self.log
        by_card = pl is not None
        if v is not p:
            attackers = v.attackers
            if p not in attackers:
                attackers.append(p)
            if by_card and pl.hit is None:
                pl.hit = v.seat
            if log:
                self.say(f"attacks {v.name}", cite.TARGET, p)
            if by_card and v.char is not None and v.char.trigger == "when_attacked":
                self.trigger(v, "when_attacked", p)
            if v.discard and p.infamy:
                lost = min(v.discard, p.infamy)
                p.infamy -= lost
                if log:
                    self.say(f"discards {lost} infamy for attacking {v.name}, who took cover "
                             f"({p.infamy + lost} -> {p.infamy})", cite.ATTACKER_DISCARDS, p)
            if by_card and p.char is not None and p.char.trigger == "on_attack":
                self.trigger(p, "on_attack", v)
        if v.char is None:
            return
        extra = p.char.extra if p.char is not None else 0
        blocked = v.block + v.char.armor
        dealt = damage + extra - blocked
        if dealt > 0:
            before = v.health
            v.health = before - dealt if before > dealt else 0
            if log:
                why = f" ({damage}{f' + {extra}' if extra else ''}{f' - {blocked} blocked' if blocked else ''})" \
                    if extra or blocked else ""
                self.say(f"{v.name} takes {dealt} damage{why}: health {before} -> {v.health}",
                         cite.BLOCK if blocked else cite.DAMAGE)
            if v.health == 0:
                self.kill_character(p, v, by_card)
        elif log:
            self.say(f"{v.name}'s cover blocks all {damage + extra} damage", cite.BLOCK)

    def kill_character(self, killer: Player, victim: Player, by_card: bool) -> None:
        """H6: graveyard, GONE, once-per-character cards back; the killer's infamy and gold."""
        log = self.log
        dead = victim.char
        victim.graveyard += 1
        victim.char = None
        victim.health = victim.ammo = 0
        victim.out = victim.gone_next = True
        if log:
            self.say(f"{victim.name}'s {dead.name} is killed: to the graveyard ({victim.graveyard}), "
                     f"{victim.name} is GONE now and next turn", cite.KILL)
            self.note(victim, f"lost {dead.name} (killed)")
        if victim.spent:
            if log:
                self.say(f"{', '.join(c.name for c in victim.spent)} back to {victim.name}'s hand",
                         cite.SPENT_BACK)
            victim.hand.extend(victim.spent)
            victim.spent = []
        if killer is victim:
            if log:
                self.say("killed themself: no infamy for the kill and no gold moves", cite.SELF_SHOT, killer)
            return
        killer.infamy += 1
        if log:
            self.say(f"gains 1 infamy for the kill ({killer.infamy - 1} -> {killer.infamy})", cite.KILL_INFAMY, killer)
        if killer.char is not None and killer.char.alignment != dead.alignment:
            killer.infamy += 1
            if log:
                self.say(f"gains 1 infamy: {killer.char.alignment} killed {dead.alignment} "
                         f"({killer.infamy - 1} -> {killer.infamy})", cite.ALIGNMENT_INFAMY, killer)
        gold, victim.unbanked = victim.unbanked, 0
        killer.unbanked += gold
        if log:
            self.say(f"takes {victim.name}'s {gold} unbanked gold (banked gold stays)", cite.KILL_GOLD, killer)
        if by_card:
            self.trigger(killer, "on_kill", victim)

    def trigger(self, p: Player, when: str, other: Player | None) -> None:
        """A character ability fires now (EDC-8); abilities never trigger abilities (EDC-9)."""
        char = p.char
        if char is None or char.trigger != when:
            return
        if self.log:
            self.say(f"{p.name}'s {char.name}, ability: {char.text}", cite.ABILITY)
        for effect in char.effects:
            EFFECTS[effect[0]](self, p, effect, None, other)

    # ---- gold, town and Round the Rosie -----------------------------------------------------------

    def pay(self, p: Player, amount: int) -> bool:
        """Spend gold, unbanked first (H8); all or nothing."""
        if p.unbanked + p.banked < amount:
            return False
        from_unbanked = min(amount, p.unbanked)
        p.unbanked -= from_unbanked
        p.banked -= amount - from_unbanked
        return True

    def gold_text(self, p: Player) -> str:
        return f"unbanked {p.unbanked}, banked {p.banked}"

    def to_town_deck(self, card: Card) -> None:
        if self.deck is not None:
            self.deck.append(card)

    def refill_row(self) -> None:
        while self.deck and len(self.row) < 3:
            self.row.append(self.deck.pop(0))

    def round_the_rosie(self, p: Player, step: int) -> None:
        """FAQ: every unresolved, non-event card moves one seat the arrow's way (EDC-13)."""
        ring = [s for s in self.clockwise() if self.players[s].targetable]
        moving = [q for q in self.plays if not q.done and not q.card.event and q.holder in ring]
        if len(ring) < 2 or not moving:
            if self.log:
                self.say("finds no card to pass", cite.ROSIE, p)
            return
        ring.sort()
        for q in moving:
            q.holder = ring[(ring.index(q.holder) + step) % len(ring)]
            q.passed = True
        self.moves += 1
        if self.log:
            for q in moving:
                self.say(f"{q.card.name} of {self.players[q.owner].name} passes to {self.players[q.holder].name}",
                         cite.ROSIE)

    # ---- the end of the turn ------------------------------------------------------------------------

    def finish_turn(self) -> None:
        """Cards go back (or away), GONE moves on, characters are drawn, the marker passes."""
        log = self.log
        if log:
            self.where = ("end", None, None)
        players = self.players
        for pl in self.plays:
            if log or not pl.card.plain:  # a plain card stays in the hand, passed or not: nothing to tell
                self.put_away(pl)
        self.where = ("end", None, None)
        for p in players:
            p.gone = p.gone_next
        if log:
            for p in self.players:
                if p.gone:
                    self.say("is GONE next turn", cite.GONE_NEXT, p)
                    self.note(p, "is GONE next turn")
        if len(self.plays) < self.n:  # someone sat out this turn
            self.bring_back()
        self.first = (self.first + 1) % self.n
        if log:
            self.say(f"the first player marker passes to {self.players[self.first].name}", cite.MARKER)

    def bring_back(self) -> None:
        """Players GONE this turn (no card revealed) are back; one without a character draws
        (H7), clockwise."""
        log, players, revealed = self.log, self.players, self.revealed
        drawn: list[Player] = []
        for s in self.clockwise():
            if revealed[s] is not None:
                continue
            p = players[s]
            if p.char is None:
                if self.characters:
                    self.place_character(p, self.characters.pop(0))
                    drawn.append(p)
                else:
                    self.draw_failed = True
                    p.gone = True
                    if log:
                        self.say("needs a character and the character deck is empty: the game ends after this turn",
                                 cite.NO_DRAW, p)
                        self.note(p, "could not draw a character")
                    continue
            if log:
                self.say("is back in the game next turn", cite.BACK_IN, p)
        if drawn:
            for p in drawn:
                self.apply_immediate(p)
            for p in players:  # killed by an immediate ability: GONE next turn too (H7)
                p.gone = p.gone or p.gone_next

    def put_away(self, pl: Play) -> None:
        """Where a played card goes: hand, under the character, the town deck, or the attacked."""
        owner, card, log = self.players[pl.owner], pl.card, self.log
        if log:
            self.where = ("end", owner.name, card.id)
        if pl.passed:
            if log:
                self.say(f"{card.name} goes back to {owner.name}'s hand", cite.ROSIE_BACK)
        elif card.event or card.use_once:
            owner.hand.remove(card)
            self.to_town_deck(card)
            if log:
                self.say(f"{card.name} is discarded face down under the town deck",
                         cite.EVENT if card.event else cite.USE_ONCE)
                self.note(owner, f"discarded {card.name}")
        elif card.once and owner.char is not None:
            owner.hand.remove(card)
            owner.spent.append(card)
            if log:
                self.say(f"{card.name} goes under {owner.char.name}", cite.ONCE)
        elif card.give and pl.hit is not None:
            taker = self.players[pl.hit]
            owner.hand.remove(card)
            taker.hand.append(card)
            if log:
                self.say(f"{card.name} is given to {taker.name}, who was attacked", cite.GIVE)
                self.note(owner, f"gave {card.name} to {taker.name}")
                self.note(taker, f"received {card.name}")
        elif log:
            self.say(f"{card.name} goes back to {owner.name}'s hand",
                     cite.SPENT_BACK if card.once else cite.BACK_TO_HAND)

    def place_character(self, p: Player, char: Character) -> None:
        """A new character: 5 health, 5 ammo, camp side up (H7, EDC-17)."""
        p.char, p.health, p.ammo, p.gone, p.out = char, MAX_TRACK, MAX_TRACK, False, False
        self.drawn.append((p.seat, char.id))
        if self.log:
            self.say(f"draws {char.name} ({char.alignment}) with 5 health and 5 ammo", cite.DRAW, p)
            self.note(p, f"drew {char.name}")

    def apply_immediate(self, p: Player) -> None:
        """An immediate ability applies when placed, unless it would end the game (EDC-10)."""
        if p.char is None or p.char.trigger != "immediate":
            return
        ending = self.game_ending()
        snaps = None if ending else [q.snapshot() for q in self.players]
        state = (self.row and list(self.row), self.deck and list(self.deck))
        self.trigger(p, "immediate", None)
        if snaps is not None and self.game_ending():
            for q, snap in zip(self.players, snaps):
                q.restore(snap)
            self.row, self.deck = state
            if self.log:
                self.say(f"{p.name}'s {p.char.name}: the immediate ability would end the game, so it is ignored",
                         cite.IMMEDIATE_IGNORED)

    def game_ending(self) -> bool:
        """H10: someone has 10+ infamy at the turn's end, or a character could not be drawn."""
        if self.draw_failed:
            return True
        for p in self.players:
            if p.infamy >= END_INFAMY:
                return True
        return False


# ---- effects: one function per effect of the vocabulary ----------------------------------------------
# Signature: (table, player, effect tuple, play or None for abilities, aim) -> go on with the option?

def _steal(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    for v in t.targets(p, aim):
        if v is p:
            if t.log:
                t.say("has no one else to steal from: nothing moves", cite.join(cite.STEAL, cite.TARGET), p)
            continue
        gold = min(e[1], v.unbanked)
        v.unbanked -= gold
        p.unbanked += gold
        if t.log:
            t.say(f"steals {gold} unbanked gold from {v.name} (of {e[1]}; banked gold is safe)", cite.STEAL, p)
    return True


def _target_discards(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    for v in t.targets(p, aim):
        lost = min(e[1], v.infamy)
        v.infamy -= lost
        if t.log:
            t.say(f"{v.name} discards {lost} infamy ({v.infamy + lost} -> {v.infamy})", cite.TARGET_DISCARDS)
    return True


def _block(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    p.block += e[1]
    if t.log:
        t.say(f"takes cover: {e[1]} damage of each attack on {p.name} is blocked for the rest of the turn",
              cite.BLOCK, p)
    return True


def _attackers_discard(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    p.discard += e[1]
    if t.log:
        t.say(f"each attacker of {p.name} discards {e[1]} infamy for the rest of the turn", cite.ATTACKER_DISCARDS)
    return True


def _pay_gold(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    if not t.pay(p, e[1]):
        if t.log:
            t.say(f"has {p.unbanked + p.banked} gold, needs {e[1]}: the rest of the card does nothing", cite.PAY, p)
        return False
    if t.log:
        t.say(f"pays {e[1]} gold ({t.gold_text(p)})", cite.PAY, p)
    return True


def _gain_gold(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    amount, if_attacked = e[1], e[2]
    attackers = t.attackers_of(p) if if_attacked is not None else ()
    gain = if_attacked if attackers else amount
    p.unbanked += gain
    if t.log:
        why = ""
        if if_attacked is not None:
            who = ", ".join(a.name for a in attackers)
            why = f" (attacked by {who}: {if_attacked} instead of {amount})" if attackers else " (not attacked)"
        t.say(f"gains {gain} unbanked gold{why}", cite.IF_ATTACKED if if_attacked is not None else cite.GAIN_GOLD, p)
    return True


def _gain_infamy(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    p.infamy += e[1]
    if t.log:
        t.say(f"gains {e[1]} infamy ({p.infamy - e[1]} -> {p.infamy})",
              cite.GAIN_INFAMY if pl is not None else cite.ABILITY_INFAMY, p)
    return True


def _gain_ammo(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    before = p.ammo
    p.ammo = min(MAX_TRACK, before + e[1])
    if t.log:
        t.say(f"gains ammo: {before} -> {p.ammo}", cite.TRACKS, p)
    return True


def _per_attacker(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    k = len(t.attackers_of(p))
    p.unbanked += e[1] * k
    p.infamy += e[2] * k
    if t.log:
        gains = " and ".join(f"{n * k} {what}" for what, n in (("gold", e[1]), ("infamy", e[2])) if n)
        t.say(f"was attacked by {k} player(s): gains {gains}", cite.PER_ATTACKER, p)
    return True


def _set_tracks(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    health, ammo = e[1], e[2]
    before = (p.health, p.ammo)
    if health is not None and health > 0:
        p.health = health
    if ammo is not None:
        p.ammo = ammo
    if t.log:
        t.say(f"sets health {before[0]} -> {p.health}, ammo {before[1]} -> {p.ammo}", cite.TRACKS, p)
    return True


def _bank_all(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    moved = p.unbanked
    p.banked += moved
    p.unbanked = 0
    if t.log:
        t.say(f"banks {moved} gold (banked {p.banked - moved} -> {p.banked})", cite.BANK, p)
    if moved:
        t.trigger(p, "on_bank", None)
    return True


def _refresh_row(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    if pl is None or not pl.refresh or pl.passed:
        if t.log and pl is not None and pl.passed:
            t.say("makes no choice on a passed card: the town row is not replaced", cite.PASSED_CHOICE, p)
        return True
    if not t.pay(p, e[1]):
        if t.log:
            t.say(f"has {p.unbanked + p.banked} gold, replacing the row costs {e[1]}: not replaced", cite.REFRESH, p)
        return True
    old = t.row or []
    for card in old:
        t.to_town_deck(card)
    t.row = []
    t.refill_row()
    if t.log:
        t.say(f"pays {e[1]} gold ({t.gold_text(p)}); {', '.join(c.name for c in old) or 'nothing'} go under the "
              f"town deck; the new row: {', '.join(c.name for c in t.row) or 'empty'}", cite.REFRESH, p)
    return True


def _buy(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    if pl is None or pl.buy is None or pl.passed:
        if t.log and pl is not None and pl.passed:
            t.say("makes no choice on a passed card: buys nothing", cite.PASSED_CHOICE, p)
        elif t.log:
            t.say("buys nothing", cite.BUY, p)
        return True
    card = pl.buy
    if t.row is None or card not in t.row:
        if t.log:
            t.say(f"cannot buy {card.name}: it is not face up in town "
                  f"(the row: {', '.join(c.name for c in t.row or []) or 'empty'})", cite.BUY, p)
        return True
    price = max(0, card.cost - e[1])
    if not t.pay(p, price):
        if t.log:
            t.say(f"cannot buy {card.name}: costs {price}, has {p.unbanked + p.banked} gold", cite.BUY, p)
        return True
    slot = t.row.index(card)
    if t.deck:  # the top of the town deck takes the bought card's place (EDC-15)
        t.row[slot] = t.deck.pop(0)
    else:
        del t.row[slot]
    p.hand.append(card)
    t.bought.append((p.seat, card.id))
    if t.log:
        t.say(f"buys {card.name} for {price} gold ({t.gold_text(p)}) into the hand; the row: "
              f"{', '.join(c.name for c in t.row) or 'empty'}", cite.BUY, p)
        t.note(p, f"bought {card.name} for {price} gold")
    return True


def _round_the_rosie(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    t.round_the_rosie(p, aim)
    return True


Effect = Callable[[Table, Player, tuple, "Play | None", Any], bool]
# Abilities run the same functions (aim: the other player of the trigger); passives are
# folded into Character (extra, armor); `Table.resolve_card` applies go_gone (cards only).
EFFECTS: dict[str, Effect | None] = {
    "attack": Table.attack, "steal": _steal, "target_discards_infamy": _target_discards, "block": _block,
    "attackers_discard_infamy": _attackers_discard, "pay_gold": _pay_gold, "gain_gold": _gain_gold,
    "gain_infamy": _gain_infamy, "gain_ammo": _gain_ammo, "per_attacker": _per_attacker,
    "set_tracks": _set_tracks, "bank_all": _bank_all, "buy": _buy, "refresh_row": _refresh_row,
    "go_gone": None, "round_the_rosie": _round_the_rosie,
}


RANK = attrgetter("card.rank")


@lru_cache(maxsize=None)
def seat_orders(n: int) -> tuple[tuple[tuple[int, ...], ...], dict[int, tuple[tuple[int, ...], ...]]]:
    """For n seats: each first player's clockwise order (H1), and from each seat the others the
    LEFT or RIGHT way, nearest first (H2)."""
    orders = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
    around = {step: tuple(tuple((seat + step * i) % n for i in range(1, n)) for seat in range(n))
              for step in (LEFT, RIGHT)}
    return orders, around


Steps = tuple[tuple[Effect, tuple], ...]


def effect_steps(end: Option) -> tuple[Steps, bool, Steps]:
    """A card end's effects with the functions that apply them, looked up once: those before
    its first go_gone, whether it has one, and the others after it."""
    names = [e[0] for e in end.effects]
    cut = names.index("go_gone") if "go_gone" in names else len(names)
    before = tuple((EFFECTS[e[0]], e) for e in end.effects[:cut])
    after = tuple((EFFECTS[e[0]], e) for e in end.effects[cut:] if e[0] != "go_gone")
    end.steps = (before, cut < len(names), after)
    return end.steps
