"""Issue 23's bad input, through `companion import-book` as an owner runs it: a page
sideways, a page twice, pages out of order, a blank page, a cover photo, a corrupt image
and a missing file, all in one import. Each file that gives no page is named with why;
the rest is imported, nothing lost; a progress bar with the time left on a terminal."""

from __future__ import annotations

import sys

import numpy as np
import pexpect
import pytest
from PIL import Image, ImageDraw, ImageFont

from companion.book_import.review import doubted_paragraphs
from companion.cli import main
from tests.book_import.conftest import ROOT, TEXT_PAGE
from tests.book_import.typeset import book_paragraphs

pytest.importorskip("tesserocr")


def cover(path) -> None:
    """A cover: a picture with a few large words on it."""
    rng = np.random.default_rng(4)
    ys, xs = np.mgrid[0:1500, 0:1100]
    art = 128 + 90 * np.sin(xs / 37.0) * np.cos(ys / 53.0) + rng.normal(0, 20, xs.shape)
    image = Image.fromarray(art.clip(0, 255).astype(np.uint8))
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", 90)
    ImageDraw.Draw(image).text((120, 200), "TALES OF\nWONDER", font=font, fill=255)
    image.save(path, quality=85)


def test_bad_pages_are_named_and_the_rest_imported(demo_pages, tmp_path, capfd):
    first, second = demo_pages[TEXT_PAGE - 1], demo_pages[TEXT_PAGE]
    files = {name: tmp_path / name for name in
             ("second-sideways.png", "first.png", "first-again.png", "blank.png",
              "cover.jpg", "corrupt.jpg", "missing.jpg")}  # fmt: skip
    second.image.transpose(Image.Transpose.ROTATE_90).save(files["second-sideways.png"])
    first.image.save(files["first.png"])
    first.image.save(files["first-again.png"])
    Image.new("L", (2000, 2800), 247).save(files["blank.png"])
    cover(files["cover.jpg"])
    files["corrupt.jpg"].write_bytes(b"\xff\xd8\xff\xe0 not a jpeg" * 30)
    pack = tmp_path / "pack"
    assert main(["import-book", *map(str, files.values()), "--out", str(pack)]) == 0
    printed = capfd.readouterr()
    said = printed.err
    assert "Error in" not in said  # Leptonica's own, on the blank page and the cover
    assert f"{files['missing.jpg']}: no such file" in said
    assert f"{files['blank.png']} (page 4): a blank page; left out" in said
    assert f"{files['cover.jpg']} (page 5): no text found" in said
    assert f"{files['corrupt.jpg']} (page 6): not an image that can be read" in said
    assert f"{files['first-again.png']} (page 3): repeats page 2 ({files['first.png']})" in said
    assert " from 2 pages into " in printed.out  # the sideways page and the first, once
    review = (pack / "review.txt").read_text(encoding="utf-8")
    assert f"{files['first-again.png']} repeats page 2" in review
    assert f"{files['first.png']} was given after page 1" in review
    book = (pack / "book.txt").read_text(encoding="utf-8")
    on_pages = [line.paragraph for page in (first, second) for line in page.lines]
    whole = set(on_pages) - {on_pages[0], on_pages[-1]}
    text = (ROOT / "content" / "demo" / "book.txt").read_text(encoding="utf-8")
    truth = {n: lines for n, lines in book_paragraphs(text) if n in whole}
    got = dict(book_paragraphs(book))
    listed = set(doubted_paragraphs(review))
    assert set(got) <= set(on_pages)  # nothing invented
    assert [n for n in truth if got.get(n) != truth[n] and n not in listed] == []
    assert sum(got.get(n) == lines for n, lines in truth.items()) >= 0.8 * len(truth)


def test_a_terminal_sees_a_progress_bar_with_the_time_left(tmp_path):
    paths = []
    for index in range(2):  # blank pages: read at once, the bar is the same
        path = tmp_path / f"page-{index}.png"
        Image.new("L", (2000, 2800), 247).save(path)
        paths.append(str(path))
    child = pexpect.spawn(sys.executable, ["-m", "companion", "import-book", *paths, "--out",
                                           str(tmp_path / "pack")],
                          encoding="utf-8", timeout=300, dimensions=(24, 120))  # fmt: skip
    child.expect(r"Reading pages.*1/2.*pages.*\d+:\d\d left")
    child.expect(r"2/2.*pages.*0:00 left")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
