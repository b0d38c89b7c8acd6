"""`checker serve`'s API through Starlette's test client: the CLI's own answers, its limits and its token."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from checker.serve.app import create_app
from checker.serve.games import Served

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
EDC_TEST = ROOT / "tests" / "games" / "edc-test"
BUILTIN = ("el-dorado-canyon", "eldorado", "eternal-gold-and-steel")


def readme_dispute() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"<!-- check: state dispute.toml -->\n```toml\n(.*?)```", text, re.S).group(1)


@pytest.fixture(scope="module")
def served() -> Served:
    return Served([str(EDC_TEST)])


@pytest.fixture(scope="module")
def client(served, tmp_path_factory) -> TestClient:
    import os

    os.environ["PNPKIT_CACHE"] = str(tmp_path_factory.getbasetemp() / "cache")
    return TestClient(create_app(served), base_url="http://127.0.0.1")


def cli(state: Path, seed: int | None) -> subprocess.CompletedProcess:
    """`checker resolve --json`, run in the state's folder with its bare name (so messages name it alone)."""
    args = [sys.executable, "-c", "from checker.cli import main; main()", "resolve", state.name, "--json"]
    args += ["--seed", str(seed)] if seed is not None else []
    return subprocess.run(args, capture_output=True, text=True, cwd=state.parent, timeout=60)


def cases(games: tuple[str, ...]) -> list[Path]:
    return sorted(p for g in games for p in (CASES / g).glob("*.toml") if not p.name.endswith(".expect.toml"))


def seed_of(case: Path) -> int | None:
    expect = case.with_name(case.name.replace(".toml", ".expect.toml"))
    return tomllib.loads(expect.read_text()).get("seed") if expect.exists() else None


def test_every_builtin_case_gives_the_clis_json(client):
    """For every case-book state of a built-in game: the CLI's stdout (200) or its message (422), byte for byte."""
    checked = 0
    for case in cases(BUILTIN):
        if tomllib.loads(case.read_text()).get("game") not in BUILTIN:
            continue
        seed = seed_of(case)
        done = cli(case, seed)
        query = {"name": case.name} | ({"seed": str(seed)} if seed is not None else {})
        answer = client.post("/api/resolve", params=query, content=case.read_bytes())
        if done.returncode == 0:
            assert (answer.status_code, answer.text) == (200, done.stdout), case.name
        else:
            assert answer.status_code == 422, case.name
            assert answer.json()["error"] == done.stderr.rstrip("\n"), case.name
        checked += 1
    assert checked >= 160


def test_a_served_folder_is_named_by_its_folder_name(client):
    """The El Dorado Canyon test game's cases name it by path; served as `edc-test`, the API gives the CLI's
    verdict (the state's `game` line aside), and the path itself is refused."""
    checked = 0
    for case in cases(("el-dorado-canyon",)):
        text = case.read_text()
        if 'game = "../../games/edc-test"' not in text:
            continue
        done = cli(case, seed_of(case))
        if done.returncode != 0:
            continue
        answer = client.post("/api/resolve", params={"name": case.name},
                             content=text.replace('game = "../../games/edc-test"', 'game = "edc-test"'))
        assert answer.status_code == 200, answer.text
        expected = done.stdout.replace('"game": "../../games/edc-test"', '"game": "edc-test"')
        assert answer.text == expected, case.name
        refused = client.post("/api/resolve", params={"name": case.name}, content=text)
        assert refused.status_code == 422
        assert refused.json()["error"].startswith(f"{case.name}: game: expected a built-in game")
        checked += 1
    assert checked >= 20


def test_refusal_names_the_player_and_field(client):
    case = CASES / "el-dorado-canyon" / "09-pistol-needs-a-direction.toml"
    state = case.read_text().replace('game = "../../games/edc-test"', 'game = "edc-test"')
    answer = client.post("/api/resolve", params={"name": case.name}, content=state)
    assert answer.status_code == 422
    assert answer.json()["player"] == "Ann"
    assert answer.json()["field"] == "play.direction"
    assert answer.json()["error"].startswith("09-pistol-needs-a-direction.toml: player 'Ann': play.direction: expected")


def test_paths_are_refused(client, tmp_path):
    """A state names games (and an Eldorado `map`) by served name: a path is never read."""
    answer = client.post("/api/resolve", content=b'game = "/etc"\n')
    assert answer.status_code == 422
    assert "got '/etc'" in answer.json()["error"]
    state = (CASES / "eldorado" / "01-fair-wind.toml").read_text().replace('game = "eldorado"',
                                                                          'game = "eldorado"\nmap = "../../cards/eldorado"')
    answer = client.post("/api/resolve", content=state)
    assert answer.status_code == 422
    assert answer.json()["error"] == ("state.toml: map: expected the name of a served folder of Eldorado definitions "
                                      "(edc-test), got '../../cards/eldorado'")
    for bad in ("../../etc/passwd", "%2e%2e", "..%2f..%2fREADME.md"):
        assert client.get(f"/static/{bad}").status_code == 404
        assert client.get(f"/faces/el-dorado-canyon/{bad}/x.png").status_code == 404
    assert client.get("/api/games/..%2f..%2fcards").status_code == 404


def test_bodies_are_bounded(client):
    answer = client.post("/api/resolve", content=b"# " + b"x" * 300_000 + b"\n")
    assert (answer.status_code, answer.json()["error"]) == (413, "state: expected at most 256000 bytes")


def test_the_readme_dispute(client):
    answer = client.post("/api/resolve", content=readme_dispute())
    assert answer.status_code == 200
    assert answer.json()["headline"].startswith("Ann's Pistol: Bob takes 1 damage (1 + 1 - 1 blocked): health 2 -> 1")


def test_hostile_names_come_back_as_data(client):
    """Markup, script, control and terminal escape characters in a name: JSON text, never markup; the page
    itself is a static file that no state reaches."""
    hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>\x07\x1b[31m\x1b]0;pwned\x07"'
    state = readme_dispute().replace('"Ann"', _toml(hostile))
    answer = client.post("/api/resolve", content=state)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    assert "\x1b" not in answer.text and "\x07" not in answer.text  # escaped as \u001b, \u0007
    assert answer.json()["state"]["players"][0]["name"] == hostile
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"


def _toml(text: str) -> str:
    import tomli_w

    return tomli_w.dumps({"x": text})[4:].strip()


def test_a_token_is_needed_on_every_request(served):
    app = TestClient(create_app(served, token="s3cret"), base_url="http://192.168.1.5")
    for path in ("/", "/static/app.js", "/api/games", "/faces/el-dorado-canyon/starting/pistol.png"):
        assert app.get(path).status_code == 403, path
    assert app.post("/api/resolve", content=readme_dispute()).status_code == 403
    assert app.get("/?token=wrong").status_code == 403
    page = app.get("/?token=s3cret")
    assert page.status_code == 200 and "pnpkit_token=s3cret" in page.headers["set-cookie"]
    assert "samesite=strict" in page.headers["set-cookie"].lower()
    assert app.get("/api/games").status_code == 200  # the cookie the page set
    fresh = TestClient(create_app(served, token="s3cret"), base_url="http://192.168.1.5")
    assert fresh.post("/api/resolve", content=readme_dispute(), headers={"x-token": "s3cret"}).status_code == 200


def test_without_a_token_only_localhost_may_name_the_server(served):
    """DNS rebinding: a page of evil.example resolved to 127.0.0.1 is refused by the Host it sends."""
    assert TestClient(create_app(served), base_url="http://evil.example").get("/api/games").status_code == 400
    assert TestClient(create_app(served), base_url="http://localhost:8000").get("/api/games").status_code == 200


def test_opening_a_state_gives_its_tables(client):
    case = CASES / "eldorado" / "01-fair-wind.toml"
    answer = client.post("/api/parse", params={"name": case.name}, content=case.read_bytes())
    assert answer.json() == tomllib.loads(case.read_text())
    broken = client.post("/api/parse", params={"name": "x.toml"}, content=b"game = \n")
    assert broken.status_code == 422 and broken.json()["error"].startswith("x.toml: TOML syntax error")


def test_the_game_description_is_the_schema(client):
    """The page's form fields are `checker schema`'s: the same tables and fields, in order."""
    from checker.core.engines import engine_for

    for name in BUILTIN:
        described = client.get(f"/api/games/{name}").json()
        schema = engine_for(name, name).STATE_SCHEMA
        assert [(t["path"], [f["name"] for f in t["fields"]]) for t in described["schema"]["tables"]] == \
            [(t.path, [f.name for f in t.fields]) for t in schema.tables]
    chart = client.get("/api/games/eldorado").json()["map"]
    assert (chart["width"], chart["height"], len(chart["squares"])) == (40, 26, 1040)
    assert client.get("/api/games/el-dorado-canyon").json()["map"] is None


def test_faces_are_drawn_once_by_the_generator_command(client):
    first = client.get("/faces/el-dorado-canyon/starting/pistol.png")
    assert first.status_code == 200 and first.content.startswith(b"\x89PNG")
    assert client.get("/faces/el-dorado-canyon/starting/no-such-card.png").status_code == 404


def test_serve_imports_nothing_on_resolves_path():
    """`checker resolve` never loads Starlette; `checker` never imports `generator`, even serving."""
    code = ("import sys; from checker.core import resolve_cmd; import checker.cli; "
            "import checker.serve.app, checker.serve.run; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('generator', 'reportlab')))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "[]"
    code = "import sys; from checker.cli import _run; print('starlette' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


def _serve(*args: str, env_cache: Path) -> subprocess.Popen:
    import os

    return subprocess.Popen([sys.executable, "-c", "from checker.cli import main; main()", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PNPKIT_CACHE=str(env_cache)))


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_with_host_the_printed_url_carries_a_token_and_a_qr_code(tmp_path):
    """`--host`: the URL printed (and drawn as a QR code) carries the token; without it every request is 403."""
    import urllib.error
    import urllib.request

    port = _free_port()
    process = _serve("--host", "127.0.0.1", "--port", str(port), env_cache=tmp_path)
    try:
        line = process.stdout.readline()
        url = re.fullmatch(r"Serving el-dorado-canyon, eternal-gold-and-steel, eldorado at "
                           rf"(http://127\.0\.0\.1:{port}/\?token=[A-Za-z0-9_-]{{22}})\n", line).group(1)
        qr = [process.stdout.readline() for _ in range(20)]
        assert sum("█" in row or "▀" in row or "▄" in row for row in qr) >= 15  # drawn with block characters
        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200 and b"Settle it at the table" in page.read()
        for path in ("", "static/app.js", "api/games"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=10)
            assert refused.value.code == 403
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_serve_refuses_what_it_cannot_serve(tmp_path):
    done = _serve("no-such-folder", env_cache=tmp_path).communicate(timeout=60)
    assert done == ("", "no-such-folder: expected a built-in game (el-dorado-canyon, eternal-gold-and-steel, eldorado) "
                        "or a folder with a game.toml\n")
    port = _free_port()
    first = _serve("--port", str(port), env_cache=tmp_path)
    try:
        first.stdout.readline()
        second = _serve("--port", str(port), env_cache=tmp_path)
        out, err = second.communicate(timeout=60)
        assert second.returncode == 2
        assert err == f"--host/--port: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    finally:
        first.terminate()
        first.wait(timeout=10)
