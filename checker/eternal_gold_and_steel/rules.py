"""The game's definitions compiled for play: plain data in, small slot objects out.

`compile_game` turns a loaded `cards.Game` into JSON-able data (cached between runs by
`checker.core.gamecache`, so `checker resolve` need not import pydantic); `Rules`
builds the objects the engine runs. Abilities stay the definitions' own: trigger,
condition and effects exactly as `cards/models/eternal_gold_and_steel/` defines them.
"""
from __future__ import annotations

from typing import Any

from checker.core.compiled import built
from checker.core.effect import Effects

DECK_SCHEMAS = ("starting", "forge", "market")
EFFECTS = Effects()  # an effect's parameters read by name, `e.amount`, as in every engine


def compile_game(game: Any) -> dict[str, Any]:
    """A loaded `cards.Game` as plain data: deck cards, unit tokens, the Throne, the market deck, the gold tokens in
    the pool, the rule parameters."""
    from cards.effects import strip_icons
    from cards.parameters import of_game

    cards, tokens, thrones, market_deck = [], [], [], []
    gold_tokens = None
    for comp in game.components:
        schema = comp.spec.schema_
        for rec in comp.records:
            copies = rec.copies * comp.spec.copies
            if schema in DECK_SCHEMAS:
                cards.append({
                    "id": rec.id, "name": rec.name, "type": rec.type, "influence": list(rec.influence),
                    "strength": rec.strength, "bonus": rec.bonus, "keywords": list(rec.keywords),
                    "gold": getattr(rec, "gold", None), "cost": getattr(rec, "cost", None),
                    "abilities": [dict(a.model_dump(exclude={"text"}), text=strip_icons(a.rules_text(rec.subject)))
                                  for a in rec.abilities],
                })
                if schema == "market":
                    market_deck += [rec.id] * copies
            elif schema == "unit-token":
                tokens.append({"id": rec.id, "name": rec.name, "type": "unit", "influence": [],
                               "strength": rec.strength, "bonus": None, "keywords": list(rec.keywords),
                               "gold": None, "cost": None, "abilities": [], "token": True})
            elif schema == "throne":
                thrones.append({"id": rec.id, "name": rec.name, "power": rec.power,
                                "effects": [e.model_dump() for e in rec.effects],
                                "text": strip_icons(rec.rules_text)})
            elif schema == "marker" and rec.id == "gold":  # Contents: "20 Gold tokens" (GS-R13)
                gold_tokens = (gold_tokens or 0) + copies
    return {"id": game.id, "name": game.name, "players": list(game.players), "cards": cards + tokens,
            "throne": thrones[0] if thrones else None, "market_deck": market_deck, "gold_tokens": gold_tokens,
            **of_game(game)}


class Ability:
    """One ability of a card: when it fires, on what condition, what it does, and its printed text."""

    __slots__ = ("trigger", "effects", "condition", "influence", "ally_keyword", "zone", "text")

    def __init__(self, data: dict[str, Any]):
        self.trigger: str = data["trigger"]
        self.effects: tuple[Any, ...] = tuple(EFFECTS.of(e) for e in data["effects"])
        self.condition: dict[str, Any] | None = data.get("condition")
        self.influence: str | None = data.get("influence")
        self.ally_keyword: str | None = data.get("ally_keyword")
        self.zone: str = data.get("zone", "battle_area")
        self.text: str = data.get("text", "")


class CardDef:
    """A card as printed: a deck card (unit, weapon, spell, power) or a unit token."""

    __slots__ = ("id", "name", "type", "influence", "strength", "bonus", "keywords", "gold", "cost",
                 "abilities", "token")

    def __init__(self, data: dict[str, Any]):
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.type: str = data["type"]
        self.influence: tuple[str, ...] = tuple(data["influence"])
        self.strength: int | None = data["strength"]
        self.bonus: int | None = data["bonus"]
        self.keywords: tuple[str, ...] = tuple(data["keywords"])
        self.gold: int | None = data["gold"]
        self.cost: int | None = data["cost"]
        self.abilities = tuple(Ability(a) for a in data["abilities"])
        self.token: bool = data.get("token", False)

    @property
    def market(self) -> bool:
        """A market card: gold cost in the upper right corner (G3)."""
        return self.gold is not None

    @property
    def stays(self) -> bool:
        """Units and weapons go to the battle area when played; spells and power cards do not (GS-R1)."""
        return self.type in ("unit", "weapon")

    def __repr__(self) -> str:
        return f"CardDef({self.id})"


class Throne:
    """The new Eternal Throne: its power cost, its effects and its text (G7)."""

    __slots__ = ("id", "name", "power", "effects", "text")

    def __init__(self, data: dict[str, Any]):
        self.id, self.name, self.power = data["id"], data["name"], data["power"]
        self.effects: tuple[Any, ...] = tuple(EFFECTS.of(e) for e in data["effects"])
        self.text: str = data["text"]


class Rules:
    """Everything the definitions give that play needs, by id; and the numbers of the rules (`[parameters]`,
    cards/models/eternal_gold_and_steel/parameters.py: G1's unless the game sets them)."""

    def __init__(self, data: dict[str, Any]):
        self.start_health: int = data["parameters"]["start_health"]  # G1: 25
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.players: tuple[int, int] = (data["players"][0], data["players"][1])
        self.cards = {c["id"]: CardDef(c) for c in data["cards"]}
        self.throne = Throne(data["throne"]) if data.get("throne") else None
        self.market_deck: tuple[str, ...] = tuple(data["market_deck"])
        self.gold_tokens: int | None = data["gold_tokens"]  # the pool's gold tokens; None: a game without them


def rules_of(game: Any) -> Rules:
    """Rules from a loaded `cards.Game`, from compiled data, or as given."""
    return built(game, Rules, compile_game)
