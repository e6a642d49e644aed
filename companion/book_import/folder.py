"""An import into a pack folder (`companion import-book`): the pages read into
FOLDER/book.txt, what is doubtful into FOLDER/review.txt, and the pages (straightened,
small) kept in FOLDER/pages/ for `companion review FOLDER`.

Run again into the same folder, it keeps the owner's corrections (see
:mod:`companion.book_import.corrections`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from companion.book_import.model import OcrPage, PageFailure, PageResult

if TYPE_CHECKING:
    from companion.book_import.book import ImportedBook

REVIEW = "review.txt"
PAGES = "pages"
PLACES = Path(".import") / "places.json"
KEPT_LONG_SIDE = 1600  # pixels of a kept page image: enough to read a crop beside its text


def import_into(paths: list[Path], folder: Path, world: Path | None, language: str) -> int:
    from companion.book_import.engines import EngineUnavailable
    from companion.book_import.pages import choose_engine, read_pages

    try:
        choice = choose_engine(language=language)
    except EngineUnavailable as error:
        print(f"companion import-book: {error}", file=sys.stderr)
        return 1
    if choice.notice:
        print(choice.notice, file=sys.stderr)
    results = list(_with_progress(read_pages(paths, language, choice=choice), _page_count(paths)))
    return write_import(results, folder, world, language)


def write_import(
    results: list[PageResult], folder: Path, world: Path | None, language: str = "eng"
) -> int:
    """Write book.txt, review.txt and the kept pages for ``results``; print a summary."""
    from companion.book_import.book import BOOK_HEADER, import_book
    from companion.book_import.corrections import (
        BOOK,
        IMPORTED,
        owner_changes,
        read_corrections,
        save_corrections,
        with_corrections,
    )
    from companion.book_import.world_names import read_world_names

    folder.mkdir(parents=True, exist_ok=True)
    corrections = {**read_corrections(folder), **owner_changes(folder)}
    if corrections:
        save_corrections(folder, corrections)
    for failure in (r for r in results if isinstance(r, PageFailure)):
        print(f"{failure.source} (page {failure.page}): {failure.reason}; left out",
              file=sys.stderr)  # fmt: skip
    names = read_world_names(world) if world is not None else None
    book = import_book(results, world=names, dictionary=language)
    imported = book.book_text(BOOK_HEADER)
    (folder / IMPORTED).parent.mkdir(exist_ok=True)
    (folder / IMPORTED).write_text(imported, encoding="utf-8")
    (folder / BOOK).write_text(with_corrections(imported, corrections), encoding="utf-8")
    doubts = [d for d in book.doubts if d.paragraph not in corrections]
    from companion.book_import.review import review_text

    (folder / REVIEW).write_text(review_text(doubts), encoding="utf-8")
    _keep_pages(results, book, folder)
    listed = len({(d.paragraph, d.unnumbered) for d in doubts if d.paragraph or d.unnumbered})
    pages = sum(isinstance(r, OcrPage) for r in results)
    print(f"{len(book.paragraphs)} paragraphs from {pages} pages into {folder / BOOK}; "
          f"{listed} to review in {folder / REVIEW}"
          + (f"; {len(corrections)} of your corrections kept" if corrections else ""))  # fmt: skip
    return 0


def _page_count(paths: list[Path]) -> int:
    """Pages to read: a PDF's pages, one an image file (a TIFF may hold more)."""
    return sum(_pdf_pages(path) if path.suffix.lower() == ".pdf" else 1 for path in paths)


def _pdf_pages(path: Path) -> int:
    import pypdfium2

    try:
        return len(pypdfium2.PdfDocument(path))
    except (pypdfium2.PdfiumError, OSError, ValueError):
        return 1  # it fails when read, and says so


def _with_progress(results: Iterator[PageResult], total: int) -> Iterator[PageResult]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               "pages", TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, transient=False) as progress:
        task = progress.add_task("Reading pages", total=total)
        for result in results:
            progress.advance(task)
            yield result


def _keep_pages(results: list[PageResult], book: ImportedBook, folder: Path) -> None:
    """The pages doubted paragraphs come from, small, in FOLDER/pages/, and where each
    paragraph is on them in FOLDER/.import/places.json (for the review page's crops)."""
    from companion.book_import.page_crops import keep_page_images

    doubted = {d.place.page for d in book.doubts if d.paragraph or d.unnumbered}
    pages = {r.page: r for r in results if isinstance(r, OcrPage) and r.page in doubted}
    kept = keep_page_images(pages, folder / PAGES, KEPT_LONG_SIDE)
    places: dict[str, list[dict[str, object]]] = {}
    for paragraph in book.paragraphs:
        key = str(paragraph.number) if paragraph.number is not None else None
        if key is None:
            continue
        for place in paragraph.places:
            if place.page in kept and place.box is not None:
                scale = kept[place.page]
                box = place.box
                places.setdefault(key, []).append({
                    "image": f"{PAGES}/page-{place.page:04d}.png", "page": place.page,
                    "box": [round(box.left * scale), round(box.top * scale),
                            round(box.width * scale), round(box.height * scale)],
                })  # fmt: skip
    (folder / PLACES).write_text(json.dumps(places), encoding="utf-8")
