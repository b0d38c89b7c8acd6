"""The cited log: every step a player sees names the rule that made it happen.

A step is data (who, which card or action, what kind of step it is, the rule ids, the values
it moved), rendered to words once: `text` here, and `Resolution.as_text` for the whole log.
Every step has a kind from `KINDS`, one vocabulary for the three engines: the verdict's
headline is drawn from the decisive kinds (checker.core.headline), and each citation constant
names the kinds of step allowed to cite it (checker.core.cite.Rule).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.record import Record

from .wording import WORDS, words

if TYPE_CHECKING:
    from .wording import Words

# What a step is; the docs' JSON log reference prints this table (`checker schema` users read it there).
KINDS: dict[str, str] = {
    "reveal": "a card or action is revealed, played or declared",
    "first": "who acts first this turn, and why",
    "order": "when a card or ability resolves, or resolves again",
    "target": "whom a card, attack or effect targets",
    "damage": "health lost",
    "cover": "a defence set up for the rest of the turn",
    "block": "an attack's damage blocked, or a unit that blocks",
    "kill": "a character, unit, guard or party killed, destroyed or out of the game",
    "gain": "a player's number goes up (gold, infamy, ammo, health, power, soldiers, provisions, weapons)",
    "loss": "a player's number goes down (ammo, infamy, soldiers, provisions, a ship)",
    "set": "a track set to a value",
    "bank": "gold moved to the bank",
    "pay": "something paid: gold for a card or action, goods for a combat's damage",
    "steal": "something taken from another player",
    "buy": "a card bought from town, or none",
    "card": "a card moves (hand, deck, discard pile, market, battle area, under a character) or is equipped",
    "ability": "an ability fires, or what it lends a unit changes",
    "gone": "a character goes GONE, comes back, or is drawn",
    "roll": "a die is rolled",
    "move": "a party sails, walks, goes ashore, stops or moors",
    "fight": "a combat's course: who meets whom, the points",
    "combat": "a combat's outcome, or a combat falling due",
    "nothing": "a card, action or effect that does nothing, and why",
    "setup": "the game's set-up",
    "turn": "the turn ends: what carries over, who plays next",
    "score": "a player's score or rank",
    "win": "the game ends, or a player wins",
}
# The kinds the headline names when the state names no focus, in the order it names them.
DECISIVE = ("win", "kill", "block", "damage", "nothing", "combat")


class Step(Record):  # a Record: resolve's start-up (common.record)
    """One thing that happened, and why (a rulebook section with a quote, and/or ruling ids)."""

    __slots__ = ("text", "rule", "kind", "player", "card", "priority", "values")

    def __init__(self, text: str, rule: str, kind: str, player: str | None = None, card: str | None = None,
                 priority: str | None = None, values: dict[str, Any] | None = None) -> None:
        self.text, self.rule, self.kind, self.player, self.card = text, rule, kind, player, card
        self.priority = priority
        self.values: dict[str, Any] = {} if values is None else values  # never changed: fixed once logged

    @property
    def rules(self) -> list[str]:
        """The rule ids the citation names: the rulebook section, then each ruling."""
        parts = self.rule.split("; ")
        return [parts[0].split(": ", 1)[0]] + parts[1:] if parts and parts[0] else []

    def as_dict(self) -> dict[str, Any]:
        """The step as JSON: no field that is empty or not set (Eldorado has no cards, G&S no priorities)."""
        out: dict[str, Any] = {"text": self.text, "kind": self.kind, "rule": self.rule, "rules": self.rules}
        for key in ("player", "card", "priority"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.values:
            out["values"] = self.values
        return out


class Log:
    """Steps in order; the fast simulation path passes `enabled=False` and pays nothing."""

    def __init__(self, enabled: bool = True, table: Words = WORDS) -> None:
        self.enabled = enabled
        self.table = table  # the family's sentences (checker/<family>/wording.py)
        self.steps: list[Step] = []
        self.names: dict[str, str] = {}  # card id -> printed name, for the headline's words

    def add(self, text: str | None, rule: str, player: str | None = None, card: str | None = None,
            priority: str | None = None, kind: str | None = None, **values: Any) -> None:
        """A step; `text` None: its words are rendered from `values` (the family's table, by its kind and the
        `cause` value)."""
        if self.enabled:
            assert kind in KINDS, f"a step's kind must be one of checker.core.log.KINDS, got {kind!r}: {text}"
            self.steps.append(Step(words(kind, values, self.table) if text is None else text, rule, kind, player, card, priority,
                                   values))
