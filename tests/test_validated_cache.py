"""Validated definitions kept between runs (issue 14 point 4): a game validated once loads from the user
cache as the very objects validation gives, and any change, corrupt entry or bad definition is validated
again and refused with the same messages."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cards import BUILTIN, DefinitionError, compiled, load_game, loader
from common import cachefile
from conftest import edit_text


pytestmark = pytest.mark.usefixtures("settled_cache")  # a cache of the test's own, its files settled at once


@pytest.fixture
def validations(monkeypatch):
    """The folders the loader validates (rather than loads as validated before), in order."""
    seen: list[str] = []
    original = loader._validated

    def counting(game, folder, shown, reload):
        seen.append(Path(folder).name)
        return original(game, folder, shown, reload)

    monkeypatch.setattr(loader, "_validated", counting)
    return seen


def kinds_of(model: type) -> list[type]:
    """A model's plain base classes of `cards` (`common.kept`)."""
    from pydantic import BaseModel

    return [k for k in model.__mro__ if k.__module__.startswith("cards.") and not issubclass(k, BaseModel)]


def assert_same_game(kept: loader.Game, fresh: loader.Game) -> None:
    """Every part of two loads equal: each record of the same class name and kinds, repr and fields."""
    assert (kept.id, kept.name, kept.rules, kept.players, kept.folder, kept.family, kept.builtin, kept.shown,
            kept.design) == (fresh.id, fresh.name, fresh.rules, fresh.players, fresh.folder, fresh.family,
                             fresh.builtin, fresh.shown, fresh.design)
    assert [(c.file, c.table, type(c.spec).__name__, repr(c.spec)) for c in kept.components] == \
           [(c.file, c.table, type(c.spec).__name__, repr(c.spec)) for c in fresh.components]
    for ours, theirs in zip(kept.components, fresh.components, strict=True):
        assert ours.index.blocks == theirs.index.blocks and ours.index.lines == theirs.index.lines
        assert [(type(r).__name__, repr(r), r.model_dump()) for r in ours.records] == \
               [(type(r).__name__, repr(r), r.model_dump()) for r in theirs.records]
        for mine, validated in zip(ours.records, theirs.records, strict=True):  # a kept record: of its model's kinds
            assert all(isinstance(mine, kind) for kind in kinds_of(type(validated)))


@pytest.mark.parametrize("game", BUILTIN)
def test_a_game_validated_once_loads_as_validation_gives_it(game, validations):
    fresh = load_game(game)
    kept = load_game(game)
    assert validations == [Path(fresh.folder).name]  # the second load read the cache
    assert_same_game(kept, fresh)
    card = kept.components[1].records[0]
    assert kept.components[1].where(card, "name") == fresh.components[1].where(fresh.components[1].records[0], "name")


def test_an_edit_is_validated_again_and_a_bad_one_refused_as_without_the_cache(game_copy, validations, tmp_path,
                                                                                 monkeypatch):
    folder = game_copy("el-dorado-canyon")
    load_game(str(folder))
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    edited = load_game(str(folder))
    assert "Dynamite Crate" in [r.name for r in edited.records("town")]
    edit_text(folder / "town.toml", "cost = ", "cost = -")
    with pytest.raises(DefinitionError) as cached:
        load_game(str(folder))
    with pytest.raises(DefinitionError) as again:  # a game with a problem is never kept: refused every time
        load_game(str(folder))
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "empty"))
    with pytest.raises(DefinitionError) as uncached:
        load_game(str(folder))
    assert str(cached.value) == str(again.value) == str(uncached.value)
    assert validations == ["el-dorado-canyon"] * 5


def test_the_kept_games_are_trimmed_to_the_newest_as_edits_file_new_ones(game_copy, validations, monkeypatch):
    monkeypatch.setattr(cachefile, "FOLDER_ENTRIES", 2)
    folder = game_copy("el-dorado-canyon")
    kept = Path(os.environ["PNPKIT_CACHE"]) / "validated"
    for n in range(4):  # each edit is another state of the folder: one more entry, the oldest trimmed
        edit_text(folder / "town.toml", 'name = "', f'name = "{n}')
        load_game(str(folder))
        for age, entry in enumerate(sorted(kept.glob("*.marshal"), key=lambda p: p.stat().st_mtime_ns)):
            os.utime(entry, ns=(age, age))  # written one after the other, whatever the clock's tick
        assert len(list(kept.glob("*.marshal"))) == min(n + 1, 2)
    validations.clear()
    assert load_game(str(folder)).records("town")[0].name.startswith("3210")  # the newest kept: not validated
    assert validations == []
    monkeypatch.setattr(cachefile, "FOLDER_BYTES", 1)  # over the bytes allowed: all but the entry just written go
    edit_text(folder / "town.toml", 'name = "', 'name = "4')
    load_game(str(folder))
    assert len(list(kept.glob("*.marshal"))) == 1


def test_a_corrupt_or_foreign_entry_is_validated_again(validations):
    fresh = load_game("eldorado")
    entries = list((Path(os.environ["PNPKIT_CACHE"]) / "validated").glob("*.marshal"))
    assert len(entries) == 1
    good = entries[0].read_bytes()
    head, _, body = good.partition(b"\n")
    for broken in (good[:-30], head + b"\n" + body.replace(b"cards.models.", b"cards.modelz.", 1),
                   good.replace(b"validated", b"compiled", 1)):
        entries[0].write_bytes(broken)
        validations.clear()
        assert_same_game(load_game("eldorado"), fresh)
        assert validations == ["eldorado"]
    validations.clear()
    load_game("eldorado")
    assert validations == []  # written whole again


def test_an_entry_naming_anything_but_a_model_of_cards_is_not_trusted():
    value = {"model": "os:system", "set": [], "values": {}}
    with pytest.raises(ValueError):
        compiled.built(value)
    for kinds in (["os:system"], ["cards.models.base:Component"], ["common.files:read_bytes"]):  # a kind: a plain class
        with pytest.raises(ValueError):
            compiled.built(value, {"os:system": kinds})
    assert compiled.dumped([{"a": 1}, ("a", "tuple")]) is None  # a tuple would come back a list: not kept


def test_a_game_with_a_design_of_its_own_is_always_validated(tmp_path, validations):
    from generator.new import new_game

    folder = tmp_path / "mine"
    new_game(folder)  # a designer's starter folder: its own records, layouts, icons and art
    validations.clear()
    load_game(str(folder))
    load_game(str(folder))
    assert validations == ["mine", "mine"]


@pytest.fixture
def parsed(monkeypatch):
    """The names of the files the loader parses whole (`tomllib` over all of it), in order."""
    from cards import tomlsource

    seen: list[str] = []
    original = tomlsource.parse_toml

    def counting(text, shown):
        seen.append(Path(shown).name)
        return original(text, shown)

    monkeypatch.setattr(tomlsource, "parse_toml", counting)
    monkeypatch.setattr(loader, "parse_toml", counting)
    return seen


def _fresh(folder: Path, tmp_path: Path, monkeypatch) -> loader.Game:
    """The game as a load with an empty cache gives it."""
    with monkeypatch.context() as m:
        m.setenv("PNPKIT_CACHE", str(tmp_path / "empty"))
        return load_game(str(folder))


def test_a_load_after_a_one_card_edit_parses_that_table_only_and_equals_a_fresh_load(game_copy, parsed, tmp_path,
                                                                                       monkeypatch):
    folder = game_copy("el-dorado-canyon")
    load_game(str(folder))
    assert "town.toml" in parsed
    parsed.clear()
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    edited = load_game(str(folder))  # in a new process, as in this one: the texts come from the user cache
    assert "town.toml" not in parsed
    assert_same_game(edited, _fresh(folder, tmp_path, monkeypatch))
    edit_text(folder / "town.toml", "[[cards]]", "[[cards]]\n[[cards]]")  # a table added: parsed whole
    with pytest.raises(DefinitionError) as cached:
        load_game(str(folder))
    assert "town.toml" in parsed
    with monkeypatch.context() as m:
        m.setenv("PNPKIT_CACHE", str(tmp_path / "empty"))
        with pytest.raises(DefinitionError) as uncached:
            load_game(str(folder))
    assert str(cached.value) == str(uncached.value)


def test_a_corrupt_or_foreign_entry_of_parsed_texts_is_parsed_afresh(game_copy, parsed, tmp_path, monkeypatch):
    folder = game_copy("el-dorado-canyon")
    load_game(str(folder))
    entries = list((Path(os.environ["PNPKIT_CACHE"]) / "lastload").glob("*.marshal"))
    assert len(entries) == 1
    good = entries[0].read_bytes()
    name = good.partition(b"\n")[0].decode().split('"entry": "')[1].split('"')[0]
    other = cachefile.pack_bytes(name.replace(str(folder), "/elsewhere"), cachefile.unpack_bytes(name, good))
    for n, broken in enumerate((good[:-30], good.replace(b"Dynamite", b"Dynamitf"), other)):
        entries[0].write_bytes(broken)  # cut short, changed under its check, another folder's
        parsed.clear()
        edit_text(folder / "town.toml", 'name = "', f'name = "{n}')
        edited = load_game(str(folder))
        assert "town.toml" in parsed  # nothing of the entry trusted
        assert_same_game(edited, _fresh(folder, tmp_path, monkeypatch))


@pytest.fixture
def checked(monkeypatch):
    """The ids of the records the family's checks ran on (`loader._record_problems`), in order."""
    seen: list[str] = []
    original = loader._record_problems

    def counting(family, rec, *args):
        seen.append(rec.id)
        return original(family, rec, *args)

    monkeypatch.setattr(loader, "_record_problems", counting)
    return seen


def test_after_a_one_card_edit_only_the_edited_record_is_checked_and_the_game_equals_a_fresh_load(
        game_copy, checked, tmp_path, monkeypatch):
    folder = game_copy("el-dorado-canyon")
    first = load_game(str(folder))
    everyone = [r.id for r in first.records()]
    assert sorted(checked) == sorted(everyone)
    checked.clear()
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    edited = load_game(str(folder))  # a new Reload, as in a new process: resumed from the user cache
    assert checked == ["dynamite"]
    assert_same_game(edited, _fresh(folder, tmp_path, monkeypatch))


@pytest.mark.parametrize("change", ["another file", "game.toml", "the code"])
def test_every_record_is_checked_again_when_the_folder_game_toml_or_the_code_changed(game_copy, checked, change,
                                                                                     monkeypatch):
    folder = game_copy("el-dorado-canyon")
    everyone = [r.id for r in load_game(str(folder)).records()]
    checked.clear()
    edit_text(folder / "town.toml", 'name = "Dynamite"', 'name = "Dynamite Crate"')
    if change == "another file":
        (folder / "notes.txt").write_text("art to draw\n")  # the loader may read any file of the folder
    elif change == "game.toml":
        edit_text(folder / "game.toml", 'name = "', 'name = "The ')
    else:
        code = compiled.code_key()
        monkeypatch.setattr(compiled, "code_key", lambda: f"other-{code}")
    load_game(str(folder))
    assert sorted(checked) == sorted(everyone)


def test_a_bad_edit_is_refused_as_without_the_cache(game_copy, checked, tmp_path, monkeypatch):
    folder = game_copy("el-dorado-canyon")
    load_game(str(folder))
    edit_text(folder / "town.toml", 'arrow = "right"\neffects = [{ effect = "attack", damage = 2',
              'arrow = "none"\neffects = [{ effect = "attack", damage = 2')  # the card's own check fails
    assert "expected left, right or either for attack, got 'none'" in _refused_as_without_cache(folder, tmp_path,
                                                                                             monkeypatch)


def test_a_file_two_components_print_is_checked_for_each_as_without_the_cache(game_copy, tmp_path, monkeypatch):
    folder = game_copy("el-dorado-canyon")
    edit_text(folder / "game.toml", '[[components]]\nid = "town"',
              '[[components]]\nid = "town-again"\nname = "Town deck again"\nkind = "card"\nschema = "town"\n'
              'file = "town.toml"\nsize = "poker"\nback = "town"\n\n[[components]]\nid = "town"')
    load_game(str(folder))
    edit_text(folder / "town.toml", 'arrow = "right"\neffects = [{ effect = "attack", damage = 2',
              'arrow = "none"\neffects = [{ effect = "attack", damage = 2')
    message = _refused_as_without_cache(folder, tmp_path, monkeypatch)
    assert message.count("expected left, right or either for attack, got 'none'") == 2


def _refused_as_without_cache(folder, tmp_path, monkeypatch) -> str:
    """The message refusing `folder` after the edit, checked equal to an empty cache's."""
    with pytest.raises(DefinitionError) as cached:
        load_game(str(folder))
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "empty"))
    with pytest.raises(DefinitionError) as uncached:
        load_game(str(folder))
    assert str(cached.value) == str(uncached.value)
    return str(cached.value)
