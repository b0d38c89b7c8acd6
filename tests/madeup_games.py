"""Made-up games written from text, for the engine tests and the build benchmark.

A game of their own keeps their results still while the real games' definitions
change; writing its game.toml and its plain reference cards here keeps one shape of
each for both (benchmarks import this module too).
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any


def game_toml(game_id: str, name: str, players: tuple[int, int], components: list[dict[str, Any]]) -> str:
    """A game.toml for El Dorado Canyon's rules family, its [[components]] in the order given."""
    text = f'id = "{game_id}"\nname = "{name}"\nrules = "el-dorado-canyon"\nplayers = [{players[0]}, {players[1]}]\n'
    for component in components:
        text += "\n[[components]]\n" + "".join(f"{key} = {_value(value)}\n" for key, value in component.items())
    return text


def deck(copies: int = 1) -> dict[str, Any]:
    """A poker-size deck of reference cards in deck.toml, with the reference back."""
    return {"id": "deck", "name": "Deck", "kind": "card", "schema": "reference", "file": "deck.toml",
            "size": "poker", **({"copies": copies} if copies != 1 else {}), "back": "reference"}


def reference_cards(count: int, title: str, line: str) -> str:
    """`count` reference cards c0, c1, ... each with one section: `title` over one `line`."""
    return "".join(f'[[cards]]\nid = "c{i}"\nname = "Card {i}"\n[[cards.sections]]\ntitle = "{title}"\n'
                   f'lines = ["{line}"]\n' for i in range(count))


def _value(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def gain_card(card_id: str, cost: int, gold: int) -> dict[str, Any]:
    """An El Dorado Canyon town card that costs `cost` and gains `gold` (priority IV)."""
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "gain", "priority": "IV", "cost": cost,
            "options": [{"effects": [{"effect": "gain_gold", "amount": gold}]}]}


def planted_town(town: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A town deck with one card far too strong (boomtown: cost 1, 8 gold) and one far too weak
    (fools-gold: cost 5, 1 gold): what the balance lab must find."""
    return [*town, gain_card("boomtown", 1, 8), gain_card("fools-gold", 5, 1)]


def town_cards(folder: Path, leave_out: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The town deck of an El Dorado Canyon folder as data (its town.toml), less the cards named."""
    with open(folder / "town.toml", "rb") as f:
        return [card for card in tomllib.load(f)["cards"] if card["id"] not in leave_out]


def write_town(folder: Path, cards: list[dict[str, Any]]) -> None:
    """Write `cards` as the folder's town.toml: one [[cards]] table each, nested values inline."""
    text = "".join("\n[[cards]]\n" + "".join(f"{key} = {_inline(value)}\n" for key, value in card.items())
                   for card in cards)
    (folder / "town.toml").write_text(text.lstrip("\n"), encoding="utf-8")


def _inline(value: Any) -> str:
    """A TOML inline value: strings quoted (JSON's escapes are TOML's), lists and tables inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + " }"
    return str(value)
