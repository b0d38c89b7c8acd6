"""`checker resolve` for El Dorado Canyon: the verdict first, then every step with its rule."""
from __future__ import annotations

from typing import Any

from checker.core.log import Log
from checker.core.result import Resolution
from checker.core.verdict import change_lines, numbers

from . import cite
from .judge import end_reasons, final_scores
from .rules import rules_of
from .state import read_table, write_table
from .turn import Table
from .wording import WORDS, ending

SHOWN = ("health", "ammo", "unbanked", "banked", "infamy", "graveyard")


def resolve(state: dict[str, Any], game: Any, seed: int | None = None) -> Resolution:
    """Resolve one turn of a state file (`seed` is unused: the state gives every card)."""
    rules = rules_of(game)
    log = Log(table=WORDS)
    table, plays = read_table(state, rules, log)
    before = {p.name: numbers(p, SHOWN) for p in table.players}
    table.play_turn(plays)
    reasons = end_reasons(table)
    scores = winners = None
    table.where = ("end", None, None)
    if reasons:
        scores, winners = final_scores(table.players)
        table.say(cite.NO_DRAW if not reasons["reached"] else cite.END_INFAMY, kind="win", **reasons)
        for p in table.players:
            s = scores[p.name]
            table.say(cite.SCORE, p, kind="score", who=p.name, infamy=s["infamy"], banked=s["banked"],
                      graveyard=s["graveyard"], score=s["score"])
        top = max(s["score"] for s in scores.values())
        if sum(1 for s in scores.values() if s["score"] == top) > 1:
            table.say(cite.TIE, kind="score", cause="tie", score=top, health=scores[winners[0]]["health"],
                      winners=winners)
    verdict = _verdict(table, before, reasons)
    return Resolution(verdict, log.steps, write_table(table, state), bool(reasons), scores, winners,
                      names=log.names)


def _verdict(table: Table, before: dict[str, dict[str, int]], reasons: dict[str, Any] | None) -> list[str]:
    # a character killed this turn takes its tracks to the graveyard: they are not the player's losses
    dead = {p.name for p in table.players if p.char is None and before[p.name]["health"]}
    tracks = {name: {k: v for k, v in shown.items() if name not in dead or k not in ("health", "ammo")}
              for name, shown in before.items()}
    lines = change_lines(table.players, tracks, table.events)
    lines.append(f"First player next turn: {table.players[table.first].name}")
    lines.append(f"The game is over: {ending(reasons)}" if reasons else _goes_on(table))
    return lines


def _goes_on(table: Table) -> str:
    """"The game goes on", unless an empty character deck ends it at the next draw (a state without [characters])."""
    if table.characters:
        return "The game goes on."
    dead = [p.name for p in table.players if p.char is None]
    why = "no [characters] table in this state" if table.characters is None else "characters.deck is empty"
    if dead:
        return (f"The game goes on, but {' and '.join(dead)} must draw a character at the end of next turn and the "
                f"character deck is empty ({why}): the game ends then (EDC-1).")
    return (f"The game goes on; beware: the character deck is empty ({why}), so the game ends as soon as a character "
            "must be drawn (EDC-1).")
