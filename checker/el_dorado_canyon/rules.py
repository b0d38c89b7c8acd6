"""The game's definitions compiled for play: small slot objects and effect tuples.

`compile_game` turns a loaded `cards.Game` into plain JSON-able data (cached between
runs, so `checker resolve` need not import pydantic); `Rules` builds the objects the
engine runs from that data. Effects stay the definitions' own: one tuple per effect,
`(name, *parameters)`, in the order `PARAMETERS` gives.
"""
from __future__ import annotations

from typing import Any

from checker.core.compiled import built

# Every effect of cards/models/el_dorado_canyon.py, with the parameters the engine reads.
PARAMETERS: dict[str, tuple[str, ...]] = {
    "attack": ("damage", "ammo", "infamy", "targets"),
    "steal": ("gold",),
    "target_discards_infamy": ("amount",),
    "block": ("damage",),
    "attackers_discard_infamy": ("amount",),
    "pay_gold": ("amount",),
    "gain_gold": ("amount", "if_attacked"),
    "gain_infamy": ("amount",),
    "gain_ammo": ("amount",),
    "per_attacker": ("gold", "infamy"),
    "set_tracks": ("health", "ammo"),
    "bank_all": (),
    "buy": ("discount",),
    "refresh_row": ("cost",),
    "go_gone": (),
    "round_the_rosie": (),
    "extra_damage": ("amount",),
    "armor": ("amount",),
}
PASSIVE = ("extra_damage", "armor")
LEFT, RIGHT = 1, -1
DIRECTIONS = {"left": LEFT, "right": RIGHT}
ROMAN = ("I", "II", "III", "IV")


def compile_game(game: Any) -> dict[str, Any]:
    """A loaded `cards.Game` as plain data: action cards, characters, copies."""
    from cards.effects import strip_icons

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
            "characters": characters}


def _effect(effect: Any) -> list[Any]:
    if effect.effect not in PARAMETERS:
        raise ValueError(f"effect {effect.effect!r} has no rule in the El Dorado Canyon engine")
    return [effect.effect] + [getattr(effect, name) for name in PARAMETERS[effect.effect]]


def asks_if_attacked(effects: tuple[tuple, ...]) -> bool:
    """Whether effects depend on who attacks this turn (H8): if-attacked gains, per-attacker gains."""
    return any(e[0] == "per_attacker" or (e[0] == "gain_gold" and e[2] is not None) for e in effects)


class Option:
    """One end of a card: its arrow, its effect tuples and its printed text."""

    __slots__ = ("arrow", "effects", "text", "fixed", "turned", "buys", "refreshes", "asks", "attacks", "fires",
                 "refresh_cost", "steps")

    def __init__(self, data: dict[str, Any]):
        self.arrow: str = data["arrow"]
        self.effects: tuple[tuple, ...] = tuple(tuple(e) for e in data["effects"])
        self.text: str = data["text"]
        self.fixed = DIRECTIONS.get(self.arrow)  # a printed arrow's direction; None: turned, or none
        self.turned = self.arrow == "either"  # the player turns the arrow
        self.steps: tuple | None = None  # the effects with their rule functions: bound by `effects.effect_steps`
        names = {e[0] for e in self.effects}
        self.buys, self.refreshes = "buy" in names, "refresh_row" in names
        self.refresh_cost = next((e[1] for e in self.effects if e[0] == "refresh_row"), 0)
        self.asks, self.attacks = asks_if_attacked(self.effects), "attack" in names
        # abilities fire mid-turn only inside a card's effect (EDC-8): its attack (when_attacked,
        # on_attack, on_kill) or its Bank all (on_bank); "immediate" waits for the turn's end
        self.fires = self.attacks or "bank_all" in names


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
        effects = [tuple(e) for e in data.get("effects", ())]
        self.extra = sum(e[1] for e in effects if e[0] == "extra_damage")
        self.armor = sum(e[1] for e in effects if e[0] == "armor")
        self.effects = tuple(e for e in effects if e[0] not in PASSIVE)
        self.asks = asks_if_attacked(self.effects)
        self.attacks = any(e[0] == "attack" for e in self.effects)

    def __repr__(self) -> str:
        return f"Character({self.id or self.name})"


class Rules:
    """Everything a game defines that play needs, by id."""

    def __init__(self, data: dict[str, Any]):
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
