"""The review page of an imported book (`companion review FOLDER`): each paragraph and
each matrix table the import doubts, its reasons, the crop of the page it was read from,
and its text to edit. Saving a paragraph writes it back into FOLDER/book.txt and keeps it
as the owner's correction (FOLDER/corrections.txt); saving a matrix replaces its table in
FOLDER/matrices.txt. The next import keeps both.

Local only (127.0.0.1) and behind a token, as the table display:

* ``GET /?t=TOKEN`` the page; ``GET /doubts?t=TOKEN`` the doubtful paragraphs, then the
  doubtful matrices (JSON), each with the lines its doubts are about marked on its crops;
* ``GET /crop?t=TOKEN&p=N&i=K`` (``&m=F&i=K``) the K-th part (from 0) of the pages
  paragraph N (matrix F) was read from (PNG): one part for each page or column it runs
  over, in reading order;
* ``POST /save`` ``{"t": TOKEN, "number": N, "text": "..."}`` the paragraph's new lines,
  or ``{"t": TOKEN, "matrix": "F", "text": "..."}`` the matrix's new rows; answered with
  the text as saved (blank lines and extra spaces, which mean nothing in those files,
  left out).
"""

from __future__ import annotations

import io
import json
import re
import secrets
import socket
import threading
from collections.abc import Callable
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import uvicorn
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    TypeAdapter,
    ValidationError,
    model_validator,
)
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.book_import.corrections import (
    BOOK,
    ParagraphBlock,
    keep_correction,
    owner_changes,
    paragraph_blocks,
    read_corrections,
)
from companion.book_import.folder import (
    DOUBTED_PLACES,
    IMPORTED_MATRICES,
    MATRICES,
    MATRIX_DOUBTED_PLACES,
    MATRIX_PLACES,
    PAGES,
    PLACES,
    REVIEW,
)
from companion.book_import.matrices import owners_tables, table_blocks, table_problem, with_table
from companion.book_import.review import doubted_matrices, doubted_paragraphs

if TYPE_CHECKING:
    from PIL import Image

STATIC = resources.files("companion.web") / "review_static"
CROP_MARGIN = 24  # pixels of the kept page around a paragraph's lines
MAX_BODY = 64_000  # bytes of a save request: a paragraph or a table is far smaller
MAX_PARTS = 99  # crops of one paragraph or table: far more than the pages it runs over
_NUMBER_LINE = re.compile(r"\s*\d{1,6}\s*")
Region = tuple[int, int, int, int]  # left, top, right, bottom on a kept page image
Read = TypeVar("Read")


class Kind(StrEnum):
    """What a doubt is about, and the request parameter naming one of its kind."""

    PARAGRAPH = "p"
    MATRIX = "m"

    def head(self, key: str) -> str:
        """How review.txt starts a doubt about the one named ``key``."""
        return f"matrix {key}" if self is Kind.MATRIX else f"¶{key}"

    def title(self, key: str) -> str:
        return f"Matrix {key}" if self is Kind.MATRIX else f"¶{key}"

    def places(self) -> Path:
        """Where the import keeps the lines each one of this kind was read from."""
        return MATRIX_PLACES if self is Kind.MATRIX else PLACES

    def doubted_places(self) -> Path:
        """Where the import keeps the lines each one's doubts are about."""
        return MATRIX_DOUBTED_PLACES if self is Kind.MATRIX else DOUBTED_PLACES


class KeptPlace(BaseModel):
    """A line's kept page image and box on it, as the import's places files keep it."""

    model_config = ConfigDict(frozen=True)
    image: str = Field(pattern=rf"^{PAGES}/(booklet-)?page-\d{{4,6}}\.png$")
    page: int = Field(ge=0)
    box: tuple[NonNegativeInt, NonNegativeInt, NonNegativeInt, NonNegativeInt]


PLACES_LIST = TypeAdapter(list[KeptPlace])


class Crop(BaseModel):
    """One part of the page a doubt was read from: the page, and the crop's size in pixels
    (0 when the page image cannot be read), so that the page keeps its room before it
    loads."""

    page: int
    width: int
    height: int


class Mark(BaseModel):
    """A line a doubt is about, on one of the crops: its part, and its box as fractions
    of the crop's width and height."""

    part: int
    left: float
    top: float
    width: float
    height: float


class ShownDoubt(BaseModel):
    """One doubtful paragraph or matrix as the page shows it."""

    kind: Kind
    key: str  # the paragraph's number, or the matrix's letter
    title: str
    why: list[str]
    where: str
    text: str
    crops: list[Crop]  # each part of the pages it was read from, in reading order
    marks: list[Mark]  # the lines its doubts are about, on those crops
    saved: bool  # the owner saved it (or changed it in the file) since the import


class SaveRequest(BaseModel):
    """A save from the page: a paragraph's number or a matrix's letter, and its text."""

    model_config = ConfigDict(extra="forbid")
    t: str = Field(max_length=100)
    number: int | None = Field(default=None, ge=0, le=999_999)
    matrix: str | None = Field(default=None, pattern="^[A-O]$")
    text: str = Field(max_length=MAX_BODY)

    @model_validator(mode="after")
    def _one_subject(self) -> SaveRequest:
        if (self.number is None) == (self.matrix is None):
            raise ValueError("a paragraph's number or a matrix's letter, not both")
        return self


class CropRequest(BaseModel):
    """A crop asked for: a paragraph's number or a matrix's letter, and which part."""

    model_config = ConfigDict(extra="forbid")
    t: str = Field(max_length=100)
    p: int | None = Field(default=None, ge=0, le=999_999)
    m: str | None = Field(default=None, pattern="^[A-O]$")
    i: int = Field(default=0, ge=0, le=MAX_PARTS)

    @model_validator(mode="after")
    def _one_subject(self) -> CropRequest:
        if (self.p is None) == (self.m is None):
            raise ValueError("a paragraph's number or a matrix's letter, not both")
        return self

    def subject(self) -> tuple[Kind, str]:
        return (Kind.PARAGRAPH, str(self.p)) if self.m is None else (Kind.MATRIX, self.m)


class ReviewUnavailable(Exception):
    """The review page could not start; the message says why."""


class ReviewServer:
    def __init__(self, folder: Path, port: int = 8766) -> None:
        self.folder = folder
        self.token = secrets.token_urlsafe(9)
        self._port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._places_read: dict[Path, tuple[tuple[int, int], KeptPlaces]] = {}
        self._sizes_read: dict[Path, tuple[tuple[int, int], tuple[int, int]]] = {}

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

    def _doubts(self, request: Request) -> Response:
        """The doubts (JSON); not async, as :meth:`_crop`: reading them reads the book."""
        if not self._allowed(request.query_params.get("t")):
            return _refused()
        return JSONResponse([doubt.model_dump(mode="json") for doubt in self.doubts()])

    def doubts(self) -> list[ShownDoubt]:
        """Each doubted paragraph (its lines as book.txt holds them), then each doubted
        matrix (its rows as matrices.txt holds them), with the review's reasons, and
        whether the owner saved it since the import."""
        review = _read(self.folder / REVIEW)
        paragraphs = paragraph_blocks(_read(self.folder / BOOK))
        matrices = table_blocks(_read(self.folder / MATRICES))
        found = [(Kind.PARAGRAPH, str(number), [block.comment], block.lines)
                 for number in doubted_paragraphs(review)
                 if (block := paragraphs.get(number)) is not None]  # fmt: skip
        found += [(Kind.MATRIX, letter, table.comments, table.lines)
                  for letter in doubted_matrices(review)
                  if (table := matrices.get(letter)) is not None]  # fmt: skip
        saved = self._saved(paragraphs)
        return [self._shown(review, *subject, (subject[0], subject[1]) in saved)
                for subject in found]  # fmt: skip

    def _saved(self, book: dict[int, ParagraphBlock]) -> set[tuple[Kind, str]]:
        """The paragraphs and matrices the owner saved (or changed in their file) since
        the import: the corrections kept, the paragraphs of ``book`` (book.txt as read)
        and the tables that differ from the import's."""
        paragraphs = {**read_corrections(self.folder), **owner_changes(self.folder, book)}
        imported = self.folder / IMPORTED_MATRICES
        tables = owners_tables(_read(imported), _read(self.folder / MATRICES)) \
            if imported.is_file() else {}  # fmt: skip
        return {(Kind.PARAGRAPH, str(number)) for number in paragraphs} | {
            (Kind.MATRIX, letter) for letter in tables
        }

    def _shown(
        self, review: str, kind: Kind, key: str, comments: list[str], lines: list[str],
        saved: bool,
    ) -> ShownDoubt:  # fmt: skip
        parts = parts_of(self._places(kind.places()).get(key))
        regions = [self._region(part) for part in parts]
        doubted = self._places(kind.doubted_places()).get(key)
        return ShownDoubt(
            kind=kind,
            key=key,
            title=kind.title(key),
            why=_reasons(review, kind.head(key)),
            where=" ".join(comments).removeprefix("# "),
            text="\n".join(lines),
            crops=[_crop_of(part, region) for part, region in zip(parts, regions, strict=True)],
            marks=[m for place in doubted if (m := _mark(place, parts, regions)) is not None],
            saved=saved,
        )

    def _places(self, kept_in: Path) -> KeptPlaces:
        """The lines of each paragraph (matrix) as the places file ``kept_in`` holds them,
        read again only when the file changes: a big book's places file takes far longer
        to parse than a crop to cut."""
        path = self.folder / kept_in
        try:
            stat = path.stat()
        except OSError:
            return KeptPlaces("")
        version = (stat.st_mtime_ns, stat.st_size)
        kept = self._places_read.get(path)
        if kept is None or kept[0] != version:
            kept = (version, KeptPlaces(_read(path)))
            self._places_read[path] = kept
        return kept[1]

    def _region(self, part: list[KeptPlace]) -> Region | None:
        """The region of its kept page a part's crop is cut from (see :meth:`_located`)."""
        located = self._located(part)
        return located[1] if located is not None else None

    def _located(self, part: list[KeptPlace]) -> tuple[Path, Region] | None:
        """The kept page image a part's crop is cut from, and the region of it: None when
        the page image cannot be read, or the region holds nothing."""
        path = _page_image(self.folder, part[0])
        if path is None:
            return None
        try:
            stat = path.stat()
        except OSError:
            return None
        version = (stat.st_mtime_ns, stat.st_size)
        kept = self._sizes_read.get(path)
        if kept is None or kept[0] != version:
            size = _from_image(path, lambda image: image.size)
            if size is None:
                return None
            kept = (version, size)
            self._sizes_read[path] = kept
        region = crop_region(part, kept[1])
        return (path, region) if region[0] < region[2] and region[1] < region[3] else None

    def _crop(self, request: Request) -> Response:
        """One part of the page a doubt was read from. Not async: Starlette runs it in
        its thread pool, so cutting one crop never holds up the page's other requests."""
        if not self._allowed(request.query_params.get("t")):
            return _refused()
        try:
            asked = CropRequest.model_validate(dict(request.query_params))
        except ValidationError:
            return JSONResponse({"error": "expected t, p or m (A to O), and i"}, status_code=400)
        kind, key = asked.subject()
        parts = parts_of(self._places(kind.places()).get(key))
        if asked.i >= len(parts):
            return JSONResponse({"error": "no page kept for that one"}, status_code=404)
        located = self._located(parts[asked.i])
        png = None
        if located is not None:
            path, region = located
            png = _from_image(path, lambda image: _png(image.crop(region)))
        if png is None:
            return JSONResponse({"error": "its page image cannot be read"}, status_code=404)
        return Response(png, media_type="image/png")

    async def _save(self, request: Request) -> Response:
        body = await _limited_body(request)
        if body is None:
            return JSONResponse({"error": f"more than {MAX_BODY} bytes"}, status_code=413)
        try:
            save = SaveRequest.model_validate_json(body)
        except ValidationError:
            return JSONResponse({"error": "expected t, number or matrix (A to O), and text"},
                                status_code=400)  # fmt: skip
        if not self._allowed(save.t):
            return _refused()
        typed = _typed_lines(save.text)
        if save.matrix is not None:
            problem, write = table_problem(save.matrix, typed), save_matrix
        else:
            problem, write = _problem(typed), save_paragraph
        if problem:
            return JSONResponse({"error": problem}, status_code=400)
        lines = [line for line in typed if line]
        try:
            write(self.folder, save.matrix or save.number, lines)
        except KeyError:
            return JSONResponse({"error": "the file has no such one"}, status_code=404)
        return JSONResponse({"text": "\n".join(lines)})


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


def save_matrix(folder: Path, letter: str, lines: list[str]) -> None:
    """Put matrix ``letter``'s new lines into matrices.txt, the rest of it byte for byte."""
    path = folder / MATRICES
    text = path.read_bytes().decode("utf-8") if path.is_file() else ""
    if letter not in table_blocks(text):
        raise KeyError(letter)
    path.write_bytes(with_table(text, letter, lines).encode("utf-8"))


def _reasons(review: str, head: str) -> list[str]:
    """The reasons the review gives for what ``head`` names: for a matrix, each said
    with its row."""
    found = []
    for line in review.splitlines():
        subject, _, why = line.partition(": ")
        if why and (subject + " ").startswith((head + " ", head + ",")):
            row = subject.removeprefix(head).partition(" page ")[0].strip(" ,")
            found.append(f"{row}: {why}" if row else why)
    return found


async def _limited_body(request: Request) -> bytes | None:
    """The request's body, or None when it is longer than MAX_BODY (not read further)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return body


def _typed_lines(text: str) -> list[str]:
    """The lines of the owner's text box, each with its spaces collapsed, a blank one as
    "": only a newline ends a line, as in the box and in the pack's loader."""
    return [" ".join(line.split()) for line in text.split("\n")]


def _problem(typed: list[str]) -> str | None:
    """Why a paragraph's lines (as :func:`_typed_lines` gives them) would not read back
    as that paragraph, naming the line of the text box; None when they would."""
    if not any(typed):
        return "the paragraph needs some text"
    for number, line in enumerate(typed, start=1):
        if _NUMBER_LINE.fullmatch(line):
            return f"line {number}: a number alone ({line}) would start a new paragraph"
        if line.startswith("#"):
            return f"line {number}: a line starting with # would be a comment"
    return None


class KeptPlaces:
    """A places file as read: the lines of each paragraph (matrix), checked when first
    asked for (a whole book's file holds some 25,000), each entry that is not a place left
    out: a damaged file costs the marks and crops it held, never the page.

    >>> good = {"image": "pages/page-0001.png", "page": 1, "box": [1, 2, 3, 4]}
    >>> places = KeptPlaces(json.dumps({"7": [good, {"image": "/etc/passwd"}], "8": 3}))
    >>> [place.box for place in places.get("7")], places.get("8"), places.get("9")
    ([(1, 2, 3, 4)], [], [])
    >>> KeptPlaces("[1, 2]").get("1"), KeptPlaces("{not json").get("1")
    ([], [])
    """

    def __init__(self, text: str) -> None:
        try:
            read = json.loads(text or "{}")
        except ValueError:
            read = {}
        self._read: dict[str, object] = read if isinstance(read, dict) else {}
        self._checked: dict[str, list[KeptPlace]] = {}

    def get(self, key: str) -> list[KeptPlace]:
        if key not in self._checked:
            entries = self._read.get(key)
            self._checked[key] = _valid_list(entries) if isinstance(entries, list) else []
        return self._checked[key]


def _valid_list(entries: list[object]) -> list[KeptPlace]:
    try:
        return PLACES_LIST.validate_python(entries)
    except ValidationError:
        return [place for entry in entries if (place := _valid_place(entry)) is not None]


def _valid_place(entry: object) -> KeptPlace | None:
    try:
        return KeptPlace.model_validate(entry)
    except ValidationError:
        return None


def _page_image(folder: Path, place: KeptPlace) -> Path | None:
    """The kept page image ``place`` is on: a file inside FOLDER/pages, or None."""
    path = folder / place.image
    pages = (folder / PAGES).resolve()
    return path if path.resolve().is_relative_to(pages) and path.is_file() else None


def _from_image(path: Path, use: Callable[[Image.Image], Read]) -> Read | None:
    """What ``use`` reads from the image at ``path``; None when Pillow cannot read it (not
    an image, damaged, or too big to be a page)."""
    from PIL import Image

    try:
        with Image.open(path) as image:
            return use(image)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _crop_of(part: list[KeptPlace], region: Region | None) -> Crop:
    width, height = (region[2] - region[0], region[3] - region[1]) if region else (0, 0)
    return Crop(page=part[0].page, width=width, height=height)


def parts_of(places: list[KeptPlace]) -> list[list[KeptPlace]]:
    """A paragraph's or table's places in reading order, cut into one part for each page
    or column: a new part where the page changes or a line stands wholly above the one
    before it (the top of the next column)."""
    parts: list[list[KeptPlace]] = []
    for place in places:
        last = parts[-1][-1] if parts else None
        if last is None or place.image != last.image or _above(place, last):
            parts.append([place])
        else:
            parts[-1].append(place)
    return parts


def _above(place: KeptPlace, last: KeptPlace) -> bool:
    top, height = place.box[1], place.box[3]
    return top + height <= last.box[1]


def crop_region(part: list[KeptPlace], size: tuple[int, int]) -> Region:
    """The region of a kept page of ``size`` (width, height) one part's crop shows: its
    lines with a margin, within the page.

    >>> lines = [(30, 40, 100, 20), (30, 70, 90, 20)]
    >>> crop_region([KeptPlace(image="pages/page-0001.png", page=1, box=box) for box in lines],
    ...             (120, 1000))
    (6, 16, 120, 114)
    """
    boxes = [place.box for place in part]
    return (max(0, min(box[0] for box in boxes) - CROP_MARGIN),
            max(0, min(box[1] for box in boxes) - CROP_MARGIN),
            min(size[0], max(box[0] + box[2] for box in boxes) + CROP_MARGIN),
            min(size[1], max(box[1] + box[3] for box in boxes) + CROP_MARGIN))  # fmt: skip


def _mark(
    place: KeptPlace, parts: list[list[KeptPlace]], regions: list[Region | None]
) -> Mark | None:
    """``place`` on the crop whose page and region hold its middle, or None.

    >>> line = KeptPlace(image="pages/page-0001.png", page=1, box=(500, 120, 200, 10))
    >>> _mark(line, [[line], [line]], [(0, 0, 400, 800), (400, 100, 800, 300)])
    Mark(part=1, left=0.25, top=0.1, width=0.5, height=0.05)
    """
    left, top, width, height = place.box
    middle = (left + width / 2, top + height / 2)
    for part, (lines, region) in enumerate(zip(parts, regions, strict=True)):
        if region is None or lines[0].image != place.image:
            continue
        x0, y0, x1, y1 = region
        if x0 <= middle[0] <= x1 and y0 <= middle[1] <= y1:
            across, down = x1 - x0, y1 - y0
            return Mark(part=part, left=(max(left, x0) - x0) / across,
                        top=(max(top, y0) - y0) / down,
                        width=(min(left + width, x1) - max(left, x0)) / across,
                        height=(min(top + height, y1) - max(top, y0)) / down)  # fmt: skip
    return None


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig") if path.is_file() else ""


def _refused() -> Response:
    return JSONResponse({"error": "this address needs the review page's access token"}, 403)
