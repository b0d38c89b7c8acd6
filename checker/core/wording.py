"""Small pieces of English every engine's log shares, so no step reads "1 barrels" or "Bob 's guard", and
the words of the common steps (damage, blocks, gains, losses, payments, refusals) and of each game's own
(feeding a crew, a market card's price), rendered from their values once: an engine passes numbers and names."""
from __future__ import annotations

from typing import Callable


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 barrel`, `2 barrels`, `0 barrels`; `many` for a plural that is not noun + s."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def subject(name: str, predicate: str) -> str:
    """A step's sentence: `Ann` + `wins` is "Ann wins", `Bob` + `'s guard falls` is "Bob's guard falls"."""
    return f"{name}{predicate}" if predicate.startswith("'s ") else f"{name} {predicate}"


# Nouns counted without a plural: "2 infamy", "3 gold", never "2 infamys".
MASS = ("infamy", "gold", "unbanked gold", "ammo", "health", "power", "damage", "attack damage")


def amount(n: int, noun: str) -> str:
    """`1 barrel`, `2 barrels`, `2 infamy`: a count of `noun`, plural unless it is a mass noun."""
    return f"{n} {noun}" if noun in MASS else plural(n, noun)


def _detail(values: dict) -> str:
    """The words after the amount, then the track `(before -> after)`, merged into a closing bracket."""
    detail = values.get("detail", "")
    if "before" not in values:
        return detail
    track = f"{values['before']} -> {values['after']}"
    return f"{detail[:-1]}; {track})" if detail.endswith(")") else f"{detail} ({track})"


def _change(verb: str) -> Callable[[dict], str]:
    return lambda v: f"{v['who']} {v.get('verb', verb)} {amount(v['amount'], v['what'])}{_detail(v)}"


def _blocked(v: dict) -> str:
    by = v["by"]
    return f"{v['target']} takes no damage: {by} {'block' if ' and ' in by else 'blocks'} the attack's {v['amount']} damage"


def _verb(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def costs(paid: dict) -> str:
    """`{"gold": 1, "power": 2}` -> "1 gold and 2 power"."""
    return " and ".join(amount(n, what) for what, n in paid.items())


def side(v: dict) -> str:
    """One side of an Eldorado combat, `{"who": "Bob", "crew": "guard"}`: "the guard of Bob's ship", or "Bob"."""
    return f"the guard of {v['who']}'s ship" if v["crew"] == "guard" else v["who"]


def _strength(v: dict) -> str:
    """An Eldorado party's strength: "5 soldiers + 2 x 1 musket + 3 x 0 cannons" (no cannons ashore)."""
    guns = f" + 3 x {amount(v['cannons'], 'cannon')}" if "cannons" in v else ""
    return f"{amount(v['soldiers'], 'soldier')} + 2 x {amount(v['muskets'], 'musket')}{guns}"


def _leaves(who: str) -> str:
    return f"all of {who}'s people have died and {who} leaves the game"


# A step's words from its values (checker.core.log.Log.add renders a step given no text): one sentence per
# kind, and `kind/cause` for the sentence of a step whose `cause` value names what brought it about (hunger,
# monsters, a market card); docs/json-log.md lists the values each carries.
WORDS: dict[str, Callable[[dict], str]] = {
    "damage": lambda v: (f"{v['target']} takes {amount(v['amount'], v.get('what', 'damage'))}{v.get('detail', '')}: "
                         f"health {v['before']} -> {v['after']}"),
    "block": _blocked,
    "gain": _change("gains"),
    "loss": _change("loses"),
    "pay": _change("pays"),
    "nothing": lambda v: f"{v['who']} has {amount(v['has'], v['what'])}, needs {v['needs']}: {v['outcome']}",
    # Eldorado: the crew eats at sea (E3), goes hungry (ELD-3), meets the sea monsters (ELD-4)
    "loss/food": lambda v: (f"{v['who']} feeds {v['people']} aboard: {amount(v['need'], 'barrel')} for this move, "
                            f"{v['amount']} eaten, {v['after']} left"),
    "loss/hunger": lambda v: (f"{v['who']} is {amount(v['short'], 'barrel')} short: {amount(v['amount'], 'soldier')} "
                              f"{_verb(v['amount'], 'dies', 'die')} of hunger"),
    "loss/monsters": lambda v: (f"{v['who']} is attacked by the monsters of {v['waters']}: loses "
                                f"{amount(v['soldiers'], 'soldier')} and {amount(v['barrels'], 'barrel')}"),
    "move/monsters": lambda v: f"{v['who']} finds the monsters of {v['waters']} asleep",
    # Eldorado: moves (E4, E5, ELD-6), combats (E2, ELD-12 to ELD-14), the end (E6)
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
    # El Dorado Canyon: a card bought from town (H8), Go to Town's new row (EDC-14)
    "buy": lambda v: (f"{v['who']} buys {v['name']} for {amount(v['amount'], 'gold')} (unbanked {v['unbanked']}, "
                      f"banked {v['banked']}) into the hand; the row: {', '.join(v['row']) or 'empty'}"),
    "pay/refresh": lambda v: (f"{v['who']} pays {amount(v['amount'], 'gold')} (unbanked {v['unbanked']}, banked "
                              f"{v['banked']}); {', '.join(v['returned']) or 'nothing'} "
                              f"{_verb(len(v['returned']), 'goes', 'go')} under the town deck; the new row: "
                              f"{', '.join(v['row']) or 'empty'}"),
    # Gold and Steel: a market card's gold (G3), the Eternal Throne's power (G7), a "you may pay" ability (G6)
    "pay/market": lambda v: (f"{v['who']} pays {amount(v['amount'], 'gold')} to the token pool and plays {v['name']} "
                             f"from their market (gold {v['before']} -> {v['after']}); no warp token is spent"),
    "pay/throne": lambda v: (f"{v['who']} pays {amount(v['amount'], 'power')} to use the Eternal Throne "
                             f"(power {v['before']} -> {v['after']}): {v['ability']}"),
    "pay/ability": lambda v: (f"{v['who']} pays {costs(v['paid'])}, once "
                              f"({', '.join(f'{what} {n}' for what, n in v['left'].items())} left)"),
    "nothing/ability": lambda v: f"{v['who']} does not pay {costs(v['cost'])} (action.pay is false): nothing more",
}


def words(kind: str, values: dict) -> str:
    """The sentence of a step given only its values: its `kind/cause` in WORDS, else its kind's."""
    return (WORDS.get(f"{kind}/{values.get('cause')}") or WORDS[kind])(values)
