"""Pages to a book (issue 23's table): typeset pages of a book, read by read_pages and cut
into paragraphs by import_book (with the pack's world.txt and matrices.txt, as an owner
who typed them would give, or without them: --no-world), scored against the book they were
typeset from.

Two setters: ``typeset`` (tests/book_import/typeset.py, Pillow: the first pages of the
book, two justified serif columns) and ``press`` (tests/book_import/press.py, ReportLab:
one seeded layout per --styles seed, sans or serif, numbers hanging or on their own line,
headings in small capitals or italics, running heads, ragged or justified, hyphenated;
each sets --paragraphs paragraphs from a seeded place in the book, every one whole).
Books: the demo book, or a seeded synthetic pack in varied prose (--book synthetic).

For scans and photos: paragraphs exact (every line equal), words right (1 - word error
rate over the paragraphs), reward codes exact (all, and of the paragraphs review.txt does
not list), wrong paragraphs not listed in review.txt, paragraphs invented, and CPU seconds
a page (median, reading and structure; the dictionary's one-time load apart).

    .venv/bin/python bench/bench_book_structure.py [--pages 10] [--engine tesseract]
    .venv/bin/python bench/bench_book_structure.py --setter press --styles 1,2,3 \
        --paragraphs 40 [--book synthetic] [--no-world] [--kinds photo] [--readings DIR]

``--readings DIR`` keeps what the engines read of each set in DIR and reads it from there
when it is already kept, so that a change to the structure stage (sections, words,
paragraphs) is measured before and after on the very same readings in seconds; a change
to the reading of pages needs an empty DIR (the CPU a page printed is then the first
reading's).
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import argparse
import pickle
import random
import re
import statistics
import subprocess
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
from tests.book_import.press import PressStyle, press_book  # noqa: E402
from tests.book_import.typeset import TypeStyle, book_paragraphs, photograph, typeset_book  # noqa: E402

CODE = re.compile(r"\[[^\[\]]*\]")


def listed_in_review(truth: dict[int, list[str]], book) -> set[int]:
    """The paragraphs review.txt lists: by number, or in a span where none was read."""
    review = book.review_text()
    listed = set(doubted_paragraphs(review))
    got = {p.number for p in book.paragraphs if p.number is not None}
    for low, high in doubted_spans(review):
        listed |= {n for n in truth if n >= low and (high is None or n <= high) and n not in got}
    return listed


def score(truth: dict[int, list[str]], printed: set[int], book) -> dict[str, str]:
    got = {p.number: p.lines for p in book.paragraphs if p.number is not None}
    listed = listed_in_review(truth, book)
    exact = [n for n, lines in truth.items() if got.get(n) == lines]
    words = sum(len(" ".join(lines).split()) for lines in truth.values())
    errors = sum(
        Levenshtein.distance(" ".join(lines).split(), " ".join(got.get(n, [])).split())
        for n, lines in truth.items()
    )
    codes = [
        (CODE.findall(" ".join(lines)), CODE.findall(" ".join(got.get(n, []))), n in listed)
        for n, lines in truth.items()
    ]
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
        "reward codes exact": f"{codes_right}/{all_codes} ({codes_right / max(1, all_codes):.1%}); "
        f"of those not listed {unlisted_right}/{unlisted_codes}",
        "wrong not listed": f"{len(wrong_unlisted)} {wrong_unlisted[:8]}",
        "invented": f"{len(invented)} {invented[:8]}",
        "listed in review.txt": f"{len(listed & set(truth))} paragraphs: "
        f"{len(listed & set(truth) - set(exact))} wrong, "
        f"{len(listed & set(exact))} right (the review's burden)",
    }


def pack_folder(name: str, folder: Path) -> Path:
    if name == "demo":
        return ROOT / "content/demo"
    pack = folder / "synthetic"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts/make-synthetic-book"),
            str(pack),
            "--seed",
            "5",
            "--paragraphs",
            "400",
            "--prose",
            "varied",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return pack


def book_text(pack: Path) -> str:
    files = [pack / "book.txt", *sorted(pack.glob("book-*.txt"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def typeset_sets(text: str, pages: int):
    """The first ``pages`` pages of the book: (scans, paragraphs wholly on them, all on them)."""
    typeset = typeset_book(text, TypeStyle(), max_pages=pages)
    on_pages = [line.paragraph for page in typeset for line in page.lines]
    complete = set(on_pages) - {on_pages[-1]}  # the last may go on to the next page
    truth = {n: lines for n, lines in book_paragraphs(text) if n in complete}
    yield "typeset", [page.image for page in typeset], truth, set(on_pages)


def press_sets(text: str, seeds: list[int], count: int):
    """For each seed, ``count`` paragraphs from a seeded place, pressed in that seed's style."""
    paragraphs = dict(book_paragraphs(text))
    numbers = sorted(paragraphs)
    for seed in seeds:
        start = random.Random(seed).randrange(0, max(1, len(numbers) - count))
        chosen = {n: paragraphs[n] for n in numbers[start : start + count]}
        style = PressStyle.varied(seed)
        yield f"press {seed}: {style.describe()}", press_book(chosen, style), chosen, set(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--engine", default="tesseract")
    parser.add_argument("--setter", choices=["typeset", "press"], default="typeset")
    parser.add_argument("--styles", default="1,2,3", help="press: the layouts' seeds")
    parser.add_argument("--paragraphs", type=int, default=40, help="press: paragraphs a layout")
    parser.add_argument("--book", choices=["demo", "synthetic"], default="demo")
    parser.add_argument("--no-world", action="store_true", help="import without world.txt")
    parser.add_argument("--kinds", default="scan,photo")
    parser.add_argument("--show", action="store_true", help="print each paragraph not exact")
    parser.add_argument("--readings", type=Path, help="keep and reuse the engines' readings")
    args = parser.parse_args()
    choice = choose_engine(OcrEngine(args.engine))
    english_dictionary("eng")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        pack = pack_folder(args.book, folder)
        text = book_text(pack)
        world = None if args.no_world else read_world_names(pack)
        sets = (
            typeset_sets(text, args.pages)
            if args.setter == "typeset"
            else press_sets(text, [int(s) for s in args.styles.split(",")], args.paragraphs)
        )
        for name, scans, truth, printed in sets:
            print(name)
            for kind in args.kinds.split(","):
                kept = kept_path(args, name, len(truth), kind)
                results, seconds = read_kept(kept) or read_as(kind, scans, folder, choice)
                if kept is not None and not kept.exists():
                    kept.parent.mkdir(parents=True, exist_ok=True)
                    kept.write_bytes(pickle.dumps((results, seconds)))
                measure(kind, results, seconds, truth, printed, world, args.show)


def kept_path(args: argparse.Namespace, name: str, paragraphs: int, kind: str) -> Path | None:
    """Where --readings keeps a set's readings: by book, layout, paragraphs, kind, engine."""
    if args.readings is None:
        return None
    layout = re.sub(r"\W+", "-", name.split(":")[0])
    return args.readings / f"{args.book}-{layout}-{paragraphs}-{kind}-{args.engine}.pickle"


def read_kept(kept: Path | None):
    """The readings and CPU seconds kept in ``kept`` (this bench's own file), or None."""
    if kept is None or not kept.exists():
        return None
    return pickle.loads(kept.read_bytes())


def read_as(kind: str, scans, folder: Path, choice, tables: bool = False):
    """The scans saved as scans (PNG) or phone photos (JPEG) and read: (results, CPU
    seconds of each page)."""
    seconds, results = [], []
    for index, scan in enumerate(scans, start=1):
        path = folder / f"{kind}-{index:03d}.{'png' if kind == 'scan' else 'jpg'}"
        (scan if kind == "scan" else photograph(scan, seed=index)).save(path)
        start = time.process_time()
        results += list(read_pages([path], choice=choice, tables=tables))
        seconds.append(time.process_time() - start)
    return results, seconds


def measure(kind, results, seconds, truth, printed, world, show: bool) -> None:
    start = time.process_time()
    book = import_book(results, world=world)
    structure = (time.process_time() - start) / len(seconds)
    print(f"  {kind}s ({len(seconds)} pages, {len(truth)} whole paragraphs):")
    for measure_name, value in score(truth, printed, book).items():
        print(f"    {measure_name:22} {value}")
    print(
        f"    {'CPU a page':22} {statistics.median(seconds) + structure:.2f} s "
        f"(reading {statistics.median(seconds):.2f}, structure {structure:.2f})",
        flush=True,
    )
    if show:
        show_misses(truth, book)


def show_misses(truth: dict[int, list[str]], book) -> None:
    """Each paragraph not exact: listed or not, and its lines as printed and as read."""
    listed = listed_in_review(truth, book)
    got = {p.number: p.lines for p in book.paragraphs if p.number is not None}
    for number, lines in truth.items():
        if got.get(number) != lines:
            print(f"    ¶{number} {'listed' if number in listed else 'NOT LISTED'}")
            for printed, read in zip(lines, got.get(number, []), strict=False):
                if printed != read:
                    print(f"      printed: {printed}\n      read:    {read}")
            if len(lines) != len(got.get(number, [])):
                print(f"      {len(lines)} lines printed, {len(got.get(number, []))} read")


if __name__ == "__main__":
    main()
