"""`checker resolve`'s own modules served from checked files of their compiled code, one per package.

Importing a module costs a search of its folder, a look at its bytecode file, a read and an
unmarshal: about 0.3 M instructions for an empty one, so the forty to fifty small modules of
`cards` and `checker` a resolve imports cost it more than its own work (docs/performance.md).
`serve` puts a `Pack` first among the import system's finders: it serves each module found
in its package's pack with the code compiled from its source, while that source keeps the
size, modification and change times recorded before it was compiled (the check Python makes
of a `.pyc`, to the nanosecond) and lies where the usual search would look (the parent
package's folder); any other module, or a changed source, is imported as usual. `Pack.keep`,
once the run is done, compiles into the packs the modules of `cards` and `checker` imported
the usual way (not when Python may not write bytecode: `-B`, PYTHONDONTWRITEBYTECODE), so
the next run finds them.

Each pack is a cache entry (`cards.cachefile`: named after this checkout, the command,
Python's bytecode version and the entry layout, its length and CRC-32 checked, so a torn or
foreign file is ignored) in the user's cache folder, trusted as the `.pyc` files beside the
sources are; it is read when a module of its package is first imported, and a module's code
unmarshalled only when that module is.  Modules of a package whose compiled (mypyc) modules
`checker.core.native` guards are never packed: they come from one kind of file.
"""
from __future__ import annotations

import marshal
import os
import sys
import time
import zlib

from cards import cachefile
from cards.usercache import cache_folder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType
    from typing import Sequence

    # origin, is a package, size, mtime_ns, ctime_ns, marshalled code
    Entry = tuple[str, bool, int, int, int, bytes]

PACKAGES = ("cards", "checker")  # whose modules are packed
LAYOUT = "1"  # of an entry (`Entry`): part of the pack's name, so a pack written by other code is never read
SETTLE_NS = 2_000_000_000  # a source younger than this may change again within its recorded times (cards.stamps)
_bootstrap = sys.modules["_frozen_importlib"]  # importlib's own, loaded (importing `importlib` brings `warnings`)
_external = sys.modules["_frozen_importlib_external"]


def serve(command: str) -> Pack:
    """Install the packs of `command`'s modules (none yet on a first run) before any other finder."""
    checkout = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ident = "\0".join([checkout, command, sys.implementation.cache_tag or "", _external.MAGIC_NUMBER.hex(),
                       str(sys.flags.optimize), LAYOUT])
    key = zlib.crc32(ident.encode("utf-8", "surrogateescape"))
    pack = Pack(os.path.join(cache_folder(), "code", f"{command}-{key:08x}"), f"code:{ident}")
    sys.meta_path.insert(0, pack)
    return pack


class Pack:
    """A finder and loader of the modules held in packs, one pack per package, each read when first needed."""

    def __init__(self, path: str, name: str) -> None:
        self.path, self.name = path, name
        self.groups: dict[str, dict[str, Entry]] = {}  # package name ("" for the top level) -> its modules' entries
        self.before = set(sys.modules)  # imported before the pack was in place: never served, not packed again
        self.served: set[str] = set()

    def find_spec(self, name: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        if name.partition(".")[0] not in PACKAGES:
            return None
        entry = self._group(name.rpartition(".")[0]).get(name)
        if entry is None:
            return None
        origin, package = entry[0], entry[1]
        folder = os.path.dirname(os.path.dirname(origin) if package else origin)
        if path is None or folder not in path or not _current(entry):  # only where the usual search would look
            return None
        spec = _bootstrap.ModuleSpec(name, self, origin=origin, is_package=package)
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the import system's default module

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__  # the spec's name
        entry = self.groups[name.rpartition(".")[0]][name]
        module.__file__ = entry[0]
        self.served.add(name)
        exec(marshal.loads(entry[5]), module.__dict__)

    def keep(self) -> None:
        """Compile into the packs the modules of `cards` and `checker` this run imported without them.

        Not after a run that loaded the definitions (`cards.loader`: a cache miss), whose schemas and
        validation the runs after it never import: each pack holds what warm runs need."""
        if sys.dont_write_bytecode or "cards.loader" in sys.modules:
            return
        guarded = getattr(sys.modules.get("checker.core.native"), "GUARDED", ())
        added: dict[str, dict[str, Entry]] = {}  # package -> the entries of its modules imported without a pack
        for name in [n for n in sys.modules if n.partition(".")[0] in PACKAGES and n not in self.served
                     and n not in self.before]:
            group = name.rpartition(".")[0]
            entry = None if group in guarded else _compiled(sys.modules[name])
            if entry is not None:
                added.setdefault(group, {})[name] = entry
        for group, entries in added.items():
            kept = {name: entry for name, entry in self._group(group).items() if _current(entry)}
            cachefile.store_bytes(*self._where(group), marshal.dumps({**kept, **entries}))

    def _group(self, group: str) -> dict[str, Entry]:
        """The entries of one package's pack, read on first use; none when missing or not checking out."""
        entries = self.groups.get(group)
        if entries is None:
            body = cachefile.load_bytes(*self._where(group))
            try:
                entries = marshal.loads(body) if body is not None else {}
            except (ValueError, EOFError, TypeError):
                entries = {}
            self.groups[group] = entries = entries if isinstance(entries, dict) else {}
        return entries

    def _where(self, group: str) -> tuple[str, str]:
        """The file of a package's pack and its entry's name."""
        return f"{self.path}-{group or '_'}.bin", f"{self.name}\0{group}"


def _current(entry: Entry) -> bool:
    """Whether the entry's source still has the size and times it had when it was compiled."""
    try:
        st = os.stat(entry[0])
    except (OSError, ValueError):
        return False
    return st.st_size == entry[2] and st.st_mtime_ns == entry[3] and st.st_ctime_ns == entry[4]


def _compiled(module: ModuleType) -> Entry | None:
    """The pack's entry for a module loaded from a Python source, compiled as the import system compiles it;
    None for any other module, or a source too young to trust its times."""
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None)
    if not isinstance(origin, str) or not origin.endswith(".py"):
        return None
    try:
        st = os.stat(origin)  # before the read: a later write is a mismatch, never a stale module
        if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) < SETTLE_NS:
            return None
        with open(origin, "rb") as f:
            code = compile(f.read(), origin, "exec", dont_inherit=True)
    except (OSError, SyntaxError, ValueError):
        return None
    package = getattr(spec, "submodule_search_locations", None) is not None
    return origin, package, st.st_size, st.st_mtime_ns, st.st_ctime_ns, marshal.dumps(code)
