"""The table display's web server: one page, live updates, taps, private views.

A :class:`TableServer` runs Starlette under uvicorn in a background thread, so the
session's loop is never slowed by a page. Every address carries an access token: the
table's token shows the shared page; each player's own token adds what only that player
may see. A request without a known token is refused (403).

* ``GET /?t=TOKEN`` the page (plain HTML, CSS and JavaScript shipped in the package);
* ``GET /events?t=TOKEN`` server-sent events, one JSON snapshot per change;
* ``GET /map?t=TOKEN`` the game's map drawing (SVG), where the game has one;
* ``POST /tap`` ``{"t": TOKEN, "serial": N, "index": I}`` answers question N with its
  I-th answer, through the same session as speech (a tap for an older question is
  refused with 409, so a late tap never answers the wrong question).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Literal

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.web.addresses import lan_address
from companion.web.view import Moment, TableView

Reach = Literal["local", "lan"]
STATIC = resources.files("companion.web") / "static"


class DisplayUnavailable(Exception):
    """The display could not start (the port is taken, no network); the message says why."""


@dataclass(eq=False)
class _Page:
    """One connected page: whose it is and its queue of events to send."""

    player: str | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


class TableServer:
    """Serves the table display and hands taps to :attr:`on_tap`."""

    def __init__(self, reach: Reach = "local", port: int = 8765) -> None:
        self.reach = reach
        self.table_token = secrets.token_urlsafe(9)
        self.player_tokens: dict[str, str] = {}
        self.view = TableView(publish=self.publish)
        self._port = port
        self._pages: set[_Page] = set()
        self._latest: dict[str | None, str] = {}
        self._moment = Moment()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.on_tap: Callable[[str], None] = lambda phrase: None
        """Called (in the server's thread) with the phrase of each answer tapped."""
        self.on_new_player: Callable[[str, str], None] = lambda name, url: None
        """Called with a player's name and private address when their token is made."""

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> str:
        """Start serving in the background; return the table's address."""
        host = "127.0.0.1" if self.reach == "local" else "0.0.0.0"
        try:
            sock = socket.create_server((host, self._port))
        except OSError as error:
            raise DisplayUnavailable(
                f"The table display cannot use port {self._port} ({error.strerror}). "
                "Choose another with --display-port."
            ) from None
        self._port = sock.getsockname()[1]
        config = uvicorn.Config(
            self._app(), log_level="warning", lifespan="off", timeout_graceful_shutdown=1
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._serve, args=(sock,), daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)
        return self.url(self.table_token)

    def stop(self) -> None:
        """Close every page's stream and stop the server."""
        if self._server is None or self._loop is None:
            return
        self._loop.call_soon_threadsafe(self._close_pages)
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)

    def url(self, token: str) -> str:
        """The address of the page for ``token``."""
        return f"http://{self._public_host()}:{self._port}/?t={token}"

    # -- from the session thread -----------------------------------------------------------

    def publish(self, moment: Moment) -> None:
        """Send ``moment`` (and each player's private lines) to every page."""
        self._moment = moment
        for name in moment.players:
            if name not in self.player_tokens:
                self.player_tokens[name] = secrets.token_urlsafe(9)
                self.on_new_player(name, self.url(self.player_tokens[name]))
        shared = moment.model_dump(mode="json")
        payloads: dict[str | None, str] = {None: json.dumps(shared)}
        for name in self.player_tokens:
            private = {"player": name, "private": self.view.private_lines(name)}
            payloads[name] = json.dumps(shared | private)
        self._latest = payloads
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._fan_out, payloads)

    # -- inside the server's event loop ----------------------------------------------------

    def _serve(self, sock: socket.socket) -> None:
        asyncio.run(self._serve_async(sock))

    async def _serve_async(self, sock: socket.socket) -> None:
        self._loop = asyncio.get_running_loop()
        self._ready.set()
        assert self._server is not None
        await self._server.serve(sockets=[sock])

    def _fan_out(self, payloads: dict[str | None, str]) -> None:
        for page in self._pages:
            page.queue.put_nowait(payloads.get(page.player, payloads[None]))

    def _close_pages(self) -> None:
        for page in self._pages:
            page.queue.put_nowait(None)

    def _app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/", self._page),
                Route("/events", self._events),
                Route("/tap", self._tap, methods=["POST"]),
                Route("/map", self._map),
                Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
            ]
        )

    def _whose(self, token: str | None) -> tuple[bool, str | None]:
        """Whether ``token`` is known, and the player it belongs to (None: the table)."""
        if token is not None and secrets.compare_digest(token, self.table_token):
            return True, None
        for name, player_token in self.player_tokens.items():
            if token is not None and secrets.compare_digest(token, player_token):
                return True, name
        return False, None

    async def _page(self, request: Request) -> Response:
        known, _ = self._whose(request.query_params.get("t"))
        if not known:
            return _refused()
        return FileResponse(str(STATIC / "index.html"), headers={"Cache-Control": "no-store"})

    async def _events(self, request: Request) -> Response:
        known, player = self._whose(request.query_params.get("t"))
        if not known:
            return _refused()
        page = _Page(player)
        latest = self._latest.get(player, self._latest.get(None))
        if latest is not None:
            page.queue.put_nowait(latest)
        self._pages.add(page)
        return StreamingResponse(
            self._stream(page),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def _stream(self, page: _Page) -> AsyncIterator[str]:
        try:
            while (payload := await page.queue.get()) is not None:
                yield f"data: {payload}\n\n"
        finally:
            self._pages.discard(page)

    async def _map(self, request: Request) -> Response:
        known, _ = self._whose(request.query_params.get("t"))
        if not known:
            return _refused()
        if self.view.map_svg is None:
            return JSONResponse({"error": "this game has no map"}, status_code=404)
        return Response(self.view.map_svg, media_type="image/svg+xml")

    async def _tap(self, request: Request) -> Response:
        try:
            body = await request.json()
            token, serial, index = body["t"], int(body["serial"]), int(body["index"])
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "expected t, serial and index"}, status_code=400)
        known, _ = self._whose(str(token))
        if not known:
            return _refused()
        moment = self._moment
        if serial != moment.serial or not 0 <= index < len(moment.answers):
            return JSONResponse({"error": "that question has moved on"}, status_code=409)
        self.on_tap(moment.answers[index].phrase)
        return Response(status_code=204)

    def _public_host(self) -> str:
        if self.reach == "local":
            return "127.0.0.1"
        return lan_address()


def _refused() -> Response:
    return JSONResponse({"error": "this address needs the table's access token"}, 403)
