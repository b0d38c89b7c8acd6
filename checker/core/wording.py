"""Small pieces of English every engine's log shares, so no step reads "1 barrels" or "Bob 's guard", and
the words of the common steps (damage, blocks, gains, losses, payments, refusals) and of each game's own
(in each family's `wording` module), rendered from their values once: an engine passes numbers and names."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    # A table of sentences: a step kind (or `kind/cause`) -> its words from the step's values.
    Words = dict[str, Callable[[dict], str]]


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 barrel`, `2 barrels`, `0 barrels`; `many` for a plural that is not noun + s."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


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


def verb(n: int, one: str, many: str) -> str:
    """The verb agreeing with a count: `verb(2, "dies", "die")` is "die"."""
    return one if n == 1 else many


def costs(paid: dict) -> str:
    """`{"gold": 1, "power": 2}` -> "1 gold and 2 power"."""
    return " and ".join(amount(n, what) for what, n in paid.items())


def side(v: dict) -> str:
    """One side of an Eldorado combat, `{"who": "Bob", "crew": "guard"}`: "the guard of Bob's ship", or "Bob"."""
    return f"the guard of {v['who']}'s ship" if v["crew"] == "guard" else v["who"]


# The common steps' words from their values (checker.core.log.Log.add renders a step given no text): one
# sentence per kind. Each family adds its own in `checker/<family>/wording.py` (`kind/cause` for the sentence
# of a step whose `cause` value names what brought it about: hunger, monsters, a market card) and gives the
# merged table to its `Log`; docs/json-log.md lists the values each carries.
WORDS: Words = {
    "damage": lambda v: (f"{v['target']} takes {amount(v['amount'], v.get('what', 'damage'))}{v.get('detail', '')}: "
                         f"health {v['before']} -> {v['after']}"),
    "block": _blocked,
    "gain": _change("gains"),
    "loss": _change("loses"),
    "pay": _change("pays"),
    "nothing": lambda v: f"{v['who']} has {amount(v['has'], v['what'])}, needs {v['needs']}: {v['outcome']}",
}


def reworded(kind: str, detail: Callable[[dict], str] = lambda v: "", verb: str | None = None) -> Callable[[dict], str]:
    """A common sentence (gain, loss, pay, damage) for a family's `kind/cause`: its own verb, and the words after
    the amount made from the step's values (an engine passes the values, never the words)."""
    said = WORDS[kind]
    fixed = {"verb": verb} if verb else {}
    return lambda v: said({**v, **fixed, "detail": detail(v)})


def family(own: Words) -> Words:
    """A family's table: the common sentences and its own (a clash is a programming error)."""
    clash = WORDS.keys() & own.keys()
    assert not clash, f"a family's sentence replaces a common one: {sorted(clash)}"
    return {**WORDS, **own}


def words(kind: str, values: dict, table: Words = WORDS) -> str:
    """The sentence of a step given only its values: its `kind/cause` in `table`, else its kind's."""
    return (table.get(f"{kind}/{values.get('cause')}") or table[kind])(values)
