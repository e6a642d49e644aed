"""The Reaction Matrix booklet to matrices.txt (issue 23): a pack's matrices printed as a
booklet's tables (tests/book_import/press.py: a title, the reactions above their
columns, one row per adjective; seeded faces, sizes, ruled or plain, the opposite gender
in the header or a footnote), as 300-dpi scans and phone photos, read by
``read_pages(tables=True)`` and ``read_matrices`` with the pack's book as the check, and
scored against the matrices they were printed from.

For scans and photos: cells exact, rows exact (name and every cell), matrices exact
(reactions and every row), wrong rows not listed in the review, rows invented, CPU
seconds a page (median).

    .venv/bin/python bench/bench_book_matrices.py [--styles 1,2,3] [--book demo|synthetic]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_book_structure import book_text, pack_folder, read_as  # noqa: E402
from companion.book_import.engines import OcrEngine  # noqa: E402
from companion.book_import.matrices import book_facts, read_matrices  # noqa: E402
from companion.book_import.pages import choose_engine  # noqa: E402
from tests.book_import.press import PressStyle, matrix_tables, press_matrices  # noqa: E402


def score(truth: dict, read) -> dict[str, str]:
    got = {
        m.letter: (m.reactions, [[name, *cells] for name, cells, _ in m.rows])
        for m in read.matrices
    }
    listed = {(d.subject or "") for d in read.doubts}
    cells = cells_right = rows = rows_right = exact = wrong_unlisted = 0
    for letter, (reactions, truth_rows) in truth.items():
        got_reactions, got_rows = got.get(letter, ([], []))
        exact += got_reactions == reactions and got_rows == truth_rows
        wrong_unlisted += got_reactions != reactions and f"matrix {letter}" not in listed
        for index, row in enumerate(truth_rows):
            read_row = got_rows[index] if index < len(got_rows) else []
            cells += len(row) - 1
            cells_right += sum(a == b for a, b in zip(row[1:], read_row[1:], strict=False))
            rows += 1
            rows_right += read_row == row
            name = read_row[0] if read_row else "?"
            said = bool({f"matrix {letter}", f"matrix {letter}, {name}"} & listed)
            wrong_unlisted += read_row != row and not said
    invented = sum(
        max(0, len(rows_) - len(truth.get(letter, ([], []))[1]))
        for letter, (_, rows_) in got.items()
    )
    return {
        "matrices exact": f"{exact}/{len(truth)}",
        "rows exact": f"{rows_right}/{rows} ({rows_right / rows:.1%})",
        "cells exact": f"{cells_right}/{cells} ({cells_right / cells:.2%})",
        "wrong not listed": str(wrong_unlisted),
        "rows invented": str(invented),
        "doubts listed": str(len(read.doubts)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--styles", default="1,2,3")
    parser.add_argument("--book", choices=["demo", "synthetic"], default="demo")
    parser.add_argument("--kinds", default="scan,photo")
    parser.add_argument("--show", action="store_true", help="print the doubts")
    args = parser.parse_args()
    choice = choose_engine(OcrEngine.TESSERACT)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        pack = pack_folder(args.book, folder)
        text = (pack / "matrices.txt").read_text(encoding="utf-8")
        truth = matrix_tables(text)
        facts = book_facts(book_text(pack))
        for seed in (int(s) for s in args.styles.split(",")):
            style = PressStyle.varied(seed)
            scans = press_matrices(text, style, footnote=seed % 2 == 0)
            print(f"style {seed}: {style.describe()}, {'footnote' if seed % 2 == 0 else 'header'}")
            for kind in args.kinds.split(","):
                results, seconds = read_as(kind, scans, folder, choice, tables=True)
                read = read_matrices(results, facts)
                print(f"  {kind}s ({len(scans)} pages):")
                for name, value in score(truth, read).items():
                    print(f"    {name:22} {value}")
                print(f"    {'CPU a page':22} {statistics.median(seconds):.2f} s", flush=True)
                if args.show:
                    for doubt in read.doubts:
                        print(f"    {doubt}")


if __name__ == "__main__":
    main()
