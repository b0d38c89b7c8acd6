"""`checker simulate --compare`: what the designer changed, each side's own verdict on it, and every difference.

The variant plays the base's seeds (common random numbers), so a difference is the change's
and not the shuffle's. Each metric both reports hold is differenced with its interval and
Holm-corrected per family (`deltas`); every item the definitions add, remove or change is
listed with the verdict each side's own report gives it (`items`): a new card has no base to
difference against, but its own verdict says what it does.
"""
from __future__ import annotations

import json
from math import sqrt
from typing import Any

from . import stats
from .definitions import same_version_note

COMPARE_FORMAT = "pnpkit-compare/2"
RATES = ("win_rate", "bought_share", "reached_share", "effect")  # shares and differences of shares (the rest: means)


def changed_fields(old: Any, new: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Each field of one item whose value differs, down to the number that changed: (path, old, new), the path
    as `checker tune --field` takes it (`options[0].effects[0].amount`), sorted. A designer who raised one
    effect's gold must see that number, not a whole `options` list cut short: a list whose length changed is
    one field."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [c for k in sorted(set(old) | set(new))
                for c in changed_fields(old.get(k), new.get(k), f"{path}.{k}" if path else str(k))]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and path:
        return [c for i, (a, b) in enumerate(zip(old, new)) for c in changed_fields(a, b, f"{path}[{i}]")]
    return [(path, old, new)] if old != new else []


def list_changes(a: dict[str, Any], b: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    """Items added, removed or changed (field by field) between two compiled definitions."""
    out = []
    for key in keys:
        old = {item["id"]: item for item in a[key]}
        new = {item["id"]: item for item in b[key]}
        out += [f"{key}: {i} added" for i in new if i not in old]
        out += [f"{key}: {i} removed" for i in old if i not in new]
        if [i for i in old if i in new] != [i for i in new if i in old]:  # a deck is dealt in its file's order
            out.append(f"{key}: order changed (the same seeds may deal other shuffles)")
        for i in old:
            if i in new and old[i] != new[i]:
                out += [f"{key}: {i}: {f} {_short(x)} -> {_short(y)}" for f, x, y in changed_fields(old[i], new[i])]
    return out


def parameter_changes(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The rule parameters (`[parameters]`) whose values differ between two compiled games, as "what differs" lists
    them; a house rule's value beside the base's."""
    old, new = a.get("parameters", {}), b.get("parameters", {})
    return [f"parameters: {name} {old.get(name)} -> {new.get(name)}" for name in {**old, **new}
            if old.get(name) != new.get(name)]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def items(defs_a: dict[str, list[dict[str, Any]]], defs_b: dict[str, list[dict[str, Any]]],
          rep_a: dict[str, Any], rep_b: dict[str, Any]) -> list[dict[str, Any]]:
    """Every judged item of the definitions (a family's `definitions(data)`: report family -> items) with its
    status and each side's report entry (None where that side lacks it); changed ones name their fields."""
    out = []
    for family, old_items in defs_a.items():
        old = {item["id"]: item for item in old_items}
        new = {item["id"]: item for item in defs_b.get(family, [])}
        entries_a = {e["id"]: e for e in rep_a.get(family, [])}
        entries_b = {e["id"]: e for e in rep_b.get(family, [])}
        for i in [*old, *(i for i in new if i not in old)]:
            status = ("added" if i not in old else "removed" if i not in new
                      else "changed" if old[i] != new[i] else "same")
            item: dict[str, Any] = {"family": family, "id": i, "status": status, "base": entries_a.get(i),
                                    "variant": entries_b.get(i)}
            if status == "changed":
                item["fields"] = [{"field": f, "base": x, "variant": y} for f, x, y in changed_fields(old[i], new[i])]
            out.append(item)
    order = {"added": 0, "changed": 1, "removed": 2, "same": 3}
    return sorted(out, key=lambda x: order[x["status"]])  # stable: the definitions' order within a status


def labels(arg_a: str, rep_a: dict[str, Any], arg_b: str, rep_b: dict[str, Any]) -> tuple[str, str]:
    """What the headings call the two definitions: their ids (a renamed copy's folder beside it), or the
    folders as given when the ids are equal (a copy made with `cp -r` keeps the id)."""
    if rep_a["game"] == rep_b["game"]:
        return arg_a, arg_b
    return tuple(f"{r['folder']} (id {r['game']})" if r.get("folder") else r["game"]  # type: ignore[return-value]
                 for r in (rep_a, rep_b))


def compare_runs(sim: Any, base: tuple[dict[str, Any], dict[str, Any]], variant: tuple[dict[str, Any], dict[str, Any]],
                 params: dict[str, Any], names: tuple[str, str]) -> dict[str, Any]:
    """Both reports (same seeds: common random numbers), the items changed and each metric's difference,
    variant - base."""
    (data_a, rep_a), (data_b, rep_b) = base, variant
    changes = parameter_changes(data_a, data_b) + sim.differences(data_a, data_b)
    changed = {c.split(": ")[1] for c in changes if c.count(": ") >= 1}
    deltas: list[dict[str, Any]] = []
    for family in rep_a["families"]:
        key = family["key"]
        new = {e["id"]: e for e in rep_b.get(key, [])}
        for e in rep_a[key]:
            f = new.get(e["id"])
            if f is None:
                continue
            deltas.append(_delta(key, e["id"], "win_rate", e["wins"], e["n"], f["wins"], f["n"]))
            if "offered" in e:
                deltas.append(_delta(key, e["id"], "bought_share", e["buyers"], e["offered"], f["buyers"], f["offered"]))
            if "difference_low" in e:
                deltas.append(_effect_delta(key, e, f))
            if "reached" in e:
                deltas.append(_delta(key, e["id"], "reached_share", e["reached"], e["n"], f["reached"], f["n"]))
    for item, metric, a, b in _means(rep_a, rep_b):
        diff, low, high = stats.welch((a["sum"], a["sum_squares"], a["n"]), (b["sum"], b["sum_squares"], b["n"]))
        deltas.append({"family": "game", "id": item, "metric": metric, "base": a["mean"], "variant": b["mean"],
                       "difference": round(diff, 4), "ci_low": round(low, 4), "ci_high": round(high, 4),
                       "p": _p_mean(diff, low, high)})
    for fam in {d["family"] for d in deltas}:
        group = [d for d in deltas if d["family"] == fam]
        rejected = stats.holm({f"{d['id']}|{d['metric']}": d["p"] for d in group})
        for d in group:
            hit = f"{d['id']}|{d['metric']}" in rejected
            d["verdict"] = ("higher" if d["difference"] > 0 else "lower") if hit else "same"
            d["changed"] = d["id"] in changed
    deltas.sort(key=lambda d: (not d["changed"], d["family"] != "cards", d["family"], d["id"], d["metric"] != "effect",
                               d["metric"]))  # a card's own effect first: what its verdict judges
    for d in deltas:
        del d["p"]
    return {"format": COMPARE_FORMAT, "base": rep_a["game"], "variant": rep_b["game"], "base_label": names[0],
            "variant_label": names[1], "games": rep_a["games"], "players": params["players"], "seed": params["seed"],
            "policy": params["policy"], "changes": changes, "same_version": same_version_note(rep_a, rep_b),
            "items": items(sim.definitions(data_a), sim.definitions(data_b), rep_a, rep_b),
            "deltas": deltas, "health": {"base": rep_a["health"], "variant": rep_b["health"]},
            "base_report": rep_a, "variant_report": rep_b}


def _means(a: dict[str, Any], b: dict[str, Any]) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """The game's means both reports have: length, and the scores where the family keeps them."""
    out = [("length", "mean_turns", a["length"], b["length"])]
    for key in ("all", "winner", "spread"):
        if key in a.get("scores", {}) and key in b.get("scores", {}):
            out.append((f"score ({key})" if key != "spread" else "score spread", "mean", a["scores"][key],
                        b["scores"][key]))
    return out


def _delta(family: str, item: str, metric: str, x1: float, n1: int, x2: float, n2: int) -> dict[str, Any]:
    out: dict[str, Any] = {"family": family, "id": item, "metric": metric, "base": round(x1 / n1, 4) if n1 else None,
                           "variant": round(x2 / n2, 4) if n2 else None, "n_base": n1, "n_variant": n2}
    if n1 < stats.MIN_N or n2 < stats.MIN_N:
        out.update({"difference": None, "ci_low": None, "ci_high": None, "p": 1.0})
        return out
    low, high = stats.newcombe(x2, n2, x1, n1)
    out.update({"difference": round(x2 / n2 - x1 / n1, 4), "ci_low": round(low, 4), "ci_high": round(high, 4),
                "p": stats.p_difference(x2, n2, x1, n1)})
    return out


def _effect_delta(family: str, e: dict[str, Any], f: dict[str, Any]) -> dict[str, Any]:
    """A card's own effect (bought at the first chance less passed over, within strata: what its verdict judges)
    in the variant less in the base. The buyers' plain win rate mixes in who can afford the card; this is the
    figure a designer changed the card to move. Each side's standard error is read from its 95 % interval and
    the two are added as if independent: the common random numbers make the sides agree more than that, so the
    interval is, if anything, too wide (a cautious call)."""
    out: dict[str, Any] = {"family": family, "id": e["id"], "metric": "effect", "base": e["difference"],
                           "variant": f["difference"], "n_base": e["compared_n"], "n_variant": f["compared_n"]}
    judged = all(x["difference"] is not None and x["verdict"] not in ("unknown", "avoided") for x in (e, f))
    if not judged:
        out.update({"difference": None, "ci_low": None, "ci_high": None, "p": 1.0})
        return out
    d = f["difference"] - e["difference"]
    se = sqrt(sum(((x["difference_high"] - x["difference_low"]) / (2 * stats.Z95)) ** 2 for x in (e, f)))
    low, high = d - stats.Z95 * se, d + stats.Z95 * se
    out.update({"difference": round(d, 4), "ci_low": round(low, 4), "ci_high": round(high, 4),
                "p": _p_mean(d, low, high)})
    return out


def _p_mean(d: float, low: float, high: float) -> float:
    se = (high - low) / (2 * stats.Z95)
    if se <= 0:
        return 0.0 if d else 1.0
    return 2 * (1 - stats.normal_cdf(abs(d) / se))


def compare_variant(sim: Any, base: tuple[str, dict[str, Any], dict[str, Any]], variant: tuple[str, Any, dict[str, Any]],
                    params: dict[str, Any], jobs: int, quiet: bool, cluster: Any = None) -> dict[str, Any]:
    """`--compare`: the variant (its argument, metrics module and prepared game) played on exactly the games the
    base (its argument, prepared game and report) played, then `compare_runs`."""
    from .batches import run
    from .errors import StateError
    from .judged import build_report

    arg_a, data, report = base
    arg_b, sim_b, data_b = variant
    if sim_b is not sim:
        raise StateError(f"expected a variant of the same rules family ({params['rules']}), got {sim_b.FAMILY}",
                         field="--compare")
    params_b = {**params, "games": report["games"]}  # the variant plays exactly the games the base played
    tally_b = run(sim, data_b, report["games"], params["players"], params["seed"], params["policy"], params["budget"],
                  jobs, None, quiet, cluster=cluster)
    report_b = build_report(sim, data_b, tally_b, params_b)
    return compare_runs(sim, (data, report), (data_b, report_b), params, labels(arg_a, report, arg_b, report_b))
