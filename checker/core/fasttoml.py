"""A state file's TOML read without importing `tomllib`, where the result is known to be the same.

Importing `tomllib` (with `re`, `enum`, `typing`, `datetime`, `string` and its compiled
patterns) cost a `checker resolve` more than the whole resolve (docs/performance.md). toml-rs
parses TOML in Rust; its package imports `typing` and `pathlib`, so its extension module is
loaded alone (`toml-rs` is pinned in pyproject.toml: `_loads` is that module's own name).

`loads` answers only where it agrees with `tomllib`: TOML 1.0 (`tomllib`'s version; toml-rs
reads 1.1 by default), no byte-order mark (toml-rs skips one, `tomllib` refuses it), at
most `BRACKETS` brackets and braces, so the nesting stays well inside what `tomllib` reads
before a RecursionError (toml-rs, in Rust, has no such limit: thousands of levels overflow
its stack), and no longer than Python's limit on an integer's digits (toml-rs reads a
longer one, where `tomllib` raises ValueError). Anything else, and any failure, is None: the caller parses with `tomllib`, which
decides, and words, every refusal exactly as before. tests/test_fasttoml.py compares both on
every TOML file of the project, on the toml-test suite's cases and on mutated documents.
"""
from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

BRACKETS = 128  # "[" and "{" in the whole text: tomllib reads 340 nested inline tables, 500 arrays
_MODULE = "toml_rs._toml_rs"
_loads: Callable[..., Any] | None = None
_tried = False


def loads(text: str) -> dict[str, Any] | None:
    """The table `tomllib.loads(text)` gives, or None when only `tomllib` can tell (it then parses or refuses)."""
    digits = sys.get_int_max_str_digits()
    if text.startswith("\ufeff") or text.count("[") + text.count("{") > BRACKETS or (digits and len(text) > digits):
        return None
    parse = _parser()
    if parse is None:
        return None
    try:
        result = parse(text, parse_float=float, toml_version="1.0.0")
    except Exception:  # any refusal or fault: tomllib gives today's message (or, where it reads it, the value)
        return None
    return result if type(result) is dict else None


def _parser() -> Callable[..., Any] | None:
    """toml-rs's parsing function, its extension module loaded without its package; None where missing."""
    global _loads, _tried
    if not _tried:
        _tried = True
        try:
            module = sys.modules.get(_MODULE) or _load_extension()
            _loads = getattr(module, "_loads", None)
        except Exception:  # not installed, another build, another layout: tomllib reads every state
            _loads = None
    return _loads


def _load_extension() -> Any:
    # importlib.machinery's PathFinder, as the import system holds it (importing importlib brings `warnings`)
    finder: Any = next(f for f in sys.meta_path if getattr(f, "__name__", "") == "PathFinder")
    package = finder.find_spec("toml_rs")
    if package is None or not package.submodule_search_locations:
        return None
    spec = finder.find_spec(_MODULE, package.submodule_search_locations)
    if spec is None or spec.loader is None:
        return None
    module = spec.loader.create_module(spec)
    if module is None:
        return None
    spec.loader.exec_module(module)
    sys.modules[_MODULE] = module  # the package, if ever imported, finds this one (an extension loads once)
    return module
