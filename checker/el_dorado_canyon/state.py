"""The state file (design/el-dorado-canyon.md, `checker resolve` contract): read, check, write.

Every problem is a StateError naming the player and the field, in the table's words;
an illegal play also lists the plays that would have been legal. What is legal is
`legal`'s to say: this module reads the file and words the refusal.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.core.errors import StateError
from checker.core.fields import (flag, one_of_players, only_fields, pick, player_names, player_rows, toml_repr,
                                 whole_number)

from .legal import action_of, buy_targets, describe, directions, legal_for, options, playable, town_choices
from .rules import DIRECTIONS, Card, Character, Rules, rules_of
from .players import Play, Player
from .state_schema import STATE_SCHEMA
from .turn import Table

if TYPE_CHECKING:
    from checker.core.action import Action

TOP_KEYS = STATE_SCHEMA.keys("")
PLAYER_KEYS = STATE_SCHEMA.keys("players")
PLAY_KEYS = STATE_SCHEMA.keys("players.play")
COUNTS = ("unbanked", "banked", "infamy", "graveyard")
MAX_COUNT = 999


def read_table(state: dict[str, Any], rules: Rules, log: Any = None) -> tuple[Table, list[Play | None]]:
    """The table and every player's revealed card, or a StateError naming player and field."""
    table, rows = read_seats(state, rules, log)
    row, deck, players = table.row, table.deck, table.players
    plays: list[Play | None] = [None] * len(players)
    for data, p in zip(rows, players):
        try:
            plays[p.seat] = _play(data.get("play"), p, rules, row, deck)
        except StateError as err:
            raise _with_legal(err, table, p, plays) from None
    try:
        town_choices(plays, players, table.first, row or [], deck or [], table.rules.town_row)
    except StateError as err:
        raise _with_legal(err, table, next(p for p in players if p.name == err.player), plays) from None
    return table, plays


def legal_plays(state: dict[str, Any], game: Any, player: str) -> list[Action]:
    """`legal.legal_for` for a state file: what `player` may reveal, given the plays the others' rows reveal
    (a play that does not read counts as unknown, as does every play of a state without them)."""
    rules = rules_of(game)
    table, rows = read_seats(state, rules)
    p = next((q for q in table.players if q.name == player), None)
    if p is None:
        raise StateError(f"expected one of the players ({', '.join(q.name for q in table.players)}), got {player!r}")
    others: list[Play | None] = [None] * len(rows)
    for data, q in zip(rows, table.players):
        if q is not p and "play" in data:
            try:
                others[q.seat] = _play(data["play"], q, rules, table.row, table.deck)
            except StateError:
                pass  # refused when the turn is resolved; here it is a play not known
    return [action_of(pl, p.name) for pl in legal_for(table, p, others)]


def read_seats(state: dict[str, Any], rules: Rules, log: Any = None) -> tuple[Table, list[dict[str, Any]]]:
    """The table as the state file sets it, before anyone's play is read: (table, the player rows)."""
    only_fields(state, TOP_KEYS, None)
    rows = player_rows(state, rules.players, rules.name, "clockwise")
    names = player_names(rows)
    first = one_of_players(state.get("first_player"), names, "first_player")
    row, deck = _town(state.get("town"), rules)
    characters = _character_deck(state.get("characters"), rules)
    players = [_player(row_data, i, rules) for i, row_data in enumerate(rows)]
    _within_the_box(row, deck, characters, players, rows)
    return Table(rules, players, names.index(first), row, deck, characters, log), rows


def _with_legal(err: StateError, table: Table, p: Player, plays: list[Play | None]) -> StateError:
    """The refusal of an illegal play, with the plays that would have been legal (none for a GONE player)."""
    if p.gone or not (err.field or "").startswith("play"):
        return err
    others = [None if seat == p.seat else q for seat, q in enumerate(plays)]
    return StateError(f"{err.message}; legal plays: {describe(legal_for(table, p, others))}",
                      player=err.player, field=err.field, file=err.file, value=err.value)


def _character(value: Any, rules: Rules, player: str | None, field: str) -> Character:
    if isinstance(value, str):
        if value in rules.characters:
            return rules.characters[value]
        known = ", ".join(rules.characters) or "none defined"
        raise StateError(f"expected a character id ({known}) or {{ name, alignment }}, got {value!r}",
                         player=player, field=field)
    if isinstance(value, dict):
        only_fields(value, ("name", "alignment"), player, field + ".")
        name, alignment = value.get("name"), value.get("alignment")
        if not isinstance(name, str) or not name:
            raise StateError(f"expected the character's name, got {toml_repr(name)}", player=player,
                             field=field + ".name")
        pick(alignment, ("good", "bad"), player, field + ".alignment", "'good' or 'bad'")
        return Character({"name": name, "alignment": alignment})
    raise StateError(f"expected a character id or {{ name, alignment }}, got {value!r}", player=player, field=field)


def _cards(value: Any, rules: Rules, player: str | None, field: str, town_only: bool = False) -> list[Card]:
    if not isinstance(value, list):
        raise StateError(f"expected a list of card ids, got {value!r}", player=player, field=field)
    pool = {c.id: c for c in rules.town} if town_only else rules.cards
    out = []
    for i, card_id in enumerate(value):
        kind = "town" if town_only else "starting or town"
        pick(card_id, pool, player, f"{field}[{i + 1}]", f"a {kind} card id ({', '.join(pool)})")
        out.append(pool[card_id])
    return out


def _town(town: Any, rules: Rules) -> tuple[list[Card] | None, list[Card] | None]:
    if town is None:
        return None, None
    if not isinstance(town, dict):
        raise StateError(f"expected a [town] table, got {town!r}", field="town")
    only_fields(town, STATE_SCHEMA.keys("town"), None, "town.")
    row = _cards(town.get("row", []), rules, None, "town.row", town_only=True)
    if len(row) > rules.town_row:
        raise StateError(f"expected at most {rules.town_row} face-up town cards, got {len(row)}", field="town.row")
    return row, _cards(town.get("deck", []), rules, None, "town.deck", town_only=True)


def _character_deck(table: Any, rules: Rules) -> list[Character] | None:
    if table is None:
        return None  # EDC-1: no deck given is an empty deck
    if not isinstance(table, dict):
        raise StateError(f"expected a [characters] table, got {table!r}", field="characters")
    only_fields(table, STATE_SCHEMA.keys("characters"), None, "characters.")
    deck = table.get("deck", [])
    if not isinstance(deck, list):
        raise StateError(f"expected a list of characters, got {deck!r}", field="characters.deck")
    return [_character(c, rules, None, f"characters.deck[{i + 1}]") for i, c in enumerate(deck)]


def _player(data: dict[str, Any], seat: int, rules: Rules) -> Player:
    name = data["name"]
    only_fields(data, PLAYER_KEYS, name)
    # EDC-3: no character, GONE until a new one is drawn
    gone = flag(data, "gone", name, "gone") if "gone" in data else "character" not in data
    char = _character(data["character"], rules, name, "character") if "character" in data else None
    top = rules.track_limit  # H3; a new character's tracks are the default (the game's parameters)
    health = whole_number(data, "health", rules.start_health, top, name)
    ammo = whole_number(data, "ammo", rules.start_ammo, top, name)
    counts = [whole_number(data, key, 0, MAX_COUNT, name) for key in COUNTS]
    if char is not None and health == 0:
        raise StateError(f"expected 1 to {top} for a living character, got 0 (a character at 0 health is dead: "
                         "leave out `character` and set gone = true; EDC-3)", player=name, field="health")
    if char is None and not gone:
        raise StateError("expected a character: a player without one is GONE (gone = true) until they draw "
                         "a new one (EDC-3)", player=name, field="character")
    if char is None and counts[3] == 0:
        raise StateError("expected at least 1 for a player without a character: a character is lost only by dying, "
                         "into the graveyard (EDC-3), got 0", player=name, field="graveyard")
    spent = _cards(data.get("spent", []), rules, name, "spent")
    for i, card in enumerate(spent):
        if not card.once:
            raise StateError(f"expected only once-per-character cards under the character, got {card.id!r}",
                             player=name, field=f"spent[{i + 1}]")
    _listed_once(spent, name, "spent")
    if spent and char is None:
        raise StateError("expected no cards under a character the player does not have (they returned to "
                         "the hand when it died; H9)", player=name, field="spent")
    if "hand" in data:
        hand = _cards(data["hand"], rules, name, "hand")
        _listed_once(hand, name, "hand")
        for i, card in enumerate(hand):
            if card.starting and card in spent:
                raise StateError(f"{card.id!r} lies under the character (spent) and cannot be in the hand too",
                                 player=name, field=f"hand[{i + 1}]")
    else:  # EDC-2: the starting hand, less what lies under the character, plus a played town card
        hand = [c for c in rules.starting if c not in spent]
        played = data.get("play", {}).get("card") if isinstance(data.get("play"), dict) else None
        if isinstance(played, str) and played in rules.cards and not rules.cards[played].starting:
            hand.append(rules.cards[played])
    c_unbanked, c_banked, c_infamy, c_graveyard = counts
    return Player(name, seat, char, health, ammo, c_unbanked, c_banked, c_infamy, c_graveyard, gone, hand, spent)


def _within_the_box(row: list[Card] | None, deck: list[Card] | None, characters: list[Character] | None,
                    players: list[Player], rows: list[dict[str, Any]]) -> None:
    """"Components" (EDC-21): a town card or a character lies in one place at a time, so the state holds no more
    of one than the box has copies: in the row, the town deck, listed hands, under characters, at the table and
    in the character deck together. Starting cards are every player's own (`_listed_once`); inline characters are
    nobody's card."""
    places: dict[int, list[str]] = {}  # by id() of the card or character: where its copies lie

    def lay(thing: Card | Character, player: str | None, field: str) -> None:
        seen = places.setdefault(id(thing), [])
        if len(seen) >= thing.copies:
            copies, are = ("1 copy", "it is") if thing.copies == 1 else (f"{thing.copies} copies", "they are")
            raise StateError(f"the box has {copies} of {thing.id!r} and {are} already at {' and '.join(seen)} "
                             "(EDC-21)", player=player, field=field)
        seen.append(f"player '{player}' {field}" if player else field)

    for where, cards in (("town.row", row), ("town.deck", deck)):
        for i, card in enumerate(cards or []):
            lay(card, None, f"{where}[{i + 1}]")
    for p, data in zip(players, rows):
        if p.char is not None and p.char.id is not None:
            lay(p.char, p.name, "character")
        # a hand the state lists; an unlisted one is only presumed (EDC-2), its played town card unplaced
        for where, cards in (("hand", p.hand if "hand" in data else []), ("spent", p.spent)):
            for i, card in enumerate(cards):
                if not card.starting:
                    lay(card, p.name, f"{where}[{i + 1}]")
    for i, char in enumerate(characters or []):
        if char.id is not None:
            lay(char, None, f"characters.deck[{i + 1}]")


def _listed_once(cards: list[Card], player: str, field: str) -> None:
    """Player Set Up: every player has exactly one of each starting card (EDC-2)."""
    for i, card in enumerate(cards):
        if card.starting and card in cards[:i]:
            raise StateError(f"{card.id!r} is listed twice: every player has one of each starting card",
                             player=player, field=f"{field}[{i + 1}]")


def _play(data: Any, p: Player, rules: Rules, row: list[Card] | None, deck: list[Card] | None) -> Play | None:
    if p.gone:
        if data is not None:
            why = "" if p.char is not None else ", and a player without a character is GONE until they draw one (EDC-3)"
            raise StateError(f"expected no play: a GONE player plays no card this turn (H7){why}", player=p.name,
                             field="play")
        return None
    if data is None:
        raise StateError(f"expected the card {p.name} revealed: play = {{ card = ... }} (EDC-18); "
                         f"the hand: {_ids(p.hand)}", player=p.name, field="play")
    if not isinstance(data, dict):
        raise StateError(f"expected a table {{ card = ..., option = ..., direction = ... }}, got {data!r}",
                         player=p.name, field="play")
    only_fields(data, PLAY_KEYS, p.name, "play.")
    card_id = data.get("card")
    hand = playable(p)
    pick(card_id, rules.cards, p.name, "play.card", "a card in the hand")
    card = rules.cards[card_id]
    if card in p.spent:
        raise StateError(f"{card_id!r} lies under the character (once per character, H9): it comes back only when "
                         f"the character dies", player=p.name, field="play.card")
    if card not in hand:
        raise StateError(f"{card_id!r} is not in the hand", player=p.name, field="play.card")
    option = _option(data, card, p)
    chosen = card.options[option]
    direction = _direction(data, card, option, p)
    refresh = flag(data, "refresh", p.name, "play.refresh")
    if refresh and not chosen.refreshes:
        raise StateError(f"{_option_name(card, option)} cannot replace the town row{_elsewhere(card, 'refresh')}",
                         player=p.name, field="play.refresh")
    buy = None
    if "buy" in data:
        buy = _buy(data["buy"], card, option, p, rules, row, deck)
    if refresh and row is None:
        raise StateError("replacing the row needs the face-up town cards: add [town] row = [...] (EDC-15)",
                         player=p.name, field="play.refresh")
    return Play(card, p.seat, option, direction, buy, refresh)


def _option(data: dict[str, Any], card: Card, p: Player) -> int:
    option = data.get("option")
    if len(card.options) == 2:
        choices = "; ".join(f"{i}: {o.text}" for i, o in enumerate(card.options, 1))
        return pick(option, options(card), p.name, "play.option", f"1 or 2 for two-ended card {card.id!r} ({choices})") - 1
    pick(option, (None, 1), p.name, "play.option", f"1 or no option: {card.id!r} has one end ({card.options[0].text})")
    return 0


def _direction(data: dict[str, Any], card: Card, option: int, p: Player) -> int | None:
    end = card.options[option]
    arrow, legal = end.arrow, directions(end)
    direction = data.get("direction")
    label = _option_name(card, option)
    if end.turned:
        return DIRECTIONS[pick(direction, legal, p.name, "play.direction",
                               f"'left' or 'right': {label} has an arrow the player turns")]
    if legal == (None,):
        if direction is not None:
            raise StateError(f"expected no direction: {label} has no arrow, got {direction!r}",
                             player=p.name, field="play.direction")
        return None
    pick(direction, (None, *legal), p.name, "play.direction", f"{arrow!r} or none: the arrow of {label} points {arrow}")
    return DIRECTIONS[arrow]


def _buy(value: Any, card: Card, option: int, p: Player, rules: Rules,
         row: list[Card] | None, deck: list[Card] | None) -> Card:
    if not card.options[option].buys:
        raise StateError(f"{_option_name(card, option)} buys nothing{_elsewhere(card, 'buy')}", player=p.name,
                         field="play.buy")
    if row is None:
        raise StateError("a buy needs the face-up town cards: add [town] row = [...] (EDC-15)", player=p.name,
                         field="play.buy")
    town = {c.id: c for c in rules.town}
    pick(value, town, p.name, "play.buy", "a town card id", f"; face up: {_ids(row) or 'none'}")
    if town[value] not in buy_targets(card.options[option], row, deck):
        raise StateError(f"{value!r} is not face up in town nor in the town deck; face up: {_ids(row) or 'none'}",
                         player=p.name, field="play.buy")
    return town[value]


def _option_name(card: Card, option: int) -> str:
    return f"{card.id!r}" + (f" option {option + 1}" if len(card.options) == 2 else "")


def _elsewhere(card: Card, choice: str) -> str:
    for i, o in enumerate(card.options):
        if choice in o.choices:
            return f" (option {i + 1} does: {o.text})"
    return ""


def _ids(cards: list[Card]) -> str:
    return ", ".join(c.id for c in cards)


# ---- the next state ---------------------------------------------------------------------------------

def write_table(table: Table, state: dict[str, Any]) -> dict[str, Any]:
    """The next turn's state in the input's schema, without plays (absent tables stay absent)."""
    out: dict[str, Any] = {"game": state["game"], "first_player": table.players[table.first].name}
    if "town" in state:
        out["town"] = {"row": _ids_list(table.row or []), "deck": _ids_list(table.deck or [])}
    if "characters" in state:
        out["characters"] = {"deck": [_char_value(c) for c in table.characters or []]}
    out["players"] = [_player_value(p) for p in table.players]
    return out


def _ids_list(cards: list[Card]) -> list[str]:
    return [c.id for c in cards]


def _char_value(char: Character) -> Any:
    return char.id if char.id is not None else {"name": char.name, "alignment": char.alignment}


def _player_value(p: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"name": p.name}
    if p.char is not None:
        row["character"] = _char_value(p.char)
    row.update(health=p.health, ammo=p.ammo, unbanked=p.unbanked, banked=p.banked, infamy=p.infamy,
               graveyard=p.graveyard, gone=p.gone, hand=_ids_list(p.hand), spent=_ids_list(p.spent))
    return row
