"""Phrase tables (issue 36 point 2): a family's engine-written text per language, `cards/phrases.py`.

The plural variant is the language's CLDR category (through Babel): French singular at 0 and 1, English at 1
only; a table's problems are errors at its file and line, naming the key and what was expected."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import DefinitionError, phrases
from common import cachefile
from cards.models.el_dorado_canyon import kinds, schema
from cards.models.eternal_gold_and_steel import effects as egs
from cards.models.eldorado import words as eldorado
from cards.models.eternal_gold_and_steel import words as gold_and_steel

TABLES = kinds.SPEC.folder


@pytest.mark.parametrize("lang, forms", [
    ("fr", ["bloquez 0 :damage: dégât", "bloquez 1 :damage: dégât", "bloquez 2 :damage: dégâts"]),
    ("en", ["block 0 :damage: damage", "block 1 :damage: damage", "block 2 :damage: damage"]),
])
def test_a_plural_variant_is_the_languages_cldr_category(lang, forms):
    said = kinds.words(lang)
    assert [said("effects.block", damage=n).removesuffix(" de chaque attaquant").removesuffix(" from each attacker")
            for n in (0, 1, 2)] == forms
    assert [said.category(n) for n in (0, 1, 2)] == (["one", "one", "other"] if lang == "fr" else
                                                     ["other", "one", "other"])


@pytest.mark.parametrize("lang", ["en", "fr", "pl", "ar", "pt_PT"])
def test_a_kept_plural_rule_chooses_as_babels_own(own_cache, lang):
    from babel import Locale

    babels = Locale.parse(lang).plural_form
    phrases.plural_rule.cache_clear()  # (a process asks the cache once a language)
    first = phrases.plural_rule(lang)  # read from Babel's locale data, and filed
    (entry,) = (own_cache / "plurals").iterdir()
    phrases.plural_rule.cache_clear()
    kept = phrases.plural_rule(lang)  # built again from the filed rule
    numbers = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 1000000]
    assert [kept(n) for n in numbers] == [first(n) for n in numbers] == [babels(n) for n in numbers]
    assert phrases.categories(lang) == set(babels.tags) | {"other"}
    entry.write_bytes(entry.read_bytes().replace(b"one", b"two"))  # a torn entry: a miss, Babel's rule again
    phrases.plural_rule.cache_clear()
    assert [phrases.plural_rule(lang)(n) for n in numbers] == [babels(n) for n in numbers]
    assert phrases.plural_rule("xx-nowhere") is None


def test_an_effect_says_its_plurals_in_its_language():
    ammo = [schema.GainAmmo(effect="gain_ammo", amount=n) for n in (1, 2)]
    assert [a.phrase(lang="fr") for a in ammo] == ["gagnez 1 :ammo: munition", "gagnez 2 :ammo: munitions"]
    assert [a.phrase() for a in ammo] == ["gain 1 :ammo: ammo", "gain 2 :ammo: ammo"]
    shot = schema.Attack(effect="attack", damage=1, ammo=2, infamy=0)
    assert shot.phrase("left", lang="fr") == ("attaquez le personnage à votre gauche, perdez 2 :ammo: munitions, "
                                              "infligez 1 :damage: dégât")
    assert shot.phrase("left") == "attack the character to your left, lose 2 :ammo: ammo, do 1 :damage: damage"


def test_lists_join_as_the_language_joins_them():
    assert kinds.words("fr").join(["a", "b", "c"]) == "a, b et c"
    assert kinds.words("en").join(["a", "", "b", "c"]) == "a, b and c"
    assert kinds.words("en").join(["a"]) == "a"


def test_every_key_names_only_placeholders_its_effect_has():
    """The spec's placeholders of an effect are its model's parameters (and {whom} for an aimed one)."""
    for key, names in kinds.SPEC.keys.items():
        if key.startswith("effects."):
            name = key.split(".")[1]
            model = schema.VOCABULARY[name]
            allowed = set(model.model_fields) - {"effect"} | ({"whom"} if model.aimed else set()) | {"gains", "way"}
            assert names <= allowed, key
    assert {key.split(".")[1] for key in kinds.SPEC.keys if key.startswith("effects.")} == set(schema.VOCABULARY)


@pytest.fixture
def broken(tmp_path) -> tuple[phrases.Spec, Path]:
    """A copy of the French table, under a spec of the family's keys, for a test to break."""
    shutil.copy(TABLES / "fr.toml", tmp_path / "fr.toml")
    return phrases.Spec(tmp_path, {key: tuple(names) for key, names in kinds.SPEC.keys.items()}), tmp_path / "fr.toml"


def problems(spec: phrases.Spec, path: Path, lang: str = "fr") -> list[str]:
    with pytest.raises(DefinitionError) as info:
        phrases.read(spec, path, lang)
    return str(info.value).splitlines()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_shipped_tables_are_sound():
    for spec in (kinds.SPEC, gold_and_steel.SPEC, eldorado.SPEC):
        for lang in spec.languages():
            assert phrases.read(spec, spec.folder / f"{lang}.toml", lang).lang == lang
    assert gold_and_steel.SPEC.languages() == eldorado.SPEC.languages() == ["en"]


def test_a_sound_table_is_read_again_from_its_checked_entries_and_an_edited_one_checked_again(
        own_cache, broken, monkeypatch):
    spec, path = broken
    first = phrases.read(spec, path, "fr")
    (entry,) = (own_cache / "phrases").iterdir()
    with monkeypatch.context() as patched:  # read again: neither parsed nor checked
        patched.setattr(phrases, "parse_toml", lambda *a: pytest.fail("parsed again"))
        again = phrases.read(spec, path, "fr")
    assert again.entries == first.entries and again("effects.steal", gold=2, whom="x") == first(
        "effects.steal", gold=2, whom="x")
    edit(path, "volez {gold}", "volez {or}")  # another text: checked, refused, and nothing kept for it
    assert problems(spec, path) == [f"{path}:19: effects.steal: unknown placeholder {{or}}: expected placeholders "
                                    "{gold}, {whom}"]
    assert list((own_cache / "phrases").iterdir()) == [entry]
    edit(path, "volez {or}", "volez {gold}")
    forged = dict(first.entries, **{"effects.gain_ammo": ("amount", {"few": "x", "other": "y"})})
    cachefile.store_data(entry, phrases._kept_at(spec, path.read_text(), "fr")[1], forged)
    assert phrases.read(spec, path, "fr").entries == first.entries  # a category French lacks: checked again


def test_gold_and_steel_counts_its_cards_in_english():
    draws = [egs.Draw(effect="draw", count=n).phrase() for n in (1, 2)]
    assert draws == ["draw a card", "draw 2 cards"]


@pytest.mark.parametrize("old, new, said", [
    ('pay_gold = "défaussez {amount} :gold: or"\n', "",  # a missing key: at its table's line
     "18: missing phrase 'effects.pay_gold': expected a text with placeholders {amount}"),
    ("[marks]\n", '[marks]\nuse_once = "UNE FOIS"\n',  # a stray key: the keys of its table
     "83: marks.use_once: unknown phrase: expected one of the keys of the family's table (marks.event, "
     "marks.give-to-attacked-player, marks.once-per-character, marks.or, marks.use-once)"),
    ("volez {gold}", "volez {or}", "19: effects.steal: unknown placeholder {or}: expected placeholders {gold}, {whom}"),
    ("volez {gold}", "volez {gold.__class__}",  # only plain names: a template never reaches an attribute
     "19: effects.steal: unknown placeholder {gold.__class__}: expected placeholders {gold}, {whom}"),
    ("volez {gold}", "volez {gold:>99}", "19: effects.steal: unknown placeholder {gold:>99}: expected placeholders "
     "{gold}, {whom}"),
    ('one = "gagnez {amount} :ammo: munition"', 'few = "gagnez {amount} :ammo: munition"',  # not a French category
     "25: effects.gain_ammo: expected plural variants among the CLDR categories of fr (many, one, other; 'other' "
     "always), got 'few'"),
    ('gain_ammo = { count = "amount"', 'gain_ammo = { count = "gold"',
     "25: effects.gain_ammo: expected count = the placeholder choosing the plural variant (placeholders {amount}), "
     "got 'gold'"),
    (', other = "gagnez {amount} :ammo: munitions" }', " }",  # every language has 'other'
     "25: effects.gain_ammo: expected plural variants among the CLDR categories of fr (many, one, other; 'other' "
     "always), 'other' is missing"),
])
def test_a_broken_table_is_an_error_at_its_line(broken, old, new, said):
    spec, path = broken
    edit(path, old, new)
    assert problems(spec, path) == [f"{path}:{said}"]


def test_a_language_without_a_table_lists_the_ones_there_are():
    with pytest.raises(DefinitionError) as info:
        kinds.words("de")
    assert str(info.value) == ("cards/models/el_dorado_canyon/phrases/de.toml: no phrase table for language 'de': "
                               "expected one of en, fr")


def copied(spec: phrases.Spec, tmp_path: Path) -> tuple[phrases.Spec, Path]:
    """A family's English table in tmp_path, under a spec of the family's keys, for a test to break."""
    shutil.copy(spec.folder / "en.toml", tmp_path / "en.toml")
    return phrases.Spec(tmp_path, {key: tuple(names) for key, names in spec.keys.items()}), tmp_path / "en.toml"


@pytest.mark.parametrize("family, old, new, said", [
    (eldorado.SPEC, 'stay = "stay aboard"\n', "",  # a word a look prints, missing: at its table's line
     "20: missing phrase 'hold.stay': expected a text with no placeholders"),
    (eldorado.SPEC, "[hold.items]", "[hold.items]\nhorse = \"horses\"",  # not a thing of the common pile
     "27: hold.items.horse: unknown phrase: expected one of the keys of the family's table (hold.items.barrel, "
     "hold.items.cannon, hold.items.musket, hold.items.soldier, hold.items.treasure)"),
    (eldorado.SPEC, 'port = "from {port}"', 'port = "from {harbour}"',
     "37: standee.port: unknown placeholder {harbour}: expected placeholders {port}"),
    (gold_and_steel.SPEC, 'glue = "glue"\n', "",
     "93: missing phrase 'tray.glue': expected a text with no placeholders"),
    (gold_and_steel.SPEC, "[types]", '[types]\nartifact = "Artifact"',  # not a card type
     "71: types.artifact: unknown phrase: expected one of the keys of the family's table (types.power, "
     "types.provisional, types.spell, types.unit, types.weapon)"),
    (gold_and_steel.SPEC, '"{type} - provisional base set"', '"{kind} - provisional base set"',
     "75: types.provisional: unknown placeholder {kind}: expected placeholders {type}"),
])
def test_a_looks_table_is_checked_against_its_spec(tmp_path, family, old, new, said):
    spec, path = copied(family, tmp_path)
    edit(path, old, new)
    assert problems(spec, path, "en") == [f"{path}:{said}"]
