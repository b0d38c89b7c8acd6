"""The game's definitions compiled for play: small slot objects.

`compile_game` turns a loaded `cards.Game` into plain JSON-able data (cached between
runs, so `checker resolve` need not import pydantic); `Rules` builds the objects the
engine runs from that data. Effects stay the definitions' own: one dict per effect,
`{"effect": name, **parameters}` as the cards schema holds them, made into objects
read by name by `vocabulary.compiled_effect`; what an end or a character foresees of
its effects comes from each effect's `Rule`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from checker.core.compiled import built

from .vocabulary import compiled_effect, rule

if TYPE_CHECKING:
    from .vocabulary import Steps

LEFT: Final = 1
RIGHT: Final = -1
DIRECTIONS = {"left": LEFT, "right": RIGHT}
ROMAN = ("I", "II", "III", "IV")


def compile_game(game: Any) -> dict[str, Any]:
    """A loaded `cards.Game` as plain data: action cards, characters, copies, the rule parameters."""
    from cards.effects import strip_icons
    from cards.parameters import of_game

    cards = []
    for comp in game.components:
        schema = comp.spec.schema_
        if schema not in ("starting", "town"):
            continue
        for rec in comp.records:
            cards.append({
                "id": rec.id, "name": rec.name, "type": rec.type, "priority": rec.priority,
                "keywords": list(rec.keywords), "cost": getattr(rec, "cost", None),
                "starting": schema == "starting", "copies": rec.copies * comp.spec.copies,
                "options": [{"arrow": o.arrow, "text": strip_icons(o.rules_text),
                             "effects": [_effect(e) for e in o.effects]} for o in rec.options],
            })
    characters = [
        {"id": rec.id, "name": rec.name, "alignment": rec.alignment, "trigger": rec.ability.trigger,
         "text": strip_icons(rec.ability.rules_text), "copies": rec.copies * comp.spec.copies,
         "effects": [_effect(e) for e in rec.ability.effects]}
        for comp in game.components if comp.spec.schema_ == "character" for rec in comp.records
    ]
    return {"id": game.id, "name": game.name, "players": list(game.players), "cards": cards,
            "characters": characters, **of_game(game)}


def _effect(effect: Any) -> dict[str, Any]:
    rule(effect.effect)  # ValueError for an effect the engine cannot run
    return effect.model_dump()


def asks_if_attacked(effects: tuple[Any, ...]) -> bool:
    """Whether effects depend on who attacks this turn (H8): if-attacked gains, per-attacker gains."""
    return any(e.rule.asks(e) for e in effects)


class Option:
    """One end of a card: its arrow, its effect tuples and its printed text."""

    __slots__ = ("arrow", "effects", "text", "fixed", "turned", "choices", "buys", "refreshes", "asks", "attacks",
                 "fires", "banks", "refresh_cost", "steps")

    def __init__(self, data: dict[str, Any]):
        self.arrow: str = data["arrow"]
        self.effects: tuple[Any, ...] = tuple(compiled_effect(e) for e in data["effects"])
        self.text: str = data["text"]
        self.fixed = DIRECTIONS.get(self.arrow)  # a printed arrow's direction; None: turned, or none
        self.turned = self.arrow == "either"  # the player turns the arrow
        self.steps: tuple[Steps, Any, Steps] | None = None  # the effects with their rule functions: bound by `effects.effect_steps`
        rules = [e.rule for e in self.effects]
        # the play fields this end answers (state contract: buy, refresh), with the effect answering each
        self.choices: dict[str, Any] = {}
        for e in self.effects:
            if e.rule.choice is not None:
                self.choices.setdefault(e.rule.choice, e)
        self.buys, self.refreshes = "buy" in self.choices, "refresh" in self.choices
        refresh = self.choices.get("refresh")
        self.refresh_cost = refresh.rule.cost(refresh, None) if refresh is not None else 0
        self.asks, self.attacks = asks_if_attacked(self.effects), any(r.attacks for r in rules)
        # abilities fire mid-turn only inside a card's effect (EDC-8): its attack (when_attacked,
        # on_attack, on_kill) or its Bank all (on_bank); "immediate" waits for the turn's end
        self.fires = any(r.attacks or r.fires for r in rules)
        self.banks = sum(1 for r in rules if r.banks)


class Card:
    """A starting or town card ("Card Anatomy"), ready to resolve."""

    __slots__ = ("id", "name", "type", "priority", "rank", "keywords", "event", "use_once", "once",
                 "give", "plain", "cost", "starting", "copies", "options", "two_ended")

    def __init__(self, data: dict[str, Any]):
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.type: str = data["type"]
        self.priority: str = data["priority"]
        self.rank = ROMAN.index(self.priority)
        self.keywords: tuple[str, ...] = tuple(data["keywords"])
        self.event = self.type == "event"
        self.use_once = "use-once" in self.keywords
        self.once = "once-per-character" in self.keywords
        self.give = "give-to-attacked-player" in self.keywords
        self.plain = not (self.event or self.use_once or self.once or self.give)  # back to the hand
        self.cost: int | None = data["cost"]
        self.starting: bool = data["starting"]
        self.copies: int = data["copies"]
        self.options = tuple(Option(o) for o in data["options"])
        self.two_ended = len(self.options) == 2  # the schema allows one end or two

    def __repr__(self) -> str:
        return f"Card({self.id})"


class Character:
    """A hired character: alignment and ability; passives folded into numbers."""

    __slots__ = ("id", "name", "alignment", "trigger", "effects", "text", "extra", "armor", "copies", "asks",
                 "attacks")

    def __init__(self, data: dict[str, Any]):
        self.id: str | None = data.get("id")
        self.name: str = data["name"]
        self.alignment: str = data["alignment"]
        self.trigger: str | None = data.get("trigger")
        self.text: str = data.get("text", "")
        self.copies: int = data.get("copies", 1)
        effects = [compiled_effect(e) for e in data.get("effects", ())]
        folded = {"extra": 0, "armor": 0}  # passives (H4's damage, an armour): numbers attacks read
        for e in effects:
            if e.rule.folds is not None:
                what, amount = e.rule.folds(e)
                folded[what] += amount
        self.extra, self.armor = folded["extra"], folded["armor"]
        self.effects = tuple(e for e in effects if e.rule.run is not None)
        self.asks = asks_if_attacked(self.effects)
        self.attacks = any(e.rule.attacks for e in self.effects)

    def __repr__(self) -> str:
        return f"Character({self.id or self.name})"


class Rules:
    """Everything a game defines that play needs, by id; and the numbers of its rules (`[parameters]`,
    cards/models/el_dorado_canyon/parameters.py: the rulebook's unless the game sets them)."""

    def __init__(self, data: dict[str, Any]):
        given: dict[str, int] = data["parameters"]
        self.start_health: int = given["start_health"]  # "Characters": 5 health & 5 ammo
        self.start_ammo: int = given["start_ammo"]
        self.start_gold: int = given["start_gold"]  # "Player Set Up": "Take 3 gold"
        self.town_row: int = given["town_row"]  # "Table Set Up": 3 face up
        self.characters_per_player: int = given["characters_per_player"]  # "Table Set Up": 2 per player
        self.end_infamy: int = given["end_infamy"]  # H10
        self.track_limit: int = given["track_limit"]  # H3: health and ammo never exceed it
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.players: tuple[int, int] = tuple(data["players"])
        self.cards = {c["id"]: Card(c) for c in data["cards"]}
        self.characters = {c["id"]: Character(c) for c in data["characters"]}
        self.starting = [c for c in self.cards.values() if c.starting]
        self.town = [c for c in self.cards.values() if not c.starting]
        # every copy in the box, in definition order: the decks before shuffling
        self.town_copies = [c for c in self.town for _ in range(c.copies)]
        self.character_copies = [c for c in self.characters.values() for _ in range(c.copies)]
        self.abilities_ask = any(c.asks for c in self.characters.values())  # H8: see Table.may_attack_after_asking


def rules_of(game: Any) -> Rules:
    """Rules from a loaded `cards.Game`, from compiled data, or as given."""
    return built(game, Rules, compile_game)
