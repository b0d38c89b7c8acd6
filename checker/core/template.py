"""`checker template`: a commented state file to fill in, written from the engine's STATE_SCHEMA.

Every field appears with its type, default and meaning, so a player needs no other page;
a field whose choices are records of the game lists their ids (once). What is known (the
game, the players' names, or every value of a state `resolve --out` wrote) is written as
TOML; a field every table must fill in is written with its FILL IN placeholder, so the file
fails naming it until it is filled; the rest stays commented and takes its default.
"""
from __future__ import annotations

import textwrap
import tomllib
from typing import Any

from cards.tomlsource import inline, toml_key as _key

from .stateschema import FORMAT_FIELD, Field, StateSchema, Table

WIDTH = 100


def template(schema: StateSchema, game_ref: str, game: Any, players: list[str],
             values: dict[str, Any] | None = None) -> str:
    """The state file for `game_ref` (as its `game` line names it). `values`: a state `resolve --out` wrote, kept
    and given new plays; without it, a new table of `players`, the first holding what a first player holds."""
    return _Writer(schema, game).file(game_ref, players, values)


class _Writer:
    def __init__(self, schema: StateSchema, game: Any) -> None:
        self.schema, self.game = schema, game
        self.listed: set[str] = set()  # fields whose ids are already listed above

    def file(self, game_ref: str, players: list[str], values: dict[str, Any] | None) -> str:
        known = dict(values or {})
        known["game"] = game_ref
        rows = known.pop("players", None) or [{"name": name} for name in players]
        top = self.schema.table("")
        own = self._own_tables("")
        if values is None:  # a new table: a required player field of the top (the first player) is the first name
            known.update({f.name: players[0] for f in top.fields
                          if f.default == "required" and f.type == "text" and "player" in f.means})
        lines = [f"# {self.schema.game}: a state file for `checker resolve THIS.toml` (`checker schema` prints "
                 "these fields as a page).", "# A commented field takes its default. Replace every FILL IN: "
                 "`checker resolve` names the first one left.", f"format = {FORMAT_FIELD.default}"]
        mode = "next" if values is not None else "new"
        lines += self._fields(top, known, "none", skip={"players", *own})
        for f in top.fields:  # the top level's own tables ([town], [action], ...) after its plain fields
            if f.name in own:
                lines += [""] + self._table(f, known.get(f.name), mode)
        for row in rows:
            lines += ["", "[[players]]", _comment(self.schema.table("players").means)]
            lines += self._fields(self.schema.table("players"), row, mode)
        for table in self.schema.tables:
            if "." in table.path:  # an inline table or a list entry's table: described once, at the end
                lines += ["", _comment(table.means)] + [_comment(self._about(f, table.path)) for f in table.fields]
        lines += [""] + [_comment(note) for note in self.schema.notes]
        return "\n".join(lines).rstrip() + "\n"

    def _own_tables(self, path: str) -> set[str]:
        """Fields of the top level that are a [table] of their own (not an array of tables)."""
        fields = {f.name: f for f in self.schema.table(path).fields}
        return {t.path for t in self.schema.tables
                if t.path in fields and "." not in t.path and "array" not in fields[t.path].type}

    def _table(self, field: Field, given: Any, mode: str) -> list[str]:
        table = self.schema.table(field.name)
        lines = [_comment(self._about(field, ""))]
        if given is None and field.default != "required":
            body = self._fields(table, {}, "none")
            return lines + [f"# [{field.name}]"] + [line if line.startswith("#") else f"# {line}" for line in body]
        return lines + [f"[{field.name}]"] + self._fields(table, given or {}, mode)

    def _fields(self, table: Table, given: dict[str, Any], mode: str, skip: frozenset[str] | set[str] = frozenset()
                ) -> list[str]:
        """`mode`: "new" writes every placeholder, "next" those of required fields (a next turn's plays), "none" none."""
        lines = []
        for f in table.fields:
            if f.name in skip:
                continue
            lines.append(_comment(self._about(f, table.path)))
            if f.name in given:
                lines.append(f"{_key(f.name)} = {inline(given[f.name])}")
            elif f.fill and _asked(f, given, mode):
                lines.append(f"{_key(f.name)} = {f.fill}")
            elif _is_toml(f.default):
                lines.append(f"# {_key(f.name)} = {f.default}")
        names = {f.name for f in table.fields}
        lines += [f"{_key(k)} = {inline(v)}" for k, v in given.items() if k not in names and k not in skip]
        return lines

    def _about(self, f: Field, path: str) -> str:
        default = "required" if f.default == "required" else f"default {f.default}"
        kinds = f"; kinds: {', '.join(f.kinds)}" if f.kinds else ""
        text = f"{f.name} ({f.type}, {default}{kinds}): {f.means}"
        key = f"{path}.{f.name}"
        if not f.ids:
            return text
        if key in self.listed:
            return text + ". Ids: as listed above"
        self.listed.add(key)
        return text + ". Ids: " + ", ".join(dict.fromkeys(r.id for s in f.ids for r in self.game.records(s)))


def _asked(f: Field, given: dict[str, Any], mode: str) -> bool:
    """Whether the placeholder is written: "required unless gone" is not asked of a row with gone = true."""
    unless = f.default.partition("required unless ")[2].lower()
    required = f.default.startswith("required") and not (unless and given.get(unless) is True)
    return mode == "new" or (mode == "next" and required)


def _is_toml(value: str) -> bool:
    try:
        tomllib.loads(f"x = {value}")
    except ValueError:
        return False
    return True


def _comment(text: str) -> str:
    return "\n".join(textwrap.wrap(text, WIDTH, initial_indent="# ", subsequent_indent="#   ",
                                   break_on_hyphens=False, break_long_words=False)) or "#"
