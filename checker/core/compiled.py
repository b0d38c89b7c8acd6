"""What an engine's `resolve` is handed, turned into the engine's own play objects.

`resolve(state, game)` gets the compiled data cached by `gamecache` (a dict), a loaded
`cards.Game` (a cache miss, a test), or play objects already built (simulations reuse
them); every engine meets the same three cases, so they are told apart here once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

if TYPE_CHECKING:
    class _FromCompiled(Protocol):
        def __init__(self, compiled: dict[str, Any], /) -> None: ...

    Built = TypeVar("Built", bound=_FromCompiled)


def compiled(game: Any, compile_game: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The game as compiled data: as given, or compiled from a loaded `cards.Game`."""
    return game if isinstance(game, dict) else compile_game(game)


def built(game: Any, kind: type[Built], compile_game: Callable[[Any], dict[str, Any]]) -> Built:
    """`kind` built from the compiled game, or the game itself when it is one already."""
    return game if isinstance(game, kind) else kind(compiled(game, compile_game))
