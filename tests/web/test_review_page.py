"""The review page of an imported book in headless Chromium: the doubtful paragraphs with
their reasons and page crops, an edit saved into book.txt and kept by the next import,
and no page without the token."""

from __future__ import annotations

import random
import shutil
import urllib.error
import urllib.request

import pytest

pytest.importorskip("selenium")
pytest.importorskip("PIL")

from PIL import Image
from selenium.webdriver.common.by import By

from companion.book_import.corrections import paragraph_blocks
from companion.book_import.folder import write_import
from companion.web.review_server import ReviewServer
from tests.book_import.layout import (
    DEMO,
    Kind,
    damage_lines,
    demo_paragraphs,
    pages_of,
    printed_lines,
)
from tests.web.browser import settled

PARAGRAPHS = demo_paragraphs()


@pytest.fixture
def imported(tmp_path):
    """A pack imported from damaged demo pages, drawn as plain white page images."""
    pack = tmp_path / "pack"
    pack.mkdir()
    for name in ("world.txt", "matrices.txt", "cards.txt"):
        shutil.copy(DEMO / name, pack / name)
    rng = random.Random(5)
    printed = printed_lines(PARAGRAPHS, rng)
    damage_lines(printed, [Kind.HEADING_LOST], rng, 2)
    pages = pages_of(printed, source=str(tmp_path / "page-{:03d}.png"))
    for page in pages:
        Image.new("L", (page.width, page.height), 255).save(page.source)
    write_import(pages, pack, world=pack)
    return pack


@pytest.fixture
def review(imported):
    server = ReviewServer(imported, port=0)
    address = server.start()
    yield server, address
    server.stop()


def test_a_doubtful_paragraph_is_shown_with_its_page_and_saved(review, imported, browser):
    _, address = review
    browser.get(address)
    settled(browser, 10).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt"))
    first = next(section for section in browser.find_elements(By.CSS_SELECTOR, ".doubt")
                 if "heading line may be lost" in section.text)  # fmt: skip
    number = int(first.find_element(By.TAG_NAME, "h2").text.removeprefix("¶"))
    crop = first.find_element(By.CSS_SELECTOR, ".crop")
    settled(browser, 10).until(lambda _: crop.get_property("naturalWidth") > 0)

    text = first.find_element(By.TAG_NAME, "textarea")
    lost = next(line for line in text.get_attribute("value").splitlines()
                if line.startswith("HEADING LOST:"))  # fmt: skip
    truth = next(t for t in PARAGRAPHS[number] if t.endswith(lost.removeprefix("HEADING LOST: ")))
    text.clear()
    text.send_keys("\n".join(truth if line == lost else line for line in PARAGRAPHS[number]))
    first.find_element(By.CSS_SELECTOR, ".save").click()
    settled(browser, 10).until(
        lambda _: first.find_element(By.CSS_SELECTOR, ".status").text == "Saved."
    )
    book = paragraph_blocks((imported / "book.txt").read_text(encoding="utf-8"))
    assert book[number].lines == PARAGRAPHS[number]

    text.send_keys("\n12")
    first.find_element(By.CSS_SELECTOR, ".save").click()
    settled(browser, 10).until(
        lambda _: "start a new paragraph" in first.find_element(By.CSS_SELECTOR, ".status").text
    )


def test_no_token_no_page(review):
    _, address = review
    for path in ("/", "/doubts", "/crop?p=1"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(address.split("/?")[0] + path, timeout=5)
        assert refused.value.code == 403
