"""El Dorado Canyon: card schemas and the closed effect vocabulary.

Names follow the rulebook: "Card Anatomy" (type, name, text, arrow, priority,
cost), "Character Card Anatomy" and "Symbols and Terms" (keywords, icons).
The checker runs these effects; the generator prints their `phrase`.
"""

from typing import Annotated, ClassVar, Literal, Union, get_args

from pydantic import Field

from ..effects import Effect, join_phrases, unknown_icons, wording_problems
from .base import Strict, empty
from .common import Illustrated, Marker, Record, Reference

Priority = Literal["I", "II", "III", "IV"]
CardType = Literal["event", "defense", "steal", "attack", "gain"]
Arrow = Literal["none", "left", "right", "either"]
Keyword = Literal["use-once", "once-per-character", "give-to-attacked-player"]
Amount = Annotated[int, Field(ge=0, le=10)]
Positive = Annotated[int, Field(ge=1, le=10)]
UsedBy = Literal["card", "character", "both"]

ICONS = {"gold", "infamy", "ammo", "attack", "steal", "damage", "health", "block", "bank", "buy",
         "gone", "star", "event", "defense", "gain", "arrow-left", "arrow-right", "once", "per-character",
         "give"}
BACKS = {"starting", "town", "character", "gold", "infamy", "camp", "marker", "reference"}
PRIORITIES: tuple[str, ...] = ("I", "II", "III", "IV")


def _whom(arrow: str) -> str:
    return {"left": "to your left", "right": "to your right", "either": "to your left or right"}.get(arrow, "next to you")


class Edc(Effect, Strict):
    """An El Dorado Canyon effect: where it may appear and whether it needs a target."""

    aimed: ClassVar[bool] = False  # it needs an arrow on a card: it acts on a neighbour (H2)
    used_by: ClassVar[UsedBy] = "both"  # card ends, character abilities
    attacks: ClassVar[bool] = False  # an attack: what 'give-to-attacked-player' needs (EDC-12)
    card_type: ClassVar[str | None] = None  # the card type a card using it must have


class Worded(Edc):
    """An effect whose text is one fixed wording with its parameters filled in."""

    wording: ClassVar[str] = ""

    def phrase(self, arrow: str = "none") -> str:
        return self.wording.format(whom=_whom(arrow), **dict(self))


class Attack(Edc):
    """Attack the target(s): needs ammo; lose ammo, gain infamy, do damage (H4)."""

    effect: Literal["attack"]
    damage: Amount = 1
    ammo: Amount = 1
    infamy: Amount = 1
    targets: Literal["arrow", "both"] = "arrow"
    keywords: ClassVar[tuple[str, ...]] = ("attack",)
    aimed: ClassVar[bool] = True
    attacks: ClassVar[bool] = True

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
    """Take unbanked gold from the target ("Gold": banked gold is safe)."""

    effect: Literal["steal"]
    gold: Positive = 1
    keywords: ClassVar[tuple[str, ...]] = ("steal",)
    aimed: ClassVar[bool] = True
    wording: ClassVar[str] = 'steal {gold} unbanked :gold: gold from the character {whom}'


class TargetDiscardsInfamy(Worded):
    effect: Literal["target_discards_infamy"]
    amount: Positive = 1
    aimed: ClassVar[bool] = True
    wording: ClassVar[str] = 'the character {whom} discards {amount} :infamy: infamy'


class Block(Worded):
    """Block damage from each attacker this turn (the no-symbol icon)."""

    effect: Literal["block"]
    used_by: ClassVar[UsedBy] = "card"
    damage: Positive = 1
    keywords: ClassVar[tuple[str, ...]] = ("block",)
    wording: ClassVar[str] = 'block {damage} :damage: damage from each attacker'


class AttackersDiscardInfamy(Worded):
    """Each attacker discards infamy after gaining its own (H5)."""

    effect: Literal["attackers_discard_infamy"]
    used_by: ClassVar[UsedBy] = "card"
    amount: Positive = 2
    wording: ClassVar[str] = 'each attacker discards {amount} :infamy: infamy'


class PayGold(Worded):
    """Pay gold (unbanked first, H8); without it the rest of the option does nothing."""

    effect: Literal["pay_gold"]
    used_by: ClassVar[UsedBy] = "card"
    amount: Positive = 1
    wording: ClassVar[str] = 'discard {amount} :gold: gold'


class GainGold(Edc):
    """Gain unbanked gold; `if_attacked` is what you get instead when attacked."""

    effect: Literal["gain_gold"]
    amount: Positive = 1
    if_attacked: Amount | None = None

    def phrase(self, arrow: str = "none") -> str:
        text = f"gain {self.amount} :gold: gold"
        if self.if_attacked == 0:
            text += ", nothing if you are attacked"
        elif self.if_attacked is not None:
            text += f", only {self.if_attacked} if you are attacked"
        return text


class GainInfamy(Worded):
    effect: Literal["gain_infamy"]
    amount: Positive = 1
    wording: ClassVar[str] = 'gain {amount} :infamy: infamy'


class GainAmmo(Worded):
    effect: Literal["gain_ammo"]
    amount: Positive = 1
    wording: ClassVar[str] = 'gain {amount} :ammo: ammo'


class Heal(Worded):
    """Gain health, never above 5 (H3). The worked example of docs/adding-an-effect.md."""

    effect: Literal["heal"]
    amount: Positive = 1
    wording: ClassVar[str] = 'gain {amount} :health: health'


class PerAttacker(Edc):
    """Gain for every player attacking you this turn (Advanced Mining)."""

    effect: Literal["per_attacker"]
    used_by: ClassVar[UsedBy] = "card"
    gold: Amount = 0
    infamy: Amount = 0

    def phrase(self, arrow: str = "none") -> str:
        gains = [f"{n} :{what}: {what}" for what, n in (("gold", self.gold), ("infamy", self.infamy)) if n]
        return f"gain {' and '.join(gains)} per player attacking you"


class SetTracks(Edc):
    """Place health and/or ammo markers at a value (Secret Hideout)."""

    effect: Literal["set_tracks"]
    used_by: ClassVar[UsedBy] = "card"
    health: Amount | None = Field(default=None, le=5)
    ammo: Amount | None = Field(default=None, le=5)

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
    effect: Literal["bank_all"]
    used_by: ClassVar[UsedBy] = "card"
    keywords: ClassVar[tuple[str, ...]] = ("bank",)
    wording: ClassVar[str] = 'bank all unbanked :gold: gold'


class Buy(Edc):
    """You may buy 1 face-up town card, paying its cost (H8)."""

    effect: Literal["buy"]
    used_by: ClassVar[UsedBy] = "card"
    discount: Amount = 0
    keywords: ClassVar[tuple[str, ...]] = ("buy",)

    def phrase(self, arrow: str = "none") -> str:
        text = "you may buy 1 town card"
        return text + (f" for {self.discount} :gold: gold less" if self.discount else "")


class RefreshRow(Worded):
    """You may pay to replace the face-up town cards before buying (H8)."""

    effect: Literal["refresh_row"]
    used_by: ClassVar[UsedBy] = "card"
    cost: Amount = 1
    wording: ClassVar[str] = 'you may spend {cost} :gold: gold to discard the face-up town cards and replace them with 3 new ones, from which you may buy'


class GoGone(Worded):
    effect: Literal["go_gone"]
    used_by: ClassVar[UsedBy] = "card"
    keywords: ClassVar[tuple[str, ...]] = ("GONE",)
    wording: ClassVar[str] = "you're GONE"


class RoundTheRosie(Edc):
    """Every played card passes one seat the arrow's way, resolves there, then returns (FAQ)."""

    effect: Literal["round_the_rosie"]
    used_by: ClassVar[UsedBy] = "card"
    aimed: ClassVar[bool] = True
    card_type: ClassVar[str | None] = "event"  # FAQ: every played card passes, so it is an event

    def phrase(self, arrow: str = "none") -> str:
        way = {"left": "left", "right": "right"}.get(arrow, "way of the arrow")
        return (f"all players pass the card they played to the {way}; the cards happen in front of "
                "their new holders, then go back to their owners")


class ExtraDamage(Worded):
    """Passive: your attacks do more damage."""

    effect: Literal["extra_damage"]
    used_by: ClassVar[UsedBy] = "character"
    amount: Positive = 1
    wording: ClassVar[str] = 'your attacks do {amount} more :damage: damage'


class Armor(Worded):
    """Passive: every attack on you has damage blocked."""

    effect: Literal["armor"]
    used_by: ClassVar[UsedBy] = "character"
    amount: Positive = 1
    wording: ClassVar[str] = 'block {amount} :damage: damage from every attack on you'


AnyEffect = Annotated[
    Union[Attack, Steal, TargetDiscardsInfamy, Block, AttackersDiscardInfamy, PayGold, GainGold,
          GainInfamy, GainAmmo, Heal, PerAttacker, SetTracks, BankAll, Buy, RefreshRow, GoGone,
          RoundTheRosie, ExtraDamage, Armor],
    Field(discriminator="effect"),
]
VOCABULARY: dict[str, type[Edc]] = {
    get_args(cls.model_fields["effect"].annotation)[0]: cls for cls in get_args(get_args(AnyEffect)[0])
}  # every effect by name: its class holds its parameters and wording
TARGETING = {name for name, cls in VOCABULARY.items() if cls.aimed}
PASSIVE = {name for name, cls in VOCABULARY.items() if cls.used_by == "character"}
CARD_ONLY = {name for name, cls in VOCABULARY.items() if cls.used_by == "card"}


class Option(Strict):
    """One end of a card: what you do when this end reads upright."""

    arrow: Arrow = "none"
    effects: list[AnyEffect] = Field(min_length=1, max_length=8)
    text: str | None = Field(default=None, max_length=400)

    @property
    def rules_text(self) -> str:
        """The printed text: the definition's own wording, or the effects' phrases."""
        if self.text:
            return self.text
        return _capitalise(join_phrases([e.phrase(self.arrow) for e in self.effects]))


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class ActionCard(Illustrated):
    """A starting or town card ("Card Anatomy")."""

    type: CardType
    priority: Priority
    keywords: list[Keyword] = Field(default_factory=empty, max_length=3)
    options: list[Option] = Field(min_length=1, max_length=2)
    flavor: str = Field(default="", max_length=120)

    @property
    def two_ended(self) -> bool:
        return len(self.options) == 2

    @property
    def rank(self) -> int:
        return PRIORITIES.index(self.priority) + 1


class StartingCard(ActionCard):
    """Starting cards carry the white star and no cost."""

    star: Literal[True] = True


class TownCard(ActionCard):
    """Town cards carry a gold cost in the top left corner."""

    cost: int = Field(ge=0, le=20)


class Ability(Strict):
    trigger: Literal["immediate", "on_kill", "on_attack", "when_attacked", "on_bank", "always"]
    effects: list[AnyEffect] = Field(min_length=1, max_length=4)
    text: str | None = Field(default=None, max_length=300)

    @property
    def rules_text(self) -> str:
        if self.text:
            return self.text
        lead = {
            "immediate": "Immediate: ",
            "on_kill": "When you kill a character: ",
            "on_attack": "When you attack: ",
            "when_attacked": "When you are attacked: ",
            "on_bank": "When you bank gold: ",
            "always": "",
        }[self.trigger]
        return _capitalise(lead + join_phrases([e.phrase() for e in self.effects]))


class Character(Record):
    """A hired character ("Character Card Anatomy"): alignment and ability."""

    alignment: Literal["good", "bad"]
    ability: Ability
    flavor: str = Field(default="", max_length=120)


class Camp(Record):
    """The camp card: CAMP on one side, GONE on the other."""


class Money(Record):
    """Gold and infamy cards, by denomination."""

    currency: Literal["gold", "infamy"]
    value: int = Field(ge=1, le=100)


RECORDS = {
    "starting": StartingCard,
    "town": TownCard,
    "character": Character,
    "camp": Camp,
    "money": Money,
    "marker": Marker,
    "reference": Reference,
}


def texts_of(record: Record) -> list[str]:
    """Every printed text of a record, for icon checks."""
    if isinstance(record, ActionCard):
        return [o.rules_text for o in record.options] + [record.flavor]
    if isinstance(record, Character):
        return [record.ability.rules_text, record.flavor]
    if isinstance(record, Marker):
        return [record.text]
    if isinstance(record, Reference):
        return [line for s in record.sections for line in s.lines]
    return []


def check_record(record: Record) -> list[tuple[str, str]]:
    """Rules a single record must keep beyond its types: (field path, message)."""
    out: list[tuple[str, str]] = []
    for text in texts_of(record):
        for name in unknown_icons(text, ICONS):
            out.append(("text", f"unknown icon ':{name}:': expected one of {', '.join(sorted(ICONS))}"))
    if isinstance(record, Marker) and record.icon is not None and record.icon not in ICONS:
        out.append(("icon", f"expected one of {', '.join(sorted(ICONS))}, got {record.icon!r}"))
    if isinstance(record, ActionCard):
        for i, option in enumerate(record.options, 1):
            names = {e.effect for e in option.effects}
            targeting = names & TARGETING
            if targeting and option.arrow == "none":
                out.append((f"options.{i}.arrow", f"expected left, right or either for {', '.join(sorted(targeting))}, got 'none'"))
            if not targeting and option.arrow != "none":
                out.append((f"options.{i}.arrow", f"expected 'none': no effect of this option has a target, got {option.arrow!r}"))
            if option.arrow == "either" and record.two_ended:
                out.append((f"options.{i}.arrow", "expected 'left' or 'right' on a two-ended card: turning it "
                            "chooses the option, so it cannot also choose the direction, got 'either'"))
            if names & PASSIVE:
                out.append((f"options.{i}.effects", f"expected card effects, got character-only {', '.join(sorted(names & PASSIVE))}"))
            if option.text:
                for miss in wording_problems(option.text, option.effects):
                    out.append((f"options.{i}.text", f"wording leaves out the {miss}"))
        effects = [e for o in record.options for e in o.effects]
        if "give-to-attacked-player" in record.keywords and not any(e.attacks for e in effects):
            out.append(("keywords", "expected an attack effect for 'give-to-attacked-player', got none"))
        demands = {e.effect: e.card_type for e in effects if e.card_type is not None}
        for name, card_type in demands.items():
            if record.type != card_type:
                out.append(("type", f"expected {card_type!r} for {name}, got {record.type!r}"))
    if isinstance(record, Character):
        names = {e.effect for e in record.ability.effects}
        if names & CARD_ONLY:
            out.append(("ability.effects", f"expected character effects, got card-only {', '.join(sorted(names & CARD_ONLY))}"))
        if (names & PASSIVE) and record.ability.trigger != "always":
            out.append(("ability.trigger", f"expected 'always' for {', '.join(sorted(names & PASSIVE))}, got {record.ability.trigger!r}"))
        if record.ability.trigger == "always" and names - PASSIVE:
            out.append(("ability.trigger", f"expected a trigger for {', '.join(sorted(names - PASSIVE))}, got 'always'"))
        if record.ability.text:
            for miss in wording_problems(record.ability.text, record.ability.effects):
                out.append(("ability.text", f"wording leaves out the {miss}"))
    return out
