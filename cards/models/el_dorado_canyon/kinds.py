"""What El Dorado Canyon's records do beyond their fields, without pydantic: their *kinds* (`common.kept`).

Named after what `common.kept` calls them: the plain base classes of the `schema` models, so a
build that loads a kept game prints it without importing pydantic.  Here is how each effect is
worded from the family's phrase tables (`said`: its keys in `SPEC`, its words in `phrases/CODE.toml`,
read by `cards.phrases`; a `Worded` effect is one key) and where it may stand (`aimed`,
`used_by`, `attacks`, `card_type`, `keywords`: the class constants `schema`'s checks read),
a card end's and an ability's printed text, and an action card's priority rank.  What an
effect does is its model's docstring, beside its parameters, where the effect reference
(`cards.vocabulary`) reads both.  A kind declares the fields it reads for the type checker
only: pydantic would take a plain base class's annotations for fields of its own.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal

from ...effects import Effect, capitalise
from ...phrases import Phrases, Spec, table

if TYPE_CHECKING:
    from collections.abc import Sequence

    UsedBy = Literal["card", "character", "both"]

PRIORITIES: tuple[str, ...] = ("I", "II", "III", "IV")
TRIGGERS = ("immediate", "on_kill", "on_attack", "when_attacked", "on_bank", "always")
_WORDS = {"whom": ("left", "right", "either", "none"), "triggers": TRIGGERS,
          "keywords": ("attack", "steal", "block", "bank", "buy", "GONE"),
          "marks": ("use-once", "once-per-character", "give-to-attacked-player", "event", "or"),
          "types": ("event", "defense", "steal", "attack", "gain"),
          "backs": ("starting", "town", "wanted", "hired", "character", "reference"),
          "money": ("gold", "infamy"), "character": ("good", "bad"),
          "camp": ("unbanked", "banked", "character", "counts", "gone")}
SPEC = Spec(Path(__file__).parent / "phrases", {
    # each effect's phrase (or its parts) with the placeholders it may use: its parameters, {whom} if aimed
    "effects.attack.one": ("whom",), "effects.attack.both": (), "effects.attack.ammo": ("ammo",),
    "effects.attack.infamy": ("infamy",), "effects.attack.damage": ("damage",), "effects.attack.between": (),
    "effects.steal": ("gold", "whom"), "effects.target_discards_infamy": ("amount", "whom"),
    "effects.block": ("damage",), "effects.attackers_discard_infamy": ("amount",), "effects.pay_gold": ("amount",),
    "effects.gain_gold.plain": ("amount",), "effects.gain_gold.none_if_attacked": ("amount",),
    "effects.gain_gold.less_if_attacked": ("amount", "if_attacked"), "effects.gain_infamy": ("amount",),
    "effects.gain_ammo": ("amount",), "effects.heal": ("amount",), "effects.per_attacker.text": ("gains",),
    "effects.per_attacker.gold": ("gold",), "effects.per_attacker.infamy": ("infamy",),
    "effects.set_tracks.both": ("health", "ammo"), "effects.set_tracks.health": ("health",),
    "effects.set_tracks.ammo": ("ammo",), "effects.bank_all": (), "effects.buy.plain": (),
    "effects.buy.discount": ("discount",), "effects.refresh_row": ("cost",), "effects.go_gone": (),
    "effects.round_the_rosie.text": ("way",), "effects.round_the_rosie.left": (),
    "effects.round_the_rosie.right": (), "effects.round_the_rosie.other": (),
    "effects.extra_damage": ("amount",), "effects.armor": ("amount",),
    # the words of the faces (`generator/templates/el_dorado_canyon`) and the keywords of `wording_problems`
    **{f"{group}.{name}": () for group, names in _WORDS.items() for name in names},
})


def words(lang: str | None = None) -> Phrases:
    """The family's phrase table in `lang` (None: English)."""
    return table(SPEC, lang)


def keyword_words(lang: str | None = None) -> dict[str, str]:
    """Each effect keyword as language `lang` writes it: what a card's own text must keep."""
    said = words(lang)
    return {name: said(f"keywords.{name}") for name in _WORDS["keywords"]}


def _whom(said: Phrases, arrow: str) -> str:
    return said(f"whom.{arrow if arrow in _WORDS['whom'] else 'none'}")


class Edc(Effect):
    """An El Dorado Canyon effect: where it may appear and whether it needs a target.

    Its phrase is its keys' in the family's table (`SPEC`): `said` words it from a language's table."""

    __slots__ = ()
    if TYPE_CHECKING:
        used_by: ClassVar[UsedBy]
        card_type: ClassVar[str | None]
    aimed = False  # it needs an arrow on a card: it acts on a neighbour (H2)
    used_by = "both"  # card ends, character abilities
    attacks = False  # an attack: what 'give-to-attacked-player' needs (EDC-12)
    card_type = None  # the card type a card using it must have

    def phrase(self, arrow: str = "none", lang: str | None = None) -> str:
        return self.said(words(lang), arrow)

    def said(self, said: Phrases, arrow: str) -> str:  # pragma: no cover
        """The phrase in the language of `said`, aimed by `arrow`."""
        raise NotImplementedError(type(self).__name__)


class Worded(Edc):
    """An effect whose text is one entry of the table, its key the effect's name, with its parameters filled in."""

    __slots__ = ()

    def said(self, said: Phrases, arrow: str) -> str:
        return said(f"effects.{self.effect}", whom=_whom(said, arrow), **vars(self))


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

    def said(self, said: Phrases, arrow: str) -> str:
        parts = [said("effects.attack.both") if self.targets == "both"
                 else said("effects.attack.one", whom=_whom(said, arrow))]
        if self.ammo:
            parts.append(said("effects.attack.ammo", ammo=self.ammo))
        if self.infamy:
            parts.append(said("effects.attack.infamy", infamy=self.infamy))
        parts.append(said("effects.attack.damage", damage=self.damage))
        return said("effects.attack.between").join(parts)


class Steal(Worded):
    __slots__ = ()
    keywords = ("steal",)
    aimed = True


class TargetDiscardsInfamy(Worded):
    __slots__ = ()
    aimed = True


class Block(Worded):
    __slots__ = ()
    used_by = "card"
    keywords = ("block",)


class AttackersDiscardInfamy(Worded):
    __slots__ = ()
    used_by = "card"


class PayGold(Worded):
    __slots__ = ()
    used_by = "card"


class GainGold(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        amount: int
        if_attacked: int | None

    def said(self, said: Phrases, arrow: str) -> str:
        if self.if_attacked is None:
            return said("effects.gain_gold.plain", amount=self.amount)
        if self.if_attacked == 0:
            return said("effects.gain_gold.none_if_attacked", amount=self.amount)
        return said("effects.gain_gold.less_if_attacked", amount=self.amount, if_attacked=self.if_attacked)


class GainInfamy(Worded):
    __slots__ = ()


class GainAmmo(Worded):
    __slots__ = ()


class Heal(Worded):
    __slots__ = ()


class PerAttacker(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        gold: int
        infamy: int
    used_by = "card"

    def said(self, said: Phrases, arrow: str) -> str:
        gains = [said(f"effects.per_attacker.{what}", **{what: n})
                 for what, n in (("gold", self.gold), ("infamy", self.infamy)) if n]
        return said("effects.per_attacker.text", gains=said.join(gains))


class SetTracks(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        health: int | None
        ammo: int | None
    used_by = "card"

    def said(self, said: Phrases, arrow: str) -> str:
        if self.health is not None and self.ammo is not None and self.health == self.ammo:
            return said("effects.set_tracks.both", health=self.health, ammo=self.ammo)
        return said.join([said(f"effects.set_tracks.{what}", **{what: n})
                          for what, n in (("health", self.health), ("ammo", self.ammo)) if n is not None])


class BankAll(Worded):
    __slots__ = ()
    used_by = "card"
    keywords = ("bank",)


class Buy(Edc):
    __slots__ = ()
    if TYPE_CHECKING:
        discount: int
    used_by = "card"
    keywords = ("buy",)

    def said(self, said: Phrases, arrow: str) -> str:
        return said("effects.buy.discount", discount=self.discount) if self.discount else said("effects.buy.plain")


class RefreshRow(Worded):
    __slots__ = ()
    used_by = "card"


class GoGone(Worded):
    __slots__ = ()
    used_by = "card"
    keywords = ("GONE",)


class RoundTheRosie(Edc):
    __slots__ = ()
    used_by = "card"
    aimed = True
    card_type = "event"  # FAQ: every played card passes, so it is an event

    def said(self, said: Phrases, arrow: str) -> str:
        way = said(f"effects.round_the_rosie.{arrow if arrow in ('left', 'right') else 'other'}")
        return said("effects.round_the_rosie.text", way=way)


class ExtraDamage(Worded):
    __slots__ = ()
    used_by = "character"


class Armor(Worded):
    __slots__ = ()
    used_by = "character"


class Printed:
    """What prints its effects' phrases, unless its definition gives its own text (an option, an ability)."""

    __slots__ = ()
    if TYPE_CHECKING:
        effects: Sequence[Edc]
        text: str | None

    def worded(self, said: Phrases, lead: str = "", arrow: str = "none") -> str:
        """`lead` and the effects' phrases in the language of `said`, joined as that language joins a list."""
        return capitalise(lead + said.join([e.said(said, arrow) for e in self.effects]))


class Option(Printed):
    """One end of a card: what you do when this end reads upright."""

    __slots__ = ()
    if TYPE_CHECKING:
        arrow: str

    @property
    def rules_text(self) -> str:
        """The printed text: the definition's own wording, or the effects' phrases in English."""
        return self.text or self.in_words(words())

    def in_words(self, said: Phrases) -> str:
        """The effects' text in the language of `said`."""
        return self.worded(said, arrow=self.arrow)


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
        """The printed text: the definition's own wording, or the trigger's lead and the effects' phrases."""
        return self.text or self.in_words(words())

    def in_words(self, said: Phrases) -> str:
        """The trigger's lead and the effects' text in the language of `said`."""
        return self.worded(said, said(f"triggers.{self.trigger}"))
