"""What a simulation report is made of: judged entries and summaries, and the report a run's tally makes.

A family's metrics module (its engine's `SIMULATOR`) builds its entries with `rate_entry`,
`judged_rates` and `histogram_summary`; `build_report` puts the run's parameters, the family's
judged metrics, the game's health and the verdicts together.
"""
from __future__ import annotations

from typing import Any

from . import health, stats
from .definitions import rules_digest

REPORT_FORMAT = "pnpkit-simulate/2"
METHOD = ("95 % Wilson intervals for rates; Newcombe's hybrid score interval for a card's difference from "
          "its baseline; a verdict is strong or weak only when that holds after Holm's correction over its "
          f"family (family-wise error 5 %); unknown under {stats.MIN_N} observations on a side; avoided when "
          f"fewer than {stats.AVOIDED:.0%} of the players offered a card bought it. Shared wins count in parts.")


def rate_entry(entry_id: str, wins: float, n: int, baseline: float | None, name: str | None = None) -> dict[str, Any]:
    """A judged entry's common fields: `id`, `n`, `win_rate` with its 95 % Wilson interval.

    `verdict` is left None for `stats.judge` unless there are too few games ("unknown", with its `reason`)."""
    low, high = stats.wilson(wins, n)
    entry: dict[str, Any] = {"id": entry_id}
    if name is not None:
        entry["name"] = name
    entry.update({"n": n, "wins": round(wins, 4), "win_rate": round(wins / n, 4) if n else None,
                  "ci_low": round(low, 4), "ci_high": round(high, 4),
                  "verdict": "unknown" if n < stats.MIN_N else None})
    if n < stats.MIN_N:
        entry["reason"] = stats.TOO_FEW
    if baseline is not None:
        entry["baseline"] = round(baseline, 4)
    return entry


def judged_rates(entries: list[dict[str, Any]], baseline: float) -> None:
    """Verdicts of win rates against one baseline (1 / players), Holm-corrected over the family."""
    stats.judge(entries, lambda e: (stats.p_rate(e["wins"], e["n"], baseline), e["win_rate"] - baseline))


def histogram_summary(hist: dict[str, int]) -> dict[str, Any]:
    """Mean (with a 95 % interval), median, range and the histogram of integer observations."""
    items = sorted((int(k), v) for k, v in hist.items())
    n = sum(v for _, v in items)
    if not n:
        return {"n": 0}
    total = sum(k * v for k, v in items)
    squares = sum(k * k * v for k, v in items)
    mean, low, high = stats.mean_interval(total, squares, n)
    seen, median = 0, items[-1][0]
    for value, count in items:
        seen += count
        if seen * 2 >= n:
            median = value
            break
    return {"n": n, "mean": round(mean, 3), "ci_low": round(low, 3), "ci_high": round(high, 3), "median": median,
            "min": items[0][0], "max": items[-1][0], "sum": total, "sum_squares": squares,
            "histogram": {str(k): v for k, v in items}}


def imprecise(body: dict[str, Any], precision: float) -> list[str]:
    """The reported win rates (but avoided cards') not yet within `precision` of both interval ends, as
    `family id`: what `--precision` waits for, and what a run that reached `--games` first could not settle."""
    out = []
    for family in body["families"]:
        for e in body[family["key"]]:
            if e["verdict"] == "avoided":
                continue
            if e["win_rate"] is None or e["win_rate"] - e["ci_low"] > precision or e["ci_high"] - e["win_rate"] > precision:
                out.append(f"{family['key']} {e['id']}")
    return out


def precise_enough(body: dict[str, Any], precision: float) -> bool:
    """Every reported win rate (but an avoided card's) within `precision` of both interval ends."""
    return not imprecise(body, precision)


def build_report(sim: Any, data: dict[str, Any], tally: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """The whole report: what was run, then the family's judged metrics."""
    policies = params["policy"]
    head = {"format": REPORT_FORMAT, "game": data["id"], "name": data["name"], "version": params.get("version"),
            "rules_digest": rules_digest(data), "rules": params["rules"],
            "games": tally["games"], "players": params["players"], "seed": params["seed"], "policy": policies,
            "budget": params["budget"] if "search" in policies else None, "precision": params["precision"],
            "method": getattr(sim, "METHOD", METHOD), **({"folder": params["folder"]} if params.get("folder") else {}),
            "house_rules": [{k: rule[k] for k in ("name", "value", "rulebook", "passage", "meaning")}
                            for rule in data.get("house_rules", [])]}
    body = sim.report(data, tally, params["players"], policies)
    body["health"] = health.summary(tally, body["seats"])
    if params["precision"] is not None:  # --games came first for these: the run says so rather than stop silently
        head["imprecise"] = imprecise(body, params["precision"])
    body["verdicts"] = {v: [e["id"] for f in body["families"] for e in body[f["key"]] if e["verdict"] == v]
                        for v in stats.VERDICTS}
    if "cards_by_policy" in body:
        body["disagreements"] = disagreements(body["cards_by_policy"])
    return {**head, **body}


def disagreements(by_policy: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Cards whose verdict differs between policies (an unknown verdict disagrees with nothing)."""
    out = []
    names = sorted(by_policy)
    for i, entry in enumerate(by_policy[names[0]]):
        verdicts = {name: by_policy[name][i]["verdict"] for name in names}
        if len({v for v in verdicts.values() if v != "unknown"}) > 1:
            out.append({"id": entry["id"], "verdicts": verdicts})
    return out
