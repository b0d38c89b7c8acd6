"""Combat Rules: players on one square (E2), Indian luck, prisoners; the Indians; taking a ship.

A side is who fights: a player's party (its soldiers and muskets, plus the ship's
cannons when the party is aboard it there, ELD-7) or a ship's guard (its soldiers
and the ship's cannons). The loser pays the difference (ELD-9), at sea also in
barrels, in an Eldorado also in treasure (ELD-8), which go to the winner.
"""
from __future__ import annotations

from checker.core.errors import StateError
from checker.core.wording import amount, plural, side

from . import cite
from .play import Play
from .state import Player, Table

VALUES = {"soldiers": 1, "barrels": 2, "treasure": 1, "muskets": 2, "cannons": 3}
DEFAULT_ORDER = ("soldiers", "barrels", "treasure", "muskets", "cannons")  # E2 (treasure in an Eldorado, ELD-8)
NAMES = {"soldiers": "soldier", "barrels": "barrel", "treasure": "treasure pile", "muskets": "musket",
         "cannons": "cannon"}  # the verdict's words: "1 musket", "2 muskets", "2 treasure piles"


class Side:
    """One side of a combat: a party (`crew` = "soldiers") or a ship's guard (`crew` = "guard")."""

    def __init__(self, player: Player, crew: str, muskets: bool, cannons: bool) -> None:
        self.player = player
        self.crew = crew
        self.muskets = muskets
        self.cannons = cannons

    @property
    def label(self) -> str:
        return side(self.who)

    @property
    def who(self) -> dict:
        """The side as a step's values name it (checker.core.wording.side)."""
        return {"who": self.player.name, "crew": self.crew}

    @property
    def soldiers(self) -> int:
        return getattr(self.player, self.crew)

    @soldiers.setter
    def soldiers(self, value: int) -> None:
        setattr(self.player, self.crew, value)

    def points(self) -> tuple[int, dict]:
        """The side's points, and what makes them up (a step's values)."""
        muskets = self.player.muskets if self.muskets else 0
        cannons = self.player.cannons if self.cannons else 0
        return self.soldiers + 2 * muskets + 3 * cannons, {"soldiers": self.soldiers, "muskets": muskets, "cannons": cannons}


def party(p: Player) -> Side:
    return Side(p, "soldiers", muskets=True, cannons=p.aboard)


def combat(play: Play, p: Player, fields: dict) -> None:
    """Two players on the same square fight (Combat Rules, E2)."""
    o = fields["opponent"]
    check_combat(p, o)
    play.say(p, cite.SAME_SQUARE, "fight", who=p.name, cause="meet", opponent=o.name, at=p.at)
    fight(play, party(p), party(o), p.at, fields.get("pay"))


def check_combat(p: Player, o: Player) -> None:
    """Whether `p` may fight `o` now (both on one square); a StateError if not."""
    if not meet(p, o):
        raise StateError(f"{p.name} is at '{p.at}', {o.name} at '{o.at}': a combat needs both on the same square "
                         "(Combat Rules)", player=p.name, field="action.opponent")


def meet(p: Player, o: Player) -> bool:
    """Whether the two parties stand on one square, where a combat may start (Combat Rules): what a listing asks
    of every opponent, without raising."""
    return p.at == o.at


def fight(play: Play, a: Side, b: Side, where: str, pay) -> Side | None:
    """Roll, add points, Indian luck, the loser pays the difference; the winner (None on a tie)."""
    chart = play.chart
    at_sea = chart.is_sea(where)
    in_eldorado = (chart.city(where) or chart.guarded_city(where)) is not None
    totals = []
    dice = []
    for side in (a, b):
        die = play.roll(side.player, "combat die" if side.crew == "soldiers" else "guard's combat die")
        points, parts = side.points()
        totals.append(die + points)
        dice.append(die)
        play.say(side.player, cite.POINTS, "fight", who=side.player.name, cause="points", crew=side.crew, die=die,
                 **parts, total=die + points)
    if totals[0] == totals[1]:
        play.say(None, cite.TIE, "combat", cause="tie", sides=[a.who, b.who], total=totals[0])
        play.note(None, f"combat {a.label} - {b.label}: a tie, no losses")
        return None
    for side, other, die in ((a, b, dice[0]), (b, a, dice[1])):
        if die % 2 == 0:
            luck = play.roll(side.player, "Indian luck")
            dead = min(luck, other.soldiers)
            other.soldiers -= dead
            play.say(side.player, cite.LUCK, "loss", who=side.player.name, cause="luck", die=die, luck=luck,
                     amount=dead, what="soldier", of=other.who)
    win, lose = (a, b) if totals[0] > totals[1] else (b, a)
    win_die = dice[0] if win is a else dice[1]
    difference = abs(totals[0] - totals[1])
    play.say(None, cite.DIFFERENCE, "combat", cause="difference", winner={**win.who, "total": max(totals)},
             loser={**lose.who, "total": min(totals)}, points=difference)
    order = _order(pay, lose.player.name)
    party_pays = lose.crew == "soldiers"  # a guard pays in soldiers: its ship and cannons are the prize (ELD-14)
    payable = {"soldiers": True, "barrels": at_sea, "treasure": in_eldorado and party_pays,
               "muskets": lose.muskets, "cannons": lose.cannons and party_pays}
    paid, short = _pay(play, win, lose, difference, order, payable, win_die if win_die in (1, 2) else None)
    play.note(None, f"combat {a.label} - {b.label}: {win.label} wins, {lose.label} pays {paid or 'nothing'}")
    if short > 0:
        _wiped_out(play, lose, short)
    return win


def _order(pay, loser: str) -> list[str]:
    """The loser's order (E2: "The state says how the loser pays"), then the default for the rest."""
    given = pay.get(loser, []) if isinstance(pay, dict) else list(pay or [])
    return given + [item for item in DEFAULT_ORDER if item not in given]


def _pay(play: Play, win: Side, lose: Side, points: int, order: list[str], payable: dict[str, bool],
         prisoner: int | None) -> tuple[str, int]:
    """Whole items in order, never overpaying while a smaller payment fits; the last may overpay (ELD-9).

    Returns what was paid, in words, and the points left unpaid (ELD-12 when above 0)."""
    order = [item for item in order if payable[item]]
    have = {item: (lose.soldiers if item == "soldiers" else getattr(lose.player, item)) for item in order}
    taken = {item: 0 for item in order}
    left = points
    captive = bool(prisoner and lose.soldiers)
    if captive:
        taken["soldiers"], left = 1, left - 1
        play.say(win.player, cite.PRISONER, "steal", who=win.player.name, cause="prisoner", die=prisoner, of=lose.who)
    for item in order:
        while left >= VALUES[item] and taken[item] < have[item]:
            taken[item] += 1
            left -= VALUES[item]
    for item in order:
        if left > 0 and taken[item] < have[item]:
            taken[item] += 1
            left -= VALUES[item]
    _transfer(play, win, lose, taken, captive)
    shown = ", ".join(plural(n, NAMES[item]) for item, n in taken.items() if n)
    return shown, left


def _transfer(play: Play, win: Side, lose: Side, taken: dict[str, int], captive: bool) -> None:
    for item, n in taken.items():
        if not n:
            continue
        if item == "soldiers":
            lose.soldiers -= n
            win.soldiers += int(captive)
            if n - captive:
                play.say(lose.player, cite.DIFFERENCE, "loss", who=lose.player.name, cause="combat",
                         amount=n - int(captive), what="soldier", crew=lose.crew, captive=captive,
                         before=lose.soldiers + n, after=lose.soldiers)
        else:
            setattr(lose.player, item, getattr(lose.player, item) - n)
            keeps = item != "cannons" or win.player.ship is not None
            if keeps:
                setattr(win.player, item, getattr(win.player, item) + n)
            rule = {"barrels": cite.BARRELS, "treasure": cite.TREASURE}.get(item, cite.WEAPONS)
            to = {"to": win.player.name} if keeps else {}  # else overboard: the winner has no ship for them
            play.say(lose.player, rule, "pay", who=lose.player.name, cause="combat", amount=n, what=NAMES[item],
                     points=VALUES[item], **to)


def _wiped_out(play: Play, lose: Side, short: int) -> None:
    """ELD-12: a side that cannot pay has lost all its people."""
    p = lose.player
    if lose.crew == "guard":
        p.guard = 0
        play.say(p, cite.GUARD_FALLS, "kill", who=p.name, cause="short", crew="guard", short=short)
        return
    play.say(p, cite.LEAVES, "kill", who=p.name, cause="short", crew="soldiers", short=short)
    leave_game(p)
    play.note(p, "leaves the game")


def leave_game(p: Player) -> None:
    p.out = True
    p.ship = None
    for key in ("soldiers", "muskets", "cannons", "barrels", "treasure", "guard"):
        setattr(p, key, 0)


# ---- the Indians ----------------------------------------------------------------------------------

def indians(play: Play, p: Player, fields: dict) -> None:
    """The Indians fight to the death: the die in soldiers, then treasure by the strength left (ELD-13)."""
    city = indians_at(play.table, p)
    die = play.roll(p, f"fight with the Indians of {city.name}")
    dead = min(die, p.soldiers)
    p.soldiers -= dead
    play.say(p, cite.INDIANS, "fight", who=p.name, cause="indians", city=city.name, die=die)
    play.say(p, cite.INDIANS_KILL, "loss", who=p.name, amount=dead, what="soldier", before=p.soldiers + dead,
             after=p.soldiers)
    if die > dead:  # the Indians won: they stand, with their gold, for the next party (ELD-13)
        play.say(p, cite.LEAVES, "kill", who=p.name, cause="indians", short=die - dead)
        leave_game(p)
        play.note(p, f"falls to the Indians of {city.name} and leaves the game")
        return
    play.table.beaten.append(city.id)  # "After the victory over the Indians": beaten for good
    gold_die = play.roll(p, f"gold of {city.name}")
    cannons = p.cannons if p.aboard else 0  # a party aboard its ship moored at a coastal city has its guns (ELD-7)
    strength = p.soldiers + 2 * p.muskets + 3 * cannons
    guns = {"cannons": cannons} if p.aboard else {}
    piles = (strength + gold_die) // play.table.world.points_per_treasure
    p.treasure += piles
    play.say(p, cite.GOLD, "combat", who=p.name, cause="indians", city=city.name, soldiers=p.soldiers,
             muskets=p.muskets, **guns, strength=strength, die=gold_die, piles=piles, treasure=p.treasure)
    play.note(p, f"beats the Indians of {city.name}: {amount(dead, 'soldier')} lost, {amount(piles, 'treasure pile')}")


def indians_at(table: Table, p: Player):
    """The city whose unbeaten Indians the party can fight where it stands; a StateError if none."""
    chart = table.chart
    city = chart.city(p.at) or chart.guarded_city(p.at)
    if city is None:
        raise StateError(f"'{p.at}' is neither a city nor beside one with its Indians: no Indians to fight there",
                         player=p.name, field="at")
    if city.id in table.beaten:
        raise StateError(f"the Indians of {city.name} are already beaten and their gold taken (beaten)",
                         player=p.name, field="action.kind")
    return city


# ---- taking a ship --------------------------------------------------------------------------------

def takeover(play: Play, p: Player, fields: dict) -> None:
    """ELD-14: after opening their Eldorado a party may take a ship at the shore, fighting its guard."""
    o = fields["opponent"]
    check_takeover(p, o)
    ship = o.ship
    if o.guard:
        play.say(p, cite.TAKEOVER, "fight", who=p.name, cause="takeover", at=ship, guard=o.guard, **{"from": o.name})
        boarders = party(p)
        if fight(play, boarders, Side(o, "guard", muskets=False, cannons=True), ship, fields.get("pay")) is not boarders:
            play.say(p, cite.TAKEOVER, "nothing", who=p.name, cause="takeover", **{"from": o.name})
            return
    else:
        play.say(p, cite.TAKEOVER, "move", who=p.name, cause="takeover", at=ship, **{"from": o.name})
    _take(play, p, o, ship)


def check_takeover(p: Player, o: Player) -> None:
    """Whether `p`'s party may board `o`'s ship now (ELD-14); a StateError if not."""
    if o.ship is None or p.at != o.ship:
        where = f"'{o.ship}'" if o.ship else "nowhere (no ship)"
        raise StateError(f"the party is at '{p.at}', {o.name}'s ship {where}: the party must stand on the ship's "
                         "square", player=p.name, field="action.opponent")
    if o.aboard:
        raise StateError(f"{o.name}'s party is aboard: that is a combat between players (kind = \"combat\")",
                         player=p.name, field="action.kind")
    if not p.opened:
        raise StateError("takes another ship only after opening their Eldorado (Movement Rules: \"After a player "
                         "has opened their Eldorado, they do not have to return to their own ship\")",
                         player=p.name, field="opened")
    if p.aboard:
        raise StateError("the party is aboard its own ship: it boards another on foot", player=p.name, field="at")


def _take(play: Play, p: Player, o: Player, ship: str) -> None:
    """The ship changes hands with what is aboard; the taker's old ship is abandoned (ELD-14)."""
    if p.ship is not None:
        play.say(p, cite.TAKE_SHIP, "loss", who=p.name, cause="abandon", at=p.ship, guard=p.guard,
                 cannons=p.cannons, barrels=p.barrels)
    if o.guard:
        play.say(o, cite.TAKE_SHIP, "loss", who=o.name, cause="takeover", guard=o.guard)
    p.ship = p.at = ship
    p.cannons, p.barrels, p.guard = o.cannons, o.barrels, 0
    o.ship, o.cannons, o.barrels, o.guard = None, 0, 0, 0
    play.say(p, cite.TAKEOVER, "steal", who=p.name, cause="takeover", at=ship, cannons=p.cannons,
             barrels=p.barrels, **{"from": o.name})
    play.note(p, f"takes {o.name}'s ship at {ship}")
