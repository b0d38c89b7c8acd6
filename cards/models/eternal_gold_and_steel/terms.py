"""Gold and Steel's rulebook words: influence symbols, keywords, amounts and printable icons.

They stand alone because effects, abilities, records and checks all speak them, and
none of those should have to import another just to name a keyword.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

Influence = Literal["fire", "time", "justice", "primal", "shadow"]
INFLUENCES: tuple[str, ...] = ("fire", "time", "justice", "primal", "shadow")
Keyword = Literal["lifesteal", "berserk"]
Amount = Annotated[int, Field(ge=1, le=10)]

ICONS = {*INFLUENCES, "gold", "power", "health", "strength", "attack"}


def keyword_name(keyword: str) -> str:
    """How a keyword is printed: 'lifesteal' -> 'Lifesteal'."""
    return keyword.capitalize()
