"""Which actions a Gold and Steel player may take now: `legal_actions(state, player, game)`.

Legality lives in the engine once. Each candidate action (every card of the hand and the
market, every loose weapon with every unit, every group of attackers against every enemy,
the Throne, ending the turn with the weapons equipped as G4 asks) is read and run on a
fresh table exactly as `checker resolve` runs it; a choice the run asks for (pay or not,
which unit to destroy, which enemy player) branches into one action per answer, and an
action the engine refuses is left out. So a listed action always resolves, and one that is
not listed is refused (or is a listed one with choices nothing asked for).

What is not listed: `setup_markets` (the table's setup, not a player's turn), the
defender's `blocks` (the defender's answer, added to any attack) and `order` (any order
of abilities that fire together is legal). A draw that needs the discard pile shuffled
is judged as `checker resolve --seed` would judge it.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any
from checker.core.errors import StateError

from .effects import Choices
from .kinds import RUN
from .refs import ref_of
from .rules import Rules, rules_of
from .state import read_action, read_board
from .table import Piece, Player, Table

if TYPE_CHECKING:
    Action = dict[str, Any]


class Ask(Exception):
    """A run reached a choice the action does not make: `field` with one value per answer."""

    def __init__(self, field: str, answers: list[Any]):
        super().__init__(field)
        self.field, self.answers = field, answers


class Probe(Choices):
    """Choices that ask (raise `Ask`) where the resolution would need the player to choose."""

    def pays(self, cost: str) -> bool:
        if self.pay is None:
            raise Ask("pay", [True, False])
        return self.pay

    def unit(self, options: list[Piece], p: Player, what: str) -> Piece:
        if self.used_destroy >= len(self.destroy) and len(options) > 1:
            raise Ask("destroy", [ref_of(o, p) for o in options])
        return super().unit(options, p, what)

    def enemy(self, t: Table, p: Player, why: str) -> Player | None:
        enemies = t.enemies(p)
        aimed = self.defender is not None and self.defender in enemies
        if self.target is None and not aimed and len(enemies) > 1:
            raise Ask("target", [q.name for q in enemies])
        return super().enemy(t, p, why)


def legal_actions(state: dict[str, Any], player: str, game: Any) -> list[Action]:
    """Every action `player` may take in `state` (its [action] is ignored), as [action] tables."""
    rules = rules_of(game)
    board = {k: v for k, v in state.items() if k != "action"}
    table = read_board(board, rules)
    p = next((q for q in table.players if q.name == player), None)
    if p is None or p is not table.active or p.out or len(table.enemies(p)) == 0:
        return []
    out: list[Action] = []
    for candidate in candidates(table, p):
        out += _explore(board, rules, candidate)
    return out


def candidates(t: Table, p: Player) -> list[Action]:
    """The actions to try, before any choice an ability asks for."""
    mine = {"player": p.name}
    out: list[Action] = [{"kind": "play", **mine, "card": cid} for cid in dict.fromkeys(c.id for c in p.hand)]
    out += [{"kind": "play_market", **mine, "card": cid} for cid in dict.fromkeys(c.id for c in p.market)]
    units, loose = [ref_of(u, p) for u in p.units], [ref_of(w, p) for w in p.loose_weapons]
    out += [{"kind": "equip", **mine, "weapon": w, "unit": u} for w in loose for u in units]
    if t.rules.throne is not None:
        out.append({"kind": "use_throne", **mine})
    for size in range(1, len(units) + 1):
        for group in combinations(units, size):
            out += [{"kind": "attack", **mine, "attackers": list(group), "defender": d.name} for d in t.enemies(p)]
    if loose and units:
        out += [{"kind": "end_turn", **mine, "equip": [{"weapon": w, "unit": u} for w, u in zip(loose, pick)]}
                for pick in product(units, repeat=len(loose))]
    else:
        out.append({"kind": "end_turn", **mine})
    return out


def _explore(board: dict[str, Any], rules: Rules, first: Action) -> list[Action]:
    """`first` and its branches at every choice the run asks for, kept where the engine settles them."""
    legal, todo = [], [first]
    while todo:
        action = todo.pop()
        try:
            runs(board, rules, action)
        except Ask as ask:
            todo += [_answer(action, ask.field, a) for a in reversed(ask.answers)]
        except StateError:
            continue
        else:
            legal.append(action)
    return legal


def runs(board: dict[str, Any], rules: Rules, action: Action) -> None:
    """Run `action` on a fresh table as resolve would (a seed for shuffles); a StateError if refused."""
    table = read_board(board, rules, seed=0)
    read = read_action(action, table, Probe)
    RUN[read.kind](table, read)


def _answer(action: Action, field: str, answer: Any) -> Action:
    if field == "destroy":
        return {**action, "destroy": [*action.get("destroy", []), answer]}
    return {**action, field: answer}


def summary(actions: list[Action], player: str) -> str:
    """The legal actions in one short line, for a refusal: 'play a, b; equip w to u; attack Bob with x, y; end_turn'."""
    if not actions:
        return f"legal for {player} now: none"
    parts: dict[str, list[str]] = {}
    for a in actions:
        parts.setdefault(a["kind"], [])
        shown = _shown(a)
        if shown and shown not in parts[a["kind"]]:
            parts[a["kind"]].append(shown)
    text = "; ".join(f"{kind} {', '.join(_cut(items))}".rstrip() for kind, items in parts.items())
    return f"legal for {player} now: {text}"


def _shown(a: Action) -> str:
    """An action in a few words: its object, then the choices it makes ('obrak-the-feaster (destroy bannerman)')."""
    what = {
        "play": lambda: a["card"], "play_market": lambda: a["card"],
        "equip": lambda: f"{a['weapon']} to {a['unit']}",
        "attack": lambda: f"{a['defender']} with {' + '.join(a['attackers'])}",
        "end_turn": lambda: " and ".join(f"{e['weapon']} to {e['unit']}" for e in a.get("equip", [])),
    }.get(a["kind"], lambda: "")()
    made = [text for text in (("pay" if a["pay"] else "no pay") if "pay" in a else "",
                              f"destroy {' then '.join(a['destroy'])}" if a.get("destroy") else "",
                              f"target {a['target']}" if a.get("target") else "") if text]
    return f"{what} ({', '.join(made)})".strip() if made else what


def _cut(items: list[str], most: int = 6) -> list[str]:
    return items if len(items) <= most else items[:most] + [f"... ({len(items) - most} more)"]


def refusal(exc: StateError, state: dict[str, Any], game: Any) -> None:
    """Add the acting player's legal actions to a refused action's message (when the table itself reads)."""
    action = state.get("action")
    who = action.get("player", state.get("turn")) if isinstance(action, dict) else None
    try:
        rules = rules_of(game)
        table = read_board({k: v for k, v in state.items() if k != "action"}, rules)
        who = who if isinstance(who, str) else table.active.name
        if who not in (p.name for p in table.players):
            return
        listed = legal_actions(state, who, game)
    except StateError:
        return
    exc.message += "; " + summary(listed, who)
