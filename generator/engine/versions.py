"""What a manifest records of the definitions a build read, and what changed between two builds.

Manifest format 2 (format 1 had neither) adds to print.md's manifest:

- `version`: game.toml's `version` (null without one);
- `faces`: every face of the kit, printed or not (a reprint's manifest lists them all, so it serves as
  the next build's `--since` as well as a whole kit's does): component, record id, side, die face and
  its digest (`generator.engine.stamp.FaceStamps.digest`, the one its stamp shows);
- `records`: every record with its fields as the build read them (`stamp.FaceStamps.fields`).

A face is *changed* when its digest differs from the old manifest's or it is new; a record is then
reprinted whole (front and back: a card is one piece).  The list of changes names records by id:
added, removed, and changed with each field that differs, old -> new (a record whose face changed with
no field, its art or the design's files did, is listed with no fields).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.files import FileRefused, read_bytes

from .faces import ignores_record
from .sheet import FaceRef, Page
from .stamp import FaceStamps
from .words import ENGLISH, Words

MANIFEST_FORMAT = 2
MAX_MANIFEST_BYTES = 256 * 1024 * 1024

FaceKey = tuple[str, str, str, int | None]   # component, record id, side, die face


class ManifestError(ValueError):
    """A manifest that cannot be compared: unreadable, of another game or of an older format."""


def face_digest(stamps: FaceStamps, looks: Any, face: FaceRef) -> str:
    """The digest `face`'s stamp shows (a back its look draws the same for every record: without the record)."""
    shared = face.side == "back" and ignores_record(looks.back(face.component.spec))
    return stamps.digest(face, shared)


def recorded(pages: list[Page], game: Any, looks: Any, stamps: FaceStamps) -> dict[str, Any]:
    """The manifest's `version`, `faces` (of the listed items of `pages`, each once) and `records`."""
    faces: dict[FaceKey, dict[str, Any]] = {}
    for item in (i for p in pages for i in p.items if i.listed):
        face = item.face
        key = (face.component.id, face.record.id, face.side, face.die_face)
        if key not in faces:
            entry = {"component": key[0], "id": key[1], "side": key[2]}
            if face.die_face is not None:
                entry["die_face"] = face.die_face
            faces[key] = {**entry, "digest": face_digest(stamps, looks, face)}
    records = [{"component": comp.id, "id": r.id, "fields": stamps.fields(r)} for comp in game.components
               for r in comp.records]
    return {"version": getattr(game, "version", None), "faces": list(faces.values()), "records": records}


def read_manifest(path: Path, game: str | None = None, *, option: str = "") -> dict[str, Any]:
    """A build's manifest (format 2), of `game` when given; ManifestError saying what is wrong with it."""
    shown = f"{option} {path}".strip()
    try:
        data = json.loads(read_bytes(path, limit=MAX_MANIFEST_BYTES))
    except FileRefused as exc:
        raise ManifestError(f"{shown}: {exc}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ManifestError(f"{shown}: expected a build's .json manifest, got a file that is not JSON ({exc})") from None
    if not isinstance(data, dict) or "pages" not in data or "game" not in data:
        raise ManifestError(f"{shown}: expected a build's .json manifest (GAME-PAPER.json), got JSON without "
                            "game and pages")
    found = data.get("format")
    if found != MANIFEST_FORMAT:
        raise ManifestError(f"{shown}: a manifest of format {found!r}, written before pnpkit recorded each face's "
                            f"digest: expected format {MANIFEST_FORMAT}; build that kit again with this pnpkit"
                            if isinstance(found, int) and not isinstance(found, bool) and found < MANIFEST_FORMAT else
                            f"{shown}: expected manifest format {MANIFEST_FORMAT}, got {found!r}")
    if game is not None and data["game"] != game:
        raise ManifestError(f"{shown}: a manifest of the game {data['game']!r}, not of {game!r}")
    if not isinstance(data.get("faces"), list) or not isinstance(data.get("records"), list):
        raise ManifestError(f"{shown}: expected its faces and records lists, got a manifest without them")
    _check(shown, "faces", data["faces"], {"component": str, "id": str, "side": str, "digest": str},
           optional={"die_face": int})
    _check(shown, "records", data["records"], {"component": str, "id": str, "fields": dict})
    if not isinstance(data["pages"], list):
        raise ManifestError(f"{shown}: pages: expected a list, got {type(data['pages']).__name__}")
    _check(shown, "pages", data["pages"], {"number": int, "height": (int, float), "items": list})
    for page in data["pages"]:
        _check(shown, f"pages.{page['number']}.items", page["items"],
               {"component": str, "id": str, "side": str, "x": (int, float), "y": (int, float),
                "w": (int, float), "h": (int, float)}, optional={"die_face": int, "rotation": int})
    return data


def _check(shown: str, where: str, entries: list, fields: dict[str, Any], optional: dict[str, Any] | None = None) -> None:
    """Each entry a table holding `fields` of their types (and `optional` ones, when there); ManifestError naming
    the first that is not (a manifest edited by hand, or not pnpkit's)."""
    for n, entry in enumerate(entries, 1):
        wanted = {**fields, **{k: t for k, t in (optional or {}).items() if isinstance(entry, dict) and k in entry}}
        if not isinstance(entry, dict) or any(type(entry.get(k)) is bool or not isinstance(entry.get(k), t)
                                              for k, t in wanted.items()):
            raise ManifestError(f"{shown}: {where}.{n}: expected a table with {', '.join(wanted)}, got "
                                f"{json.dumps(entry, ensure_ascii=False)[:80]}")


def face_keys(manifest: dict[str, Any]) -> dict[FaceKey, str]:
    """{(component, id, side, die face): digest} of a manifest's faces."""
    return {(f["component"], f["id"], f["side"], f.get("die_face")): f["digest"] for f in manifest["faces"]}


@dataclass
class Changes:
    """What changed between two builds' definitions, records by id."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[dict[str, Any]] = field(default_factory=list)   # {"id", "fields": {name: [old, new]}}
    faces: set[tuple[str, str]] = field(default_factory=set)      # (component, id) of every record reprinted

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed or self.faces)

    def as_json(self) -> dict[str, Any]:
        return {"added": self.added, "removed": self.removed, "changed": self.changed}


def changes(old: dict[str, Any], new: dict[str, Any]) -> Changes:
    """The changes from manifest `old` to manifest `new` (both read by `read_manifest`)."""
    before, after = face_keys(old), face_keys(new)
    faces = {(k[0], k[1]) for k, digest in after.items() if before.get(k) != digest}
    old_records = {r["id"]: r["fields"] for r in old["records"]}
    new_records = {r["id"]: r["fields"] for r in new["records"]}
    found = Changes(added=[i for i in new_records if i not in old_records],
                    removed=[i for i in old_records if i not in new_records], faces=faces)
    redrawn = {record for _, record in faces}
    for record, fields in new_records.items():
        if record not in old_records:
            continue
        was = old_records[record]
        differ = {name: [was.get(name), fields.get(name)] for name in dict.fromkeys([*was, *fields])
                  if was.get(name) != fields.get(name)}
        if differ or record in redrawn:
            found.changed.append({"id": record, "fields": differ})
    return found


def change_lines(found: Changes, words: Words = ENGLISH) -> list[str]:
    """The changes as lines for people: what `generator changes` prints and a reprint's first page says (in
    the reprinted game's language: `words`)."""
    if not found:
        return [words.gettext("nothing changed")]
    lines = []
    if found.added:
        lines.append(words.gettext("added ({count}): {ids}", count=len(found.added), ids=", ".join(found.added)))
    if found.removed:
        lines.append(words.gettext("removed ({count}): {ids}", count=len(found.removed),
                                   ids=", ".join(found.removed)))
    for entry in found.changed:
        fields = entry["fields"]
        said = "; ".join(f"{name} {_shown(old)} -> {_shown(new)}" for name, (old, new) in fields.items())
        lines.append(words.gettext("changed {id}: {fields}", id=entry["id"],
                                   fields=said or words.gettext("its art, fonts or layout (no field)")))
    return lines


def _shown(value: Any) -> str:
    """A field's value as a line shows it: JSON, cut at 120 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."
