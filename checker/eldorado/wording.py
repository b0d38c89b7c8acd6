"""Eldorado's own step sentences, rendered from their values (checker.core.wording.family): the dice (E1),
outfitting (ELD-15), the crew at sea (E3, ELD-3, ELD-4), moves (E4, E5, ELD-6), combats (E2, ELD-12 to
ELD-14), the end (E6). The engine passes names and numbers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from checker.core.wording import amount, family, plural, reworded, side, verb

if TYPE_CHECKING:
    from checker.core.wording import Words

# what a player lacks to come home the winner (E6), by the state field that says it: the step and the refusal
MISSING = {
    "opened": "has not opened their Eldorado",
    "soldiers": "has no soldier besides the leader to control the ship",
    "treasure": "brings no treasure pile",
}


def _roll(v: dict) -> str:
    seeded = f" (not in the state: rolled with --seed {v['seed']})" if "seed" in v else ""
    return f"{v['who']} rolls {v['value']} for the {v['die']}{seeded}"


def _coast(v: dict) -> str:
    marks = ", ".join(f"{m['kind']} {m['name']}" for m in v["marks"]) or v["terrain"]
    return f"{v['who']} meets the coast at {v['at']} ({marks}) and moors there"


def _strength(v: dict) -> str:
    """An Eldorado party's strength: "5 soldiers + 2 x 1 musket + 3 x 0 cannons" (no cannons ashore)."""
    guns = f" + 3 x {amount(v['cannons'], 'cannon')}" if "cannons" in v else ""
    return f"{amount(v['soldiers'], 'soldier')} + 2 x {amount(v['muskets'], 'musket')}{guns}"


def _leaves(who: str) -> str:
    return f"all of {who}'s people have died and {who} leaves the game"


WORDS: Words = family({
    "roll": _roll,
    "gain/crew": reworded("gain", verb="recruits"),
    "gain/provisions": reworded("gain", verb="takes on"),
    "gain/muskets": reworded("gain", lambda v: f" for {plural(v['recruited'], 'soldier')} recruited", "receives"),
    "gain/cannons": reworded("gain", lambda v: f" on {'an even' if v['die'] % 2 == 0 else 'an odd'} roll", "receives"),
    "gain/no_weapons": lambda v: f"{v['who']} receives no muskets or cannons: weapons were issued at the start",
    "gain/island": reworded("gain", lambda v: f" of provisions at {v['island']}", "takes on"),
    "move/calm": lambda v: f"{v['who']} is becalmed: no move",
    "move/storm": lambda v: f"{v['who']} is caught in a storm and repairs the rigging: no move",
    "move/coast": _coast,
    "move/river_end": lambda v: (f"{v['who']} stops at the {'mouth' if v['way'] == 'downstream' else 'source'} of "
                                 f"the {v['river']}"),
    "move/no_food": lambda v: f"{v['who']} eats no provisions {'on a river' if v['on'] == 'river' else 'on land'}",
    "move/ship": lambda v: f"{v['who']} reaches the ship of {v['owner']} at {v['at']}",
    "move/indians": lambda v: f"{v['who']} meets the Indians of {v['city']} at {v['at']}",
    "fight/meet": lambda v: f"{v['who']} and {v['opponent']} meet at {v['at']}: combat",
    "steal/prisoner": lambda v: (f"{v['who']} won with a {v['die']}: one of {side(v['of'])}'s soldiers is taken "
                                 "prisoner and joins the winner"),
    "loss/combat": reworded("loss", lambda v: f" ({'party' if v['crew'] == 'soldiers' else 'guard'}"
                                              f"{'; 1 more is taken prisoner' if v['captive'] else ''})"),
    "pay/combat": reworded("pay", lambda v: f" ({plural(v['points'], 'point')} each) "
                                            + (f"to {v['to']}" if "to" in v else "overboard: the winner has no ship for them")),
    "nothing/home": lambda v: (f"{v['who']} moors at {v['port']}, but this is no homecoming yet: "
                               + "; ".join(MISSING[field] for field in v["missing"])),
    "loss/food": lambda v: (f"{v['who']} feeds {v['people']} aboard: {amount(v['need'], 'barrel')} for this move, "
                            f"{v['amount']} eaten, {v['after']} left"),
    "loss/hunger": lambda v: (f"{v['who']} is {amount(v['short'], 'barrel')} short: {amount(v['amount'], 'soldier')} "
                              f"{verb(v['amount'], 'dies', 'die')} of hunger"),
    "loss/monsters": lambda v: (f"{v['who']} is attacked by the monsters of {v['waters']}: loses "
                                f"{amount(v['soldiers'], 'soldier')} and {amount(v['barrels'], 'barrel')}"),
    "move/monsters": lambda v: f"{v['who']} finds the monsters of {v['waters']} asleep",
    "move/sail": lambda v: f"{v['who']} sails {v['heading']} {v['moved']} of {v['die']} squares, {v['start']} -> {v['end']}",
    "move/river": lambda v: (f"{v['who']} goes {v['way']} on the {v['river']}: {v['die']} "
                             f"{'+1' if v['way'] == 'downstream' else '-1'} = {amount(v['squares'], 'square')}, "
                             f"{v['moved']} moved, {v['start']} -> {v['end']}"),
    "move/ashore": lambda v: (f"{v['who']} goes ashore from the ship at {v['at']}, leaving it moored with its "
                              f"{amount(v['cannons'], 'cannon')} and {amount(v['barrels'], 'barrel')}"),
    "move/guard": lambda v: f"{v['who']} leaves a guard of {amount(v['guard'], 'soldier')} aboard",
    "move/walk": lambda v: (f"{v['who']} walks {amount(len(v['path']), 'square')} of {v['die']}: "
                            f"{' -> '.join([v['start'], *v['path']])}"),
    "move/edge": lambda v: f"{v['who']} stops at {v['at']}: the edge of the board",
    "move/board": lambda v: (f"{v['who']} boards the ship at {v['at']}"
                             + (f"; the guard of {v['guard']} rejoins" if v["guard"] else "")),
    "move/open": lambda v: f"{v['who']} reaches {v['city']} and opens the Eldorado card",
    "reveal/outfit": lambda v: f"{v['who']} outfits at {v['port']}, {v['leader']}'s departure point",
    "reveal/port": lambda v: f"{v['who']} takes on crew and stores in {v['port']} by the rules of the start of the game",
    "combat/due": lambda v: f"{v['who']} ends the move on {v['opponent']}'s square {v['at']}: a combat is due",
    "fight/takeover": lambda v: f"{v['who']} boards {v['from']}'s ship at {v['at']}: its guard of {v['guard']} fights",
    "move/takeover": lambda v: f"{v['who']} boards {v['from']}'s ship at {v['at']}: no crew aboard, no fight",
    "nothing/takeover": lambda v: f"{v['who']} does not take {v['from']}'s ship",
    "fight/points": lambda v: (f"{v['who']} {'(guard) ' if v['crew'] == 'guard' else ''}totals {v['die']} + "
                               f"{_strength(v)} = {v['total']}"),
    "combat/tie": lambda v: (f"{side(v['sides'][0])} and {side(v['sides'][1])} tie on {v['total']}: "
                             "it costs nobody anything"),
    "loss/luck": lambda v: (f"{v['who']} rolled an even {v['die']}: Indian luck kills {v['amount']} of "
                            f"{side(v['of'])}'s soldiers (rolled {v['luck']})"),
    "combat/difference": lambda v: (f"{side(v['winner'])} wins {v['winner']['total']} to {v['loser']['total']}: "
                                    f"{side(v['loser'])} pays {amount(v['points'], 'point')}"),
    "kill/short": lambda v: (f"{v['who']}'s guard cannot pay the last {amount(v['short'], 'point')}: every man of it "
                             "has fallen" if v["crew"] == "guard" else
                             f"{v['who']} cannot pay the last {amount(v['short'], 'point')}: {_leaves(v['who'])}"),
    "fight/indians": lambda v: f"{v['who']} fights the Indians of {v['city']}: loses {amount(v['die'], 'point')}",
    "kill/indians": lambda v: (f"{v['who']} has no soldier for the last {amount(v['short'], 'point')}: the Indians "
                               f"kill the leader; {_leaves(v['who'])}"),
    "combat/indians": lambda v: (f"{v['who']} beats the Indians of {v['city']}: strength {_strength(v)} = "
                                 f"{v['strength']}, + {v['die']} = {v['strength'] + v['die']}: "
                                 f"{amount(v['piles'], 'treasure pile')}, {v['treasure']} now"),
    "loss/abandon": lambda v: (f"{v['who']} abandons the old ship at {v['at']} with its guard of {v['guard']}, "
                               f"{amount(v['cannons'], 'cannon')} and {amount(v['barrels'], 'barrel')}"),
    "loss/takeover": lambda v: f"{v['who']}'s surviving guard of {v['guard']} is put ashore and leaves the game",
    "steal/takeover": lambda v: (f"{v['who']} takes {v['from']}'s ship at {v['at']} with "
                                 f"{amount(v['cannons'], 'cannon')} and {amount(v['barrels'], 'barrel')} aboard"),
    "win/home": lambda v: (f"{v['who']} moors at {v['port']} with their Eldorado opened, "
                           f"{amount(v['soldiers'], 'soldier')} and {amount(v['treasure'], 'treasure pile')}: "
                           f"{v['who']} wins"),
    "score/rank": lambda v: f"{v['who']} ranks {v['rank']} with {amount(v['treasure'], 'treasure pile')}",
})
