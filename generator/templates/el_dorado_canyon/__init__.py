"""El Dorado Canyon's faces and backs (the template contract of generator/templates)."""
from __future__ import annotations

from .action import draw_action

FRONTS = {
    "starting": draw_action,
    "town": draw_action,
}
BACKS: dict = {}
