"""The cited log: every step a player sees names the rule that made it happen."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One thing that happened, and why (a rulebook section with a quote, or a ruling id)."""

    text: str
    rule: str
    player: str | None = None
    card: str | None = None
    priority: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Log:
    """Steps in order; the fast simulation path passes `enabled=False` and pays nothing."""

    enabled: bool = True
    steps: list[Step] = field(default_factory=list)

    def add(self, text: str, rule: str, player: str | None = None, card: str | None = None,
            priority: str | None = None) -> None:
        if self.enabled:
            self.steps.append(Step(text, rule, player, card, priority))
