"""Made-up games written from text, for the engine tests and the build benchmark.

A game of their own keeps their results still while the real games' definitions
change; writing its game.toml and its plain reference cards here keeps one shape of
each for both (benchmarks import this module too).
"""
from __future__ import annotations

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


def gain_card(card_id: str, cost: int, gold: int) -> str:
    """An El Dorado Canyon town card that costs `cost` and gains `gold` (priority IV)."""
    return (f'\n[[cards]]\nid = "{card_id}"\nname = "{card_id.replace("-", " ").title()}"\ntype = "gain"\n'
            f'priority = "IV"\ncost = {cost}\n[[cards.options]]\neffects = [{{ effect = "gain_gold", amount = {gold} }}]\n')


def planted_town(base_town: str) -> str:
    """A town deck with one card far too strong (boomtown: cost 1, 8 gold) and one far too weak
    (fools-gold: cost 5, 1 gold): what the balance lab must find."""
    return base_town + gain_card("boomtown", 1, 8) + gain_card("fools-gold", 5, 1)
