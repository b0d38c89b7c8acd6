"""`checker resolve` for Eldorado: one action settled, the verdict first, then every step with its rule."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from checker.core.errors import StateError
from checker.core.result import Resolution

from . import cite, combat, movement, supply
from .judge import check_homecoming, ranking
from .play import Play
from .state import NO_SHIP, Player, read_table, write_table
from .world import world_of


def homecoming(play: Play, p: Player, fields: dict) -> None:
    """E6 claimed for a ship already moored at a home port; a refusal names the missing field."""
    port = play.chart.port(p.ship) if p.ship is not None else None
    if port is None:
        raise StateError(f"the ship is at '{p.ship or NO_SHIP}', not in a home port of Europe "
                         f"({', '.join(f'{q.name} {q.square}' for q in play.chart.ports.values())})",
                         player=p.name, field="ship")
    if not p.aboard:
        raise StateError(f"the party is at '{p.at}', away from the ship in {port.name}", player=p.name, field="at")
    check_homecoming(play, p, claimed=True)


ACTIONS = {
    "move": movement.move,
    "outfit": supply.outfit,
    "resupply": supply.resupply,
    "combat": combat.combat,
    "indians": combat.indians,
    "takeover": combat.takeover,
    "homecoming": homecoming,
}


def combat_due(play: Play, p: Player) -> None:
    """A move that ends on an opponent's square makes a combat due: the next action to settle."""
    for o in play.table.players:
        if o is not p and not o.out and o.at == p.at:
            play.say(p, f"ends the move on {o.name}'s square {p.at}: a combat is due", cite.SAME_SQUARE)
            play.event(f"A combat is due: {p.name} and {o.name} stand on {p.at} (settle it with kind = \"combat\", "
                       f"opponent = \"{o.name}\")")


def resolve(state: dict[str, Any], game: Any, seed: int | None = None, base: Path | None = None) -> Resolution:
    """Settle the state file's one action; `seed` rolls the dice the state does not give (E1)."""
    world = world_of(game, state.get("map"), base)
    table = read_table(state, world)
    before = {p.name: p.snapshot() for p in table.players}
    play = Play(table, seed)
    action = table.action
    ACTIONS[action.kind](play, action.player, action.fields)
    if action.kind == "move" and play.winner is None:
        combat_due(play, action.player)
    play.leftover_dice()
    scores = winners = None
    if play.winner is not None:
        scores, winners = ranking(table.players, play.winner)
        for name, s in scores.items():
            if name != play.winner:
                play.say(None, f"{name} ranks {s['rank']} with {s['treasure']} treasure pile(s)", "E6")
    verdict = _verdict(play, before)
    return Resolution(verdict, play.log.steps, write_table(table, state, play.winner), play.winner is not None,
                      scores, winners)


def _verdict(play: Play, before: dict[str, dict[str, Any]]) -> list[str]:
    lines = list(play.events) or ["nothing changes"]
    for p in play.table.players:
        now = p.snapshot()
        changes = [f"{key} {_shown(old)} -> {_shown(now[key])}" for key, old in before[p.name].items()
                   if now[key] != old]
        if changes:
            lines.append(f"{p.name}: {', '.join(changes)}")
    lines.append(f"The game is over: {play.winner} wins (E6)." if play.winner else "The game goes on.")
    return lines


def _shown(value: Any) -> str:
    return NO_SHIP if value is None else str(value).lower() if isinstance(value, bool) else str(value)
