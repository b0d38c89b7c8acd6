"""The one-way layering of docs/code-map.md, checked over every import of every module, local ones included.

`common` (files, caches, terminal text, records) is the bottom layer and imports nothing else of ours;
`cards` (the definitions) stands on it; `generator` and `checker` stand on both and never on each other.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = ("common", "cards", "generator", "checker")
MAY_IMPORT = {
    "common": {"common"},
    "cards": {"common", "cards"},
    "generator": {"common", "cards", "generator"},
    "checker": {"common", "cards", "checker"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> list[tuple[int, str]]:
    """Every module `path` imports (at its top or inside a function), relative names made absolute."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.append((node.lineno, ".".join(base + ([node.module] if node.module else []))))
            else:
                found.append((node.lineno, node.module or ""))
    return found


def sources(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", OURS)
def test_each_layer_imports_only_the_layers_below_it(layer):
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {target}"
             for path in sources(layer) for line, target in imported(path)
             if target.split(".")[0] in OURS and target.split(".")[0] not in MAY_IMPORT[layer]]
    assert wrong == []


def test_the_check_sees_local_and_relative_imports(tmp_path):
    """The walk finds an import inside a function and resolves `..` against the module's package."""
    probe = ROOT / "cards" / "models" / "el_dorado_canyon" / "__init__.py"
    targets = {target for _, target in imported(probe)}
    assert "cards.models" in targets  # `from .. import lazy_names`
    local = [target for path in sources("cards") for _, target in imported(path) if target == "common.stamps"]
    assert local, "cards imports common.stamps inside functions (cards/families.py, cards/art.py)"


def test_code_map_names_the_layers_in_order():
    text = (ROOT / "docs" / "code-map.md").read_text(encoding="utf-8")
    assert "`common/`" in text and text.index("`common/`") < text.index("`cards/`")
