"""Gold and Steel's definition checks: the rules a record or a whole game must keep beyond its types.

They stand alone because they read every other module (icons, triggers, effects,
records) and nothing reads them but the loader, through `check_record` and `check_game`.
"""
from __future__ import annotations

from ...effects import unknown_icons, wording_problems
from ..common import Marker, Record, Reference
from .abilities import TRIGGERS_OF, Ability
from .effects import VOCABULARY, PutAttackToken, PutUnitToken
from .kinds import all_effects
from .records import Card, Throne, Tray, UnitToken
from .terms import ICONS


def texts_of(record: Record) -> list[tuple[str, str]]:
    """Every printed text of a record with its field path, for icon checks."""
    if isinstance(record, Card):
        return [(f"abilities.{i}", t) for i, t in enumerate(record.ability_texts, 1)] + [("flavor", record.flavor)]
    if isinstance(record, Throne):
        return [("effects", record.rules_text), ("spent_text", record.spent_text), ("flavor", record.flavor)]
    if isinstance(record, (Marker, UnitToken)):
        return [("text", record.text)]
    if isinstance(record, Tray):
        return [("lines", line) for line in record.lines]
    if isinstance(record, Reference):
        return [("sections", line) for s in record.sections for line in s.lines]
    return []


def _check_card(card: Card) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    needs = {"unit": "strength", "weapon": "bonus"}.get(card.type)
    for name in ("strength", "bonus"):
        given = getattr(card, name) is not None
        if name == needs and not given:
            out.append((name, f"expected a {name} for a {card.type}, got none"))
        elif name != needs and given:
            out.append((name, f"expected no {name} on a {card.type}, got {getattr(card, name)}"))
    if card.keywords and card.type not in ("unit", "weapon"):
        out.append(("keywords", f"expected no keywords on a {card.type}, got {card.keyword_line}"))
    if len(set(card.influence)) != len(card.influence):
        out.append(("influence", f"expected distinct symbols, got {', '.join(card.influence)}"))
    for i, ability in enumerate(card.abilities, 1):
        out += [(f"abilities.{i}.{p}", m) for p, m in _check_ability(card, ability)]
    return out


def _check_ability(card: Card, ability: Ability) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    trig = ability.trigger
    if trig not in TRIGGERS_OF[card.type]:
        out.append(("trigger", f"expected one of {', '.join(sorted(TRIGGERS_OF[card.type]))} on a {card.type}, got {trig!r}"))
    if (trig == "double_influence") != (ability.influence is not None):
        out.append(("influence", "expected an influence symbol for double_influence only"
                    + (f", got {ability.influence!r} on {trig}" if ability.influence else ", got none")))
    if trig == "while" and ability.condition is None:
        out.append(("condition", "expected a condition for a while-ability, got none"))
    if ability.condition is not None and trig not in ("while", "on_play"):
        out.append(("condition", f"expected a condition only on while or on_play, got one on {trig!r}"))
    if ability.ally_keyword is not None and trig != "on_ally_attack_damage":
        out.append(("ally_keyword", f"expected ally_keyword only on on_ally_attack_damage, got one on {trig!r}"))
    if ability.zone == "discard_pile" and trig != "on_ally_attack_damage":
        out.append(("zone", f"expected 'battle_area' for {trig!r}: only on_ally_attack_damage works from the discard pile"))
    selfish = sorted({e.effect for e in ability.effects if e.SELF})
    if selfish and card.type not in ("unit", "weapon"):
        out.append(("effects", f"expected effects without 'it' on a {card.type}, got {', '.join(selfish)}"))
    ongoing = sorted(name for name, cls in VOCABULARY.items() if cls.LASTING)
    passing = sorted({e.effect for e in ability.effects if not e.LASTING})
    if trig == "while" and passing:
        out.append(("effects", f"expected only {', '.join(ongoing)} in a while-ability, got {', '.join(passing)}"))
    moves = {e.effect for e in ability.effects if e.MOVES_ATTACKER}
    if moves and (card.type != "unit" or trig != "on_attack_damage"):
        out.append(("effects", f"expected {', '.join(sorted(moves))} only on a unit's on_attack_damage, got {card.type} {trig}"))
    if ability.text:
        out += [("text", f"wording leaves out the {miss}") for miss in wording_problems(ability.text, ability.effects)]
    return out


def check_record(record: Record) -> list[tuple[str, str]]:
    """Rules a single record must keep beyond its types: (field path, message)."""
    out: list[tuple[str, str]] = []
    for path, text in texts_of(record):
        for name in unknown_icons(text, ICONS):
            out.append((path, f"unknown icon ':{name}:': expected one of {', '.join(sorted(ICONS))}"))
    if isinstance(record, Card):
        out += _check_card(record)
    if isinstance(record, Marker) and record.icon is not None and record.icon not in ICONS:
        out.append(("icon", f"expected one of {', '.join(sorted(ICONS))}, got {record.icon!r}"))
    return out


def check_game(game) -> list:
    """Cross-record checks: every token an effect names is printed."""
    from ...errors import Problem

    tokens = {r.id for r in game.records("unit-token")}
    attack_values = {r.value for r in game.records("marker") if r.icon == "attack"}
    problems = []
    for comp in game.components:
        for record in comp.records:
            for effect in all_effects(record):
                if isinstance(effect, PutUnitToken) and effect.token not in tokens:
                    problems.append(Problem(comp.file, f"unknown unit token {effect.token!r}: expected one of "
                                            f"{', '.join(sorted(tokens)) or '(none defined)'}",
                                            card=record.id, card_name=record.name, path="effects"))
                if isinstance(effect, PutAttackToken) and effect.amount not in attack_values:
                    problems.append(Problem(comp.file, f"no +{effect.amount} attack token is printed: expected a marker "
                                            f"with icon 'attack' and value {effect.amount}",
                                            card=record.id, card_name=record.name, path="effects"))
    return problems
