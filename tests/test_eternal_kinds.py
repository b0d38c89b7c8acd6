"""Gold and Steel prints without pydantic (issue 14, `cards.kept`): its schema package, its kinds and its
templates import none, so a build from a kept game does not pay for it."""
from __future__ import annotations

import subprocess
import sys

import cards.models.eternal_gold_and_steel as family
from cards.models.eternal_gold_and_steel import abilities, effects, kinds, records


def test_the_family_package_its_kinds_and_its_templates_import_no_pydantic():
    probe = ("import sys, cards.models.eternal_gold_and_steel, cards.models.eternal_gold_and_steel.kinds, "
             "cards.models.eternal_gold_and_steel.terms, generator.templates.eternal_gold_and_steel; "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core')))")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == "[]"


def test_each_model_with_a_kind_subclasses_it_first_and_the_package_names_the_kind():
    own = [k for k in vars(kinds).values() if isinstance(k, type) and k.__module__ == kinds.__name__]
    models = {getattr(m, k.__name__) for k in own for m in (effects, abilities, records) if hasattr(m, k.__name__)}
    assert {k.__name__ for k in own} - {m.__name__ for m in models} == {"EternalEffect"}  # the effects' base only
    assert all(model.__bases__[0] is getattr(kinds, model.__name__) for model in models)
    assert family.MarketCard is kinds.MarketCard and family.Throne is kinds.Throne
