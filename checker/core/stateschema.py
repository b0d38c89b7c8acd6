"""A state file's schema as data: the tables and fields a game's state reader accepts.

Each engine declares its schema once, beside its reader (`<engine>/state_schema.py`, exported
as the engine's `STATE_SCHEMA`); the reader takes its allowed keys from it (`keys`,
`kind_keys`) and `checker schema GAME` prints it, so the page and the reader cannot drift
on which fields exist.  The types, defaults and meanings are written for players; a number the
game's `[parameters]` may change is written `$NAME` and shown filled in (`StateSchema.for_game`).
"""
from __future__ import annotations

from common.record import Record


class Field(Record):  # a Record: resolve's start-up (common.record)
    """One key: its type, its default ("required" when a state must give it), what it means.

    `kinds` limits a field of an action table to the action kinds that take it; `ids` names the
    record schemas whose ids are its choices (`checker template` lists them where the choice is made);
    `fill` is the placeholder `checker template` writes for a field every new table must fill in.
    """

    __slots__ = ("name", "type", "default", "means", "kinds", "ids", "fill")

    def __init__(self, name: str, type: str, default: str, means: str, kinds: tuple[str, ...] = (),
                 ids: tuple[str, ...] = (), fill: str = "") -> None:
        self.name, self.type, self.default, self.means = name, type, default, means
        self.kinds, self.ids, self.fill = kinds, ids, fill


class Table(Record):
    """One table of the state file: `path` "" is the top level, "players" each [[players]], ..."""

    __slots__ = ("path", "means", "fields")

    def __init__(self, path: str, means: str, fields: tuple[Field, ...]) -> None:
        self.path, self.means, self.fields = path, means, fields


class StateSchema(Record):
    __slots__ = ("game", "intro", "tables", "notes")

    def __init__(self, game: str, intro: str, tables: tuple[Table, ...], notes: tuple[str, ...] = ()) -> None:
        self.game, self.intro, self.tables, self.notes = game, intro, tables, notes

    def table(self, path: str) -> Table:
        return next(t for t in self.tables if t.path == path)

    def keys(self, path: str) -> tuple[str, ...]:
        """The keys a reader allows in the table at `path`, in schema order."""
        return tuple(f.name for f in self.table(path).fields)

    def kind_keys(self, path: str, kind: str) -> tuple[str, ...]:
        """The keys of an action table of this `kind`, beside `kind` and `player`."""
        return tuple(f.name for f in self.table(path).fields if kind in f.kinds)

    def for_game(self, rules: str, parameters: dict[str, int]) -> StateSchema:
        """The schema as a game of the family `rules` whose `[parameters]` are `parameters` reads it: `$NAME` in a
        field's type, default or meaning (a number the reader takes from the rule parameter NAME, such as a
        starting health or a track's top) becomes the game's value, or the rulebook's where it sets none; so
        `checker schema`, `checker template` and `checker serve` show a game's house rules as its reader applies them."""
        from string import Template  # only where a schema is shown: `string` brings `re` into resolve's start-up

        from cards.families import family
        from cards.parameters import declared, values

        given = values(declared(family(rules).schema_module()), parameters)

        def fill(text: str) -> str:
            return Template(text).substitute(given)

        tables = tuple(Table(t.path, t.means, tuple(Field(f.name, fill(f.type), fill(f.default), fill(f.means),
                                                          f.kinds, f.ids, f.fill) for f in t.fields))
                       for t in self.tables)
        return StateSchema(self.game, self.intro, tables, self.notes)


FORMAT_FIELD = Field("format", "whole number", "1", "format version of the state file: a newer one is refused "
                     "naming the version; `--out` writes format = 1")


QUESTION = Field("question", "text", "none", "the disputed point in the players' words; the verdict's first line "
                 "answers it")
FOCUS = Field("focus", "player name or card id", "none", "the player or card the dispute is about: the verdict's first "
              "line says what happened to them (without it: the decisive events)")


def render(schema: StateSchema, command: str, parameters: tuple[str, ...] = ()) -> str:
    """The schema as a Markdown page (what `checker schema GAME` prints and docs/reference holds), ending with the
    family's rule parameters (`checker.core.reference.parameters_section`)."""
    lines = [f"# {schema.game}: the state file of `checker resolve`", "",
             f"Printed by `{command}` from the schema the state reader checks against. {schema.intro}", ""]
    for table in schema.tables:
        title = "Top level" if not table.path else f"`{table.path}`"
        lines += [f"## {title}", "", table.means, "", "| field | type | default | meaning |", "|---|---|---|---|"]
        fields = (FORMAT_FIELD, *table.fields) if not table.path else table.fields
        for f in fields:
            means = f.means + (f" (kinds: {', '.join(f.kinds)})" if f.kinds else "")
            lines.append(f"| `{f.name}` | {f.type} | {f.default} | {means} |")
        lines.append("")
    lines += [note + "\n" for note in schema.notes]
    lines += list(parameters)
    return "\n".join(lines).rstrip() + "\n"
