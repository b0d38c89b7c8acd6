"""Typed schemas: the shared game file (`base`) and one module per rules family."""
from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable


def lazy_names(package: str, names: dict[str, str],
               records: Callable[[], dict[str, Any]] | None = None) -> Callable[[str], Any]:
    """A family package's module `__getattr__`: each of `names` is imported on first use from the module named
    beside it (a submodule of `package` when the name has no dot), `RECORDS` is `records()`, and each is then
    kept in the package.  A family's pydantic names come this way, so that a build printing a kept game
    (`common.kept`) never imports pydantic."""
    def __getattr__(name: str) -> Any:
        if name == "RECORDS" and records is not None:
            value = records()
        elif name in names:
            module = names[name] if "." in names[name] else f"{package}.{names[name]}"
            value = getattr(import_module(module), name)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(sys.modules[package], name, value)
        return value
    return __getattr__
