"""Drawn faces kept between builds, so a rebuild after editing one card redraws that card only.

An entry is a face's recording (`generator.engine.recording`) filed under the digest of
everything that decides the drawing: the record and its component, the side, box and print
style, the look (the family's templates and the folder's design: game.toml, layouts, fonts,
icons, art), the built-in fonts, and the code of `cards` and `generator` with ReportLab's
version.  A replay writes the bytes a fresh drawing writes.  The icons and repeated art a
face places are kept beside it (`form-` entries), as they are drawn after the last page, and so is
what each page paints around its faces (`page-` entries: placements, marks, footer).

Entries are in the one entry format of every cache (`common.cachefile`: a header naming the entry
and checking the body, marshal of plain data, which a 500-card second build reads in 60 % of JSON's
time): a corrupt or foreign entry is ignored and the face drawn afresh, never trusted.  A build of a kit keeps the entries it used in one file, the kit's pack (`Pack`:
one read instead of one a face, 0.04 s of a 500-card second build); the others (a kit too big
for a pack, `generator watch`'s previews) are files of their own under `cache_dir()/faces`.  The
folder is trimmed to MAX_BYTES, least recently written first, whenever TRIM_EVERY bytes were
written since the last trim.  A face whose drawing a replay cannot repeat (art images,
transparency states) is not kept.

A long-running process (`generator watch`) also keeps the entries of its last build in
memory (`KeptFaces`), so a rebuild neither reads nor decodes them again.
"""
from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import reportlab

from common import cachefile
from common.kept import record_repr
from common.stamps import Stamps, recall, remember
from common.usercache import cache_dir
from fonts import DIR as FONTS

from .icons import FormDrawing
from .kept import Kept
from .recording import Codes, Nested, Recording, Replays, Run, replay

MAX_BYTES = 200_000_000
LEDGER_BYTES = 32  # the ledger holds one number
TRIM_EVERY = MAX_BYTES // 20  # bytes of entries written between two trims: the folder stays under 210 MB
FORMAT = 2  # 2: entries in marshal (1: JSON)
_SOURCES = ("cards", "generator")


@cache
def code_digest() -> str:
    """The code and fonts every drawing depends on (once per process)."""
    return remembered_digest(Path(__file__).resolve().parents[2], FONTS)


def remembered_digest(root: Path, fonts: Path) -> str:
    """`sources_digest`, remembered against the stamps of what it read (`common.stamps`): reading and hashing
    the sources and the 3.7 MB of fonts was 15-25 ms of every build from the cache; a warm one stats them."""
    ident = f"{FORMAT} {reportlab.Version} {sys.version}\0{root}\0{fonts}"
    known = recall("face-code", ident)
    if isinstance(known, str):
        return known
    stamps = Stamps()
    digest = sources_digest(root, fonts, stamps)
    remember("face-code", ident, digest, stamps)
    return digest


def sources_digest(root: Path, fonts: Path, stamps: Stamps | None = None) -> str:
    """A digest of the `cards` and `generator` sources under `root` (with the families' phrase tables), the fonts in
    `fonts` and the versions;
    `stamps` takes the stamp of every file and folder read (a folder's: the names in it)."""
    digest = hashlib.sha256(f"{FORMAT} {reportlab.Version} {sys.version}".encode())
    paths = ([p for package in _SOURCES for p in sorted((root / package).rglob("*.py"))]
             + sorted((root / "cards").rglob("phrases/*.toml")) + sorted(fonts.glob("*.ttf")))  # tables word faces
    if stamps is not None:
        for folder in [fonts] + [d for package in _SOURCES for d in [root / package, *(root / package).rglob("*")]
                                 if d.is_dir() and d.name != "__pycache__"]:
            stamps.add(folder)
        for path in paths:
            stamps.add(path)
    for path in paths:
        label = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name
        digest.update(label.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def look_digest(game: Any, looks: Any) -> str:
    """The game's look: its family's templates, game.toml and every file its design names."""
    digest = hashlib.sha256(f"{code_digest()} {looks.scope} {getattr(looks.module, '__name__', None)}".encode())
    design = getattr(game, "design", None)
    files = [game.folder / "game.toml"] + (list(design.files) if design is not None else [])
    for path in files:
        try:
            digest.update(str(path).encode() + b"\0" + Path(path).read_bytes() + b"\0")
        except OSError:
            digest.update(b"unreadable\0")
    return digest.hexdigest()


Recorded = tuple[Recording, dict[str, FormDrawing]]  # a face's recording and the forms it places


class Replayed(NamedTuple):
    """What a face's form came to in the last build of its kit (`replay-` entries, kept only in packs): a
    build whose PDF gives the face's characters the same codes (`recording.same_codes`) writes the same
    operators, so it may place the stream filed for them (`pdfforms.stored_stream`) without decoding or
    encoding the face again."""

    codes: Codes                # the codes of the face's characters, per font (`recording.used_codes`)
    preamble: str               # what ReportLab puts before every form's operators
    stream: bytes               # the digest of the form's operators (`pdfforms.StoredStreams.digest`)
    content: str                # `pdfforms.form_digest` of the form: another face drawn the same is that form
    forms: tuple[str, ...]      # the forms it places (`Recording.forms`)
    placed: tuple[str, ...]     # of those, the icons and art drawn after the last page
    version: tuple[int, int]    # `Recording.pdf_version`


class KeptFaces:
    """Entries kept in memory between the builds of one process, by key: those the last build used.

    A face's key is remembered per record object, so the records of a game loaded once are keyed
    once, however often the build asks, and so are the records a reload kept the same objects
    (`cards.loader.Reload`): a rebuild keys only the records an edit changed.
    """

    def __init__(self) -> None:
        self.faces: Kept[str, Recorded] = Kept()
        self.forms: Kept[str, FormDrawing] = Kept()
        self.keys: Kept[tuple, tuple[Any, Any, str | None]] = Kept()  # (id(spec), id(record), ...) -> (spec, record, key)
        self.pages: Kept[bytes, Recording] = Kept()  # a page's placements, marks and footer, by what decides them
        self.replays: Replays = {}  # what replaying each kept face and page wrote (`recording.replay`)

    def new_round(self) -> None:
        """Start a build (`Kept.new_round`); replays are kept for the faces still kept."""
        self.faces.new_round()
        self.forms.new_round()
        self.keys.new_round()
        self.pages.new_round()
        live = {id(recorded[0]) for recorded in self.faces.last.values()} | {id(page) for page in self.pages.last.values()}
        self.replays = {key: known for key, known in self.replays.items() if key in live}

    def round_done(self) -> None:
        self.faces.round_done()
        self.forms.round_done()
        self.keys.round_done()
        self.pages.round_done()

    def face(self, key: str) -> Recorded | None:
        return self.faces.find(key)

    def form(self, key: str) -> FormDrawing | None:
        return self.forms.find(key)


class Pack:
    """The entries one kit's last build used, in one file: read once, each entry's name and size still checked on use.

    The file is one entry of the face cache (`common.cachefile`: its header checks the body); its body
    is records of a 2-byte name length, the entry's name, a 4-byte length and the entry's bytes as
    its own file would hold them (`common.cachefile.pack_data`).  An entry is checked, when used, as a file of
    its own is, but for its sha256: the pack's checked every byte of it already (hashing each entry again was
    a third of the SHA-256 of a 500-card second build).  A torn, corrupt or foreign pack, or one whose records do not fill it
    exactly, holds nothing: every face is drawn again.  `save` files the entries this build used
    (read or written), in the order it used them, and only when they differ from what was read."""

    def __init__(self, path: Path, name: str) -> None:
        self.path, self.name = path, name
        self.last = _records(cachefile.load_bytes(path, name))
        self.used: dict[str, bytes | memoryview] = {}

    def save(self) -> int:
        """File the entries used (a cache that cannot be written is just no cache); the bytes written.  Written
        in pieces, as `cachefile.pack_bytes` would join them: joining them held the pack twice more."""
        if self.used == self.last:
            return 0
        pieces: list[bytes | memoryview] = []
        for name, raw in self.used.items():
            key = name.encode()
            pieces += (len(key).to_bytes(2, "big") + key + len(raw).to_bytes(4, "big"), raw)
        digest = hashlib.sha256()
        for piece in pieces:
            digest.update(piece)
        size = sum(map(len, pieces))
        head = cachefile.header(self.name, size, digest.hexdigest())
        return size if cachefile.replace(self.path, [head, b"\n", *pieces]) else 0


def _records(body: bytes | None) -> dict[str, bytes | memoryview]:
    """The records of a pack's body, by entry name (views of it: the entries are not copied); none unless
    they fill it exactly."""
    found: dict[str, bytes | memoryview] = {}
    at, end = 0, len(body or b"")
    view = memoryview(body or b"")
    try:
        while body is not None and at < end:
            size = int.from_bytes(body[at:at + 2], "big")
            name = body[at + 2:at + 2 + size].decode()
            at += 2 + size
            length = int.from_bytes(body[at:at + 4], "big")
            if at + 4 + length > end or size == 0:
                return {}
            found[name] = view[at + 4:at + 4 + length]
            at += 4 + length
    except UnicodeDecodeError:
        return {}
    return found if at == end else {}


class FaceCache:
    """The cached faces of one game in one look, under `root` (default: the user cache folder);
    with `kept`, also those a long-running process keeps in memory; with `pack` (a kit's name and
    what else decides its build), the kit's entries are read from and filed in its pack (`Pack`)."""

    def __init__(self, game: Any, looks: Any, root: Path | None = None, kept: KeptFaces | None = None,
                 pack: str | None = None) -> None:
        self.root = (root or cache_dir()) / "faces"
        self.look = look_digest(game, looks)
        self.kept = kept
        self.pack = None if pack is None else Pack(*self._pack_entry(pack))
        self.written_bytes = 0
        self._forms: dict[str, FormDrawing | None] = {}  # icons and art, read once per build
        self._reprs: dict[int, tuple[Any, str]] = {}
        self._specs: dict[int, tuple[Any, str]] = {}
        self._replayed: dict[str, Replayed] = {}

    def key(self, face: Any, shared: bool, box: Any, style: Any, stamped: bool = False) -> str | None:
        """The key of a face: None when its record cannot be told apart by value (never cached); `stamped`: the
        version stamp is drawn over it (`generator.engine.stamp`).  What the stamp says and where it goes follow
        from what the key holds already (the record, its spec, the box, the look's code and files, game.toml's
        version), so a face replayed from the cache needs its stamp neither worked out nor laid out."""
        memo = (self.look, id(face.component.spec), id(face.record), shared, face.side, face.die_face, box, style,
                stamped)
        if self.kept is not None:
            known = self.kept.keys.find(memo)
            if known is not None and known[0] is face.component.spec and known[1] is face.record:
                return known[2]
        record = "" if shared else self._repr(face.record)
        text = (f"{self.look}\0{self._repr(face.component.spec)}\0{record}\0{face.side}\0{face.die_face}\0"
                f"{self._repr(box)}\0{self._repr(style)}" + ("\0stamped" if stamped else ""))
        key = None if " at 0x" in text else hashlib.sha256(text.encode()).hexdigest()  # " at 0x": shown by address
        if self.kept is not None:
            self.kept.keys[memo] = (face.component.spec, face.record, key)  # held, so their ids stay theirs
        return key

    def spec_digest(self, spec: Any) -> str:
        """A digest of a component's spec by value (once per build)."""
        known = self._specs.get(id(spec))
        if known is None or known[0] is not spec:
            known = self._specs[id(spec)] = (spec, hashlib.sha256(self._repr(spec).encode()).hexdigest())
        return known[1]

    def _repr(self, obj: Any) -> str:
        """`repr(obj)` (`common.kept.record_repr`: a record's, validated or kept), once per object and build (a spec or
        record serves many faces; all are kept alive)."""
        known = self._reprs.get(id(obj))
        if known is None or known[0] is not obj:
            known = self._reprs[id(obj)] = (obj, record_repr(obj))
        return known[1]

    def load(self, key: str) -> Recorded | None:
        """A face's recording and the drawings of the forms it places, or None (missing, corrupt, foreign)."""
        kept = None if self.kept is None else self.kept.face(key)
        if kept is not None:
            return kept
        entry = self._read(f"face-{key}")
        if entry is None:
            return None
        try:
            recording = _recording(entry["recording"])
            forms = {name: self._form(name) for name in entry["placed"]}
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        if not all(forms.values()):
            return None
        found = recording, {name: form for name, form in forms.items() if form}
        if self.kept is not None:
            self.kept.faces[key] = found
        return found

    def _form(self, name: str) -> FormDrawing | None:
        if name not in self._forms:
            key = self._form_key(name)
            self._forms[name] = None if self.kept is None else self.kept.form(key)
            form = None if self._forms[name] else self._read(f"form-{key}")
            if form is not None:
                try:
                    x0, y0, x1, y1 = form["bbox"]
                    self._forms[name] = FormDrawing(_replayer(_recording(form["recording"])), (x0, y0, x1, y1))
                except (KeyError, TypeError, ValueError, IndexError):
                    pass
            found = self._forms[name]
            if found is not None and self.kept is not None:
                self.kept.forms[key] = found
        return self._forms[name]

    def replayed(self, key: str) -> Replayed | None:
        """What face `key`'s form came to in the last build of the kit (with a pack only), or None."""
        entry = None if self.pack is None else self._read(f"replay-{key}")
        if entry is None:
            return None
        try:
            codes = tuple((str(font), str(name), tuple(map(int, chars)), tuple(map(int, got)))
                          for font, name, chars, got in entry["codes"])
            major, minor = entry["version"]
            found = Replayed(codes, str(entry["preamble"]), bytes.fromhex(entry["stream"]), str(entry["content"]),
                             tuple(map(str, entry["forms"])), tuple(map(str, entry["placed"])), (int(major), int(minor)))
        except (KeyError, TypeError, ValueError):
            return None
        self._replayed[key] = found
        return found

    def store_replayed(self, key: str, replayed: Replayed) -> None:
        """File what face `key`'s form came to (in the kit's pack), unless the last build filed the same."""
        if self.pack is not None and self._replayed.get(key) != replayed:
            self._write(f"replay-{key}", {**replayed._asdict(), "stream": replayed.stream.hex()})

    def placed(self, names: tuple[str, ...], key: str) -> dict[str, FormDrawing] | None:
        """The drawings of the forms `names` that face `key` places, when it is placed as the last build wrote
        it (`replayed`), or None: the face's entry is then kept in the pack unread, as a replay would keep it."""
        forms = {name: self._form(name) for name in names}
        raw = None if self.pack is None else self.pack.last.get(f"face-{key}")
        if self.pack is None or raw is None or not all(forms.values()):
            return None
        self.pack.used[f"face-{key}"] = raw
        return {name: form for name, form in forms.items() if form}

    def has(self, key: str) -> bool:
        """Is there an entry for the face `key` (not yet checked)?"""
        return ((self.kept is not None and self.kept.face(key) is not None)
                or (self.pack is not None and f"face-{key}" in self.pack.last) or self._path(f"face-{key}").exists())

    def store(self, key: str, recording: Recording, placed: dict[str, FormDrawing]) -> None:
        self._write(f"face-{key}", {"recording": _plain(recording), "placed": sorted(placed)})
        if self.kept is not None:
            self.kept.faces[key] = recording, placed

    def load_page(self, key: bytes) -> Recording | None:
        """A page's recording (`FaceForms.page`), by everything that decides it, or None."""
        kept = None if self.kept is None else self.kept.pages.find(key)
        if kept is not None:
            return kept
        entry = self._read(self._page_name(key))
        try:
            found = None if entry is None else _recording(entry["recording"])
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        if found is not None and self.kept is not None:
            self.kept.pages[key] = found
        return found

    def store_page(self, key: bytes, recording: Recording) -> None:
        self._write(self._page_name(key), {"recording": _plain(recording)})
        if self.kept is not None:
            self.kept.pages[key] = recording

    @staticmethod
    def _page_name(key: bytes) -> str:
        return f"page-{hashlib.sha256(key).hexdigest()}"

    def store_form(self, name: str, bbox: tuple[float, ...], recording: Recording) -> None:
        """An icon or piece of repeated art, as `define_forms` drew it (once: its name stands for its drawing)."""
        key = self._form_key(name)
        if self._forms.get(name) is None and self.kept is not None:
            self._forms[name] = self.kept.form(key)
        if self._forms.get(name) is None:
            self._write(f"form-{key}", {"bbox": list(bbox), "recording": _plain(recording)})
            drawing = self._forms[name] = FormDrawing(_replayer(recording), (bbox[0], bbox[1], bbox[2], bbox[3]))
            if self.kept is not None:
                self.kept.forms[key] = drawing

    def streams_entry(self, kit: str, paper: str) -> tuple[Path, str]:
        """Where the streams and form objects of the last build of a kit are filed (`pdfforms.StoredStreams`),
        and the entry's name: one file a kit (its folder and paper), trimmed with the faces."""
        ident = f"{self.look}\0{kit}\0{paper}"
        return self.root / "streams" / f"{hashlib.sha256(ident.encode()).hexdigest()}.json", f"streams {FORMAT} {ident}"

    def _pack_entry(self, ident: str) -> tuple[Path, str]:
        """Where a kit's pack is filed, and the entry's name (`Pack`)."""
        ident = f"{self.look}\0{ident}"
        return self.root / "packs" / f"{hashlib.sha256(ident.encode()).hexdigest()}.json", f"pack {FORMAT} {ident}"

    def save_pack(self) -> None:
        """After a build: file the kit's pack.  Only its new entries count as written, for the trim (`_write`): a
        pack filed again takes the place of the last one, and counting it whole made a second build of a
        500-card kit trim every third time, statting every file of the folder."""
        if self.pack is not None:
            self.pack.save()

    def _form_key(self, name: str) -> str:
        # a form's name stands for its drawing within one look (icons by scope, art by everything it depends on)
        return hashlib.sha256(f"{self.look}\0{name}".encode()).hexdigest()

    def _path(self, name: str) -> Path:
        return self.root / name[5:7] / f"{name}.marshal"

    def _read(self, name: str) -> dict | None:
        """An entry's JSON, if its header names it and checks its body (`common.cachefile`): from the kit's
        pack, else from its own file."""
        raw = None if self.pack is None else self.pack.last.get(name)
        packed = raw is not None  # its bytes checked with the whole pack's: its own sha256 is not worked out again
        if raw is None:
            raw = cachefile.read(self._path(name))  # bounded, regular files only
            if raw is None:
                return None
        entry = cachefile.unpack_data(name, bytes(raw), checked=packed)
        if not isinstance(entry, dict):
            return None
        if self.pack is not None:
            self.pack.used[name] = raw
        return entry

    def _write(self, name: str, entry: dict) -> None:
        data = cachefile.pack_data(name, entry)  # one entry format for every cache
        if self.pack is not None:
            self.pack.used[name] = data
        elif not cachefile.replace(self._path(name), data):
            return
        self.written_bytes += len(data)

    def trim_when_due(self) -> None:
        """After a build: trim the folder once TRIM_EVERY bytes of entries were written since the last trim (a
        trim stats every entry: 2,500 of them for a 500-card folder, a tenth of a build from the cache that
        wrote one).  The bytes written since are kept in a small file beside the entries; without it, trim."""
        ledger = self.root / "written"
        try:  # through the bounded reader: a link to /dev/zero or a FIFO there is no ledger, so trim
            since = int((cachefile.read(ledger, limit=LEDGER_BYTES) or b"").decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            since = TRIM_EVERY
        since += self.written_bytes
        if since >= TRIM_EVERY:
            self.trim()
            since = 0
        cachefile.replace(ledger, str(since).encode("ascii"))

    def trim(self, limit: int = MAX_BYTES) -> None:
        """Delete the least recently written entries until the folder holds at most `limit` bytes."""
        cachefile.trim(self.root, "*/*", limit=limit, most=0)  # faces, forms, pages, packs, streams: entries only


def _replayer(recording: Recording) -> Any:
    def draw(c: Any) -> None:
        replay(c, recording)
    return draw


def _plain(rec: Recording) -> dict:
    steps: list[Any] = []
    for step in rec.steps:
        if isinstance(step, Nested):
            steps.append({"key": step.key, "bbox": list(step.bbox), "recording": _plain(step.recording)})
        else:
            steps.append([step.obj, step.fresh, step.font, step.head, step.text])
    return {"code": list(rec.code), "steps": steps, "forms": list(rec.forms), "pdf_version": list(rec.pdf_version)}


def _recording(data: dict) -> Recording:
    steps: list[Run | Nested] = []
    for step in data["steps"]:
        if isinstance(step, dict):
            x0, y0, x1, y1 = step["bbox"]
            steps.append(Nested(str(step["key"]), (x0, y0, x1, y1), _recording(step["recording"])))
        else:
            obj, fresh, font, head, text = step
            steps.append(Run(int(obj), bool(fresh), str(font), str(head), str(text)))
    version = tuple(int(v) for v in data["pdf_version"])
    return Recording(tuple(map(str, data["code"])), tuple(steps), tuple(map(str, data["forms"])),
                     (version[0], version[1]))
