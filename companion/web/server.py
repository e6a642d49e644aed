"""The table display's web server: one page, live updates, taps, private views.

A :class:`TableServer` runs Starlette under uvicorn in a background thread, so the
session's loop is never slowed by a page. Every address carries an access token: the
table's token shows the shared page; each player's own token adds what only that player
may see. A request without a known token is refused (403).

* ``GET /?t=TOKEN`` the page (plain HTML, CSS and JavaScript shipped in the package);
* ``GET /events?t=TOKEN`` server-sent events, one JSON snapshot per change;
* ``GET /map?t=TOKEN`` the game's map drawing (SVG), where the game has one;
* ``POST /tap`` ``{"serial": N, "index": I}`` answers question N with its I-th answer,
  through the same session as speech; a tap for a question that is answered, or is not
  the one being asked now, is refused with 409 and changes nothing;
* ``POST /reading`` ``{"action": "stop" | "skip"}`` cuts the reading short at once;
* ``POST /telling`` ``{"turn": N}`` ends telling N, under way, as its closing words would.

The page keeps its token out of the browser's history: it sends it in an
``X-Table-Token`` header (the events' address carries it as ``?t=``), and the first
load sets a same-site cookie so that a reload still finds it. ``t`` in a tap's body is
taken too. What a stranger can do without the token is bounded (see
:mod:`companion.web.guard` and the "Safety" section of docs/display.md): POSTs come from
the page's own origin, as JSON, with bodies of at most :data:`MOST_BODY_BYTES`;
anything malformed is a 400 or 403, and nothing the server meets is printed in the
players' terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import socket
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import uvicorn
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.framework.telling_turn import TellingListener
from companion.session.ports import Ears
from companion.web.addresses import lan_address
from companion.web.guard import (
    BACKLOG,
    KEEP_ALIVE_SECONDS,
    MAX_HEADER_BYTES,
    ConnectionGuard,
    Headers,
    WideQueueServer,
    connection_budget,
    guarded_protocol,
    quiet_logging,
)
from companion.web.reading import ReadingAction
from companion.web.taps import TapEars
from companion.web.tellings import TappableTellings
from companion.web.view import Moment, TableView

Reach = Literal["local", "lan"]
STATIC = resources.files("companion.web") / "static"
MOST_BODY_BYTES = 2048
"""A tap's body is a few dozen bytes; anything longer is refused (400) unread."""
MOST_TOKEN_CHARS = 64
COOKIE = "table_token"
TOKEN_HEADER = "x-table-token"
LOG = logging.getLogger("uvicorn.error")


class TapRequest(BaseModel):
    """A tap's body: which question it answers and with which button."""

    model_config = ConfigDict(extra="ignore")
    t: StrictStr | None = Field(default=None, max_length=MOST_TOKEN_CHARS)
    serial: StrictInt = Field(ge=0, le=2**53)
    index: StrictInt = Field(ge=0, le=10_000)


class ReadingRequest(BaseModel):
    """A reading button's body."""

    model_config = ConfigDict(extra="ignore")
    t: StrictStr | None = Field(default=None, max_length=MOST_TOKEN_CHARS)
    action: ReadingAction


class TellingRequest(BaseModel):
    """ "The tale is told": which telling it ends."""

    model_config = ConfigDict(extra="ignore")
    t: StrictStr | None = Field(default=None, max_length=MOST_TOKEN_CHARS)
    turn: StrictInt = Field(ge=0, le=2**53)


class Refusal(Exception):
    """A request refused: its status and what to say; ``hang_up`` closes the connection
    after the answer (the rest of a body too long is not read)."""

    def __init__(self, status: int, message: str, hang_up: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.hang_up = hang_up

    def response(self) -> Response:
        headers = {"Connection": "close"} if self.hang_up else None
        return JSONResponse({"error": str(self)}, status_code=self.status, headers=headers)


class DisplayUnavailable(Exception):
    """The display could not start (the port is taken, no network); the message says why."""


@dataclass(eq=False)
class _Page:
    """One connected page: whose it is and the newest snapshot it has not been sent yet
    (a page that reads slowly, or never, skips to the newest: nothing piles up)."""

    player: str | None
    newest: str | None = None
    closed: bool = False
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, payload: str | None) -> None:
        """Replace what is waiting with ``payload`` (None: close the stream)."""
        if payload is None:
            self.closed = True
        else:
            self.newest = payload
        self.changed.set()

    async def next(self) -> str | None:
        """The newest snapshot once there is one, or None when the stream closes."""
        while self.newest is None and not self.closed:
            self.changed.clear()
            await self.changed.wait()
        payload, self.newest = self.newest, None
        return None if self.closed else payload


class TableServer:
    """Serves the table display and hands taps to :attr:`on_tap`."""

    def __init__(self, reach: Reach = "local", port: int = 8765, log: Path | None = None) -> None:
        self.reach = reach
        self.log_path = log
        """Where the server's own messages go (never the terminal); None: nowhere."""
        self.table_token = secrets.token_urlsafe(9)
        self.player_tokens: dict[str, str] = {}
        self.view = TableView(publish=self.publish)
        self._port = port
        self._pages: set[_Page] = set()
        self._latest: dict[str | None, str] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.on_tap: Callable[[int, int, str | None], bool] = lambda serial, index, page: False
        """Called (in the server's thread) with each tap's question, button and page (the
        player whose private page it came from, None: the shared page); True when it
        answered (see :meth:`tap_ears`)."""
        self.on_reading: Callable[[ReadingAction], bool] = lambda action: False
        """Called (in the server's thread) when a page's reading button is pressed; True
        when something was being read."""
        self.on_telling_end: Callable[[int], bool] = lambda turn: False
        """Called (in the server's thread) with the turn of a telling a page ended; True
        when it was under way (see :meth:`tappable_tellings`)."""
        self.guard: ConnectionGuard | None = None
        self._ears: TapEars | None = None
        self.on_new_player: Callable[[str, str], None] = lambda name, url: None
        """Called with a player's name and private address when their token is made."""

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> str:
        """Start serving in the background; return the table's address."""
        host = "127.0.0.1" if self.reach == "local" else "0.0.0.0"
        try:
            sock = socket.create_server((host, self._port), backlog=BACKLOG)
        except OSError as error:
            raise DisplayUnavailable(
                f"The table display cannot use port {self._port} ({error.strerror}). "
                "Choose another with --display-port."
            ) from None
        self._port = sock.getsockname()[1]
        budget = connection_budget()
        self.guard = ConnectionGuard(budget)
        quiet_logging(self.log_path)
        config = uvicorn.Config(
            Headers(self._app(), self.guard),
            http=guarded_protocol(self.guard),
            log_config=None,
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=1,
            timeout_keep_alive=KEEP_ALIVE_SECONDS,
            # uvicorn's own 503 is a backstop above the guard's budget: a connection just
            # closed to make room is still counted until its loss is noticed.
            limit_concurrency=budget + BACKLOG + 1,
            h11_max_incomplete_event_size=MAX_HEADER_BYTES,
            backlog=BACKLOG,
        )
        self._server = WideQueueServer(config)
        self._thread = threading.Thread(target=self._serve, args=(sock,), daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)
        return self.url(self.table_token)

    def stop(self) -> None:
        """Close every page's stream and stop the server."""
        if self._server is None or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop has just ended by itself
            self._loop.call_soon_threadsafe(self._close_pages)
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)

    def tap_ears(self, inner: Ears) -> TapEars:
        """``inner`` wrapped to take this display's taps too, each question it asks shown
        on the pages (the session's ears, from then on). Called again (for the keyboard the
        session falls back on), the ears ask through the same questions as the first."""
        if self._ears is not None:
            return self._ears.beside(inner)
        self._ears = TapEars(inner, self.view)
        self.on_tap = self._ears.tap
        return self._ears

    def tappable_tellings(self, inner: TellingListener) -> TappableTellings:
        """``inner`` wrapped so that a page can end the telling under way, which the
        pages show (its countdown and "The tale is told") from when it begins."""
        tellings = TappableTellings(inner, self.view.on_telling)
        self.on_telling_end = tellings.end
        return tellings

    def url(self, token: str) -> str:
        """The address of the page for ``token``."""
        return f"http://{self._public_host()}:{self._port}/?t={token}"

    # -- from the session thread -----------------------------------------------------------

    def publish(self, moment: Moment) -> None:
        """Send ``moment`` (and each player's private lines) to every page."""
        for name in moment.players:
            if name not in self.player_tokens:
                self.player_tokens[name] = secrets.token_urlsafe(9)
                self.on_new_player(name, self.url(self.player_tokens[name]))
        shared = moment.model_dump(mode="json")
        payloads: dict[str | None, str] = {None: json.dumps(shared)}
        for name in self.player_tokens:
            private = {"player": name, "private": self.view.private_lines(name), "answers": []}
            if moment.asked_of == name:  # the table's or another player's: no buttons
                private["answers"] = [answer.model_dump() for answer in moment.own_answers]
            payloads[name] = json.dumps(shared | private)
        self._latest = payloads
        if self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._fan_out, payloads)
            except RuntimeError:  # the server has stopped: the game goes on without it
                self._loop = None

    # -- inside the server's event loop ----------------------------------------------------

    def _serve(self, sock: socket.socket) -> None:
        try:
            asyncio.run(self._serve_async(sock))
        except BaseException:  # the display ends; the game never does because of it
            LOG.exception("The table display stopped.")
        finally:
            self._loop = None
            self._ready.set()

    async def _serve_async(self, sock: socket.socket) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(_log_loop_error)
        self._ready.set()
        assert self._server is not None
        await self._server.serve(sockets=[sock])

    def _fan_out(self, payloads: dict[str | None, str]) -> None:
        for page in self._pages:
            page.offer(payloads.get(page.player, payloads[None]))

    def _close_pages(self) -> None:
        for page in self._pages:
            page.offer(None)

    def _app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/", self._page),
                Route("/events", self._events),
                Route("/tap", self._tap, methods=["POST"]),
                Route("/reading", self._reading, methods=["POST"]),
                Route("/telling", self._telling, methods=["POST"]),
                Route("/map", self._map),
                Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
            ]
        )

    def _whose(self, token: str | None) -> tuple[bool, str | None]:
        """Whether ``token`` is known, and the player it belongs to (None: the table)."""
        if not token or len(token) > MOST_TOKEN_CHARS:
            return False, None
        given = token.encode("utf-8", "replace")
        if secrets.compare_digest(given, self.table_token.encode()):
            return True, None
        for name, player_token in list(self.player_tokens.items()):
            if secrets.compare_digest(given, player_token.encode()):
                return True, name
        return False, None

    def _reader(self, request: Request) -> str | None:
        """Whose page reads (None: the table's), or a :class:`Refusal` without the token:
        the token in the address, else the cookie the page's first load set."""
        known, player = self._whose(request.query_params.get("t") or request.cookies.get(COOKIE))
        if not known:
            raise Refusal(403, REFUSED)
        return player

    async def _page(self, request: Request) -> Response:
        try:
            self._reader(request)
        except Refusal as refusal:
            return refusal.response()
        page = FileResponse(str(STATIC / "index.html"))
        if token := request.query_params.get("t"):
            page.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return page

    async def _events(self, request: Request) -> Response:
        try:
            player = self._reader(request)
        except Refusal as refusal:
            return refusal.response()
        page = _Page(player)
        latest = self._latest.get(player, self._latest.get(None))
        if latest is not None:
            page.offer(latest)
        self._pages.add(page)
        return StreamingResponse(
            self._stream(page),
            media_type="text/event-stream",
            headers={"X-Accel-Buffering": "no"},
        )

    async def _stream(self, page: _Page) -> AsyncIterator[str]:
        try:
            while (payload := await page.next()) is not None:
                yield f"data: {payload}\n\n"
        finally:
            self._pages.discard(page)

    async def _map(self, request: Request) -> Response:
        try:
            self._reader(request)
        except Refusal as refusal:
            return refusal.response()
        if self.view.map_svg is None:
            return JSONResponse({"error": "this game has no map"}, status_code=404)
        return Response(self.view.map_svg, media_type="image/svg+xml")

    async def _tap(self, request: Request) -> Response:
        return await self._press(
            request, TapRequest, lambda tap, page: self.on_tap(tap.serial, tap.index, page),
            "that question is not being asked",
        )  # fmt: skip

    async def _reading(self, request: Request) -> Response:
        return await self._press(
            request,
            ReadingRequest,
            lambda pressed, page: self.on_reading(pressed.action),
            "nothing is being read",
        )

    async def _telling(self, request: Request) -> Response:
        return await self._press(
            request, TellingRequest, lambda ended, page: self.on_telling_end(ended.turn),
            "that telling is not under way",
        )  # fmt: skip

    async def _press(
        self,
        request: Request,
        model: type[Any],
        act: Callable[[Any, str | None], bool],
        moved_on: str,
    ) -> Response:
        """A page's button: its POST checked (:meth:`_posted`), then ``act`` on it and the
        page's player (None: the shared page); 204 when it acted, 409 (``moved_on``) when
        what it was for is over or not this page's to answer."""
        try:
            pressed, page = await self._posted(request, model)
        except Refusal as refusal:
            return refusal.response()
        if not act(pressed, page):
            return JSONResponse({"error": moved_on}, status_code=409)
        return Response(status_code=204)

    async def _posted(self, request: Request, model: type[Any]) -> tuple[Any, str | None]:
        """The body of a page's POST as ``model`` and whose page sent it (None: the
        shared page), once it is known to come from the page (its origin, JSON, small,
        with a token); else a :class:`Refusal`."""
        if not same_origin(request):
            raise Refusal(403, "taps come from the table's own page")
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != (
            "application/json"
        ):
            raise Refusal(415, "a tap is sent as application/json")
        header_token = request.headers.get(TOKEN_HEADER)
        if header_token is not None and not self._whose(header_token)[0]:
            raise Refusal(403, REFUSED)
        try:
            posted = model.model_validate_json(await _small_body(request))
        except ValidationError:
            raise Refusal(400, "expected a JSON body with serial and index") from None
        token = header_token or posted.t or request.cookies.get(COOKIE)
        known, page = self._whose(token)
        if not known:
            raise Refusal(403, REFUSED)
        return posted, page

    def _public_host(self) -> str:
        if self.reach == "local":
            return "127.0.0.1"
        return lan_address()


REFUSED = "this address needs the table's access token"


def same_origin(request: Request) -> bool:
    """Whether a POST comes from the page this server served: a browser says where a
    request comes from (``Origin``, ``Sec-Fetch-Site``); a request that says nothing
    (a script, not a page of another site) is judged by its token alone."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    return origin is None or origin == f"http://{request.headers.get('host', '')}"


async def _small_body(request: Request) -> bytes:
    """The request's body, refused (400) unread when it says it is longer than
    :data:`MOST_BODY_BYTES`, and as soon as it grows longer when it does not say."""
    declared = request.headers.get("content-length")
    if declared is not None and (
        not declared.isdigit() or len(declared) > 9 or int(declared) > MOST_BODY_BYTES
    ):
        raise Refusal(400, f"a tap is at most {MOST_BODY_BYTES} bytes", hang_up=True)
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MOST_BODY_BYTES:
                raise Refusal(400, f"a tap is at most {MOST_BODY_BYTES} bytes", hang_up=True)
    except ClientDisconnect:
        raise Refusal(400, "the request ended before its body") from None
    return bytes(body)


def _log_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The server loop's own errors (a descriptor refused by the system, a connection
    lost mid-write) go to the display's log, never to the terminal."""
    error = context.get("exception")
    LOG.warning("%s%s", context.get("message", "error"), f" ({error!r})" if error else "")
