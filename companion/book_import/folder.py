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

from companion.book_import.model import Box, OcrPage, PageFailure, PageResult

if TYPE_CHECKING:
    from companion.book_import.book import ImportedBook
    from companion.book_import.matrices import ReadMatrices
    from companion.book_import.review import Doubt, Place

REVIEW = "review.txt"
PAGES = "pages"
PLACES = Path(".import") / "places.json"
MATRIX_PLACES = Path(".import") / "matrix-places.json"
DOUBTED_PLACES = Path(".import") / "doubted-places.json"  # the lines each doubt is about
MATRIX_DOUBTED_PLACES = Path(".import") / "matrix-doubted-places.json"
BOOK_DOUBTS = Path(".import") / "review-book.txt"
MATRIX_DOUBTS = Path(".import") / "review-matrices.txt"
MATRICES = "matrices.txt"
IMPORTED_MATRICES = Path(".import") / "imported-matrices.txt"
ENGINE_MESSAGES = Path(".import") / "engine-messages.log"  # the OCR libraries' own
MATRICES_HEADER = (
    "# The reaction matrices, as read by `companion import-matrices`. See review.txt for what\n"
    "# the import is not sure of; a matrix you change here is kept when you import again.\n\n"
)
KEPT_LONG_SIDE = 1600  # pixels of a kept page image: enough to read a crop beside its text


def import_into(paths: list[Path], folder: Path, world: Path | None, language: str) -> int:
    results = _read_all(paths, language, "import-book")
    return 1 if results is None else write_import(results, folder, world, language)


def import_matrices_into(paths: list[Path], folder: Path, language: str) -> int:
    """`companion import-matrices`: the booklet's pages into FOLDER/matrices.txt."""
    if (folder / MATRICES).is_file() and not (folder / IMPORTED_MATRICES).is_file():
        print(f"companion import-matrices: {folder / MATRICES} was not written by an import "
              "(typed by hand?); it is left as it is. Move it away to import the booklet.",
              file=sys.stderr)  # fmt: skip
        return 1
    results = _read_all(paths, language, "import-matrices", tables=True)
    return 1 if results is None else write_matrices(results, folder)


def _read_all(
    paths: list[Path], language: str, command: str, tables: bool = False
) -> list[PageResult] | None:
    from companion.book_import.engines import EngineUnavailable
    from companion.book_import.pages import choose_engine, read_pages

    try:
        choice = choose_engine(language=language)
    except EngineUnavailable as error:
        print(f"companion {command}: {error}", file=sys.stderr)
        return None
    if choice.notice:
        print(choice.notice, file=sys.stderr)
    from companion.book_import.words import language_notices

    for notice in language_notices(language):
        print(f"companion {command} --lang {language}: {notice}", file=sys.stderr)
    pages = read_pages(paths, language, choice=choice, tables=tables)
    return list(_with_progress(pages, _page_count(paths)))


def write_matrices(results: list[PageResult], folder: Path) -> int:
    """Write matrices.txt (the owner's changed matrices kept) and its doubts into
    review.txt; the book's paragraphs and charts, when imported, check the cells."""
    from companion.book_import.corrections import BOOK
    from companion.book_import.matrices import (
        book_facts,
        owners_tables,
        read_matrices,
        table_blocks,
    )

    _say_failures(results)
    book = folder / BOOK
    facts = book_facts(book.read_text(encoding="utf-8-sig")) if book.is_file() else None
    read = read_matrices(results, facts)
    if not read.matrices:
        pages = "the page" if len(results) == 1 else f"the {len(results)} pages"
        print(f"companion import-matrices: no matrix table was read on {pages} given (each "
              "table starts with its title, such as MATRIX F): are they the Reaction Matrix "
              f"booklet's? Nothing was written into {folder}.", file=sys.stderr)  # fmt: skip
        return 1
    folder.mkdir(parents=True, exist_ok=True)
    owner: dict[str, str] = {}
    if (folder / MATRICES).is_file() and (folder / IMPORTED_MATRICES).is_file():
        owner = owners_tables(
            (folder / IMPORTED_MATRICES).read_text(encoding="utf-8"),
            (folder / MATRICES).read_text(encoding="utf-8-sig"),
        )
    imported = read.text(MATRICES_HEADER)
    (folder / IMPORTED_MATRICES).parent.mkdir(exist_ok=True)
    (folder / IMPORTED_MATRICES).write_text(imported, encoding="utf-8")
    tables = {letter: block.text for letter, block in table_blocks(imported).items()} | owner
    (folder / MATRICES).write_text(
        MATRICES_HEADER + "\n".join(tables[letter] for letter in sorted(tables)),
        encoding="utf-8")  # fmt: skip
    doubts = [d for d in read.doubts if d.matrix not in owner]
    _write_review(folder, MATRIX_DOUBTS, doubts)
    _keep_matrix_pages(results, read, folder)
    rows = sum(len(matrix.rows) for matrix in read.matrices)
    print(f"{len(read.matrices)} matrices ({rows} rows) into {folder / MATRICES}; "
          f"{len(doubts)} doubts in {folder / REVIEW}"
          + (f"; {len(owner)} of your corrected matrices kept" if owner else ""))  # fmt: skip
    return 0


def _write_review(folder: Path, part: Path, doubts: list[Doubt]) -> None:
    """review.txt: the book's doubts, then the matrices', each part kept by its own import."""
    from companion.book_import.review import REVIEW_HEADER, review_text

    (folder / part).parent.mkdir(exist_ok=True)
    (folder / part).write_text(review_text(doubts).removeprefix(REVIEW_HEADER), encoding="utf-8")
    parts = [
        (folder / name).read_text(encoding="utf-8")
        for name in (BOOK_DOUBTS, MATRIX_DOUBTS)
        if (folder / name).is_file()
    ]
    (folder / REVIEW).write_text(REVIEW_HEADER + "".join(parts), encoding="utf-8")


def _say_failures(results: list[PageResult]) -> None:
    for failure in (r for r in results if isinstance(r, PageFailure)):
        _say_left_out(failure.source, failure.page, f"{failure.reason}; left out")


def _say_left_out(source: str, page: int, why: str) -> None:
    print(f"{source} (page {page}): {why}", file=sys.stderr)


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
    _say_failures(results)
    names = read_world_names(world) if world is not None else None
    book = import_book(results, world=names, dictionary=language)
    imported = book.book_text(BOOK_HEADER)
    (folder / IMPORTED).parent.mkdir(exist_ok=True)
    (folder / IMPORTED).write_text(imported, encoding="utf-8")
    (folder / BOOK).write_text(with_corrections(imported, corrections), encoding="utf-8")
    doubts = [d for d in book.doubts if d.paragraph not in corrections]
    _write_review(folder, BOOK_DOUBTS, doubts)
    _keep_pages(results, book, folder)
    repeats = [note for note in book.notes if note.repeat]
    for note in repeats:
        _say_left_out(
            note.place.source, note.place.page, note.why.removeprefix(f"{note.place.source} ")
        )
    listed = len({(d.paragraph, d.unnumbered) for d in doubts if d.paragraph or d.unnumbered})
    pages = sum(isinstance(r, OcrPage) for r in results) - len(repeats)
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
    """The results, with a bar on the terminal: pages done of all, and the time left at the
    pace of the pages read so far (from the first page on)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn
    from rich.text import Text

    class TimeLeft(ProgressColumn):
        def render(self, task) -> Text:
            if not task.completed or task.total is None or task.elapsed is None:
                return Text("time left: measuring", style="progress.remaining")
            seconds = round(task.elapsed / task.completed * (task.total - task.completed))
            minutes, seconds = divmod(seconds, 60)
            return Text(f"{minutes}:{seconds:02d} left", style="progress.remaining")

    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               "pages", TimeLeft())  # fmt: skip
    with Progress(*columns, transient=False) as progress:
        task = progress.add_task("Reading pages", total=total)
        for result in results:
            progress.advance(task)
            yield result


def _keep_pages(results: list[PageResult], book: ImportedBook, folder: Path) -> None:
    """The pages doubted paragraphs come from (every page one runs over), small, in
    FOLDER/pages/, and where each paragraph is on them in FOLDER/.import/places.json (for
    the review page's crops)."""
    doubted = {d.paragraph for d in book.doubts if d.paragraph}
    pages = {d.place.page for d in book.doubts if d.paragraph or d.unnumbered}
    pages |= {place.page for paragraph in book.paragraphs if paragraph.number in doubted
              for place in paragraph.places}  # fmt: skip
    kept = _kept_pages(results, pages, folder, "page")
    places = {
        str(paragraph.number): _kept_places(paragraph.places, kept, "page")
        for paragraph in book.paragraphs
        if paragraph.number is not None
    }
    _write_places(folder / PLACES, places)
    doubted_lines = [(str(d.paragraph), d.place) for d in book.doubts if d.paragraph is not None]
    _write_places(folder / DOUBTED_PLACES, _doubted_places(doubted_lines, kept, "page"))


def _keep_matrix_pages(results: list[PageResult], read: ReadMatrices, folder: Path) -> None:
    """The booklet's pages doubted matrices come from, in FOLDER/pages/ (``booklet-``),
    and where each matrix is on them in FOLDER/.import/matrix-places.json."""
    doubted = {d.matrix for d in read.doubts}
    matrices = [matrix for matrix in read.matrices if matrix.letter in doubted]
    pages = {place.page for matrix in matrices for place in matrix.places()}
    kept = _kept_pages(results, pages, folder, "booklet-page")
    places = {m.letter: _kept_places(m.places(), kept, "booklet-page") for m in matrices}
    _write_places(folder / MATRIX_PLACES, places)
    doubted_rows = [(d.matrix, d.place) for d in read.doubts if d.matrix]
    _write_places(folder / MATRIX_DOUBTED_PLACES,
                  _doubted_places(doubted_rows, kept, "booklet-page"))  # fmt: skip


def _kept_pages(
    results: list[PageResult], wanted: set[int], folder: Path, prefix: str
) -> dict[int, float]:
    from companion.book_import.page_crops import keep_page_images

    pages = {r.page: r for r in results if isinstance(r, OcrPage) and r.page in wanted}
    return keep_page_images(pages, folder / PAGES, KEPT_LONG_SIDE, prefix)


def _kept_places(
    places: list[Place], kept: dict[int, float], prefix: str
) -> list[dict[str, object]]:
    """Where ``places`` are on the kept page images, in their pixels."""
    found: list[dict[str, object]] = []
    for place in places:
        if place.page in kept and place.box is not None:
            scale, box = kept[place.page], place.box
            found.append({
                "image": f"{PAGES}/{prefix}-{place.page:04d}.png", "page": place.page,
                "box": [round(box.left * scale), round(box.top * scale),
                        round(box.width * scale), round(box.height * scale)],
            })  # fmt: skip
    return found


def _doubted_places(
    doubted: list[tuple[str, Place]], kept: dict[int, float], prefix: str
) -> dict[str, list[dict[str, object]]]:
    """Where on the kept page images each paragraph's (matrix's) doubts are, each line
    once: the review page marks them on its crops."""
    lines: dict[str, dict[tuple[int, Box | None], Place]] = {}
    for key, place in doubted:
        lines.setdefault(key, {}).setdefault((place.page, place.box), place)
    return {key: _kept_places(list(found.values()), kept, prefix) for key, found in lines.items()}


def _write_places(path: Path, places: dict[str, list[dict[str, object]]]) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({key: found for key, found in places.items() if found}),
                    encoding="utf-8")  # fmt: skip
