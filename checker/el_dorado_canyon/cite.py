"""The rule behind each step: a rulebook section with a short quote, and/or a ruling id.

Every quote is copied word for word from the rulebook (a test checks each one is there),
so a player can find it on the page.
"""
from __future__ import annotations

from checker.core.cite import cite as _cite, join, ruling


REVEAL = _cite("Gameplay", "all players reveal their card face up in front of them at the same time", "EDC-18", kinds=("reveal",))
GONE_SITS_OUT = _cite("Being GONE", "they are not active in the game for that turn", "H7", kinds=("reveal",))
PRIORITY = _cite("Priority", "resolved first around the table clockwise, starting with the first player", "H1", kinds=("first", "order"))
TWO_ENDED = _cite("Gameplay", "The text (on the card you played) that you can read is going to be action you will take.", kinds=("reveal",))
DEAD_BEFORE = _cite("Priority", "If a character dies before their action occurs, they don't get to take any action that turn.", "H6", kinds=("nothing",))
GONE_NO_ACTION = _cite("Being GONE", "a character cannot be interacted with at all while they are GONE", "EDC-20", kinds=("nothing",))
AIM = _cite("Card Anatomy", "The arrow shows which opponent (left or right) will be targeted.", "H2", kinds=("target",))
ABILITY_AIM = _cite("Character Abilities", "When the ability on a character card is triggered, the reward is taken immediately.", "EDC-8", kinds=("target",))
TARGET = _cite("Being GONE", "the effect continues around the table in the same direction until it targets a character who is not GONE", "H2", kinds=("target", "nothing", "steal", "loss"))
NO_AMMO = _cite("Character Card Anatomy", "If your character has no ammo, you cannot use cards that require ammo.", "H4", "EDC-4", kinds=("nothing",))
AMMO = _cite("Starting Cards", "lose 1 ammo", "H3", "H4", kinds=("loss",))  # the Pistol's words
ATTACK_INFAMY = _cite("Infamy", "You gain infamy when instructed to do so by a card you played.", "H4", kinds=("gain",))
SELF_SHOT = _cite("FAQ", "Your character loses health, uses ammo, doesn't gain any infamy, even for a kill.", "H4", kinds=("target", "nothing"))
BOTH_SIDES = _cite("Card Anatomy", "The arrow shows which opponent (left or right) will be targeted.", "EDC-5", kinds=("target",))
DAMAGE = _cite("Character Card Anatomy", "The health track: a token will indicate how much health you have.", "H3", "EDC-6", kinds=("damage",))
BLOCK = _cite("Symbols and Terms", "Blocks damage equal to the number of damage symbols next to it, from each player, that turn", "H5", "EDC-6", kinds=("cover", "block", "damage"))
ATTACKER_DISCARDS = _cite("Infamy", "You discard infamy when instructed to do so by an opponent's card; if you don't have infamy to discard, you do nothing.", "H5", kinds=("cover", "loss"))
KILL = _cite("Killing Characters", "the player places it face-down in their graveyard and flips their camp card to GONE", "H6", kinds=("kill",))
KILL_INFAMY = _cite("Killing Characters", "The player that killed that character gains one additional infamy for the kill", "H6", kinds=("gain",))
ALIGNMENT_INFAMY = _cite("Infamy", "Killing a character who is bad if your character is good, or vice versa.", "H6", kinds=("gain",))
KILL_GOLD = _cite("Killing Characters", "steals all unbanked gold from that player", "H6", kinds=("steal",))
SPENT_BACK = _cite("Symbols and Terms", "return to hand when character dies", "H9", kinds=("card",))
TARGET_DISCARDS = _cite("Infamy", "You discard infamy when instructed to do so by an opponent's card; if you don't have infamy to discard, you do nothing.", "EDC-19", kinds=("loss", "nothing"))
PAY = _cite("Gold", "All gold that is spent may come from banked or unbanked gold.", "H8", "EDC-19", kinds=("pay", "nothing"))
GAIN_GOLD = _cite("Gold", "All gold that is gained in any manner is unbanked", "H8", kinds=("gain",))
CARD_TEXT = _cite("Card Anatomy", "The text shows what a card does, what you gain and what you must discard.", kinds=("gain", "loss", "set"))
GO_TO_TOWN_GOLD = _cite("Starting Cards", "take 2 gold from the table, but if you are attacked, only take 1 gold.", "H8", "EDC-7", kinds=("gain",))
ADVANCED_MINING = _cite("FAQ", "You gain 4 gold, but if you are attacked you gain nothing.", "H8", "EDC-7", kinds=("gain",))
IF_ATTACKED = ruling(CARD_TEXT, "H8", "EDC-7", kinds=("gain",))  # any other card that pays less if you are attacked
RESOLVE_AGAIN = ruling("H8; EDC-7", kinds=("order",))
CARD_AMMO = ruling(CARD_TEXT, "H3", "H4", kinds=("loss",))  # any other card that uses ammo
STEAL = ruling(CARD_TEXT, "EDC-19", kinds=("steal", "nothing"))  # the card says how much unbanked gold; EDC-19: at most what the target has
PER_ATTACKER = _cite("FAQ", "you gain 1 infamy per player who is attacking you", "EDC-7", kinds=("gain",))
GAIN_INFAMY = _cite("Infamy", "You gain infamy when instructed to do so by a card you played.", kinds=("gain",))
ABILITY_INFAMY = _cite("Infamy", "Certain character abilities gain you infamy.", "EDC-8", kinds=("gain",))
TAKE_COVER_AMMO = _cite("Starting Cards", "discard 1 gold and gain 5 ammo", "H3", "H5", kinds=("gain",))
HIDEOUT = _cite("Starting Cards", "Secret Hideout: place your health and ammo at 5 and you're GONE; OR place your health and ammo at 4", "H3", kinds=("set",))
AMMO_TRACK = ruling(_cite("Character Card Anatomy", "The ammo track: a token will indicate how much ammo you have.", kinds=("gain",)), CARD_TEXT, "H3", kinds=("gain",))
SET_TRACKS = ruling(CARD_TEXT, "H3", kinds=("set",))
HEAL = _cite("Character Card Anatomy", "The health track: a token will indicate how much health you have.", "H3", kinds=("gain",))
ABILITY_TRACKS = _cite("Character Abilities", "When the ability on a character card is triggered, the reward is taken immediately.", "H3", "EDC-8", kinds=("gain", "set"))
BANK = _cite("Symbols and Terms", "Bank all (gold icon): move all your unbanked gold to your bank (below your camp card).", "H8", kinds=("bank",))
REFRESH = _cite("Starting Cards", "you may spend 1 gold to discard all face-up town cards and replace them with 3 new town cards, from which you may purchase 1", "H8", "EDC-14", kinds=("pay", "nothing"))
BUY = _cite("Symbols and Terms", "you may purchase 1 card from the face-up town cards, pay the gold cost and place into your hand", "H8", "EDC-15", kinds=("buy", "nothing"))
GONE_CARD = _cite("Being GONE", "your character is not GONE until your card has been resolved", "H7", "EDC-20", kinds=("gone",))
ROSIE = _cite("FAQ", "All players pass the card they played the direction the card indicates, the cards then happen in front of new people", "EDC-13", kinds=("card", "nothing"))
ROSIE_BACK = _cite("FAQ", "Then all cards are passed back to their original owners.", "EDC-13", kinds=("card",))
PASSED_CHOICE = ruling("EDC-13", kinds=("nothing",))
ABILITY = _cite("Character Abilities", "When the ability on a character card is triggered, the reward is taken immediately.", "EDC-8", kinds=("ability", "nothing"))
IMMEDIATE = _cite("Character Abilities", "it means you take the reward right when you place that character in front of you", "H7", kinds=("ability",))
IMMEDIATE_IGNORED = _cite("Character Abilities", "If an \"immediate\" ability would end the game, ignore that ability.", "EDC-10", kinds=("nothing",))
BACK_TO_HAND = _cite("Gameplay", "You pick up your card and place it back into your hand", kinds=("card",))
ONCE = _cite("Symbols and Terms", "Once per character: play once, place under character card", "H9", kinds=("card",))
USE_ONCE = _cite("Symbols and Terms", "Use once: play once, discard facedown under the town deck.", "EDC-11", kinds=("card",))
EVENT = _cite("Card Types", "Event cards are discarded when played", "EDC-11", kinds=("card",))
GIVE = _cite("Symbols and Terms", "Give to attacked player: after resolved, give this card to the player who was attacked.", "EDC-12", kinds=("card",))
GONE_NEXT = _cite("Being GONE", "Whenever a character is GONE, they are GONE for the next turn as well.", "H7", kinds=("gone",))
BACK_IN = _cite("Symbols and Terms", "GONE: turn camp card over to GONE, skip next turn.", "H7", kinds=("gone",))
DRAW = _cite("Killing Characters", "After being GONE for an additional turn, the player whose character died, draws a new character card", "H7", "EDC-17", kinds=("gone",))
NO_DRAW = _cite("End-Game & Scoring", "A player needs to draw a character card and there isn't one to draw.", "H7", "H10", "EDC-1", kinds=("gone", "win"))
MARKER = _cite("Gameplay", "The first player marker is passed to the next player clockwise around the table when a turn is complete", "H1", "EDC-16", kinds=("turn",))
END_INFAMY = _cite("End-Game & Scoring", "A player has 10 infamy at the end of a turn.", "H10", kinds=("win",))
SCORE = _cite("End-Game & Scoring", "whichever number is SMALLER is your initial score", "H10", kinds=("score",))
TIE = _cite("End-Game & Scoring", "If there is a tie, character's current health is the tie-breaker.", "H10", "EDC-22", kinds=("score",))
