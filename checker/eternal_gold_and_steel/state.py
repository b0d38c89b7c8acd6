"""The state file (README, "Gold and Steel: checker resolve"): read, check, write.

Every problem is a StateError naming the player and the field, in the table's words,
and says what would have been legal. Cards are definition ids; a unit in a battle area
is an id or `{ card, strength, keywords, tokens, weapons }`; `Name:id#n` names a unit.
"""
from __future__ import annotations

from typing import Any

from checker.core.errors import StateError
from checker.core.fields import only_fields, pick, player_names, player_rows, toml_repr, whole_number

from .effects import Choices
from .refs import find_piece, refs
from .rules import CardDef, Rules
from .state_schema import ACTION_KEYS, STATE_SCHEMA
from .table import MAX_COUNT, THRONE_STATES, Piece, Player, Table

TOP_KEYS = STATE_SCHEMA.keys("")
PLAYER_KEYS = STATE_SCHEMA.keys("players")
UNIT_KEYS = STATE_SCHEMA.keys("players.battle")
KEYWORDS = ("lifesteal", "berserk")
EQUIP_KEYS = ACTION_KEYS["equip"]
METHODS = ("new", "experienced-2p", "experienced-3-4p")


class Action:
    """The disputed action, checked against the table: who does what, with which choices."""

    def __init__(self, kind: str, player: Player, choices: Choices):
        self.kind, self.player, self.choices = kind, player, choices
        self.card: CardDef | None = None
        self.equips: list[tuple[Piece, Piece]] = []
        self.attackers: list[Piece] = []
        self.defender: Player | None = None
        self.blocks: list[tuple[Piece, Piece]] = []
        self.method = ""
        self.deals: dict[str, list[CardDef]] = {}
        self.picks: dict[str, list[CardDef]] = {}


def read_table(state: dict[str, Any], rules: Rules, seed: int | None = None, log: Any = None) -> tuple[Table, Action]:
    """The table and the disputed action, or a StateError naming the player and the field."""
    table = read_board(state, rules, seed, log)
    return table, read_action(state.get("action"), table)


def read_board(state: dict[str, Any], rules: Rules, seed: int | None = None, log: Any = None) -> Table:
    """The table without its action (what `legal_actions` reads), or a StateError naming the player and the field."""
    only_fields(state, TOP_KEYS, None, "")
    rows = player_rows(state, rules.players, rules.name, "in turn order")
    names = player_names(rows, forbidden=":#")
    players = [Player(n) for n in names]
    for p, row in zip(players, rows):
        _player(p, row, rules)
    for p, row in zip(players, rows):  # battle areas last: a weapon may name any player's card
        p.battle = _battle(row.get("battle", []), p, rules)
    market_deck = None
    if "market_deck" in state:
        market_deck = _cards(state["market_deck"], rules, None, "market_deck", market=True)
    check_gold(players, rules)
    turn = state.get("turn", names[0])
    if turn not in names:
        raise StateError(f"expected the name of the player whose turn it is ({', '.join(names)}), got {turn!r}",
                         field="turn")
    throne = state.get("throne", "hidden")
    if throne not in THRONE_STATES:
        raise StateError(f"expected one of {', '.join(THRONE_STATES)}, got {throne!r}", field="throne")
    return Table(rules, players, names.index(turn), throne, market_deck, seed, log)


def check_gold(players: list[Player], rules: Rules) -> None:
    """GS-R13: the players hold no more gold than the pool's gold tokens (Contents: 20)."""
    total = 0
    for p in players:
        total += p.gold
        if rules.gold_tokens is not None and total > rules.gold_tokens:
            held = ", ".join(f"{q.name} {q.gold}" for q in players if q.gold)
            raise StateError(f"the players hold {sum(q.gold for q in players)} gold ({held}) and the game has "
                             f"{rules.gold_tokens} gold tokens (Contents; GS-R13): gold comes from the token pool",
                             player=p.name, field="gold")


def _card(value: Any, rules: Rules, player: str | None, field: str, market: bool = False,
          types: tuple[str, ...] | None = None) -> CardDef:
    card = rules.cards.get(value) if isinstance(value, str) else None
    if card is not None and card.token and types is None and not market:
        raise StateError(f"{value!r} is a unit token: it is only ever in a battle area (list it in `battle`)",
                         player=player, field=field)
    if card is None:
        pool = [i for i, c in rules.cards.items() if not c.token or types is not None]
        raise StateError(f"unknown card id {value!r}: expected a card id of {rules.name} ({_hint(value, pool)})",
                         player=player, field=field, value=value)
    if market and not card.market:
        raise StateError(f"{value!r} is not a market card: expected a card with a gold cost "
                         f"(e.g. {', '.join(list(dict.fromkeys(rules.market_deck))[:3])})", player=player, field=field)
    if types is not None and card.type not in types:
        raise StateError(f"{value!r} is a {card.type}: expected a {' or '.join(types)}", player=player, field=field)
    return card


def _hint(value: Any, ids: list[str]) -> str:
    """'did you mean thiefs-pick?' for a typo or a card's printed name ("Thief's Pick")."""
    from difflib import get_close_matches  # only a refusal needs it: resolve starts without it

    close = get_close_matches(str(value), ids, n=3, cutoff=0.6)
    return f"did you mean {', '.join(close)}?" if close else f"e.g. {', '.join(ids[:3])}"


def _cards(value: Any, rules: Rules, player: str | None, field: str, market: bool = False) -> list[CardDef]:
    if not isinstance(value, list):
        raise StateError(f"expected a list of card ids, got {value!r}", player=player, field=field)
    return [_card(v, rules, player, f"{field}[{i}]", market) for i, v in enumerate(value, 1)]


def _player(p: Player, row: dict[str, Any], rules: Rules) -> None:
    only_fields(row, PLAYER_KEYS, p.name, "")
    p.health = whole_number(row, "health", rules.start_health, MAX_COUNT, p.name)
    p.gold = whole_number(row, "gold", 0, MAX_COUNT, p.name)
    p.power = whole_number(row, "power", 0, MAX_COUNT, p.name)
    p.market = _cards(row.get("market", []), rules, p.name, "market", market=True)
    for zone in ("hand", "deck", "discard", "played"):
        setattr(p, zone, _cards(row.get(zone, []), rules, p.name, zone))


def _battle(value: Any, p: Player, rules: Rules) -> list[Piece]:
    if not isinstance(value, list):
        raise StateError("expected a list of units and weapons: ids or { card = ..., strength = ..., "
                         "keywords = [...], tokens = [...], weapons = [...] }", player=p.name, field="battle")
    return [_piece(entry, p, rules, f"battle[{i}]") for i, entry in enumerate(value, 1)]


def _piece(entry: Any, p: Player, rules: Rules, field: str) -> Piece:
    if isinstance(entry, str):
        return Piece(_card(entry, rules, p.name, field, types=("unit", "weapon")), p)
    if not isinstance(entry, dict):
        raise StateError(f"expected a card id or {{ card = ... }}, got {entry!r}", player=p.name, field=field)
    only_fields(entry, UNIT_KEYS, p.name, field + ".")
    card = _card(entry.get("card"), rules, p.name, field + ".card", types=("unit", "weapon"))
    if card.type == "weapon":
        extra = [k for k in UNIT_KEYS[1:] if k in entry]
        if extra:
            raise StateError(f"{card.id!r} is a weapon lying in the battle area: it has no {', '.join(extra)} "
                             f"(equip it with a unit's `weapons`)", player=p.name, field=field)
        return Piece(card, p)
    strength = entry.get("strength")
    if strength is not None and (not isinstance(strength, int) or isinstance(strength, bool) or not 0 <= strength <= 99):
        raise StateError(f"expected a strength from 0 to 99, got {strength!r}", player=p.name, field=field + ".strength")
    keywords = entry.get("keywords", [])
    if not isinstance(keywords, list) or any(k not in KEYWORDS for k in keywords):
        raise StateError(f"expected a list of {', '.join(KEYWORDS)}, got {keywords!r}", player=p.name,
                         field=field + ".keywords")
    tokens = entry.get("tokens", [])
    if not isinstance(tokens, list) or any(not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 20
                                           for x in tokens):
        raise StateError(f"expected attack token values such as [3], got {tokens!r}", player=p.name,
                         field=field + ".tokens")
    weapons = entry.get("weapons", [])
    if not isinstance(weapons, list):
        raise StateError(f"expected a list of weapon ids, got {weapons!r}", player=p.name, field=field + ".weapons")
    arms = [_card(w, rules, p.name, f"{field}.weapons[{i}]", types=("weapon",)) for i, w in enumerate(weapons, 1)]
    return Piece(card, p, strength, list(dict.fromkeys(keywords)), tokens, arms)


# ---- the action ---------------------------------------------------------------------------------------------

def read_action(data: Any, t: Table, choices: type[Choices] = Choices) -> Action:
    """The [action] table checked against the table; `choices` reads the choices (a probe asks for them)."""
    if not isinstance(data, dict):
        raise StateError(f"expected an [action] table with kind = one of {', '.join(ACTION_KEYS)}", field="action")
    kind = pick(data.get("kind"), ACTION_KEYS, None, "action.kind", f"one of {', '.join(ACTION_KEYS)}")
    names = {p.name: p for p in t.players}
    who = pick(data.get("player", t.active.name), names, None, "action.player",
               f"one of the players ({', '.join(names)})")
    p = names[who]
    only_fields(data, ("kind", "player") + ACTION_KEYS[kind], p.name, "action.")
    standing = [q.name for q in t.players if not q.out]
    if len(standing) < 2:
        over = f"{standing[0]} is the last player standing and has won" if standing else "nobody is left standing"
        raise StateError(f"the game is over: {over} (G1); a finished game takes no more actions",
                         player=p.name, field="action")
    if kind in ON_OWN_TURN:  # setting up the markets is everyone's, before the first turn
        if p is not t.active:
            raise StateError(f"it is {t.active.name}'s turn: {ON_OWN_TURN[kind]}", player=p.name, field="action.player")
        if p.out:
            raise StateError("is out of the game (0 health, G1) and takes no turn", player=p.name, field="health")
    made = choices(p, _pay(data, p), _destroy(data, p), _target(data, p, names), _order(data, p, t.rules))
    action = Action(kind, p, made)
    if kind in READERS:  # use_throne has only the choices; its legality is checked when it is used
        READERS[kind](data, action, t)
    return action


ON_OWN_TURN = {
    "play_market": "a market card is played on your own turn (Markets; G3)",
    "play": "cards are played on your own turn (P2)",
    "equip": "weapons are equipped during your own turn (Weapons; G4)",
    "end_turn": "only the player whose turn it is ends it (GS-R8)",
    "attack": "only the player whose turn it is attacks (GS-R3)",
    "use_throne": "the Throne is used on your own turn (The New Eternal Throne; G7)",
}


def _pay(data: dict[str, Any], p: Player) -> bool | None:
    """action.pay, or None when the action does not say (the same as false, G6)."""
    if "pay" not in data:
        return None
    value = data["pay"]
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, int) and value > 1:
        raise StateError(f"cannot pay {value} times: a pay-to-improve ability can be paid once per play, not "
                         f"multiplied (FAQ: \"can I pay multiple times to multiply the effect? No.\"; G6); "
                         f"legal: pay = true (once) or pay = false", player=p.name, field="action.pay")
    raise StateError(f"expected true or false, got {value!r}", player=p.name, field="action.pay")


def _destroy(data: dict[str, Any], p: Player) -> list[str]:
    value = data.get("destroy", [])
    value = [value] if isinstance(value, str) else value
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise StateError(f"expected a unit reference or a list of them (e.g. \"Bob:ember-whelp\"), got {value!r}",
                         player=p.name, field="action.destroy")
    return value


def _target(data: dict[str, Any], p: Player, names: dict[str, Player]) -> Player | None:
    if "target" not in data:
        return None
    enemies = [n for n, q in names.items() if q is not p and not q.out]
    if data["target"] not in enemies:
        raise StateError(f"expected an enemy player still in the game ({', '.join(enemies)}), got {data['target']!r}",
                         player=p.name, field="action.target")
    return names[data["target"]]


def _order(data: dict[str, Any], p: Player, rules: Rules) -> list[str]:
    value = data.get("order", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise StateError(f"expected a list of card ids (e.g. [\"thiefs-pick\", \"gorgon-swiftblade\"]), got {value!r}",
                         player=p.name, field="action.order")
    for i, entry in enumerate(value, 1):
        if entry.split(":")[-1].split("#")[0] not in rules.cards:
            raise StateError(f"unknown card id {entry!r}: expected the id of a card whose ability fires "
                             f"({_hint(entry, [c.id for c in rules.cards.values() if c.abilities])})",
                             player=p.name, field=f"action.order[{i}]")
    return value


def _read_play(data: dict[str, Any], a: Action, t: Table) -> None:
    p = a.player
    where, elsewhere = PLAYED_FROM[a.kind]
    zone = getattr(p, where)
    card = _card(data.get("card"), t.rules, p.name, "action.card")
    if card not in zone:
        other = (f"it is in the {elsewhere}: use kind = \"{KIND_OF_ZONE[elsewhere]}\""
                 if card in getattr(p, elsewhere) else "")
        raise StateError(f"{card.id!r} is not in {p.name}'s {where}" + (f" ({other})" if other else "")
                         + f"; the {where}: {', '.join(c.id for c in zone) or 'empty'}",
                         player=p.name, field="action.card")
    a.card = card


PLAYED_FROM = {"play": ("hand", "market"), "play_market": ("market", "hand")}  # the zone, and the other one
KIND_OF_ZONE = {zone: kind for kind, (zone, _) in PLAYED_FROM.items()}


def _read_equip(data: dict[str, Any], a: Action, t: Table) -> None:
    a.equips = [_equip_pair(data, a.player, "action")]


def _equip_pair(data: Any, p: Player, field: str) -> tuple[Piece, Piece]:
    if not isinstance(data, dict) or not isinstance(data.get("weapon"), str) or not isinstance(data.get("unit"), str):
        raise StateError("expected { weapon = \"weapon-id\", unit = \"unit-id\" }", player=p.name, field=field)
    if field != "action":  # the equip action's own fields were checked with the action's
        only_fields(data, EQUIP_KEYS, p.name, field + ".")
    loose = p.loose_weapons
    weapon = find_piece(data["weapon"], loose, p)
    if weapon is None:
        wielder = next((u for u in p.units if any(w.id == data["weapon"] for w in u.weapons)), None)
        why = (f"{data['weapon']!r} is already wielded by {wielder.card.name}: it stays with that unit until the unit "
               f"is discarded (Weapons; G4)" if wielder else f"{data['weapon']!r} is not a weapon lying in "
               f"{p.name}'s battle area")
        raise StateError(f"{why}; weapons to equip: {refs(loose, p)}", player=p.name, field=field + ".weapon")
    if not p.units:
        raise StateError(f"{p.name} has no unit to equip {weapon.card.name} to: it stays in the battle area until "
                         f"a unit can wield it (Weapons; G4)", player=p.name, field=field + ".unit")
    unit = find_piece(data["unit"], p.units, p)
    if unit is None:
        raise StateError(f"{data['unit']!r} is not a unit in {p.name}'s battle area; units: {refs(p.units, p)}",
                         player=p.name, field=field + ".unit")
    return weapon, unit


def _read_end_turn(data: dict[str, Any], a: Action, t: Table) -> None:
    pairs = data.get("equip", [])
    if not isinstance(pairs, list):
        raise StateError("expected a list of { weapon = ..., unit = ... }", player=a.player.name, field="action.equip")
    a.equips = [_equip_pair(pair, a.player, f"action.equip[{i}]") for i, pair in enumerate(pairs, 1)]
    weapons = [w for w, _ in a.equips]
    if len({id(w) for w in weapons}) != len(weapons):
        raise StateError("the same weapon is equipped twice", player=a.player.name, field="action.equip")


def _read_attack(data: dict[str, Any], a: Action, t: Table) -> None:
    p = a.player
    names = data.get("attackers")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise StateError(f"expected a list of attacking units; {p.name}'s units: {refs(p.units, p)}",
                         player=p.name, field="action.attackers")
    for i, ref in enumerate(names, 1):
        piece = find_piece(ref, p.units, p)
        if piece is None:
            raise StateError(f"{ref!r} is not a unit in {p.name}'s battle area; units: {refs(p.units, p)}",
                             player=p.name, field=f"action.attackers[{i}]")
        if piece in a.attackers:
            raise StateError(f"{ref!r} is listed twice", player=p.name, field=f"action.attackers[{i}]")
        a.attackers.append(piece)
    enemies = t.enemies(p)
    defender = data.get("defender")
    if defender is None and len(enemies) == 1:
        a.defender = enemies[0]
    else:
        a.defender = next((q for q in enemies if q.name == defender), None)
        if a.defender is None:
            raise StateError(f"expected the defending player: one of {', '.join(q.name for q in enemies)}, got "
                             f"{toml_repr(defender)}", player=p.name, field="action.defender")
    a.choices.defender = a.defender
    a.blocks = _blocks(data.get("blocks", {}), a, t)


def _blocks(data: Any, a: Action, t: Table) -> list[tuple[Piece, Piece]]:
    d = a.defender
    assert d is not None, "read before the blocks"
    if not isinstance(data, dict):
        raise StateError("expected { attacker = \"blocker\", ... }", player=d.name, field="action.blocks")
    pairs: list[tuple[Piece, Piece]] = []
    for ref, blocker_ref in data.items():
        field = f"action.blocks.{ref}"
        attacker = find_piece(ref, a.attackers, a.player)
        if attacker is None:
            raise StateError(f"{ref!r} is not attacking; attackers: {refs(a.attackers, a.player)}", player=d.name,
                             field=field)
        blocker = find_piece(blocker_ref, d.units, d) if isinstance(blocker_ref, str) else None
        if blocker is None:
            raise StateError(f"{blocker_ref!r} is not a unit of {d.name}; {d.name}'s units: {refs(d.units, d)}",
                             player=d.name, field=field)
        earlier = next((b for x, b in pairs if x is attacker), None)
        if earlier is not None:
            raise StateError(f"{attacker.card.name} is already blocked by {earlier.card.name}: an attacker is blocked "
                             f"by one unit, then both are discarded (G2)", player=d.name, field=field)
        if any(blocker is b for _, b in pairs):
            raise StateError(f"{blocker.card.name} already blocks another attacker: a unit blocks one attacker "
                             f"(GS-R3)", player=d.name, field=field)
        need, has = t.strength_of(attacker), t.strength_of(blocker)
        if has < need:
            able = [u for u in d.units if t.strength_of(u) >= need and all(u is not b for _, b in pairs)]
            raise StateError(f"{blocker.card.name} (strength {has}) cannot block {attacker.card.name} (strength {need}):"
                             f" a blocker needs equal or greater strength (G2); {d.name}'s units that can: "
                             f"{refs(able, d)}", player=d.name, field=field)
        pairs.append((attacker, blocker))
    return pairs


def _read_setup(data: dict[str, Any], a: Action, t: Table) -> None:
    method = data.get("method")
    if method not in METHODS:
        raise StateError(f"expected one of {', '.join(METHODS)}, got {method!r}", field="action.method")
    a.method = method
    n = len(t.players)
    if method == "experienced-2p" and n != 2:
        raise StateError(f"experienced-2p is the 2 player method, this game has {n}: use experienced-3-4p or new",
                         field="action.method")
    if method == "experienced-3-4p" and n < 3:
        raise StateError("experienced-3-4p is the 3-4 player method, this game has 2: use experienced-2p or new",
                         field="action.method")
    for p in t.players:
        if p.market:
            raise StateError(f"expected an empty market before the initial markets are set up, got "
                             f"{', '.join(c.id for c in p.market)}", player=p.name, field="market")
    names = [p.name for p in t.players]
    for key in ("deals", "picks"):
        table = data.get(key, {})
        if not isinstance(table, dict) or any(k not in names for k in table):
            raise StateError(f"expected a table of player name = [card ids] for {', '.join(names)}, got {table!r}",
                             field=f"action.{key}")
        target = a.deals if key == "deals" else a.picks
        for name, ids in table.items():
            ids = [ids] if isinstance(ids, str) else ids
            target[name] = _cards(ids, t.rules, name, f"action.{key}.{name}", market=True)
    if method == "new" and a.picks:
        raise StateError("the new players' method has no picks: each player keeps the 3 cards dealt (leave out "
                         "picks, or choose an experienced method)", field="action.picks")


READERS = {"play_market": _read_play, "play": _read_play, "equip": _read_equip, "end_turn": _read_end_turn,
           "attack": _read_attack, "setup_markets": _read_setup}


# ---- the next state ------------------------------------------------------------------------------------------

def write_table(t: Table, state: dict[str, Any]) -> dict[str, Any]:
    """The next state in the input's schema, without the action."""
    out: dict[str, Any] = {"game": state["game"], "turn": t.active.name, "throne": t.throne}
    if t.market_deck is not None:
        out["market_deck"] = [c.id for c in t.market_deck]
    out["players"] = [_player_value(p) for p in t.players]
    return out


def _player_value(p: Player) -> dict[str, Any]:
    return {"name": p.name, "health": p.health, "gold": p.gold, "power": p.power,
            "market": [c.id for c in p.market], "hand": [c.id for c in p.hand], "deck": [c.id for c in p.deck],
            "discard": [c.id for c in p.discard], "battle": [_piece_value(x) for x in p.battle],
            "played": [c.id for c in p.played]}


def _piece_value(x: Piece) -> Any:
    row: dict[str, Any] = {"card": x.card.id}
    if x.is_unit and x.strength != x.card.strength:
        row["strength"] = x.strength
    if x.gained:
        row["keywords"] = list(x.gained)
    if x.tokens:
        row["tokens"] = list(x.tokens)
    if x.weapons:
        row["weapons"] = [w.id for w in x.weapons]
    return x.card.id if len(row) == 1 else row
