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
    return "\n".join(lines).rstrip() + "\n"
