"""Typeset pages of the demo book, read by Tesseract and cut into the book: whatever is
not exactly as printed is listed in review.txt, and no paragraph is invented."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")
pytest.importorskip("tesserocr")

from companion.book_import.book import import_book
from companion.book_import.pages import read_pages
from companion.book_import.review import doubted_paragraphs, doubted_spans
from companion.book_import.world_names import read_world_names
from tests.book_import.conftest import ROOT, TEXT_PAGE
from tests.book_import.typeset import book_paragraphs, photograph

WORLD = read_world_names(ROOT / "content" / "demo")


@pytest.mark.parametrize("kind", ["scan", "photo"])
def test_read_pages_are_exact_or_listed(kind, demo_pages, tesseract, tmp_path):
    pages = demo_pages[TEXT_PAGE - 1 : TEXT_PAGE + 1]
    paths = []
    for index, page in enumerate(pages):
        path = tmp_path / f"{kind}-{index}.{'png' if kind == 'scan' else 'jpg'}"
        (page.image if kind == "scan" else photograph(page.image, seed=index)).save(path)
        paths.append(path)
    book = import_book(read_pages(paths, choice=tesseract), world=WORLD)
    on_pages = [line.paragraph for page in pages for line in page.lines]
    whole = set(on_pages) - {on_pages[0], on_pages[-1]}  # the first and last may be cut
    text = (ROOT / "content" / "demo" / "book.txt").read_text(encoding="utf-8")
    truth = {n: lines for n, lines in book_paragraphs(text) if n in whole}
    review = book.review_text()
    listed = set(doubted_paragraphs(review))
    got = {p.number: p.lines for p in book.paragraphs if p.number is not None}
    for low, high in doubted_spans(review):
        listed |= {n for n in truth if n >= low and (high is None or n <= high)}
    wrong = [n for n, lines in truth.items() if got.get(n) != lines and n not in listed]
    assert wrong == [], [(got.get(n), truth[n]) for n in wrong]
    assert set(got) - set(on_pages) == set()
    if kind == "scan":
        assert sum(got.get(n) == lines for n, lines in truth.items()) >= 0.8 * len(truth)
