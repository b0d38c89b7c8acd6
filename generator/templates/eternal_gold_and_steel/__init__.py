"""Gold and Steel's looks (template contract: generator/templates/__init__.py).

FRONTS by record schema, BACKS by the component's back name.  Deck cards share one
back; the Throne's back is its flipped, spent side; tokens are printed the same on
both sides.  The round tokens are printed in the tray nets' cut-away corners (ROOMS).
"""
from typing import Any

from generator.engine.stamp import Spot

from . import icons  # noqa: F401  (registers the game's icons)
from .cards import deck_back, deck_card, stamp_spot, throne_front, throne_spent
from .tokens import marker, unit_token
from .tray import market_tray, tray_rooms

FRONTS = {"starting": deck_card, "forge": deck_card, "market": deck_card, "throne": throne_front,
          "marker": marker, "unit-token": unit_token, "tray": market_tray}
ROOMS = {"tray": tray_rooms}   # the tray net's cut-away corners hold the round tokens
BACKS = {"deck": deck_back, "throne-spent": throne_spent, "gold": marker, "attack": marker, "sentinel": unit_token}

# what a layout extending this look may change (generator/templates/regions.py)
REGIONS = {"picture": "the art window of a deck card or the Throne: moved, or replaced by art"}

# where the version stamp goes (generator.engine.stamp): a deck card's and the Throne's bottom-left, on the
# pale panel (`stamp_spot`); the tray's under its label (its corners are cut away); the reference card's on its
# title band (its rules run down to the bottom); the 25 mm Sentinel's small, under its name (a token: print.md's
# 6 pt is for cards); a 19 mm marker has none: its value and name fill its safe circle
STAMPS: dict[str, Any] = {"forge": stamp_spot, "market": stamp_spot, "starting": stamp_spot,
                          "throne": Spot("bottom-left", inset=(1.5, 1.5)),
                          "tray": Spot("bottom", inset=(0.0, 1.5)), "marker": None,
                          "unit-token": Spot(size=3.5), "reference": Spot("top-right")}
BACK_STAMPS: dict[str, Spot | None] = {"gold": None, "attack": None, "sentinel": Spot(size=3.5)}
