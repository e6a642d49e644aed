"""Pages set by a second, independent typesetter (tests/book_import/press.py: ReportLab's
own line breaking, a sans or serif face, numbers hanging in the margin, headings in small
capitals, running heads with the page's paragraphs, page numbers), read and cut into the
book: whatever is not exactly as printed is listed, nothing is invented, and the running
heads and page numbers never enter the text."""

from __future__ import annotations

from random import Random

import numpy as np
import pytest

pytest.importorskip("tesserocr")

from companion.book_import import page_image
from companion.book_import.book import import_book
from companion.book_import.layout import find_columns, head_and_foot
from companion.book_import.model import OcrPage
from companion.book_import.pages import read_pages
from companion.book_import.review import doubted_paragraphs
from companion.book_import.world_names import read_world_names
from tests.book_import.layout import DEMO, demo_paragraphs, pages_of, printed_lines
from tests.book_import.press import HeadingStyle, NumberPlace, PressStyle, RunningHead, press_book
from tests.book_import.typeset import photograph

PARAGRAPHS = demo_paragraphs()
SHORT_NAMES = ["Clever", "Weary", "Lost", "Shy"], ["Thief", "Vizier", "Poet", "Dervish"]
LONG_NAMES = (
    "Clever Weary Lost Shy Wise Drunken Veiled Laughing Sleeping Silent".split(),
    "Thief Vizier Poet Dervish Widow Fisherman Princess Caravan Sorcerer Rukh".split(),
)


@pytest.mark.parametrize(("style", "kind"), [
    (PressStyle.varied(2), "scan"),  # serif 9 pt, numbers hanging, small capitals, heads
    (PressStyle.varied(1), "photo"),  # narrow sans, justified, ligatures, 0.3 in gutter
])  # fmt: skip
def test_pressed_pages_are_exact_or_listed(style, kind, tesseract, tmp_path):
    numbers = sorted(PARAGRAPHS)[300:310]
    chosen = {n: PARAGRAPHS[n] for n in numbers}
    got, listed = imported(chosen, style, kind, tesseract, tmp_path)
    assert set(got) <= set(chosen), "invented"
    wrong = [n for n in chosen if got.get(n) != chosen[n] and n not in listed]
    assert wrong == [], [(got.get(n), chosen[n]) for n in wrong]
    assert sum(got.get(n) == lines for n, lines in chosen.items()) >= 6


def imported(
    chosen: dict[int, list[str]], style: PressStyle, kind: str, tesseract, folder
) -> tuple[dict[int, list[str]], set[int]]:
    """The chosen paragraphs pressed, scanned or photographed, and imported: each
    paragraph's lines as read, and the paragraphs listed for review."""
    paths = []
    for index, scan in enumerate(press_book(chosen, style)):
        path = folder / f"{kind}-{index}.{'png' if kind == 'scan' else 'jpg'}"
        (scan if kind == "scan" else photograph(scan, seed=index)).save(path)
        paths.append(path)
    # The rest of the book as a perfect reader would give it: an owner imports the whole
    # book, whose own words say what a word of these pages should be.
    rest = {n: lines for n, lines in PARAGRAPHS.items() if n not in chosen}
    pages = [*read_pages(paths, choice=tesseract), *pages_of(printed_lines(rest, Random(1)))]
    book = import_book(pages, world=read_world_names(DEMO))
    pressed = {str(path) for path in paths}
    got = {p.number: p.lines for p in book.paragraphs if p.number is not None
           and (p.number in chosen or p.places[0].source in pressed)}  # fmt: skip
    return got, set(doubted_paragraphs(book.review_text()))


def test_a_short_last_column_beside_a_rule_is_read_apart_from_the_first(tesseract, tmp_path):
    """Press layout 6's last page (the 30 paragraphs from ¶2200): the right column holds
    one paragraph, beside a rule. The band no line crossed reached into that column's
    first words, the page was read as one column, and ¶2235's first line took in words
    of the right column, unlisted. Parted, the running head stood alone in the left
    column with the page number in the right, and was kept as ¶2234's text."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(2200)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 30]}
    got, _ = imported(chosen, PressStyle.varied(6), "scan", tesseract, tmp_path)
    assert got[2234] == chosen[2234] and got[2235] == chosen[2235]


@pytest.mark.parametrize("kind", ["scan", "photo"])
def test_one_line_in_the_last_column_is_read_apart_beside_a_far_head(kind, tesseract, tmp_path):
    """Held-out press seed 202's last page: one line in the right column (¶4150's last),
    a running head whose far number stands past it, the page number in the foot level
    with the left column's last line. The gutter's band was ended beside the head's
    number, the page read as one column, and that line joined to ¶4148's number: ¶4148
    wrong and, in the photo, unlisted."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(4131)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 20]}
    last = press_book(chosen, PressStyle.varied(202))[-1]
    path = tmp_path / f"{kind}.png"
    (last if kind == "scan" else photograph(last, seed=4)).save(path)
    [page] = read_pages([path], choice=tesseract)
    assert isinstance(page, OcrPage), page
    right = [line.text for line in page.lines if line.column == 1]
    assert "night. [Diseased/S2]" in right
    assert not any("night." in line.text for line in page.lines if line.column == 0)


def test_the_varied_layouts_cover_what_the_first_typesetter_never_makes():
    styles = [PressStyle.varied(seed) for seed in range(1, 19)]
    assert {style.numbers for style in styles} == set(NumberPlace)
    assert {style.headings for style in styles} == set(HeadingStyle)
    assert {style.head for style in styles} == set(RunningHead)
    assert {style.justify for style in styles} == {True, False}
    assert "SANS" in " ".join(style.face.name for style in styles)


def test_a_last_page_with_a_short_right_column_has_two_columns():
    """Press layout 4's last page: one paragraph in the right column, under a rule's
    place. The spaces between that column's words, crossed by few of the page's rows,
    were taken for gutters: the column was parted in three and its first lines read
    across the page into the left column's paragraph."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(1039)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 30]}
    last = np.asarray(press_book(chosen, PressStyle.varied(4))[-1].convert("L"))
    prepared = page_image.prepare(last)
    assert prepared.rotated == 0
    small, scale = page_image.shrunk(prepared.image)
    mask = page_image.ink(small)
    columns = find_columns(mask, word_gap=round(prepared.line_pitch * scale * 0.6))
    assert len(columns) == 2
    assert head_and_foot(mask, columns, round(prepared.line_pitch * scale * 0.6))[0] is None


def test_a_last_page_with_one_short_paragraph_is_read_at_its_own_size():
    """Press layout 2's last page: a few lines at the top and blank paper below. The
    rows' repeat was strongest at three lines' distance, and the page was shrunk by half
    (as far as it shrinks) before it was read."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(422)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 30]}
    pages = press_book(chosen, PressStyle.varied(2))
    for page in (pages[0], pages[-1]):
        prepared = page_image.prepare(np.asarray(page.convert("L")))
        assert prepared.line_pitch == pytest.approx(page_image.TARGET_LINE_PITCH, abs=2)


def test_a_photo_of_bent_lines_is_read_at_its_own_size():
    """Press layout 3's first page photographed: the pitch of its lines changes from top
    to foot, and the beat between them repeated a little more strongly than the lines."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(2007)
    first = press_book(
        {n: PARAGRAPHS[n] for n in numbers[start : start + 30]}, PressStyle.varied(3)
    )[0]
    prepared = page_image.prepare(np.asarray(photograph(first, seed=1).convert("L")))
    assert prepared.line_pitch == pytest.approx(page_image.TARGET_LINE_PITCH, abs=2)


@pytest.mark.parametrize("kind", ["scan", "photo"])
def test_a_short_last_page_of_a_few_paragraphs_is_read_at_its_own_size(kind):
    """Press layout 114's last page (held out): six short paragraphs, each under a centred
    number, in a narrow face. The paragraphs' own repeat, eight lines long, was stronger
    than the lines', and the page was shrunk by half before it was read: '2112' read as
    '22', four paragraphs invented and six lost unlisted. No line pitch is longer than
    MOST_PITCH letter heights."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(2018)
    last = press_book(
        {n: PARAGRAPHS[n] for n in numbers[start : start + 20]}, PressStyle.varied(114)
    )[-1]
    page = last if kind == "scan" else photograph(last, seed=2)
    prepared = page_image.prepare(np.asarray(page.convert("L")))
    assert prepared.line_pitch == pytest.approx(page_image.TARGET_LINE_PITCH, abs=2)


def test_a_photo_whose_columns_lines_do_not_sit_level_is_upright_either_way_up():
    """Press layout 2's fourth page photographed: its two columns' lines sit at different
    heights, and across the whole page their rows blurred into each other. The page was
    judged upside down and read turned over: three paragraphs lost, none listed."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(422)
    fourth = press_book(
        {n: PARAGRAPHS[n] for n in numbers[start : start + 30]}, PressStyle.varied(2)
    )[3]
    photo = photograph(fourth, seed=4)
    for turn in (0, 180):
        gray = np.asarray(photo.rotate(turn, expand=True).convert("L"))
        assert page_image.prepare(gray).rotated == turn


def chart_paragraphs(
    first: int, count: int, rng: Random, names: tuple[list[str], list[str]] = SHORT_NAMES
) -> dict[int, list[str]]:
    """``count`` paragraphs from ``first`` that are each an encounter chart alone, of
    characters named by an adjective and a noun of ``names``."""
    genders = ["", ", male", ", female"]
    return {
        number: ["ENCOUNTER CHART"] + [
            f"{row} {rng.choice(names[0])} {rng.choice(names[1])} "
            f"({rng.choice('ABCDEFGHIKLM')}{rng.choice(genders)})"
            for row in range(1, 13)
        ]
        for number in range(first, first + count)
    }  # fmt: skip


@pytest.mark.parametrize("turn", [0, 90])
def test_a_page_of_charts_alone_is_read_whichever_way_it_lies(turn, tesseract, tmp_path):
    """A page of encounter charts alone (short lines, each opening with a figure at one
    left edge) has columns as sharp as its rows: held-out press seed 200's first page of
    the synthetic book was measured sideways, read so, and refused as a page with no
    text, eight paragraphs lost. Where the page's shape cannot tell, the words decide."""
    chosen = chart_paragraphs(24, 8, Random(200))
    first = press_book(chosen, PressStyle.varied(200))[0]
    path = tmp_path / "charts.png"
    first.rotate(turn, expand=True, fillcolor="white").save(path)
    [page] = read_pages([path], choice=tesseract)
    assert isinstance(page, OcrPage), page
    assert page.rotated == turn
    printed = {line for lines in chosen.values() for line in lines[1:]}
    assert len(printed & {line.text for line in page.lines}) >= 40


@pytest.mark.parametrize("kind", ["scan", "photo"])
def test_numbers_hanging_beside_a_column_of_charts_are_read_with_it(kind, tesseract, tmp_path):
    """Held-out press seeds 201 and 203 of the synthetic book, pages of charts with their
    numbers hanging in the margin: a band three pixels wide beside the left column's
    longest lines was taken for a gutter of its own, and the page number in the foot,
    under the right column's numbers, kept them a column of their own. The numbers were
    read apart from their charts: five paragraphs in one, listed."""
    chosen = chart_paragraphs(40, 20, Random(201), LONG_NAMES)
    got, listed = imported(chosen, PressStyle.varied(201), kind, tesseract, tmp_path)
    assert set(got) <= set(chosen), "invented"
    assert [n for n in chosen if got.get(n) != chosen[n] and n not in listed] == []
    *before_last, _last = chosen  # the rest of the book is printed after the last
    assert [n for n in before_last if len(got.get(n, [])) != len(chosen[n])] == []


def test_a_number_hanging_beside_its_first_line_is_read_before_it(tesseract, tmp_path):
    """Press layout 2's photos, numbers hanging in the margin beside their first lines:
    on the third page ¶464's number stood a pixel lower than its line and was put after
    it (the line went to ¶463); on the fourth the engine passed over ¶484's number, and
    its paragraph was read as the end of ¶482 and lost, unlisted."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(422)
    pages = press_book(
        {n: PARAGRAPHS[n] for n in numbers[start : start + 30]}, PressStyle.varied(2)
    )
    paths = []
    for seed in (3, 4):
        paths.append(tmp_path / f"photo-{seed}.jpg")
        photograph(pages[seed - 1], seed=seed).save(paths[-1])
    read = [line.text for page in read_pages(paths, choice=tesseract) for line in page.lines]
    for number, first_words in (
        (464, "You pray in the other, and your prayer"),
        (484, "News of your meeting"),
    ):
        [start_line] = [index for index, text in enumerate(read) if text.startswith(first_words)]
        assert read[start_line - 1] == str(number), read[start_line - 2 : start_line + 1]


def test_the_column_befores_letters_are_not_read_into_the_numbers_hanging_beside(
    tesseract, tmp_path
):
    """Held-out press seed 294's photos (a narrow face, a 0.2 in gutter, numbers hanging
    in the margin): the right column, read with a margin past its parting, took in the
    ends of the left column's letters level with its numbers, read as '«1364' and '—:
    1365'. Those numbers were no paragraph's: nine paragraphs of twenty were read into
    the ones before them (listed). The ink that the margin's edge cuts is left out."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(1359)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 20]}
    path = tmp_path / "photo.jpg"
    photograph(press_book(chosen, PressStyle.varied(294))[0], seed=1).save(path)
    [page] = read_pages([path], choice=tesseract)
    right = [line.text for line in page.lines if line.column == 1]
    assert {"1364", "1365", "1366"} <= set(right), right
