"""The rule behind each step: a rulebook section with a short quote, and/or a ruling id.

Every quote is copied word for word from the rulebook (a test checks each one is there),
so a player can find it on the page. Rulings: G1-G8 (house), P1-P3 (the kit's provisional
base rules), GS-R1.. (ours); `checker rulings eternal-gold-and-steel` lists them all.
"""
from __future__ import annotations

from checker.core.cite import cite as _cite, join


# Gold
EARN_GOLD = _cite("Earning Gold", "When they do, they take that many gold tokens from the token pool.", "G3")
GOLD_STAYS = _cite("Earning Gold", "Unlike power, gold can accumulate over multiple turns.", "G3")
PAY_GOLD = _cite("Paying Gold", "you may encounter opportunities to spend it for game effects (returning it to the token pool)", "G6")
PAY_ONCE = _cite("FAQ", "can I pay multiple times to multiply the effect? No.", "G6")
# Markets
MARKET = _cite("Markets", "A player may play a market card during their turn by paying its gold cost", "G3")
NO_WARP = _cite("Markets", "No warp tokens need be spent, even though the card is played immediately!", "G3")
TO_BATTLE = _cite("Markets", "Reveal the card from your market and add it to your battle area.", "G3")
PART_OF_DECK = _cite("Markets", "Once a market card is paid for, it becomes part of your deck.", "G3")
PLAYED_FREE = _cite("Markets", "You don't pay gold again later when you draw a market card from your deck and play it.", "G3", "P2")
UNIT_PLAYED = "GS-R1"  # from the hand: the base game's rule, which the rulebook does not print
ADD_MARKET = _cite("Adding Cards to Your Market", "Simply take the top card from the market deck and put it in your market.")
# Setup
SETUP_NEW = _cite("Setting Up Initial Markets", "Deal three market cards to each player. Players place these cards in their markets.")
SETUP_2P_DEAL = _cite("Setting Up Initial Markets", "Deal four market cards face down to each player.")
SETUP_2P_KEEP = _cite("Setting Up Initial Markets", "Each player puts two of their four cards in their market and passes the other two, face down, to their opponent.")
SETUP_2P_CHOOSE = _cite("Setting Up Initial Markets", "chooses one to add to their market, and puts the other on the bottom of the market deck.")
SETUP_34P_FIRST = _cite("Setting Up Initial Markets", "Each player chooses one of these cards to put in their market and passes the other three, face down, to the player on their left.")
SETUP_34P_SECOND = _cite("Setting Up Initial Markets", "each player looks at the three cards they were passed, chooses one to add to their market, and passes the other two to the player on their left.")
SETUP_34P_LAST = _cite("Setting Up Initial Markets", "each player looks at the two cards they were passed, chooses one to add to their market, and puts the other on the bottom of the market deck.")
SETUP_METHOD = _cite("Setting Up Initial Markets", "Choose the method that best matches your situation")
SHUFFLE_MARKET = _cite("Changes to Setup", "Give each player a market tray, then shuffle the market deck.", "GS-R6")
# Throne
THRONE = _cite("The New Eternal Throne", "any player may pay 5 power to activate its ability on their turn", "G7")
THRONE_FLIP = _cite("The New Eternal Throne", "flip the card over (as noted in the ability) to mark that the ability is no longer available", "G7")
# Weapons
WEAPON_PLAYED = _cite("Weapons", "When you play a weapon, place it in your battle area. You do not need to equip a unit with it immediately.", "G4")
EQUIP = _cite("Weapons", "At any point during your turn, you may equip one of your units with a weapon in your battle area.", "G4")
WIELDER = _cite("Weapons", "Units can be equipped with weapons to increase their strength and/or provide special abilities.", "G4")
WEAPON_STAYS = _cite("Weapons", "Once equipped, the weapon remains there until that unit is discarded, and is then discarded along with it.", "G4")
MUST_EQUIP = _cite("Weapons", "Before you end your turn, you must equip any weapons in your battle area to a unit, if possible.", "G4")
NO_UNITS = _cite("Weapons", "If you don't have any units, weapons remain in your battle area until your next turn.", "G4")
# Double influence
DOUBLE = _cite("Double-Influence Abilities", "abilities that activate if you play at least two other cards with the indicated influence symbol on the same turn", "G5")
# Combat and health (house rulings: the base game's rules are not in the rulebook)
BLOCK = "G2"
UNBLOCKED = "G2"
LIFESTEAL = "G2"
BERSERK = "G2"
OUT = "G1"
WINNER = "G1"
ATTACK_OVER = "P1"
POWER_LOST = _cite("Earning Gold", "Unlike power, gold can accumulate over multiple turns. You do not need to spend it by the end of your turn.", "G3")
# FAQ answers
FAQ_OBRAK = _cite("FAQ", "If I play Obrak, the Feaster when I have no other units in play, do I have to destroy Obrak? Yes.")
FAQ_ORDER = _cite("FAQ", "The owner of the attacking cards can decide which order to resolve such effects.")
FAQ_SPITFIRE = _cite("FAQ", "If I trigger Spitfire, but there isn't an enemy unit to destroy, do I get to deal damage to an enemy player? Yes.")
FAQ_NIGHTMARE = _cite("FAQ", "Weapons remain with a unit until that unit is discarded.", "G4")
FAQ_ICEBOW = _cite("FAQ", "Can Icebow's damage trigger effects of cards like Crimson Firemaw and Thief's Pick? Yes!")
FAQ_ICEBOW_BERSERK = _cite("FAQ", "If you equip Icebow to a Berserk unit, the unit will deal 2 damage to an enemy player.", "G2")
FAQ_ICEBOW_LIFESTEAL = _cite("FAQ", "If you equip Icebow to a Lifesteal unit, you'll gain 1 health. You'll gain 2 if the unit has Lifesteal and Berserk!", "G2")
FAQ_FORGEBORN = _cite("FAQ", "Once the Forgeborn ability puts the +3 attack token on itself, that token remains no matter how many units you have in play.")
FAQ_WHILE = _cite("FAQ", "Only abilities that trigger while you meet a condition (such as Tinker Overseer) can be taken away again after being met.")
FAQ_KATRA = _cite("FAQ", "Katra's ability can work while in the discard pile, but she can also return to your hand in the case where she and a Lifesteal unit were both involved in a successful attack.", "GS-R4")
