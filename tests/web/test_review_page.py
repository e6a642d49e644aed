"""The review page of an imported book in headless Chromium: the doubtful paragraphs and
matrices with their reasons and page crops (one for each page or column they run over),
an edit saved into book.txt or matrices.txt and kept by the next import, refusals naming
the line of the text box, a folder with only matrices.txt reviewed too, and no page or
save without the token."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import select
import shutil
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

pytest.importorskip("selenium")
pytest.importorskip("PIL")

from PIL import Image, ImageDraw
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion.book_import.corrections import paragraph_blocks
from companion.book_import.folder import (
    DOUBTED_PLACES,
    MATRICES,
    PLACES,
    REVIEW,
    write_matrices,
)
from companion.book_import.review import doubted_paragraphs
from companion.web.review_server import ReviewServer
from tests.book_import.layout import Kind, demo_paragraphs, imported_demo
from tests.book_import.test_matrices import table_page
from tests.web.browser import settled
from tests.web.http_client import Display

PARAGRAPHS = demo_paragraphs()
BOOKLET = (  # matrix F runs over two pages
    [["MATRIX B"], ["", "Trade", "Leave"], ["Rich", "154", "157"], ["<i>odd</i>", "160", "163"]],
    [["MATRIX F"], ["", "Pray", "Wait", "Flee", "Steer"], ["Terrible", "351", "357", "363", "375"]],
    [["Mild", "354", "360", "366", "2S72"]],
)  # fmt: skip
MISREAD, FIXED = "Mild | 354 | 360 | 366 | 2572", "Mild | 354 | 360 | 366 | 2372"
SETTLE_SECONDS = 60
"""The longest a page is waited for: the demo book's review (124 paragraphs with crops)
took over 10 s to show in Chromium with both cores of the test machine busy."""


@pytest.fixture(scope="module")
def imported_once(tmp_path_factory):
    """A folder holding a pack imported from damaged demo pages, drawn as plain white page
    images, and the images: imported once for the module (about 90 s a time)."""
    folder = tmp_path_factory.mktemp("imported")
    pack = imported_demo(folder, [Kind.HEADING_LOST], 2,
                         lambda page: Image.new("L", (page.width, page.height), 255))  # fmt: skip
    write_matrices(booklet_pages(folder), pack)
    return folder


@pytest.fixture
def imported(imported_once, tmp_path):
    """A test's own copy of the imported pack (and its page images), to save into."""
    shutil.copytree(imported_once, tmp_path, dirs_exist_ok=True)
    return tmp_path / "pack"


def page_wait(browser):
    """A wait of at most SETTLE_SECONDS for the review page."""
    return settled(browser, SETTLE_SECONDS)


def booklet_pages(folder):
    """The booklet's three pages as read (matrix F's last cell misread), drawn as white pages."""
    pages = [table_page(*rows, source=str(folder / f"booklet-{number}.png"), page=number)
             for number, rows in enumerate(BOOKLET, start=1)]  # fmt: skip
    for page in pages:
        Image.new("L", (page.width, page.height), 255).save(page.source)
    return pages


@pytest.fixture
def booklet_only(tmp_path):
    """A folder into which only the booklet was imported: matrices.txt, no book.txt."""
    pack = tmp_path / "booklet"
    write_matrices(booklet_pages(tmp_path), pack)
    return pack


def serving(folder):
    server = ReviewServer(folder, port=0)
    address = server.start()
    yield server, address
    server.stop()


@pytest.fixture
def review(imported):
    yield from serving(imported)


@pytest.fixture
def booklet_review(booklet_only):
    yield from serving(booklet_only)


def test_a_doubtful_paragraph_is_shown_with_its_page_and_saved(review, imported, browser):
    _, address = review
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt"))
    assert browser.find_element(By.ID, "summary").text.endswith(" to look at; 0 saved.")
    first = next(section for section in browser.find_elements(By.CSS_SELECTOR, ".doubt")
                 if "heading line may be lost" in section.text)  # fmt: skip
    number = int(first.find_element(By.TAG_NAME, "h2").text.removeprefix("¶"))
    crop = first.find_element(By.CSS_SELECTOR, ".crop")
    loaded(browser, crop)
    mark = first.find_element(By.CSS_SELECTOR, ".mark")  # the lost heading's line
    assert mark.is_displayed() and mark.rect["height"] > 0

    text = first.find_element(By.TAG_NAME, "textarea")
    lost = next(line for line in text.get_attribute("value").splitlines()
                if line.startswith("HEADING LOST:"))  # fmt: skip
    truth = next(t for t in PARAGRAPHS[number] if t.endswith(lost.removeprefix("HEADING LOST: ")))
    text.clear()
    text.send_keys("\n".join(truth if line == lost else line for line in PARAGRAPHS[number]))
    first.find_element(By.CSS_SELECTOR, ".save").click()
    page_wait(browser).until(
        lambda _: first.find_element(By.CSS_SELECTOR, ".status").text == "Saved."
    )
    book = paragraph_blocks((imported / "book.txt").read_text(encoding="utf-8"))
    assert book[number].lines == PARAGRAPHS[number]
    assert browser.find_element(By.ID, "summary").text.endswith("; 1 saved.")

    text.send_keys("\n12")
    first.find_element(By.CSS_SELECTOR, ".save").click()
    page_wait(browser).until(
        lambda _: "start a new paragraph" in first.find_element(By.CSS_SELECTOR, ".status").text
    )

    browser.refresh()  # the owner comes back later: what was saved is marked
    page_wait(browser).until(lambda page: page.find_elements(By.ID, f"p{number}"))
    again = browser.find_element(By.ID, f"p{number}")
    assert again.find_element(By.CSS_SELECTOR, ".status").text == "Saved since the import."
    assert browser.find_element(By.ID, "summary").text.endswith("; 1 saved.")


def test_the_lines_in_doubt_are_marked_on_the_crop(review, imported):
    """Each line of the page painted its own grey: the middle of each mark on the crop is
    the grey of a line review.txt names, and every line it names is marked."""
    server, address = review
    display = Display(address)
    doubts = json.loads(display.request("GET", f"/doubts?t={server.token}")[2])
    doubt = next(d for d in doubts if d["kind"] == "p" and len(d["crops"]) == 1 and d["marks"])
    lines = json.loads((imported / PLACES).read_text(encoding="utf-8"))[doubt["key"]]
    page = imported / lines[0]["image"]
    with Image.open(page) as image:
        painted = image.convert("L")
    for index, line in enumerate(lines):
        left, top, width, height = line["box"]
        ImageDraw.Draw(painted).rectangle(
            [left, top, left + width - 1, top + height - 1], fill=10 + 3 * index
        )
    painted.save(page)
    code, _, png = display.request("GET", f"/crop?t={server.token}&p={doubt['key']}&i=0")
    assert code == 200
    with Image.open(io.BytesIO(png)) as crop:
        marked = {(crop.getpixel((int((mark["left"] + mark["width"] / 2) * crop.width),
                                  int((mark["top"] + mark["height"] / 2) * crop.height))) - 10)
                  / 3 for mark in doubt["marks"]}  # fmt: skip
    first = int(re.search(r"line (\d+)$", doubt["where"])[1])
    listed = (imported / REVIEW).read_text(encoding="utf-8")
    said = re.finditer(rf"^¶{doubt['key']} .*, line (\d+): ", listed, re.MULTILINE)
    named = {int(line[1]) - first for line in said}
    assert marked == named


def test_damaged_places_cost_their_crops_never_the_page(review, imported):
    """The places files are the import's, but a damaged one (an image elsewhere through a
    link, a box not of four numbers, a page that is a pipe, a file that is no JSON) loses
    what it held and nothing else: before, the whole doubts list failed."""
    server, address = review
    display = Display(address)
    keys = [doubt["key"] for doubt in json.loads(display.request(
        "GET", f"/doubts?t={server.token}")[2]) if doubt["kind"] == "p"]  # fmt: skip
    linked, boxless, piped = keys[:3]
    places = json.loads((imported / PLACES).read_text(encoding="utf-8"))
    Image.new("L", (900, 900), 0).save(imported.parent / "elsewhere.png")
    (imported / "pages" / "page-7777.png").symlink_to(imported.parent / "elsewhere.png")
    os.mkfifo(imported / "pages" / "page-8888.png")
    for key, change in ((linked, {"image": "pages/page-7777.png"}), (boxless, {"box": "x"}),
                        (piped, {"image": "pages/page-8888.png"})):  # fmt: skip
        places[key] = [{**place, **change} for place in places[key]]
    (imported / PLACES).write_text(json.dumps(places), encoding="utf-8")
    (imported / DOUBTED_PLACES).write_text("[not json", encoding="utf-8")
    code, _, body = display.request("GET", f"/doubts?t={server.token}")
    assert code == 200
    shown = {doubt["key"]: doubt for doubt in json.loads(body)}
    assert shown[boxless]["crops"] == []
    for key in (linked, piped):  # shown, as pages that cannot be read
        crops = shown[key]["crops"]
        assert crops and all(crop["width"] == crop["height"] == 0 for crop in crops)
    assert all(doubt["crops"] for key, doubt in shown.items() if key not in keys[:3])
    for key in (linked, piped):
        assert display.request("GET", f"/crop?t={server.token}&p={key}&i=0")[0] == 404


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
    page_wait(browser).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt.matrix"))
    odd = browser.find_element(By.ID, "mB")
    assert "<i>odd</i>" in odd.find_element(By.CSS_SELECTOR, ".why").text
    assert not odd.find_elements(By.CSS_SELECTOR, ".why i")
    matrix = browser.find_element(By.ID, "mF")
    assert matrix.find_element(By.TAG_NAME, "h2").text == "Matrix F"
    assert "read as '2S72'; read as 2572" in matrix.find_element(By.CSS_SELECTOR, ".why").text
    loaded(browser, matrix.find_element(By.CSS_SELECTOR, ".crop"))
    mild = matrix.find_elements(By.CSS_SELECTOR, ".cropped")[1]  # of pages 2 and 3
    assert len(mild.find_elements(By.CSS_SELECTOR, ".mark")) == 1  # the row misread

    text = matrix.find_element(By.TAG_NAME, "textarea")
    edited = text.get_attribute("value").replace(MISREAD, FIXED)
    text.clear()
    text.send_keys(edited)
    matrix.find_element(By.CSS_SELECTOR, ".save").click()
    page_wait(browser).until(
        lambda _: matrix.find_element(By.CSS_SELECTOR, ".status").text == "Saved."
    )
    assert (imported / MATRICES).read_text(encoding="utf-8") == before.replace(MISREAD, FIXED)

    write_matrices(booklet_pages(tmp_path), imported)
    assert FIXED in (imported / MATRICES).read_text(encoding="utf-8")
    assert "matrix F" not in (imported / REVIEW).read_text(encoding="utf-8")


def test_what_the_owner_changed_since_the_import_is_marked_saved(imported):
    server = ReviewServer(imported)
    shown = server.doubts()
    assert not any(doubt.saved for doubt in shown)
    by_hand = next(int(doubt.key) for doubt in shown if doubt.kind == "p")
    book = (imported / "book.txt").read_text(encoding="utf-8")
    block = paragraph_blocks(book)[by_hand]
    old = block.text()
    block.lines = [*block.lines, "A line the owner typed into book.txt."]
    (imported / "book.txt").write_text(book.replace(old, block.text()), encoding="utf-8")
    fixed = (imported / MATRICES).read_text(encoding="utf-8").replace(MISREAD, FIXED)
    (imported / MATRICES).write_text(fixed, encoding="utf-8")
    marked = {(doubt.kind, doubt.key) for doubt in server.doubts() if doubt.saved}
    assert marked == {("p", str(by_hand)), ("m", "F")}


def saved(address: str, body: dict) -> tuple[int, str]:
    """POST ``body`` to the review page's save; the status and the answer's error."""
    sent = json.dumps(body).encode()
    status, _, answer = Display(address).request(
        "POST", "/save", sent, {"Content-Type": "application/json"}
    )
    return status, json.loads(answer or b"{}").get("error", "")


def refused(address: str, token: str, **sent: object) -> str:
    """The error the save answers ``sent`` (a matrix's or a paragraph's new text) with,
    which it must refuse."""
    status, error = saved(address, {"t": token, **sent})
    assert status == 400, error
    return error


def test_a_matrix_that_does_not_read_as_a_table_is_refused(review, imported):
    server, address = review
    before = (imported / MATRICES).read_bytes()
    bad = f"reactions | Pray | Wait | Flee | Steer\n{MISREAD.replace('2572', '25x2')}"
    error = refused(address, server.token, matrix="F", text=bad)
    assert "line 2: matrix F, Mild: a cell must be a whole number, not '25x2'" in error
    error = refused(address, server.token, matrix="F", text="Mild | 1 | 2")
    assert "the first row must be 'reactions" in error
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


def parts(places: list[dict]) -> list[tuple[int, int]]:
    """(page, left edge) of each page or column ``places`` run over, in order."""
    return [key for key, _ in itertools.groupby(places, lambda p: (p["page"], p["box"][0]))]


def shown_crops(browser, section_id: str) -> list:
    """The crops a doubt's section shows, once each has loaded."""
    section = browser.find_element(By.ID, section_id)
    crops = section.find_elements(By.CSS_SELECTOR, ".crop")
    for crop in crops:
        loaded(browser, crop)
    return crops


def loaded(browser, crop):
    """``crop`` scrolled to and shown: the page cuts a crop only when it comes near."""
    browser.execute_script("arguments[0].scrollIntoView()", crop)
    page_wait(browser).until(lambda _: crop.get_property("naturalWidth") > 0)
    return crop


def test_a_paragraph_or_table_over_two_pages_or_columns_shows_each(review, imported, browser):
    _, address = review
    places = json.loads((imported / PLACES).read_text(encoding="utf-8"))
    doubted = doubted_paragraphs((imported / REVIEW).read_text(encoding="utf-8"))
    spread = {n: parts(places[str(n)]) for n in doubted if len(parts(places.get(str(n), []))) > 1}
    over_pages = next(n for n, found in spread.items() if found[0][0] != found[-1][0])
    over_columns = next(n for n, found in spread.items() if found[0][0] == found[-1][0])
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt"))
    for number in (over_pages, over_columns):
        crops = shown_crops(browser, f"p{number}")
        pages = [page for page, _ in spread[number]]
        assert [crop.get_attribute("alt").split(",")[0] for crop in crops] == [
            f"Page {page}" for page in pages
        ]
        with Image.open(imported / places[str(number)][0]["image"]) as page:
            assert all(crop.get_property("naturalWidth") < page.width / 2 for crop in crops)
    matrix = shown_crops(browser, "mF")
    assert [crop.get_attribute("alt").split(",")[0] for crop in matrix] == ["Page 2", "Page 3"]


CROPS_ASKED = {"m=F&i=1": 200, "m=F&i=2": 404, "m=F&i=-1": 400, "m=F&i=x": 400,
               "m=F&p=3": 400, "m=Z": 400, "q=1": 400}  # fmt: skip


def test_a_crop_is_cut_only_when_scrolled_near(review, browser):
    _, address = review
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt"))
    crops = browser.find_elements(By.CSS_SELECTOR, ".crop")
    loaded(browser, crops[0])
    fetched = crops_fetched_once_quiet(browser)
    assert 0 < fetched < len(crops) / 2
    assert crops[-1].get_property("naturalWidth") == 0
    loaded(browser, crops[-1])
    assert crops_fetched_once_quiet(browser) > fetched


def crops_fetched_once_quiet(browser) -> int:
    """How many crops the page has fetched, once a second has passed with none more."""
    counts = []

    def quiet(_) -> bool:
        counts.append(browser.execute_script(
            "return performance.getEntriesByType('resource')"
            ".filter(entry => entry.name.includes('/crop?')).length"))  # fmt: skip
        return len(counts) > 1 and counts[-1] == counts[-2]

    WebDriverWait(browser, SETTLE_SECONDS, poll_frequency=1).until(quiet)
    return counts[-1]


def test_a_crop_asked_for_is_checked(booklet_review):
    server, address = booklet_review
    for query, status in CROPS_ASKED.items():
        code, headers, _ = Display(address).request("GET", f"/crop?t={server.token}&{query}")
        assert code == status, query
        shape = "image/png" if status == 200 else "application/json"
        assert headers["content-type"] == shape, query


def test_a_crop_follows_its_places_when_they_change(review, imported):
    server, address = review
    shown = json.loads(Display(address).request("GET", f"/doubts?t={server.token}")[2])
    key = next(doubt["key"] for doubt in shown if doubt["kind"] == "p" and doubt["crops"])
    places_file = imported / PLACES
    places = json.loads(places_file.read_text(encoding="utf-8"))
    before = crop_size(server, address, key)
    places[key] = places[key][:1]  # its first line alone: a far smaller crop
    places_file.write_text(json.dumps(places), encoding="utf-8")
    after = crop_size(server, address, key)
    assert after[1] < before[1]
    assert after == crop_size(server, address, key)


def crop_size(server, address, key: str) -> tuple[int, int]:
    """The width and height of paragraph ``key``'s first crop, as the server cuts it."""
    code, _, png = Display(address).request("GET", f"/crop?t={server.token}&p={key}&i=0")
    assert code == 200
    with Image.open(io.BytesIO(png)) as crop:
        return crop.size


def test_a_folder_with_only_matrices_is_reviewed(booklet_only, browser):
    command = [sys.executable, "-m", "companion", "review", str(booklet_only), "--port", "0"]
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=environment) as review:  # fmt: skip
        try:
            assert select.select([review.stdout], [], [], 60)[0], "no address printed"
            line = review.stdout.readline()
            assert line.startswith("Review page: http://127.0.0.1:"), review.stderr.read()
            browser.get(line.split()[2])
            page_wait(browser).until(lambda page: page.find_elements(By.ID, "mF"))
            assert "0 paragraphs and 2 matrices" in browser.find_element(By.ID, "summary").text
        finally:
            review.terminate()


def test_a_folder_with_only_the_book_is_reviewed(imported):
    """The owner's first step: the book imported, the booklet not yet (before, the doubts
    list failed with a server error, and the page said only that)."""
    (imported / MATRICES).unlink()
    server = ReviewServer(imported, port=0)
    address = server.start()
    try:
        code, _, body = Display(address).request("GET", f"/doubts?t={server.token}")
    finally:
        server.stop()
    assert code == 200
    kinds = {doubt["kind"] for doubt in json.loads(body)}
    assert kinds == {"p"}


def test_a_folder_with_neither_file_is_refused_clearly(tmp_path):
    command = [sys.executable, "-m", "companion", "review", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "neither book.txt nor matrices.txt" in done.stderr
    assert "Traceback" not in done.stderr


def test_blank_lines_left_out_of_a_matrix_are_said_on_the_page(booklet_review, booklet_only,
                                                               browser):  # fmt: skip
    _, address = booklet_review
    before = (booklet_only / MATRICES).read_text(encoding="utf-8")
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.ID, "mF"))
    matrix = browser.find_element(By.ID, "mF")
    assert "Blank lines" in matrix.find_element(By.CSS_SELECTOR, ".hint").text
    text = matrix.find_element(By.TAG_NAME, "textarea")
    rows = text.get_attribute("value")
    text.clear()
    text.send_keys(rows.replace("\n", "\n\n"))
    matrix.find_element(By.CSS_SELECTOR, ".save").click()
    status = matrix.find_element(By.CSS_SELECTOR, ".status")
    page_wait(browser).until(lambda _: status.text not in ("", "Saving…"))
    assert "blank lines and extra spaces left out" in status.text
    assert text.get_attribute("value") == rows
    assert (booklet_only / MATRICES).read_text(encoding="utf-8") == before


def test_a_refusal_names_the_line_of_the_text_box(booklet_review, booklet_only):
    server, address = booklet_review
    before = (booklet_only / MATRICES).read_bytes()
    bad = f"reactions | Pray | Wait | Flee | Steer\n\n{MISREAD.replace('2572', '25x2')}"
    error = refused(address, server.token, matrix="F", text=bad)
    assert error.startswith("line 3: matrix F, Mild: a cell must be a whole number")
    table = "reactions | Pray | Wait | Flee | Steer\n\n\n[matrix G]"
    error = refused(address, server.token, matrix="F", text=table)
    assert error.startswith("line 4: a line starting with [")
    error = refused(address, server.token, number=5, text="The road is long.\n\n12")
    assert error.startswith("line 3: a number alone (12)")
    assert (booklet_only / MATRICES).read_bytes() == before


def test_a_save_after_the_server_stopped_says_so(review, browser):
    """Before, the page read every answer as JSON: with the server gone (its terminal
    closed) the status stayed at "Saving…" for good, and the owner's edit seemed saved."""
    server, address = review
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt"))
    first = browser.find_element(By.CSS_SELECTOR, ".doubt")
    server.stop()
    first.find_element(By.CSS_SELECTOR, ".save").click()
    status = first.find_element(By.CSS_SELECTOR, ".status")
    page_wait(browser).until(lambda _: status.text not in ("", "Saving…"))
    assert "does not answer" in status.text


def test_next_one_not_saved_skips_what_is_saved(review, browser):
    """A whole book's review is long: the owner goes from one doubt to the next not yet
    saved, its text box ready for the keyboard, and from the top to the first."""
    _, address = review
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.CSS_SELECTOR, ".doubt"))
    first, second, third = browser.find_elements(By.CSS_SELECTOR, ".doubt")[:3]
    saved_as_is(browser, second)
    first.find_element(By.CSS_SELECTOR, ".next").click()
    assert taking_keys(browser) == third
    assert abs(browser.execute_script("return arguments[0].getBoundingClientRect().top", third)) < 1
    browser.find_element(By.ID, "first-unsaved").click()
    assert taking_keys(browser) == first


def test_next_one_not_saved_says_when_none_is_left(booklet_review, browser):
    _, address = booklet_review
    browser.get(address)
    page_wait(browser).until(lambda page: page.find_elements(By.ID, "mF"))
    first, last = browser.find_elements(By.CSS_SELECTOR, ".doubt")
    saved_as_is(browser, first)
    first.find_element(By.CSS_SELECTOR, ".next").click()
    assert taking_keys(browser) == last
    last.find_element(By.CSS_SELECTOR, ".next").click()
    status = last.find_element(By.CSS_SELECTOR, ".status")
    assert status.text == "Every other one is saved: this is the last."
    assert browser.find_element(By.ID, "first-unsaved").is_displayed()
    saved_as_is(browser, last)
    assert not browser.find_element(By.ID, "first-unsaved").is_displayed()
    last.find_element(By.CSS_SELECTOR, ".next").click()
    assert status.text == "Every one is saved: nothing left to look at."
    assert taking_keys(browser) is None


def saved_as_is(browser, section) -> None:
    """``section`` saved as the import wrote it, once the page says so."""
    section.find_element(By.CSS_SELECTOR, ".save").click()
    page_wait(browser).until(lambda _: "saved" in section.get_attribute("class").split())


def taking_keys(browser):
    """The doubt whose text box has the keyboard, or None."""
    return browser.execute_script(
        "const box = document.activeElement;"
        "return box.tagName === 'TEXTAREA' ? box.closest('.doubt') : null;"
    )
