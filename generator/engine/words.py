"""The fixed words the generator prints on a kit's pages, in the game's language, from a gettext catalogue.

The printing guide, the footers, the scale bar's caption, the tile, overview and poster labels and the
reprint's first page are written in English in the code, each sentence through `Words.gettext` or
`Words.ngettext` with named fields (`{pages}`, `{paper}`), so that a language may reorder them.  A
translated game (`game.lang`, set by `cards.translations.translated`) looks its sentences up in
`generator/locale/LOCALE/LC_MESSAGES/pnpkit.po`, the standard catalogue translators' tools (Poedit,
Weblate) read.  Babel reads it: its plural forms come from the catalogue's header, which Babel writes from
CLDR's rules (French "0 page", "1 page", "2 pages"), and it writes the numbers as the language does
("63,5 mm").  The `.po` is read and compiled in memory the first time a build needs it, so there is no
`.mo` to keep in step with it.  English (`lang` None), and a language without a catalogue, print the
code's own text, byte for byte.
"""
from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path
from typing import Any

from cards.phrases import locale as _locale

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "pnpkit"


class Words:
    """A language's sentences: `gettext` and `ngettext` look a message up and fill its named fields."""

    def __init__(self, lang: str | None = None, catalogue: gettext.NullTranslations | None = None) -> None:
        self.lang = lang if catalogue is not None else None
        self._catalogue = catalogue or gettext.NullTranslations()

    def gettext(self, message: str, **fields: Any) -> str:
        """`message` in this language, its `{field}`s filled (numbers written the language's way)."""
        return self._catalogue.gettext(message).format(**self._shown(fields))

    def pgettext(self, context: str, message: str, **fields: Any) -> str:
        """`message` as said in `context` (a short word a language says two ways: French's "aucun" and "aucune")."""
        return self._catalogue.pgettext(context, message).format(**self._shown(fields))

    def ngettext(self, singular: str, plural: str, n: int, **fields: Any) -> str:
        """The plural form the language gives `n` (its `{n}` and other fields filled)."""
        return self._catalogue.ngettext(singular, plural, n).format(**self._shown({"n": n, **fields}))

    def number(self, value: float, places: int | None = None) -> str:
        """`value` as the language writes it (63.5 in English, 63,5 in French, no thousands separator), with
        `places` decimals when given."""
        if self.lang is None:
            return f"{value:g}" if places is None else f"{value:.{places}f}"
        from babel.numbers import format_decimal

        pattern = None if places is None else "0." + "0" * places if places else "0"
        return format_decimal(value, format=pattern, locale=_locale(self.lang), group_separator=False)

    def _shown(self, fields: dict[str, Any]) -> dict[str, Any]:
        return {k: self.number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
                for k, v in fields.items()}


ENGLISH = Words()


def words_of(game: Any) -> Words:
    """The words of the game's language (`game.lang`), English for a game in its own language."""
    return words(getattr(game, "lang", None) or None)


@lru_cache(maxsize=None)
def words(lang: str | None) -> Words:
    """The words of language `lang` (a code such as fr or pt-BR): its catalogue, or English without one."""
    path = catalogue_path(lang)
    if lang is None or path is None:
        return ENGLISH
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as po:
        catalog = read_po(po, locale=_locale(lang))
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Words(lang, Translations(compiled, domain=DOMAIN))


def catalogue_path(lang: str | None) -> Path | None:
    """The `.po` of `lang` (pt-BR: pt_BR's, else pt's), or None when pnpkit has none (then the kit is English)."""
    if not lang:
        return None
    locale = _locale(lang)
    if locale is None:
        return None
    for name in dict.fromkeys((str(locale), locale.language)):
        path = LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            return path
    return None
