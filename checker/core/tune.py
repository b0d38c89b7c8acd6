"""`checker tune`: one integer field of one card, or one rule parameter, value by value on the same seeds.

A verdict says a card is off; a designer then asks what it should cost. Tune plays the same
games (the same seeds: common random numbers) for each value of one field and reads, at each,
the card's verdict and its effect with its 95 % interval (El Dorado Canyon: bought at the first
chance against passed over, within strata; Eldorado: a city's win rate less 1 / players). The
**fair range** is the values whose interval holds 0; the value **nearest even** the one whose
effect is closest to 0.

A rule parameter (`--parameter`, `[parameters]` in game.toml) changes the whole game rather
than one card, so at each value tune reads the game's health figures (seat advantage, length,
margin, comebacks, each with its interval) and every card's and character's verdict, and lists
those whose verdict changes across the values.

The parts are kept apart so more can plug in: a `Knob` makes each value's definitions, reads its
figures from a report and sums up the rows (`CardField`, `RuleParameter`), and `tally_values` is
the one place the games are played (here, or on a Dask cluster: `checker.core.cluster`).
"""
from __future__ import annotations

import copy
import html
import json
import re
import sys
from typing import Any, Protocol

from . import health
from .batches import run
from .definitions import rules_digest
from .errors import StateError
from .judged import build_report
from .report import definitions

TUNE_FORMAT = "pnpkit-tune/1"
MAX_VALUES = 50  # a range wider than this is a typo more often than a study
SKIPPED = ("copies",)  # compiled as the record's copies times its component's: not the field as written


class Knob(Protocol):
    """What is varied: the definitions at each value, the figures read from each value's report, and the rows
    summed up."""

    label: str  # how the reports name it ("cost of boomtown")
    names: dict[str, Any]  # what the JSON names it by (`card` and `field`, or `parameter`)

    def apply(self, data: dict[str, Any], value: int) -> dict[str, Any]: ...

    def read(self, report: dict[str, Any]) -> dict[str, Any]: ...

    def summary(self, rows: list[dict[str, Any]]) -> dict[str, Any]: ...


def parse_values(text: str) -> list[int]:
    """`A..B` (whole numbers, A <= B) as the list of values A to B."""
    m = re.fullmatch(r"\s*(\d+)\s*\.\.\s*(\d+)\s*", text)
    if not m:
        raise StateError(f"expected A..B (whole numbers, such as 1..8), got {text!r}", field="--values")
    low, high = int(m.group(1)), int(m.group(2))
    if low > high:
        raise StateError(f"expected A <= B, got {text!r}", field="--values")
    if high - low + 1 > MAX_VALUES:
        raise StateError(f"expected at most {MAX_VALUES} values, got {high - low + 1} in {text!r}", field="--values")
    return list(range(low, high + 1))


def parse_path(text: str) -> list[str | int]:
    """A field path as written in TOML, `options[0].effects[0].amount`, as its keys and indexes."""
    steps: list[str | int] = []
    for part in text.split("."):
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_-]*)((?:\[\d+\])*)", part)
        if not m:
            raise StateError(f"expected a field path such as cost or options[0].effects[0].amount, got {text!r}",
                             field="--field")
        steps.append(m.group(1))
        steps += [int(i) for i in re.findall(r"\[(\d+)\]", m.group(2))]
    return steps


def integer_fields(value: Any, path: str = "") -> list[str]:
    """Every path to a whole number (not a true/false) inside an item, as `parse_path` reads them."""
    if isinstance(value, dict):
        return [p for k, v in value.items() if not (not path and k in SKIPPED)
                for p in integer_fields(v, f"{path}.{k}" if path else k)]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in integer_fields(v, f"{path}[{i}]")]
    return [path] if isinstance(value, int) and not isinstance(value, bool) else []


def _walk(item: Any, steps: list[str | int]) -> Any:
    for step in steps:
        if isinstance(step, int) and isinstance(item, list) and step < len(item):
            item = item[step]
        elif isinstance(step, str) and isinstance(item, dict) and step in item:
            item = item[step]
        else:
            raise KeyError(step)
    return item


class CardField:
    """One integer field of one item of a tunable family (El Dorado Canyon's town cards, Eldorado's cities)."""

    def __init__(self, sim: Any, data: dict[str, Any], item_id: str, field: str, game: str | None = None,
                 values: list[int] = []):  # noqa: B006 (read, never changed)
        defs = sim.definitions(data)
        found = [(family, item) for family in sim.TUNABLE for item in defs[family] if item["id"] == item_id]
        if not found:
            ids = ", ".join(item["id"] for family in sim.TUNABLE for item in defs[family])
            raise StateError(f"expected one of {ids}, got {item_id!r}", field="card")
        self.sim, (self.family, item) = sim, found[0]
        self.item_id, self.field, self.steps = item_id, field, parse_path(field)
        fields = integer_fields(item)
        try:
            here = _walk(item, self.steps)
        except KeyError:
            here = None
        if field not in fields or isinstance(here, bool) or not isinstance(here, int):
            what = "no such field" if here is None else f"{type(here).__name__} {json.dumps(here)[:40]}"
            raise StateError(f"expected an integer field of {item_id}, got {field!r} ({what}); its integer fields: "
                             f"{', '.join(fields) or 'none'}", field="--field")
        self.label = f"{field} of {item_id}"
        self.names = {"card": item_id, "field": field}
        if game is not None and values:
            self._refuse_outside_schema(game, values)

    def _refuse_outside_schema(self, game: str, values: list[int]) -> None:
        """A value the definitions' schema refuses (a cost of 100, an amount of 0) would play a game nobody can
        write: refused as the loader refuses it in the file, with its range (`cards.loader.field_problems`)."""
        from cards import load_game
        from cards.loader import field_problems

        for value, problem in field_problems(load_game(game), self.item_id, self.steps, values):
            raise StateError(f"{value} for {self.label}: {problem}", field="--values")

    def apply(self, data: dict[str, Any], value: int) -> dict[str, Any]:
        out = copy.deepcopy(data)
        item = next(i for i in self.sim.definitions(out)[self.family] if i["id"] == self.item_id)
        holder = _walk(item, self.steps[:-1])
        holder[self.steps[-1]] = value
        return out

    def read(self, report: dict[str, Any]) -> dict[str, Any]:
        e = next(x for x in report[self.family] if x["id"] == self.item_id)
        if "difference_low" in e:
            d, low, high = e["difference"], e["difference_low"], e["difference_high"]
        else:
            base = e["baseline"]
            d, low, high = ((None, None, None) if e["win_rate"] is None else
                            (round(e["win_rate"] - base, 4), round(e["ci_low"] - base, 4), round(e["ci_high"] - base, 4)))
        return {"n": e["n"], "difference": d, "ci_low": low, "ci_high": high, "verdict": e["verdict"]}

    def summary(self, rows: list[dict[str, Any]]) -> dict[str, Any]:
        """The fair range (the values whose interval holds 0) and the value nearest even."""
        fair = [r["value"] for r in rows if r["ci_low"] is not None and r["ci_low"] <= 0 <= r["ci_high"]]
        judged = [r for r in rows if r["difference"] is not None]
        nearest = min(judged, key=lambda r: (abs(r["difference"]), r["value"]))["value"] if judged else None
        return {"fair_range": [min(fair), max(fair)] if fair else None, "nearest_even": nearest}


class RuleParameter:
    """One rule parameter of the game (`[parameters]`), within the range its family declares for it."""

    def __init__(self, sim: Any, data: dict[str, Any], name: str, values: list[int]):
        from cards.families import family
        from cards.parameters import declared, problems

        given = data.get("parameters", {})
        if name not in given:
            raise StateError(f"unknown parameter {name!r}: the parameters of {sim.FAMILY} are "
                             f"{', '.join(given) or 'none: it has no rule parameters'}", field="--parameter")
        schema = family(sim.FAMILY).schema_module()
        self.declared = declared(schema)
        for value in values:
            for _, message in problems(schema, {**given, name: value}, sim.FAMILY):
                raise StateError(f"{name}: {message}", field="--values")
        self.name, self.label, self.names = name, f"parameter {name}", {"parameter": name}

    def apply(self, data: dict[str, Any], value: int) -> dict[str, Any]:
        """The game with `value` for the parameter, and its house rules as a game that sets it would have them."""
        from cards.parameters import house_rules

        given = {**data["parameters"], self.name: value}
        return {**data, "parameters": given, "house_rules": house_rules(self.declared, given)}

    def read(self, report: dict[str, Any]) -> dict[str, Any]:
        verdicts = {e["id"]: e["verdict"] for family in report["families"] for e in report[family["key"]]}
        return {"health": report["health"], "verdicts": verdicts}

    def summary(self, rows: list[dict[str, Any]]) -> dict[str, Any]:
        """The cards and characters whose verdict is not the same at every value."""
        ids = list(dict.fromkeys(i for r in rows for i in r["verdicts"]))
        return {"changing": [i for i in ids if len({r["verdicts"].get(i) for r in rows}) > 1]}


def tally_values(sim: Any, datas: list[dict[str, Any]], params: dict[str, Any], jobs: int,
                 quiet: bool, cluster: Any = None) -> list[dict[str, Any]]:
    """Each value's games (the same seeds for all): the one place they are played. On a cluster every value's
    batches go at once, so the sweep keeps every worker busy."""
    if cluster is not None:
        from .batches import Progress, batches

        tasks = [((sim.__name__, d, params["players"], params["seed"], params["policy"], params["budget"]),
                  batches(0, params["games"])) for d in datas]
        progress = Progress(params["games"] * len(datas), quiet)
        try:
            return cluster.tallies(tasks, progress)
        finally:
            progress.close()
    return [run(sim, d, params["games"], params["players"], params["seed"], params["policy"], params["budget"], jobs,
                None, quiet) for d in datas]


def tune(sim: Any, data: dict[str, Any], knob: Knob, values: list[int], params: dict[str, Any], jobs: int,
         quiet: bool = True, cluster: Any = None) -> dict[str, Any]:
    """The tune report: each value's figure, the fair range and the value nearest even."""
    datas = [knob.apply(data, v) for v in values]
    rows = []
    for value, d, tally in zip(values, datas, tally_values(sim, datas, params, jobs, quiet, cluster)):
        rows.append({"value": value, **knob.read(build_report(sim, d, tally, params))})
    return {"format": TUNE_FORMAT, **knob.names, "version": params.get("version"), "rules_digest": rules_digest(data),
            "values": rows, **knob.summary(rows)}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:+.1%}"


def text(t: dict[str, Any], head: str) -> str:
    if "parameter" in t:
        return parameter_text(t, head)
    lines = [head, "", f"  {'value':>5}  {'n':>6}  effect [95 %]              verdict"]
    for r in t["values"]:
        effect = f"{_pct(r['difference'])} [{_pct(r['ci_low'])}, {_pct(r['ci_high'])}]"
        lines.append(f"  {r['value']:>5}  {r['n']:>6,}  {effect:<26} {r['verdict']}")
    fair = t["fair_range"]
    # a curve that crosses 0 twice (or dips back inside): the range's ends are fair, not every value between
    unfair = [r["value"] for r in t["values"] if fair and fair[0] < r["value"] < fair[1]
              and not (r["ci_low"] is not None and r["ci_low"] <= 0 <= r["ci_high"])]
    held = "its interval excludes" if len(unfair) == 1 else "their intervals exclude"
    gaps = f" (but not {', '.join(map(str, unfair))}: {held} 0)" if unfair else ""
    lines += ["", "Fair range (the values whose 95 % interval holds 0): "
              + (f"{fair[0]} to {fair[1]}{gaps}" if fair else "none: every value's interval excludes 0 (widen --values)"),
              f"Nearest even (effect closest to 0): {t['nearest_even'] if t['nearest_even'] is not None else '-'}",
              "", "How to read this: docs/balance-lab.md#tune-what-should-it-cost"]
    return "\n".join(lines)


def parameter_text(t: dict[str, Any], head: str) -> str:
    """A parameter's sweep: the health figures at each value, then the verdicts that change across them."""
    lines = [head, ""]
    for r in t["values"]:
        lines += [f"{t['parameter']} = {r['value']}:", *health.text(r["health"]), ""]
    values = [r["value"] for r in t["values"]]
    lines.append("Verdicts that change across the values (" + ", ".join(map(str, values)) + "):")
    for item in t["changing"]:
        lines.append(f"  {item}: " + ", ".join(f"{r['verdicts'].get(item, '-')}" for r in t["values"]))
    if not t["changing"]:
        lines.append("  none: every card and character keeps its verdict")
    lines += ["", "How to read this: docs/balance-lab.md#tune-a-rule-parameter"]
    return "\n".join(lines)


def _chart(t: dict[str, Any], what: str) -> bytes:
    import matplotlib.pyplot as plt

    from .report import COLOURS, _png

    rows = [r for r in _curve(t) if r["difference"] is not None]
    fig, ax = plt.subplots(figsize=(9, 4))
    if rows:
        xs = [r["value"] for r in rows]
        ax.fill_between(xs, [r["ci_low"] for r in rows], [r["ci_high"] for r in rows], color="#4a6fa5", alpha=0.25,
                        label="95 % interval")
        ax.plot(xs, [r["difference"] for r in rows], "-", color="#4a6fa5")
        for r in rows:
            ax.plot([r["value"]], [r["difference"]], "o", color=COLOURS.get(r["verdict"], "#4a6fa5"))
    if t.get("fair_range"):
        ax.axvspan(t["fair_range"][0] - 0.5, t["fair_range"][1] + 0.5, color="#1b7837", alpha=0.08, label="fair range")
    if t.get("nearest_even") is not None:
        ax.axvline(t["nearest_even"], color="#1b7837", linestyle=":", label=f"nearest even: {t['nearest_even']}")
    ax.axhline(0, color="black", linewidth=1)
    ax.set_xticks([r["value"] for r in t["values"]])
    ax.yaxis.set_major_formatter(lambda y, _: f"{y:+.0%}")
    ax.set_xlabel(t["parameter"] if "parameter" in t else f"{t['field']} of {t['card']}")
    ax.set_ylabel(what)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    fig.tight_layout()
    return _png(fig)


def _curve(t: dict[str, Any]) -> list[dict[str, Any]]:
    """What the chart draws at each value: a card's effect, or for a parameter the first player's win rate less
    1 / players (the seat advantage), each with its interval."""
    if "parameter" not in t:
        return t["values"]
    out = []
    for r in t["values"]:
        first = r["health"]["seats"]["first_player"]
        base = first["baseline"]
        none = first["win_rate"] is None
        out.append({"value": r["value"], "verdict": first["verdict"],
                    **{k: None if none else round(first[w] - base, 4)
                       for k, w in (("difference", "win_rate"), ("ci_low", "ci_low"), ("ci_high", "ci_high"))}})
    return out


def _write(folder: Any, result: dict[str, Any], label: str, head: str, what: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from .report import write_page

    title, _, run_line = head.partition(": ")
    write_page(folder, title, f"<p>{html.escape(run_line)}.</p><p>Effect: {html.escape(what)}, with its 95 % interval "
               "(the band)" + ("" if "parameter" in result else "; the fair range shaded, the value nearest even dotted")
               + ". How to read it: "
               "<code>docs/balance-lab.md</code>.</p>",
               [("tune.png", f"{label}: {what} at each value", _chart(result, what))], text(result, head))


def run_command(game: str, card: str | None, *, field: str | None, values: str, games: int, players: int, seed: int,
                policy: str | None, budget: int | None, jobs: int | None, as_json: bool, report_dir: Any,
                quiet: bool, parameter: str | None = None, cluster: str | None = None) -> int:
    """`checker tune`: 0, or 2 with one clear line on stderr for anything refused."""
    from .cluster import open_cluster
    from .simulate_cmd import prepare
    from .workers import default_jobs

    knob: Knob
    try:
        wanted = parse_values(values)
        if parameter is not None and (card is not None or field is not None):
            raise StateError("expected a card with --field, or --parameter alone (no card), got both",
                             field="--parameter")
        if parameter is None and (card is None or field is None):
            raise StateError("expected a card and --field (a field of the card), or --parameter NAME (a rule "
                             "parameter)", field="card" if card is None else "--field")
        sim, data, params = prepare(game, players, policy, budget, None, games, seed)
        if parameter is not None:
            knob = RuleParameter(sim, data, parameter, wanted)
        else:
            assert card is not None and field is not None
            knob = CardField(sim, data, card, field, game, wanted)
        with open_cluster(cluster, jobs or default_jobs()) as on:
            result = tune(sim, data, knob, wanted, params, jobs or default_jobs(), quiet, on)
    except StateError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    policy_name = ",".join(params["policy"]) if len(set(params["policy"])) > 1 else params["policy"][0]
    where = params.get("folder") or data["id"]
    head = (f"Tune {knob.label} in {data['name']} ({where}): {games:,} games per value, {players} players, policy "
            f"{policy_name}, seed {seed} (the same seeds for every value); definitions: {definitions(result)}")
    what = ("first player's win rate less 1 / players" if isinstance(knob, RuleParameter)
            else "bought at the first chance minus passed over" if knob.family == "cards"
            else "win rate less 1 / players")
    if report_dir is not None:
        from .report import folder_written

        if not folder_written(report_dir, lambda: _write(report_dir, result, knob.label, head, what)):
            return 2
    print(json.dumps(result, indent=2, ensure_ascii=False) if as_json else text(result, head))
    return 0
