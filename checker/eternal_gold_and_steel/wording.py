"""Gold and Steel's own step sentences, rendered from their values (checker.core.wording.family): the
engine passes names, numbers and lists, and every sentence of its log is made here, once.

A unit travels in the values as `{"name", "strength", "keywords"}` (`Table.unit`, worked out when the step
happens) and reads "Bannerman (strength 4, Lifesteal)"; an ability's or the Throne's own words come from
the card's definition (`ability`), a condition's from its data (`condition`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from checker.core.wording import amount, costs, family, plural

from . import conditions  # noqa: F401  (registers the conditions' words)
from .vocab import CONDITIONS

if TYPE_CHECKING:
    from checker.core.wording import Words


def unit(v: dict) -> str:
    """A unit as it stands: 'Bannerman (strength 4, Lifesteal)'."""
    return f"{v['name']} (strength {v['strength']}{''.join(f', {k.capitalize()}' for k in v['keywords'])})"


def _names(names: list[str]) -> str:
    return ", ".join(names)


def _discarded(why: Callable[[dict], str]) -> Callable[[dict], str]:
    """A piece leaving the battle area (G4): why, then where it goes (a token back to the pool)."""
    return lambda v: (f"{v['who']}'s {v['name']} {why(v)}: it "
                      + ("goes back to the pool (a unit token)" if v["token"] else f"goes to {v['who']}'s discard pile"))


def _damage(how: Callable[[dict], str]) -> Callable[[dict], str]:
    """Health lost to a player's card: whose card, then how it dealt it, in brackets."""
    return lambda v: (f"{v['target']} takes {amount(v['amount'], v['what'])} from {v['by']}'s {v['name']} ({how(v)}): "
                      f"health {v['before']} -> {v['after']}")


def _berserk(v: dict) -> str:
    return f", Berserk: {v['berserk']} doubled" if "berserk" in v else ""


# What an effect could not do once its unit has left the battle area (`nothing/gone`), by the effect's name.
CANNOT: dict[str, Callable[[dict], str]] = {
    "gain_keyword": lambda v: f"gain {v['keyword'].capitalize()}",
    "gain_strength": lambda v: "gain strength",
    "put_attack_token": lambda v: "take an attack token",
    "deal_attack_damage": lambda v: "deal attack damage",
    "put_on_top_of_deck": lambda v: "go on top of the deck",
    "return_to_battle_area": lambda v: "return to the battle area",
}
ZONES = {"battle_area": "battle area", "discard_pile": "discard pile"}

WORDS: Words = family({
    # setting up the initial markets
    "setup/method": lambda v: f"the players set up their initial markets by the {v['method']} method",
    "setup/deal": lambda v: (f"{v['who']} is {'dealt (action.deals)' if v['given'] else 'dealt from the top of the market deck'}: "
                             f"{_names(v['names'])}"),
    "setup/seed": lambda v: f"{v['who']}'s pick is not given: --seed picks {_names(v['names'])}",
    "setup/market": lambda v: f"{v['who']} puts {_names(v['names'])} in their market (hidden from the other players)",
    "setup/pass": lambda v: f"{v['who']} passes 2 cards face down to {v['to']}",
    "setup/left": lambda v: "each player passes the rest face down to the player on their left (the next one listed)",
    "setup/bottom": lambda v: (f"{v['count']} cards go to the bottom of the market deck" + (
        "" if v["listed"] else "; the state does not list the market deck, so the next state leaves it out too "
                               "(its order is unknown)")),
    # playing a card (P2, G3, GS-R1, G5)
    "reveal": lambda v: f"{v['who']} plays {v['name']} from their hand, free",
    "pay/market": lambda v: (f"{v['who']} pays {amount(v['amount'], 'gold')} to the token pool and plays {v['name']} "
                             f"from their market (gold {v['before']} -> {v['after']}); no warp token is spent"),
    "card/deck": lambda v: f"{v['name']} is now an ordinary card of {v['who']}'s deck: it is never paid for again",
    "card/battle": lambda v: f"{v['name']} goes to {v['who']}'s battle area" + (", unequipped" if v["type"] == "weapon" else ""),
    "card/resolved": lambda v: f"{v['name']} ({v['type']}) has resolved: it goes to {v['who']}'s discard pile",
    "ability/double": lambda v: (f"{v['name']}'s double-{v['influence']} ability fires: {v['who']} "
                                 f"{'has played' if v['just_played'] else 'now plays'} two other {v['influence']} cards "
                                 f"this turn ({_names(v['others'])})"),
    # abilities (G6, GS-R12) and what their effects do
    "order": lambda v: (f"{v['who']} resolves {len(v['names'])} abilities that fire together in this order "
                        f"({'chosen in action.order' if v['chosen'] else 'as listed; action.order can change it'}): "
                        f"{_names(v['names'])}"),
    "ability/fires": lambda v: f"{v['name']}: {v['ability']}",
    "ability/while": lambda v: (f"{v['who']}'s {v['unit']['name']} {'meets' if v['holds'] else 'no longer meets'} its "
                                f"condition, now {unit(v['unit'])}: {v['ability']}"),
    "nothing/condition": lambda v: (f"the condition is not met ({CONDITIONS[v['condition']['condition']].words(v['condition'])}): "
                                    "nothing happens"),
    "nothing/gone": lambda v: f"{v['name']} is no longer in the battle area: it cannot {CANNOT[v['effect']](v)}",
    "gain/gold": lambda v: f"{v['who']} takes {amount(v['amount'], 'gold')} from the token pool ({v['before']} -> {v['after']})",
    "gain/pool": lambda v: (f"{v['who']} takes {amount(v['amount'], 'gold')} from the token pool ({v['before']} -> "
                            f"{v['after']}): the pool held only {amount(v['amount'], 'gold')}, not {v['asked']}"),
    "nothing/pool": lambda v: (f"the token pool has no gold left (all {v['tokens']} gold tokens are held): {v['who']} "
                               f"takes none of the {amount(v['amount'], 'gold')}"),
    "gain/most": lambda v: (f"{v['who']} gains {amount(v['amount'], v['what'])} of the {v['asked']} ({v['before']} -> "
                            f"{v['after']}): {v['what']} stops at {v['most']}, the most a state file holds"),
    "gain/power": lambda v: f"{v['who']} gains {amount(v['amount'], 'power')} for this turn ({v['before']} -> {v['after']})",
    "gain/lifesteal": lambda v: (f"{v['who']} gains {amount(v['amount'], 'health')} (Lifesteal: {v['name']} dealt "
                                 f"{amount(v['amount'], 'attack damage')}; {v['before']} -> {v['after']})"),
    "card/draw": lambda v: f"{v['who']} draws {v['name']} from the top of the deck",
    "nothing/draw": lambda v: f"{v['who']} has no card to draw: deck and discard pile are empty",
    "card/reshuffle": lambda v: (f"{v['who']}'s deck is empty: the discard pile is shuffled into a new deck "
                                 f"({plural(v['count'], 'card')})"),
    "card/shuffle": lambda v: (f"the market deck is not given: the {v['count']} market cards the state does not place "
                               "are shuffled with the seed"),
    "card/market": lambda v: f"{v['who']} adds the top card of the market deck ({v['name']}) to their market",
    "nothing/market": lambda v: f"the market deck is empty: no card is added to {v['who']}'s market",
    "ability/keyword": lambda v: f"{v['unit']['name']} gains {v['keyword'].capitalize()}: now {unit(v['unit'])}",
    "ability/strength": lambda v: f"{v['unit']['name']} gets +{v['amount']} strength: now {unit(v['unit'])}",
    "ability/token": lambda v: (f"a +{v['amount']} attack token goes on {v['unit']['name']}: now {unit(v['unit'])}; "
                                "it stays however the unit count changes"),
    "kill/itself": _discarded(lambda v: "must destroy itself: there is no other unit of yours"),
    "kill/destroyed": _discarded(lambda v: f"is destroyed by {v['source']}" if v["by"] == v["who"]
                                 else f"is destroyed by {v['by']}'s {v['source']}"),
    "nothing/no_unit": lambda v: "there is no enemy unit to destroy: nothing is destroyed, and the rest of the ability still resolves",
    "nothing/no_enemy": lambda v: "there is no enemy player left to damage",
    "damage/effect": _damage(lambda v: "not attack damage: no Berserk, no Lifesteal"),
    "card/top": lambda v: f"{v['name']} goes from the battle area on top of {v['who']}'s deck",
    "card/returns": lambda v: (f"{v['name']} returns to the battle area instead of being discarded"
                               + (f"; {_names(v['weapons'])} stays equipped" if v["weapons"] else "")),
    "card/hand": lambda v: f"{v['name']} returns from the {ZONES[v['zone']]} to {v['who']}'s hand",
    "nothing/left": lambda v: f"{v['name']} has already left: nothing returns",
    "card/token": lambda v: f"the {v['name']} token (strength {v['strength']}) enters {v['who']}'s battle area",
    "nothing/token": lambda v: f"the {v['name']} token is already in {v['holder']}'s battle area: nothing happens",
    "pay/ability": lambda v: (f"{v['who']} pays {costs(v['paid'])}, once "
                              f"({', '.join(f'{what} {n}' for what, n in v['left'].items())} left)"),
    "nothing/ability": lambda v: f"{v['who']} does not pay {costs(v['cost'])} (action.pay is false): nothing more",
    # weapons (G4)
    "card/equip": lambda v: f"{v['who']} equips {v['unit']['name']} with {v['weapon']}: now {unit(v['unit'])}",
    "card/weapons": lambda v: f"{_names(v['weapons'])} discarded along with {v['name']}",
    "card/unwielded": lambda v: (f"{_names(v['weapons'])} {'go' if len(v['weapons']) > 1 else 'goes'} to the discard pile: {v['name']} left the battle area "
                                 "without being discarded, and a weapon stays only with its wielder"),
    "card/loose": lambda v: f"{v['who']} has no unit: {_names(v['weapons'])} stays in the battle area until a later turn",
    # an attack (GS-R3, G2, P1)
    "target": lambda v: f"{v['who']} attacks {v['defender']} with {', '.join(unit(x) for x in v['attackers'])}",
    "nothing/blocker": lambda v: f"{v['attacker']} has left the battle area: {v['who']}'s {v['blocker']} blocks nothing",
    "nothing/unblocked": lambda v: f"{v['who']}'s {v['blocker']} has left the battle area: {v['attacker']} is unblocked",
    "nothing/weaker": lambda v: (f"{v['who']}'s {unit(v['blocker'])} is now weaker than {v['attacker']} (strength "
                                 f"{v['strength']}): it blocks nothing, and {v['attacker']} is unblocked"),
    "block/unit": lambda v: (f"{v['who']}'s {unit(v['blocker'])} blocks {v['by']}'s {unit(v['attacker'])}: equal or "
                             "greater strength, both are discarded"),
    "card/blocked": _discarded(lambda v: "was blocked"),
    "card/blocker": _discarded(lambda v: "blocked"),
    "nothing/out": lambda v: f"{v['who']} is already out: {v['name']} deals no damage",
    "nothing/strength": lambda v: f"{v['who']}'s {v['name']} has strength 0: it deals no attack damage",
    "damage/unblocked": _damage(lambda v: f"unblocked, strength {v['strength']}{_berserk(v)}"),
    "damage/ability": _damage(lambda v: f"{v['source']}'s ability{_berserk(v)}"),
    "kill/out": lambda v: f"{v['who']} is at 0 health: out of the game",
    "card/attack_over": _discarded(lambda v: "dealt attack damage and the attack is over"),
    "card/stays": lambda v: (f"{v['name']} stays in the battle area"
                             + (f" with {_names(v['weapons'])} still equipped" if v["weapons"] else "")),
    # the Eternal Throne (G7), the turn's end (G3, GS-R8), the game's end (G1)
    "pay/throne": lambda v: (f"{v['who']} pays {amount(v['amount'], 'power')} to use the Eternal Throne "
                             f"(power {v['before']} -> {v['after']}): {v['ability']}"),
    "card/throne": lambda v: "the Eternal Throne is flipped over: its ability is no longer available to anyone",
    "turn/power": lambda v: f"{v['who']}'s unspent power is lost: power {v['amount']} -> 0",
    "turn/gold": lambda v: f"{v['who']} keeps {amount(v['amount'], 'gold')} for later turns",
    "turn/end": lambda v: f"{v['who']} ends the turn: it is {v['next']}'s turn",
    "win": lambda v: f"{_names(v['winners']) or 'nobody'} is the last player standing and wins",
})
