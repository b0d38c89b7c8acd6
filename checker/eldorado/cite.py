"""The rule behind each step: a rulebook section with a short quote, and/or a ruling id.

Every quote is copied word for word from the rulebook (a test checks each one is
there), so a player can find it on the page. Ruling ids: E1-E6 are the house
rulings (design/eldorado.md), ELD-n ours (checker/rulings/eldorado.toml).
"""
from __future__ import annotations

from checker.core.cite import cite as _cite


START = "Start of Game"
MOVE = "Movement Rules"
COMBAT = "Combat Rules"

DIE = "E1"
CREW = _cite(START, "once to recruit the crew: the player receives as many soldiers as the die shows", "ELD-15")
PROVISIONS = _cite(START, "once to take on provisions: the player receives as many barrels of provisions as the die shows", "ELD-15")
MUSKETS = _cite(START, "For every five soldiers, the player additionally receives one musket.", "ELD-15")
CANNONS = _cite(START, "on an even result the player receives two cannons, and on an odd result, only one.")
DEPARTURE = _cite(START, "Each player begins the game on their departure point.", "ELD-15")
ISLAND = _cite(MOVE, "Provisions can be replenished on islands at which the player's ship is moored", "ELD-15")
ARTIST = _cite(MOVE, "except the Island of the Artist's Wife, which does not exist in nature")
PORT = _cite(MOVE, "by the same rules as at the start of the game", "ELD-15")
NO_WEAPONS = _cite(START, "Later on, weapons can be obtained only by defeating an opponent in combat.", "ELD-15")

CALM = _cite(MOVE, "1, Calm: the player skips their move.", "E4")
STORM = _cite(MOVE, "6, Storm: the player skips their move in order to repair the rigging of the ship.", "E4")
WIND = _cite(MOVE, "2-5, Fair wind: the player moves in the chosen direction a number of squares equal to the die result.", "E4")
COAST = "E4; ELD-1"  # E4: "it stops early at a coast"
EDGE = "E4"
EAT = _cite(MOVE, "one barrel of provisions is used up per day (per move)", "E3")
HUNGER = _cite(MOVE, "one barrel of provisions is used up per day (per move)", "E3", "ELD-3")
ASLEEP = _cite(MOVE, "On an even result the monsters are asleep.", "ELD-4")
DEVOUR = _cite(MOVE, "On an odd result the monsters devour one soldier and one barrel of provisions per move", "ELD-4")
RIVER = _cite(MOVE, "players move along rivers in the same way as at sea, but without calm and storm", "E5", "ELD-5")
UPSTREAM = _cite(MOVE, "the player subtracts one point from their move", "E5", "ELD-5")
DOWNSTREAM = _cite(MOVE, "When moving with the current, the player adds one point.", "E5", "ELD-5")
NO_FOOD_RIVER = "E3"
CONTROL = _cite(MOVE, "otherwise they cannot control the ship", "ELD-2")

ASHORE = _cite(MOVE, "the player leaves their ship (its card and all its cannons) on the square where it was moored", "ELD-7")
GUARD = _cite(MOVE, "may split it and leave a guard with the ship on the shore", "ELD-7")
WALK = _cite(MOVE, "The player moves a number of squares equal to the die result.", "ELD-6")
NO_FOOD_LAND = _cite(MOVE, "On land, provisions are not used up", "E3")
OPEN = _cite(MOVE, "As soon as the player reaches the square of their city, they open their Eldorado card")
ANY_SHIP = _cite(MOVE, "They may return to any ship standing at the shore.", "ELD-6")
STOP_INDIANS = _cite(COMBAT, "The Indians fight to the death", "ELD-6", "ELD-13")

SAME_SQUARE = _cite(COMBAT, "A combat takes place when opponents stand on the same square.")
POINTS = _cite(COMBAT, "Each of them rolls the die and adds the following to the number rolled", "E2", "ELD-7")
TIE = "E2"
LUCK = _cite(COMBAT, "as many soldiers of the opponent die (leave the game) as the points that come up", "ELD-10")
DIFFERENCE = _cite(COMBAT, "The difference between the points rolled equals the soldiers lost or the weapons lost.", "E2", "ELD-9")
BARRELS = _cite(COMBAT, "At sea, the winner also receives barrels of provisions as damage, at 2 points for each barrel.", "E2")
TREASURE = _cite(COMBAT, "The player receives the enemy's damage in treasure (one point per treasure pile)", "ELD-8")
WEAPONS = _cite(START, "Later on, weapons can be obtained only by defeating an opponent in combat.", "ELD-9")
PRISONER = _cite(COMBAT, "as damage they take one of the opponent's soldiers prisoner", "ELD-11")
LEAVES = _cite(COMBAT, "all of that player's people have died, and this player leaves the game", "ELD-12")
INDIANS = _cite(COMBAT, "Against Indians, the player rolls the die once and subtracts the points rolled.", "ELD-13")
INDIANS_KILL = _cite(COMBAT, "for each point lost, one of the player's soldiers dies", "ELD-13")
GOLD = _cite(COMBAT, "takes treasure equal to that sum, at three full points per treasure pile", "ELD-13")
TAKEOVER = _cite(MOVE, "If there is a foreign crew on board, the player must fight to take over the ship.", "ELD-14")
GUARD_FALLS = _cite(MOVE, "If there is a foreign crew on board, the player must fight to take over the ship.", "ELD-12",
                    "ELD-14")  # the guard is wiped out; its owner stays in the game

HOME_SOLDIER = _cite(MOVE, "A player may return home only if at least one soldier (other than the player himself) remains with them", "E6")
VICTORY = "E6"
NOT_HOME = _cite(MOVE, "A player may return home only if at least one soldier (other than the player himself) remains with them", "E6", "ELD-16")
