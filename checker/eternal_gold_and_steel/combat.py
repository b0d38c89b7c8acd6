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
    t.say(f"{p.name} attacks {d.name} with {', '.join(t.describe(x) for x in a.attackers)}", cite.ATTACK, p, kind="target")
    before = d.health
    fire(t, [Trigger(card, ab, p, x) for x in a.attackers for card, ab in t.abilities_of(x)
             if ab.trigger == "on_attack"], a.choices)
    blocked = set()
    for attacker, blocker in a.blocks:
        if not t.in_play(attacker):
            t.say(f"{attacker.card.name} has left the battle area: {d.name}'s {blocker.card.name} blocks nothing",
                  cite.ATTACK, d, blocker.card, kind="nothing")
            continue
        if not t.in_play(blocker):
            t.say(f"{d.name}'s {blocker.card.name} has left the battle area: {attacker.card.name} is unblocked",
                  cite.ATTACK, d, blocker.card, kind="nothing")
            continue
        blocked.add(id(attacker))
        t.say(f"{d.name}'s {t.describe(blocker)} blocks {p.name}'s {t.describe(attacker)}: equal or greater "
              f"strength, both are discarded", cite.BLOCK, d, blocker.card, "block", cards=[attacker.card.id])
        t.discard_piece(attacker, "was blocked", cite.BLOCK, kind="card")
        t.discard_piece(blocker, "blocked", cite.BLOCK, kind="card")
    dealers = []
    out_before = d.out  # the unblocked attackers' damage is dealt all at once (GS-R3): one reaching 0 stops no other
    for x in a.attackers:
        if id(x) in blocked or not t.in_play(x):
            continue
        if out_before:
            t.say(f"{d.name} is already out: {x.card.name} deals no damage", cite.OUT_ALREADY, p, x.card, "nothing")
            continue
        if strike(t, x, d, t.strength_of(x), f"unblocked, strength {t.strength_of(x)}", cite.UNBLOCKED):
            dealers.append(x)
    fire(t, damage_triggers(t, dealers), a.choices)
    for x in a.attackers:
        if t.in_play(x) and id(x) in t.dealt and not x.stays:
            t.discard_piece(x, "dealt attack damage and the attack is over", cite.ATTACK_OVER, kind="card")
        elif t.in_play(x) and x.stays:
            t.say(f"{x.card.name} stays in the battle area" + (f" with {', '.join(w.name for w in x.weapons)} still "
                  f"equipped" if x.weapons else ""), cite.FAQ_NIGHTMARE, p, x.card, kind="card")
    t.attacking = []
    if d.health == before:
        return f"Legal: {p.name} attacks {d.name}; {d.name} takes no damage (health stays {before})."
    return f"Legal: {p.name} attacks {d.name}; {d.name} loses {before - d.health} health ({before} -> {d.health})."
