"""Eldorado's symbols registered as engine icons, so `:soldier:` or `:port:` in card text
draws the same soldier or anchor as the map and the common pile.

The engine scopes icons by template module; ours is the package itself
(`generator.templates.eldorado`), so another game's `:cannon:` never replaces ours.
The engine passes the print style, so inline icons take the ink-saver palette in
the ink-saver kit, like the map and the cards.
"""
from __future__ import annotations

from generator.engine.icons import DrawIcon, register_icon

from .palette import palette
from .symbols import SYMBOLS, Symbol

SCOPE = __package__
FILL = 0.9  # of the icon's square: a symbol's strokes reach a little past its nominal size


def as_icon(symbol: Symbol) -> DrawIcon:
    """A centred symbol as an engine icon drawn in the square (x, y, size, size)."""

    def draw(c, x: float, y: float, size: float, style=None) -> None:
        c.saveState()
        c.translate(x + size / 2, y + size / 2)
        symbol(c, palette(style), size * FILL)
        c.restoreState()
    return draw


for _name, _symbol in SYMBOLS.items():
    register_icon(_name, as_icon(_symbol), scope=SCOPE)
