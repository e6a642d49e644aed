"""Pages typeset once per test session from our own demo book, kept in a tmp folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.book_import.engines import OcrEngine
from companion.book_import.pages import EngineChoice, choose_engine
from tests.book_import.typeset import Page, TypeStyle, photograph, typeset_book

ROOT = Path(__file__).resolve().parents[2]
TEXT_PAGE = 5  # a page of result paragraphs: headings, reward codes, prose


@dataclass(frozen=True)
class TestPage:
    """A typeset page and its files: the 300-dpi scan (PNG) and a phone photo (JPEG)."""

    page: Page
    scan: Path
    photo: Path

    @property
    def truth(self) -> list[str]:
        return [line.text for line in self.page.lines]


@pytest.fixture(scope="session")
def demo_pages() -> list[Page]:
    book = (ROOT / "content" / "demo" / "book.txt").read_text(encoding="utf-8")
    return typeset_book(book, TypeStyle(), max_pages=TEXT_PAGE + 1)


@pytest.fixture(scope="session")
def text_page(demo_pages, tmp_path_factory) -> TestPage:
    folder = tmp_path_factory.mktemp("typeset")
    page = demo_pages[TEXT_PAGE]
    scan, photo = folder / "scan.png", folder / "photo.jpg"
    page.image.save(scan, dpi=(300, 300))
    photograph(page.image, seed=TEXT_PAGE).save(photo)
    return TestPage(page, scan, photo)


@pytest.fixture(scope="session")
def tesseract() -> EngineChoice:
    return choose_engine(OcrEngine.TESSERACT)
