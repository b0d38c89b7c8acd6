"""Abilities at work: the closed effect vocabulary of cards/models/eternal_gold_and_steel/, run.

One function per effect, registered under its name by `@step` (`vocab.py`); the effects a
while-ability may hold also say what they lend a unit (`@lends`). Abilities that
fire at the same moment are a batch, resolved in the order their owner chooses
(`action.order`; FAQ on Gorgon Swiftblade). Every choice an effect needs (pay or not,
which unit to destroy, which enemy player) comes from the action (`Choices`): when
only one choice is legal it is made for the player, otherwise it must be given (GS-R2).
"""
from __future__ import annotations

from typing import Any

from checker.core.errors import StateError
from checker.core.wording import costs

from . import cite
from .refs import find_piece, parse_ref, refs
from .rules import Ability
from .table import Piece, Player, Table
from .vocab import STEPS, Lent, lends, step

TRIGGER_RULE = {"on_play": cite.EFFECT, "on_attack": cite.ATTACK, "on_attack_damage": cite.ATTACK,
                "on_ally_attack_damage": cite.ATTACK, "double_influence": cite.DOUBLE}


class Choices:
    """What the acting player decided, from the state's [action]: consumed as effects ask."""

    def __init__(self, player: Player, pay: bool | None = None, destroy: list[str] | None = None, target: Player | None = None,
                 order: list[str] | None = None, defender: Player | None = None):
        self.player, self.pay, self.target, self.defender = player, pay, target, defender
        self.destroy = list(destroy or [])
        self.order = list(order or [])
        self.used_destroy = 0
        self.used_order: set[int] = set()
        self.paid = False
        self.aimed = False  # action.target was used

    def enemy(self, t: Table, p: Player, why: str) -> Player | None:
        """The enemy player an effect hits: action.target, else the defender, else the only enemy."""
        enemies = t.enemies(p)
        if self.target is not None and self.target in enemies:
            self.aimed = True
            return self.target
        if self.target is None and self.defender is not None and self.defender in enemies:
            return self.defender
        if self.target is None and len(enemies) == 1:
            return enemies[0]
        if not enemies:
            return None
        names = ", ".join(q.name for q in enemies)
        got = f", got {self.target.name!r} (not an enemy still in the game)" if self.target else ""
        raise StateError(f"expected the enemy player to {why}: target = one of {names}{got} (GS-R2)",
                         player=self.player.name, field="action.target")

    def unit(self, options: list[Piece], p: Player, what: str) -> Piece:
        """The next unit of action.destroy, or the only legal one."""
        if self.used_destroy < len(self.destroy):
            ref = self.destroy[self.used_destroy]
            self.used_destroy += 1
            piece = find_piece(ref, options, p)
            if piece is None:
                raise StateError(f"{ref!r} is not a unit you can {what}; expected one of {refs(options, p)} (GS-R2)",
                                 player=self.player.name, field=f"action.destroy[{self.used_destroy}]")
            return piece
        if len(options) == 1:
            return options[0]
        raise StateError(f"expected the unit to {what}: destroy = one of {refs(options, p)} "
                         f"(in the order the abilities resolve; GS-R2)", player=self.player.name, field="action.destroy")

    def pays(self, cost: str) -> bool:
        """Whether the player pays for a pay-to-improve ability (action.pay; G6)."""
        return bool(self.pay)

    def leftovers(self) -> list[str]:
        """Choices the resolution never asked for: reported as notes."""
        out = [f"action.destroy {ref!r} was not needed" for ref in self.destroy[self.used_destroy:]]
        if self.pay and not self.paid:
            out.append("action.pay: there was nothing to pay for")
        if self.target is not None and not self.aimed:
            out.append(f"action.target {self.target.name!r}: nothing dealt damage to a chosen enemy player")
        return out


class Trigger:
    """An ability that fired: whose card, which ability, its controller, and "it" (the unit or wielder)."""

    __slots__ = ("card", "ability", "controller", "it", "from_discard", "rule")

    def __init__(self, card: Any, ability: Ability | None, controller: Player, it: Piece | None,
                 from_discard: bool = False, rule: str | None = None):
        self.card, self.ability, self.controller, self.it = card, ability, controller, it
        self.from_discard = from_discard
        self.rule = rule or (TRIGGER_RULE[ability.trigger] if ability else cite.THRONE)


def order_batch(t: Table, batch: list[Trigger], choices: Choices) -> list[Trigger]:
    """The owner's order for simultaneous abilities: action.order first, the rest as listed (GS-R12)."""
    if len(batch) < 2:
        return batch
    picked: list[Trigger] = []
    for i, entry in enumerate(choices.order):
        _, card_id, n = parse_ref(entry)
        same = [tr for tr in batch if tr.card.id == card_id]
        if 1 <= n <= len(same) and same[n - 1] not in picked:
            picked.append(same[n - 1])
            choices.used_order.add(i)
    rest = [tr for tr in batch if tr not in picked]
    ordered = picked + rest
    t.say(cite.SAME_TIME, batch[0].controller, None, "order", who=batch[0].controller.name,
          names=[tr.card.name for tr in ordered], chosen=bool(picked))
    return ordered


def fire(t: Table, batch: list[Trigger], choices: Choices) -> None:
    """Resolve a batch of abilities that fired at the same moment, one after another."""
    for tr in order_batch(t, batch, choices):
        resolve_ability(t, tr, choices)


def resolve_ability(t: Table, tr: Trigger, choices: Choices) -> None:
    ability, p = tr.ability, tr.controller
    if ability is not None:
        t.say(tr.rule, p, tr.card, "ability", cause="fires", name=tr.card.name, ability=ability.text)
        if ability.condition is not None and not t.condition_holds(ability.condition, tr.it, p):
            t.say(cite.FAQ_CONDITION, p, tr.card, "nothing", cause="condition", condition=ability.condition)
            return
        effects = ability.effects
    else:
        effects = tr.card.effects
    for effect in effects:
        STEPS[effect.name](t, effect, tr, choices)
        t.check_whiles()


def _it(t: Table, tr: Trigger, e: Any) -> Piece | None:
    """The unit effect `e` acts on, if it is still in the battle area (GS-R2)."""
    if tr.it is not None and t.in_play(tr.it):
        return tr.it
    t.say(cite.EFFECT, tr.controller, tr.card, "nothing", cause="gone", name=tr.card.name, effect=e.name,
          **({"keyword": e.keyword} if hasattr(e, "keyword") else {}))
    return None


# ---- the effects ---------------------------------------------------------------------------------------------

@step("gain_gold")
def gain_gold(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    """Earning Gold: the tokens come from the pool, so a player takes what is left of it (GS-R13); in a game
    without gold tokens only the most a state file holds stops it, as health and power (GS-R10)."""
    p, asked = tr.controller, e.amount
    left = t.gold_left()
    if left is None:
        t.gain(p, "gold", asked, cite.EARN_GOLD, tr.card, cause="gold")
        return
    taken = min(asked, left)
    if taken <= 0:
        t.say(cite.GOLD_POOL, p, tr.card, "nothing", cause="pool", who=p.name, amount=asked, tokens=t.rules.gold_tokens)
        return
    p.gold += taken
    if taken < asked:
        t.say(cite.join(cite.EARN_GOLD, cite.GOLD_POOL), p, tr.card, "gain", cause="pool", who=p.name, amount=taken,
              what="gold", asked=asked, before=p.gold - taken, after=p.gold)
        return
    t.say(cite.EARN_GOLD, p, tr.card, "gain", cause="gold", who=p.name, amount=taken, what="gold",
          before=p.gold - taken, after=p.gold)


@step("gain_power")
def gain_power(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    t.gain(tr.controller, "power", e.amount, cite.POWER, tr.card, cause="power")


@step("gain_health")
def gain_health(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    t.gain_health(tr.controller, e.amount, cite.EFFECT, tr.card)


@step("draw")
def draw(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    t.draw(tr.controller, e.count, tr.card, cite.EFFECT)


@step("add_market_card")
def add_market_card(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    t.add_to_market(tr.controller, e.count, tr.card)


@step("gain_keyword")
def gain_keyword(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    piece = _it(t, tr, e)
    if piece is not None:
        if e.keyword not in piece.gained:
            piece.gained.append(e.keyword)
        t.say(cite.EFFECT, tr.controller, tr.card, "ability", cause="keyword", keyword=e.keyword, unit=t.unit(piece))


@lends("gain_keyword")
def _lends_keyword(e: Any) -> Lent:
    return Lent(keywords=(e.keyword,))


@step("gain_strength")
def gain_strength(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    piece = _it(t, tr, e)
    if piece is not None:
        piece.strength += e.amount
        t.say(cite.EFFECT, tr.controller, tr.card, "ability", cause="strength", amount=e.amount, unit=t.unit(piece))


@lends("gain_strength")
def _lends_strength(e: Any) -> Lent:
    return Lent(strength=e.amount)


@step("put_attack_token")
def put_attack_token(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    piece = _it(t, tr, e)
    if piece is not None:
        piece.tokens.append(e.amount)
        t.say(cite.FAQ_FORGEBORN, tr.controller, tr.card, "ability", cause="token", amount=e.amount, unit=t.unit(piece))


@step("destroy_own_unit")
def destroy_own_unit(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    p = tr.controller
    others = [u for u in p.units if u is not tr.it]
    if not others:
        if tr.it is not None and t.in_play(tr.it):
            t.discard_piece(tr.it, cite.FAQ_OBRAK, "kill", "itself")
        return
    victim = c.unit(others, p, "destroy (another unit of yours)")
    t.discard_piece(victim, cite.EFFECT, "kill", "destroyed", by=p.name, source=tr.card.name, cards=[tr.card.id])


@step("destroy_enemy_unit")
def destroy_enemy_unit(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    p = tr.controller
    options = [u for q in t.enemies(p) for u in q.units]
    if not options:
        t.say(cite.FAQ_SPITFIRE, p, tr.card, "nothing", cause="no_unit")
        return
    victim = c.unit(options, p, "destroy (an enemy unit)")
    t.discard_piece(victim, cite.EFFECT, "kill", "destroyed", by=p.name, source=tr.card.name, cards=[tr.card.id])


@step("deal_damage_player")
def deal_damage_player(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    p = tr.controller
    target = c.enemy(t, p, f"damage with {tr.card.name}")
    if target is None:
        t.say(cite.NO_ONE_LEFT, p, tr.card, "nothing", cause="no_enemy")
        return
    t.lose_health(target, e.amount, cite.EFFECT, tr.card, p, cause="effect", what="damage")


@step("deal_attack_damage")
def deal_attack_damage(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    piece = _it(t, tr, e)
    if piece is None:
        return
    target = c.enemy(t, tr.controller, f"hit with {tr.card.name}'s attack damage")
    if target is None:
        return
    if strike(t, piece, target, e.amount, cite.FAQ_ICEBOW, cause="ability", source=tr.card.name):
        fire(t, damage_triggers(t, [piece]), c)


@step("put_on_top_of_deck")
def put_on_top_of_deck(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    piece = _it(t, tr, e)
    if piece is not None:
        t.remove_piece(piece)
        piece.owner.deck.insert(0, piece.card)
        t.say(cite.EFFECT, tr.controller, tr.card, "card", cause="top", name=piece.card.name, who=piece.owner.name)
        t.note(piece.owner, f"{piece.card.name} on top of the deck")
        t.discard_weapons(piece, cite.WIELDER_LEFT, "unwielded")
        t.check_whiles()


@step("return_to_battle_area")
def return_to_battle_area(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    piece = _it(t, tr, e)
    if piece is not None:
        piece.stays = True
        t.say(cite.FAQ_NIGHTMARE, tr.controller, tr.card, "card", cause="returns", name=piece.card.name,
              weapons=[w.name for w in piece.weapons])


@step("return_to_hand")
def return_to_hand(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    owner = tr.controller
    if tr.it is not None and t.in_play(tr.it):
        t.remove_piece(tr.it)
        owner.hand.append(tr.it.card)
        t.say(tr.rule, owner, tr.card, "card", cause="hand", name=tr.card.name, zone="battle_area", who=owner.name)
        t.discard_weapons(tr.it, cite.WIELDER_LEFT, "unwielded")
        t.check_whiles()
    elif tr.from_discard and tr.card in owner.discard:
        owner.discard.remove(tr.card)
        owner.hand.append(tr.card)
        t.say(tr.rule, owner, tr.card, "card", cause="hand", name=tr.card.name, zone="discard_pile", who=owner.name)
    else:
        t.say(cite.EFFECT, owner, tr.card, "nothing", cause="left", name=tr.card.name)
        return
    t.note(owner, f"{tr.card.name} back to the hand")


@step("put_unit_token")
def put_unit_token(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    token = t.rules.cards[e.token]
    p = tr.controller
    holder = next((q for q in t.players for x in q.battle if x.card is token), None)
    if holder is not None:
        t.say(cite.TOKEN, p, tr.card, "nothing", cause="token", name=token.name, holder=holder.name)
        return
    p.battle.append(Piece(token, p))
    t.say(cite.TOKEN, p, tr.card, "card", cause="token", name=token.name, strength=token.strength, who=p.name)
    t.note(p, f"{token.name} token in play")


@step("pay")
def pay(t: Table, e: Any, tr: Trigger, c: Choices) -> None:
    """G6: pay once, or not at all; `then` resolves only when paid."""
    p = tr.controller
    paid = {k: getattr(e, k) for k in ("gold", "power") if getattr(e, k)}
    cost = costs(paid)
    if not c.pays(cost):
        t.say(cite.PAY_ONCE, p, tr.card, "nothing", who=p.name, cause="ability", cost=paid)
        return
    for what in ("gold", "power"):
        need, have = getattr(e, what) or 0, getattr(p, what)
        if need > have:
            raise StateError(f"cannot pay {cost} for {tr.card.name}: {p.name} has {have} {what}; "
                             f"set pay = false to play it without paying (G6)", player=p.name, field="action.pay")
    p.gold -= e.gold or 0
    p.power -= e.power or 0
    c.paid = True
    rule = cite.join(*(r for r, what in ((cite.PAY_GOLD, "gold"), (cite.PAY_POWER, "power")) if what in paid))
    t.say(rule, p, tr.card, "pay", who=p.name, cause="ability", paid=paid,
          left={"gold": p.gold, "power": p.power})
    for inner in e.then:
        STEPS[inner.name](t, inner, tr, c)


# ---- attack damage ---------------------------------------------------------------------------------------------

def strike(t: Table, piece: Piece, target: Player, amount: int, rule: str, **how: Any) -> int:
    """The unit deals attack damage to a player: Berserk doubles it, Lifesteal heals its controller (G2).
    `how`: the damage step's `cause` (unblocked, an ability) and its values (`strength`, `source`)."""
    owner = piece.owner
    keywords = t.keywords_of(piece)
    dealt = amount * 2 if "berserk" in keywords else amount
    if dealt <= 0:
        t.say(cite.UNBLOCKED, owner, piece.card, "nothing", cause="strength", who=owner.name, name=piece.card.name)
        return 0
    doubled = dealt != amount
    berserk_rule = cite.FAQ_ICEBOW_BERSERK if doubled and rule == cite.FAQ_ICEBOW else cite.BERSERK
    t.lose_health(target, dealt, cite.join(rule, berserk_rule) if doubled else rule, piece.card, owner,
                  what="attack damage", **how, **({"berserk": amount} if doubled else {}))
    t.dealt[id(piece)] = t.dealt.get(id(piece), frozenset()) | keywords
    if "lifesteal" in keywords:
        lifesteal_rule = cite.FAQ_ICEBOW_LIFESTEAL if rule == cite.FAQ_ICEBOW else cite.LIFESTEAL
        t.gain_health(owner, dealt, lifesteal_rule, piece.card, cause="lifesteal", name=piece.card.name)
    return dealt


def damage_triggers(t: Table, dealers: list[Piece]) -> list[Trigger]:
    """Every ability that fires because these units dealt attack damage together (GS-R3, GS-R4, GS-R12)."""
    out: list[Trigger] = []
    for piece in dealers:
        owner = piece.owner
        out += [Trigger(card, a, owner, piece) for card, a in t.abilities_of(piece) if a.trigger == "on_attack_damage"]
        keywords = t.keywords_of(piece)
        for unit in owner.units:
            for a in unit.card.abilities:
                if a.trigger != "on_ally_attack_damage" or (a.ally_keyword and a.ally_keyword not in keywords):
                    continue
                if a.zone == "battle_area":
                    out.append(Trigger(unit.card, a, owner, unit))
                elif unit in t.attacking and id(unit) in t.dealt:  # discarded once the attack is over (P1)
                    out += _on_its_way(t, unit, a)
        for card in owner.discard:
            for a in card.abilities:
                if (a.trigger == "on_ally_attack_damage" and a.zone == "discard_pile"
                        and (not a.ally_keyword or a.ally_keyword in keywords)):
                    out.append(Trigger(card, a, owner, None, from_discard=True, rule=cite.FAQ_KATRA))
    for unit in (x for x in dealers if x in t.attacking):  # its ally dealt attack damage earlier (Icebow); it now
        for a in unit.card.abilities:
            if (a.trigger == "on_ally_attack_damage" and a.zone == "discard_pile"
                    and (not a.ally_keyword or any(a.ally_keyword in kws for kws in t.dealt.values()))):
                out += _on_its_way(t, unit, a)
    return out


def _on_its_way(t: Table, unit: Piece, a: Ability) -> list[Trigger]:
    """GS-R4: a discard-pile ability of an attacker that dealt attack damage, once per attack (FAQ on Katra)."""
    if (id(unit), id(a)) in t.fired:
        return []
    t.fired.add((id(unit), id(a)))
    return [Trigger(unit.card, a, unit.owner, unit, rule=cite.FAQ_KATRA)]
