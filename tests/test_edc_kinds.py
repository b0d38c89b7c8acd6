"""El Dorado Canyon's kinds: what a kept game's records do, without pydantic (cards.kept)."""
from __future__ import annotations

import inspect
import subprocess
import sys


from cards.models.el_dorado_canyon import kinds, schema


def _imports_pydantic(*modules: str) -> bool:
    probe = f"import sys, {', '.join(modules)}; print('pydantic' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout.split() == ["True"]


def test_the_family_package_and_its_kinds_import_without_pydantic():
    assert not _imports_pydantic("cards.models.el_dorado_canyon", "cards.models.el_dorado_canyon.kinds")


def test_the_templates_import_without_pydantic():
    assert not _imports_pydantic("generator.templates.el_dorado_canyon")


def test_every_kind_is_slotted_and_gives_its_model_no_field():
    """A kind's annotation would be a field of its model to pydantic, changing its fields and repr."""
    for name, kind in inspect.getmembers(kinds, inspect.isclass):
        if kind.__module__ == kinds.__name__:
            assert vars(kind).get("__slots__") == (), name
            assert not vars(kind).get("__annotations__"), name
            model = getattr(schema, name, None)  # Edc and Worded have none: only concrete effects are models
            assert model is None or model.__bases__[0] is kind, f"schema.{name} must subclass its kind first"
