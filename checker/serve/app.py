"""The Starlette application of `checker serve`: the page, its assets, the API and the card pictures.

Starlette (on uvicorn) is small, typed, kept by the encode team, and has what this page needs and no
more: routing, static files that refuse paths leaving their folder, a test client, and no template or
ORM layer to carry. Every asset is a file of this package: the page works with no internet.
"""
from __future__ import annotations

import asyncio
import functools
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import api
from .faces import Faces
from .games import Served, label_of

STATIC = os.path.join(os.path.dirname(__file__), "static")
COOKIE = "pnpkit_token"
T = TypeVar("T")
LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]
HEADERS = {  # the page runs only its own script and styles, and loads nothing from elsewhere
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}


def create_app(served: Served, token: str | None = None, hosts: list[str] | None = None) -> Starlette:
    """The app for `served`. With `token` (given with --host) every request must carry it: the printed URL's
    `?token=`, the cookie the page gets from it, or an `X-Token` header. Without it, only `hosts` (localhost)
    may name the server (a page elsewhere cannot reach it through DNS rebinding)."""
    faces = Faces({name: served.ref(name) or name for name in served.names()})
    # One worker settles states in turn: the engines' caches (and the TOML parser's extension module)
    # are not made for threads, and a resolve takes milliseconds. Faces are drawn beside it.
    settler = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settle")

    async def settled(call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(settler, functools.partial(call, *args))

    async def page(request: Request) -> Response:
        response = FileResponse(os.path.join(STATIC, "index.html"), media_type="text/html; charset=utf-8")
        if token is not None:  # the page's own requests carry the token as a cookie
            response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return response

    async def games(request: Request) -> Response:
        listed = await settled(lambda: [{k: served.describe(n)[k] for k in ("name", "title", "rules", "players")}
                                        for n in served.names()])
        return JSONResponse(listed)

    async def game(request: Request) -> Response:
        name = request.path_params["name"]
        if served.ref(name) is None:
            return _error(404, f"game: expected one of {', '.join(served.names())}, got {name!r}")
        return JSONResponse(await settled(served.describe, name))

    async def face(request: Request) -> Response:
        p = request.path_params
        data = await asyncio.get_running_loop().run_in_executor(None, faces.face, p["game"], p["component"], p["card"])
        if data is None:
            return PlainTextResponse("no such picture", status_code=404)
        return Response(data, media_type="image/png", headers={"cache-control": "private, max-age=86400"})

    async def resolve(request: Request) -> Response:
        body = await _body(request)
        if isinstance(body, Response):
            return body
        seed = request.query_params.get("seed")
        if seed is not None and not (seed.isascii() and seed.isdigit() and len(seed) < 20):
            return _error(422, f"seed: expected a whole number 0 or more, got {seed!r}")
        label = label_of(request.query_params.get("name"))
        status, text = await settled(api.resolve, served, body, label, None if seed is None else int(seed))
        return Response(text, status_code=status, media_type="application/json")

    async def parse(request: Request) -> Response:
        body = await _body(request)
        if isinstance(body, Response):
            return body
        status, text = await settled(api.parse, body, label_of(request.query_params.get("name")))
        return Response(text, status_code=status, media_type="application/json")

    routes = [
        Route("/", page),
        Route("/api/games", games),
        Route("/api/games/{name}", game),
        Route("/api/resolve", resolve, methods=["POST"]),
        Route("/api/parse", parse, methods=["POST"]),
        Route("/faces/{game}/{component}/{card}.png", face),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(Guard, token=token)]
    if token is None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=hosts or LOCAL_HOSTS))
    return Starlette(routes=routes, middleware=middleware)


class Guard:
    """Every response gets the page's security headers; with a token, a request without it gets 403."""

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.token is not None and not self._carries(HTTPConnection(scope)):
            await _headed(PlainTextResponse("forbidden: open the URL `checker serve` printed (with its token)",
                                            status_code=403))(scope, receive, send)
            return

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in have)]
            await send(message)

        await self.app(scope, receive, headed)

    def _carries(self, conn: HTTPConnection) -> bool:
        assert self.token is not None
        given = [conn.query_params.get("token"), conn.cookies.get(COOKIE), conn.headers.get("x-token")]
        return any(g is not None and secrets.compare_digest(g.encode(), self.token.encode()) for g in given)


def _headed(response: Response) -> Response:
    response.headers.update(HEADERS)
    return response


async def _body(request: Request) -> bytes | Response:
    """The request's body, at most `api.MAX_BODY` bytes (read no further: a larger one is 413)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > api.MAX_BODY):
        return _error(413, f"state: expected at most {api.MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > api.MAX_BODY:
            return _error(413, f"state: expected at most {api.MAX_BODY} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _error(status: int, message: str) -> Response:
    body: dict[str, Any] = {"error": message, "player": None, "field": None}
    return JSONResponse(body, status_code=status)
