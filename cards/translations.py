"""A designer's game in another language: its records with their text fields translated.

A game holds its translations in `lang/CODE.toml` (a table per component, in it a table per
record id, in that the record's text fields; a field holding records of its own, a card's
`options` or a reference card's `sections`, takes a table per item, `[[...options]]`, with their
text fields, an empty one for an item with none) or in `FIELD@CODE` columns of a spreadsheet
(`cards.spreadsheet`).  `translated` gives the game as that language prints it: each record
validated again with its translated texts and checked by its family, so the generator and the
checker (both read games here) see the same records and every later check (a text's fit, its
glyphs, icons, safe zone) runs on the translated text.  A family whose engine writes card text
(`check_translated`, El Dorado Canyon's effects) gives each translated record that text in the
language, from its phrase tables (`cards.phrases`), and checks it with the language's keywords.
A record left untranslated is an error listing every one, unless `fallback` prints the original
language for it.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, get_args, get_origin

from common.files import is_file
from common.kept import Kept

from .errors import DefinitionError, Problem, describe
from .layouttext import check_record_texts
from .loader import Game, LoadedComponent, Reload, load_game
from .spreadsheet import LANG_CODE, LANG_MARK, CellIndex, cell_kind
from .tomlsource import LineIndex, read_toml

FOLDER = "lang"
UNTRANSLATED = ("id", "layout")  # text fields that name things rather than say them


@dataclasses.dataclass(frozen=True)
class Place:
    """Where a translated text is written: for the errors about it (a text too long for its box)."""

    file: str
    line: int | None = None
    cell: str | None = None
    inner: tuple[tuple[str, int | None], ...] = ()  # the lines of a nested field's texts: ("options.1.text", 12)


def codes(game: Game) -> list[str]:
    """The languages the game holds translations for, besides its own."""
    found = {path.stem for path in _lang_files(game.folder)}
    for comp in game.components:
        if isinstance(comp.index, CellIndex):
            found |= {code for row in comp.index.translations for code in row}
    return sorted(found)


def load_translated(game: str, code: str, fallback: bool = False) -> Game:
    """Load `game` as language `code` prints it; raise DefinitionError listing every problem."""
    loaded = load_game(game)
    known = codes(loaded)
    if code not in known:
        raise DefinitionError([_no_language(loaded, code, known)])
    if any(isinstance(r, Kept) for r in loaded.records()):  # kept without pydantic: validated again, to check
        loaded = load_game(game, Reload())
    return translated(loaded, code, fallback)


def _no_language(game: Game, code: str, known: list[str]) -> Problem:
    where = game.shown or game.id
    if not known:
        return Problem(where, f"--lang: expected a language the game has, got {code!r}: it has no translations "
                              f"({FOLDER}/CODE.toml files or FIELD@CODE spreadsheet columns)")
    return Problem(where, f"--lang: expected one of the languages the game has ({', '.join(known)}), got {code!r}")


def translated(game: Game, code: str, fallback: bool = False) -> Game:
    """`game` (validated: pydantic records) with every record's text fields in language `code`."""
    texts, own_names, problems = _texts(game, code)
    if problems and not texts:  # a file that cannot be read: its one problem, not every card it would translate
        raise DefinitionError(problems)
    components = []
    for comp in game.components:
        records, where = [], {}
        schema_fields = _text_fields(comp)
        parts = _parts(comp)
        names = schema_fields + list(parts)
        here = {f for (cid, _), found in texts.items() if cid == comp.id for f in found}
        if isinstance(comp.index, CellIndex):
            here |= {f for row in comp.index.translations for f in row.get(code, {})}
        # what the language translates of the component is what each record must have (a `type` a layout's
        # `when` tests, an icon's name, stay the original's); none yet: every text field
        required = [f for f in names if f in here] or names
        for number, rec in enumerate(comp.records):
            given = texts.pop((comp.id, rec.id), None)
            if given is None and isinstance(comp.index, CellIndex):
                given = _sheet_texts(comp, number, code)
            given = given or {}
            places = {f: p for f, (_, p) in given.items()}
            places |= {path: Place(p.file, line) for p in list(places.values()) for path, line in p.inner}
            update: dict[str, Any] = {}
            missing = [f for f in required if f not in given and _has_text(getattr(rec, f, None), parts.get(f))]
            for field, (value, place) in given.items():
                if field in parts:
                    merged, left, wrong = _merged(getattr(rec, field), value, field, *parts[field])
                    problems += [Problem(place.file, message, line=places.get(path, place).line, cell=place.cell,
                                         card=rec.id, path=path) for path, message in wrong]
                    missing += left
                    if not wrong:
                        update[field] = merged
                elif field in schema_fields:
                    update[field] = value
                else:
                    problems.append(Problem(place.file, f"expected a text field of the record "
                                            f"({', '.join(names) or 'none'}), got {field!r}",
                                            line=place.line, cell=place.cell, card=rec.id, path=field))
            if missing and not fallback:
                problems.append(Problem(comp.file, f"no {code} translation of {', '.join(missing)} "
                                        f"(add it to {FOLDER}/{code}.toml or a {missing[0]}{LANG_MARK}{code} column, "
                                        f"or build with --lang-fallback to print the original)",
                                        line=comp.where(rec, None)[0], card=rec.id, card_name=rec.name,
                                        cell=comp.where(rec, None)[1]))
            new, mine = _validated(game, comp, rec, update, places, code)
            problems += mine
            records.append(new)
            where[id(new)] = {f: p for f, p in places.items() if f in update or f.split(".")[0] in update}
        translated_comp = dataclasses.replace(comp, records=records, places=where)
        components.append(translated_comp)
        if not problems:  # texts are measured in a sound translation only, as a load measures the original's
            problems += _text_problems(game, translated_comp, code)
    for (comp_id, rec_id), fields in texts.items():  # what the file translates that the game does not have
        place = next(iter(fields.values()))[1]
        known = comp_id in {c.id for c in game.components}
        problems.append(Problem(place.file, f"no record {rec_id!r} in component {comp_id!r}" if known else
                                f"expected a component of the game ({', '.join(c.id for c in game.components)}), "
                                f"got {comp_id!r}", line=place.line, path=f"{comp_id}.{rec_id}"))
    name, components = _names(game, components, own_names, problems)
    if problems:
        raise DefinitionError(problems)
    return dataclasses.replace(game, name=name, components=components, lang=code)


def _names(game: Game, components: list[LoadedComponent], names: dict[tuple[str, ...], dict[str, tuple[str, Place]]],
           problems: list[Problem]) -> tuple[str, list[LoadedComponent]]:
    """The game's and its components' names in the language: the plain `name = "..."` of lang/CODE.toml's top
    and of a component's table (optional: an untranslated one keeps the original's)."""

    def name_of(at: tuple[str, ...], what: str) -> str | None:
        found = None
        for key, (value, place) in names.get(at, {}).items():
            if key != "name" or not value.strip():
                problems.append(Problem(place.file, f"expected name = \"...\" (the name of {what}) or a table, got "
                                        f"{key} = {value!r}", line=place.line, path=".".join((*at, key))))
            else:
                found = value
        return found

    name = name_of((), "the game") or game.name
    out = []
    for comp in components:
        new = name_of((comp.id,), f"component {comp.id!r}")
        spec: Any = comp.spec  # validated or kept (`common.kept`): both copy as pydantic does
        out.append(dataclasses.replace(comp, spec=spec.model_copy(update={"name": new})) if new else comp)
    return name, out


def _text_problems(game: Game, comp: LoadedComponent, code: str) -> list[Problem]:
    """The checks a load makes of each record's layout texts (`cards.layouttext`: fit, glyphs, icons, safe zone),
    run on the translated records, each at its translation's line and naming the language."""
    if game.design is None:
        return []
    out = []
    for rec in comp.records:
        places = comp.places.get(id(rec))
        if not places:
            continue  # untranslated: checked as the original was
        first = next(iter(places.values()))
        found = check_record_texts(game.design, comp.spec.id, comp.spec.size_mm, getattr(game.family, "ICONS", ()),
                                   first.file, [rec], lambda r, f: _at(places.get(f or "", first)))
        out += [Problem(p.file, f"in {code}: {p.message}", line=p.line, card=p.card, card_name=p.card_name,
                        path=p.path, cell=p.cell) for p in found]
    return out


def _at(place: Place) -> tuple[int | None, str | None]:
    return place.line, place.cell


def _lang_files(folder: Path) -> list[Path]:
    lang = folder / FOLDER
    if not lang.is_dir():
        return []
    return sorted(p for p in lang.iterdir() if p.suffix == ".toml" and LANG_CODE.fullmatch(p.stem) and is_file(p))


def _texts(game: Game, code: str) -> tuple[dict[tuple[str, str], dict[str, tuple[Any, Place]]],
                                          dict[tuple[str, ...], dict[str, tuple[str, Place]]], list[Problem]]:
    """lang/CODE.toml's texts by (component, record id), each with its place; the plain texts of the game (at `()`)
    and of each component (at `(id,)`), its name (`_names`); the file's problems."""
    path = game.folder / FOLDER / f"{code}.toml"
    if not is_file(path):
        return {}, {}, []
    shown = f"{game.shown or game.id}/{FOLDER}/{code}.toml"
    try:
        data, text = read_toml(path, shown, inside=game.folder)
    except DefinitionError as exc:
        return {}, {}, exc.problems
    index = LineIndex(text)
    out: dict[tuple[str, str], dict[str, tuple[Any, Place]]] = {}
    names: dict[tuple[str, ...], dict[str, tuple[str, Place]]] = {}
    problems = []
    for comp_id, records in data.items():
        if isinstance(records, str):  # the game's own text (its name)
            names.setdefault((), {})[comp_id] = (records, Place(shown, index.line_of((comp_id,))))
            continue
        if not isinstance(records, dict) or not all(isinstance(r, (dict, str)) for r in records.values()):
            problems.append(Problem(shown, "expected [COMPONENT.RECORD-ID] tables of text fields",
                                    line=index.line_of((comp_id,)), path=comp_id))
            continue
        for rec_id, fields in records.items():
            if isinstance(fields, str):  # the component's own text (its name)
                names.setdefault((comp_id,), {})[rec_id] = (fields, Place(shown, index.line_of((comp_id, rec_id))))
                continue
            out[(comp_id, rec_id)] = {field: (value, Place(shown, index.line_of((comp_id, rec_id, field) + (
                                                               (0,) if value and isinstance(value, list) else ())),
                                                           inner=_inner(index, (comp_id, rec_id, field), value)))
                                      for field, value in fields.items()}
    return out, names, problems


def _inner(index: LineIndex, path: tuple[str, str, str], value: Any) -> tuple[tuple[str, int | None], ...]:
    """The line of each text of a nested field's value (a table, or tables, of texts): ("options.1.text", 12)."""
    field = path[-1]
    if isinstance(value, dict):
        return tuple((f"{field}.{key}", index.line_of((*path, key))) for key in value)
    if isinstance(value, list):
        return tuple((f"{field}.{number}.{key}", index.line_of((*path, number - 1, key)))
                     for number, item in enumerate(value, 1) if isinstance(item, dict) for key in item)
    return ()


def _sheet_texts(comp: LoadedComponent, number: int, code: str) -> dict[str, tuple[Any, Place]] | None:
    assert isinstance(comp.index, CellIndex)
    fields = comp.index.translations[number].get(code)
    if fields is None:
        return None
    row = comp.index.row_numbers[number]
    return {field: (value, Place(comp.file, cell=f"row {row}, column '{field}{LANG_MARK}{code}'"))
            for field, value in fields.items()}


def _text_fields(comp: LoadedComponent) -> list[str]:
    """The fields of the component's records that a language translates: plain text (not a file, colour or choice)."""
    return _model_texts(type(comp.records[0])) if comp.records else []


def _model_texts(model: Any) -> list[str]:
    return [name for name, info in model.model_fields.items()
            if name not in UNTRANSLATED and cell_kind(model, name) in ("text", "texts")
            and not _checked(info.metadata) and not _checked_or_choice(info.annotation)]


def _checked(metadata: Any) -> bool:
    """Metadata with a validator of its own: a file name or a colour, not words."""
    return any(type(m).__name__.endswith("Validator") for m in metadata)


def _checked_or_choice(annotation: Any) -> bool:
    from typing import Annotated, Literal

    if get_origin(annotation) is Annotated:
        return _checked(annotation.__metadata__) or _checked_or_choice(get_args(annotation)[0])
    return get_origin(annotation) is Literal or any(_checked_or_choice(a) for a in get_args(annotation))


def _validated(game: Game, comp: LoadedComponent, rec: Any, update: dict[str, Any],
               places: dict[str, Place], code: str) -> tuple[Any, list[Problem]]:
    """The record with its translated texts, validated by its schema and checked by its family in language `code`
    (the family's `check_translated` gives it the engine's text in that language and checks the texts in it: those
    the translation gives, and its own)."""
    from pydantic import ValidationError

    if not update:
        return rec, []
    try:
        new = type(rec).model_validate({**rec.model_dump(by_alias=True, exclude_unset=True), **update},
                                       context={"folder": game.folder})
    except ValidationError as exc:
        out = []
        for error in exc.errors():
            field = ".".join(str(p + 1 if isinstance(p, int) else p) for p in error["loc"])
            place = places.get(field) or places.get(field.split(".")[0], Place(comp.file))
            out.append(Problem(place.file, error["msg"], line=place.line, cell=place.cell, card=rec.id,
                               card_name=rec.name, path=field))  # numbered from 1, as a load's paths are
        return rec, out
    family = game.family
    if family is None:
        return new, []
    speak = getattr(family, "check_translated", None)
    own = {path for path in places if path.split(".")[0] in update}  # the texts in the language
    new, checks = speak(new, code, own) if speak is not None else (new, family.check_record(new))
    out = []
    for field_path, message in checks:
        place = places.get(field_path) or places.get(field_path.split(".")[0], Place(comp.file))
        out.append(Problem(place.file, f"in {code}: {message}", line=place.line,
                           cell=place.cell, card=rec.id, card_name=new.name, path=field_path))
    return new, out


def _parts(comp: LoadedComponent) -> dict[str, tuple[list[str], bool]]:
    """The fields of the component's records holding records with text fields of their own (a card's options, a
    reference card's sections, a character's ability): each with those text fields and whether it is a list."""
    from pydantic import BaseModel

    if not comp.records:
        return {}
    out = {}
    for name, info in type(comp.records[0]).model_fields.items():
        many = get_origin(info.annotation) is list
        inner = get_args(info.annotation)[0] if many else info.annotation
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            texts = _model_texts(inner)
            if texts:
                out[name] = (texts, many)
    return out


def _has_text(value: Any, part: tuple[list[str], bool] | None) -> bool:
    """Does the original say something in this field (a nested one: in any text field of its items)?"""
    if part is None or not value:
        return bool(value)
    texts, many = part
    return any(getattr(item, f, None) for item in (value if many else [value]) for f in texts)


def _merged(original: Any, value: Any, field: str, texts: list[str],
            many: bool) -> tuple[Any, list[str], list[tuple[str, str]]]:
    """The original items' data with the translated texts of `value` in them; the texts the original has that the
    translation leaves out ("options.1.text"); and the problems of `value`'s shape, each with its path."""
    items, given = (list(original), value) if many else ([original], [value])
    shape = f"[[...{field}]] tables, one per item ({len(items)}; an empty one for an item without text)" if many \
        else f"a [...{field}] table"
    if not isinstance(given, list) or not all(isinstance(g, dict) for g in given):
        return None, [], [(field, f"expected {shape} of its text fields ({', '.join(texts)}), got {describe(value)}")]
    if len(given) != len(items):
        return None, [], [(field, f"expected {shape}, got {len(given)}")]
    merged, left, wrong = [], [], []
    for number, (item, said) in enumerate(zip(items, given), 1):
        at = f"{field}.{number}" if many else field
        wrong += [(f"{at}.{key}", f"expected a text field of the {field} ({', '.join(texts)}), got {key!r}")
                  for key in said if key not in texts]
        left += [f"{at}.{f}" for f in texts if getattr(item, f, None) and f not in said]
        merged.append({**item.model_dump(by_alias=True, exclude_unset=True), **said})
    return (merged if many else merged[0]), left, wrong
