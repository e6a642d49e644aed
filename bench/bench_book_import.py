"""Pages to words (issue 23): typeset pages of our own books read back by each OCR engine.

Sets pages of the demo book (and of a seeded synthetic book, scripts/make-synthetic-book)
in several serif typefaces as 300-dpi scans and as phone photos (tests/book_import/
typeset.py), reads them with read_pages and with bare Tesseract (the whole picture, no
preparation) and prints, for scans and for photos: words right (1 - word error rate),
pieces of paragraphs whose every printed line was read exactly, and CPU seconds a page
(median; one thread: OMP_THREAD_LIMIT=1, OpenCV and onnxruntime single-threaded, so
the process's CPU time is one core's time, however busy the machine).

    .venv/bin/python bench/bench_book_import.py [--engines tesseract,rapidocr]
        [--typefaces LIBERATION,DEJAVU,FREESERIF] [--pages 3] [--synthetic]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_THREAD_LIMIT", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.book_import.engines import OcrEngine  # noqa: E402
from companion.book_import.engines.tesseract import tessdata_folder  # noqa: E402
from companion.book_import.model import OcrPage  # noqa: E402
from companion.book_import.pages import choose_engine, read_pages  # noqa: E402
from tests.book_import.scoring import paragraphs_exact, words_right  # noqa: E402
from tests.book_import.typeset import Page, Typeface, TypeStyle, photograph, typeset_book  # noqa: E402

cv2.setNumThreads(1)
BARE = "bare tesseract"


@dataclass
class Tally:
    """What one reader made of one kind of page."""

    words: list[float] = field(default_factory=list)
    exact: int = 0
    pieces: int = 0
    seconds: list[float] = field(default_factory=list)
    failed: int = 0

    def add(self, page: Page, lines: list[str] | None, seconds: float) -> None:
        self.seconds.append(seconds)
        truth = [(line.text, line.paragraph) for line in page.lines]
        if lines is None:
            self.failed += 1
            lines = []
        self.words.append(words_right([text for text, _ in truth], lines))
        exact, pieces = paragraphs_exact(truth, lines)
        self.exact += exact
        self.pieces += pieces

    def __str__(self) -> str:
        return (
            f"words right {statistics.mean(self.words) * 100:6.2f}% "
            f"(worst page {min(self.words) * 100:.1f}%), "
            f"paragraphs exact {self.exact}/{self.pieces} "
            f"({self.exact / max(1, self.pieces) * 100:.0f}%), "
            f"{statistics.median(self.seconds):.2f} s a page (median CPU), "
            f"{len(self.words)} pages, {self.failed} refused"
        )


def bare_tesseract_lines(path: Path) -> list[str]:
    """Tesseract on the whole picture as it is, its page segmentation left to itself."""
    import tesserocr
    from PIL import Image

    with tesserocr.PyTessBaseAPI(path=f"{tessdata_folder('eng')}/", lang="eng") as api:
        api.SetImage(Image.open(path))
        return [line for line in api.GetUTF8Text().splitlines() if line.strip()]


def books(synthetic: bool, folder: Path) -> dict[str, str]:
    texts = {"demo": (ROOT / "content/demo/book.txt").read_text(encoding="utf-8")}
    if synthetic:
        pack = folder / "synthetic"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "scripts/make-synthetic-book"),
                str(pack),
                "--seed",
                "3",
                "--paragraphs",
                "120",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        texts["synthetic"] = (pack / "book.txt").read_text(encoding="utf-8")
    return texts


def chosen_pages(book: str, style: TypeStyle, count: int) -> list[Page]:
    """The first page (encounter charts) and ``count - 1`` pages of result paragraphs from
    the middle of the book."""
    pages = typeset_book(book, style)
    middle = len(pages) // 2
    return [pages[0], *pages[middle : middle + count - 1]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="tesseract,rapidocr")
    parser.add_argument("--typefaces", default="LIBERATION,DEJAVU,FREESERIF")
    parser.add_argument("--pages", type=int, default=3, help="pages per book and typeface")
    parser.add_argument("--synthetic", action="store_true", help="also the synthetic book")
    parser.add_argument("--no-bare", action="store_true", help="skip bare Tesseract")
    args = parser.parse_args()
    readers = [name for name in args.engines.split(",") if name]
    if not args.no_bare:
        readers.append(BARE)
    choices = {name: choose_engine(OcrEngine(name)) for name in readers if name != BARE}
    tallies = {(name, kind): Tally() for name in readers for kind in ("scan", "photo")}
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for book_name, book in books(args.synthetic, folder).items():
            for typeface in args.typefaces.split(","):
                style = TypeStyle(typeface=Typeface[typeface])
                for index, page in enumerate(chosen_pages(book, style, args.pages)):
                    stem = folder / f"{book_name}-{typeface}-{index}"
                    files = {"scan": stem.with_suffix(".png"), "photo": stem.with_suffix(".jpg")}
                    page.image.save(files["scan"])
                    photograph(page.image, seed=index).save(files["photo"])
                    for kind, path in files.items():
                        for name in readers:
                            lines, seconds = read(name, path, choices)
                            tallies[name, kind].add(page, lines, seconds)
                    print(f"{book_name} {typeface} page {index + 1} read", file=sys.stderr)
    for (name, kind), tally in tallies.items():
        print(f"{name:15} {kind:5}: {tally}")


def read(name: str, path: Path, choices) -> tuple[list[str] | None, float]:
    start = time.process_time()
    if name == BARE:
        lines = bare_tesseract_lines(path)
    else:
        [result] = list(read_pages([path], choice=choices[name]))
        lines = [line.text for line in result.lines] if isinstance(result, OcrPage) else None
    return lines, time.process_time() - start


if __name__ == "__main__":
    main()
