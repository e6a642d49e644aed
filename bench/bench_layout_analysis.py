"""Columns (issue 23): Tesseract's own layout analysis (``AnalyseLayout``, page
segmentation AUTO_ONLY) against ``layout.find_columns`` on prepared pages: the text
blocks Tesseract finds, whether any of them crosses the columns' parting, and the CPU
seconds each takes (one thread).

Pages: the first of each press layout (tests/book_import/press.py, seeds 1-7, 24
paragraphs from a seeded place of the demo book) and the first typesetter's first and
fifth pages, the fifth also as a phone photo.

    nice -n 10 .venv/bin/python bench/bench_layout_analysis.py [--seeds 1,2,3,4,5,6,7]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import tesserocr  # noqa: E402
from PIL import Image  # noqa: E402

from companion.book_import import page_image  # noqa: E402
from companion.book_import.engines.tesseract import tessdata_folder  # noqa: E402
from companion.book_import.layout import find_columns  # noqa: E402
from tests.book_import.layout import demo_paragraphs  # noqa: E402
from tests.book_import.press import PressStyle, press_book  # noqa: E402
from tests.book_import.typeset import TypeStyle, photograph, typeset_book  # noqa: E402

SLACK = 20  # pixels a block may reach past the parting (a hanging number's edge)


def chosen_pages(seeds: list[int]) -> list[tuple[str, Image.Image]]:
    paragraphs = demo_paragraphs()
    numbers = sorted(paragraphs)
    pages = []
    for seed in seeds:
        start = random.Random(seed).randrange(0, len(numbers) - 24)
        chosen = {n: paragraphs[n] for n in numbers[start : start + 24]}
        pages.append((f"press {seed}", press_book(chosen, PressStyle.varied(seed))[0]))
    text = (ROOT / "content/demo/book.txt").read_text(encoding="utf-8")
    typeset = typeset_book(text, TypeStyle(), max_pages=5)
    return [*pages, ("typeset page 1", typeset[0].image), ("typeset page 5", typeset[4].image),
            ("typeset page 5, photo", photograph(typeset[4].image, seed=5))]  # fmt: skip


def ours(prepared: page_image.PreparedPage) -> tuple[list[int], float]:
    """The partings between find_columns' columns (page pixels), and its CPU seconds."""
    start = time.process_time()
    small, scale = page_image.shrunk(prepared.image)
    gap = max(2, round(prepared.line_pitch * scale * 0.6))
    columns = find_columns(page_image.ink(small), gap)
    partings = [round((a[1] + b[0]) / 2 / scale) for a, b in itertools.pairwise(columns)]
    return partings, time.process_time() - start


def tesseract_blocks(api, page: np.ndarray) -> tuple[list[tuple[int, int, int, int]], float]:
    """Tesseract's text blocks (left, top, right, bottom), and its CPU seconds."""
    start = time.process_time()
    api.SetImage(Image.fromarray(page))
    iterator = api.AnalyseLayout()
    blocks = []
    if iterator is not None:
        for block in tesserocr.iterate_level(iterator, tesserocr.RIL.BLOCK):
            if box := block.BoundingBox(tesserocr.RIL.BLOCK):
                blocks.append(box)
    return blocks, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3,4,5,6,7")
    args = parser.parse_args()
    folder = tessdata_folder("eng")
    api = tesserocr.PyTessBaseAPI(path=f"{folder}/", lang="eng", psm=tesserocr.PSM.AUTO_ONLY)
    for name, image in chosen_pages([int(seed) for seed in args.seeds.split(",")]):
        prepared = page_image.prepare(np.asarray(image.convert("L")))
        partings, our_seconds = ours(prepared)
        blocks, their_seconds = tesseract_blocks(api, prepared.image)
        crossing = [box for box in blocks for parting in partings
                    if box[0] < parting - SLACK and box[2] > parting + SLACK]  # fmt: skip
        print(f"{name:22} find_columns: {len(partings) + 1} columns, {our_seconds:.2f} s | "
              f"AnalyseLayout: {len(blocks)} blocks, {len(crossing)} across the parting, "
              f"{their_seconds:.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
