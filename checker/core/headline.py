"""The verdict's first line: the answer to the dispute, drawn from the resolution's steps.

A state may name the disputed point: `question` (the words of the dispute) and `focus` (a
player's name or a card id). The headline then answers about that point: what the decisive
steps did to that player, or what that card did and what other cards did to it (a block that
cancelled it, a steal that took its gold: steps whose `values["cards"]` names it). Without a focus
it names the decisive events (the game's end, kills, blocks, damage, cards or actions that did
nothing and why, combats), in the order `checker.core.log.DECISIVE` ranks them, then who acted
first and why. Every engine gives each step its kind; this module is the one place that words
the answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.record import Record

from .errors import StateError
from .fields import toml_repr
from .log import DECISIVE, Step

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

MOST = 3  # decisive events a headline names before "..."


class Dispute(Record):  # a Record: resolve's start-up (common.record)
    """What the state says is disputed (both optional)."""

    __slots__ = ("question", "focus")

    def __init__(self, question: str | None = None, focus: str | None = None) -> None:
        self.question, self.focus = question, focus


def take_dispute(state: dict[str, Any]) -> Dispute:
    """Remove `question` and `focus` from the state (the engines never see them) and check they are text."""
    values = {}
    for key in ("question", "focus"):
        value = state.pop(key, None)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise StateError(f"expected text, got {toml_repr(value)}", field=key)
        values[key] = value.strip() if isinstance(value, str) else None
    return Dispute(**values)


def check_focus(dispute: Dispute, players: Collection[str], cards: Collection[str]) -> None:
    """A focus names a player at the table or a card of the game; anything else is a field error."""
    if dispute.focus is not None and dispute.focus not in players and dispute.focus not in cards:
        raise StateError(f"expected a player's name ({', '.join(players)}) or a card id of the game, "
                         f"got {dispute.focus!r}", field="focus")


def headline(dispute: Dispute, steps: list[Step], fallback: str, names: dict[str, str] | None = None) -> str:
    """One line: the answer about the focus, or the decisive events; `fallback` when nothing decisive happened.
    `names` gives a card id's printed name (Log.names), so the line says "Ann's Pistol", not "pistol"."""
    say = _Sentences(names or {})
    focus = dispute.focus
    if focus is None:
        first = [s for s in steps if s.kind == "first"][:1]  # who acted first, and why: said last
        answer = _events(_decisive(steps), fallback, say, first)
    else:
        # steps by or about the focus, and what other cards did to a focused card (values["cards"] names it)
        about = [s for s in steps if s.card == focus or s.player == focus or focus in s.values.get("cards", ())
                 or focus in s.values.values() or _names(s.text, focus)]
        done_to = [s for s in about if s.card != focus and focus in s.values.get("cards", ())]
        # what the focus's own card or action came to: its last step before the turn's end phase
        own = [s for s in about if (s.card == focus or s.player == focus) and s.priority != "end"]
        chosen = (_decisive(done_to) or done_to or _decisive(about))[:MOST - 1] + own[-1:]
        if chosen:
            answer = _events(chosen, fallback, say)  # _events drops a sentence said twice
        else:
            answer = f"{focus}: nothing in this turn involves it" + (f"; {fallback}" if fallback else "")
    return f"{dispute.question} {answer}" if dispute.question else answer


def _decisive(steps: list[Step]) -> list[Step]:
    """The steps of a decisive kind, but not damage that changed nothing or that a kill next says again."""
    out = []
    for i, s in enumerate(steps):
        if s.kind not in DECISIVE:
            continue
        if s.kind == "damage" and (s.values.get("amount") == 0 or s.values.get("after") == 0
                                   or (i + 1 < len(steps) and steps[i + 1].kind == "kill")):
            continue
        out.append(s)
    return out


def _events(steps: list[Step], fallback: str, say: _Sentences, last: Sequence[Step] = ()) -> str:
    """The steps' sentences, the decisive kinds first (a step of no decisive kind, a focus's outcome, after),
    then `last` (who acted first) whatever the count."""
    ranked = sorted(steps, key=lambda s: DECISIVE.index(s.kind) if s.kind in DECISIVE else len(DECISIVE))
    chosen = list(dict.fromkeys(say(s) for s in ranked))
    tail = [say(s) for s in last if say(s) not in chosen]
    if not chosen:  # nothing decisive: the first verdict line, then who acted first
        return "; ".join([fallback.rstrip("."), *tail]) + "." if tail else fallback
    return "; ".join(chosen[:MOST] + tail) + ("; ..." if len(chosen) > MOST else ".")


class _Sentences:
    """A step in its own words, led by whose card (or action) it is unless the words start with that player."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def __call__(self, step: Step) -> str:
        text = step.text.rstrip(".")
        if not step.player or text.startswith(step.player):
            return text
        if not step.card:
            return f"{step.player}: {text}"
        name = self.names.get(step.card, step.card.replace("-", " "))
        plain = _letters(text.lower())
        card = _letters(name.lower())
        if plain.startswith(card):
            return f"{step.player}'s {text}"
        return text if card in plain else f"{step.player}'s {name}: {text}"


def _letters(text: str) -> str:
    """`text` with only its word characters (as a regular expression's \\w: letters, digits, _) and spaces."""
    return "".join(c for c in text if c.isalnum() or c in "_ ")


def _names(text: str, name: str) -> bool:
    """`name` as a whole word of `text` (Ann, not Annie): neither a word character nor "-" on either side.
    (No regular expression: `re` costs resolve's start-up more than the headline's work.)"""
    at = text.find(name)
    while at >= 0:
        before, after = text[at - 1:at], text[at + len(name):at + len(name) + 1]
        if not (before and (before.isalnum() or before in "_-")) and not (after and (after.isalnum() or after in "_-")):
            return True
        at = text.find(name, at + 1)
    return False
