"""Attacks, from finding the target to the kill: "Killing Characters" and the rules leading there.

H2 (a target is found when the card resolves, skipping GONE players, else yourself), H4
(an attack needs its ammo; infamy once, none for shooting yourself), H5 (Take Cover's
block and discards land on each strike) and H6 (graveyard, GONE, the killer's infamy and
gold). One module because each step hands straight to the next: `attack` -> `strike` ->
`kill_character`. Plain functions of the table; `attack` is the vocabulary's attack effect.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cite
from .players import Play, Player
from .rules import LEFT, RIGHT
from .vocabulary import effect

if TYPE_CHECKING:
    from .turn import Table


def find_target(t: Table, p: Player, step: int) -> Player:
    """H2: the neighbour that way; skip GONE and character-less players (out); else yourself."""
    players = t.players
    for seat in t.around[step][p.seat]:
        q = players[seat]
        if not q.out:
            return q
    return p


def targets(t: Table, p: Player, aim: Any, both: bool = False) -> list[Player]:
    """A card aims by direction; an ability at the other player of its trigger (EDC-8)."""
    if isinstance(aim, Player):
        return [aim] if aim.targetable else []
    if both:
        left, right = find_target(t, p, LEFT), find_target(t, p, RIGHT)
        return [left] if left is right else [left, right]
    return [find_target(t, p, LEFT if aim is None else aim)]


def _worth(e: Any, ammo: int, health: int, want_infamy: float, want_gold: float) -> float:
    """To the greedy policy: the infamy and damage it brings, or a wasted card without the ammo."""
    return (e.infamy + e.damage * 0.5) * want_infamy if ammo >= e.ammo else -1


@effect("attack", attacks=True, fires=True, gold=lambda e: None, worth=_worth)
def attack(t: Table, p: Player, e: Any, pl: Play | None, aim: Any) -> bool:
    """Attack: needs the ammo (H4, EDC-4); pays ammo and gains infamy once; strikes each target."""
    # typed once here (the schema's whole numbers and "arrow"/"both"): compared and added natively below
    damage: int = e.damage
    ammo: int = e.ammo
    infamy: int = e.infamy
    aimed: str = e.targets
    log = t.log
    if p.ammo < ammo:
        if log:
            t.say(cite.NO_AMMO, p, "nothing", cause="short", effect="attack", who=p.name, has=p.ammo, what="ammo",
                  needs=ammo)
        return True
    if aim.__class__ is int and aimed != "both":  # a card's arrow: the common case
        victims = [find_target(t, p, aim)]
    else:
        victims = targets(t, p, aim, aimed == "both")
    if not victims:
        if log:
            t.say(cite.ABILITY, p, "nothing", cause="reach", who=p.name)
        return True
    if ammo:
        p.ammo -= ammo
        if log:
            t.say(cite.AMMO if pl is not None and pl.card.id == "pistol" else cite.CARD_AMMO, p, kind="loss",
                  who=p.name, amount=ammo, what="ammo", before=p.ammo + ammo, after=p.ammo)
    if log and aimed == "both" and len(victims) == 1 and victims[0] is not p:
        t.say(cite.BOTH_SIDES, p, kind="target", cause="both", who=p.name, target=victims[0].name)
    if victims[0] is p:
        if log:
            t.say(cite.join(cite.SELF_SHOT, cite.TARGET), p, kind="target", cause="self", who=p.name)
    elif infamy:
        p.infamy += infamy
        if log:
            t.say(cite.ATTACK_INFAMY, p, kind="gain", who=p.name, amount=infamy, what="infamy",
                  before=p.infamy - infamy, after=p.infamy)
    for v in victims:
        strike(t, p, v, damage, pl, _aim_rule(t, p, v, aim, aimed == "both") if log else "")
    return True


def _aim_rule(t: Table, p: Player, v: Player, aim: Any, both: bool) -> str:
    """Why v is the target: an ability's trigger (EDC-8), the arrow's neighbour (H2), or the arrow
    passing over GONE characters ("Being GONE") to reach v."""
    if isinstance(aim, Player):
        return cite.ABILITY_AIM
    return cite.TARGET if went_past(t, p, v, aim, both) else cite.AIM


def went_past(t: Table, p: Player, v: Player, aim: Any, both: bool = False) -> bool:
    """Whether a card's arrow reached v past its neighbour, over GONE players ("Being GONE", H2): the rule a
    step on v then cites too. An ability's aim (a Player, EDC-8) passes over no one."""
    if isinstance(aim, Player):
        return False
    steps = (LEFT, RIGHT) if both else (LEFT if aim is None else aim,)
    return not any(t.players[t.around[s][p.seat][0]] is v for s in steps)


def strike(t: Table, p: Player, v: Player, damage: int, pl: Play | None, why: str) -> None:
    """One attack on one character (`why` it is the target: the rule to cite): triggers, Take Cover's
    discards, damage, maybe a kill."""
    log = t.log
    by_card = pl is not None
    if v is not p:
        attackers = v.attackers
        if p not in attackers:
            attackers.append(p)
        if pl is not None and pl.hit is None:
            pl.hit = v.seat
        if log:
            t.say(why, p, kind="target", who=p.name, target=v.name, cards=t.card_of(v))
        if by_card and v.char is not None and v.char.trigger == "when_attacked":
            t.trigger(v, "when_attacked", p)
        if v.discard and p.infamy:
            lost = min(v.discard, p.infamy)
            p.infamy -= lost
            if log:
                t.say(cite.ATTACKER_DISCARDS, p, kind="loss", cause="cover", who=p.name, amount=lost, what="infamy",
                      attacked=v.name, before=p.infamy + lost, after=p.infamy, cards=t.card_of(v))
        if by_card and p.char is not None and p.char.trigger == "on_attack":
            t.trigger(p, "on_attack", v)
    if v.char is None:
        return
    extra = p.char.extra if p.char is not None else 0
    blocked = v.block + v.char.armor
    dealt = damage + extra - blocked
    if dealt > 0:
        before = v.health
        v.health = before - dealt if before > dealt else 0
        if log:
            t.say(cite.BLOCK if blocked else cite.DAMAGE, kind="damage", cause="strike", target=v.name, amount=dealt,
                  attack=damage, extra=extra, blocked=blocked, before=before, after=v.health, cards=t.card_of(v))
        if v.health == 0:
            kill_character(t, p, v, by_card)
    elif log:
        t.say(cite.BLOCK, kind="block", target=v.name, amount=damage + extra, by=_blockers(v),
              cards=t.card_of(v))


def _blockers(v: Player) -> str:
    """What stopped a whole attack: the cover taken this turn, the character's armor, or both."""
    armor = v.char is not None and v.char.armor
    if v.block and armor:
        return "cover and armor"
    return "cover" if v.block else "armor"


def kill_character(t: Table, killer: Player, victim: Player, by_card: bool) -> None:
    """H6: graveyard, GONE, once-per-character cards back; the killer's infamy and gold."""
    log = t.log
    dead = victim.char
    assert dead is not None, "only a character in play is killed"
    victim.graveyard += 1
    victim.char = None
    victim.health = victim.ammo = 0
    victim.out = victim.gone_next = True
    if log:
        t.say(cite.KILL, kind="kill", who=victim.name, character=dead.name, graveyard=victim.graveyard)
        t.note(victim, f"lost {dead.name} (killed)")
    if victim.spent:
        if log:
            t.say(cite.SPENT_BACK, kind="card", cause="spent", who=victim.name, names=[c.name for c in victim.spent])
        victim.hand.extend(victim.spent)
        victim.spent = []
    if killer is victim:
        if log:
            t.say(cite.SELF_SHOT, killer, kind="nothing", cause="self", who=killer.name)
        return
    killer.infamy += 1
    if log:
        t.say(cite.KILL_INFAMY, killer, kind="gain", cause="kill", who=killer.name, amount=1, what="infamy",
              before=killer.infamy - 1, after=killer.infamy)
    if killer.char is not None and killer.char.alignment != dead.alignment:
        killer.infamy += 1
        if log:
            t.say(cite.ALIGNMENT_INFAMY, killer, kind="gain", cause="alignment", who=killer.name, amount=1,
                  what="infamy", alignment=killer.char.alignment, killed=dead.alignment, before=killer.infamy - 1,
                  after=killer.infamy)
    gold, victim.unbanked = victim.unbanked, 0
    killer.unbanked += gold
    if log:
        t.say(cite.KILL_GOLD, killer, kind="steal", cause="kill", who=killer.name, target=victim.name, amount=gold)
    if by_card:
        t.trigger(killer, "on_kill", victim)
