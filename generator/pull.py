"""`generator pull FOLDER`: fetch each component's live spreadsheet into its snapshot file.

A component may name `source = "https://..."` (a published CSV: Google Sheets' "publish to web" as
CSV, or any URL) beside `file = "SNAPSHOT.csv"`. Builds read the snapshot only, so they stay offline
and reproducible; `pull` is the one step that goes online. It fetches every source with httpx (a
well-kept HTTP client: timeouts, redirects, certificate checks and streaming with a size limit, none
of which `urllib` makes simple), checks what came back is CSV, loads the game with each fetched
sheet read in place of its snapshot (`cards.loader.Reload`'s `staged`: only the fetched sheets wait
in a temporary folder; the game folder is neither copied nor changed, and every other file is read
where it is, confined to it), so a bad cell is named at its row and column before anything is
written, then writes every snapshot in one all-or-nothing step and prints what changed. Any failure
leaves every snapshot as it was, says why and exits 2.
"""
from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

from cards.spreadsheet import MAX_BYTES

TIMEOUT = 30.0  # seconds, for connecting and between bytes
MAX_REDIRECTS = 5
CSV_TYPES = {"text/csv", "text/plain", "application/csv", "text/comma-separated-values", "application/octet-stream"}


class PullError(Exception):
    """A source that could not be pulled, with the message the command prints (exit 2)."""


def sources_of(folder: Path) -> list[tuple[str, str, str]]:
    """(component id, snapshot file, source URL) for each component of the game that names a source."""
    from cards.tomlsource import read_toml

    data, _ = read_toml(folder / "game.toml", f"{folder}/game.toml", inside=folder)
    components = data.get("components")
    return [(str(c["id"]), str(c["file"]), str(c["source"])) for c in components if isinstance(c, dict)
            and isinstance(c.get("source"), str)] if isinstance(components, list) else []


def fetch(url: str, timeout: float = TIMEOUT, limit: int = MAX_BYTES) -> bytes:
    """The CSV at `url`, at most `limit` bytes; PullError saying what went wrong."""
    import httpx

    try:
        with httpx.Client(follow_redirects=True, max_redirects=MAX_REDIRECTS, timeout=timeout, verify=True) as client:
            with client.stream("GET", url, headers={"Accept": "text/csv"}) as answer:
                if answer.status_code != 200:
                    raise PullError(f"the server answered {answer.status_code} {answer.reason_phrase}")
                kind = answer.headers.get("content-type", "").split(";")[0].strip().lower()
                if kind and kind not in CSV_TYPES:
                    raise PullError(f"expected CSV, got {kind or 'no content type'} (is the sheet published to the "
                                    f"web as CSV?)")
                body = bytearray()
                for chunk in answer.iter_bytes():
                    body += chunk
                    if len(body) > limit:
                        raise PullError(f"larger than {limit:,} bytes (a sheet's limit)")
    except httpx.TooManyRedirects:
        raise PullError(f"more than {MAX_REDIRECTS} redirects (a redirect loop?)") from None
    except httpx.TimeoutException:
        raise PullError(f"no answer within {timeout:g} s") from None
    except httpx.InvalidURL as exc:
        raise PullError(f"not a URL pnpkit can fetch: {exc}") from None
    except httpx.HTTPError as exc:
        raise PullError(f"cannot fetch: {exc or type(exc).__name__}") from None
    return _checked_csv(bytes(body))


def _checked_csv(body: bytes) -> bytes:
    """`body` when it reads as a CSV sheet with a header row; PullError otherwise."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PullError(f"expected UTF-8 CSV, got byte 0x{body[exc.start]:02x} at offset {exc.start}") from None
    head = text.lstrip()[:200].lower()
    if head.startswith(("<!doctype", "<html", "<?xml", "{", "[")):
        raise PullError("expected CSV, got a web page or other document (is the sheet published to the web as CSV?)")
    rows = _rows(text)
    if not rows or "id" not in rows[0]:
        raise PullError("expected CSV whose first row names the fields, with an 'id' column")
    return body


def _rows(text: str) -> list[list[str]]:
    try:
        return [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]
    except csv.Error as exc:
        raise PullError(f"expected CSV: {exc}") from None


def records(body: bytes | None) -> dict[str, dict[str, str]]:
    """A sheet's rows by id, each as its cells by column (text as written): what the change list compares."""
    if not body:
        return {}
    rows = _rows(body.decode("utf-8-sig", errors="replace"))
    if not rows or "id" not in rows[0]:
        return {}
    header = rows[0]
    out: dict[str, dict[str, str]] = {}
    for row in rows[1:]:
        cells = dict(zip(header, row))
        out.setdefault(cells.get("id", ""), cells)
    return out


def changes(old: bytes | None, new: bytes) -> list[str]:
    """What changed between two snapshots: records added, removed, fields changed (old -> new)."""
    before, after = records(old), records(new)
    lines = [f"  + {rid}" for rid in after if rid not in before]
    lines += [f"  - {rid}" for rid in before if rid not in after]
    for rid in (r for r in after if r in before):
        for field in dict.fromkeys([*before[rid], *after[rid]]):
            was, now = before[rid].get(field, ""), after[rid].get(field, "")
            if was != now:
                lines.append(f"  ~ {rid}: {field} {was!r} -> {now!r}")
    return lines


def pull(folder: Path, timeout: float = TIMEOUT) -> list[str]:
    """Fetch, check and write every source's snapshot of the game in `folder`; the lines to print.

    PullError (nothing written) when a source cannot be fetched or the game does not load with what came."""
    from cards.errors import DefinitionError
    from cards.loader import Reload, load_game
    from common.files import FileRefused, read_bytes, write_set

    found = sources_of(folder)
    if not found:
        raise PullError(f"{folder}/game.toml: no component names a source (add source = \"https://...\" beside "
                        f"its file = \"SNAPSHOT.csv\")")
    fetched: dict[str, bytes] = {}
    for comp, file, url in found:
        if not file.lower().endswith(".csv"):
            raise PullError(f"{folder}/game.toml: component '{comp}': a source is fetched as CSV: its file must be a "
                            f".csv snapshot, got {file!r}")
        try:
            fetched[file] = fetch(url, timeout)
        except PullError as exc:
            raise PullError(f"{folder}/{file}: component '{comp}': {url}: {exc}; the snapshot is unchanged") from None
    with tempfile.TemporaryDirectory(prefix="pnpkit-pull-") as tmp:
        staged: dict[Path, Path] = {}
        for number, (file, body) in enumerate(fetched.items()):  # a folder each: two snapshots may share a name
            path = Path(tmp, str(number), Path(file).name)
            path.parent.mkdir()
            path.write_bytes(body)
            staged[folder.resolve() / file] = path
        try:
            load_game(str(folder), Reload(staged=staged))
        except DefinitionError as exc:
            fetched_files = {f"{folder}/{file}" for file in fetched}
            for problem in exc.problems:
                if problem.file in fetched_files:
                    problem.file += " (as fetched)"
            raise PullError("\n".join([*map(str, exc.problems), "the snapshots are unchanged"])) from None
    old: dict[str, bytes | None] = {}
    for file in fetched:
        try:
            old[file] = read_bytes(folder / file, inside=folder) if (folder / file).exists() else None
        except FileRefused:
            old[file] = None
    try:
        write_set({folder / file: body for file, body in fetched.items()}, root=folder)
    except FileRefused as exc:
        raise PullError(f"{folder}: {exc}; the snapshots are unchanged") from None
    out: list[str] = []
    for comp, file, url in found:
        lines = changes(old[file], fetched[file])
        out.append(f"{folder}/{file} <- {url}: " + (_summary(lines) if lines else "unchanged"))
        out += lines
    return out


def _summary(lines: list[str]) -> str:
    count = {sign: sum(line.startswith(f"  {sign} ") for line in lines) for sign in "+-~"}
    return f"{count['+']} added, {count['-']} removed, {count['~']} fields changed"
