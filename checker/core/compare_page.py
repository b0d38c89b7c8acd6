"""A compare's HTML: its charts (differences, rates and means each on its own scale; the items changed, both
sides' verdicts) and its table of items. matplotlib loads only here, for `--report`."""
from __future__ import annotations

import html
from typing import Any

from .compare import RATES
from .report import COLOURS, _png, judged, label

SHADES = {"higher": COLOURS["strong"], "lower": COLOURS["weak"], "same": COLOURS["even"]}


def charts(c: dict[str, Any]) -> list[tuple[str, str, bytes]]:
    """(file name, caption, png) for each chart with something to show: a chart with nothing is left out
    (the page says so) rather than drawn as an empty box."""
    out = []
    shown = [d for d in c["deltas"] if d["difference"] is not None and (d["changed"] or d["verdict"] != "same")]
    rates = [d for d in shown if d["metric"] in RATES][:30]
    means = [d for d in shown if d["metric"] not in RATES]
    names = f"{c['base_label']} -> {c['variant_label']}"
    if rates:
        out.append(("compare.png", f"Differences in rates, {names} (95 % intervals)", _deltas(rates, True)))
    if means:
        out.append(("compare-means.png", f"Differences in means, {names} (95 % intervals)", _deltas(means, False)))
    items = [i for i in c["items"] if i["status"] != "same"]
    if any(_effect(i[side]) for i in items for side in ("base", "variant")):
        out.append(("items.png", "Added, removed and changed: each side's own verdict (95 % intervals)",
                    _items(items)))
    return out


def _deltas(shown: list[dict[str, Any]], rates: bool) -> bytes:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 0.32 * len(shown) + 1.3))
    for i, d in enumerate(shown):
        ax.plot([d["ci_low"], d["ci_high"]], [i, i], color=SHADES[d["verdict"]], linewidth=2)
        ax.plot([d["difference"]], [i], "o", color=SHADES[d["verdict"]])
    ax.axvline(0, color="black", linewidth=1)
    ax.set_ylim(-0.6, len(shown) - 0.4)
    ax.set_yticks(range(len(shown)), [f"{d['family']} {d['id']} {d['metric']} ({d['verdict']})" for d in shown],
                  fontsize=8)
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter((lambda x, _: f"{x:+.0%}") if rates else (lambda x, _: f"{x:+.2g}"))
    ax.set_xlabel("variant - base, 95 % interval: " + ("percentage points (rates)" if rates else
                                                       "in the metric's own unit (turns, points)"))
    fig.tight_layout()
    return _png(fig)


def _effect(e: dict[str, Any] | None) -> tuple[float, float, float] | None:
    """What a verdict judges: a card's difference from its passers, else the rate less its baseline."""
    if e is None:
        return None
    if "difference_low" in e:
        return None if e["difference"] is None else (e["difference"], e["difference_low"], e["difference_high"])
    if e.get("win_rate") is None or e.get("baseline") is None:
        return None
    return e["win_rate"] - e["baseline"], e["ci_low"] - e["baseline"], e["ci_high"] - e["baseline"]


def _items(items: list[dict[str, Any]]) -> bytes:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 0.5 * len(items) + 1.5))
    for i, item in enumerate(items):
        for side, offset, marker in (("base", -0.15, "s"), ("variant", 0.15, "o")):
            effect = _effect(item[side])
            if effect is None:
                continue
            colour = COLOURS[item[side]["verdict"]]
            ax.plot([effect[1], effect[2]], [i + offset] * 2, color=colour, linewidth=2)
            ax.plot([effect[0]], [i + offset], marker, color=colour, label=side)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_ylim(-0.6, len(items) - 0.4)
    ax.set_yticks(range(len(items)), [f"{item['family'][:-1]} {item['id']} ({item['status']}): "
                                      + " / ".join(label(item[s]) if item[s] else "-" for s in ("base", "variant"))
                                      for item in items], fontsize=8)
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:+.0%}")
    ax.set_xlabel("square: base, dot: variant; a card: bought minus passed over; others: win rate less 1 / players")
    fig.tight_layout()
    return _png(fig)


def items_table(c: dict[str, Any]) -> str:
    """The items added, removed or changed, each side's verdict beside the other's (escaped: names are data)."""
    e = html.escape
    shown = [i for i in c["items"] if i["status"] != "same"]
    if not shown:
        return "<h2>Added, removed and changed</h2><p>No card, character or other judged item differs.</p>"
    rows = []
    for i in shown:
        fields = "<br>".join(e(f"{f['field']}: {f['base']} -> {f['variant']}") for f in i.get("fields", []))
        cells = "".join(f"<td class=\"{e(i[s]['verdict']) if i[s] else ''}\">{e(judged(i[s]))}</td>"
                        for s in ("base", "variant"))
        rows.append(f"<tr class=\"{e(i['status'])}\"><td>{e(i['status'])}</td><td>{e(i['family'])}</td>"
                    f"<td>{e(i['id'])}</td><td>{fields}</td>{cells}</tr>")
    found = sum(d["verdict"] != "same" for d in c["deltas"])
    note = "" if found else "<p>No detectable difference between the two runs' shared metrics.</p>"
    return ("<h2>Added, removed and changed</h2><table><tr><th>status</th><th>family</th><th>id</th>"
            f"<th>changed fields</th><th>base ({e(c['base_label'])})</th><th>variant ({e(c['variant_label'])})</th></tr>"
            + "".join(rows) + "</table>" + note)
