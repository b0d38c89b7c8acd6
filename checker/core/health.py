"""How a game plays, every figure with a 95 % interval: seats, length at the tails, margin, lead changes, comebacks.

What designers measure after "is a card off" (Ludii's game metrics are the best known, given
there without intervals). A family's loop hands `count_game` each game's leader turn by turn
and who won; the tally stays integers, so it adds up exactly in any order like the rest (jobs,
shards, merge). `summary` turns it into the report's `health`; docs/balance-lab.md defines
each figure and says how far to trust it.
"""
from __future__ import annotations

from math import ceil, floor, sqrt
from typing import Any

from . import stats

HALFTIME_LED: int = 0  # halftime counters: games with one player ahead at half-time ...
COMEBACKS: int = 1  # ... and of them, those that player did not win (no share of the win)


def new_tally() -> dict[str, Any]:
    return {"margins": {}, "lead_changes": {}, "halftime": [0, 0]}


def margin(scores: list[int], won: list[int]) -> int | None:
    """The winners' score less the best score of the others (0 when every player shares the win);
    None when nobody won."""
    if not any(won):
        return None
    best = max(s for s, w in zip(scores, won) if w)
    others = [s for s, w in zip(scores, won) if not w]
    return best - max(others) if others else 0


def count_game(h: dict[str, Any], leaders: list[int], won: list[int], won_by: int | None) -> None:
    """Add one game: `leaders` holds, after each turn, the seat ahead alone (-1: tied at the top);
    `won` each seat's share of the win (all 0: nobody won); `won_by` its `margin`."""
    changes, last = 0, -1
    for seat in leaders:
        if seat >= 0:
            if last >= 0 and seat != last:
                changes += 1
            last = seat
    key = str(changes)
    h["lead_changes"][key] = h["lead_changes"].get(key, 0) + 1
    if won_by is not None:
        key = str(won_by)
        h["margins"][key] = h["margins"].get(key, 0) + 1
    if len(leaders) >= 2 and any(won):
        ahead = leaders[len(leaders) // 2 - 1]  # after the middle turn (turn 12 of 24 or of 25)
        if ahead >= 0:
            h["halftime"][HALFTIME_LED] += 1
            if not won[ahead]:
                h["halftime"][COMEBACKS] += 1


def quantile(hist: dict[str, int], q: float) -> dict[str, Any]:
    """The q-quantile of integer observations with its distribution-free 95 % interval: the order
    statistics at ranks n q -+ 1.96 sqrt(n q (1 - q)) (the binomial count of observations below it)."""
    items = sorted((int(k), v) for k, v in hist.items())
    n = sum(v for _, v in items)
    if not n:
        return {"value": None, "ci_low": None, "ci_high": None}
    half = stats.Z95 * sqrt(n * q * (1 - q))

    def at(rank: int) -> int:
        rank, seen = min(max(rank, 1), n), 0
        for value, count in items:
            seen += count
            if seen >= rank:
                return value
        return items[-1][0]

    return {"value": at(ceil(n * q)), "ci_low": at(floor(n * q - half)), "ci_high": at(ceil(n * q + half))}


def _mean(hist: dict[str, int]) -> dict[str, Any]:
    n = sum(hist.values())
    if not n:
        return {"n": 0, "mean": None, "ci_low": None, "ci_high": None, "median": None}
    total = sum(int(k) * v for k, v in hist.items())
    squares = sum(int(k) * int(k) * v for k, v in hist.items())
    mean, low, high = stats.mean_interval(total, squares, n)
    return {"n": n, "mean": round(mean, 3), "ci_low": round(low, 3), "ci_high": round(high, 3),
            "median": quantile(hist, 0.5)["value"]}


def _share(x: float, n: int) -> dict[str, Any]:
    low, high = stats.wilson(x, n)
    return {"n": n, "rate": round(x / n, 4) if n else None, "ci_low": round(low, 4), "ci_high": round(high, 4)}


def seat_balance(seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The seats' verdicts (Holm-corrected over the seats, as in the report) read as one: `even` when no
    seat wins more or less than 1 / players, `uneven` (naming them) when one does, `unknown` with too few
    games; the first player (seat 1) beside it."""
    favoured = [e["id"] for e in seats if e["verdict"] == "strong"]
    disfavoured = [e["id"] for e in seats if e["verdict"] == "weak"]
    if favoured or disfavoured:
        verdict = "uneven"
    else:
        verdict = "unknown" if any(e["verdict"] == "unknown" for e in seats) else "even"
    first = seats[0]
    return {"verdict": verdict, "favoured": favoured, "disfavoured": disfavoured,
            "first_player": {k: first.get(k) for k in ("win_rate", "ci_low", "ci_high", "baseline", "verdict")},
            "rates": [{k: e.get(k) for k in ("id", "n", "win_rate", "ci_low", "ci_high", "verdict")} for e in seats]}


def summary(tally: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The report's `health` from a run's tally and its judged seats."""
    h = tally["health"]
    games = tally["games"]
    led, comebacks = h["halftime"]
    return {
        "seats": seat_balance(seats),
        "length": {"median": quantile(tally["lengths"], 0.5), "p10": quantile(tally["lengths"], 0.1),
                   "p90": quantile(tally["lengths"], 0.9),
                   "turn_limit": _share(tally["reasons"].get("turn limit", 0), games)},
        "margin": _mean(h["margins"]),
        "lead_changes": _mean(h["lead_changes"]),
        "comebacks": _share(comebacks, led),
    }


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def text(h: dict[str, Any]) -> list[str]:
    """The health figures as report lines (intervals in brackets)."""
    s, length = h["seats"], h["length"]
    first = s["first_player"]
    seat_words = {"even": "no seat wins more or less than 1 / players",
                  "uneven": ", ".join([f"seat {i} favoured" for i in s["favoured"]]
                                      + [f"seat {i} disfavoured" for i in s["disfavoured"]]),
                  "unknown": "too few games to judge"}[s["verdict"]]
    rates = ", ".join(f"{e['id']} {_pct(e['win_rate'])} [{_pct(e['ci_low'])}, {_pct(e['ci_high'])}]"
                      for e in s["rates"])
    q = {k: length[k] for k in ("p10", "median", "p90")}
    lines = [f"  Seats: {s['verdict']} ({seat_words}); first player {_pct(first['win_rate'])} [{_pct(first['ci_low'])}, "
             f"{_pct(first['ci_high'])}] vs {_pct(first['baseline'])}; win rates by seat {rates}",
             "  Length (turns): " + ", ".join(f"{k} {v['value']} [{v['ci_low']}, {v['ci_high']}]" for k, v in q.items())
             + f"; ended by the turn limit {_pct(length['turn_limit']['rate'])} [{_pct(length['turn_limit']['ci_low'])}, "
               f"{_pct(length['turn_limit']['ci_high'])}]"]
    for key, label in (("margin", "Winning margin (winner's score less the next best)"),
                       ("lead_changes", "Lead changes per game")):
        m = h[key]
        lines.append(f"  {label}: " + ("no games" if m["mean"] is None else
                                       f"mean {m['mean']} [{m['ci_low']}, {m['ci_high']}], median {m['median']}, "
                                       f"of {m['n']:,} games"))
    c = h["comebacks"]
    lines.append(f"  Comebacks (the player ahead at half-time does not win): {_pct(c['rate'])} [{_pct(c['ci_low'])}, "
                 f"{_pct(c['ci_high'])}] of {c['n']:,} games with one player ahead")
    return lines


def _cell(x: dict[str, Any], value: str = "value", pct: bool = False) -> str:
    show = _pct if pct else str
    return "-" if x[value] is None else f"{show(x[value])} [{show(x['ci_low'])}, {show(x['ci_high'])}]"


def html_table(sides: list[tuple[str, dict[str, Any]]]) -> str:
    """The health figures as an HTML table, one column per report (a compare's base and variant)."""
    import html

    rows = [("Seats", lambda h: h["seats"]["verdict"] + "".join(
                f"; seat {i} {word}" for word in ("favoured", "disfavoured") for i in h["seats"][word])),
            ("First player (seat 1) win rate", lambda h: _cell(h["seats"]["first_player"], "win_rate", True)
             + f" vs {_pct(h['seats']['first_player']['baseline'])}"),
            ("Win rate by seat", lambda h: ", ".join(f"{e['id']}: {_cell(e, 'win_rate', True)}" for e in h["seats"]["rates"])),
            ("Length p10 (turns)", lambda h: _cell(h["length"]["p10"])),
            ("Length median", lambda h: _cell(h["length"]["median"])),
            ("Length p90", lambda h: _cell(h["length"]["p90"])),
            ("Ended by the turn limit", lambda h: _cell(h["length"]["turn_limit"], "rate", True)),
            ("Winning margin (mean)", lambda h: _cell(h["margin"], "mean")),
            ("Lead changes per game (mean)", lambda h: _cell(h["lead_changes"], "mean")),
            ("Comebacks: ahead at half-time, did not win", lambda h: _cell(h["comebacks"], "rate", True)
             + f" of {h['comebacks']['n']:,}")]
    e = html.escape
    head = "".join(f"<th>{e(name)}</th>" for name, _ in sides)
    body = "".join(f"<tr><td>{e(title)}</td>" + "".join(f"<td>{e(cell(h))}</td>" for _, h in sides) + "</tr>"
                   for title, cell in rows)
    return f"<h2>How the game plays (95 % intervals)</h2><table><tr><th>figure</th>{head}</tr>{body}</table>"
