"""`checker serve`: start the page on uvicorn, print its URL (and, for the phones at the table, a QR code)."""
from __future__ import annotations

import secrets
import socket
import sys

from common.terminal import shown


def serve(args: list[str], port: int, host: str | None) -> int:
    """Serve the built-in games and the folders in `args` until interrupted; the exit code."""
    try:
        import segno
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        print(f"checker serve: needs {exc.name}: pip install 'pnpkit[serve]'", file=sys.stderr)
        return 2
    from .games import Served, ServeError

    try:
        served = Served(args)
    except ServeError as exc:
        print(shown(str(exc)), file=sys.stderr)
        return 2
    token = secrets.token_urlsafe(16) if host is not None else None  # off this machine: the URL is the key
    bind = host if host is not None else "127.0.0.1"
    try:  # listening before the URL is printed: a browser opening it at once is answered
        sock = socket.socket(socket.AF_INET6 if ":" in bind else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # the connections it accepts inherit this: without it a response's headers and body, written apart,
        # wait for the browser's delayed acknowledgement (40 ms a request; benchmarks/README.md)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((bind, port))
        sock.listen(64)
    except (OSError, UnicodeError) as exc:
        print(shown(f"--host/--port: cannot listen on {bind}:{port}: {getattr(exc, 'strerror', None) or exc}"),
              file=sys.stderr)
        return 2
    url = f"http://{_reachable(bind)}:{port}/" + (f"?token={token}" if token else "")
    app = create_app(served, token)
    print(shown(f"Serving {', '.join(served.names())} at {url}"))
    if host is not None:
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
        print("Scan it with a phone on the same network; the token in the URL is needed on every request.")
    print("Press Ctrl+C to stop.", flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    return 0


def _reachable(bind: str) -> str:
    """The address a phone types: the machine's own address on the network for 0.0.0.0 (or ::)."""
    if bind not in ("0.0.0.0", "::", ""):
        return f"[{bind}]" if ":" in bind else bind
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # a UDP connect sends nothing: it picks the outgoing address
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"
