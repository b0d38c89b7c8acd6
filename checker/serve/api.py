"""What the API answers, without the web framework: the CLI's own resolve, on a state sent as TOML."""
from __future__ import annotations

import json
from typing import Any

from checker.core.errors import StateError
from checker.core.resolve_cmd import Refused, printed, settle
from checker.core.state_io import parse_state

from .games import Served

MAX_BODY = 256_000  # bytes: a state of the largest game with every pile listed is under 20 kB


def resolve(served: Served, body: bytes, label: str, seed: int | None) -> tuple[int, str]:
    """(200, what `checker resolve --json` prints) or (422, the refusal as JSON: error, player, field)."""
    place = served.place(label)
    try:
        result = settle(label, lambda: parse_state(body, label), seed, place)
    except Refused as exc:
        return 422, _refusal(str(exc), exc.player, exc.field)
    given = result.state.get("map")
    if given in place.maps:  # the next state names the served folder as the state did
        result.state["map"] = place.maps[given]
    return 200, printed(result, True) + "\n"


def parse(body: bytes, label: str) -> tuple[int, str]:
    """A TOML state as JSON (the page opens a state file), or its refusal as JSON (422)."""
    try:
        state = parse_state(body, label)
    except StateError as exc:
        return 422, _refusal(str(exc), exc.player, exc.field)
    try:
        return 200, json.dumps(state, indent=2, ensure_ascii=False)
    except (TypeError, ValueError):  # a TOML date or time: no state field takes one
        return 422, _refusal(f"{label}: expected numbers, text, true/false, lists and tables, got a date or time",
                             None, None)


def _refusal(message: str, player: str | None, field: str | None) -> str:
    body: dict[str, Any] = {"error": message, "player": player, "field": field}
    return json.dumps(body, indent=2, ensure_ascii=False)
