"""The review page of an imported book (`companion review FOLDER`): each paragraph the
import doubts, its reasons, the crop of the page it was read from, and its text to edit;
saving writes the paragraph back into FOLDER/book.txt and keeps it as the owner's
correction (FOLDER/corrections.txt), so the next import keeps it too.

Local only (127.0.0.1) and behind a token, as the table display:

* ``GET /?t=TOKEN`` the page; ``GET /doubts?t=TOKEN`` the doubtful paragraphs (JSON);
* ``GET /crop?t=TOKEN&p=N`` the part of the page paragraph N was read from (PNG);
* ``POST /save`` ``{"t": TOKEN, "number": N, "text": "..."}`` the paragraph's new lines.
"""

from __future__ import annotations

import io
import json
import re
import secrets
import socket
import threading
from importlib import resources
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.book_import.corrections import BOOK, keep_correction, paragraph_blocks
from companion.book_import.folder import PLACES, REVIEW
from companion.book_import.review import doubted_paragraphs

STATIC = resources.files("companion.web") / "review_static"
CROP_MARGIN = 24  # pixels of the kept page around a paragraph's lines
_NUMBER_LINE = re.compile(r"\s*\d{1,6}\s*")


class ReviewUnavailable(Exception):
    """The review page could not start; the message says why."""


class ReviewServer:
    def __init__(self, folder: Path, port: int = 8766) -> None:
        self.folder = folder
        self.token = secrets.token_urlsafe(9)
        self._port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> str:
        try:
            sock = socket.create_server(("127.0.0.1", self._port))
        except OSError as error:
            raise ReviewUnavailable(
                f"The review page cannot use port {self._port} ({error.strerror}); "
                "choose another with --port."
            ) from None
        self._port = sock.getsockname()[1]
        config = uvicorn.Config(self._app(), log_level="warning", lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]},
                                        daemon=True)  # fmt: skip
        self._thread.start()
        return f"http://127.0.0.1:{self._port}/?t={self.token}"

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _app(self) -> Starlette:
        return Starlette(routes=[
            Route("/", self._page), Route("/doubts", self._doubts), Route("/crop", self._crop),
            Route("/save", self._save, methods=["POST"]),
            Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
        ])  # fmt: skip

    def _allowed(self, token: object) -> bool:
        return isinstance(token, str) and secrets.compare_digest(token, self.token)

    async def _page(self, request: Request) -> Response:
        if not self._allowed(request.query_params.get("t")):
            return _refused()
        return FileResponse(str(STATIC / "review.html"), headers={"Cache-Control": "no-store"})

    async def _doubts(self, request: Request) -> Response:
        if not self._allowed(request.query_params.get("t")):
            return _refused()
        return JSONResponse(self.doubts())

    def doubts(self) -> list[dict[str, object]]:
        """Each doubted paragraph: its number, reasons and lines as book.txt holds them."""
        review = _read(self.folder / REVIEW)
        blocks = paragraph_blocks(_read(self.folder / BOOK))
        places = json.loads(_read(self.folder / PLACES) or "{}")
        found = []
        for number in doubted_paragraphs(review):
            block = blocks.get(number)
            if block is None:
                continue
            why = [line.split(": ", 1)[1] for line in review.splitlines()
                   if line.startswith(f"¶{number} ") and ": " in line]  # fmt: skip
            found.append({
                "number": number, "why": why, "where": block.comment.removeprefix("# "),
                "text": "\n".join(block.lines), "crop": str(number) in places,
            })  # fmt: skip
        return found

    async def _crop(self, request: Request) -> Response:
        if not self._allowed(request.query_params.get("t")):
            return _refused()
        kept = json.loads(_read(self.folder / PLACES) or "{}")
        places = kept.get(request.query_params.get("p", ""))
        if not places:
            return JSONResponse({"error": "no page kept for that paragraph"}, status_code=404)
        return Response(_crop_png(self.folder, places), media_type="image/png")

    async def _save(self, request: Request) -> Response:
        try:
            body = await request.json()
            token, number, text = body["t"], int(body["number"]), str(body["text"])
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "expected t, number and text"}, status_code=400)
        if not self._allowed(token):
            return _refused()
        lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
        problem = _problem(lines)
        if problem:
            return JSONResponse({"error": problem}, status_code=400)
        save_paragraph(self.folder, number, lines)
        return Response(status_code=204)


def save_paragraph(folder: Path, number: int, lines: list[str]) -> None:
    """Put paragraph ``number``'s new lines into book.txt and keep them as a correction."""
    book = folder / BOOK
    text = _read(book)
    block = paragraph_blocks(text).get(number)
    if block is None:
        raise KeyError(number)
    old = block.text()
    block.lines = lines
    book.write_text(text.replace(old, block.text(), 1), encoding="utf-8")
    keep_correction(folder, block)


def _problem(lines: list[str]) -> str | None:
    if not lines:
        return "the paragraph needs some text"
    for line in lines:
        if _NUMBER_LINE.fullmatch(line):
            return f"a line holding only a number ({line}) would start a new paragraph"
        if line.startswith("#"):
            return "a line starting with # would be a comment"
    return None


def _crop_png(folder: Path, places: list[dict[str, object]]) -> bytes:
    """The region of the first kept page holding the paragraph's lines there."""
    from PIL import Image

    first = places[0]["image"]
    boxes = [place["box"] for place in places if place["image"] == first]
    left = min(box[0] for box in boxes) - CROP_MARGIN
    top = min(box[1] for box in boxes) - CROP_MARGIN
    right = max(box[0] + box[2] for box in boxes) + CROP_MARGIN
    bottom = max(box[1] + box[3] for box in boxes) + CROP_MARGIN
    with Image.open(folder / str(first)) as image:
        crop = image.crop((max(0, left), max(0, top), min(image.width, right),
                           min(image.height, bottom)))  # fmt: skip
        out = io.BytesIO()
        crop.save(out, format="PNG")
    return out.getvalue()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig") if path.is_file() else ""


def _refused() -> Response:
    return JSONResponse({"error": "this address needs the review page's access token"}, 403)
