"""The review page of an imported book in headless Chromium: the doubtful paragraphs and
matrices with their reasons and page crops, an edit saved into book.txt or matrices.txt
and kept by the next import, and no page or save without the token."""

from __future__ import annotations

import json
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
from companion.book_import.folder import MATRICES, REVIEW, write_import, write_matrices
from companion.web.review_server import ReviewServer
from tests.book_import.layout import (
    DEMO,
    Kind,
    damage_lines,
    demo_paragraphs,
    pages_of,
    printed_lines,
)
from tests.book_import.test_matrices import table_page
from tests.web.browser import settled
from tests.web.http_client import Display

PARAGRAPHS = demo_paragraphs()
BOOKLET = (
    [["MATRIX B"], ["", "Trade", "Leave"], ["Rich", "154", "157"], ["<i>odd</i>", "160", "163"]],
    [["MATRIX F"], ["", "Pray", "Wait", "Flee", "Steer"],
     ["Terrible", "351", "357", "363", "375"], ["Mild", "354", "360", "366", "2S72"]],
)  # fmt: skip
MISREAD, FIXED = "Mild | 354 | 360 | 366 | 2572", "Mild | 354 | 360 | 366 | 2372"


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
    write_matrices(booklet_pages(tmp_path), pack)
    return pack


def booklet_pages(folder):
    """The booklet's two pages as read (matrix F's last cell misread), drawn as white pages."""
    pages = [table_page(*rows, source=str(folder / f"booklet-{number}.png"), page=number)
             for number, rows in enumerate(BOOKLET, start=1)]  # fmt: skip
    for page in pages:
        Image.new("L", (page.width, page.height), 255).save(page.source)
    return pages


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


def test_a_doubtful_matrix_is_shown_with_its_page_and_saved(review, imported, browser, tmp_path):
    _, address = review
    before = (imported / MATRICES).read_text(encoding="utf-8")
    assert MISREAD in before
    browser.get(address)
    settled(browser, 10).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt.matrix"))
    odd = browser.find_element(By.ID, "mB")
    assert "<i>odd</i>" in odd.find_element(By.CSS_SELECTOR, ".why").text
    assert not odd.find_elements(By.CSS_SELECTOR, ".why i")
    matrix = browser.find_element(By.ID, "mF")
    assert matrix.find_element(By.TAG_NAME, "h2").text == "Matrix F"
    assert "read as '2S72'; read as 2572" in matrix.find_element(By.CSS_SELECTOR, ".why").text
    crop = matrix.find_element(By.CSS_SELECTOR, ".crop")
    settled(browser, 10).until(lambda _: crop.get_property("naturalWidth") > 0)

    text = matrix.find_element(By.TAG_NAME, "textarea")
    edited = text.get_attribute("value").replace(MISREAD, FIXED)
    text.clear()
    text.send_keys(edited)
    matrix.find_element(By.CSS_SELECTOR, ".save").click()
    settled(browser, 10).until(
        lambda _: matrix.find_element(By.CSS_SELECTOR, ".status").text == "Saved."
    )
    assert (imported / MATRICES).read_text(encoding="utf-8") == before.replace(MISREAD, FIXED)

    write_matrices(booklet_pages(tmp_path), imported)
    assert FIXED in (imported / MATRICES).read_text(encoding="utf-8")
    assert "matrix F" not in (imported / REVIEW).read_text(encoding="utf-8")


def saved(address: str, body: dict) -> tuple[int, str]:
    """POST ``body`` to the review page's save; the status and the answer's error."""
    sent = json.dumps(body).encode()
    status, _, answer = Display(address).request(
        "POST", "/save", sent, {"Content-Type": "application/json"}
    )
    return status, json.loads(answer or b"{}").get("error", "")


def test_a_matrix_that_does_not_read_as_a_table_is_refused(review, imported):
    server, address = review
    before = (imported / MATRICES).read_bytes()
    bad = f"reactions | Pray | Wait | Flee | Steer\n{MISREAD.replace('2572', '25x2')}"
    status, error = saved(address, {"t": server.token, "matrix": "F", "text": bad})
    assert status == 400
    assert "line 2: matrix F, Mild: a cell must be a whole number, not '25x2'" in error
    status, error = saved(address, {"t": server.token, "matrix": "F", "text": "Mild | 1 | 2"})
    assert status == 400 and "the first row must be 'reactions" in error
    status, error = saved(address, {"t": server.token, "matrix": "F", "text": "x" * 70_000})
    assert status == 413 and "more than" in error
    assert (imported / MATRICES).read_bytes() == before


def test_no_token_no_matrix_saved(review, imported):
    _, address = review
    before = (imported / MATRICES).read_bytes()
    good = f"reactions | Pray | Wait | Flee | Steer\n{FIXED}"
    for token in ("", "wrong", None):
        status, error = saved(address, {"t": token, "matrix": "F", "text": good})
        assert status in (400, 403) if token is None else status == 403
        assert "access token" in error or token is None
    assert (imported / MATRICES).read_bytes() == before
