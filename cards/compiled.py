"""Validated definitions kept between runs: a build loads a game it validated before without validating it again.

Validating a game's records (pydantic, and building each model's validator on first use)
cost a build more than reading them; what it yields depends only on `game.toml`, the
component files it names, the code of `cards` and pydantic's version.  So a game that
loaded without a problem is filed in the user cache as plain data (marshal, never pickle), each
record as its class (by module and name: `cards.models` only), the fields it was given and
their values, under the SHA-256 of those files and sources (`content_key`, shared with
`checker.core.gamecache`); that digest is remembered against the files' stamps
(`common.stamps`), so a warm run stats them and reads one entry.  Any change is a miss, and
the game is validated again: a game with a problem is never filed, so it is refused with
the same messages every time.

A kept game's records come back without pydantic (`built` with the entry's `kinds`): each as a
plain record of its model's kinds (`common.kept`), so a warm build neither imports pydantic nor
creates the model classes.  The game.toml spec `cards.lastload` files comes back as its model
(`built` without kinds): the load after an edit that reads it validates anyway.

Only what comes back exactly is filed (`dumped` returns None otherwise): records of
strings, numbers, booleans, None, lists, string-keyed tables and models without extras;
games without a design of their own (fonts, icons, layouts, art: files the loader checks
as it validates, outside the key) and without spreadsheets (the loader decides, `_keep`).
Entries are checked by `common.cachefile`: a corrupt or foreign one is a miss, never trusted.
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any, Callable

from common import cachefile
from common.files import FileRefused, read_bytes
from common.kept import kept_class, make
from common.stamps import Stamps, recall, remember
from common.usercache import cache_dir

FORMAT = 2  # 2: marshal, not JSON
CARDS = Path(__file__).resolve().parent
_MODELS = "cards.models."
_PLAIN = (str, int, float, bool, type(None))


Code = Callable[[dict[str, Any]], "list[tuple[Path, bool]] | None"]


def content_key(folder: Path, code: Code) -> tuple[dict[str, Any], str, Stamps] | None:
    """(game.toml's data, the SHA-256 of game.toml, the files it names and the `.py` files under each root
    `code(game.toml's data)` gives (with its subfolders when its flag is set), the stamps of all it read);
    None when `code` gives None or only a full load can tell (the loader then says what is wrong)."""
    import hashlib  # only when something changed: OpenSSL's start-up is a warm run's cost otherwise
    import tomllib  # the same: its parser's regular expressions cost a warm run ~15 ms

    stamps = Stamps()
    try:
        stamps.add(folder)
        stamps.add(folder / "game.toml")
        game_toml = read_bytes(folder / "game.toml", inside=folder)
        declared = tomllib.loads(game_toml.decode("utf-8"))
        roots = code(declared)
        if roots is None:
            return None
        digest = hashlib.sha256(b"game.toml\0" + game_toml + b"\0")
        for component in declared.get("components", []):
            name = component["file"]
            stamps.add(folder / name)
            digest.update(name.encode() + b"\0" + read_bytes(folder / name, inside=folder) + b"\0")
        _add_sources(digest, roots, stamps)
    except (OSError, FileRefused, ValueError, RecursionError, KeyError, TypeError, AttributeError, ImportError):
        return None
    return declared, digest.hexdigest(), stamps


def _add_sources(digest: Any, roots: list[tuple[Path, bool]], stamps: Stamps) -> None:
    """Hash into `digest` each `.py` file under the roots (below them too when a root's flag is set): its path and
    its bytes."""
    for root, recursive in roots:
        for path in sources(root, stamps, recursive):
            digest.update(str(path.relative_to(path.anchor)).encode() + b"\0" + path.read_bytes() + b"\0")


def sources(root: Path, stamps: Stamps, recursive: bool = False) -> list[Path]:
    """The `.py` files (and phrase tables) of `root` (and below, when `recursive`) in a stable order, stamping them
    and their folders; `root` itself when it is a file."""
    if root.suffix == ".py":
        stamps.add(root)
        return [root]
    found: list[Path] = []
    for here, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f != "__pycache__") if recursive else []
        stamps.add(here)
        for name in files:  # a family's phrase tables are code too: they word its records (`cards.phrases`)
            if name.endswith(".py") or (name.endswith(".toml") and os.path.basename(here) == "phrases"):
                stamps.add(os.path.join(here, name))
                found.append(Path(here, name))
    return sorted(found)


Entry = tuple[Path, str]


def entry(folder: Path) -> Entry | None:
    """Where the validated game of `folder` as it is now is filed, and the entry's name; None when the folder cannot
    be read.  Taken before a load reads the files, and used to file what it validated (`keep_game`): one digest a load."""
    ident = f"{os.path.abspath(folder)}\0{__file__}"
    digest = recall("validated", ident)
    if not isinstance(digest, str):
        key = content_key(folder, lambda declared: _code())
        if key is None:
            return None
        _, digest, stamps = key
        remember("validated", ident, digest, stamps)
    return cache_dir() / "validated" / f"{digest}.marshal", f"validated {FORMAT} {digest}"


def _code() -> list[tuple[Path, bool]]:
    """What validating a row depends on besides the folder's files: the sources of `cards` and pydantic's version
    (its `version.py`, found without importing pydantic: a warm load does not)."""
    import importlib.util

    spec = importlib.util.find_spec("pydantic")
    if spec is None or spec.origin is None:
        raise ImportError("pydantic is not installed")
    return [(CARDS, True), (Path(spec.origin).parent / "version.py", False)]


def code_key() -> str | None:
    """The SHA-256 of what validating a row depends on besides the files of its folder (`_code`), remembered against
    their stamps (`cards.lastload` names its entries by it).  None when a source cannot be read."""
    digest = recall("code", __file__)
    if not isinstance(digest, str):
        import hashlib

        stamps = Stamps()
        found = hashlib.sha256()
        try:
            _add_sources(found, _code(), stamps)
        except (OSError, ImportError):
            return None
        digest = found.hexdigest()
        remember("code", __file__, digest, stamps)
    return digest


def recall_game(where: Entry) -> Any | None:
    """What `keep_game` filed at `where` (its models still `dumped`); None on any miss."""
    return cachefile.load_data(*where)


def keep_game(where: Entry, data: Any) -> None:
    """File `data` (plain data, from `dumped`) as the validated game at `where` (one a state of a game's files: the
    folder is trimmed to the newest)."""
    cachefile.store_data(*where, data)
    cachefile.trim(where[0].parent, "*.marshal", keep=where[0])


def dumped(value: Any, kinds: dict[str, list[str]] | None = None) -> Any | None:
    """`value` as JSON that `built` makes back into equal objects (models of `cards.models` with the same fields
    set); None when it holds anything else.  `kinds` gathers the kinds of each model written, by its name there:
    what `built` needs to make them as kept records."""
    try:
        return _dump(value, {} if kinds is None else kinds)
    except _Unkept:
        return None


class _Unkept(Exception):
    """A value `built` could not make again exactly."""


def _dump(value: Any, kinds: dict[str, list[str]]) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [_dump(v, kinds) for v in value]
    if kind is dict and all(type(k) is str for k in value):
        return {"dict": [[k, _dump(v, kinds)] for k, v in value.items()]}
    name = _NAMES.get(kind)
    if name is None:
        fields = getattr(kind, "__pydantic_fields__", None)
        if fields is None or not kind.__module__.startswith(_MODELS):
            raise _Unkept
        name = _NAMES[kind] = (f"{kind.__module__}:{kind.__qualname__}", fields.keys(),
                               [f"{k.__module__}:{k.__qualname__}" for k in _kinds(kind)])
    if value.__pydantic_extra__ or value.__pydantic_private__ or vars(value).keys() != name[1]:
        raise _Unkept
    kinds[name[0]] = name[2]
    return {"model": name[0], "set": sorted(value.__pydantic_fields_set__),
            "values": {field: _dump(v, kinds) for field, v in vars(value).items()}}


def _kinds(model: type) -> list[type]:
    """A model's kinds (`common.kept`): its plain base classes of `cards`, but those another of them subclasses."""
    from pydantic import BaseModel

    plain = [k for k in model.__mro__[1:] if not issubclass(k, BaseModel) and k.__module__.startswith("cards.")]
    return [k for k in plain if not any(other is not k and issubclass(other, k) for other in plain)]


_NAMES: dict[type, tuple[str, Any, list[str]]] = {}  # a model class of cards.models -> its name, fields and kinds
_MADE: dict[tuple[str, bool], tuple[Any, set[str]]] = {}  # (a model's name, kept) -> (the class made, its fields)
_DUMPED = {"model", "set", "values"}


def built(data: Any, kinds: dict[str, list[str]] | None = None) -> Any:
    """The objects `dumped` gave `data` for: each model as validation made it, or, given the `kinds` `dumped`
    gathered, as a kept record of its kinds, without pydantic (`common.kept`); ValueError (or a lookup error) when
    `data` is not what `dumped` wrote."""
    kind = type(data)
    if kind in _PLAIN:
        return data
    if kind is list:
        return [built(v, kinds) for v in data]
    if kind is not dict:
        raise ValueError("not a dumped value")
    if len(data) == 1 and "dict" in data:
        return {str(k): built(v, kinds) for k, v in data["dict"]}
    if data.keys() != _DUMPED:
        raise ValueError("not a dumped value")
    name = str(data["model"])
    values, given = data["values"], set(data["set"])
    found = _MADE.get((name, kinds is not None))
    if found is None:
        found = _MADE[name, kinds is not None] = _model(name) if kinds is None else _kept(name, kinds[name], values)
    cls, fields = found
    if values.keys() != fields or not given <= fields:
        raise ValueError("fields differ")
    if kinds is not None:
        return make(cls, {k: built(v, kinds) for k, v in values.items()})
    return cls.model_construct(given, **{k: built(v) for k, v in values.items()})


def _kept(name: str, kinds: list[str], values: dict[str, Any]) -> tuple[Any, set[str]]:
    """The class of kept records of the model an entry names (its fields those of `values`, in their order), made
    of the kinds the entry lists: plain classes of `cards`, never a model."""
    found = []
    for kind in kinds:
        module, _, qualified = str(kind).partition(":")
        if not module.startswith("cards."):
            raise ValueError("not a kind of cards")
        cls: Any = importlib.import_module(module)
        for part in qualified.split("."):
            cls = getattr(cls, part)
        if not isinstance(cls, type) or hasattr(cls, "__pydantic_fields__"):
            raise ValueError("not a kind")
        found.append(cls)
    return kept_class(name, tuple(found), tuple(values)), set(values)


def _model(name: str) -> tuple[Any, set[str]]:
    """The model class of cards.models an entry names (`module:Qualified.name`) and its fields."""
    module, _, qualified = name.partition(":")
    if not module.startswith(_MODELS):
        raise ValueError("not a model of cards.models")
    cls: Any = importlib.import_module(module)
    for part in qualified.split("."):
        cls = getattr(cls, part)
    fields = getattr(cls, "__pydantic_fields__", None)
    if fields is None:
        raise ValueError("not a model")
    return cls, set(fields)
