"""Phrase tables: the words a family's engine writes on cards, as data, in each language's grammar.

Message catalogues translate whole sentences; an effect's text is built from its values (a
number, a neighbour, a list of effects), so each language needs its own templates, word order,
plurals and list joining.  A family keeps one table per language,
`cards/models/<family>/phrases/CODE.toml`: each key a template with named placeholders
(`"steal {gold} unbanked :gold: gold from the character {whom}"`), or a table of plural variants
(`count` names the placeholder that chooses; every other key is a CLDR plural category of the
language, `other` always among them).  The variant is chosen by the language's CLDR plural rules
through Babel (French has `one` for 0 and 1, English for 1 only): rules written by hand would be one
more thing to get wrong in every new language.  Babel is imported only by a table with plurals.

A table is checked whole on first read against the family's `Spec` (each key with the placeholders
its text may use): a missing key, a key the family does not have, a placeholder the key does not
have or a plural category the language lacks is a DefinitionError at the file's line (exit 2).  A
sound table's checked entries are kept in the user cache by its text (`_kept_at`); a table with a
problem is never kept, so it is refused with the same message every time.
"""
from __future__ import annotations

import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard

from common import cachefile
from common.usercache import cache_dir

from .errors import DefinitionError, Problem
from .tomlsource import LineIndex, parse_toml, read_text

PLURALS_FORMAT = 1  # of the cached plural rules (`plural_rule`)
PHRASES_FORMAT = 1  # of the cached checked tables (`read`)
COUNT = "count"  # the key of a plural table naming the placeholder that chooses its variant
# 'a, b and c': what every table has
LISTS: dict[str, frozenset[str]] = {"list.between": frozenset(), "list.last": frozenset()}
ROOT = Path(__file__).resolve().parent.parent  # where shown paths start: cards/models/...


class Spec:
    """What a family's tables hold: each key with the placeholders its text may use."""

    __slots__ = ("keys", "folder")

    def __init__(self, folder: Path, keys: Mapping[str, tuple[str, ...]]) -> None:
        self.folder = folder
        self.keys = {**LISTS, **{key: frozenset(names) for key, names in keys.items()}}

    def languages(self) -> list[str]:
        return sorted(p.stem for p in self.folder.glob("*.toml"))


class Phrases:
    """One language's table of a family: `phrases(key, **values)` is the text of `key` with `values` in it."""

    __slots__ = ("lang", "entries")

    def __init__(self, lang: str, entries: dict[str, str | tuple[str, dict[str, str]]]) -> None:
        self.lang, self.entries = lang, entries

    def __call__(self, key: str, **values: Any) -> str:
        entry = self.entries[key]
        if isinstance(entry, tuple):
            count, forms = entry
            entry = forms.get(self.category(values[count]), forms["other"])
        return entry.format_map(values)

    def category(self, number: int) -> str:
        """The CLDR plural category of `number` in this language ('one', 'few', 'many', 'other'...)."""
        return str(plural_rule(self.lang)(number))

    def join(self, items: list[str]) -> str:
        """'a', 'a and b', 'a, b and c' in this language (empty items left out)."""
        items = [item for item in items if item]
        if len(items) <= 1:
            return "".join(items)
        return self("list.between").join(items[:-1]) + self("list.last") + items[-1]


def locale(lang: str) -> Any:
    """Babel's `Locale` of a language code (fr, pt-BR, pt_BR), None for a code CLDR does not know."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None


@cache
def plural_rule(lang: str) -> Any:
    """The language's CLDR plural rule (Babel's `PluralRule`: a number -> its category); None when CLDR does
    not know the language.

    Babel keeps the rule in the language's locale data, and reading that unpickles the whole locale (dates,
    numbers, names: about 18 ms of CPU, as long as drawing a dozen cards) for one line of it.  So the rule's
    text is filed in the user cache under Babel's version, which fixes its CLDR data, and built again from
    it (`PluralRule(rules)`, as Babel builds it); a missing or foreign entry is a miss, read from Babel."""
    import babel
    from babel.plural import PluralRule, RuleError

    known = locale(lang)
    if known is None:
        return None
    entry = cache_dir() / "plurals" / f"{known}-{babel.__version__}.marshal"
    label = f"plurals {PLURALS_FORMAT} {babel.__version__} {known}"
    rules = cachefile.load_data(entry, label)
    if type(rules) is dict and all(type(k) is str and type(v) is str for k, v in rules.items()):
        try:
            return PluralRule(rules)
        except RuleError:
            pass
    rule = known.plural_form
    cachefile.store_data(entry, label, dict(rule.rules))
    return rule


def categories(lang: str) -> set[str] | None:
    """The CLDR plural categories of `lang`; None when CLDR does not know the language."""
    rule = plural_rule(lang)
    return None if rule is None else set(rule.tags) | {"other"}


_TABLES: dict[tuple[str, str], Phrases] = {}


def table(spec: Spec, lang: str | None) -> Phrases:
    """The family's table for `lang` (None: English), read and checked once per process."""
    code = lang or "en"
    known = _TABLES.get((str(spec.folder), code))
    if known is None:
        known = _TABLES[str(spec.folder), code] = read(spec, spec.folder / f"{code}.toml", code)
    return known


def read(spec: Spec, path: Path, lang: str) -> Phrases:
    """Read and check one table; a DefinitionError naming every problem, each at its line."""
    shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
    if not path.is_file():
        raise DefinitionError([Problem(shown, f"no phrase table for language {lang!r}: expected one of "
                                              f"{', '.join(spec.languages()) or 'none'}")])
    text = read_text(path, shown)
    entry, label = _kept_at(spec, text, lang)
    kept = cachefile.load_data(entry, label)
    if _is_entries(kept) and _plurals_known(kept, lang):
        return Phrases(lang, kept)
    data = parse_toml(text, shown)
    index = LineIndex(text)
    entries: dict[str, str | tuple[str, dict[str, str]]] = {}
    problems: list[Problem] = []

    def problem(key: str, message: str) -> None:
        problems.append(Problem(shown, message, line=index.line_of(tuple(key.split("."))), path=key))

    def walk(node: dict[str, Any], prefix: str) -> None:
        for name, value in node.items():
            key = prefix + name
            if key in spec.keys:
                entry = _entry(key, value, spec.keys[key], lang, problem)
                if entry is not None:
                    entries[key] = entry
            elif isinstance(value, dict) and any(k.startswith(key + ".") for k in spec.keys):
                walk(value, key + ".")
            else:
                problem(key, f"unknown phrase: expected one of the keys of the family's table "
                             f"({_near(key, spec.keys)})")

    walk(data, "")
    for key in spec.keys:
        if key not in entries and not any(p.path == key for p in problems):
            parent = key.rpartition(".")[0]
            problems.append(Problem(shown, f"missing phrase {key!r}: expected a text with "
                                           f"{_names(spec.keys[key])}",
                                    line=index.line_of(tuple(parent.split("."))) if parent else None))
    if problems:
        raise DefinitionError(problems)
    cachefile.store_data(entry, label, entries)
    return Phrases(lang, entries)


def _kept_at(spec: Spec, text: str, lang: str) -> tuple[Path, str]:
    """Where a sound table's checked entries are kept, and the entry's name: by the table's text and the keys and
    placeholders its family's `Spec` allows, so a table read again needs neither `tomllib` nor the checks (about
    8 ms of a build of the three kits).  Its plural variants are checked again on use (`_plurals_known`): the
    language's categories are Babel's, which an upgrade may change."""
    import hashlib

    allowed = "\0".join(f"{key}:{','.join(sorted(names))}" for key, names in sorted(spec.keys.items()))
    digest = hashlib.sha256(f"{PHRASES_FORMAT}\0{lang}\0{allowed}\0{text}".encode()).hexdigest()
    return cache_dir() / "phrases" / f"{digest}.marshal", f"phrases {PHRASES_FORMAT} {digest}"


def _plurals_known(entries: dict[str, Any], lang: str) -> bool:
    """Are the plural variants of a kept table's entries all categories of `lang` (Babel only for a table with
    plurals)?"""
    variants = [set(value[1]) for value in entries.values() if type(value) is tuple]
    known = categories(lang) if variants else set()
    return known is not None and all(forms <= known for forms in variants)


def _is_entries(kept: Any) -> TypeGuard[dict[str, str | tuple[str, dict[str, str]]]]:
    """Is `kept` what `read` files: {key: template, or (count, {category: template})}, all text?"""
    def entry(value: Any) -> bool:
        return type(value) is str or (type(value) is tuple and len(value) == 2 and type(value[0]) is str
                                      and type(value[1]) is dict and "other" in value[1]
                                      and all(type(k) is str and type(v) is str for k, v in value[1].items()))
    return type(kept) is dict and all(type(k) is str and entry(v) for k, v in kept.items())


def _entry(key: str, value: Any, allowed: frozenset[str], lang: str, problem: Any) -> Any:
    """A checked entry: a template, or (count, {category: template}); None after reporting its problems."""
    if isinstance(value, str):
        return value if _template_ok(key, value, allowed, problem) else None
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        problem(key, f"expected a text or a table of plural variants ({COUNT} = PLACEHOLDER, one = ..., "
                     f"other = ...), got {type(value).__name__}")
        return None
    count = value.get(COUNT)
    forms = {k: v for k, v in value.items() if k != COUNT}
    if count not in allowed:
        problem(key, f"expected {COUNT} = the placeholder choosing the plural variant ({_names(allowed)}), "
                     f"got {count!r}")
        return None
    known = categories(lang)
    if known is None:
        problem(key, f"expected a language CLDR has plural rules for, got {lang!r}")
        return None
    bad = [k for k in forms if k not in known]
    if bad or "other" not in forms:
        got = f"got {', '.join(repr(k) for k in bad)}" if bad else "'other' is missing"
        problem(key, f"expected plural variants among the CLDR categories of {lang} "
                     f"({', '.join(sorted(known))}; 'other' always), {got}")
        return None
    if not all([_template_ok(key, text, allowed, problem) for text in forms.values()]):
        return None
    return count, forms


def _template_ok(key: str, text: str, allowed: frozenset[str], problem: Any) -> bool:
    """Only plain {name} placeholders the key has: no attribute, index, conversion or format spec."""
    try:
        fields = [(name, spec, conv) for _, name, spec, conv in string.Formatter().parse(text) if name is not None]
    except ValueError as exc:
        problem(key, f"expected a template with {{placeholder}}s, got {text!r} ({exc})")
        return False
    for name, fmt, conv in fields:
        if name not in allowed or fmt or conv:
            shown = "{" + name + (f"!{conv}" if conv else "") + (f":{fmt}" if fmt else "") + "}"
            problem(key, f"unknown placeholder {shown}: expected {_names(allowed)}")
            return False
    return True


def _names(allowed: frozenset[str]) -> str:
    return "placeholders " + ", ".join("{" + n + "}" for n in sorted(allowed)) if allowed else "no placeholders"


def _near(key: str, keys: Mapping[str, Any]) -> str:
    """The family's keys under the same table as `key`, or its tables: what the writer may have meant."""
    parent = key.rpartition(".")[0]
    near = sorted(k for k in keys if k.rpartition(".")[0] == parent) if parent else []
    return ", ".join(near) if near else ", ".join(sorted({k.split(".")[0] for k in keys}))
