"""The cited log: every step a player sees names the rule that made it happen.

A step is data (who, which card or action, the rule ids, the values it moved, and what
kind of decisive event it is, if any), rendered to words once: `text` here, and
`Resolution.as_text` for the whole log. The verdict's headline is drawn from the kinds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The decisive events a headline names, in the order it names them (checker.core.headline).
KINDS = ("win", "kill", "block", "hit", "nothing", "combat")


@dataclass(frozen=True)
class Step:
    """One thing that happened, and why (a rulebook section with a quote, and/or ruling ids)."""

    text: str
    rule: str
    player: str | None = None
    card: str | None = None
    priority: str | None = None
    kind: str | None = None  # one of KINDS when the step decides the dispute
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> list[str]:
        """The rule ids the citation names: the rulebook section, then each ruling."""
        parts = self.rule.split("; ")
        return [parts[0].split(": ", 1)[0]] + parts[1:] if parts and parts[0] else []

    def as_dict(self) -> dict[str, Any]:
        """The step as JSON: no field that is empty or not set (Eldorado has no cards, G&S no priorities)."""
        out: dict[str, Any] = {"text": self.text, "rule": self.rule, "rules": self.rules}
        for key in ("player", "card", "priority", "kind"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.values:
            out["values"] = self.values
        return out


@dataclass
class Log:
    """Steps in order; the fast simulation path passes `enabled=False` and pays nothing."""

    enabled: bool = True
    steps: list[Step] = field(default_factory=list)

    def add(self, text: str, rule: str, player: str | None = None, card: str | None = None,
            priority: str | None = None, kind: str | None = None, **values: Any) -> None:
        if self.enabled:
            assert kind is None or kind in KINDS, kind
            self.steps.append(Step(text, rule, player, card, priority, kind, values))
