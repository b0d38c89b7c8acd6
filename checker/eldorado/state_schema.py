"""Eldorado's state file, declared once: `state.py` reads its keys from here, `checker schema` prints it."""
from __future__ import annotations

from checker.core.stateschema import FOCUS, QUESTION, Field, StateSchema, Table

KINDS = ("move", "outfit", "resupply", "combat", "indians", "takeover", "homecoming")
ITEMS = ("soldiers", "barrels", "treasure", "muskets", "cannons")  # what a loser pays with (E2)

STATE_SCHEMA = StateSchema(
    game="Eldorado",
    intro="The table and ONE action; squares are map coordinates like \"K12\" (any case), cities and leaders "
          "are named by id or name (any case). `--out` writes the next state in the same schema, every player "
          "field written out, without `dice` and `action`.",
    tables=(
        Table("", "The table.", (
            Field("game", "text", "required", "a built-in game id, or a folder of Eldorado definitions relative "
                  "to this file"),
            Field("map", "text", "the game's map", "a folder of Eldorado definitions whose map replaces the game's"),
            Field("dice", "list of whole numbers 1 to 6", "[]", "every die the action rolls, in the order the rules "
                  "roll them (E1); missing ones only with --seed"),
            Field("beaten", "list of city ids", "[]", "cities whose Indians are beaten (their gold is gone)"),
            Field("winner", "text", "none", "written once someone has come home: nothing more to settle"),
            QUESTION,
            FOCUS,
            Field("players", "array of tables", "required", "2 to 6 players"),
            Field("action", "table", "required", "the one action to settle"),
        )),
        Table("players", "Each `[[players]]`: a leader's party, its ship and what they carry (ELD-7).", (
            Field("name", "text", "required", "unique at the table"),
            Field("leader", "character id or name", "none", "the party's leader; needed by outfit; one party each", ids=('character',)),
            Field("at", "square", "required", "the leader's party (on a sea square it is aboard)", fill='"FILL IN"'),
            Field("ship", "square or \"none\"", "= at (aboard)", "where the ship lies moored while the party is "
                  "ashore; \"none\": no ship"),
            Field("soldiers", "whole number 0 to 999", "0", "with the party"),
            Field("muskets", "whole number 0 to 999", "0", "with the party"),
            Field("cannons", "whole number 0 to 999", "0", "aboard the ship (0 without a ship)"),
            Field("barrels", "whole number 0 to 999", "0", "provisions aboard the ship (0 without a ship)"),
            Field("treasure", "whole number 0 to 999", "0", "treasure piles, with the party"),
            Field("guard", "whole number 0 to 999", "0", "soldiers left aboard while the party is ashore"),
            Field("opened", "true or false", "false", "has opened their Eldorado card"),
            Field("eldorado", "city id", "none", "their Eldorado city"),
            Field("out", "true or false", "false", "has left the game (ELD-12): no more actions, cannot be fought"),
        )),
        Table("action", f"`[action]`: `kind` (one of {', '.join(KINDS)}) and `player` (who acts), then the "
              "fields of that kind.", (
            Field("kind", "text", "required", f"one of {', '.join(KINDS)}", fill='"FILL IN"'),
            Field("player", "player name", "required", "who acts", fill='"FILL IN"'),
            Field("direction", "north, south, east, west (n/s/e/w), upstream, downstream", "none",
                  "a ship's move at sea or along a river", ("move",)),
            Field("path", "list of squares", "none", "a walk: the squares entered, in order (ELD-6)", ("move",)),
            Field("guard", "whole number", "0", "soldiers left aboard when the party walks off its ship", ("move",)),
            Field("rounds", "whole number 1 to 10", "1", "rounds of crew and provisions dice",
                  ("outfit", "resupply")),
            Field("opponent", "player name", "required", "the party fought, or the ship's owner",
                  ("combat", "takeover")),
            Field("pay", "list of items, or a table of lists by player name", "E2's order",
                  f"the loser's order of payment; items: {', '.join(ITEMS)}", ("combat", "takeover")),
        )),
    ),
)
ACTION_KEYS = {kind: STATE_SCHEMA.kind_keys("action", kind) for kind in KINDS}
