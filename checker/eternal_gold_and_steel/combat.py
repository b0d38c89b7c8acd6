"""An attack (GS-R3): declare, when-attacks abilities, blocks, attack damage, its abilities, discards.

G2 decides blocks and damage; P1 discards every attacker that dealt attack damage once
the attack is over, unless an ability moved it or keeps it (Recurring Nightmare).
"""
from __future__ import annotations

from . import cite
from .effects import Trigger, damage_triggers, fire, strike
from .state import Action
from .table import Table


def attack(t: Table, a: Action) -> str:
    p, d = a.player, a.defender
    assert d is not None, "read_table named the defender"
    t.attacking, t.dealt, t.fired = list(a.attackers), {}, set()
    t.say(cite.ATTACK, p, None, "target", who=p.name, defender=d.name, attackers=[t.unit(x) for x in a.attackers])
    before = d.health
    declared = {id(x): t.strength_of(x) for x in a.attackers}  # G2's strengths, as attacks are declared (GS-R3)
    fire(t, [Trigger(card, ab, p, x) for x in a.attackers for card, ab in t.abilities_of(x)
             if ab.trigger == "on_attack"], a.choices)
    blocked = set()
    for attacker, blocker in a.blocks:
        if not t.in_play(attacker):
            t.say(cite.ATTACK, d, blocker.card, "nothing", cause="blocker", attacker=attacker.card.name, who=d.name,
                  blocker=blocker.card.name)
            continue
        if not t.in_play(blocker):
            t.say(cite.ATTACK, d, blocker.card, "nothing", cause="unblocked", who=d.name, blocker=blocker.card.name,
                  attacker=attacker.card.name)
            continue
        if t.strength_of(blocker) < declared[id(attacker)]:  # weakened since the blocks were declared
            t.say(cite.join(cite.UNBLOCKED, cite.ATTACK), d, blocker.card, "nothing", cause="weaker", who=d.name,
                  blocker=t.unit(blocker), attacker=attacker.card.name, strength=declared[id(attacker)])
            continue
        blocked.add(id(attacker))
        t.say(cite.BLOCK, d, blocker.card, "block", cause="unit", who=d.name, blocker=t.unit(blocker), by=p.name,
              attacker=t.unit(attacker), cards=[attacker.card.id])
        t.discard_piece(attacker, cite.BLOCKED_STAYS if attacker.stays else cite.BLOCK, "card", "blocked")
        t.discard_piece(blocker, cite.BLOCK, "card", "blocker")
    dealers = []
    out_before = d.out  # the unblocked attackers' damage is dealt all at once (GS-R3): one reaching 0 stops no other
    for x in a.attackers:
        if id(x) in blocked or not t.in_play(x):
            continue
        if out_before:
            t.say(cite.OUT_ALREADY, p, x.card, "nothing", cause="out", who=d.name, name=x.card.name)
            continue
        if strike(t, x, d, t.strength_of(x), cite.UNBLOCKED, cause="unblocked", strength=t.strength_of(x)):
            dealers.append(x)
    fire(t, damage_triggers(t, dealers), a.choices)
    for x in a.attackers:
        if t.in_play(x) and id(x) in t.dealt and not x.stays:
            t.discard_piece(x, cite.ATTACK_OVER, "card", "attack_over")
        elif t.in_play(x) and x.stays:
            t.say(cite.FAQ_NIGHTMARE, p, x.card, "card", cause="stays", name=x.card.name, weapons=[w.name for w in x.weapons])
    t.attacking = []
    if d.health == before:
        return f"Legal: {p.name} attacks {d.name}; {d.name} takes no damage (health stays {before})."
    return f"Legal: {p.name} attacks {d.name}; {d.name} loses {before - d.health} health ({before} -> {d.health})."
