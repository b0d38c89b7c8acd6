"""El Dorado Canyon's own step sentences, rendered from their values (checker.core.wording.family): the
reveal and the order of play (H1), targets and kills (H2, H4, H6), effects (Starting Cards, Symbols and
Terms), the town (H8), GONE (H7), the turn's end and the scores (H10). The engine passes names and numbers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from checker.core.wording import WORDS as COMMON
from checker.core.wording import amount, family, reworded, verb

if TYPE_CHECKING:
    from checker.core.wording import Words


def _reveal(v: dict) -> str:
    option = f" option {v['option']}" if "option" in v else ""
    aimed = f" [aimed {v['aimed']}]" if "aimed" in v else ""
    refresh = " [replacing the row]" if v.get("refresh") else ""
    buying = f" [buying {v['buy']}]" if "buy" in v else ""
    return f"{v['who']} reveals {v['name']} ({v['level']}){option}: {v['wording']}{aimed}{refresh}{buying}"


def _resolves(v: dict) -> str:
    passed = f" (passed from {v['passed']})" if "passed" in v else ""
    return f"{v['who']} resolves {v['name']}{passed}"


def _first(v: dict) -> str:
    """Why the turn's first card goes first: its priority alone, or the same priority and the seat (H1)."""
    if "like" not in v:
        return f"{_resolves(v)} first: priority {v['level']} comes before every other card revealed"
    marker = v["marker"]
    seat = "is the first player" if v["who"] == marker else f"sits first clockwise from the first player, {marker}"
    return f"{_resolves(v)} first: priority {v['level']} like {v['like']}'s card, and {v['who']} {seat}"


def _damage(v: dict) -> str:
    """An attack's damage, less what blocked it, plus the attacker's extra (H4, H5): shown when not plain."""
    extra, blocked = v["extra"], v["blocked"]
    if not extra and not blocked:
        return ""
    return f" ({v['attack']}{f' + {extra}' if extra else ''}{f' - {blocked} blocked' if blocked else ''})"


def ending(v: dict) -> str:
    """Why the game ends (H10): who reached the infamy, a character that could not be drawn; the verdict says it too."""
    reasons = [f"{r['who']} has {r['infamy']} infamy" for r in v["reached"]]
    return "; ".join(reasons + (["a character could not be drawn"] if v["no_draw"] else []))


def _tie(v: dict) -> str:
    winners = v["winners"]
    shared = (f"still tied on health {v['health']}: {' and '.join(winners)} share the win" if len(winners) > 1
              else f"the winner is {winners[0]}")
    return f"tie on {v['score']}: current health decides; {shared}"


# what a card or attack short of gold or ammo comes to, by the effect that asked (the `nothing/short` step)
_SHORT = {
    "pay_gold": lambda v: "the rest of the card does nothing",
    "attack": lambda v: "the attack does nothing",
    "refresh_row": lambda v: "the town row is not replaced",
    "buy": lambda v: f"cannot buy {v['name']}",
}
# a passed card's choice (Round the Rosie), by the effect that would have used it
_PASSED = {"refresh_row": "the town row is not replaced", "buy": "buys nothing"}

WORDS: Words = family({
    # the reveal and the order of play (H1, FAQ, EDC-13)
    "reveal": _reveal,
    "reveal/no_card": lambda v: f"{v['who']} is GONE this turn and plays no card" if v["gone"] else
    f"{v['who']} plays no card",
    "order": _resolves,
    "first": _first,
    "order/again": lambda v: ("an attack later this turn changes an earlier \"if you are attacked\": "
                              "the cards resolve again, knowing every attack of the turn"),
    "nothing/dead": lambda v: f"{v['name']} does nothing: the character died before it resolved",
    "nothing/gone": lambda v: f"{v['name']} does nothing: {v['who']} is GONE",
    "ability": lambda v: f"{v['who']}'s {v['character']}, ability: {v['ability']}",
    "nothing/rosie": lambda v: f"{v['who']} finds no card to pass",
    "card/pass": lambda v: (f"{v['name']} of {v['owner']} passes to {v['to']}" if v["to"] != v["owner"] else
                            f"{v['name']} passes back to its owner, {v['owner']}: {v['owner']}'s own play again"),
    # attacks (H2, H4, H5, H6)
    "nothing/reach": lambda v: f"{v['who']} has no one to attack: the character is out of reach",
    "target": lambda v: f"{v['who']} attacks {v['target']}",
    "target/both": lambda v: f"{v['who']} finds {v['target']} both left and right: attacked once",
    "target/self": lambda v: f"{v['who']} has no one else to target: shoots themself, no infamy",
    "loss/cover": reworded("loss", lambda v: f" for attacking {v['attacked']}, who took cover", "discards"),
    "damage/strike": reworded("damage", _damage),
    "kill": lambda v: (f"{v['who']}'s {v['character']} is killed: to the graveyard ({v['graveyard']}), "
                       f"{v['who']} is GONE now and next turn"),
    "card/spent": lambda v: f"{', '.join(v['names'])} back to {v['who']}'s hand",
    "nothing/self": lambda v: f"{v['who']} killed themself: no infamy for the kill and no gold moves",
    "gain/kill": reworded("gain", lambda v: " for the kill"),
    "gain/alignment": reworded("gain", lambda v: f": {v['alignment']} killed {v['killed']}"),
    "steal/kill": lambda v: f"{v['who']} takes {v['target']}'s {v['amount']} unbanked gold (banked gold stays)",
    # the effects (Starting Cards, Symbols and Terms)
    "nothing/steal": lambda v: f"{v['who']} has no one else to steal from: nothing moves",
    "nothing/own_card": lambda v: (f"{v['who']} has no one else to target, and only an opponent's card makes a player "
                                   "discard infamy: nothing is discarded"),
    "steal": lambda v: (f"{v['who']} steals {v['amount']} unbanked gold from {v['target']}"
                        + (f", all {v['target']} had of the {v['takes']} the card takes" if v["amount"] < v["takes"]
                           else "")
                        + f" (unbanked {v['before']} -> {v['after']}; banked gold is safe)"),
    "loss/discard": reworded("loss", verb="discards"),
    "cover/block": lambda v: (f"{v['who']} takes cover: {v['amount']} damage of each attack on {v['who']} is blocked "
                              "for the rest of the turn"),
    "cover/discard": lambda v: f"each attacker of {v['who']} discards {v['amount']} infamy for the rest of the turn",
    "nothing/short": lambda v: COMMON["nothing"]({**v, "outcome": _SHORT[v["effect"]](v)}),
    "pay/card": reworded("pay", lambda v: f" (unbanked {v['unbanked']}, banked {v['banked']})"),
    "gain/attacked": reworded("gain", lambda v: f" (attacked by {', '.join(v['attackers'])}: {v['if_attacked']} "
                                                f"instead of {v['if_not']})" if v["attackers"] else " (not attacked)"),
    "gain/track": reworded("gain", lambda v: f" (of {v['of']}: the track stops at {v['top']})"
                                             if v["amount"] < v["of"] else ""),
    "gain/per_attacker": lambda v: (f"{v['who']} was attacked by {v['attackers']} player(s): gains "
                                    + " and ".join(f"{n * v['attackers']} {what}" for what, n in v["per"].items()
                                                   if n)),
    "set": lambda v: (f"{v['who']} sets health {v['health']['before']} -> {v['health']['after']}, "
                      f"ammo {v['ammo']['before']} -> {v['ammo']['after']}"),
    "bank": lambda v: f"{v['who']} banks {v['amount']} gold (banked {v['before']} -> {v['after']})",
    # the town (H8, EDC-14, EDC-15)
    "buy": lambda v: (f"{v['who']} buys {v['name']} for {amount(v['amount'], 'gold')} (unbanked {v['unbanked']}, "
                      f"banked {v['banked']}) into the hand; the row: {', '.join(v['row']) or 'empty'}"),
    "buy/none": lambda v: f"{v['who']} buys nothing",
    "nothing/row": lambda v: (f"{v['who']} cannot buy {v['name']}: it is not face up in town "
                              f"(the row: {', '.join(v['row']) or 'empty'})"),
    "nothing/passed": lambda v: f"{v['who']} makes no choice on a passed card: {_PASSED[v['effect']]}",
    "pay/refresh": lambda v: (f"{v['who']} pays {amount(v['amount'], 'gold')} (unbanked {v['unbanked']}, banked "
                              f"{v['banked']}); {', '.join(v['returned']) or 'nothing'} "
                              f"{verb(len(v['returned']), 'goes', 'go')} under the town deck; the new row: "
                              f"{', '.join(v['row']) or 'empty'}"),
    # GONE and new characters (H7, EDC-10, EDC-17)
    "gone/card": lambda v: f"{v['who']} is GONE now, and next turn",
    "gone/next": lambda v: f"{v['who']} is GONE next turn",
    "gone/empty": lambda v: (f"{v['who']} needs a character and the character deck is empty: the game ends after "
                             "this turn"),
    "gone/back": lambda v: f"{v['who']} is back in the game next turn",
    "gone/draw": lambda v: (f"{v['who']} draws {v['character']} ({v['alignment']}) with {v['health']} health and "
                            f"{v['ammo']} ammo"),
    "nothing/immediate": lambda v: (f"{v['who']}'s {v['character']}: the immediate ability would end the game, "
                                    "so it is ignored"),
    # the turn's end, the game's end and the scores (Symbols and Terms, H10)
    "card/back": lambda v: f"{v['name']} goes back to {v['owner']}'s hand",
    "card/town": lambda v: f"{v['name']} is discarded face down under the town deck",
    "card/under": lambda v: f"{v['name']} goes under {v['character']}",
    "card/give": lambda v: f"{v['name']} is given to {v['to']}, who was attacked",
    "turn": lambda v: f"the first player marker passes to {v['first']}",
    "win": lambda v: f"the game ends after this turn: {ending(v)}",
    "score": lambda v: (f"{v['who']} scores min(infamy {v['infamy']}, banked {v['banked']}) - graveyard "
                        f"{v['graveyard']} = {v['score']}"),
    "score/tie": _tie,
})
