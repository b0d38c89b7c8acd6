"""What El Dorado Canyon's records do beyond their fields, without pydantic: their *kinds* (`common.kept`).

Named after what `common.kept` calls them: the plain base classes of the `schema` models, so a
build that loads a kept game prints it without importing pydantic.  Here are each effect's
wording (`phrase`, or a `Worded` effect's `wording`) and where it may stand (`aimed`,
`used_by`, `attacks`, `card_type`, `keywords`: the class constants `schema`'s checks read),
a card end's and an ability's printed text, and an action card's priority rank.  What an
effect does is its model's docstring, beside its parameters, where the effect reference
(`cards.vocabulary`) reads both.  A kind declares the fields it reads for the type checker
only: pydantic would take a plain base class's annotations for fields of its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from ...effects import Effect, capitalise, join_phrases

if TYPE_CHECKING:
    from collections.abc import Sequence

    UsedBy = Literal["card", "character", "both"]

PRIORITIES: tuple[str, ...] = ("I", "II", "III", "IV")


def _whom(arrow: str) -> str:
    return {"left": "to your left", "right": "to your right", "either": "to your left or right"}.get(arrow, "next to you")


class Edc(Effect):
    """An El Dorado Canyon effect: where it may appear and whether it needs a target."""

    __slots__ = ()
    if TYPE_CHECKING:
        used_by: ClassVar[UsedBy]
        card_type: ClassVar[str | None]
    aimed = False  # it needs an arrow on a card: it acts on a neighbour (H2)
    used_by = "both"  # card ends, character abilities
    attacks = False  # an attack: what 'give-to-attacked-player' needs (EDC-12)
    card_type = None  # the card type a card using it must have


class Worded(Edc):
    """An effect whose text is one fixed wording with its parameters filled in."""

    __slots__ = ()
    wording = ""

    def phrase(self, arrow: str = "none") -> str:
        return self.wording.format(whom=_whom(arrow), **vars(self))


class Attack(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        damage: int
        ammo: int
        infamy: int
        targets: str
    keywords = ("attack",)
    aimed = True
    attacks = True

    def phrase(self, arrow: str = "none") -> str:
        whom = "the characters to your left and right" if self.targets == "both" else f"the character {_whom(arrow)}"
        parts = [f"attack {whom}"]
        if self.ammo:
            parts.append(f"lose {self.ammo} :ammo: ammo")
        if self.infamy:
            parts.append(f"gain {self.infamy} :infamy: infamy")
        parts.append(f"do {self.damage} :damage: damage")
        return ", ".join(parts)


class Steal(Worded):
    __slots__ = ()
    keywords = ("steal",)
    aimed = True
    wording = 'steal {gold} unbanked :gold: gold from the character {whom}'


class TargetDiscardsInfamy(Worded):
    __slots__ = ()
    aimed = True
    wording = 'the character {whom} discards {amount} :infamy: infamy'


class Block(Worded):
    __slots__ = ()
    used_by = "card"
    keywords = ("block",)
    wording = 'block {damage} :damage: damage from each attacker'


class AttackersDiscardInfamy(Worded):
    __slots__ = ()
    used_by = "card"
    wording = 'each attacker discards {amount} :infamy: infamy'


class PayGold(Worded):
    __slots__ = ()
    used_by = "card"
    wording = 'discard {amount} :gold: gold'


class GainGold(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
        if_attacked: int | None

    def phrase(self, arrow: str = "none") -> str:
        text = f"gain {self.amount} :gold: gold"
        if self.if_attacked == 0:
            text += ", nothing if you are attacked"
        elif self.if_attacked is not None:
            text += f", only {self.if_attacked} if you are attacked"
        return text


class GainInfamy(Worded):
    __slots__ = ()
    wording = 'gain {amount} :infamy: infamy'


class GainAmmo(Worded):
    __slots__ = ()
    wording = 'gain {amount} :ammo: ammo'


class Heal(Worded):
    __slots__ = ()
    wording = 'gain {amount} :health: health'


class PerAttacker(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        gold: int
        infamy: int
    used_by = "card"

    def phrase(self, arrow: str = "none") -> str:
        gains = [f"{n} :{what}: {what}" for what, n in (("gold", self.gold), ("infamy", self.infamy)) if n]
        return f"gain {' and '.join(gains)} per player attacking you"


class SetTracks(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        health: int | None
        ammo: int | None
    used_by = "card"

    def phrase(self, arrow: str = "none") -> str:
        if self.health is not None and self.ammo is not None and self.health == self.ammo:
            return f"place your :health: health and :ammo: ammo at {self.health}"
        parts = []
        if self.health is not None:
            parts.append(f"place your :health: health at {self.health}")
        if self.ammo is not None:
            parts.append(f"place your :ammo: ammo at {self.ammo}")
        return " and ".join(parts)


class BankAll(Worded):
    __slots__ = ()
    used_by = "card"
    keywords = ("bank",)
    wording = 'bank all unbanked :gold: gold'


class Buy(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        discount: int
    used_by = "card"
    keywords = ("buy",)

    def phrase(self, arrow: str = "none") -> str:
        text = "you may buy 1 town card"
        return text + (f" for {self.discount} :gold: gold less" if self.discount else "")


class RefreshRow(Worded):
    __slots__ = ()
    used_by = "card"
    wording = 'you may spend {cost} :gold: gold to discard the face-up town cards and replace them with 3 new ones, from which you may buy'


class GoGone(Worded):
    __slots__ = ()
    used_by = "card"
    keywords = ("GONE",)
    wording = "you're GONE"


class RoundTheRosie(Edc):
    __slots__ = ()
    used_by = "card"
    aimed = True
    card_type = "event"  # FAQ: every played card passes, so it is an event

    def phrase(self, arrow: str = "none") -> str:
        way = {"left": "left", "right": "right"}.get(arrow, "way of the arrow")
        return (f"all players pass the card they played to the {way}; the cards happen in front of "
                "their new holders, then go back to their owners")


class ExtraDamage(Worded):
    __slots__ = ()
    used_by = "character"
    wording = 'your attacks do {amount} more :damage: damage'


class Armor(Worded):
    __slots__ = ()
    used_by = "character"
    wording = 'block {amount} :damage: damage from every attack on you'


class Printed:
    """What prints its effects' phrases, unless its definition gives its own text (an option, an ability)."""

    __slots__ = ()
    if TYPE_CHECKING:
        effects: Sequence[Edc]
        text: str | None

    def printed(self, lead: str = "", arrow: str = "none") -> str:
        """The printed text: the definition's own wording, or `lead` and the effects' phrases."""
        return self.text or capitalise(lead + join_phrases([e.phrase(arrow) for e in self.effects]))


class Option(Printed):
    """One end of a card: what you do when this end reads upright."""

    __slots__ = ()
    if TYPE_CHECKING:
        arrow: str

    @property
    def rules_text(self) -> str:
        return self.printed(arrow=self.arrow)


class ActionCard:
    """A starting or town card ("Card Anatomy")."""

    __slots__ = ()
    if TYPE_CHECKING:
        priority: str
        options: Sequence[Option]

    @property
    def two_ended(self) -> bool:
        return len(self.options) == 2

    @property
    def rank(self) -> int:
        return PRIORITIES.index(self.priority) + 1


class Ability(Printed):
    """A character's ability: a trigger and its effects."""

    __slots__ = ()
    if TYPE_CHECKING:
        trigger: str

    @property
    def rules_text(self) -> str:
        return self.printed({
            "immediate": "Immediate: ",
            "on_kill": "When you kill a character: ",
            "on_attack": "When you attack: ",
            "when_attacked": "When you are attacked: ",
            "on_bank": "When you bank gold: ",
            "always": "",
        }[self.trigger])
