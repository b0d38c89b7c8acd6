"""El Dorado Canyon's state file, declared once: `state.py` reads its keys from here, `checker schema` prints it."""
from __future__ import annotations

from checker.core.stateschema import FOCUS, QUESTION, Field, StateSchema, Table

CHARACTER = "a character id of the game, or an inline table { name, alignment = \"good\" or \"bad\" }"

STATE_SCHEMA = StateSchema(
    game="El Dorado Canyon",
    intro="One turn: the table as it stands and the card each player revealed; `checker resolve` settles the "
          "turn and `--out` writes the next turn's state in the same schema, without plays.",
    tables=(
        Table("", "The table.", (
            Field("game", "text", "required", "a built-in game id, or a folder of definitions relative to this file"),
            Field("first_player", "text", "required", "name of the player holding the first player marker"),
            Field("town", "table", "none", "the town: needed when a play buys or refreshes (EDC-15)"),
            Field("characters", "table", "empty deck", "the character deck a GONE player draws from (EDC-1)"),
            QUESTION,
            FOCUS,
            Field("players", "array of tables", "required", "the players clockwise, as many as the game seats"),
        )),
        Table("town", "`[town]`: the face-up row and the deck under it.", (
            Field("row", "list of town card ids", "[]", "the face-up town cards (at most $town_row)", ids=('town',)),
            Field("deck", "list of town card ids", "[]", "the town deck, top first", ids=('town',)),
        )),
        Table("characters", "`[characters]`: the character deck.", (
            Field("deck", "list of characters", "[]", f"top first; each {CHARACTER}", ids=('character',)),
        )),
        Table("players", "Each `[[players]]`: a player's character, tracks, piles and the card revealed.", (
            Field("name", "text", "required", "unique at the table"),
            Field("character", "character", "none (GONE)", f"{CHARACTER}; none: the player is GONE (EDC-3)", ids=('character',), fill='"FILL IN"'),
            Field("health", "whole number 0 to $track_limit", "$start_health", "health track (H3); 0 only without a character"),
            Field("ammo", "whole number 0 to $track_limit", "$start_ammo", "ammo track (H3)"),
            Field("unbanked", "whole number 0 to 999", "0", "unbanked gold: what a steal can take"),
            Field("banked", "whole number 0 to 999", "0", "banked gold: safe"),
            Field("infamy", "whole number 0 to 999", "0", "infamy tokens"),
            Field("graveyard", "whole number 0 to 999", "0", "characters this player has lost"),
            Field("gone", "true or false", "true without a character", "GONE this turn: plays no card (H7)"),
            Field("hand", "list of card ids", "the starting cards (EDC-2)",
                  "the cards in hand, less those under the character, plus a town card played", ids=('starting', 'town')),
            Field("spent", "list of card ids", "[]", "once-per-character cards lying under the character (H9)", ids=('starting', 'town')),
            Field("play", "table", "required unless GONE", "the card revealed this turn (EDC-18)", fill='{ card = "FILL IN" }'),
        )),
        Table("players.play", "`play = { ... }`: the revealed card and how it reads.", (
            Field("card", "card id", "required", "a card in the hand, not under the character", ids=('starting', 'town')),
            Field("option", "1 or 2", "1 on a one-ended card", "which end reads upright (required on a two-ended card)"),
            Field("direction", "left or right", "the printed arrow", "where the arrow points (required when the "
                  "player turns it; none on a card without an arrow)"),
            Field("buy", "town card id", "none", "the town card bought by a buy effect (face up, affordable)", ids=('town',)),
            Field("refresh", "true or false", "false", "replace the town row first (refresh_row effect)"),
        )),
    ),
)
