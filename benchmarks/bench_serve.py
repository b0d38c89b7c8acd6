"""`checker serve`: the page's first load in bytes, and a resolve round trip through the API (issue 31).

    python3 benchmarks/bench_serve.py [--rounds 60]

Starts the real `checker serve` on a free port. First load: the bytes of the page, its script and
its style sheet as served (pictures and the game data the page asks for once a game is chosen are
listed apart; target at most 300 kB). Round trip: POST /api/resolve with the README's dispute over
one kept-alive HTTP connection, alternated round by round with the same `settle` called in this
process (what the API adds: HTTP, the worker thread, uvicorn), medians (target at most 50 ms).
"""
from __future__ import annotations

import argparse
import http.client
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import bench_env, rounds_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=60)
    rounds = parser.parse_args().rounds
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    dispute = re.search(r"<!-- check: state dispute.toml -->\n```toml\n(.*?)```", text, re.S).group(1).encode()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = bench_env()
    server = subprocess.Popen([sys.executable, "-c", "from checker.cli import main; main()", "serve", "--port",
                               str(port)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        server.stdout.readline()
        server.stdout.readline()
        conn = http.client.HTTPConnection("127.0.0.1", port)

        def get(path: str) -> bytes:
            conn.request("GET", path)
            response = conn.getresponse()
            body = response.read()
            assert response.status == 200, (path, response.status)
            return body

        first = {path: len(get(path)) for path in ("/", "/static/app.js", "/static/app.css")}
        data = {path: len(get(path)) for path in ("/api/games", "/api/games/el-dorado-canyon",
                                                  "/api/games/eldorado", "/api/games/eternal-gold-and-steel")}
        print("first load (HTML, script, styles):")
        for path, size in first.items():
            print(f"  {path}: {size:,} bytes")
        print(f"  total {sum(first.values()):,} bytes (target at most 300,000)")
        print("game data, fetched when a game is chosen (JSON):")
        for path, size in data.items():
            print(f"  {path}: {size:,} bytes")

        import os

        os.environ["PNPKIT_CACHE"] = env["PNPKIT_CACHE"]
        from checker.core.resolve_cmd import printed, settle
        from checker.core.state_io import parse_state
        from checker.serve.games import Served

        served = Served([])

        def through_api() -> float:
            start = time.perf_counter()
            conn.request("POST", "/api/resolve", body=dispute, headers={"content-type": "application/toml"})
            response = conn.getresponse()
            response.read()
            assert response.status == 200
            return time.perf_counter() - start

        def in_process() -> float:
            start = time.perf_counter()
            printed(settle("state.toml", lambda: parse_state(dispute, "state.toml"), None,
                           served.place("state.toml")), True)
            return time.perf_counter() - start

        found = rounds_of({"api": through_api, "direct": in_process}, rounds)  # warm: definitions, imports
        api, direct = found["api"], found["direct"]
        a, d = statistics.median(api) * 1000, statistics.median(direct) * 1000
        print(f"resolve of the README's dispute, {rounds} alternated rounds, medians:")
        print(f"  through the API (HTTP round trip): {a:.1f} ms (target at most 50 ms)")
        print(f"  settle in this process:            {d:.1f} ms")
        print(f"  ratio {a / d:.2f}x (what HTTP, uvicorn and the worker thread add: {a - d:.1f} ms)")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
