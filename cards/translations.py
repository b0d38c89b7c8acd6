"""A designer's game in another language: its records with their text fields translated.

A game holds its translations in `lang/CODE.toml` (a table per component, in it a table per
record id, in that the record's text fields) or in `FIELD@CODE` columns of a spreadsheet
(`cards.spreadsheet`).  `translated` gives the game as that language prints it: each record
validated again with its translated texts and checked by its family, so the generator and the
checker (both read games here) see the same records and every later check (a text's fit, its
glyphs, icons, safe zone) runs on the translated text.  A record left untranslated is an
error listing every one, unless `fallback` prints the original language for it.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from common.files import is_file
from common.kept import Kept

from .errors import DefinitionError, Problem
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
    texts, problems = _texts(game, code)
    if problems and not texts:  # a file that cannot be read: its one problem, not every card it would translate
        raise DefinitionError(problems)
    components = []
    for comp in game.components:
        records, places = [], {}
        schema_fields = _text_fields(comp)
        here = {f for (cid, _), fields in texts.items() if cid == comp.id for f in fields}
        if isinstance(comp.index, CellIndex):
            here |= {f for row in comp.index.translations for f in row.get(code, {})}
        # what the language translates of the component is what each record must have (a `type` a layout's
        # `when` tests, an icon's name, stay the original's); none yet: every text field
        required = [f for f in schema_fields if f in here] or schema_fields
        for number, rec in enumerate(comp.records):
            given = texts.pop((comp.id, rec.id), None)
            if given is None and isinstance(comp.index, CellIndex):
                given = _sheet_texts(comp, number, code)
            given = given or {}
            for field in given:
                if field not in schema_fields:
                    value, place = given[field]
                    problems.append(Problem(place.file, f"expected a text field of the record "
                                            f"({', '.join(schema_fields) or 'none'}), got {field!r}",
                                            line=place.line, cell=place.cell, card=rec.id, path=field))
            missing = [f for f in required if getattr(rec, f, None) and f not in given]
            if missing and not fallback:
                problems.append(Problem(comp.file, f"no {code} translation of {', '.join(missing)} "
                                        f"(add it to {FOLDER}/{code}.toml or a {missing[0]}{LANG_MARK}{code} column, "
                                        f"or build with --lang-fallback to print the original)",
                                        line=comp.where(rec, None)[0], card=rec.id, card_name=rec.name,
                                        cell=comp.where(rec, None)[1]))
            update = {f: v for f, (v, _) in given.items() if f in schema_fields}
            new, mine = _validated(game, comp, rec, update, {f: p for f, (_, p) in given.items()})
            problems += mine
            records.append(new)
            places[id(new)] = {f: p for f, (_, p) in given.items() if f in update}
        translated_comp = dataclasses.replace(comp, records=records, places=places)
        components.append(translated_comp)
        if not problems:  # texts are measured in a sound translation only, as a load measures the original's
            problems += _text_problems(game, translated_comp, code)
    for (comp_id, rec_id), fields in texts.items():  # what the file translates that the game does not have
        place = next(iter(fields.values()))[1]
        known = comp_id in {c.id for c in game.components}
        problems.append(Problem(place.file, f"no record {rec_id!r} in component {comp_id!r}" if known else
                                f"expected a component of the game ({', '.join(c.id for c in game.components)}), "
                                f"got {comp_id!r}", line=place.line, path=f"{comp_id}.{rec_id}"))
    if problems:
        raise DefinitionError(problems)
    return dataclasses.replace(game, components=components, lang=code)


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


def _texts(game: Game, code: str) -> tuple[dict[tuple[str, str], dict[str, tuple[Any, Place]]], list[Problem]]:
    """lang/CODE.toml's texts by (component, record id), each with its place; the file's problems."""
    path = game.folder / FOLDER / f"{code}.toml"
    if not is_file(path):
        return {}, []
    shown = f"{game.shown or game.id}/{FOLDER}/{code}.toml"
    try:
        data, text = read_toml(path, shown, inside=game.folder)
    except DefinitionError as exc:
        return {}, exc.problems
    index = LineIndex(text)
    out: dict[tuple[str, str], dict[str, tuple[Any, Place]]] = {}
    problems = []
    for comp_id, records in data.items():
        if not isinstance(records, dict) or not all(isinstance(r, dict) for r in records.values()):
            problems.append(Problem(shown, "expected [COMPONENT.RECORD-ID] tables of text fields",
                                    line=index.line_of((comp_id,)), path=comp_id))
            continue
        for rec_id, fields in records.items():
            out[(comp_id, rec_id)] = {field: (value, Place(shown, index.line_of((comp_id, rec_id, field))))
                                      for field, value in fields.items()}
    return out, problems


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
    if not comp.records:
        return []
    model = type(comp.records[0])
    return [name for name, info in model.model_fields.items()
            if name not in UNTRANSLATED and cell_kind(model, name) in ("text", "texts")
            and not _checked(info.metadata) and not _checked_or_choice(info.annotation)]


def _checked(metadata: Any) -> bool:
    """Metadata with a validator of its own: a file name or a colour, not words."""
    return any(type(m).__name__.endswith("Validator") for m in metadata)


def _checked_or_choice(annotation: Any) -> bool:
    from typing import Annotated, Literal, get_args, get_origin

    if get_origin(annotation) is Annotated:
        return _checked(annotation.__metadata__) or _checked_or_choice(get_args(annotation)[0])
    return get_origin(annotation) is Literal or any(_checked_or_choice(a) for a in get_args(annotation))


def _validated(game: Game, comp: LoadedComponent, rec: Any, update: dict[str, Any],
               places: dict[str, Place]) -> tuple[Any, list[Problem]]:
    """The record with its translated texts, validated by its schema and checked by its family."""
    from pydantic import ValidationError

    if not update:
        return rec, []
    try:
        new = type(rec).model_validate({**rec.model_dump(by_alias=True, exclude_unset=True), **update},
                                       context={"folder": game.folder})
    except ValidationError as exc:
        out = []
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else ""
            place = places.get(field, Place(comp.file))
            out.append(Problem(place.file, error["msg"], line=place.line, cell=place.cell, card=rec.id,
                               card_name=rec.name, path=".".join(str(p) for p in error["loc"])))
        return rec, out
    out = []
    for field_path, message in (game.family.check_record(new) if game.family is not None else []):
        place = places.get(field_path.split(".")[0], Place(comp.file))
        out.append(Problem(place.file, message, line=place.line, cell=place.cell, card=rec.id, card_name=new.name,
                           path=field_path))
    return new, out
