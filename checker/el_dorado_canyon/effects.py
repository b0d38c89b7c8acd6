"""The closed effect vocabulary at work: one function per effect, and the table naming them.

"Starting Cards" and "Symbols and Terms" say what each effect does (`cards/models/
el_dorado_canyon.py` lists them, `rules.PARAMETERS` their parameters). The effects that
are a few lines each are here; `attack` lives with the rest of "Killing Characters" in
`attacks`, `buy` and `refresh_row` with the town in `town` (H8), and go_gone is applied
by the turn through `gone`. Cards and abilities run the same functions; `effect_steps`
binds them to a card's end once, so the hot path looks nothing up by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import cite
from .attacks import attack, targets
from .players import MAX_TRACK, Play, Player
from .rules import Option
from .town import buy, gold_text, pay, refresh_row

if TYPE_CHECKING:
    from .turn import Table

# Signature: (table, player, effect tuple, play or None for abilities, aim) -> go on with the option?


def _steal(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    for v in targets(t, p, aim):
        if v is p:
            if t.log:
                t.say("has no one else to steal from: nothing moves", cite.join(cite.STEAL, cite.TARGET), p)
            continue
        gold = min(e[1], v.unbanked)
        v.unbanked -= gold
        p.unbanked += gold
        if t.log:
            short = f", all {v.name} had of the {e[1]} the card takes" if gold < e[1] else ""
            t.say(f"steals {gold} unbanked gold from {v.name}{short} (unbanked {v.unbanked + gold} -> {v.unbanked}; "
                  "banked gold is safe)", cite.STEAL, p)
    return True


def _target_discards(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    for v in targets(t, p, aim):
        lost = min(e[1], v.infamy)
        v.infamy -= lost
        if t.log:
            t.say(f"{v.name} discards {lost} infamy ({v.infamy + lost} -> {v.infamy})", cite.TARGET_DISCARDS)
    return True


def _block(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    p.block += e[1]
    if t.log:
        t.say(f"takes cover: {e[1]} damage of each attack on {p.name} is blocked for the rest of the turn",
              cite.BLOCK, p)
    return True


def _attackers_discard(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    p.discard += e[1]
    if t.log:
        t.say(f"each attacker of {p.name} discards {e[1]} infamy for the rest of the turn", cite.ATTACKER_DISCARDS)
    return True


def _pay_gold(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    if not pay(p, e[1]):
        if t.log:
            t.say(f"has {p.unbanked + p.banked} gold, needs {e[1]}: the rest of the card does nothing", cite.PAY, p)
        return False
    if t.log:
        t.say(f"pays {e[1]} gold ({gold_text(p)})", cite.PAY, p)
    return True


def _card_rule(pl: Play | None, by_card: dict[str, str], other: str, ability: str = cite.ABILITY) -> str:
    """The passage that states this card's own text (a starting card's, an FAQ answer), else the card's
    text as its rule; an ability's effect (no play) cites the ability rule."""
    return ability if pl is None else by_card.get(pl.card.id, other)


def _gain_gold(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    amount, if_attacked = e[1], e[2]
    attackers = t.attackers_of(p) if if_attacked is not None else ()
    gain = if_attacked if attackers else amount
    p.unbanked += gain
    if t.log:
        why = ""
        if if_attacked is not None:
            who = ", ".join(a.name for a in attackers)
            why = f" (attacked by {who}: {if_attacked} instead of {amount})" if attackers else " (not attacked)"
        rule = _card_rule(pl, {"go-to-town": cite.GO_TO_TOWN_GOLD, "advanced-mining": cite.ADVANCED_MINING},
                          cite.IF_ATTACKED) if if_attacked is not None else cite.GAIN_GOLD
        t.say(f"gains {gain} unbanked gold{why}", rule, p)
    return True


def _gain_infamy(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    p.infamy += e[1]
    if t.log:
        t.say(f"gains {e[1]} infamy ({p.infamy - e[1]} -> {p.infamy})",
              cite.GAIN_INFAMY if pl is not None else cite.ABILITY_INFAMY, p)
    return True


def _gain_ammo(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    before = p.ammo
    p.ammo = min(MAX_TRACK, before + e[1])
    if t.log:
        t.say(f"gains ammo: {before} -> {p.ammo}",
              _card_rule(pl, {"take-cover": cite.TAKE_COVER_AMMO}, cite.AMMO_TRACK, cite.ABILITY_TRACKS), p)
    return True


def _per_attacker(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    k = len(t.attackers_of(p))
    p.unbanked += e[1] * k
    p.infamy += e[2] * k
    if t.log:
        gains = " and ".join(f"{n * k} {what}" for what, n in (("gold", e[1]), ("infamy", e[2])) if n)
        t.say(f"was attacked by {k} player(s): gains {gains}", cite.PER_ATTACKER, p)
    return True


def _set_tracks(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    health, ammo = e[1], e[2]
    before = (p.health, p.ammo)
    if health is not None and health > 0:
        p.health = health
    if ammo is not None:
        p.ammo = ammo
    if t.log:
        t.say(f"sets health {before[0]} -> {p.health}, ammo {before[1]} -> {p.ammo}",
              _card_rule(pl, {"secret-hideout": cite.HIDEOUT}, cite.SET_TRACKS, cite.ABILITY_TRACKS), p)
    return True


def _bank_all(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    moved = p.unbanked
    p.banked += moved
    p.unbanked = 0
    if t.log:
        t.say(f"banks {moved} gold (banked {p.banked - moved} -> {p.banked})", cite.BANK, p)
    if moved:
        t.trigger(p, "on_bank", None)
    return True


def _round_the_rosie(t: Table, p: Player, e: tuple, pl: Play | None, aim: Any) -> bool:
    t.round_the_rosie(p, aim)
    return True


Effect = Callable[["Table", Player, tuple, "Play | None", Any], bool]
# Abilities run the same functions (aim: the other player of the trigger); passives are
# folded into Character (extra, armor); `Table.resolve_card` applies go_gone (cards only,
# through `gone.go_gone`).
EFFECTS: dict[str, Effect | None] = {
    "attack": attack, "steal": _steal, "target_discards_infamy": _target_discards, "block": _block,
    "attackers_discard_infamy": _attackers_discard, "pay_gold": _pay_gold, "gain_gold": _gain_gold,
    "gain_infamy": _gain_infamy, "gain_ammo": _gain_ammo, "per_attacker": _per_attacker,
    "set_tracks": _set_tracks, "bank_all": _bank_all, "buy": buy, "refresh_row": refresh_row,
    "go_gone": None, "round_the_rosie": _round_the_rosie,
}


Steps = tuple[tuple[Effect, tuple], ...]


def step_of(name: str) -> Effect:
    """The function that applies effect `name` (go_gone has none: see EFFECTS)."""
    run = EFFECTS[name]
    assert run is not None, f"{name} is applied by Table.resolve_card"
    return run


def effect_steps(end: Option) -> tuple[Steps, bool, Steps]:
    """A card end's effects with the functions that apply them, looked up once: those before
    its first go_gone, whether it has one, and the others after it."""
    names = [e[0] for e in end.effects]
    cut = names.index("go_gone") if "go_gone" in names else len(names)
    before = tuple((step_of(e[0]), e) for e in end.effects[:cut])
    after = tuple((step_of(e[0]), e) for e in end.effects[cut:] if e[0] != "go_gone")
    end.steps = (before, cut < len(names), after)
    return end.steps
