"""Gold and Steel's state file, declared once: `state.py` reads its keys from here, `checker schema` prints it."""
from __future__ import annotations

from checker.core.stateschema import FOCUS, QUESTION, Field, StateSchema, Table

KINDS = ("play_market", "play", "equip", "end_turn", "attack", "use_throne", "setup_markets")
CHOOSING = ("play_market", "play", "attack", "use_throne")  # the actions that take choices (GS-R2)
UNIT = "a unit reference: its card id, `id#2` for the second of that id, `Bob:id` for another player's"

STATE_SCHEMA = StateSchema(
    game="Eternal: Chronicles of the Throne - Gold and Steel",
    intro="The table at the moment of the dispute, plus the one disputed action; cards are named by their "
          "definition ids. `--out` writes the next state in the same schema, without the action.",
    tables=(
        Table("", "The table.", (
            Field("game", "text", "required", "a built-in game id, or a definitions folder relative to this file"),
            Field("turn", "player name", "the first player", "whose turn it is"),
            Field("throne", "hidden, revealed or spent", "hidden", "the Eternal Throne (G7)"),
            Field("market_deck", "list of market card ids", "unknown (see --seed)", "top first", ids=('market',)),
            QUESTION,
            FOCUS,
            Field("players", "array of tables", "required", "2 to 4 players, in turn order"),
            Field("action", "table", "required", "the disputed action"),
        )),
        Table("players", "Each `[[players]]` (every field but `name` may be left out).", (
            Field("name", "text", "required", "unique, without `:` or `#`"),
            Field("health", "whole number 0 to 999", "$start_health", "0 = out of the game (G1)"),
            Field("gold", "whole number 0 to 999", "0", "gold tokens, kept from turn to turn (G3); the players together "
                  "hold at most the game's 20 (GS-R13)"),
            Field("power", "whole number 0 to 999", "0", "this turn's power, lost when the turn ends (G3)"),
            Field("market", "list of card ids", "[]", "the player's hidden market", ids=('market',)),
            Field("hand", "list of card ids", "[]", "the hand", ids=('forge', 'market', 'starting')),
            Field("deck", "list of card ids", "[]", "top first", ids=('forge', 'market', 'starting')),
            Field("discard", "list of card ids", "[]", "the discard pile, order kept", ids=('forge', 'market', 'starting')),
            Field("battle", "list of card ids or unit tables", "[]", "the battle area: units and unequipped weapons", ids=('forge', 'market', 'starting', 'unit-token')),
            Field("played", "list of card ids", "[]", "cards played this turn before the action (double "
                  "influence, G5)"),
        )),
        Table("players.battle", "A `battle` entry as a table: a unit that differs from its printed card.", (
            Field("card", "card id", "required", "the unit (or the sentinel token)", ids=('forge', 'market', 'starting', 'unit-token')),
            Field("strength", "whole number", "printed", "replaces the printed strength, before weapons, tokens "
                  "and while-abilities"),
            Field("keywords", "list of lifesteal, berserk", "[]", "keywords the unit has gained"),
            Field("tokens", "list of whole numbers", "[]", "the +N attack tokens on it"),
            Field("weapons", "list of weapon ids", "[]", "the weapons it wields"),
        )),
        Table("action", f"`[action]`: `kind` and the fields of that kind; `player` must be the player whose "
              "turn it is (except for setup_markets).", (
            Field("kind", "text", "required", f"one of {', '.join(KINDS)}", fill='"FILL IN"'),
            Field("player", "player name", "`turn`", "who acts"),
            Field("card", "card id", "required", "the card played (from the market, or from the hand)",
                  ("play_market", "play"), ids=('forge', 'market', 'starting')),
            Field("weapon", "unit reference", "required", "an unequipped weapon in the player's battle area",
                  ("equip",)),
            Field("unit", "unit reference", "required", "the player's unit that wields it (G4)", ("equip",)),
            Field("equip", "list of { weapon, unit }", "[]", "equips made before the turn ends", ("end_turn",)),
            Field("attackers", "list of unit references", "required", "the player's attacking units", ("attack",)),
            Field("defender", "player name", "the only enemy", "needed with 2+ enemies still in", ("attack",)),
            Field("blocks", "table attacker = blocker", "{}", "the defender's blocks (G2)", ("attack",)),
            Field("pay", "true or false", "false", "pay each \"you may pay\" ability of this action once (G6)",
                  CHOOSING),
            Field("destroy", "unit reference or list", "the only legal unit", "what destroy effects destroy, "
                  "in the order they ask", CHOOSING),
            Field("target", "player name", "the defender, else the only enemy", "the enemy player hit by damage "
                  "effects", CHOOSING),
            Field("order", "list of card ids", "see GS-R12", "abilities that fire together, in the order to "
                  "resolve them", CHOOSING),
            Field("method", "new, experienced-2p or experienced-3-4p", "required", "how the initial markets "
                  "are made", ("setup_markets",)),
            Field("deals", "table name = list of card ids", "{}", "the cards dealt to each player",
                  ("setup_markets",)),
            Field("picks", "table name = list of card ids", "{}", "the cards each player keeps",
                  ("setup_markets",)),
        )),
    ),
    notes=(f"A unit reference is {UNIT}. In a TOML key it needs quotes: "
           "`blocks = { \"bannerman#2\" = \"Bob:ember-whelp\" }`.",),
)
ACTION_KEYS = {kind: STATE_SCHEMA.kind_keys("action", kind) for kind in KINDS}
