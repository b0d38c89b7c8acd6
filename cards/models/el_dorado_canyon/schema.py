"""El Dorado Canyon's pydantic models: the card schemas, the closed effect vocabulary and their checks.

Named for what it is to the loader: the family's record schemas (`RECORDS`), which validate a
definition, and `check_record`, the rules a record keeps beyond its types.  Each model holds
only its fields and validation, subclassing its kind (`kinds`, what the record does), so
nothing here runs when a build prints a kept game.  An effect's docstring says what it does:
the effect reference (`cards.vocabulary`) prints it with the model's parameters.

Names follow the rulebook: "Card Anatomy" (type, name, text, arrow, priority,
cost), "Character Card Anatomy" and "Symbols and Terms" (keywords, icons).
"""

from collections.abc import Collection
from typing import Annotated, Literal, Union, get_args

from pydantic import Field

from ...effects import unknown_icons, wording_problems
from ..base import Strict, empty
from ..common import Illustrated, Marker, Record, Reference
from . import ICONS, kinds

Priority = Literal["I", "II", "III", "IV"]
CardType = Literal["event", "defense", "steal", "attack", "gain"]
Arrow = Literal["none", "left", "right", "either"]
Keyword = Literal["use-once", "once-per-character", "give-to-attacked-player"]
Amount = Annotated[int, Field(ge=0, le=10)]
Positive = Annotated[int, Field(ge=1, le=10)]


class Attack(kinds.Attack, Strict):
    """Attack the target(s): needs ammo; lose ammo, gain infamy, do damage (H4)."""

    effect: Literal["attack"]
    damage: Amount = 1
    ammo: Amount = 1
    infamy: Amount = 1
    targets: Literal["arrow", "both"] = "arrow"


class Steal(kinds.Steal, Strict):
    """Take unbanked gold from the target ("Gold": banked gold is safe)."""

    effect: Literal["steal"]
    gold: Positive = 1


class TargetDiscardsInfamy(kinds.TargetDiscardsInfamy, Strict):
    effect: Literal["target_discards_infamy"]
    amount: Positive = 1


class Block(kinds.Block, Strict):
    """Block damage from each attacker this turn (the no-symbol icon)."""

    effect: Literal["block"]
    damage: Positive = 1


class AttackersDiscardInfamy(kinds.AttackersDiscardInfamy, Strict):
    """Each attacker discards infamy after gaining its own (H5)."""

    effect: Literal["attackers_discard_infamy"]
    amount: Positive = 2


class PayGold(kinds.PayGold, Strict):
    """Pay gold (unbanked first, H8); without it the rest of the option does nothing."""

    effect: Literal["pay_gold"]
    amount: Positive = 1


class GainGold(kinds.GainGold, Strict):
    """Gain unbanked gold; `if_attacked` is what you get instead when attacked."""

    effect: Literal["gain_gold"]
    amount: Positive = 1
    if_attacked: Amount | None = None


class GainInfamy(kinds.GainInfamy, Strict):
    effect: Literal["gain_infamy"]
    amount: Positive = 1


class GainAmmo(kinds.GainAmmo, Strict):
    effect: Literal["gain_ammo"]
    amount: Positive = 1


class Heal(kinds.Heal, Strict):
    """Gain health, never above 5 (H3). The worked example of docs/adding-an-effect.md."""

    effect: Literal["heal"]
    amount: Positive = 1


class PerAttacker(kinds.PerAttacker, Strict):
    """Gain for every player attacking you this turn (Advanced Mining)."""

    effect: Literal["per_attacker"]
    gold: Amount = 0
    infamy: Amount = 0


class SetTracks(kinds.SetTracks, Strict):
    """Place health and/or ammo markers at a value (Secret Hideout)."""

    effect: Literal["set_tracks"]
    health: Amount | None = Field(default=None, le=5)
    ammo: Amount | None = Field(default=None, le=5)


class BankAll(kinds.BankAll, Strict):
    effect: Literal["bank_all"]


class Buy(kinds.Buy, Strict):
    """You may buy 1 face-up town card, paying its cost (H8)."""

    effect: Literal["buy"]
    discount: Amount = 0


class RefreshRow(kinds.RefreshRow, Strict):
    """You may pay to replace the face-up town cards before buying (H8)."""

    effect: Literal["refresh_row"]
    cost: Amount = 1


class GoGone(kinds.GoGone, Strict):
    effect: Literal["go_gone"]


class RoundTheRosie(kinds.RoundTheRosie, Strict):
    """Every played card passes one seat the arrow's way, resolves there, then returns (FAQ)."""

    effect: Literal["round_the_rosie"]


class ExtraDamage(kinds.ExtraDamage, Strict):
    """Passive: your attacks do more damage."""

    effect: Literal["extra_damage"]
    amount: Positive = 1


class Armor(kinds.Armor, Strict):
    """Passive: every attack on you has damage blocked."""

    effect: Literal["armor"]
    amount: Positive = 1


AnyEffect = Annotated[
    Union[Attack, Steal, TargetDiscardsInfamy, Block, AttackersDiscardInfamy, PayGold, GainGold,
          GainInfamy, GainAmmo, Heal, PerAttacker, SetTracks, BankAll, Buy, RefreshRow, GoGone,
          RoundTheRosie, ExtraDamage, Armor],
    Field(discriminator="effect"),
]
VOCABULARY: dict[str, type[kinds.Edc]] = {
    get_args(cls.model_fields["effect"].annotation)[0]: cls for cls in get_args(get_args(AnyEffect)[0])
}  # every effect by name: its class holds its parameters and wording
TARGETING = {name for name, cls in VOCABULARY.items() if cls.aimed}
PASSIVE = {name for name, cls in VOCABULARY.items() if cls.used_by == "character"}
CARD_ONLY = {name for name, cls in VOCABULARY.items() if cls.used_by == "card"}


class Option(kinds.Option, Strict):
    """One end of a card: its arrow, its effects and the wording it may give itself."""

    arrow: Arrow = "none"
    effects: list[AnyEffect] = Field(min_length=1, max_length=8)
    text: str | None = Field(default=None, max_length=400)


class ActionCard(kinds.ActionCard, Illustrated):
    """A starting or town card ("Card Anatomy")."""

    type: CardType
    priority: Priority
    keywords: list[Keyword] = Field(default_factory=empty, max_length=3)
    options: list[Option] = Field(min_length=1, max_length=2)
    flavor: str = Field(default="", max_length=120)


class StartingCard(ActionCard):
    """Starting cards carry the white star and no cost."""

    star: Literal[True] = True


class TownCard(ActionCard):
    """Town cards carry a gold cost in the top left corner."""

    cost: int = Field(ge=0, le=20)


class Ability(kinds.Ability, Strict):
    trigger: Literal["immediate", "on_kill", "on_attack", "when_attacked", "on_bank", "always"]
    effects: list[AnyEffect] = Field(min_length=1, max_length=4)
    text: str | None = Field(default=None, max_length=300)


Shade = Literal["white", "black", "brown", "grey", "tan", "blue", "red", "green"]


class Look(Strict):
    """How a character's portrait draws them: what they wear on the head, the face, at the neck and on the
    body, in which colours (the hat band and neckwear take the colour of what their ability deals in)."""

    hat: Literal["cattleman", "flat-top", "bowler", "sombrero", "top-hat", "bonnet", "cavalry", "none"] = "cattleman"
    hat_colour: Shade = "brown"
    hair: Shade = "brown"
    face: Literal["clean", "moustache", "beard", "spectacles", "eyepatch", "long-hair", "sideburns", "scar"] = "clean"
    neck: Literal["plain", "neckerchief", "bow-tie", "bandana-mask", "string-tie"] = "plain"
    coat: Literal["shirt", "vest", "suit", "duster", "poncho", "shawl"] = "shirt"
    coat_colour: Shade = "tan"
    skin: Literal["light", "medium", "dark"] = "light"


class Character(Record):
    """A hired character ("Character Card Anatomy"): alignment, ability and how the portrait draws them."""

    alignment: Literal["good", "bad"]
    ability: Ability
    flavor: str = Field(default="", max_length=120)
    look: Look = Field(default_factory=Look)


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


def in_language(record: Record, lang: str) -> tuple[Record, set[str]]:
    """`record` with the engine's text in language `lang` where its definition gives none of its own (an option,
    an ability), so the printed text and the effects the engine runs come from the same data; and the paths of
    the texts it wrote ("options.1.text")."""
    said = kinds.words(lang)
    if isinstance(record, ActionCard):
        wrote = {f"options.{i}.text" for i, o in enumerate(record.options, 1) if not o.text}
        return record.model_copy(update={"options": [
            o if o.text else o.model_copy(update={"text": o.in_words(said)}) for o in record.options]}), wrote
    if isinstance(record, Character) and not record.ability.text:
        return record.model_copy(update={"ability": record.ability.model_copy(
            update={"text": record.ability.in_words(said)})}), {"ability.text"}
    return record, set()


def check_translated(record: Record, lang: str, own: Collection[str]) -> tuple[Record, list[tuple[str, str]]]:
    """The family's part of a translation (`cards.translations`): the record with the engine's text in `lang`
    (`in_language`), and its checks, the texts in `lang` (those the translation gives, paths in `own`, and the
    engine's) with that language's keywords; a text left in the original's language (--lang-fallback) with its."""
    record, wrote = in_language(record, lang)
    return record, check_record(record, lang, {*own, *wrote})


def check_record(record: Record, lang: str | None = None, own: Collection[str] | None = None) -> list[tuple[str, str]]:
    """Rules a single record must keep beyond its types: (field path, message).  Its own texts must keep the
    keywords of language `lang` (None: English): every text, or those whose paths are in `own`."""
    def keywords(path: str) -> dict[str, str]:
        return kinds.keyword_words(lang if own is None or path in own else None)

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
                for miss in wording_problems(option.text, option.effects, keywords(f"options.{i}.text")):
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
            for miss in wording_problems(record.ability.text, record.ability.effects, keywords("ability.text")):
                out.append(("ability.text", f"wording leaves out the {miss}"))
    return out
