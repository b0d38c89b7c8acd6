"""A kept game's records without pydantic (issue 14, `common.kept`): a warm build imports no pydantic, each kept
record does what its validated model does, and a build from it writes the bytes and reuses the faces of a
build from a validated load."""
from __future__ import annotations

import importlib
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cards.models.el_dorado_canyon as edc
import cards.models.eternal_gold_and_steel as gold_and_steel
from cards import BUILTIN, load_game
from cards.families import FAMILIES
from common.kept import Kept, record_repr
from generator.engine.build import build_game
from generator.engine.sheet import Options
from test_validated_cache import assert_same_game, kinds_of

ROOT = Path(__file__).resolve().parent.parent
# the families with a rules engine each keep their records' kinds in a `kinds` module beside their schema
RULED = [fam for fam in FAMILIES.values() if fam.engine is not None]
KINDS = ["cards.effects", "cards.models.kinds", *(f"{fam.schema}.kinds" for fam in RULED)]


pytestmark = pytest.mark.usefixtures("settled_cache")


def pairs(kept: object, validated: object) -> list[tuple[object, object]]:
    """(kept, validated) for two equal values and every record nested in them."""
    found = []
    if isinstance(validated, list):
        assert isinstance(kept, list) and len(kept) == len(validated)
        for a, b in zip(kept, validated):
            found += pairs(a, b)
    elif hasattr(type(validated), "model_fields"):
        assert isinstance(kept, Kept)
        found.append((kept, validated))
        for name in type(validated).model_fields:
            found += pairs(getattr(kept, name), getattr(validated, name))
    return found


def behaviour(record: object, kinds: list[type]) -> dict[str, object]:
    """What `kinds` give `record`: each property, constant and method callable without arguments, by name."""
    out: dict[str, object] = {}
    for kind in kinds:
        for name, attr in vars(kind).items():
            if name.startswith("_") or name in out:
                continue
            if callable(attr) and not isinstance(attr, type):
                params = list(inspect.signature(attr).parameters.values())[1:]
                if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
                    out[name] = getattr(record, name)()
            else:
                out[name] = getattr(record, name)
    return out


@pytest.mark.parametrize("family", RULED, ids=[fam.name for fam in RULED])
def test_a_family_its_kinds_and_its_templates_import_without_pydantic(family):
    probe = (f"import sys, {family.schema}, {family.schema}.kinds, {family.looks}; "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core')))")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == "[]"


def test_every_kind_is_slotted_gives_its_model_no_field_and_comes_first_among_its_bases():
    """A kind's annotation would be a field of its model to pydantic, changing its fields and repr."""
    from pydantic import BaseModel

    kinds = [k for name in KINDS for k in vars(importlib.import_module(name)).values()
             if isinstance(k, type) and k.__module__ == name and not issubclass(k, Exception)]
    assert len(kinds) > 50
    for kind in kinds:
        assert vars(kind).get("__slots__") == () and not vars(kind).get("__annotations__"), kind
    for fam in RULED:
        fam.schema_module().RECORDS  # the models, imported on first use
    models, todo = set(), [BaseModel]
    while todo:
        for model in todo.pop().__subclasses__():
            todo.append(model)
            models.add(model)
    with_kinds = [m for m in models if any(b in kinds for b in m.__bases__)]
    assert len(with_kinds) > 40
    assert all(m.__bases__[0] in kinds and m.__bases__[0].__name__ == m.__name__ for m in with_kinds)
    modelled = {m.__bases__[0] for m in with_kinds}  # every kind has its model, but the effects' bases and Printed (an option's and an ability's text)
    assert {k.__name__ for k in kinds if k not in modelled} == {"Effect", "Edc", "Worded", "Printed", "EternalEffect"}
    # a family's package names the kind, what `isinstance` on a kept record needs
    assert gold_and_steel.MarketCard in kinds and gold_and_steel.Throne in kinds and edc.Option in kinds


@pytest.mark.parametrize("game", BUILTIN)
def test_record_repr_writes_pydantics_repr_of_a_model_and_a_kept_record(game):
    validated = load_game(game)
    kept = load_game(game)
    for ours, theirs in zip(kept.components, validated.components, strict=True):
        for value in (theirs.spec, theirs.records, ours.spec, ours.records, {"a": theirs.records[:2]}):
            assert record_repr(value) == repr(value)
        assert record_repr(ours.records) == record_repr(theirs.records)


@pytest.mark.parametrize("game", BUILTIN)
def test_each_kept_record_does_what_its_validated_model_does(game):
    validated = load_game(game)
    kept = load_game(game)
    assert_same_game(kept, validated)
    checked = 0
    for ours, theirs in zip(kept.components, validated.components, strict=True):
        for a, b in pairs([ours.spec, *ours.records], [theirs.spec, *theirs.records]):
            kinds = kinds_of(type(b))  # (compared by repr: a kept record never equals a validated one)
            assert repr(behaviour(a, kinds)) == repr(behaviour(b, kinds))
            assert [k for k, _ in a] == [k for k, _ in b] and a.model_dump() == b.model_dump()
            assert a.model_dump(exclude={"id", "name"}) == b.model_dump(exclude={"id", "name"})
            checked += bool(kinds_of(type(b)))
    assert checked > 20  # records and effects with kinds: printed texts, phrases, sizes
    record = kept.components[0].spec  # (a spec holds no list: hashable as its model is)
    again = load_game(game).components[0].spec
    assert again == record and hash(again) == hash(record) and again is not record
    assert record != validated.components[0].spec  # a kept record equals kept records only
    with pytest.raises(TypeError, match="frozen"):
        record.name = "Changed"


def test_a_warm_build_imports_no_pydantic_and_writes_the_bytes_of_a_validated_one(tmp_path):
    env = {**os.environ, "PNPKIT_CACHE": str(tmp_path / "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run = [sys.executable, "-c", "import sys; from pathlib import Path; from generator import buildrun; "
           "buildrun.build([], buildrun.options('a4', 'long', '0,0', False, False, 3.0, False, False), "
           "Path(sys.argv[1]), None, True); "
           "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core')))"]
    first = subprocess.run([*run, str(tmp_path / "first")], env=env, capture_output=True, text=True, check=True)
    warm = subprocess.run([*run, str(tmp_path / "warm")], env=env, capture_output=True, text=True, check=True)
    assert "'pydantic'" in first.stdout.splitlines()[-1]  # the first load validates
    assert warm.stdout.splitlines()[-1] == "[]"
    written = sorted(p.name for p in (tmp_path / "first").iterdir())
    assert {f"{game}-a4.{kind}" for game in BUILTIN for kind in ("pdf", "json")} <= set(written)
    assert written == sorted(p.name for p in (tmp_path / "warm").iterdir())
    for name in written:
        assert (tmp_path / "first" / name).read_bytes() == (tmp_path / "warm" / name).read_bytes(), name


@pytest.mark.parametrize("game", BUILTIN)
def test_a_build_from_a_kept_game_replays_the_faces_a_validated_load_drew(tmp_path, game):
    first = build_game(load_game(game), Options(), tmp_path / "first", cache_root=tmp_path / "faces")
    again = build_game(load_game(game), Options(), tmp_path / "again", cache_root=tmp_path / "faces")
    assert first.drawn > 0 and again.drawn == 0  # a kept record's repr is its model's: the faces' keys hold
    manifest = json.loads((tmp_path / "again" / f"{game}-a4.json").read_text())
    assert manifest["files"] == json.loads((tmp_path / "first" / f"{game}-a4.json").read_text())["files"]
