"""Small pieces of English every engine's log shares, so no step reads "1 barrels" or "Bob 's guard", and
the words of the common steps (damage, blocks, gains, losses, payments, refusals), rendered from their values once."""
from __future__ import annotations

from typing import Callable


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 barrel`, `2 barrels`, `0 barrels`; `many` for a plural that is not noun + s."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def subject(name: str, predicate: str) -> str:
    """A step's sentence: `Ann` + `wins` is "Ann wins", `Bob` + `'s guard falls` is "Bob's guard falls"."""
    return f"{name}{predicate}" if predicate.startswith("'s ") else f"{name} {predicate}"


# Nouns counted without a plural: "2 infamy", "3 gold", never "2 infamys".
MASS = ("infamy", "gold", "unbanked gold", "ammo", "health", "power", "damage", "attack damage")


def amount(n: int, noun: str) -> str:
    """`1 barrel`, `2 barrels`, `2 infamy`: a count of `noun`, plural unless it is a mass noun."""
    return f"{n} {noun}" if noun in MASS else plural(n, noun)


def _detail(values: dict) -> str:
    """The words after the amount, then the track `(before -> after)`, merged into a closing bracket."""
    detail = values.get("detail", "")
    if "before" not in values:
        return detail
    track = f"{values['before']} -> {values['after']}"
    return f"{detail[:-1]}; {track})" if detail.endswith(")") else f"{detail} ({track})"


def _change(verb: str) -> Callable[[dict], str]:
    return lambda v: f"{v['who']} {v.get('verb', verb)} {amount(v['amount'], v['what'])}{_detail(v)}"


def _blocked(v: dict) -> str:
    by = v["by"]
    return f"{v['target']} takes no damage: {by} {'block' if ' and ' in by else 'blocks'} the attack's {v['amount']} damage"


# A step's words from its values, one sentence per common kind (checker.core.log.Log.add renders a step
# given no text); docs/json-log.md lists the values each kind carries.
WORDS: dict[str, Callable[[dict], str]] = {
    "damage": lambda v: (f"{v['target']} takes {amount(v['amount'], v.get('what', 'damage'))}{v.get('detail', '')}: "
                         f"health {v['before']} -> {v['after']}"),
    "block": _blocked,
    "gain": _change("gains"),
    "loss": _change("loses"),
    "pay": _change("pays"),
    "nothing": lambda v: f"{v['who']} has {amount(v['has'], v['what'])}, needs {v['needs']}: {v['outcome']}",
}


def words(kind: str, values: dict) -> str:
    """The sentence of a step given only its values (a kind of WORDS)."""
    return WORDS[kind](values)
