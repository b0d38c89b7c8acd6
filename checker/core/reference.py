"""Reference pages printed from the code: a family's effects and its state file's schema.

`checker effects GAME` and `checker schema GAME` print these pages; docs/reference/ holds
them as generated, and a test keeps the two the same.
"""
from __future__ import annotations

from cards.families import Family


def effects_page(fam: Family, command: str) -> str:
    """Every effect of the family's vocabulary: what it does, its parameters, the words it prints."""
    from cards.vocabulary import describe, effect_classes

    effects = [describe(cls) for cls in effect_classes(fam.schema_module())]
    lines = [f"# {fam.title}: effects", "",
             f"Printed by `{command}` from the effect classes of `{fam.schema}` (family `{fam.name}`). "
             "A card names an effect by `effect = \"NAME\"` and gives its parameters beside it; a parameter "
             "left out takes its default. \"Prints\" is the effect's wording with each number at its default "
             "(or 1 where the default prints nothing).", ""]
    if not effects:
        lines.append(f"The family `{fam.name}` has no effect vocabulary: its cards carry no effects.")
    for doc in effects:
        lines += [f"## `{doc.name}`", "", doc.does, ""]
        if doc.parameters:
            lines += ["| parameter | type | default |", "|---|---|---|"]
            lines += [f"| `{p.name}` | {p.type} | {p.default} |" for p in doc.parameters]
            lines.append("")
        lines += [f"Prints: \"{doc.prints}\"", ""]
    lines += parameters_section(fam)
    return "\n".join(lines).rstrip() + "\n"


def parameters_section(fam: Family) -> list[str]:
    """The family's rule parameters as Markdown lines: what a game may set in game.toml's `[parameters]`, each with
    the rulebook's value, the range the engine plays and the passage the value comes from (none: no lines)."""
    from cards.parameters import declared

    params = declared(fam.schema_module())
    if not params:
        return []
    lines = ["## Rule parameters", "",
             "A game sets them in a `[parameters]` table of its game.toml (`NAME = value`, a whole number); one it leaves out "
             "keeps the rulebook's value. `checker resolve` cites a value that differs as the game's house rule, "
             "beside the passage; `checker tune GAME --parameter NAME --values A..B` sweeps one.", "",
             "| parameter | rulebook | range | meaning | passage |", "|---|---|---|---|---|"]
    lines += [f"| `{p.name}` | {p.default} | {p.low} to {p.high} | {p.meaning} | {p.passage} |" for p in params]
    return lines + [""]
