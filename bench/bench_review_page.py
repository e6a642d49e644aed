"""The review page's cost on a whole book: the demo book (about 2,300 paragraphs on 320
pages, laid out as a printed book, with seeded misreadings) imported into a folder, each
page drawn with lines of word-like marks where its words are, then `companion review`'s
server asked for its doubts and for the crops of the first and the last doubtful
paragraph: medians over several runs, with the places file read afresh (as after an
import into the same folder) and as kept between requests, and their ratio.

    scripts/bench bench/bench_review_page.py [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from companion.book_import.folder import PLACES  # noqa: E402
from companion.web.review_server import ReviewServer  # noqa: E402
from tests.book_import.layout import Kind, imported_demo  # noqa: E402


def drawn(page) -> Image.Image:
    """A white page with a dark bar for each word where the page says it was read."""
    image = Image.new("L", (page.width, page.height), 255)
    pen = ImageDraw.Draw(image)
    for line in page.lines:
        for word in line.words:
            box = word.box
            pen.rectangle((box.left, box.top + 8, box.left + box.width, box.top + box.height),
                          fill=40)  # fmt: skip
    return image


def milliseconds(url: str, fresh_places: Path | None) -> float:
    """How long ``url`` took to answer, the places file touched first when given."""
    if fresh_places is not None:
        os.utime(fresh_places, ns=(time.time_ns(), time.time_ns()))
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as answer:
        answer.read()
    return 1000 * (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        pack = imported_demo(Path(scratch), list(Kind), 150, drawn)
        print(f"imported in {time.perf_counter() - started:.0f} s")
        server = ReviewServer(pack, port=0)
        address = server.start()
        base, token = address.split("/?t=")
        doubts = json.loads(urllib.request.urlopen(f"{base}/doubts?t={token}").read())
        paragraphs = [d for d in doubts if d["kind"] == "p" and d["crops"]]
        print(f"{len(doubts)} doubts; {(pack / PLACES).stat().st_size // 1000} kB of places")
        asked = {"doubts": f"{base}/doubts?t={token}"}
        for name, doubt in (("first crop", paragraphs[0]), ("last crop", paragraphs[-1])):
            asked[name] = f"{base}/crop?t={token}&p={doubt['key']}&i=0"
        for name, url in asked.items():
            fresh = statistics.median(milliseconds(url, pack / PLACES) for _ in range(runs))
            kept = statistics.median(milliseconds(url, None) for _ in range(runs))
            print(f"{name:>10}: places read afresh {fresh:6.1f} ms, kept {kept:6.1f} ms "
                  f"(ratio {fresh / kept:.2f}), median of {runs}")  # fmt: skip
        server.stop()


if __name__ == "__main__":
    main()
