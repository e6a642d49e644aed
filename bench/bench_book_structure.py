"""Pages to a book (issue 23's table): typeset pages of the demo book, read by read_pages
and cut into paragraphs by import_book (with the demo's world.txt and matrices.txt, as an
owner who typed them would give), scored against the book they were typeset from.

For scans and photos: paragraphs exact (every line equal), words right (1 - word error
rate over the paragraphs), reward codes exact (all, and of the paragraphs review.txt does
not list), wrong paragraphs not listed in review.txt, paragraphs invented, and CPU seconds
a page (median, reading and structure; the dictionary's one-time load apart).

    .venv/bin/python bench/bench_book_structure.py [--pages 10] [--engine tesseract]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rapidfuzz.distance import Levenshtein  # noqa: E402

from companion.book_import.book import import_book  # noqa: E402
from companion.book_import.engines import OcrEngine  # noqa: E402
from companion.book_import.pages import choose_engine, read_pages  # noqa: E402
from companion.book_import.review import doubted_paragraphs, doubted_spans  # noqa: E402
from companion.book_import.words import english_dictionary  # noqa: E402
from companion.book_import.world_names import read_world_names  # noqa: E402
from tests.book_import.typeset import TypeStyle, book_paragraphs, photograph, typeset_book  # noqa: E402

CODE = re.compile(r"\[[^\[\]]*\]")


def score(truth: dict[int, list[str]], printed: set[int], book) -> dict[str, str]:
    review = book.review_text()
    listed = set(doubted_paragraphs(review))
    got = {p.number: p.lines for p in book.paragraphs if p.number is not None}
    for low, high in doubted_spans(review):
        listed |= {n for n in truth if n >= low and (high is None or n <= high) and n not in got}
    exact = [n for n, lines in truth.items() if got.get(n) == lines]
    words = sum(len(" ".join(lines).split()) for lines in truth.values())
    errors = sum(Levenshtein.distance(" ".join(lines).split(), " ".join(got.get(n, [])).split())
                 for n, lines in truth.items())
    codes = [(CODE.findall(" ".join(lines)), CODE.findall(" ".join(got.get(n, []))), n in listed)
             for n, lines in truth.items()]
    all_codes = sum(len(t) for t, _, _ in codes)
    codes_right = sum(sum(a == b for a, b in zip(t, g, strict=False)) for t, g, _ in codes)
    unlisted = [(t, g) for t, g, is_listed in codes if not is_listed]
    unlisted_codes = sum(len(t) for t, _ in unlisted)
    unlisted_right = sum(sum(a == b for a, b in zip(t, g, strict=False)) for t, g in unlisted)
    wrong_unlisted = [n for n in truth if n not in exact and n not in listed]
    invented = [n for n in got if n not in printed]
    return {
        "paragraphs exact": f"{len(exact)}/{len(truth)} ({len(exact) / len(truth):.1%})",
        "words right": f"{1 - errors / words:.2%}",
        "reward codes exact": f"{codes_right}/{all_codes} ({codes_right / all_codes:.1%}); "
        f"of those not listed {unlisted_right}/{unlisted_codes}",
        "wrong not listed": f"{len(wrong_unlisted)} {wrong_unlisted[:8]}",
        "invented": f"{len(invented)} {invented[:8]}",
        "listed in review.txt": f"{len(listed & set(truth))} paragraphs",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--engine", default="tesseract")
    args = parser.parse_args()
    text = (ROOT / "content/demo/book.txt").read_text(encoding="utf-8")
    pages = typeset_book(text, TypeStyle(), max_pages=args.pages)
    on_pages = [line.paragraph for page in pages for line in page.lines]
    complete = set(on_pages) - {on_pages[-1]}  # the last may go on to the next page
    truth = {n: lines for n, lines in book_paragraphs(text) if n in complete}
    world = read_world_names(ROOT / "content/demo")
    choice = choose_engine(OcrEngine(args.engine))
    english_dictionary("eng")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for kind in ("scan", "photo"):
            paths = []
            for index, page in enumerate(pages, start=1):
                path = folder / f"{kind}-{index:03d}.{'png' if kind == 'scan' else 'jpg'}"
                image = page.image if kind == "scan" else photograph(page.image, seed=index)
                image.save(path)
                paths.append(path)
            seconds, results = [], []
            for path in paths:
                start = time.process_time()
                results += list(read_pages([path], choice=choice))
                seconds.append(time.process_time() - start)
            start = time.process_time()
            book = import_book(results, world=world)
            structure = (time.process_time() - start) / len(paths)
            print(f"{kind}s ({len(paths)} pages, {len(truth)} whole paragraphs, {args.engine}):")
            for measure, value in score(truth, set(on_pages), book).items():
                print(f"  {measure:22} {value}")
            print(f"  {'CPU a page':22} {statistics.median(seconds) + structure:.2f} s "
                  f"(reading {statistics.median(seconds):.2f}, structure {structure:.2f})")


if __name__ == "__main__":
    main()
