"""`generator pull`: live spreadsheets fetched from a local HTTP server into their snapshots (issue 36 point 3).

Each answer a real server may give (a good sheet, a changed one, slow, huge, the wrong content type, a
redirect loop, a server error, a page that is not CSV, a bad cell) through a real `ThreadingHTTPServer`
on 127.0.0.1; after every failure the snapshot holds the bytes it held before.
"""
from __future__ import annotations

import shutil
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import edit_text
from generator.pull import pull
from test_designer import EXAMPLES, generator

SHEET = (EXAMPLES / "fox-deck" / "cards.csv").read_bytes()
CHANGED = SHEET.replace(b"night-fox,Night Fox,,art/night-fox.png,Play at dusk. *Quiet as the moon.*,3,",
                        b"night-fox,Night Fox,,art/night-fox.png,Play at dusk. *Quiet as the moon.*,4,") \
    + b"dawn-fox,Dawn Fox,,art/fox.png,Gain :paw:.,1,\n"


class Sheets(BaseHTTPRequestHandler):
    """The answers, by path: what a published sheet, a sign-in page or a broken server send."""

    routes: dict[str, tuple[int, str, bytes]] = {}

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path == "/slow":
            time.sleep(3)
        if self.path.startswith("/loop"):
            self.send_response(302)
            self.send_header("Location", "/loop-again" if self.path == "/loop" else "/loop")
            self.end_headers()
            return
        if self.path == "/moved":
            self.send_response(301)
            self.send_header("Location", "/good")
            self.end_headers()
            return
        if self.path == "/huge":
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.end_headers()
            self.wfile.write(b"id,name\n")
            try:
                for _ in range(3_000):
                    self.wfile.write(b"x" * 1_000 + b",y\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        status, kind, body = self.routes.get(self.path, (404, "text/plain", b"no such sheet"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


class Quiet(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that gave up (the slow sheet) is not the test's business


@pytest.fixture(scope="module")
def server():
    Sheets.routes = {
        "/good": (200, "text/csv; charset=utf-8", SHEET),
        "/changed": (200, "text/csv", CHANGED),
        "/signin": (200, "text/html; charset=utf-8", b"<!DOCTYPE html><html><body>Sign in</body></html>"),
        "/html-as-csv": (200, "text/csv", b"<!DOCTYPE html><html><body>Sign in</body></html>"),
        "/broken": (500, "text/plain", b"oops"),
        "/bad-cell": (200, "text/csv", SHEET.replace(b",Red Fox,2,", b",Red Fox,two,")),
    }
    httpd = Quiet(("127.0.0.1", 0), Sheets)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def fox(tmp_path: Path, url: str) -> Path:
    """The fox deck kept as cards.csv, whose source is `url`."""
    game = tmp_path / "fox-deck"
    shutil.copytree(EXAMPLES / "fox-deck", game)
    edit_text(game / "game.toml", 'file = "cards.toml"          # or "cards.csv": the same cards kept as a spreadsheet',
              f'file = "cards.csv"\nsource = "{url}"')
    return game


def test_pull_writes_the_snapshot_and_lists_what_changed(server, tmp_path):
    game = fox(tmp_path, f"{server}/changed")
    code, said, err = generator("pull", game)
    assert (code, err) == (0, "")
    assert said.splitlines() == [
        f"{game}/cards.csv <- {server}/changed: 1 added, 0 removed, 1 fields changed",
        "  + dawn-fox",
        "  ~ night-fox: cost '3' -> '4'",
    ]
    assert (game / "cards.csv").read_bytes() == CHANGED
    assert sorted(p.name for p in game.iterdir() if p.name.startswith(".")) == []  # no lock or journal left
    code, said, _ = generator("pull", game)
    assert (code, said) == (0, f"{game}/cards.csv <- {server}/changed: unchanged\n")
    code, _, err = generator("build", game, "--out", tmp_path / "out")  # builds read the snapshot, offline
    assert code == 0 and "dawn-fox" in (tmp_path / "out" / "fox-deck-a4.json").read_text()


def test_pull_neither_copies_nor_opens_a_file_the_definitions_do_not_use(server, tmp_path):
    """The fetched sheet is validated in place of its snapshot: a large scan kept beside the art is not copied or
    opened (Python's audit hook sees every file it opens and every copy it makes)."""
    game = fox(tmp_path, f"{server}/changed")
    scan = game / "art" / "scan.tif"
    with scan.open("wb") as out:
        out.truncate(512 * 2**20)  # 512 MB, sparse: nothing on the disk until someone copies it
    seen: list[tuple[str, str]] = []
    watching = [True]

    def audit(event: str, args: tuple) -> None:
        if watching[0] and (event == "open" or event.startswith("shutil.copy")):
            seen.append((event, str(args[0])))

    sys.addaudithook(audit)  # a hook stays for the process: it stops recording below
    try:
        said = pull(game)
    finally:
        watching[0] = False
    assert said[0] == f"{game}/cards.csv <- {server}/changed: 1 added, 0 removed, 1 fields changed"
    assert (game / "cards.csv").read_bytes() == CHANGED
    opened = {Path(path).resolve() for event, path in seen if event == "open" and not path.isdigit()}
    assert {game.resolve() / "game.toml", game.resolve() / "art" / "fox.png"} <= opened  # the hook saw the load
    assert scan.resolve() not in opened
    assert [path for event, path in seen if event != "open"] == []  # no copy of any file or folder


def test_a_redirect_is_followed(server, tmp_path):
    game = fox(tmp_path, f"{server}/moved")
    (game / "cards.csv").write_bytes(CHANGED)
    code, said, _ = generator("pull", game)
    assert code == 0 and said.splitlines()[1:] == ["  - dawn-fox", "  ~ night-fox: cost '4' -> '3'"]
    assert (game / "cards.csv").read_bytes() == SHEET


@pytest.mark.parametrize("path, why", [
    ("/slow", "no answer within 1 s"),
    ("/huge", "larger than 2,000,000 bytes (a sheet's limit)"),
    ("/signin", "expected CSV, got text/html (is the sheet published to the web as CSV?)"),
    ("/html-as-csv", "expected CSV, got a web page or other document (is the sheet published to the web as CSV?)"),
    ("/loop", "more than 5 redirects (a redirect loop?)"),
    ("/broken", "the server answered 500 Internal Server Error"),
    ("/gone", "the server answered 404 Not Found"),
])
def test_each_bad_answer_says_why_and_leaves_the_snapshot(server, tmp_path, path, why):
    game = fox(tmp_path, f"{server}{path}")
    before = (game / "cards.csv").read_bytes()
    code, said, err = generator("pull", game, "--timeout", "1")
    assert (code, said) == (2, "")
    assert err == f"{game}/cards.csv: component 'foxes': {server}{path}: {why}; the snapshot is unchanged\n"
    assert (game / "cards.csv").read_bytes() == before


def test_a_bad_cell_in_the_fetched_sheet_is_named_at_its_row_and_column(server, tmp_path):
    game = fox(tmp_path, f"{server}/bad-cell")
    before = (game / "cards.csv").read_bytes()
    code, said, err = generator("pull", game)
    assert (code, said) == (2, "")
    assert err == (f"{game}/cards.csv (as fetched): row 2, column 'copies': card 'red-fox' (Red Fox): "
                   f"expected an integer, got 'two'\nthe snapshots are unchanged\n")
    assert (game / "cards.csv").read_bytes() == before


def test_a_source_needs_a_csv_snapshot_and_a_url(tmp_path):
    game = fox(tmp_path, "ftp://example.org/sheet.csv")
    code, _, err = generator("build", game, "--out", tmp_path / "out")
    assert (code, err) == (2, f"{game}/game.toml:30: components.foxes.source: expected the http:// or https:// "
                              f"address of a published CSV, got 'ftp://example.org/sheet.csv'\n")
    code, _, err = generator("pull", tmp_path / "nowhere")
    assert (code, err) == (2, f"{tmp_path / 'nowhere'}: expected a game folder with a game.toml\n")
    plain = tmp_path / "plain"
    shutil.copytree(EXAMPLES / "fox-deck", plain)
    code, _, err = generator("pull", plain)
    assert code == 2 and err == (f'{plain}/game.toml: no component names a source (add source = "https://..." '
                                 f'beside its file = "SNAPSHOT.csv")\n')
