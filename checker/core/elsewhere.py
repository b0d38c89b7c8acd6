"""Where an id the game does not know is defined instead: a pointed hint for a state naming the wrong game.

A player who wrote `game = "el-dorado-canyon"` and played a card of their own folder sees
which folder defines it and the `game` line that reads it. Only the folders next to the
state file and the built-in games are searched, and only after the state was refused.
"""
from __future__ import annotations

from pathlib import Path


def elsewhere(value: object, game_ref: str, state_file: Path) -> str:
    """"; 'x' is defined in ./my-game: write game = "./my-game"" or "" when no other game defines `value`."""
    from cards.families import builtin_games
    from common.files import is_file

    if not isinstance(value, str) or not value:
        return ""
    here = state_file.parent
    try:
        folders = sorted(p for p in here.iterdir() if p.is_dir() and is_file(p / "game.toml"))
    except OSError:
        folders = []
    candidates = [(f"./{p.name}", str(p)) for p in folders] + [(g, g) for g in builtin_games()]
    current = (here / game_ref).resolve() if game_ref not in builtin_games() else None
    return defined_in(value, game_ref, [(shown, ref) for shown, ref in candidates
                                        if shown != game_ref and (current is None or Path(ref).resolve() != current)])


def defined_in(value: object, game_ref: str, candidates: list[tuple[str, str]]) -> str:
    """The hint for `value` from the other games `candidates` gives, as (the `game` line's text, what
    `load_game` takes); `checker serve` gives its served games."""
    from cards import DefinitionError, load_game

    if not isinstance(value, str) or not value:
        return ""
    found = []
    for shown, ref in candidates:
        try:
            game = load_game(ref)
        except (DefinitionError, OSError):
            continue
        if any(r.id == value for r in game.records()):
            found.append(shown)
    if not found:
        return ""
    lines = " or ".join(f'game = "{g}"' for g in found)
    return f"; {value!r} is defined in {', '.join(found)}, not in {game_ref}: write {lines}"
