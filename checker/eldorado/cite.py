"""The rule behind each step: a rulebook section with a short quote, and/or a ruling id.

Every quote is copied word for word from the rulebook (a test checks each one is
there), so a player can find it on the page. Ruling ids: E1-E6 are the house
rulings (design/eldorado.md), ELD-n ours (checker/rulings/eldorado.toml).
"""
from __future__ import annotations

from checker.core.cite import cite as _cite, ruling


_START = "Start of Game"
_MOVE = "Movement Rules"
_COMBAT = "Combat Rules"

DIE = ruling("E1", kinds=("roll",))
CREW = _cite(_START, "once to recruit the crew: the player receives as many soldiers as the die shows", "ELD-15", kinds=("gain",))
PROVISIONS = _cite(_START, "once to take on provisions: the player receives as many barrels of provisions as the die shows", "ELD-15", kinds=("gain",))
MUSKETS = _cite(_START, "For every five soldiers, the player additionally receives one musket.", "ELD-15", kinds=("gain",))
CANNONS = _cite(_START, "on an even result the player receives two cannons, and on an odd result, only one.", kinds=("gain",))
DEPARTURE = _cite(_START, "Each player begins the game on their departure point.", "ELD-15", kinds=("reveal",))
ISLAND = _cite(_MOVE, "Provisions can be replenished on islands at which the player's ship is moored", "ELD-15", kinds=("gain",))
PORT = _cite(_MOVE, "by the same rules as at the start of the game", "ELD-15", kinds=("reveal",))
NO_WEAPONS = _cite(_START, "Later on, weapons can be obtained only by defeating an opponent in combat.", "ELD-15", kinds=("gain",))

CALM = _cite(_MOVE, "1, Calm: the player skips their move.", "E4", kinds=("move",))
STORM = _cite(_MOVE, "6, Storm: the player skips their move in order to repair the rigging of the ship.", "E4", kinds=("move",))
WIND = _cite(_MOVE, "2-5, Fair wind: the player moves in the chosen direction a number of squares equal to the die result.", "E4", kinds=("move",))
COAST = ruling("E4; ELD-1", kinds=("move",))  # E4: "it stops early at a coast"
EDGE = ruling("E4", kinds=("move",))
EAT = _cite(_MOVE, "one barrel of provisions is used up per day (per move)", "E3", kinds=("loss",))
HUNGER = _cite(_MOVE, "one barrel of provisions is used up per day (per move)", "E3", "ELD-3", kinds=("loss",))
ASLEEP = _cite(_MOVE, "On an even result the monsters are asleep.", "ELD-4", kinds=("move",))
DEVOUR = _cite(_MOVE, "On an odd result the monsters devour one soldier and one barrel of provisions per move", "ELD-4", kinds=("loss",))
RIVER = _cite(_MOVE, "players move along rivers in the same way as at sea, but without calm and storm", "E5", "ELD-5", kinds=("move",))
UPSTREAM = _cite(_MOVE, "the player subtracts one point from their move", "E5", "ELD-5", kinds=("move",))
DOWNSTREAM = _cite(_MOVE, "When moving with the current, the player adds one point.", "E5", "ELD-5", kinds=("move",))
NO_FOOD_RIVER = ruling("E3", kinds=("move",))

ASHORE = _cite(_MOVE, "the player leaves their ship (its card and all its cannons) on the square where it was moored", "ELD-7", kinds=("move",))
GUARD = _cite(_MOVE, "may split it and leave a guard with the ship on the shore", "ELD-7", kinds=("move",))
WALK = _cite(_MOVE, "The player moves a number of squares equal to the die result.", "ELD-6", kinds=("move",))
NO_FOOD_LAND = _cite(_MOVE, "On land, provisions are not used up", "E3", kinds=("move",))
OPEN = _cite(_MOVE, "As soon as the player reaches the square of their city, they open their Eldorado card", kinds=("move",))
ANY_SHIP = _cite(_MOVE, "They may return to any ship standing at the shore.", "ELD-6", kinds=("move",))
STOP_INDIANS = _cite(_COMBAT, "The Indians fight to the death", "ELD-6", "ELD-13", kinds=("move",))

SAME_SQUARE = _cite(_COMBAT, "A combat takes place when opponents stand on the same square.", kinds=("combat", "fight"))
DUE = _cite(_COMBAT, "A combat takes place when opponents stand on the same square.", "ELD-19", kinds=("combat",))  # a move ends there
POINTS = _cite(_COMBAT, "Each of them rolls the die and adds the following to the number rolled", "E2", "ELD-7", kinds=("fight",))
TIE = ruling("E2", kinds=("combat",))
LUCK = _cite(_COMBAT, "as many soldiers of the opponent die (leave the game) as the points that come up", "ELD-10", kinds=("loss",))
DIFFERENCE = _cite(_COMBAT, "The difference between the points rolled equals the soldiers lost or the weapons lost.", "E2", "ELD-9", kinds=("combat", "loss"))
BARRELS = _cite(_COMBAT, "At sea, the winner also receives barrels of provisions as damage, at 2 points for each barrel.", "E2", kinds=("pay",))
TREASURE = _cite(_COMBAT, "The player receives the enemy's damage in treasure (one point per treasure pile)", "ELD-8", kinds=("pay",))
WEAPONS = _cite(_START, "Later on, weapons can be obtained only by defeating an opponent in combat.", "ELD-9", kinds=("pay",))
PRISONER = _cite(_COMBAT, "as damage they take one of the opponent's soldiers prisoner", "ELD-11", kinds=("steal",))
LEAVES = _cite(_COMBAT, "all of that player's people have died, and this player leaves the game", "ELD-12", kinds=("kill",))
INDIANS = _cite(_COMBAT, "Against Indians, the player rolls the die once and subtracts the points rolled.", "ELD-13", kinds=("fight",))
INDIANS_KILL = _cite(_COMBAT, "for each point lost, one of the player's soldiers dies", "ELD-13", kinds=("loss",))
GOLD = _cite(_COMBAT, "takes treasure equal to that sum, at three full points per treasure pile", "ELD-13", kinds=("combat",))
TAKEOVER = _cite(_MOVE, "If there is a foreign crew on board, the player must fight to take over the ship.", "ELD-14", kinds=("fight", "move", "steal", "nothing"))
TAKE_SHIP = ruling("ELD-14", kinds=("loss",))  # the winner leaves the old ship, the loser's surviving guard goes ashore
GUARD_FALLS = _cite(_MOVE, "If there is a foreign crew on board, the player must fight to take over the ship.", "ELD-12", "ELD-14", kinds=("kill",))  # the guard is wiped out; its owner stays in the game

HOME_SOLDIER = _cite(_MOVE, "A player may return home only if at least one soldier (other than the player himself) remains with them", "E6", kinds=("win",))
VICTORY = ruling("E6", kinds=("score",))
NOT_HOME = _cite(_MOVE, "A player may return home only if at least one soldier (other than the player himself) remains with them", "E6", "ELD-16", kinds=("nothing",))
