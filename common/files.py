"""Reading and writing files safely: the one reader and the one writer `generator` and `checker` share.

Reading: only a regular file, at most `limit` bytes (each kind of file its own limit), and
(given `inside`) only when its real path stays inside that folder, so a link out, a FIFO that
would hang, a device that never ends or a symlink loop is a one-line `FileRefused`, never a
hang or a traceback.  Definitions, state files, shard files, journals, manifests and cache
entries are all read through `read_bytes` or `read_regular`.

Writing: a build's files are one set.  Every file is staged beside its target first, then
renamed over it in the order given (the manifest last, so it is written only when the rest
is).  Before the first rename the old files are kept as hard links and a journal is written;
a failed rename puts the old files back, and a process killed between renames leaves the
journal, which the next write into that folder plays back first: the previous set is whole
again before the new one goes in.  Writers into one folder take turns (a lock on the folder).
Temporary files are private (0600) while staged and removed whatever happens; a stale one
left by a killed process is removed by the next write into its folder.

Confinement: every path a write removes, renames or restores lies inside the set's folder (`root`),
reached through real folders only, never a link.  The journal records names relative to that folder
(a copy of the folder made with `cp -a` repairs the copy, never the original), and a record naming
anything else (an absolute path, `..`, a folder that links out, an old file the writer would not have
kept) is ignored with one warning line on stderr, never acted on: `inside` checks a record's names,
for the journal here and for a previous manifest's files in the builds.
"""
from __future__ import annotations

import errno
import os
import stat
import time
from typing import IO, TYPE_CHECKING, Iterable, Iterator, Mapping

if TYPE_CHECKING:  # paths are taken and given as strings (or any path-like)
    from pathlib import Path

MAX_READ = 2_000_000        # bytes: far above any definition or state file, far below a memory problem
JOURNAL_BYTES = 16_000_000  # bytes: a journal of 50,000 files' names
LOCK_WAIT = 60.0            # seconds a writer waits for another writer into the same folder
TEMP = ".pnpkit-tmp"        # suffix of staged files
OLD = ".pnpkit-old"         # suffix of the previous set's files, kept until the new set is in
JOURNAL = ".pnpkit-journal"  # in the set's folder while its renames run


class FileRefused(Exception):
    """A file that may not or cannot be read or written; `str()` is one line saying why."""


class Spooled:
    """A file's bytes held in an anonymous temporary file instead of in memory (a 5,000-card kit's PDF is
    11 MB): `write_set` and `sha256` take it as they take bytes."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle

    def chunks(self) -> Iterator[bytes]:
        self.handle.seek(0)
        while chunk := self.handle.read(1 << 20):
            yield chunk

    def read(self) -> bytes:
        return b"".join(self.chunks())

    def __del__(self) -> None:
        self.handle.close()


def read_bytes(path: str | os.PathLike[str], *, inside: str | os.PathLike[str] | None = None,
               limit: int = MAX_READ) -> bytes:
    """The bytes of the regular file `path`; with `inside`, only if its real path is within that folder."""
    try:
        real = os.path.realpath(path, strict=True)
    except OSError as exc:
        raise FileRefused(_reason(exc)) from None
    except ValueError:  # a NUL byte in the name
        raise FileRefused("expected a file name without NUL characters") from None
    if inside is not None and not _within(real, os.path.realpath(inside)):
        raise FileRefused("expected a file inside its folder, got a link to a file outside it")
    return read_regular(real, limit)


def read_regular(path: str | os.PathLike[str], limit: int, *, partial: bool = False) -> bytes:
    """The bytes of the regular file `path` (not a link, not a FIFO, which would hang), at most `limit` of them;
    with `partial`, the first `limit` bytes of a longer file instead of refusing it.

    `read_bytes` resolves the path first, to name what it refuses; a cache entry's reader, which names
    nothing when it misses, calls this directly (`os.path.realpath` costs a `lstat` for each part of the path).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ELOOP and os.path.islink(path):  # O_NOFOLLOW's answer for any link
            raise FileRefused("expected a regular file, got a symbolic link") from None
        raise FileRefused(_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"expected a regular file, got {_kind(info.st_mode)}")
        if info.st_size > limit and not partial:
            raise FileRefused(f"file is too large: expected at most {limit} bytes, got {info.st_size}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit and not partial:  # a file that grows while read (or lies about its size, like /proc files)
            raise FileRefused(f"file is too large: expected at most {limit} bytes, got more")
        return b"".join(chunks)[:limit]
    except OSError as exc:
        raise FileRefused(_reason(exc)) from None
    finally:
        os.close(fd)


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether `path` names a regular file (through links); a too-long name or a loop is just False."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def sha256(data: bytes | Spooled) -> str:
    """The digest a manifest records for each file of its set."""
    import hashlib  # OpenSSL's start-up: only writers and cache misses pay it, not a warm `checker resolve`

    digest = hashlib.sha256()
    for chunk in _chunks(data):
        digest.update(chunk)
    return digest.hexdigest()


def _chunks(data: bytes | Spooled) -> Iterable[bytes]:
    return data.chunks() if isinstance(data, Spooled) else (data,)


def write_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Write one file all or nothing (a set of one)."""
    from pathlib import Path

    write_set({Path(path): data})


def write_set(files: Mapping[Path, bytes | Spooled], root: Path | None = None, remove: Iterable[Path] = ()) -> None:
    """Write every file as one set, renamed in the order given (put the manifest last).

    `root` is the set's folder (its lock and journal live there); by default the folder the
    files share.  `remove` are files of the previous set that the new one no longer has: they
    go in the same step (kept until the new set is in, put back if it fails), and folders
    they leave empty go too.  Raises `FileRefused` naming the file and the reason; nothing of
    the new set is then left, and the previous set is whole.
    """
    from pathlib import Path

    if not files:
        return
    paths = [Path(os.path.abspath(p)) for p in files]
    root = Path(os.path.abspath(root)) if root is not None else Path(os.path.commonpath([p.parent for p in paths]))
    for path in paths:
        _check_target(root, path)
    gone = [p for p in (Path(os.path.abspath(r)) for r in remove) if p not in paths and is_file(p)
            and not os.path.islink(p) and _outside(root, os.path.relpath(p, root)) is None]
    for folder in {p.parent for p in paths} | {root}:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileRefused(f"cannot make the folder {folder}: {_reason(exc)}") from None
    lock = _lock(root)
    try:
        _remove_stale(_recover(root) | {p.parent for p in paths})
        staged = _stage(dict(zip(paths, files.values())))
        try:
            _swap(root, staged, gone)
        finally:
            for tmp, _ in staged:
                _unlink(tmp)
        _prune(root, {p.parent for p in gone})
    finally:
        os.close(lock)


def _prune(root: Path, folders: set[Path]) -> None:
    """Remove the folders (below `root`) that removed files left empty, and their emptied parents."""
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        while folder != root and root in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                break
            folder = folder.parent


def recover(root: Path) -> None:
    """Put back whole the set a killed writer left mixed in `root`, and remove its temporary files.

    Every write into `root` does this first; call it to repair a folder without writing.
    """
    lock = _lock(root)
    try:
        _remove_stale(_recover(root) | {root})
    finally:
        os.close(lock)


def _recover(root: Path) -> set[Path]:
    """Play back the journal left in `root` (the lock held); the folders it names."""
    import json

    journal = root / JOURNAL
    if not os.path.lexists(journal):
        return set()
    try:
        entries = json.loads(read_regular(journal, JOURNAL_BYTES))["entries"]
        names = [(e["path"], e["old"]) for e in entries]
    except FileRefused as exc:  # a FIFO, a link, a device: not what a writer leaves
        _warn(f"ignoring {journal}: {exc}")
        _unlink(journal)
        return set()
    except (ValueError, KeyError, TypeError):  # a torn journal: written before any rename
        _unlink(journal)
        return set()
    if inside(root, [name for pair in names for name in pair if name is not None], journal) is None:
        _unlink(journal)
        return set()
    for path, old in names:
        if old is not None and old != _old_name(path):
            _warn(f"ignoring {journal}: it names {old!r}: expected {_old_name(path)!r}, the old file kept for {path!r}")
            _unlink(journal)
            return set()
    pairs = [(root / path, None if old is None else root / old) for path, old in names]
    _roll_back(pairs)
    _unlink(journal)
    return {path.parent for path, _ in pairs}


def inside(root: Path, names: Iterable[object], record: Path) -> list[Path] | None:
    """The paths of `names` (a record's, relative to `root`) when each is a file inside `root`, reached through
    real folders; None, with one warning on stderr naming the `record` and the first name that is not."""
    paths = []
    for name in names:
        wrong = _outside(root, name) if isinstance(name, str) else f"a {type(name).__name__}"
        if wrong is not None:
            _warn(f"ignoring {record}: it names {name!r}: expected a file inside {root}, got {wrong}")
            return None
        paths.append(root / str(name))
    return paths


def _outside(root: Path, name: str) -> str | None:
    """Why `root / name` may be outside `root`, or None: `name` is relative, without `..`, and every folder on
    the way below `root` is a real folder (or not there yet), never a link."""
    parts = name.split("/")
    if os.path.isabs(name):
        return "an absolute name"
    if not name or "\0" in name or any(p in ("", ".", "..") for p in parts):
        return "a name with '..', '.' or an empty part"
    folder = root
    for part in parts[:-1]:
        folder = folder / part
        try:
            info = os.lstat(folder)
        except OSError:  # not there yet (or not a folder): nothing can be reached through it
            return None
        if stat.S_ISLNK(info.st_mode):
            return f"{folder}, a link"
    return None


def _old_name(name: str) -> str:
    """Where the file `name` (relative) is kept while a set goes in: beside it, hidden (`_keep_old`)."""
    folder, _, base = name.rpartition("/")
    return f"{folder}/.{base}{OLD}" if folder else f".{base}{OLD}"


def _warn(message: str) -> None:
    import sys

    from .terminal import shown

    print(shown(f"warning: {message}"), file=sys.stderr)


def _check_target(root: Path, path: Path) -> None:
    """Refuse a target that lies outside `root` or through a link, or is not a regular file or a new name."""
    wrong = _outside(root, os.path.relpath(path, root))
    if wrong is not None:
        raise FileRefused(f"cannot write {path}: expected a file inside {root}, got {wrong}")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FileRefused(f"cannot write {path}: {_reason(exc)}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"cannot write {path}: expected a regular file or a new name, got {_kind(info.st_mode)}")


def _lock(root: Path) -> int:
    """Take the folder's lock (waiting up to LOCK_WAIT for another writer), or refuse."""
    import fcntl  # writers only: a warm `checker resolve` reads

    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise FileRefused(f"cannot write into {root}: {_reason(exc)}") from None
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                raise FileRefused(f"another pnpkit process has been writing into {root} for {LOCK_WAIT:g} s: "
                                  "expected one writer at a time; try again when it ends") from None
            time.sleep(0.05)
        except OSError:  # a file system without locks: write unlocked rather than not at all
            return fd


def _remove_stale(folders: set[Path]) -> None:
    """Temporary files a killed writer left (the lock is ours, so none is in use)."""
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith(".") and (name.endswith(TEMP) or name.endswith(OLD)):
                _unlink(folder / name)


def _stage(files: dict[Path, bytes | Spooled]) -> list[tuple[Path, Path]]:
    """Each file's bytes in a private temporary file beside it, flushed to disk: (temporary, target)."""
    import tempfile  # only writers need it: `checker resolve` reads, and must start fast
    from pathlib import Path

    mode = _file_mode()
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP, dir=path.parent)
            except OSError as exc:
                raise FileRefused(f"cannot write {path}: {_reason(exc)}") from None
            staged.append((Path(tmp), path))
            try:
                with os.fdopen(fd, "wb") as handle:
                    for chunk in _chunks(data):
                        handle.write(chunk)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.chmod(tmp, mode)
            except OSError as exc:
                raise FileRefused(f"cannot write {path}: {_reason(exc)}") from None
    except BaseException:
        for written, _ in staged:
            _unlink(written)
        raise
    return staged


def _swap(root: Path, staged: list[tuple[Path, Path]], gone: list[Path]) -> None:
    """Rename the staged files over their targets and remove `gone`; on failure put the old ones back."""
    journal = root / JOURNAL
    pairs: list[tuple[Path, Path | None]] = []
    current = staged[0][1]
    try:
        if len(staged) + len(gone) > 1:
            for current in [path for _, path in staged] + gone:
                pairs.append((current, _keep_old(current)))
            _write_journal(journal, pairs)
        for tmp, current in staged:
            os.replace(tmp, current)
        for current in gone:
            os.unlink(current)
        _sync_folders({path.parent for _, path in staged})
    except BaseException as exc:
        _roll_back(pairs)
        _unlink(journal)
        if isinstance(exc, OSError):
            raise FileRefused(f"cannot write {current}: {_reason(exc)}") from None
        raise
    _unlink(journal)
    for _, old in pairs:
        if old is not None:
            _unlink(old)


def _keep_old(path: Path) -> Path | None:
    """A hard link to the file `path` replaces (a copy where links are not allowed), or None if it is new."""
    if not os.path.lexists(path):
        return None
    old = path.with_name(f".{path.name}{OLD}")
    _unlink(old)
    try:
        os.link(path, old, follow_symlinks=False)
    except OSError:
        old.write_bytes(path.read_bytes())
    return old


def _write_journal(journal: Path, pairs: list[tuple[Path, Path | None]]) -> None:
    import json

    root = journal.parent  # names relative to it: a copy of the folder repairs itself, not the original
    data = json.dumps({"entries": [{"path": p.relative_to(root).as_posix(),
                                    "old": o.relative_to(root).as_posix() if o else None} for p, o in pairs]})
    tmp = journal.with_name(f".{journal.name}{TEMP}")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, journal)
    _sync_folders({journal.parent})


def _roll_back(pairs: list[tuple[Path, Path | None]]) -> None:
    """Each target back to its kept old file; a target that had none is removed."""
    for path, old in pairs:
        try:
            if old is None:
                _unlink(path)
            elif os.path.lexists(old):
                os.replace(old, path)
                _unlink(old)  # a rename between two links to one file does nothing and keeps both
        except OSError:
            pass


def _sync_folders(folders: set[Path]) -> None:
    for folder in folders:
        try:
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            continue
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _file_mode() -> int:
    """The usual permissions of a new file (0666 less the umask)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _within(real: str, folder: str) -> bool:
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return name
    return "a special file"


def _reason(exc: OSError) -> str:
    """An OSError in words, without the file name (the caller shows it)."""
    if exc.errno == errno.ELOOP:
        return "symbolic link loop (a link that leads back to itself)"
    if exc.errno == errno.ENAMETOOLONG:
        return "file name too long for the file system"
    return exc.strerror or str(exc)
