"""Eldorado's phrase tables (`cards.phrases`): the words its looks print themselves, with their placeholders.

Eldorado's engine writes no card text; its looks (`generator/templates/eldorado`) write the chart's key, each
deck's word, the ship's hold, the standees' and the compass rose's words and the map-pieces note around the
records' own text.  They live here, as data, so a language is one more `phrases/CODE.toml` and no code.  Without
pydantic: the templates read it while printing a kept game.
"""
from __future__ import annotations

from pathlib import Path

from ...phrases import Phrases, Spec, table
from .kinds import ITEMS

DECKS = ("ship", "eldorado", "supply", "reference")      # the components with a back of their own word
TERRAINS = ("sea", "jungle", "mountains", "savanna", "desert", "farmland")   # the map key's terrains, in order
SYMBOLS = ("port", "city", "indian", "monster", "river", "none")             # and its symbols ('none': no provisions)

SPEC = Spec(Path(__file__).parent / "phrases", {
    **{f"decks.{deck}": () for deck in DECKS},
    "backs.game": (), "backs.eldorado": (),
    "hold.aboard": (), "hold.ashore": (), "hold.stay": (), "hold.note": (),
    **{f"hold.items.{item}": () for item in ITEMS},
    "eldorado.show": (), "standee.port": ("port",), "chart.motto": (),
    **{f"chart.terrain.{terrain}": () for terrain in TERRAINS},
    **{f"chart.symbols.{symbol}": () for symbol in SYMBOLS},
    "rose.north": (), "rose.east": (), "rose.south": (), "rose.west": (),
    "notes.kit": ("square", "holds", "counter", "marker"), "notes.poster": ("paper", "square", "holds"),
    "notes.standee": ("standee",), "notes.holds": ("counters", "ship"), "notes.two": (), "notes.one": (),
    "notes.none": (), "notes.ship": (), "notes.overhang": (), "notes.between": (),
})


def words(lang: str | None = None) -> Phrases:
    """The family's phrase table in `lang` (None: English)."""
    return table(SPEC, lang)
