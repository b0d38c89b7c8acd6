"""A simulation report as text (verdicts first), CSV, or a folder: an HTML page plus PNG charts.

Game-agnostic: it reads the report's `families` (lists of judged entries) and, for
`--compare`, its deltas. The page embeds its charts (PNG as data URIs), so it opens with
no network; matplotlib (the `report` extra) draws them and loads only for `--report`.
"""
from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from . import health
from .compare import RATES
from .stats import NEVER_PASSED

if TYPE_CHECKING:  # a report folder's path comes in made (`common.options`): a text report needs no `pathlib`
    from pathlib import Path

DOCS = "docs/balance-lab.md"
LABELS = {"strong": "strong", "weak": "weak", "avoided": "avoided", "unknown": "not enough games", "even": "even"}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _interval(e: dict[str, Any]) -> str:
    return f"{_pct(e['win_rate'])} [{_pct(e['ci_low'])}, {_pct(e['ci_high'])}] of {e['n']:,}"


def _policy(r: dict[str, Any]) -> str:
    return ",".join(r["policy"]) if len(set(r["policy"])) > 1 else r["policy"][0]


def _title(r: dict[str, Any]) -> str:
    policy = _policy(r)
    budget = f" (budget {r['budget']})" if r.get("budget") else ""
    game = f"{r['folder']}, id {r['game']}" if r.get("folder") else r["game"]
    return f"{r['name']} ({game}): {r['games']:,} games, {r['players']} players, policy {policy}{budget}, seed {r['seed']}"


def definitions(r: dict[str, Any]) -> str:
    """Which definitions a report judged: their version (game.toml's) and the digest of what the rules read."""
    version = f"version {r['version']}" if r.get("version") else "no version (game.toml has none)"
    return f"{version}, rules digest {r.get('rules_digest', '-')}"


def house_rules(r: dict[str, Any]) -> list[str]:
    """The report's lines for the rule parameters its game sets away from the rulebook (`[parameters]`), as
    `checker resolve` cites them: a figure measured under a house rule is not the rulebook game's."""
    rules = r.get("house_rules") or []
    if not rules:  # the rulebook's game: no import of `cards.parameters` on a plain report's start-up
        return []
    from cards.parameters import house_rule_line

    return [f"  {house_rule_line(rule)}" for rule in rules]


def text(r: dict[str, Any]) -> str:
    """The report as a designer reads it: verdicts, then every figure (explained in docs)."""
    lines = [_title(r), f"Definitions: {definitions(r)}", *house_rules(r)]
    if r.get("precision") is not None:
        short = r.get("imprecise", [])
        lines.append(f"Precision: every win rate within {r['precision']:.1%} of both ends of its interval"
                     + (f" after {r['games']:,} games" if not short else
                        f" not reached within --games ({r['games']:,}) for {len(short)}: {', '.join(short[:8])}"
                        + (", ..." if len(short) > 8 else "") + "; play more games or ask for less"))
    lines += ["", "Verdicts (95 %, Holm-corrected in each family):"]
    calls = 0
    for family in r["families"]:
        for e in r[family["key"]]:
            if e["verdict"] in ("strong", "weak", "avoided"):
                calls += 1
                lines.append(f"  {e['verdict'].upper():<8} {family['key'][:-1]} {e['id']}: {_interval(e)}"
                             + (f" vs {_pct(e['baseline'])} baseline" if e.get("baseline") is not None else ""))
    if not calls:
        lines.append("  nothing is called strong, weak or avoided")
    unknown = [e for f in r["families"] for e in r[f["key"]] if e["verdict"] == "unknown"]
    few = [f"{e['id']} ({e['compared_n']} vs {e['compared_baseline_n']})" if "compared_n" in e else f"{e['id']} ({e['n']})"
           for e in unknown if e.get("reason") != NEVER_PASSED]
    if few:
        lines.append(f"  not enough games (under 30 on a side) to judge: {', '.join(few)}")
    never = [f"{e['id']} (bought at {e['n']:,} first offers, passed over at {e['baseline_n']:,})"
             for e in unknown if e.get("reason") == NEVER_PASSED]
    if never:
        lines.append(f"  never passed over by policy {_policy(r)}, so no number of games can judge: {', '.join(never)}; "
                     "try --policy random, --policy search or more --players")
    for d in r.get("disagreements", []):
        lines.append(f"  policies disagree on {d['id']}: " + ", ".join(f"{k} {v}" for k, v in d["verdicts"].items()))
    length = r["length"]
    lines += ["", f"Game length (turns): mean {length['mean']} [{length['ci_low']}, {length['ci_high']}], median "
                  f"{length['median']}, range {length['min']} to {length['max']}",
              "End reasons: " + ", ".join(f"{k} {v:,}" for k, v in r["end_reasons"].items())]
    if "scores" in r:
        s = r["scores"]
        lines.append(f"Scores: mean {s['all']['mean']}, winner mean {s['winner']['mean']}, spread (best - worst) "
                     f"mean {s['spread']['mean']}, range {s['all']['min']} to {s['all']['max']}")
    for title, counts in r.get("counts", {}).items():
        lines.append(f"{title}: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()))
    if "health" in r:
        lines += ["", "How the game plays (95 % intervals):", *health.text(r["health"])]
    for family in r["families"]:
        lines += ["", f"{family['title']} (baseline: {family['baseline']})"]
        lines += [_row(family["key"], e, family.get("columns", ())) for e in r[family["key"]]]
    lines += ["", f"How to read this: {DOCS}. {r['method']}"]
    return "\n".join(lines)


def _row(key: str, e: dict[str, Any], columns: Any = ()) -> str:
    out = f"  {e['id']:<22} {_pct(e['win_rate']):>6} [{_pct(e['ci_low'])}, {_pct(e['ci_high'])}] n={e['n']:<6,}"
    shown = [f"{label} {_pct(e[field]) if kind == 'pct' else '-' if e[field] is None else f'{e[field]:,}'}"
             for field, label, kind in columns]  # a family's own figures (Eldorado's cities), as it names them
    if shown:
        out += " " + ", ".join(shown)
    if key == "cards":
        diff = ("" if e["difference"] is None else
                f" diff {e['difference']:+.1%} [{e['difference_low']:+.1%}, {e['difference_high']:+.1%}]")
        out += (f" passed over {_pct(e['passed_win_rate'])} n={e['baseline_n']:,}, same gold and stage "
                f"{_pct(e['baseline'])}{diff}; bought by {_pct(e['bought_share'])} of {e['offered']:,} offered, "
                f"turn {e['mean_turn_bought'] or '-'}, played {e['plays_per_buyer'] or 0}x per buyer")
    return f"{out}  {label(e)}"


def label(e: dict[str, Any]) -> str:
    """An entry's verdict as the report words it (an unknown card never passed over says so)."""
    return NEVER_PASSED if e.get("reason") == NEVER_PASSED else LABELS[e["verdict"]]


def compare_text(c: dict[str, Any]) -> str:
    lines = [f"Compare {c['base_label']} -> {c['variant_label']}: {c['games']:,} games each, {c['players']} players, "
             f"same seeds (seed {c['seed']})",
             f"Definitions: base {definitions(c['base_report'])}; variant {definitions(c['variant_report'])}"]
    if c.get("same_version"):
        lines.append(f"  {c['same_version']}")
    for side in ("base", "variant"):
        lines += [f"  {side}: {line.strip()}" for line in house_rules(c[side + "_report"])]
    lines += ["", "What differs between the definitions:"]
    lines += [f"  {x}" for x in c["changes"]] or ["  nothing"]
    shown = [i for i in c["items"] if i["status"] != "same"]
    if shown:
        lines += ["", "Added, removed and changed, with each side's own verdict:"] + [_item_row(i) for i in shown]
    lines += ["", "Differences (variant - base, 95 %, Holm-corrected in each family):"]
    found = [d for d in c["deltas"] if d["verdict"] != "same"]
    lines += [_delta_row(d) for d in found] or ["  no detectable difference"]
    changed = [d for d in c["deltas"] if d["changed"] and d["verdict"] == "same"]
    if changed:
        lines += ["", "Changed items, no detectable difference:"] + [_delta_row(d) for d in changed]
    for side in ("base", "variant"):
        lines += ["", f"How the game plays, {side} {c[side + '_label']} (95 % intervals):", *health.text(c["health"][side])]
    lines += ["", f"How to read this: {DOCS}"]
    return "\n".join(lines)


STATUS = {"added": "NEW", "removed": "REMOVED", "changed": "CHANGED", "same": "SAME"}


def judged(e: dict[str, Any] | None) -> str:
    """One side's entry in a few words: its verdict and the figure behind it (a card's difference)."""
    if e is None:
        return "not in the game"
    if e.get("difference") is not None and "difference_low" in e:
        figure = f"diff {e['difference']:+.1%} [{e['difference_low']:+.1%}, {e['difference_high']:+.1%}] of {e['n']:,}"
    else:
        figure = _interval(e)
    return f"{label(e)}, {figure}"


def _item_row(i: dict[str, Any]) -> str:
    fields = "; ".join(f"{f['field']} {_short(f['base'])} -> {_short(f['variant'])}" for f in i.get("fields", []))
    head = f"  {STATUS[i['status']]:<8} {i['family'][:-1]} {i['id']}" + (f" ({fields})" if fields else "")
    return f"{head}: base {judged(i['base'])}; variant {judged(i['variant'])}"


def _short(value: Any) -> str:
    import json

    out = json.dumps(value, ensure_ascii=False)
    return out if len(out) <= 40 else out[:37] + "..."


def _delta_row(d: dict[str, Any]) -> str:
    if d["difference"] is None:
        return f"  {d['family']} {d['id']} {d['metric']}: not enough games"
    pct = d["metric"] in RATES
    f = (lambda x: f"{x:+.1%}") if pct else (lambda x: f"{x:+.2f}")
    g = (lambda x: f"{x:+.1%}") if d["metric"] == "effect" else _pct if pct else str  # an effect is a difference
    return (f"  {d['verdict'].upper():<6} {d['family']} {d['id']} {d['metric']}: {g(d['base'])} -> {g(d['variant'])}, "
            f"{f(d['difference'])} [{f(d['ci_low'])}, {f(d['ci_high'])}]")


# ---- CSV -------------------------------------------------------------------------------------------

COLUMNS = ("family", "id", "name", "n", "wins", "win_rate", "ci_low", "ci_high", "verdict", "baseline", "baseline_n",
           "baseline_wins", "passed_win_rate", "compared_n", "compared_baseline_n", "difference", "difference_low",
           "difference_high", "offered", "buyers", "bought_share", "buys_per_game", "mean_turn_bought", "plays_per_buyer", "cost", "square", "reached",
           "reached_share", "mean_turn_reached", "beaten", "beaten_share", "treasure", "treasure_per_beating")
DELTA_COLUMNS = ("family", "id", "metric", "base", "variant", "n_base", "n_variant", "difference", "ci_low", "ci_high",
                 "verdict", "changed")


def to_csv(r: dict[str, Any]) -> str:
    """One row per judged entry (per delta, for a compare); blank where a field does not apply."""
    import csv  # only here: the text report, the default, starts without it

    out = io.StringIO()
    if "deltas" in r:
        w = csv.DictWriter(out, DELTA_COLUMNS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        w.writerows(r["deltas"])
        return out.getvalue()
    w = csv.DictWriter(out, COLUMNS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for family in r["families"]:
        for e in r[family["key"]]:
            w.writerow({"family": family["key"], **e})
    return out.getvalue()


# ---- the report folder -----------------------------------------------------------------------------

COLOURS = {"strong": "#1b7837", "weak": "#b2182b", "even": "#6f6f6f", "unknown": "#bbbbbb", "avoided": "#8c6d31"}


def write_folder(r: dict[str, Any], folder: Path) -> list[Path]:
    """index.html (charts embedded) and one PNG per chart; returns the files written."""
    import html

    import matplotlib

    matplotlib.use("Agg")
    charts: list[tuple[str, str, bytes]] = []  # (file name, caption, png)
    rep = r.get("base_report", r)
    if "deltas" in r:
        from . import compare_page

        charts += compare_page.charts(r)
        for side, prefix in (("variant", "variant-"), ("base", "")):
            report = r[f"{side}_report"]
            charts += [(f"{prefix}{family['key']}.png", f"{side.title()} {r[side + '_label']}: {family['title']}",
                        _rates_chart(report[family["key"]], family)) for family in report["families"]]
        tables = compare_page.items_table(r) + health.html_table([(f"base {r['base_label']}", r["health"]["base"]),
                                                                   (f"variant {r['variant_label']}", r["health"]["variant"])])
        title = f"Compare {r['base_label']} -> {r['variant_label']}: {r['games']:,} games each, same seeds"
        intro = (f"<p>{html.escape(r['variant_label'])} against {html.escape(r['base_label'])}: the same seeds, so "
                 "both played the same shuffles when their decks hold the same cards (an added or removed card deals other "
                 "shuffles: its differences then carry the noise of both runs, which their intervals count).</p>")
    else:
        charts += [(f"{family['key']}.png", family["title"], _rates_chart(rep[family["key"]], family))
                   for family in rep["families"]]
        tables = health.html_table([("value [95 % interval]", rep["health"])])
        title, intro = _title(rep), ""
    rules = [f"{side}: {line.strip()}" if "deltas" in r else line.strip()
             for side, one in ((("base", r["base_report"]), ("variant", r["variant_report"])) if "deltas" in r
                               else (("", r),)) for line in house_rules(one)]
    intro += "".join(f"<p>{html.escape(line)}</p>" for line in rules)  # before any figure: the game they measure
    charts.append(("length.png", "Game length (turns)", _length_chart(rep["length"])))
    summary = compare_text(r) if "deltas" in r else text(r)
    return write_page(folder, title, intro + f"<p>How to read every figure: <code>{DOCS}</code>. "
                      f"{html.escape(rep['method'])}</p>" + tables, charts, summary)


def folder_written(report_dir: Path, write: Any) -> bool:
    """Run `write()`, which writes the report folder; False, with the one-line reason on stderr, when it cannot."""
    import sys

    try:
        write()
    except ImportError:
        print("--report: needs matplotlib: pip install 'pnpkit[report]'", file=sys.stderr)
        return False
    except OSError as exc:
        print(f"--report: cannot write {report_dir}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def write_page(folder: Path, title: str, head: str, charts: list[tuple[str, str, bytes]], summary: str) -> list[Path]:
    """`folder`/index.html: the title, `head` (HTML), each chart embedded (and written beside it as a PNG)
    and the text report; returns the files written."""
    import base64
    import html

    e = html.escape
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    body = [f"<h1>{e(title)}</h1>", head]
    for name, caption, png in charts:
        (folder / name).write_bytes(png)
        written.append(folder / name)
        data = base64.b64encode(png).decode("ascii")
        body.append(f"<figure><img alt=\"{e(caption)}\" src=\"data:image/png;base64,{data}\">"
                    f"<figcaption>{e(caption)} ({e(name)})</figcaption></figure>")
    body.append(f"<h2>The full report</h2><pre>{e(summary)}</pre>")
    style = ("body{font-family:sans-serif;max-width:960px;margin:1em auto;color:#222}"
             "img{max-width:100%}figure{margin:1em 0}pre{font-size:12px;overflow-x:auto;background:#f6f6f6;padding:8px}"
             "table{border-collapse:collapse;font-size:13px;margin:0.5em 0}td,th{border:1px solid #ccc;padding:3px 6px;"
             "text-align:left;vertical-align:top}.strong{color:#1b7837;font-weight:bold}.weak{color:#b2182b;"
             "font-weight:bold}.added{background:#eef6ee}.removed{background:#f8eeee}")
    page = folder / "index.html"
    page.write_text(f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{e(title)}</title>"
                    f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n", encoding="utf-8")
    return written + [page]


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return buf.getvalue()


def _rates_chart(entries: list[dict[str, Any]], family: dict[str, Any]) -> bytes:
    """Each entry's win rate and interval against the family's baseline line; a card's, the difference the
    verdict judges (bought minus passed over, stratified) against 0, since a card's baseline has noise of
    its own and a dot beside a tick would not say whether the card is called."""
    import matplotlib.pyplot as plt

    cards = family["key"] == "cards"
    point, low, high = ("difference", "difference_low", "difference_high") if cards else ("win_rate", "ci_low", "ci_high")
    shown = [e for e in entries if e[point] is not None]
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(shown) + 1.3))
    for i, e in enumerate(shown):
        colour = COLOURS[e["verdict"]]
        ax.plot([e[low], e[high]], [i, i], color=colour, linewidth=2)
        ax.plot([e[point]], [i], "o", color=colour)
    line = 0.0 if cards else shown[0].get("baseline") if shown else None
    if line is not None:
        ax.axvline(line, color="black", linewidth=1, linestyle="--")
    ax.set_yticks(range(len(shown)), [f"{e['id']} ({label(e)})" for e in shown], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("bought minus passed over, same gold and stage (dot), 95 % interval (verdicts: Holm-corrected)"
                  if cards else "win rate (dot) with 95 % interval; dashed: 1 / players")
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:+.0%}" if cards else f"{x:.0%}")
    ax.set_title(family["title"] if not cards else "Town cards: bought at the first chance against passed over",
                 fontsize=10)
    fig.tight_layout()
    return _png(fig)


def _length_chart(length: dict[str, Any]) -> bytes:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 3))
    hist = {int(k): v for k, v in length["histogram"].items()}
    ax.bar(list(hist), list(hist.values()), color="#4a6fa5", width=0.9)
    ax.axvline(length["mean"], color="black", linestyle="--", linewidth=1)
    ax.set_xlabel(f"turns (dashed: mean {length['mean']})")
    ax.set_ylabel("games")
    fig.tight_layout()
    return _png(fig)
