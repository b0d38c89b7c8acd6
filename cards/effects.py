"""Effects are data: a closed registry of named effects with typed parameters.

Each effect renders its own rules text, so the words printed on a card come from
the same data the checker runs.  A definition may word an option itself; then
`wording_problems` checks that every number and keyword of its effects is there.

Without pydantic: an effect's behaviour (its `phrase`, its class constants) lives in a plain
class here and in each family's kinds module, which its pydantic model subclasses, so a build
that loads a game kept by `cards.compiled` prints it without importing pydantic (`common.kept`).
"""

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

ICON = re.compile(r":([a-z][a-z0-9\-]*):")


class Effect:
    """Base of every effect: subclasses set `effect: Literal[name]` and `phrase`, whose
    arguments are the family's own (an El Dorado Canyon arrow, a Gold and Steel `ongoing`).
    Its fields are its `vars`, in a pydantic model as in a kept record."""

    __slots__ = ()
    if TYPE_CHECKING:  # declared for the checker only: each subclass's Literal is the pydantic field
        effect: str
        keywords: ClassVar[tuple[str, ...]]

        def phrase(self, *args: Any, **kwargs: Any) -> str:
            """The printed wording; every argument has a default (the family's own: an arrow, `ongoing`)."""

    keywords = ()  # the words a card wording this effect itself must keep (`wording_problems`)

    def numbers(self) -> list[int]:
        """Every non-zero number a reader must see on the card for this effect."""
        return [v for v in vars(self).values() if isinstance(v, int) and not isinstance(v, bool) and v]


def join_phrases(phrases: list[str]) -> str:
    """'a', 'a and b', 'a, b and c': how the rulebook strings effects together."""
    phrases = [p for p in phrases if p]
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def capitalise(text: str) -> str:
    """`text` with its first letter upper-case: a printed rules text that starts with a phrase."""
    return text[:1].upper() + text[1:]


def strip_icons(text: str) -> str:
    """Text as read aloud: ':gold:' icons dropped, spaces folded."""
    return re.sub(r"\s+", " ", ICON.sub("", text)).strip()


def wording_problems(text: str, effects: Sequence[Effect], said: Mapping[str, str] | None = None) -> list[str]:
    """What a hand-written wording leaves out of its effects (numbers, keywords); `words` gives each keyword as
    the text's language writes it (`said`: from a family's phrase table), default the keyword itself."""
    plain = strip_icons(text).lower()
    words = set(re.findall(r"\d+", plain))
    missing: dict[str, list[str]] = {}  # each thing left out once, with every effect that has it
    for effect in effects:
        for number in effect.numbers():
            if str(number) not in words:
                missing.setdefault(f"number {number}", []).append(effect.effect)
        for name in effect.keywords:
            keyword = said.get(name, name) if said else name
            if keyword.lower() not in plain:
                missing.setdefault(f"keyword '{keyword}'", []).append(effect.effect)
    return [f"{what} of effect{'s' if len(set(names)) > 1 else ''} "
            + " and ".join(f"'{n}'" for n in dict.fromkeys(names)) for what, names in missing.items()]


def unknown_icons(text: str, known: set[str]) -> list[str]:
    return [name for name in ICON.findall(text) if name not in known]
