"""The rule behind each step: a rulebook section with a short quote, and/or a ruling id.

Every quote is copied word for word from the rulebook (a test checks each one is there),
so a player can find it on the page. Rulings: G1-G8 (house), P1-P3 (the kit's provisional
base rules), GS-R1.. (ours); `checker rulings eternal-gold-and-steel` lists them all.
"""
from __future__ import annotations

from checker.core.cite import cite as _cite, join, ruling


# Gold
EARN_GOLD = _cite("Earning Gold", "When they do, they take that many gold tokens from the token pool.", "G3", kinds=("gain",))
GOLD_POOL = _cite("Contents", "Tokens: 20 Gold tokens and 1 Sentinel token.", "GS-R13", kinds=("gain", "nothing"))
GOLD_STAYS = _cite("Earning Gold", "Unlike power, gold can accumulate over multiple turns.", "G3", kinds=("turn",))
PAY_GOLD = _cite("Paying Gold", "you may encounter opportunities to spend it for game effects (returning it to the token pool)", "G6", kinds=("pay",))
PAY_POWER = _cite("FAQ", "When I play a card that allows me to pay gold or power to do something", "G6", kinds=("pay",))
PAY_ONCE = _cite("FAQ", "can I pay multiple times to multiply the effect? No.", "G6", kinds=("nothing",))
# Markets
MARKET = _cite("Markets", "A player may play a market card during their turn by paying its gold cost", "G3", kinds=("pay",))
NO_WARP = _cite("Markets", "No warp tokens need be spent, even though the card is played immediately!", "G3", kinds=("pay",))
TO_BATTLE = _cite("Markets", "Reveal the card from your market and add it to your battle area.", "G3", kinds=("card",))
PART_OF_DECK = _cite("Markets", "Once a market card is paid for, it becomes part of your deck.", "G3", kinds=("card",))
PLAYED_FREE = _cite("Markets", "You don't pay gold again later when you draw a market card from your deck and play it.", "G3", "P2", kinds=("reveal",))
UNIT_PLAYED = ruling("GS-R1", kinds=("card",))  # from the hand: the base game's rule, which the rulebook does not print
ADD_MARKET = _cite("Adding Cards to Your Market", "Simply take the top card from the market deck and put it in your market.", kinds=("card", "nothing"))
MARKET_EMPTY = ruling(ADD_MARKET, "GS-R6", kinds=("nothing",))  # the passage does not say what an empty deck gives
# Setup
SETUP_NEW = _cite("Setting Up Initial Markets", "Deal three market cards to each player. Players place these cards in their markets.", kinds=("setup",))
SETUP_2P_DEAL = _cite("Setting Up Initial Markets", "Deal four market cards face down to each player.", kinds=("setup",))
SETUP_2P_KEEP = _cite("Setting Up Initial Markets", "Each player puts two of their four cards in their market and passes the other two, face down, to their opponent.", kinds=("setup",))
SETUP_2P_CHOOSE = _cite("Setting Up Initial Markets", "chooses one to add to their market, and puts the other on the bottom of the market deck.", kinds=("setup",))
SETUP_34P_FIRST = _cite("Setting Up Initial Markets", "Each player chooses one of these cards to put in their market and passes the other three, face down, to the player on their left.", kinds=("setup",))
SETUP_34P_SECOND = _cite("Setting Up Initial Markets", "each player looks at the three cards they were passed, chooses one to add to their market, and passes the other two to the player on their left.", kinds=("setup",))
SETUP_34P_LAST = _cite("Setting Up Initial Markets", "each player looks at the two cards they were passed, chooses one to add to their market, and puts the other on the bottom of the market deck.", kinds=("setup",))
SETUP_METHOD = _cite("Setting Up Initial Markets", "Choose the method that best matches your situation", kinds=("setup",))
SHUFFLE_MARKET = _cite("Changes to Setup", "Give each player a market tray, then shuffle the market deck.", "GS-R6", kinds=("card",))
# Throne
THRONE = _cite("The New Eternal Throne", "any player may pay 5 power to activate its ability on their turn", "G7", kinds=("pay", "ability"))
THRONE_FLIP = _cite("The New Eternal Throne", "flip the card over (as noted in the ability) to mark that the ability is no longer available", "G7", kinds=("card",))
# Weapons
WEAPON_PLAYED = _cite("Weapons", "When you play a weapon, place it in your battle area. You do not need to equip a unit with it immediately.", "G4", kinds=("card",))
EQUIP = _cite("Weapons", "At any point during your turn, you may equip one of your units with a weapon in your battle area.", "G4", kinds=("card",))
WIELDER = _cite("Weapons", "Units can be equipped with weapons to increase their strength and/or provide special abilities.", "G4", kinds=("card",))
WEAPON_STAYS = _cite("Weapons", "Once equipped, the weapon remains there until that unit is discarded, and is then discarded along with it.", "G4", kinds=("card",))
MUST_EQUIP = _cite("Weapons", "Before you end your turn, you must equip any weapons in your battle area to a unit, if possible.", "G4", kinds=("card",))
NO_UNITS = _cite("Weapons", "If you don't have any units, weapons remain in your battle area until your next turn.", "G4", kinds=("card",))
# Double influence
DOUBLE = _cite("Double-Influence Abilities", "abilities that activate if you play at least two other cards with the indicated influence symbol on the same turn", "G5", kinds=("ability",))
# Combat and health (house rulings: the base game's rules are not in the rulebook)
BLOCK = ruling("G2", kinds=("block", "card"))
BLOCKED_STAYS = ruling("G2", "GS-R15", kinds=("card",))  # Recurring Nightmare's ability does not undo a block
UNBLOCKED = ruling("G2", kinds=("damage", "nothing"))
LIFESTEAL = ruling("G2", kinds=("gain",))
BERSERK = ruling("G2", kinds=("damage",))
OUT = ruling("G1", kinds=("kill", "nothing"))
WINNER = ruling("G1", kinds=("win",))
ATTACK_OVER = ruling("P1", kinds=("card",))
POWER_LOST = _cite("Earning Gold", "Unlike power, gold can accumulate over multiple turns. You do not need to spend it by the end of your turn.", "G3", kinds=("turn",))
# FAQ answers
FAQ_OBRAK = _cite("FAQ", "If I play Obrak, the Feaster when I have no other units in play, do I have to destroy Obrak? Yes.", kinds=("kill",))
FAQ_ORDER = _cite("FAQ", "The owner of the attacking cards can decide which order to resolve such effects.", kinds=("order",))
FAQ_SPITFIRE = _cite("FAQ", "If I trigger Spitfire, but there isn't an enemy unit to destroy, do I get to deal damage to an enemy player? Yes.", kinds=("nothing",))
FAQ_NIGHTMARE = _cite("FAQ", "Weapons remain with a unit until that unit is discarded.", "G4", kinds=("card",))
FAQ_ICEBOW = _cite("FAQ", "Can Icebow's damage trigger effects of cards like Crimson Firemaw and Thief's Pick? Yes!", kinds=("damage",))
FAQ_ICEBOW_BERSERK = _cite("FAQ", "If you equip Icebow to a Berserk unit, the unit will deal 2 damage to an enemy player.", "G2", kinds=("damage",))
FAQ_ICEBOW_LIFESTEAL = _cite("FAQ", "If you equip Icebow to a Lifesteal unit, you'll gain 1 health. You'll gain 2 if the unit has Lifesteal and Berserk!", "G2", kinds=("gain",))
FAQ_FORGEBORN = _cite("FAQ", "Once the Forgeborn ability puts the +3 attack token on itself, that token remains no matter how many units you have in play.", kinds=("ability",))
FAQ_CONDITION = _cite("FAQ", "This ability provides an effect if you meet a condition.", kinds=("nothing",))
FAQ_WHILE = _cite("FAQ", "Only abilities that trigger while you meet a condition (such as Tinker Overseer) can be taken away again after being met.", kinds=("ability",))
FAQ_KATRA = _cite("FAQ", "Katra's ability can work while in the discard pile, but she can also return to your hand in the case where she and a Lifesteal unit were both involved in a successful attack.", "GS-R4", kinds=("ability", "card"))
# The kit's rulings without a rulebook passage to quote (checker/rulings/eternal-gold-and-steel.toml)
HAND_PLAY = ruling("P2", kinds=("reveal",))  # a card played from the hand is free
MARKET_UNIT = ruling(TO_BATTLE, "GS-R1", kinds=("card",))
DOUBLE_FIRES = ruling(DOUBLE, "GS-R9", kinds=("ability",))
SAME_TIME = ruling(FAQ_ORDER, "GS-R12", kinds=("order",))
EFFECT = ruling("GS-R2", kinds=("ability", "card", "damage", "gain", "kill", "nothing"))  # a card does what it says
ATTACK = ruling("GS-R3", kinds=("target", "ability", "card", "nothing"))
OUT_ALREADY = ruling(OUT, "GS-R10", kinds=("nothing",))
NO_ONE_LEFT = ruling("GS-R10", kinds=("nothing",))
MOST = ruling("GS-R10", kinds=("gain",))  # health and power stop at 999, the most a state holds
TOKEN = ruling("GS-R7", kinds=("card", "nothing"))
TOKEN_POOL = ruling("GS-R7", kinds=("kill", "card"))  # a Sentinel leaving the battle area goes back to the pool
WIELDER_LEFT = ruling("GS-R14", kinds=("card",))  # weapons of a unit that left the battle area but was not discarded
SEED_PICK = ruling("GS-R11", kinds=("setup",))
DECK_UNKNOWN = ruling("GS-R6", kinds=("setup",))
RESHUFFLE = ruling("GS-R5", kinds=("card",))
NOTHING_TO_DRAW = ruling("GS-R5", kinds=("nothing",))
END_TURN = ruling("GS-R8", kinds=("turn",))
POWER = ruling("G3", kinds=("gain",))
