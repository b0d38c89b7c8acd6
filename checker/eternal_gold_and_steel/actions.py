"""The disputed actions of a turn: play a card (from the hand or the market), equip a weapon,
use the Throne, end the turn. Each returns the verdict's headline; attacks are in `combat`,
initial markets in `setup`.
"""
from __future__ import annotations

from checker.core.errors import StateError

from . import cite
from .effects import Choices, Trigger, fire
from .refs import refs
from .rules import CardDef
from .state import Action
from .table import Piece, Player, Table


def play_market(t: Table, a: Action) -> str:
    """Markets: pay the gold cost, no warp token; the card goes to the battle area and joins the deck (G3)."""
    p, card = a.player, a.card
    assert card is not None and card.gold is not None, "read_table found a market card"
    if p.gold < card.gold:
        affordable = [c.id for c in p.market if c.gold is not None and c.gold <= p.gold]
        raise StateError(f"{card.name} costs {card.gold} gold and {p.name} has {p.gold} (Markets; G3); affordable "
                         f"now: {', '.join(affordable) or 'none'}", player=p.name, field="action.card")
    p.market.remove(card)
    p.gold -= card.gold
    t.say(cite.join(cite.MARKET, cite.NO_WARP), p, card, "pay", who=p.name, cause="market", amount=card.gold,
          what="gold", name=card.name, before=p.gold + card.gold, after=p.gold)
    t.say(cite.PART_OF_DECK, p, card, "card", cause="deck", name=card.name, who=p.name)
    t.note(p, f"played {card.name} from the market for {card.gold} gold")
    play_card(t, p, card, a.choices, from_market=True)
    return f"Legal: {p.name} pays {card.gold} gold and plays {card.name} from their market."


def play_hand(t: Table, a: Action) -> str:
    """A card from the hand is played free (P2), a market card too once bought (G3)."""
    p, card = a.player, a.card
    assert card is not None, "read_table found the card in the hand"
    p.hand.remove(card)
    rule = cite.PLAYED_FREE if card.market else cite.HAND_PLAY
    t.say(rule, p, card, "reveal", who=p.name, name=card.name)
    t.note(p, f"played {card.name}")
    play_card(t, p, card, a.choices)
    return f"Legal: {p.name} plays {card.name} from their hand."


def play_card(t: Table, p: Player, card: CardDef, choices: Choices, from_market: bool = False) -> None:
    """Where a played card goes (GS-R1), its when-played abilities, then double influence (G5).

    Only a market play quotes the Markets passage ("Reveal the card from your market..."): a unit
    played from the hand goes to the battle area by GS-R1 alone (the base game's rule).
    """
    p.played.append(card)
    piece = None
    if card.stays:
        piece = Piece(card, p)
        p.battle.append(piece)
        rule = cite.WEAPON_PLAYED if card.type == "weapon" else cite.MARKET_UNIT if from_market \
            else cite.UNIT_PLAYED
        t.say(rule, p, card, "card", cause="battle", name=card.name, who=p.name, type=card.type)
        t.check_whiles()
    fire(t, [Trigger(card, ab, p, piece) for ab in card.abilities if ab.trigger == "on_play"], choices)
    fire(t, double_influence(t, p, piece), choices)
    if not card.stays:
        p.discard.append(card)
        t.say(cite.UNIT_PLAYED, p, card, "card", cause="resolved", name=card.name, type=card.type, who=p.name)


def _others(played: list[CardDef], i: int, symbol: str, upto: int) -> list[CardDef]:
    """The cards played this turn up to index `upto`, other than the i-th, with the symbol (G5)."""
    return [c for j, c in enumerate(played[:upto + 1]) if j != i and symbol in c.influence]


def double_influence(t: Table, p: Player, new_piece: Piece | None) -> list[Trigger]:
    """G5: each double-influence ability whose count of other cards reaches two with this play fires, once."""
    played = p.played
    last = len(played) - 1
    out = []
    for i, card in enumerate(played):
        for ab in card.abilities:
            if ab.trigger != "double_influence" or ab.influence is None:  # the checks give it a symbol
                continue
            now = _others(played, i, ab.influence, last)
            before = len(_others(played, i, ab.influence, last - 1)) if i < last else 0
            if len(now) >= 2 and before < 2:
                it = new_piece if i == last else next((x for x in p.battle if x.card is card), None)
                out.append(Trigger(card, ab, p, it))
                t.say(cite.DOUBLE_FIRES, p, card, "ability", cause="double", name=card.name, influence=ab.influence,
                      who=p.name, just_played=i == last, others=[c.name for c in now[:2]])
    return out


def equip(t: Table, p: Player, weapon: Piece, unit: Piece, rule: str = cite.join(cite.EQUIP, cite.WIELDER)) -> None:
    """Weapons: a loose weapon goes under a unit of the same player and stays until it is discarded (G4)."""
    t.remove_piece(weapon)
    unit.weapons.append(weapon.card)
    t.say(rule, p, weapon.card, "card", cause="equip", who=p.name, weapon=weapon.card.name, unit=t.unit(unit))
    t.note(p, f"{unit.card.name} wields {weapon.card.name}")
    t.check_whiles()


def equip_action(t: Table, a: Action) -> str:
    (weapon, unit), = a.equips
    equip(t, a.player, weapon, unit)
    return f"Legal: {a.player.name}'s {t.describe(unit)} wields {weapon.card.name}."


def end_turn(t: Table, a: Action) -> str:
    """G4's equip requirement, power lost (G3), the turn passes (GS-R8)."""
    p = a.player
    for weapon, unit in a.equips:
        equip(t, p, weapon, unit, cite.MUST_EQUIP)
    loose = p.loose_weapons
    if loose and p.units:
        want = f'"{refs(p.units, p)}" }}]' if len(p.units) == 1 else f"... }}] with a unit of {refs(p.units, p)}"
        raise StateError(f"before ending the turn every weapon in the battle area must be equipped if the player has "
                         f"a unit (Weapons; G4): {refs(loose, p)} still lies unequipped; add equip = "
                         f"[{{ weapon = \"{loose[0].card.id}\", unit = {want}", player=p.name, field="action.equip")
    if loose:
        t.say(cite.NO_UNITS, p, None, "card", cause="loose", who=p.name, weapons=[w.card.name for w in loose])
    if p.power:
        t.say(cite.POWER_LOST, p, None, "turn", cause="power", who=p.name, amount=p.power)
        p.power = 0
    if p.gold:
        t.say(cite.GOLD_STAYS, p, None, "turn", cause="gold", who=p.name, amount=p.gold)
    p.played = []
    standing = [i for i, q in enumerate(t.players) if not q.out]
    later = [i for i in standing if i > t.turn] + [i for i in standing if i <= t.turn]
    t.turn = later[0]
    t.say(cite.END_TURN, p, None, "turn", cause="end", who=p.name, next=t.active.name)
    return f"Legal: {p.name} ends the turn; it is now {t.active.name}'s turn."


def use_throne(t: Table, a: Action) -> str:
    """G7: revealed, once per game, any player on their own turn, for its power cost; then flipped."""
    p, throne = a.player, t.rules.throne
    if throne is None:
        raise StateError(f"{t.rules.name} has no Eternal Throne card: nobody can use it (G7)", player=p.name,
                         field="action.kind")
    if t.throne == "hidden":
        raise StateError("the Eternal Throne is not revealed yet: it is revealed when its last Seek Power card is "
                         "taken (P2; G7); set throne = \"revealed\" if it is", player=p.name, field="throne")
    if t.throne == "spent":
        raise StateError("the Eternal Throne's ability has been used and the card flipped: nobody can use it again "
                         "(The New Eternal Throne; G7)", player=p.name, field="throne")
    if p.power < throne.power:
        raise StateError(f"using the Eternal Throne costs {throne.power} power and {p.name} has {p.power} (G7)",
                         player=p.name, field="power")
    p.power -= throne.power
    t.say(cite.THRONE, p, throne, "pay", who=p.name, cause="throne", amount=throne.power, what="power",
          before=p.power + throne.power, after=p.power, ability=throne.text)
    t.note(p, "used the Eternal Throne")
    fire(t, [Trigger(throne, None, p, None)], a.choices)
    t.throne = "spent"
    t.say(cite.THRONE_FLIP, p, throne, "card", cause="throne")
    return f"Legal: {p.name} pays {throne.power} power and uses the Eternal Throne, which is then flipped."
