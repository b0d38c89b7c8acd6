"""The closed effect vocabulary at work: one registered function per effect.

"Starting Cards" and "Symbols and Terms" say what each effect does (`cards/models/
el_dorado_canyon/` holds its parameters and wording). Each `@effect` here is that
effect's one home in the engine: the function that runs it and, beside it, what the
turn, the state reader and the simulator foresee of it (`vocabulary.Rule`). The effects
that are a few lines each are here; `attack` lives with the rest of "Killing Characters"
in `attacks`, `buy` and `refresh_row` with the town in `town` (H8), `go_gone` in `gone`.
Cards and abilities run the same functions; `effect_steps` binds them to a card's end once,
so the hot path looks nothing up by name. An effect's parameters are `Any` to mypyc (objects made
at run time, `checker.core.effect`): those a function computes with are read once into typed locals
(`amount: int = e.amount`), checked there and then added and compared as machine integers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from . import cite
from .attacks import targets, went_past
from .gone import go_gone  # noqa: F401  (registers go_gone)
from .players import Play, Player
from .rules import Option
from .town import pay
from .vocabulary import RULES, effect, passive

if TYPE_CHECKING:
    from .turn import Table
    from .vocabulary import Steps

ESTIMATED_TOP: Final = 5  # the greedy policy's worth of a heal reckons with the rulebook's tracks: an estimate


@effect("steal", gold=lambda e: None, takes_gold=True, worth=lambda e, ammo, health, wi, wg: 0.6 * wg)
def steal(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    takes: int = e.gold
    for v in targets(t, p, aim):
        if v is p:
            if t.log:
                t.say(cite.join(cite.STEAL, cite.TARGET), p, "nothing", cause="steal", who=p.name)
            continue
        gold = min(takes, v.unbanked)
        v.unbanked -= gold
        p.unbanked += gold
        if t.log:
            t.say(cite.join(cite.STEAL, cite.TARGET) if went_past(t, p, v, aim) else cite.STEAL, p, kind="steal", who=p.name, target=v.name, amount=gold, takes=takes,
                  before=v.unbanked + gold, after=v.unbanked, cards=t.card_of(v))
    return True


@effect("target_discards_infamy")
def target_discards_infamy(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    for v in targets(t, p, aim):
        if v is p:  # Infamy: only "an opponent's card" makes you discard; your own card, come back to you, does not
            if t.log:
                t.say(cite.join(cite.TARGET_DISCARDS, cite.TARGET), p, "nothing", cause="own_card", who=p.name)
            continue
        lost = min(e.amount, v.infamy)
        v.infamy -= lost
        if t.log:
            rule = cite.join(cite.TARGET_DISCARDS, cite.TARGET) if went_past(t, p, v, aim) else cite.TARGET_DISCARDS
            t.say(rule, kind="loss", cause="discard", who=v.name, amount=lost, what="infamy",
                  before=v.infamy + lost, after=v.infamy, cards=t.card_of(v))
    return True


@effect("block", worth=lambda e, ammo, health, wi, wg: 0.4)
def block(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    amount: int = e.damage
    p.block += amount
    if t.log:
        t.say(cite.BLOCK, p, kind="cover", cause="block", who=p.name, amount=amount)
    return True


@effect("attackers_discard_infamy")
def attackers_discard_infamy(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    amount: int = e.amount
    p.discard += amount
    if t.log:
        t.say(cite.ATTACKER_DISCARDS, kind="cover", cause="discard", who=p.name, amount=amount)
    return True


@effect("pay_gold", gold=lambda e: -e.amount, worth=lambda e, ammo, health, wi, wg: -e.amount * 0.3)
def pay_gold(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    if not pay(p, e.amount):
        if t.log:
            t.say(cite.PAY, p, "nothing", cause="short", effect="pay_gold", who=p.name, has=p.unbanked + p.banked,
                  what="gold", needs=e.amount)
        return False
    if t.log:
        t.say(cite.PAY, p, kind="pay", cause="card", who=p.name, amount=e.amount, what="gold", unbanked=p.unbanked,
              banked=p.banked)
    return True


def _card_rule(pl: Play | None, by_card: dict[str, str], other: str, ability: str = cite.ABILITY) -> str:
    """The passage that states this card's own text (a starting card's, an FAQ answer), else the card's
    text as its rule; an ability's effect (no play) cites the ability rule."""
    return ability if pl is None else by_card.get(pl.card.id, other)


@effect("gain_gold", asks=lambda e: e.if_attacked is not None, gold=lambda e: max(e.amount, e.if_attacked or 0),
        worth=lambda e, ammo, health, wi, wg: e.amount * 0.4 * wg)
def gain_gold(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    amount: int = e.amount
    if_attacked: int | None = e.if_attacked
    attackers = t.attackers_of(p) if if_attacked is not None else ()
    gain = if_attacked if if_attacked is not None and attackers else amount
    p.unbanked += gain
    if t.log:
        if if_attacked is None:
            t.say(cite.GAIN_GOLD, p, kind="gain", who=p.name, amount=gain, what="unbanked gold",
                  before=p.unbanked - gain, after=p.unbanked)
        else:
            rule = _card_rule(pl, {"go-to-town": cite.GO_TO_TOWN_GOLD, "advanced-mining": cite.ADVANCED_MINING},
                              cite.IF_ATTACKED)
            t.say(rule, p, kind="gain", cause="attacked", who=p.name, amount=gain, what="unbanked gold",
                  attackers=[a.name for a in attackers], if_attacked=if_attacked, if_not=amount,
                  before=p.unbanked - gain, after=p.unbanked)
    return True


@effect("gain_infamy", worth=lambda e, ammo, health, wi, wg: e.amount * wi)
def gain_infamy(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    amount: int = e.amount
    p.infamy += amount
    if t.log:
        t.say(cite.GAIN_INFAMY if pl is not None else cite.ABILITY_INFAMY, p, kind="gain", who=p.name,
              amount=amount, what="infamy", before=p.infamy - amount, after=p.infamy)
    return True


@effect("gain_ammo", worth=lambda e, ammo, health, wi, wg: 1.5 if ammo <= 1 else -0.5)
def gain_ammo(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    before, top = p.ammo, t.rules.track_limit
    amount: int = e.amount  # typed once: the minimum below is taken natively
    p.ammo = min(top, before + amount)
    if t.log:
        t.say(_card_rule(pl, {"take-cover": cite.TAKE_COVER_AMMO}, cite.AMMO_TRACK, cite.ABILITY_TRACKS), p,
              kind="gain", cause="track", who=p.name, amount=p.ammo - before, what="ammo", of=amount, top=top,
              before=before, after=p.ammo)
    return True


@effect("heal", worth=lambda e, ammo, health, wi, wg: min(e.amount, ESTIMATED_TOP - health) * 0.9 - 0.5)
def heal(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    """Gain health up the track, never above its top (H3)."""
    before, top = p.health, t.rules.track_limit
    amount: int = e.amount
    p.health = min(top, before + amount)
    if t.log:
        t.say(cite.HEAL, p, kind="gain", cause="track", who=p.name, amount=p.health - before, what="health",
              of=amount, top=top, before=before, after=p.health)
    return True


@effect("per_attacker", asks=lambda e: True, gold=lambda e: None, worth=lambda e, ammo, health, wi, wg: 0.6 * wg)
def per_attacker(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    k = len(t.attackers_of(p))
    p.unbanked += e.gold * k
    p.infamy += e.infamy * k
    if t.log:
        t.say(cite.PER_ATTACKER, p, kind="gain", cause="per_attacker", who=p.name, attackers=k,
              per={"gold": e.gold, "infamy": e.infamy})
    return True


@effect("set_tracks", worth=lambda e, ammo, health, wi, wg: (5 - health) * 0.9 - 1)
def set_tracks(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    health: int | None = e.health  # typed once: compared natively below
    ammo: int | None = e.ammo
    before = (p.health, p.ammo)
    top = t.rules.track_limit  # a house rule's lower tracks: "place at 5" places at their top (H3)
    if health is not None and health > 0:
        p.health = min(health, top)
    if ammo is not None:
        p.ammo = min(ammo, top)
    if t.log:
        t.say(_card_rule(pl, {"secret-hideout": cite.HIDEOUT}, cite.SET_TRACKS, cite.ABILITY_TRACKS), p, kind="set",
              who=p.name, health={"before": before[0], "after": p.health}, ammo={"before": before[1], "after": p.ammo})
    return True


@effect("bank_all", fires=True, banks=True, worth=lambda e, ammo, health, wi, wg: -1)
def bank_all(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    moved = p.unbanked
    p.banked += moved
    p.unbanked = 0
    if t.log:
        t.say(cite.BANK, p, kind="bank", who=p.name, amount=moved, before=p.banked - moved, after=p.banked)
    if moved:
        t.trigger(p, "on_bank", None)
    return True


@effect("round_the_rosie")
def round_the_rosie(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    t.round_the_rosie(p, aim)
    return True


# passives: no step of their own; the character carries their sum (attacks read it, H4)
passive("extra_damage", lambda e: ("extra", e.amount))
passive("armor", lambda e: ("armor", e.amount))


def effect_steps(end: Option) -> tuple[Steps, Any, Steps]:
    """A card end's effects with the functions that apply them, looked up once: those before
    its first deferred effect (go_gone), that effect (or None), and the others after it."""
    effects = end.effects
    cut = next((i for i, e in enumerate(effects) if e.rule.deferred), len(effects))
    deferred = effects[cut] if cut < len(effects) else None
    before = tuple((e.rule.run, e) for e in effects[:cut])
    after = tuple((e.rule.run, e) for e in effects[cut + 1:] if not e.rule.deferred)
    end.steps = (before, deferred, after)
    return end.steps


__all__ = ["RULES", "effect_steps"]
