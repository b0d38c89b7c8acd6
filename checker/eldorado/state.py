"""The state file (design/eldorado.md, `checker resolve` for Eldorado): read, check, write.

Every problem is a StateError naming the player and the field, in the table's
words. Where things are (ELD-7): `at` is the leader's party, `ship` the ship;
cannons and barrels are aboard the ship, muskets and treasure go with the party,
`guard` counts the soldiers left aboard while the party is ashore.
"""
from __future__ import annotations

from typing import Any

from checker.core.errors import StateError
from checker.core.fields import (flag, one_of_players, only_fields, pick, player_names, player_rows, toml_repr,
                                 whole_number)

from .state_schema import ACTION_KEYS, ITEMS, KINDS, STATE_SCHEMA
from .world import World

TOP_KEYS = STATE_SCHEMA.keys("")
PLAYER_KEYS = STATE_SCHEMA.keys("players")
COUNTS = ("soldiers", "muskets", "cannons", "barrels", "treasure", "guard")
HEADINGS = {"north": "N", "south": "S", "east": "E", "west": "W", "n": "N", "s": "S", "e": "E", "w": "W"}
RIVERWARD = ("upstream", "downstream")
NO_SHIP = "none"
MAX_COUNT = 999
MAX_ROUNDS = 10


class Player:
    """One player: the leader's party, the ship, what they carry (ELD-7), Eldorado and standing."""

    __slots__ = ("name", "leader", "at", "ship", "soldiers", "muskets", "cannons", "barrels", "treasure", "guard",
                 "opened", "eldorado", "out")

    def __init__(self, name: str, at: str, ship: str | None, leader: str | None = None, soldiers: int = 0,
                 muskets: int = 0, cannons: int = 0, barrels: int = 0, treasure: int = 0, guard: int = 0,
                 opened: bool = False, eldorado: str | None = None, out: bool = False):
        self.name, self.leader, self.at, self.ship = name, leader, at, ship
        self.soldiers, self.muskets, self.cannons, self.barrels = soldiers, muskets, cannons, barrels
        self.treasure, self.guard, self.opened, self.eldorado, self.out = treasure, guard, opened, eldorado, out

    @property
    def aboard(self) -> bool:
        """The leader's party is on its ship."""
        return self.ship is not None and self.at == self.ship

    @property
    def people_aboard(self) -> int:
        """Everyone on the ship, the leader included (E3)."""
        return (1 + self.soldiers if self.aboard else 0) + self.guard

    def snapshot(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in self.__slots__ if key != "name"}


class Action:
    """The one action to settle: its kind, its player and the fields its kind takes."""

    def __init__(self, kind: str, player: Player, fields: dict[str, Any]):
        self.kind, self.player, self.fields = kind, player, fields

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


class Table:
    """Everything in the state file, checked: world, players, dice, beaten cities, the action."""

    def __init__(self, world: World, players: list[Player], dice: list[int], beaten: list[str],
                 action: Action | None = None):
        self.world, self.chart, self.players = world, world.chart, players
        self.dice, self.beaten, self.action = dice, beaten, action
        self.by_name = {p.name: p for p in players}


def read_table(state: dict[str, Any], world: World) -> Table:
    """The checked table with its action, or a StateError naming player and field."""
    table = read_board(state, world)
    table.action = _action(state.get("action"), table.by_name)
    return table


def read_board(state: dict[str, Any], world: World) -> Table:
    """The checked table without its action (what `legal_actions` reads), or a StateError naming player and field."""
    only_fields(state, TOP_KEYS, None, "")
    rows = player_rows(state, world.players, world.name)
    names = player_names(rows)
    if "winner" in state:  # a winner who is not at the table is a typo, not a finished game
        winner = one_of_players(state["winner"], names, "winner")
        raise StateError(f"the game is over: {winner} came home the winner (E6); nothing more to settle",
                         field="winner")
    players = [_player(row, world) for row in rows]
    _distinct_leaders(players)
    dice = _dice(state.get("dice", []))
    beaten = _beaten(state.get("beaten", []), world)
    return Table(world, players, dice, beaten)


def square(world: World, value: Any, player: str | None, field: str) -> str:
    """A coordinate of the map like 'K12' (in any case: 'k12' is K12), or a StateError naming the map's extent."""
    chart = world.chart
    where = value.strip().upper() if isinstance(value, str) else value
    if not isinstance(where, str) or not chart.on_map(where):
        last = chart.squares()[-1]
        raise StateError(f"expected a square of the map like 'K12' (columns A..{last.rstrip('0123456789')}, "
                         f"rows 1..{chart.height}), got {toml_repr(value)}", player=player, field=field)
    return where


def city_id(world: World, value: Any, player: str | None, field: str) -> str:
    """A city of the map by id or by name, in any case ('manoa', 'Manoa'); a StateError listing the ids."""
    cities = world.chart.cities
    text = value.strip().casefold() if isinstance(value, str) else None
    found = next((c.id for c in cities.values() if text in (c.id.casefold(), c.name.casefold())), None)
    if found is None:
        raise StateError(f"expected a city id of the map ({', '.join(cities)}), got {toml_repr(value)}", player=player,
                         field=field)
    return found


def _player(data: dict[str, Any], world: World) -> Player:
    name = data["name"]
    only_fields(data, PLAYER_KEYS, name, "")
    chart = world.chart
    leader = data.get("leader")
    if leader is not None:
        found = world.leader(leader) if isinstance(leader, str) else None
        if found is None:
            known = ", ".join(f"{lead.id} ({lead.name})" for lead in world.leaders.values())
            raise StateError(f"expected a character id or name ({known}), got {toml_repr(leader)}", player=name, field="leader")
        leader = found.id
    if "at" not in data:
        raise StateError("expected the party's square, e.g. at = \"AJ10\"", player=name, field="at")
    at = square(world, data["at"], name, "at")
    ship_value = data.get("ship", at)
    no_ship = isinstance(ship_value, str) and ship_value.strip().lower() == NO_SHIP
    ship = None if no_ship else square(world, ship_value, name, "ship")
    counts = {key: whole_number(data, key, 0, MAX_COUNT, name) for key in COUNTS}
    opened = flag(data, "opened", name, "opened")
    out = flag(data, "out", name, "out")
    eldorado = data.get("eldorado")
    if eldorado is not None:
        eldorado = city_id(world, eldorado, name, "eldorado")
    if ship is not None and not (chart.is_sea(ship) or chart.is_river(ship) or chart.is_coast(ship)):
        raise StateError(f"'{ship}' is {chart.terrain(ship)} inland: a ship is on the sea, on a river or moored "
                         "at a coast (ELD-1)", player=name, field="ship")
    if ship is not None and at != ship and chart.is_sea(ship):
        raise StateError(f"'{ship}' is sea: a ship at sea has its party aboard; one left behind is moored at a coast "
                         "or on a river (ELD-1)", player=name, field="ship")
    if chart.is_sea(at) and at != ship and not out:  # a player out of the game stays where they fell
        raise StateError(f"'{at}' is sea: a party at sea is aboard its ship (ship = \"{at}\")", player=name, field="at")
    if ship is None:
        for key, what in (("cannons", "cannons stay"), ("barrels", "barrels stay"), ("guard", "the guard stays")):
            if counts[key]:
                raise StateError(f"expected 0 without a ship: {what} aboard the ship (ELD-7), got {counts[key]}",
                                 player=name, field=key)
    elif at == ship and counts["guard"]:
        raise StateError(f"expected 0 while the party is aboard (the guard rejoins it), got {counts['guard']}",
                         player=name, field="guard")
    return Player(name, at, ship, leader, counts["soldiers"], counts["muskets"], counts["cannons"], counts["barrels"],
                  counts["treasure"], counts["guard"], opened, eldorado, out)


def _distinct_leaders(players: list[Player]) -> None:
    seen: dict[str, str] = {}
    for p in players:
        if p.leader is not None and p.leader in seen:
            raise StateError(f"{p.leader!r} already leads {seen[p.leader]}'s party", player=p.name, field="leader")
        if p.leader is not None:
            seen[p.leader] = p.name


def _dice(value: Any) -> list[int]:
    if not isinstance(value, list):
        raise StateError(f"expected a list of die rolls in the order the rules roll them, got {toml_repr(value)}", field="dice")
    for i, die in enumerate(value):
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise StateError(f"expected a die from 1 to 6, got {toml_repr(die)}", field=f"dice[{i + 1}]")
    return list(value)


def _beaten(value: Any, world: World) -> list[str]:
    if not isinstance(value, list):
        raise StateError(f"expected a list of city ids, got {toml_repr(value)}", field="beaten")
    beaten: list[str] = []
    for i, city in enumerate(value):
        found = city_id(world, city, None, f"beaten[{i + 1}]")
        if found not in beaten:
            beaten.append(found)
    return beaten


def _action(data: Any, players: dict[str, Player]) -> Action:
    if not isinstance(data, dict):
        raise StateError("expected an [action] table: kind = \"move\" | \"outfit\" | \"resupply\" | \"combat\" | "
                         "\"indians\" | \"takeover\" | \"homecoming\", player = \"...\"", field="action")
    kind = data.get("kind")
    if kind not in KINDS:
        raise StateError(f"expected one of {', '.join(KINDS)}, got {toml_repr(kind)}", field="action.kind")
    who = data.get("player")
    if not isinstance(who, str) or who not in players:
        raise StateError(f"expected one of the players ({', '.join(players)}), got {toml_repr(who)}", field="action.player")
    p = players[who]
    only_fields(data, ("kind", "player") + ACTION_KEYS[kind], p.name, "action.")
    if p.out:
        raise StateError("has left the game (out = true) and takes no more actions", player=p.name, field="action.player")
    fields = {k: v for k, v in data.items() if k not in ("kind", "player")}
    if "opponent" in ACTION_KEYS[kind]:
        fields["opponent"] = _opponent(fields.get("opponent"), p, players)
    if "pay" in fields:
        fields["pay"] = _pay(fields["pay"], p, players)
    if "rounds" in fields:
        rounds = fields["rounds"]
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise StateError(f"expected a whole number from 1 to {MAX_ROUNDS}, got {toml_repr(rounds)}", player=p.name,
                             field="action.rounds")
    if kind in FIELD_CHECKS:
        FIELD_CHECKS[kind](fields, p)
    return Action(kind, p, fields)


def _opponent(value: Any, p: Player, players: dict[str, Player]) -> Player:
    others = [n for n in players if n != p.name]
    if value not in others:
        raise StateError(f"expected another player ({', '.join(others)}), got {toml_repr(value)}", player=p.name,
                         field="action.opponent")
    if players[value].out:
        raise StateError(f"{value} has left the game (out = true)", player=p.name, field="action.opponent")
    return players[value]


def _items(value: Any, player: str, field: str) -> list[str]:
    if not isinstance(value, list):
        raise StateError(f"expected a list like [\"muskets\", \"soldiers\"], got {toml_repr(value)}", player=player, field=field)
    out = []
    for i, item in enumerate(value):
        name = f"{item}s" if isinstance(item, str) and f"{item}s" in ITEMS else item  # "soldier" or "soldiers"
        if name not in ITEMS:
            raise StateError(f"expected one of {', '.join(ITEMS)}, got {toml_repr(item)}", player=player, field=f"{field}[{i + 1}]")
        if name in out:
            raise StateError(f"{name!r} is listed twice", player=player, field=f"{field}[{i + 1}]")
        out.append(name)
    return out


def _pay(value: Any, p: Player, players: dict[str, Player]) -> dict[str, list[str]] | list[str]:
    """One order for whoever loses, or a table of orders by player name (E2: "The state says how the loser pays")."""
    if isinstance(value, dict):
        orders = {}
        for name, order in value.items():
            if name not in players:
                raise StateError(f"expected a player's name ({', '.join(players)}), got {name!r}", player=p.name,
                                 field=f"action.pay.{name}")
            orders[name] = _items(order, name, f"action.pay.{name}")
        return orders
    return _items(value, p.name, "action.pay")


def _move_fields(fields: dict[str, Any], p: Player) -> None:
    has_dir, has_path = "direction" in fields, "path" in fields
    if has_dir == has_path:
        raise StateError("expected either direction = \"north\" | \"south\" | \"east\" | \"west\" (a ship; "
                         "\"upstream\" | \"downstream\" on a river) or path = [\"K12\", ...] (on foot)",
                         player=p.name, field="action.direction" if has_dir else "action.path")
    if has_dir:
        text = fields["direction"]
        if not isinstance(text, str) or (text.lower() not in HEADINGS and text.lower() not in RIVERWARD):
            raise StateError(f"expected north, south, east or west (upstream or downstream on a river), got {toml_repr(text)}",
                             player=p.name, field="action.direction")
        fields["direction"] = text.lower()
        if "guard" in fields:
            raise StateError("a guard is left only when the party goes ashore (with path)", player=p.name,
                             field="action.guard")
    else:
        path = fields["path"]
        if not isinstance(path, list) or not path:
            raise StateError(f"expected the squares walked, in order, e.g. [\"K12\", \"K13\"], got {toml_repr(path)}",
                             player=p.name, field="action.path")
        guard = fields.get("guard", 0)
        if not isinstance(guard, int) or isinstance(guard, bool) or guard < 0:
            raise StateError(f"expected a whole number of soldiers from 0, got {toml_repr(guard)}", player=p.name,
                             field="action.guard")


FIELD_CHECKS = {"move": _move_fields}  # a kind whose fields need more than the shared checks above


# ---- the next state -------------------------------------------------------------------------------

def write_table(table: Table, state: dict[str, Any], winner: str | None) -> dict[str, Any]:
    """The next state in the input's schema, without the action and the dice it used."""
    out: dict[str, Any] = {"game": state["game"]}
    if "map" in state:
        out["map"] = state["map"]
    if table.beaten or "beaten" in state:
        out["beaten"] = list(table.beaten)
    if winner is not None:
        out["winner"] = winner
    out["players"] = [_player_value(p) for p in table.players]
    return out


def _player_value(p: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"name": p.name}
    if p.leader is not None:
        row["leader"] = p.leader
    row.update(at=p.at, ship=p.ship if p.ship is not None else NO_SHIP, soldiers=p.soldiers, muskets=p.muskets,
               cannons=p.cannons, barrels=p.barrels, treasure=p.treasure, guard=p.guard, opened=p.opened)
    if p.eldorado is not None:
        row["eldorado"] = p.eldorado
    row["out"] = p.out
    return row
