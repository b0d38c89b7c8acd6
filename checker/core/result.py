"""What resolving one turn gives back, the same for every game."""
from __future__ import annotations

from typing import Any

from cards.formats import FORMAT

from .fields import toml_repr
from .log import Step


class Resolution:
    """The verdict lines, the cited steps, and the next state (input schema, no plays); `headline` is the
    one-line answer `checker resolve` puts first (checker.core.headline).  Not a dataclass: they cost
    `checker resolve` start-up (cards.errors)."""

    def __init__(self, verdict: list[str], steps: list[Step], state: dict[str, Any], game_over: bool = False,
                 scores: dict[str, dict[str, Any]] | None = None, winners: list[str] | None = None,
                 notes: list[str] | None = None, headline: str = "", names: dict[str, str] | None = None) -> None:
        self.verdict = verdict
        self.steps = steps
        self.state = state
        self.game_over = game_over
        self.scores = scores
        self.winners = winners
        self.notes = [] if notes is None else notes
        self.headline = headline
        self.names = {} if names is None else names  # card id -> printed name (checker.core.log.Log.names)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            **({"headline": self.headline} if self.headline else {}),
            "verdict": self.verdict,
            "log": [s.as_dict() for s in self.steps],
            "state": self.state,
            "game_over": self.game_over,
        }
        if self.game_over:
            out["scores"] = self.scores or {}
            out["winners"] = self.winners or []
        if self.notes:
            out["notes"] = self.notes
        return out

    def as_text(self) -> str:
        # a headline that fell back to the verdict's first line is not printed twice
        lines = [f"Verdict: {self.headline}".rstrip()] + [f"  {v}" for v in self.verdict if v != self.headline]
        if self.game_over:
            lines.append("  Game over. Winner(s): " + ", ".join(self.winners or []))
            for name, score in (self.scores or {}).items():
                detail = ", ".join(f"{k} {toml_repr(v)}" for k, v in score.items() if k != "score")
                lines.append(f"    {name}: {score['score']} ({detail})" if "score" in score else f"    {name}: {detail}")
        lines += [f"  Note: {n}" for n in self.notes]
        lines.append("")
        lines.append("Steps:")
        for number, step in enumerate(self.steps, 1):
            who = " ".join(p for p in (step.priority and f"[{step.priority}]", step.player,
                                        step.card and f"({step.card})") if p)
            lines.append(f"  {number}. {who + ': ' if who else ''}{step.text}")
            lines.append(f"     rule: {step.rule}")
        return "\n".join(lines)
