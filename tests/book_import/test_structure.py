"""The words-to-book half on the demo book laid out as pages (no OCR): exact where the
damage can be undone, listed in review.txt where not, nothing wrong unlisted, nothing
invented."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.book_import import lines as lines_module
from companion.book_import.book import ImportedBook, import_book
from companion.book_import.model import Box, OcrLine, OcrWord, PageFailure, enclosing
from companion.book_import.review import doubted_paragraphs, doubted_spans
from companion.book_import.words import Lexicon, bare, english_dictionary, joining_mark, joints_of
from companion.book_import.world_names import WorldNames, read_world_names
from tests.book_import.layout import (
    DEMO,
    LINES_PER_COLUMN,
    SURE,
    Kind,
    PrintedLine,
    damage_lines,
    damaged,
    demo_paragraphs,
    pages_of,
    printed_lines,
    second_engine_reads,
)

PARAGRAPHS = demo_paragraphs()
WORLD = read_world_names(DEMO)


def listed_paragraphs(book: ImportedBook) -> set[int]:
    """The paragraphs review.txt names, or whose unread number it gives as a span."""
    review = book.review_text()
    listed = set(doubted_paragraphs(review))
    for low, high in doubted_spans(review):
        listed |= {n for n in PARAGRAPHS if n >= low and (high is None or n <= high)}
    return listed


def outcome(
    book: ImportedBook, paragraphs: dict[int, list[str]] = PARAGRAPHS
) -> tuple[set[int], list[int], list[int]]:
    """(paragraphs exact, paragraphs wrong and not listed, numbers invented), of the book
    as printed or of the ``paragraphs`` of it imported."""
    got = {p.number: p.lines for p in book.paragraphs if p.number is not None}
    listed = listed_paragraphs(book)
    exact = {n for n, lines in paragraphs.items() if got.get(n) == lines}
    unlisted = [n for n in paragraphs if n not in exact and n not in listed]
    return exact, unlisted, [n for n in got if n not in paragraphs]


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_the_clean_book_comes_back_exactly(world):
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(1)))
    book = import_book(pages, world=world)
    exact, unlisted, invented = outcome(book)
    assert exact == set(PARAGRAPHS)
    assert unlisted == invented == []
    assert [p.number for p in book.paragraphs] == sorted(PARAGRAPHS)


def test_pages_out_of_order_or_twice_are_put_right_and_said():
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(2)))
    twice = pages[3].model_copy(update={"source": "again.png", "page": len(pages) + 1})
    given_pages = [*pages[:5], pages[6], pages[5], *pages[7:], twice]
    book = import_book(given_pages, world=WORLD)
    assert outcome(book)[0] == set(PARAGRAPHS)
    notes = [str(note) for note in book.notes]
    assert (
        f"page {len(pages) + 1}: again.png repeats page 4 (page-004.png) word for word; "
        "left out" in notes
    )
    assert any("page-006.png was given after page 7" in note for note in notes)


def test_a_page_whose_numbers_were_read_poorly_is_not_put_before_the_pages_given_first():
    """Press layout 114's last photo, read at half its size: its numbers read with doubt,
    none in bold, a digit lost ('2112' as '22'). Sorted by them, the page went before the
    page of 2018 to 2111: four paragraphs invented, six lost unlisted. Pages are put in
    the order of their numbers read cleanly only; this page stays last, and its numbers
    are taken from their neighbours, listed."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(2018)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 15]}
    printed = printed_lines(chosen, random.Random(5))
    last_page = printed[2 * LINES_PER_COLUMN :]
    assert 4 <= sum(line.bold for line in last_page) <= 8
    for line in last_page:
        if line.bold:
            number = line.words[0]
            line.words[0] = damaged(number[0] + number[2:], 0.5, number)
            line.bold = False
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == [], (sorted(exact), [str(n) for n in book.notes])
    assert not any("was given after" in str(note) for note in book.notes)


def test_a_paragraph_whose_number_was_read_into_the_text_before_is_listed_under_it():
    """Synthetic layout 121's photos (held out): columns read together put paragraphs 63
    and 64, numbers and all, in 62's text ('palms. 64 At the edge'); 62 was listed, but
    63 and 64, the last, were named nowhere (no number after them, no world.txt to know
    them by). A number at most NEXT_NUMBERS above the paragraph's, at a sentence's start,
    is listed in the paragraph and under its own number."""
    chosen = dict(list(PARAGRAPHS.items())[300:320])
    printed = printed_lines(chosen, random.Random(13))
    last_two = [index for index, line in enumerate(printed) if line.bold][-2:]
    for index in reversed(last_two):
        printed[index - 1].words += [*printed[index].words, *printed[index + 1].words]
        del printed[index : index + 2]
    book = import_book(pages_of(printed), world=None)
    _exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    assert set(list(chosen)[-3:]) <= listed_paragraphs(book)


RECOVERABLE = [Kind.E_AS_C, Kind.M_AS_RN, Kind.L_AS_1, Kind.I_AS_1, Kind.NUMBER_O,
               Kind.STOP_AS_COMMA, Kind.NUMBER_AS_E, Kind.BRACKET_AS_PAREN,
               Kind.BRACKET_AS_BRACE, Kind.BRACKET_AS_BAR, Kind.BRACKET_DOUBLED,
               Kind.HEADING_IN_SMALL_LETTERS,
               Kind.CLOSING_MISREAD_ALONE, Kind.QUOTE_IN_CODE, Kind.BAR_AFTER_WORD,
               Kind.I_AFTER_LAST_SENTENCE, Kind.CLOSING_BRACKET_LOST, Kind.OPENING_BRACKET_LOST,
               Kind.COLON_SPACED, Kind.MARKS_IN_CODE_LOST, Kind.CODE_MARKS_AS_LETTERS,
               Kind.SPACES_LOST_AT_CODE, Kind.SPACES_LOST_AFTER_HEADING,
               Kind.SPECK_BEFORE_CODE, Kind.SPACES_LOST_IN_CODE, Kind.SPACE_LOST_AFTER_STOP,
               Kind.NAME_IN_CODE_MISREAD, Kind.BRACKETS_BOTH_MISREAD,
               Kind.SPACE_IN_LIMIT]  # fmt: skip


@pytest.mark.parametrize("kind", RECOVERABLE, ids=lambda kind: kind.name)
def test_each_recoverable_damage_is_undone_and_listed(kind):
    rng = random.Random(7)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [kind], rng, 25)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    undone = [n for n in damage.done if n in exact]
    assert len(undone) >= 0.9 * len(damage.done), (kind, sorted(set(damage.done) - exact))
    if kind not in (Kind.COLON_SPACED, Kind.SPACES_LOST_AT_CODE):  # no letter changed
        assert set(damage.done) <= listed_paragraphs(book)


@pytest.mark.parametrize("kind", [Kind.STRAY_QUOTE, Kind.FIGURE_DIGIT_ADDED,
                                  Kind.RN_AS_M_WORD, Kind.FIRST_LETTER_LOST],
                         ids=lambda kind: kind.name)  # fmt: skip
def test_a_misreading_the_book_cannot_undo_is_listed(kind):
    """Read with good confidence, each once passed unlisted on a bench ('‘that' for 'that'
    and 'W+11' for 'W+1' on the 20 pages' photos, 'comer' for 'corner' on their scans,
    'alls' for 'falls' on press layout 3's scans)."""
    rng = random.Random(11)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [kind], rng, 25)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert len(damage.done) >= (
        20 if kind in (Kind.STRAY_QUOTE, Kind.FIGURE_DIGIT_ADDED) else 2
    )  # a word misread at most twice each way
    assert unlisted == invented == []
    assert set(damage.done) <= listed_paragraphs(book)
    assert not set(damage.done) & exact


SECOND_ENGINE_UNDOES = [Kind.RN_AS_M_WORD, Kind.FIRST_LETTER_LOST, Kind.STRAY_QUOTE]


@pytest.mark.parametrize("kind", SECOND_ENGINE_UNDOES, ids=lambda kind: kind.name)
def test_a_second_engine_reading_the_print_puts_the_word_right_and_lists_it(kind):
    """'comer', 'alls', '‘stranger' read so by Tesseract, as printed by RapidOCR (the
    20-page bench's scans): the reading the book agrees with is taken, and listed."""
    rng = random.Random(11)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [kind], rng, 25)
    assert second_engine_reads(printed, str) == sum(map(len, damage.done.values())) >= 2
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert set(damage.done) <= exact & listed_paragraphs(book)


@pytest.mark.parametrize("kind", [*SECOND_ENGINE_UNDOES, Kind.FIGURE_SWAPPED],
                         ids=lambda kind: kind.name)  # fmt: skip
def test_engines_that_disagree_are_listed(kind):
    """The second engine reads yet another thing (a letter doubled): neither reading is
    taken on trust."""
    rng = random.Random(13)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [kind], rng, 25)
    second_engine_reads(printed, lambda word: re.sub(r"([a-z])", r"\1\1", word, count=1))
    book = import_book(pages_of(printed), world=WORLD)
    _, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert set(damage.done) <= listed_paragraphs(book)


def test_a_number_read_alone_and_again_before_the_first_words_is_left_out_of_the_text():
    """Held-out press seed 61's photos (numbers hanging, the page's range in its head):
    the head's '5222' was taken for ¶5222's number line, and the number hanging beside
    the first line was read into it: '5222 You pray, and', unlisted. A paragraph whose
    first words are its own number again loses that number, listed."""
    chosen = dict(list(PARAGRAPHS.items())[400:440])
    printed = printed_lines(chosen, random.Random(137))
    doubled = set()
    for index, line in enumerate(printed[:-1]):
        if line.bold and len(doubled) < 4 and index % 7 == 0:
            printed[index + 1].words.insert(0, line.words[0])
            doubled.add(line.paragraph)
    book, exact = read_back(printed, chosen)
    assert len(doubled) == 4
    assert doubled <= exact & listed_paragraphs(book)


@pytest.mark.parametrize("first", ["I", "L"])
def test_an_i_the_second_engine_reads_as_a_stroke_stays_an_i(first):
    """Held-out press seed 28 (synthetic book, no world.txt): 'I' read with some doubt,
    and read '1' by the second engine. A figure is a word of any book, so the second
    reading was taken: '"1 have seen you', listed, the paragraph wrong; likewise seed
    222's photos, where the first engine read 'L'. A stroke alone is an 'I' in running
    text, whoever reads it."""
    chosen = dict(list(PARAGRAPHS.items())[300:340])
    said = [n for n, lines in chosen.items() if " you " in lines[0]][:4]
    for number in said:  # the demo book says no 'I'
        chosen[number] = [chosen[number][0].replace(" you ", " I ", 1), *chosen[number][1:]]
    printed = printed_lines(chosen, random.Random(131))
    marked = misread_in_lines(printed, "I", damaged(first, 0.6, "I"))
    second_engine_reads(printed, lambda word: "1")
    _, exact = read_back(printed, chosen)
    assert len(marked) == 4
    assert marked <= exact


def test_a_figure_read_as_another_in_range_is_listed_when_the_second_engine_reads_the_print():
    """'S1' read 'S2' (both rewards of the book, no rule of the book can tell): the
    second engine's figures differ, so the code is listed; without a second engine it
    is not caught (docs/book-import-structure.md)."""
    rng = random.Random(17)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [Kind.FIGURE_SWAPPED], rng, 25)
    assert second_engine_reads(printed, str) >= 20
    book = import_book(pages_of(printed), world=WORLD)
    _, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert set(damage.done) <= listed_paragraphs(book)
    assert "by one engine and" in book.review_text()


def test_a_reward_figure_whose_1_was_read_as_i_is_put_right():
    """'[Si/Respected]' for '[S1/Respected]' (press layout 1's photos): in a code's figure
    an 'i' is a 1, as an 'l' or an 'I' is."""
    rng = random.Random(17)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [Kind.FIGURE_ONE_AS_I], rng, 25)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert len(damage.done) >= 20
    assert unlisted == invented == []
    assert set(damage.done) <= exact


def test_a_reward_figure_read_in_lower_case_is_put_back_in_capitals():
    """'[w+2 (Max: Wealthy)]' as read on a press layout's scan: the code's grammar says
    which letter it is."""
    rng = random.Random(23)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [Kind.FIGURE_LOWER_CASE], rng, 25)
    assert len(damage.done) >= 20
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert set(damage.done) <= exact


def test_two_words_read_as_one_are_parted_where_the_book_says_them_apart():
    """'carryyou' (no word) where the book says 'carry you' elsewhere: parted, listed."""
    rng = random.Random(19)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [Kind.RUN_TOGETHER], rng, 25)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert set(damage.done) <= listed_paragraphs(book)
    assert len(set(damage.done) & exact) >= 0.5 * len(damage.done)


def test_a_lost_heading_is_listed_and_check_refuses_it():
    rng = random.Random(3)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [Kind.HEADING_LOST], rng, 10)
    book = import_book(pages_of(printed), world=WORLD)
    assert set(damage.done) <= set(doubted_paragraphs(book.review_text()))
    assert "HEADING LOST:" in book.book_text()
    assert outcome(book)[1:] == ([], [])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), count=st.integers(1, 120),
       kinds=st.lists(st.sampled_from(list(Kind)), min_size=1, unique=True),
       with_world=st.booleans())  # fmt: skip
def test_any_damage_is_undone_or_listed_never_invented(seed, count, kinds, with_world):
    rng = random.Random(seed)
    printed = printed_lines(PARAGRAPHS, rng)
    second = Kind.FIGURE_SWAPPED in kinds or rng.random() < 0.5  # else no second engine
    damage_lines(printed, kinds, rng, count)
    if second:
        second_engine_reads(printed, str)
    pages = pages_of(printed)
    rng.shuffle(pages)
    book = import_book(pages, world=WORLD if with_world else None)
    _, unlisted, invented = outcome(book)
    assert unlisted == []
    assert invented == []


def test_a_chart_number_at_a_page_top_not_measured_bold_is_no_page_number():
    """On a photo the thin figure '7' at page 2's top was not measured bold where the
    page's other numbers were, and was dropped as a page number: two charts ran
    together. A lone number right above a chart's title is the chart's number."""
    charts = {n: lines for n, lines in PARAGRAPHS.items() if lines[0].startswith("ENCOUNTER")}
    printed = printed_lines(charts, random.Random(5))
    cut = [i for i, line in enumerate(printed) if line.bold][4]  # page 2 opens with a chart
    earlier = pages_of(printed[:cut])
    later = [page.model_copy(update={"page": len(earlier) + page.page})
             for page in pages_of(printed[cut:], source="later-{:03d}.png")]  # fmt: skip
    second = later[0]
    assert second.lines[1].text.startswith("ENCOUNTER CHART")
    first = second.lines[0]
    thin = first.model_copy(update={"words": (first.words[0].model_copy(update={"bold": False}),)})
    pages = [*earlier, second.model_copy(update={"lines": (thin, *second.lines[1:])}), *later[1:]]
    book = import_book(pages, world=WORLD)
    got = {p.number: p.lines for p in book.paragraphs}
    assert int(first.text) in got
    assert all(got.get(n) == lines for n, lines in charts.items())


def test_a_line_read_across_the_columns_is_listed():
    """Press layout 2's first lines were read across the page as a running head: both
    columns' words ran into ¶4322, and nothing listed it. A line the page reader read
    across the columns' parting, kept as a paragraph's text, is listed."""
    printed = printed_lines(PARAGRAPHS, random.Random(6))
    pages = pages_of(printed)
    page = pages[3]
    index = next(i for i, line in enumerate(page.lines) if len(line.words) > 4)
    into = page.lines[index]
    other = page.lines[index + len(page.lines) // 2]  # the other column's line, beside it
    ran = into.model_copy(update={"words": into.words[:3] + other.words[:2],
                                  "crosses_columns": True})  # fmt: skip
    lines = (*page.lines[:index], ran, *page.lines[index + 1 :])
    pages[3] = page.model_copy(update={"lines": lines})
    book = import_book(pages, world=WORLD)
    paragraph = printed[3 * 2 * 48 + index].paragraph
    exact, unlisted, invented = outcome(book)
    assert paragraph not in exact
    assert unlisted == invented == []
    assert "read across the page's columns" in book.review_text()


def test_a_space_the_second_engine_sees_one_letter_off_is_put_back_and_listed():
    """Press layouts 2 and 6's scans: Tesseract read 'Youstop', RapidOCR 'Yous top'; the
    words the language says far more often ('You stop') are taken, and listed; before,
    'Yous top' was."""
    printed = printed_lines(PARAGRAPHS, random.Random(53))
    done = set()
    for line in printed:
        words = line.words
        index = next((i for i, (a, b) in enumerate(itertools.pairwise(words))
                      if a == "You" and re.fullmatch(r"[a-z]{4,}", b)), None)  # fmt: skip
        if index is not None and len(done) < 25:
            left, right = words[index : index + 2]
            words[index : index + 2] = [damaged(left + right, 0.6, f"{left} {right}")]
            words[index].second = f"{left}{right[0]} {right[1:]}"  # ``Yous top``
            done.add(line.paragraph)
    assert len(done) == 25
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book)
    assert len(done & exact) >= 0.9 * len(done), sorted(done - exact)


def test_a_mandatory_heading_one_letter_off_is_read_as_the_heading():
    """Press layout 6's scans read 'MAD (mandatory):' as 'Map (mandatory):' after a
    reward code: read as that heading, listed; before, 'HEADING LOST'."""
    printed = printed_lines(PARAGRAPHS, random.Random(59))
    done = set()
    for before, line in itertools.pairwise(printed):
        if line.words[:2] == ["MAD", "(mandatory):"] and before.words[-1].endswith("]"):
            line.words[0] = damaged("Map", 0.9, "MAD")
            done.add(line.paragraph)
    assert len(done) >= 3
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= exact & listed_paragraphs(book)


@pytest.mark.parametrize("second", [True, False], ids=["second engine", "Tesseract alone"])
def test_a_heading_in_small_capitals_misread_is_read_by_the_second_engine(second):
    """Press layout 2's small capitals: 'MAaic Or Piety:' and 'Macic:' (Tesseract, unsure),
    'MAGIC OR PIETY:' and 'MAGIC:' (RapidOCR) came out 'HEADING LOST'. The second
    engine's reading is taken when it names headings of the book (listed); without it,
    where a heading must stand, the short heading read is put right to the book's
    (listed; before, it was lost)."""
    printed = printed_lines(PARAGRAPHS, random.Random(23))
    misread = {"MAGIC:": "Macic:", "MAGIC": "MAaic", "OR": "Or", "PIETY:": "Piety:"}
    done = set()
    for line in printed:
        words = line.words
        if words[:1] == ["MAGIC:"] or words[:3] == ["MAGIC", "OR", "PIETY:"]:
            count = 1 if words[0] == "MAGIC:" else 3
            for index in range(count):
                words[index] = damaged(misread[words[index]], 0.6, words[index])
            done.add(line.paragraph)
    assert len(done) >= 5
    if second:
        second_engine_reads(printed, str)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book) & exact
    assert "HEADING LOST" not in book.book_text()


@pytest.mark.parametrize("where", [-1, 5], ids=["the last page", "a page between"])
def test_the_paragraphs_of_a_page_not_read_are_listed(where):
    """Press layout 4's last page (its right column nearly empty) was taken for a page
    read sideways and gave no text: its seven paragraphs, after the last number read,
    were lost, and only the file was named. A page that gives no words lists the
    paragraphs that may have been on it; a blank page holds none."""
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(29)))
    lost = pages[where]
    on_it = {int(line.text) for line in lost.lines if line.text.isdigit()}
    failed = PageFailure(source=lost.source, page=lost.page, reason="no text found")
    pages[where] = failed
    book = import_book(pages, world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert on_it and on_it.isdisjoint(exact)
    assert unlisted == invented == []
    pages[where] = failed.model_copy(update={"blank": True})
    assert "may have been on it" not in import_book(pages, world=WORLD).review_text()


def test_the_paragraph_that_runs_onto_a_page_not_read_is_listed():
    """The demo book's ¶9101 began at the foot of the last page but one, ending a section
    with its rewards there, and its last section was on the last page, which gave no words:
    it came out a section short, looking whole, and unlisted. The paragraph read last
    before a page that gave no words may have its end there: it is listed."""
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(29)))
    where = next(index for index, page in enumerate(pages[1:], 1)
                 if not page.lines[0].text.isdigit()
                 and pages[index - 1].lines[-1].text.endswith("]"))  # fmt: skip
    pages = pages[: where + 1]  # the page not read is the last
    before = [int(line.text) for line in pages[where - 1].lines if line.text.isdigit()][-1]
    pages[where] = PageFailure(source=pages[where].source, page=pages[where].page,
                               reason="no text found")  # fmt: skip
    book = import_book(pages, world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert before not in exact
    assert before in doubted_paragraphs(book.review_text())
    assert unlisted == invented == []


def test_a_word_once_in_the_book_beside_a_common_one_it_says_often_is_listed():
    """'fist hat misses' for 'fist that misses' (press layout 4, read surely): both are
    words, 'hat' too common a word to be doubted by the language alone; said once in a
    book that says 'that' often, it is listed (and not changed: the book may mean it)."""
    chosen = {n: lines for n, lines in list(PARAGRAPHS.items())[:150]
              if not any(re.search(r"\bhat\b", line) for line in lines)}  # fmt: skip
    printed = printed_lines(chosen, random.Random(31))
    line = next(line for line in printed if "that" in line.words)
    line.words[line.words.index("that")] = "hat"
    book = import_book(pages_of(printed), world=WORLD)
    review = book.review_text()
    assert line.paragraph in doubted_paragraphs(review)
    once = [doubt for doubt in review.splitlines() if "more common 'that' often" in doubt]
    assert len(once) == 1
    assert once[0].startswith(f"¶{line.paragraph} ")
    assert "'hat' is rare in this book" in once[0]


@pytest.mark.parametrize("printed_word", ["an", "on"])
def test_a_common_word_read_with_some_doubt_beside_a_commoner_lookalike_is_listed(printed_word):
    """'you are now an outlaw', read 'an_' (0.77) on the 20 pages' scans, went into
    book.txt as 'now on outlaw': 'on' is commoner in the book, but 'an' is a word the
    book says hundreds of times, so it is kept as read and listed. An 'an' read for a
    printed 'on' where the book says 'on' beside the same words elsewhere (and 'an'
    never) is put right, and listed."""
    printed = printed_lines(PARAGRAPHS, random.Random(37))
    after = Counter(b for line in printed for a, b in itertools.pairwise(line.words)
                    if a == printed_word)  # fmt: skip
    misread, followed_by = set(), set()
    for line in printed:
        words = line.words
        index = next((i for i, word in enumerate(words[:-1]) if word == printed_word
                      and after[words[i + 1]] >= 2 and words[i + 1] not in followed_by),
                     None)  # fmt: skip
        if index is not None and len(misread) < 8:
            followed_by.add(words[index + 1])  # each misreading beside other words
            words[index] = damaged("an", 0.77, printed_word)
            misread.add(line.paragraph)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert len(misread) == 8
    assert unlisted == invented == []
    assert misread <= listed_paragraphs(book)
    put_right = misread & exact  # an 'on' put right where no neighbour says 'an' too
    assert put_right == misread if printed_word == "an" else len(put_right) >= 4


def test_a_capital_in_mid_sentence_the_book_writes_only_at_sentence_starts_is_listed():
    """Press layout 4 read 'The other Is so grateful' (30 paragraphs imported): 'Is'
    stands at sentences' starts elsewhere, and 'is' was said too seldom in so few
    paragraphs for the rarity rule to tell. A capital in mid-sentence on a word the book
    writes so in mid-sentence nowhere else is listed, however small the import."""
    chosen = {n: lines for n, lines in list(PARAGRAPHS.items())[200:240]}
    printed = printed_lines(chosen, random.Random(41))
    words = Counter(re.sub(r"\W", "", word) for line in printed for word in line.words)
    names = {word.casefold() for name in WORLD.all for word in name.split()}
    word = next(w for w in sorted(words) if w.islower() and len(w) > 2 and w not in names
                and 20 * words[w.capitalize()] > words[w] >= 1 < words[w.capitalize()])  # fmt: skip
    line = next(line for line in printed if word in line.words[1:])
    line.words[line.words.index(word, 1)] = word.capitalize()
    review = import_book(pages_of(printed), world=WORLD).review_text()
    assert line.paragraph in doubted_paragraphs(review)
    assert f"{word.capitalize()!r} has a capital in mid-sentence" in review


def test_a_capital_in_mid_sentence_shaped_as_its_small_letter_is_put_right_and_listed():
    """Held-out press seed 29 (synthetic book, no world.txt) read 'says you' as 'Says
    you', the only 'Says' of the book, which says 'says' hundreds of times: listed but
    kept, the paragraph wrong. A capital the shape of its small letter (C O S U V W X Z)
    on a word the book writes far more often without it is a case misread: put right.
    ('Of' passed unlisted here at first: 'of' is a word of the world's names, which
    write it in small letters.)"""
    chosen = {n: lines for n, lines in list(PARAGRAPHS.items())[200:240]}
    printed = printed_lines(chosen, random.Random(41))
    words = Counter(re.sub(r"\W", "", word) for line in printed for word in line.words)
    twins = [w for w in sorted(words) if w[:1] in tuple("cosuvwxz") and words[w] >= 20
             and not words[w.capitalize()]][:3]  # fmt: skip
    misread = set()
    for word in twins:
        line = next(line for line in printed
                    if word in line.words[1:] and line.paragraph not in misread)  # fmt: skip
        line.words[line.words.index(word, 1)] = word.capitalize()
        misread.add(line.paragraph)
    book, exact = read_back(printed, chosen)
    assert len(misread) == 3
    assert misread <= exact & listed_paragraphs(book)


@pytest.mark.parametrize("word", ["is", "so", "you", "other"])
def test_a_common_word_read_in_capitals_in_mid_sentence_is_listed(word):
    """Press layout 1's scans read 'The other IS SO deep in sleep' (narrow sans, the
    30 paragraphs from ¶700): a common word all in capitals in mid-sentence is listed."""
    chosen = {n: lines for n, lines in list(PARAGRAPHS.items())[200:240]}
    printed = printed_lines(chosen, random.Random(41))
    line = next(line for line in printed if word in line.words[1:])
    line.words[line.words.index(word, 1)] = word.upper()
    book = import_book(pages_of(printed), world=WORLD)
    assert line.paragraph in doubted_paragraphs(book.review_text())
    assert f"{word.upper()!r} has capitals in mid-sentence" in book.review_text()
    assert line.paragraph in outcome(book)[0]  # read in small letters, as printed


def test_a_word_read_in_capitals_at_a_sentence_start_is_put_right_and_listed():
    """Press layout 4's photos read 'the other believes you. AS you walk away': a word in
    capitals that starts a sentence before one in small letters is written as a sentence's
    first word, and listed; before, it passed unlisted."""
    printed = printed_lines(PARAGRAPHS, random.Random(43))
    done, made = set(), set()  # each word misread once: read so twice, it is printed so
    for line in printed:
        for index in range(1, len(line.words) - 1):
            before, word, after = line.words[index - 1 : index + 2]
            if (before.endswith(".") and re.fullmatch(r"[A-Z][a-z]+", word)
                    and after.islower() and word not in made):  # fmt: skip
                line.words[index] = damaged(word.upper(), 0.9, word)
                made.add(word)
                done.add(line.paragraph)
                break
        if len(done) == 25:
            break
    assert len(done) == 25
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= exact & listed_paragraphs(book)


def test_a_speck_read_as_a_letter_after_the_text_before_the_headings_is_left_out():
    """Press layout 2's photos read a speck below a paragraph's first lines as a line 'A'
    of its own: a lone letter after the last sentence before the first heading is left
    out, and listed; before, it passed unlisted."""
    printed = printed_lines(PARAGRAPHS, random.Random(47))
    headed = re.compile(r"[A-Z ]+( \(mandatory\))?:")
    intro_ends, in_intro = [], False
    for index, (line, following) in enumerate(itertools.pairwise(printed)):
        in_intro = line.bold or (in_intro and not headed.match(" ".join(line.words)))
        if in_intro and line.words[-1].endswith(".") and headed.match(" ".join(following.words)):
            intro_ends.append(index)
    chosen = sorted(random.Random(47).sample(intro_ends, 10), reverse=True)
    specked = {printed[index].paragraph for index in chosen}
    for index in chosen:
        printed.insert(index + 1, PrintedLine(["A"], paragraph=printed[index].paragraph))
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert specked <= listed_paragraphs(book) & exact
    assert "'A' after the last sentence before the first heading" in book.review_text()


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_heading_in_small_capitals_one_letter_off_is_read_as_the_heading(world):
    """Small capitals read as small letters with one letter wrong (press layout 2:
    'Map:' for 'MAD:', 'PRETY:' for 'PIETY:'): where a heading must stand, after a reward
    code, a one-word heading one letter from a single heading of the book is that heading,
    listed; before, the section came out 'HEADING LOST' or kept the misread name."""
    rng = random.Random(29)
    printed = printed_lines(PARAGRAPHS, rng)
    headings = {name.upper() for name in WORLD.requirements} | {"NO SKILL"}
    done = set()
    placed = [line for before, line in itertools.pairwise(printed)
              if line.words and line.words[0][:-1] in headings and len(line.words[0]) > 4
              and before.words[-1].endswith("]")]  # fmt: skip
    for line in rng.sample(placed, 25):
        name = line.words[0][:-1]
        spot = rng.randrange(1, len(name))
        misread = name[:spot] + rng.choice("RBHKX") + name[spot + 1 :]
        near = [h for h in headings if len(h) == len(misread)
                and sum(a != b for a, b in zip(h, misread, strict=True)) == 1]  # fmt: skip
        if near == [name] and misread != name:
            small = misread if rng.random() < 0.5 else misread.capitalize()
            line.words[0] = damaged(small + ":", 0.9, line.words[0])
            done.add(line.paragraph)
    assert len(done) >= 10
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book)
    assert len(done & exact) >= 0.9 * len(done)
    assert "HEADING LOST" not in book.book_text()


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_space_read_one_letter_off_is_put_back_and_listed(world):
    """Two words parted one letter off, one of them no word (press layouts 2 and 6 read
    'You rest' as 'Your est', 'You stop' as 'Yous top', 'You slip' as 'Yous lip'): put
    back where both are words of the book, and listed; never wrong and unlisted."""
    english = english_dictionary("eng")
    rng = random.Random(31)
    printed = printed_lines(PARAGRAPHS, rng)
    done, made = set(), set()
    plain = [(line, i) for line in printed if not any("[" in w or "]" in w for w in line.words)
             for i in range(len(line.words) - 1)
             if all(re.fullmatch(r"[a-z]{3,}", w) for w in line.words[i : i + 2])]  # fmt: skip
    for line, index in rng.sample(plain, 200):
        left, right = line.words[index : index + 2]
        shifted = (left[:-1], left[-1] + right) if rng.random() < 0.5 else (
            left + right[0], right[1:])  # fmt: skip
        # each misreading once: read twice, 'th' would be a word of the book ('th every')
        if made & set(shifted) or all(english.lookup(word) for word in shifted):
            continue
        made.update(shifted)
        line.words[index] = damaged(shifted[0], 0.9, left)
        line.words[index + 1] = damaged(shifted[1], 0.9, right)
        done.add(line.paragraph)
        if len(done) == 25:
            break
    assert len(done) == 25
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book)
    assert len(done & exact) >= 0.8 * len(done)


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_capitals_word_read_in_two_is_read_whole_and_listed(world):
    """Demo layout 103's scans (held out) read each 'You' after a heading as 'Y ou' (the
    capital's overhang read as a space), and 'ou' was then read as 'on' (listed). A word
    read in two, one half no word, whose halves joined are a word the book says: joined,
    listed."""
    english = english_dictionary("eng")
    rng = random.Random(41)
    printed = printed_lines(PARAGRAPHS, rng)
    done = set()
    after_heading = [line for line in printed if len(line.words) > 2
                     and re.fullmatch(r"[A-Z]{3,}:", line.words[0])
                     and re.fullmatch(r"[B-HJ-NP-Z][a-z]{2,}", line.words[1])
                     and not english.lookup(line.words[1][1:])]  # fmt: skip
    for line in rng.sample(after_heading, 25):
        word = line.words[1]
        line.words[1:2] = [damaged(word[0], 0.9, word), damaged(word[1:], 0.9, word)]
        done.add(line.paragraph)
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book)
    assert len(done & exact) >= 0.9 * len(done)  # a word the book says once stays apart


@pytest.mark.parametrize(
    ("kind", "named_code"),
    [(Kind.OPENING_BRACKET_LOST, r"\[[DSW][+-]?\d/[^\]]*[A-Z][a-z]"),
     (Kind.CLOSING_BRACKET_LOST, r"\[[^\]]*/[A-Z][a-z][^\]]*\]$")],
    ids=["opening", "closing"],
)  # fmt: skip
def test_a_codes_lost_bracket_is_put_back_in_a_book_without_world_txt(kind, named_code):
    """Synthetic layouts 102 and 105 (held out, no world.txt) read '[D1/Move to Kamir
    Gol]' as 'D1/Move to Kamir Gol]': without world.txt no name is known, so the code
    did not read as one and its bracket was not put back (listed). A figure first, and
    more parts after it, is a code: its '[' is put back, listed, its names' words
    checked as a book alone's are. Likewise its ']' lost at a section's end (held-out
    synthetic seeds 250-255 and 270-275): a code shaped as one (a figure among more
    parts, or names the book's codes say elsewhere) has it put back, listed."""
    rng = random.Random(7)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [kind], rng, 40)
    book, exact = read_back(printed, PARAGRAPHS, world=None)
    named = {n for n, lines in PARAGRAPHS.items() if n in damage.done
             for line in lines if re.search(named_code, line)}  # fmt: skip
    assert len(named) >= 5
    assert set(damage.done) <= exact & listed_paragraphs(book)


def test_a_mark_between_two_words_read_as_another_is_listed():
    """Synthetic layouts 81 and 115 (held out) read 'says you; then' with a comma and
    'Take it; it's' with a colon, surely: wrong and unlisted. A comma, semicolon or colon
    after a word, where the book writes the word between the same two words with another
    of them twice or more and three times as often: listed. (Not put right: the clean
    book has such marks of its own.)"""
    rng = random.Random(23)
    printed = printed_lines(PARAGRAPHS, rng)
    said = joints_of(line for lines in PARAGRAPHS.values() for line in lines)
    places = [(line, index) for line in printed
              for index, word in enumerate(line.words[1:-1], start=1)
              if joining_mark(word) and word.islower() and line.words[index + 1].islower()
              and not any("[" in w for w in line.words[: index + 1])
              and said[_joint(line.words, index)] >= 3]  # fmt: skip
    done = set()
    for line, index in rng.sample(places, 25):
        word = line.words[index]
        other = rng.choice([mark for mark in ",;:" if mark != joining_mark(word)])
        line.words[index] = damaged(word.replace(joining_mark(word), other), 0.9, word)
        done.add(line.paragraph)
    book = import_book(pages_of(printed), world=WORLD)
    _exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book)


def _joint(words: list[str], index: int) -> tuple[str, str, str, str]:
    """The word before, the word at ``index``, its mark, the word after: as joints_of
    counts them."""
    before, word, after = (bare(w).casefold() for w in words[index - 1 : index + 2])
    return before, word, joining_mark(words[index]), after


def _first_letter_lost(pages, chosen: set[tuple[int, int, int]], shift: int, seen=None):
    """The pages with the first letter of each chosen line's first word lost, the word's
    box starting ``shift`` pixels further right (where the engine found its ink); what
    the second engine read from the column's edge is ``seen(word)`` (None: not read)."""
    changed = []
    for page in pages:
        lines = []
        for line in page.lines:
            if (page.page, line.column, line.number) in chosen:
                first = line.words[0]
                box = first.box.model_copy(update={"left": first.box.left + shift})
                second = seen(first.text) if seen else None
                word = first.model_copy(update={"text": first.text[1:], "box": box,
                                                "second": second})  # fmt: skip
                line = line.model_copy(update={"words": (word, *line.words[1:])})
            lines.append(line)
        changed.append(page.model_copy(update={"lines": tuple(lines)}))
    return changed


@pytest.mark.parametrize("shift", [9, 14], ids=["narrow letter", "wider letter"])
def test_a_line_that_lost_its_first_letter_is_put_right_or_listed(shift):
    """Tesseract lost a line's first letter where it read a word all the same ('he gap'
    for 'the gap', 'ar away' for 'far away': press layout 4, unlisted): the word starts a
    letter's width in from the column's edge, so it is listed, and put right when one
    letter alone makes a word the book says beside its neighbours; lines not damaged are
    not listed."""
    english = english_dictionary("eng")
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(7)))
    candidates = [
        (page.page, line.column, line.number, line.words[0].text)
        for page in pages for line in page.lines[1:]
        if re.fullmatch(r"[a-z]{3,}", line.words[0].text) and len(line.words) > 2
        and english.lookup(line.words[0].text[1:])
    ]  # fmt: skip
    chosen = random.Random(8).sample(candidates, 25)
    book = import_book(_first_letter_lost(pages, {c[:3] for c in chosen}, shift), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    late = [d for d in book.doubts if "a letter's width in from the column's edge" in d.why]
    assert len(late) == len(chosen)
    put_right = {d.paragraph for d in late if d.why.endswith("read so")}
    left_as_read = {d.paragraph for d in late if not d.why.endswith("read so")}
    assert len(put_right) >= len(chosen) / 2
    assert put_right - left_as_read <= exact


def test_a_possessive_that_lost_its_first_letter_is_put_right():
    """Held-out synthetic press seeds 132 and 134: "amp's owner" at a line's start, a
    letter's width in, was listed and left so, the check for one letter put back asking
    for letters alone ("lamp's" has an apostrophe). A possessive is put right as a word
    (each word damaged once: a misreading the book says often is a word of it)."""
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(7)))
    places = {
        line.words[0].text: (page.page, line.column, line.number)
        for page in pages for line in page.lines[1:]
        if re.fullmatch(r"[a-z]{3,}['’]s?", line.words[0].text) and len(line.words) > 2
    }  # fmt: skip
    chosen = set(places.values())
    assert len(chosen) >= 20
    book = import_book(_first_letter_lost(pages, chosen, 12), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    late = [d for d in book.doubts if "a letter's width in from the column's edge" in d.why]
    put_right = [d.paragraph for d in late if d.why.endswith("read so")]
    assert len(late) == len(chosen)
    assert len([n for n in put_right if n in exact]) >= len(chosen) / 3  # 45 of 92; 7 before


def test_the_second_half_of_a_broken_word_that_lost_its_first_letter_is_made_whole():
    """'scat-' at a line's end, 'ering' a letter's width in at the next one's start (press
    layout 4's scans, 30 paragraphs: too few for the book to say either half beside its
    neighbours; listed as 'sc ate ring'): the one letter that makes the broken word whole
    is put back, and listed."""
    chosen = dict(list(PARAGRAPHS.items())[300:360])
    pages = pages_of(printed_lines(chosen, random.Random(9)))
    broken = [
        (page.page, line.column, line.number)
        for page in pages for before, line in itertools.pairwise(page.lines)
        if before.column == line.column and before.words[-1].text.endswith("-")
        and re.fullmatch(r"[a-z]{4,}", line.words[0].text)
    ]  # fmt: skip
    assert len(broken) >= 5
    book = import_book(_first_letter_lost(pages, set(broken), 12), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    late = [d for d in book.doubts if "a letter's width in from the column's edge" in d.why]
    assert len(late) == len(broken)
    assert all(d.why.endswith("read so") for d in late)
    assert {d.paragraph for d in late} <= exact


def test_a_first_letter_lost_is_put_back_as_the_second_engine_read_it_from_the_edge():
    """Press seed 165's scans: 'of heir home', 'and hank your', 'be-ray': the book too
    small to say 'their' beside 'of' or 'home', 'betray' and 'bewray' both words. The
    second engine, reading from the column's edge, saw the letter: put back, listed. Where
    it read no letter more, or one that makes no word, the lines are listed as before."""
    english = english_dictionary("eng")
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(7)))
    candidates = [
        (page.page, line.column, line.number)
        for page in pages for line in page.lines[1:]
        if re.fullmatch(r"[a-z]{3,}", line.words[0].text) and len(line.words) > 2
        and english.lookup(line.words[0].text[1:])
    ]  # fmt: skip
    chosen = set(random.Random(8).sample(candidates, 25))
    book = import_book(_first_letter_lost(pages, chosen, 12, seen=str), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    late = [d for d in book.doubts if "a letter's width in from the column's edge" in d.why]
    assert len(late) == len(chosen)
    assert all("the second engine read" in d.why and d.why.endswith("read so") for d in late)
    assert {d.paragraph for d in late} <= exact
    misread = import_book(_first_letter_lost(pages, chosen, 12, seen=lambda w: "q" + w[1:]),
                          world=WORLD)  # fmt: skip
    assert not [d for d in misread.doubts if "the second engine read" in d.why]
    assert outcome(misread)[1:] == ([], [])


def test_a_page_number_atop_a_short_last_column_is_left_out():
    """Press layout 6's last page, its columns parted: the running head's page number '4'
    stood at the top of the right column, above its one line, and ran into ¶761 ('leaves
    you the 4 treasure'), no paragraph number after it to judge it by. A lone number at
    the page's top with none after it is judged by those before it, as a foot is."""
    chosen = dict(list(PARAGRAPHS.items())[300:303])
    printed = printed_lines(chosen, random.Random(3))
    assert len(printed) < LINES_PER_COLUMN
    page = pages_of(printed)[0]
    *left, last = page.lines
    number = OcrWord(text="4", confidence=SURE, box=Box(left=2250, top=130, width=22, height=40))
    head = OcrLine(words=(number,), box=number.box, column=1, number=1)
    moved = tuple(word.model_copy(update={"box": word.box.model_copy(update={
        "left": word.box.left + 1150, "top": 200})}) for word in last.words)  # fmt: skip
    right = OcrLine(words=moved, box=Box(left=moved[0].box.left, top=200, width=900, height=40),
                    column=1, number=2)  # fmt: skip
    book = import_book([page.model_copy(update={"lines": (*left, head, right)})], world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert set(chosen) <= exact
    assert unlisted == invented == []


def test_two_engines_each_one_misreading_from_the_same_word_are_read_as_it():
    """Press layout 2's photos (30 paragraphs): Tesseract read 'tum', surely (a rare word
    beside 'turn'), RapidOCR 'turm' (no word); listed, left 'tum'. Each is one typical
    misreading of 'turn', a word of the book: it is read so, and listed."""
    chosen = {n: lines for n, lines in list(PARAGRAPHS.items())[400:460]
              if any(re.search(r"\bturn\b", line) for line in lines)}  # fmt: skip
    chosen = dict(list(chosen.items())[:30])
    printed = printed_lines(chosen, random.Random(61))
    done = set()
    for line in printed:
        if "turn" in line.words and line.paragraph not in done and len(done) < 2:
            line.words[line.words.index("turn")] = damaged("tum", 0.95, "turn")
            done.add(line.paragraph)
    second_engine_reads(printed, lambda printed_word: "turm")
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert len(done) == 2  # misread alike more often, 'tum' would be the book's own
    assert unlisted == invented == []
    assert done <= exact & listed_paragraphs(book)


def test_a_common_word_read_with_some_doubt_is_kept_however_seldom_a_short_import_says_it():
    """Press layout 6 (30 paragraphs): 'climb a tree', 'tree' read with some doubt (0.64),
    became 'free': the book said 'tree' once in so few pages, 'free' more often. A word
    the language says often is no misreading for being seldom in a short import: kept as
    read, and listed. (The paragraphs saying 'free' never say it beside the words beside
    'tree': that is another rule's evidence.)"""

    def said(word: str, lines: list[str]) -> int:
        return sum(len(re.findall(rf"\b{word}\b", line)) for line in lines)

    tree = next(n for n, lines in PARAGRAPHS.items() if n > 100 and said("tree", lines) == 1)
    beside = re.search(r"(\w+) tree\W+(\w+)", " ".join(PARAGRAPHS[tree])).groups()
    frees = [n for n, lines in PARAGRAPHS.items() if said("free", lines) and not said("tree", lines)
             and not any(said(f"{beside[0]} free", [line]) or said(f"free\\W+{beside[1]}", [line])
                         for line in lines)]  # fmt: skip
    imported = {n: PARAGRAPHS[n] for n in sorted([tree, *frees[:4]])}
    printed = printed_lines(imported, random.Random(5))
    line, index = next((line, i) for line in printed for i, word in enumerate(line.words)
                       if re.fullmatch(r"tree[,.;]?", word))  # fmt: skip
    line.words[index] = damaged(line.words[index], 0.64, line.words[index])
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, imported)
    assert tree in exact & listed_paragraphs(book)
    assert unlisted == invented == []


def test_an_l_read_as_an_exclamation_mark_is_put_back_and_listed():
    """'bow! lies' for 'bowl lies' (press layout 4, read surely and unlisted): an '!'
    ending a word before one in small letters is the letter 'l' when that makes a word of
    the book, and listed."""
    rng = random.Random(12)
    printed = printed_lines(PARAGRAPHS, rng)
    places = [(line, i) for line in printed for i in range(len(line.words) - 1)
              if re.fullmatch(r"[a-z]{2,}l", line.words[i])
              and re.fullmatch(r"[a-z]+[,.]?", line.words[i + 1])]  # fmt: skip
    done = set()
    for line, index in rng.sample(places, 25):
        line.words[index] = damaged(line.words[index][:-1] + "!", 0.95, line.words[index])
        done.add(line.paragraph)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    assert done <= listed_paragraphs(book)
    assert len(done & exact) >= 0.8 * len(done)


@pytest.mark.parametrize("second", [True, False], ids=["second engine", "Tesseract alone"])
def test_a_quote_read_before_the_rest_of_a_broken_word_is_left_out_and_the_word_joined(second):
    """'sens-' at a line's end and '‘ible' at the next one's start (press layout 1's scans,
    seeded): no quotation opens inside a word broken over two lines. When a second engine
    read no mark there, the word is joined ('sensible') and listed; else it is listed."""
    printed = printed_lines(PARAGRAPHS, random.Random(6))
    broken = {after.paragraph: after for line, after in itertools.pairwise(printed)
              if line.words[-1].endswith("-") and after.paragraph == line.paragraph}  # fmt: skip
    harmed = dict(list(broken.items())[:8])
    for after in harmed.values():
        tail = after.words[0]
        after.words[0] = damaged("‘" + tail, 0.93, tail)
        after.words[0].second = tail if second else None
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book)
    assert len(harmed) == 8
    assert unlisted == invented == []
    assert set(harmed) <= listed_paragraphs(book)
    assert set(harmed) <= exact if second else not set(harmed) & exact


def test_a_lookalike_no_dictionary_spells_is_never_offered():
    """'ache' was listed as a rare word beside 'eache', 'reeds' beside 'areeds' (press
    layout 6, the review's burden): their stems 'each' and 'are' are common, the words
    are none. A lookalike counts by its stem only when the dictionary spells it."""
    lexicon = Lexicon(english_dictionary("eng"), [], [], "eng")
    lookalikes = {word: lexicon.commoner_lookalike(word) for word in ["ache", "reeds", "comers"]}
    assert lookalikes == {"ache": None, "reeds": None, "comers": "corners"}


def read_back(
    printed: list[PrintedLine], chosen: dict[int, list[str]], world: WorldNames | None = WORLD
) -> tuple[ImportedBook, set[int]]:
    """The book imported from ``printed`` and its paragraphs exact, nothing of ``chosen``
    wrong and unlisted, nothing invented."""
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    return book, exact


def test_a_page_whose_first_number_lost_a_digit_keeps_its_place_and_its_number():
    """Press seed 54 (held out, no world.txt): a photo's first paragraph number, 77, read
    surely as '7'. The page was put first, in the order of that number, and two paragraphs
    were invented (¶7, and ¶1 from a wrapped reward's '1]'). A page goes where the middle
    of its numbers puts it, and a number that is the only one that can stand between its
    neighbours but for digits lost is that number, listed."""
    chosen = dict(list(PARAGRAPHS.items())[120:200])
    printed = printed_lines(chosen, random.Random(127))
    lost = set()
    for start in range(2 * LINES_PER_COLUMN, len(printed), 2 * LINES_PER_COLUMN):
        first = next(
            line
            for index, line in enumerate(printed[start:], start)
            if line.bold and index % LINES_PER_COLUMN
        )  # a column's top: a head?
        lost.add(int(first.words[0]))
        first.words[0] = first.words[0][1:]
    book, exact = read_back(printed, chosen)
    assert len(lost) >= 2 and all(number >= 10 for number in lost)
    assert lost <= exact & listed_paragraphs(book)
    assert [p.number for p in book.paragraphs] == sorted(chosen)


def test_the_second_number_read_with_a_digit_lost_is_put_back_not_invented():
    """Synthetic layout 102's scans (held out): ¶77, the import's second paragraph, read
    surely as '7'. The longest rising run of numbers took 7 and not 76 (runs as long,
    the smaller number kept), so ¶7 was invented and ¶76 doubted. Of two runs as long,
    the narrower is trusted: 7 between 76 and 78 is 77, listed."""
    chosen = dict(list(PARAGRAPHS.items())[120:140])
    printed = printed_lines(chosen, random.Random(127))
    second = [line for line in printed if line.bold][1]
    lost = int(second.words[0])
    second.words[0] = second.words[0][1:]
    book, exact = read_back(printed, chosen)
    assert lost >= 10 and lost in exact & listed_paragraphs(book)
    assert [p.number for p in book.paragraphs] == sorted(chosen)


def test_a_word_read_with_capitals_shaped_as_its_small_letters_is_put_right():
    """An unseen layout (press seed 21: small-capital headings, narrow sans) read
    'SCHOLARSHIP: YOu buy a book', unlisted: the 'o' beside the small capitals was taken
    for a capital. A capital after a word's first letter whose small letter has its shape
    (C O S U V W X Z) is a case misread: read as the book writes the word."""
    printed = printed_lines(PARAGRAPHS, random.Random(67))
    done = set()
    for line in printed:
        if line.words[1:2] == ["You"] and line.words[0].endswith(":") and len(done) < 6:
            line.words[1] = damaged("YOu", 0.93, "YOu")
            done.add(line.paragraph)
    _, exact = read_back(printed, PARAGRAPHS)
    assert len(done) == 6
    assert done <= exact


def quoted(lines: list[str], curly: bool) -> list[str]:
    """A paragraph's lines with each section's first sentence quoted, in straight marks or
    curly ones (apostrophes too)."""
    quoted = [re.sub(r"^([A-Z ]+: )([^.\[]+\.)", r'\1"\2"', line) for line in lines]
    if not curly:
        return quoted
    return [re.sub(r'(?<=[\w.,!?])"', "”", re.sub(r'"(?=\w)', "“", line)).replace("'", "’")
            for line in quoted]  # fmt: skip


def misread_in_lines(printed: list[PrintedLine], word: str, read: str, most: int = 4) -> set[int]:
    """``word`` read as ``read`` once in each of the first ``most`` paragraphs' lines that
    say it; returns those paragraphs."""
    misread: set[int] = set()
    for line in printed:
        if word in line.words and line.paragraph not in misread and len(misread) < most:
            line.words[line.words.index(word)] = read
            misread.add(line.paragraph)
    return misread


def misread_quotes(printed: list[PrintedLine], opening: dict, closing: dict, every: int) -> int:
    """Every ``every``-th quote mark read the other way (``opening``, ``closing``: as
    printed, as read); returns how many were."""
    seen = misread = 0
    for line in printed:
        for index, word in enumerate(line.words):
            if word[:1] in opening or word.rstrip(",.")[-1:] in closing:
                if seen % every == 0:
                    start, rest = word[:1], word[1:]
                    line.words[index] = start.translate(str.maketrans(opening)) + rest.translate(
                        str.maketrans(closing)
                    )
                    misread += 1
                seen += 1
    return misread


@pytest.mark.parametrize("curly", [False, True], ids=["straight", "curly"])
def test_quotes_read_the_other_way_are_set_as_the_book_sets_them(curly):
    """Unseen layouts (press seeds 24 and 25, FreeSerif and DejaVu Condensed) read the
    straight closing quotes as curly ('"Mine,” says'), or the opening ones: a quotation
    opened and never closed, listed, in half the paragraphs. A book sets its quotes one
    way, as its apostrophes: marks read the other way are set as most are read."""
    chosen = {n: quoted(lines, curly) for n, lines in list(PARAGRAPHS.items())[40:80]}
    printed = printed_lines(chosen, random.Random(71))
    other = {"“": '"', "”": '"'} if curly else {'"': "”"}
    assert misread_quotes(printed, {}, other, every=3) > 20
    _, exact = read_back(printed, chosen)
    assert exact == set(chosen)


def test_quotes_of_both_styles_as_often_are_listed():
    """Every opening mark read curly and every closing one straight, and no apostrophe to
    tell the book's style: each quotation is listed, none set either way unsaid."""
    chosen = {n: quoted([line.replace("'", "") for line in lines], curly=False)
              for n, lines in list(PARAGRAPHS.items())[:30]}  # fmt: skip
    printed = printed_lines(chosen, random.Random(73))
    assert misread_quotes(printed, {'"': "“"}, {}, every=1) > 10
    _, exact = read_back(printed, chosen)
    assert not exact & {n for n, lines in chosen.items() if any('"' in line for line in lines)}


def test_a_heading_read_with_the_quote_after_its_colon_is_found():
    """Press seed 24 read 'RELIC 11:"Why would a fool', the space after the colon not
    read: the heading was lost (listed). A heading's colon glued to a quotation's opening
    mark is parted from it, as from a word."""
    chosen = {n: quoted(lines, curly=False) for n, lines in list(PARAGRAPHS.items())[40:70]}
    printed = printed_lines(chosen, random.Random(79))
    glued = set()
    for line in printed:
        at = next((i for i, w in enumerate(line.words[:-1]) if w.endswith(":")), None)
        if at is not None and line.words[at + 1].startswith('"') and len(glued) < 8:
            line.words[at : at + 2] = [line.words[at] + line.words[at + 1]]
            glued.add(line.paragraph)
    _, exact = read_back(printed, chosen)
    assert len(glued) == 8
    assert glued <= exact


@pytest.mark.parametrize(
    ("reading", "why"),
    [("({small}{letter},", "one letter read twice"),
     ("(x{letter},", "is neither a matrix letter nor a gender")],
    ids=["a letter read twice", "no letter"],
)  # fmt: skip
def test_a_chart_marker_that_is_no_matrix_letter_nor_gender_is_listed(reading, why):
    """Press seed 28 read a chart entry '3 Clever Queen (K)' as '(kK)', unlisted: a
    marker of two letters was taken as a gender when it was near none. Such a marker is
    listed; a letter read twice in both cases (held-out synthetic seeds 281 and 284,
    three times) is that letter, listed."""
    chosen = dict(list(PARAGRAPHS.items())[:20])
    printed = printed_lines(chosen, random.Random(83))
    charted = set()
    for line in printed:
        matrix = len(line.words) > 2 and re.fullmatch(r"\([A-O],", line.words[-2])
        if matrix and len(charted) < 3:
            letter = line.words[-2][1]
            read = reading.format(small=letter.lower(), letter=letter)
            line.words[-2] = damaged(read, 0.93, line.words[-2])
            charted.add(line.paragraph)
    book, exact = read_back(printed, chosen)
    assert len(charted) == 3
    assert why in book.review_text()
    assert charted <= listed_paragraphs(book)
    assert (charted <= exact) == (why == "one letter read twice")


def test_a_heading_said_once_read_in_small_letters_after_a_code_is_that_heading():
    """Press seeds 28 and 29 without world.txt read small capitals as 'Status 25
    (mandatory):' and 'Quick thinking:' after a reward code, headings the book says once:
    HEADING LOST. Where a heading must stand, a short one read in part in small letters
    is that heading, listed (one the book says elsewhere is known, as before)."""
    chosen = dict(list(PARAGRAPHS.items())[100:160])
    said = Counter(line.split(":")[0] for lines in chosen.values() for line in lines
                   if re.match(r"[A-Z ()]+:", line))  # fmt: skip
    printed = printed_lines(chosen, random.Random(89))
    done = set()
    for before, line in itertools.pairwise(printed):
        heading = " ".join(line.words).split(":")[0]
        count = len(heading.split())
        if (before.words[-1].endswith("]") and said[heading] == 1 and len(done) < 4
                and line.words[count - 1].endswith(":")):  # fmt: skip
            line.words[:count] = [word.capitalize() for word in line.words[:count]]
            done.add(line.paragraph)
    book, exact = read_back(printed, chosen, world=None)
    assert len(done) == 4
    assert done <= exact
    assert "stands where a heading must" in book.review_text()


def test_without_world_a_name_of_no_dictionary_is_not_parted_into_scraps():
    """Press seeds 25, 26 and 29 without world.txt wrote 'Move to Peshal Dar' as 'Move to
    Pe sh al Dar' (listed): a reward's word of no dictionary was parted into any words
    at all. It is parted only into words whose short ones are the language's commonest."""
    chosen = {n: [line.replace("[S1]", "[S1/Move to Peshal Dar]") for line in lines]
              for n, lines in list(PARAGRAPHS.items())[100:140]}  # fmt: skip
    moved = {n for n, lines in chosen.items() if any("Peshal" in line for line in lines)}
    _, exact = read_back(printed_lines(chosen, random.Random(97)), chosen, world=None)
    assert len(moved) >= 3
    assert moved <= exact


def test_without_world_a_heading_of_words_is_not_read_as_a_near_heading():
    """Press seeds 24, 26 and 27 without world.txt read 'SKILL BETA' as 'SKILL THETA' and
    'SKILL ETA' as 'SKILL ZETA' (listed): a heading said once was put right to a near one
    said often. Without world.txt, a heading made of words is kept as read, listed."""
    chosen = dict(list(PARAGRAPHS.items())[100:160])
    said = Counter(line.split(":")[0] for lines in chosen.values() for line in lines)
    assert said["PERCEPTION"] >= 2 and not said["PERCEPTIONS"]
    number, index = next((n, i) for n, lines in chosen.items() for i, line in enumerate(lines)
                         if line.startswith("PERCEPTION:"))  # fmt: skip
    chosen[number] = [*chosen[number]]
    chosen[number][index] = chosen[number][index].replace("PERCEPTION:", "PERCEPTIONS:", 1)
    book, exact = read_back(printed_lines(chosen, random.Random(101)), chosen, world=None)
    assert number in exact & listed_paragraphs(book)


def test_a_quotation_opening_with_a_stroke_read_as_1_opens_with_i():
    """Press seeds 26, 27 and 29 read '"I have seen you' as '"1 have' (listed, left):
    a stroke alone after an opening quote is the word 'I', as it is alone."""
    chosen = {n: quoted(lines, curly=False) for n, lines in list(PARAGRAPHS.items())[40:80]}
    chosen = {n: [line.replace(': "You ', ': "I see you. You ', 1) for line in lines]
              for n, lines in chosen.items()}  # fmt: skip
    printed = printed_lines(chosen, random.Random(103))
    done = misread_in_lines(printed, '"I', damaged('"1', 0.9, '"I'))
    book, exact = read_back(printed, chosen)
    assert len(done) == 4
    assert done <= exact & listed_paragraphs(book)


def test_a_speck_read_as_a_stop_or_a_mark_between_words_is_left_out():
    """Unseen layouts (press seeds 30 and 32) read 'until you. must part' (unlisted) and
    'hold = an enchantress's power': a full stop after a word before one in small
    letters, and a mark no prose holds, are specks; left out, listed."""
    chosen = dict(list(PARAGRAPHS.items())[300:340])
    printed = printed_lines(chosen, random.Random(107))
    specked = set()
    for line in printed:
        index = next((i for i in range(1, len(line.words) - 1)
                      if re.fullmatch(r"[a-z]{3,}", line.words[i])
                      and re.fullmatch(r"[a-z]+", line.words[i + 1])), None)  # fmt: skip
        if index is not None and len(specked) < 8:
            speck = ("=", 0.4, "") if len(specked) % 2 else (line.words[index] + ".", 0.95, "")
            if speck[0] == "=":
                line.words.insert(index, damaged(*speck))
            else:
                line.words[index] = damaged(*speck)
            specked.add(line.paragraph)
    book, exact = read_back(printed, chosen)
    assert len(specked) == 8
    assert specked <= exact & listed_paragraphs(book)


@pytest.mark.parametrize(
    ("opening", "word"),
    [("It's clear that you walk {miles} miles.", "It's"),
     ("You pay 6 dinars and walk {miles} miles.", "6")],
    ids=["a word with an apostrophe", "a number"],
)  # fmt: skip
def test_a_speck_read_as_a_stop_after_a_number_or_a_short_form_is_left_out(opening, word):
    """Held-out synthetic seeds 230-235: 'It's clear' read "It's. clear" and 'for 6
    dinars' 'for 6. dinars' (listed, wrong). A full stop after such a word, before one
    in small letters, is a speck: left out, listed."""
    chosen, book, exact, unlisted, invented = _misread_walk(opening, {61, 63}, word, word + ".")
    assert exact == set(chosen)
    assert listed_paragraphs(book) == {61, 63}
    assert unlisted == invented == []


def test_a_speck_read_between_a_headings_words_is_left_out():
    """Demo layout 95's photos: 'QUICK THINKING:' read 'QUICK _ THINKING:', a speck
    between its words, and the heading was lost (listed): specks are left out before
    headings are found."""
    chosen = dict(list(PARAGRAPHS.items())[200:240])
    printed = printed_lines(chosen, random.Random(11))
    specked = set()
    for line in printed:
        words = [str(word) for word in line.words]
        if len(words) > 2 and words[0].isupper() and words[1].isupper() and words[1].endswith(":"):
            line.words.insert(1, damaged("_", 0.4, ""))
            specked.add(line.paragraph)
    book, exact = read_back(printed, chosen)
    assert len(specked) >= 4
    assert specked <= exact & listed_paragraphs(book)


@pytest.mark.parametrize("mark", ["|", "A"])
def test_a_mark_alone_after_a_code_where_no_number_can_be_goes_on_with_the_paragraph(mark):
    """Press seeds 42 and 43 (held out): a column rule's trace at a column's top read as
    '|', and a speck read as 'A', alone on a line after a reward code, where a paragraph
    may start, between 1012 and 1013: the paragraph's last sections became a paragraph
    without a number, in comments, and ¶1012 lost them unlisted. A line that is no clean
    number, between two numbers that follow each other, is a mark: its lines go on with
    the paragraph before, listed."""
    chosen = dict(list(PARAGRAPHS.items())[200:240])
    printed = printed_lines(chosen, random.Random(109))
    marked = set()
    for index in range(len(printed) - 1, 0, -1):
        line, following = printed[index - 1], printed[index]
        if (line.words[-1].endswith("]") and following.paragraph == line.paragraph
                and following.words[0].endswith(":") and line.paragraph not in marked
                and len(marked) < 4):  # fmt: skip
            printed.insert(index, PrintedLine([mark], paragraph=line.paragraph))
            marked.add(line.paragraph)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    last = max(chosen)  # no number after it tells: listed, its end in comments
    assert last in marked and len(marked) == 4
    assert unlisted == invented == []
    assert marked <= listed_paragraphs(book)
    assert marked - {last} <= exact


def test_marks_alone_after_the_last_paragraph_are_no_paragraphs_that_codes_lead_to():
    """Held-out synthetic seed 244's scans: a column rule's trace under the last page's
    short column read as five lone marks ('a', 'u', 'I)'), after the last paragraph read,
    each taken for an unread number and given one of the five numbers codes lead to
    beyond it: five paragraphs invented. Marks with no line after them are no
    paragraphs: left out, listed."""
    chosen = {number: [f"You walk {10 * (index + 1)} miles.",
                       f"NO SKILL: You walk on. [S1/Go to {90 + index}]"]
              for index, number in enumerate(range(60, 66))}  # fmt: skip
    printed = printed_lines(chosen, random.Random(5))
    printed += [PrintedLine([damaged(mark, 0.9, "")], paragraph=65) for mark in "aauIaa"]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert 65 in listed_paragraphs(book)


def test_a_mark_after_a_word_no_quotation_or_plural_needs_is_listed():
    """Press seed 41 (held out) read 'cools your blood' as 'cools your' blood', unlisted:
    an apostrophe after a word not ending in s, with no single quote open, is listed."""
    chosen = dict(list(PARAGRAPHS.items())[240:280])
    printed = printed_lines(chosen, random.Random(113))
    marked = misread_in_lines(printed, "your", damaged("your'", 0.93, "your"))
    book, _ = read_back(printed, chosen)
    assert len(marked) == 4
    assert marked <= listed_paragraphs(book)


def test_a_page_number_misread_as_a_letter_where_the_others_stand_is_left_out():
    """Synthetic layout 70's scans: page 4's number, at the top of the page where pages 1
    to 3 print theirs, was read 'A' and ran into ¶80 ('pushes your A purse'), listed
    nowhere. A lone short token with no figure where other pages print their numbers is
    that page's number misread."""
    chosen = dict(list(PARAGRAPHS.items())[200:260])
    pages = pages_of(printed_lines(chosen, random.Random(7)))
    assert len(pages) >= 3

    def numbered(page, text):
        number = OcrWord(text=text, confidence=SURE, box=Box(left=2250, top=100, width=22,
                                                             height=40))  # fmt: skip
        head = OcrLine(words=(number,), box=number.box, column=1, number=1)
        left = tuple(line for line in page.lines if line.column == 0)
        right = tuple(line for line in page.lines if line.column == 1)
        return page.model_copy(update={"lines": (*left, head, *right)})  # read atop the right

    numbers = [str(page.page) for page in pages]
    numbers[2] = "A"
    book = import_book(list(map(numbered, pages, numbers)), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert set(chosen) <= exact
    assert unlisted == invented == []


@pytest.mark.parametrize("height", [3, 80])
def test_a_speck_or_streak_read_as_a_stroke_between_words_is_left_out(height):
    """Synthetic layouts 71 and 73's scans: a speck 2 to 6 pixels high, or a streak
    across two lines, read '|' between words ('under a torn I awning'), was read as 'I'
    and listed. No letter is so short or so tall beside the line's words: left out."""
    chosen = dict(list(PARAGRAPHS.items())[100:105])
    [page] = pages_of(printed_lines(chosen, random.Random(5)))
    lines = list(page.lines)
    index, line = next((i, line) for i, line in enumerate(lines) if len(line.words) >= 6)
    before = line.words[2].box
    speck = OcrWord(text="|", confidence=0.8, box=before.model_copy(update={
        "left": before.left + before.width + 4, "width": 4, "height": height}))  # fmt: skip
    lines[index] = line.model_copy(update={"words": (*line.words[:3], speck, *line.words[3:])})
    book = import_book([page.model_copy(update={"lines": tuple(lines)})], world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    assert len([d for d in book.doubts if "no letter's height" in d.why]) == 1
    assert exact == outcome(import_book([page], world=WORLD), chosen)[0]


@pytest.mark.parametrize("world", [WORLD, None], ids=["world", "no world"])
def test_a_reward_read_with_spaces_inside_its_word_is_spaced_as_the_books(world):
    """Press layout 75's scans read ¶4410's 'Opp ortunity: Tomb of the Sleeping Sage',
    synthetic layout 74's photos 'T reasure of Saba': letters spaced out. A reward of the
    book (of world.txt, or said twice in its codes) with the same letters, or with words
    of its rewards, is read, listed."""
    items = list(PARAGRAPHS.items())
    first = next(i for i, (number, _) in enumerate(items) if number == 4410)
    chosen = dict(items[first - 2 : first + 3])
    printed = printed_lines(chosen, random.Random(11))
    line = next(line for line in printed
                if line.paragraph == 4410 and "/Opportunity:" in " ".join(line.words))  # fmt: skip
    index = next(i for i, word in enumerate(line.words) if "Opportunity:" in word)
    head, tail = line.words[index].split("Opportunity:")
    line.words[index : index + 1] = [head + "Opp", "ortunity:" + tail]
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert 4410 in exact
    assert unlisted == invented == []
    assert any("spaces inside its words" in d.why for d in book.doubts)


def _headed_paragraphs(first: int, headings: list[str]) -> dict[int, list[str]]:
    """Paragraphs numbered from ``first``, each an intro, NO SKILL and one of ``headings``."""
    return {
        first + index: [
            "You wait by the well until the water stills.",
            "NO SKILL: Nothing comes of it, and you walk on. [S1]",
            f"{heading}: You find the way through, and a friend in it. [D1]",
        ]
        for index, heading in enumerate(headings)
    }


def test_a_headings_of_read_as_or_is_read_as_the_treasure_it_names():
    """Held-out demo seed 390's photos: the heading 'MIRROR OF TRUTH' read 'MIRROR OR
    TRUTH', two names no heading of the book has (listed, the paragraph wrong). With
    'OF' for 'OR' it names a treasure of world.txt: read so, listed."""
    chosen = _headed_paragraphs(10, ["MIRROR OF TRUTH", "PIETY", "MIRROR OF TRUTH", "WISDOM"])
    book = _read_with_one_word_misread(chosen, 12, "OF", "OR")
    assert any("its 'OF' read 'OR'" in d.why and d.paragraph == 12 for d in book.doubts)


def test_without_world_a_heading_word_one_letter_off_a_word_of_many_headings_is_it():
    """Synthetic layout 28's photos, no world.txt: 'ART OF HERBS', said once, read with a
    letter off its first word; 'ART' starts many other headings. The word is read as the
    headings' word, listed (before: the heading kept as read, listed)."""
    arts = ["BLADE", "SONG", "INK", "SAIL", "HERBS"]
    chosen = _headed_paragraphs(10, [f"ART OF {art}" for art in arts])
    printed = printed_lines(chosen, random.Random(3))
    line = next(line for line in printed if line.words[:3] == ["ART", "OF", "HERBS:"])
    line.words[0] = "AQT"
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert any("read as 'ART OF HERBS'" in d.why for d in book.doubts)


def _plain_paragraphs(first: int, texts: list[str]) -> dict[int, list[str]]:
    """A paragraph for each text: the text, then a NO SKILL section."""
    return {
        first + index: [text, "NO SKILL: Nothing comes of it, and you walk on. [S1]"]
        for index, text in enumerate(texts)
    }


def test_a_capital_shaped_as_its_small_letter_after_a_quoted_question_is_put_right():
    """Synthetic layout 94's photos: '"Why would a fool come this far?" Says your
    companion', the s of 'says' read as a capital, was listed nowhere (a sentence may
    start after a quotation). The book writes 'says' there and never 'Says': put in small
    letters, listed."""
    who = ["the guard", "the ferryman", "the cook", "a boy", "the old woman"]
    chosen = _plain_paragraphs(20, [f'"Why come so far?" says {w}; then goes on.' for w in who])
    book = _read_with_one_word_misread(chosen, 22, "says", "Says")
    assert any("after a quoted question" in d.why and d.paragraph == 22 for d in book.doubts)


def test_a_plural_possessive_read_without_its_mark_is_given_it():
    """Synthetic layouts 90 and 95's scans: 'near the copper-smiths lane', the apostrophe
    of a plural's possessive lost, was listed nowhere. The book writes the pair with its
    mark far more often: the mark is given back, listed."""
    chosen = _plain_paragraphs(30, [f"You wait near the copper-smiths' lane for {n} days."
                                    for n in ("two", "three", "four", "five")])  # fmt: skip
    book = _read_with_one_word_misread(chosen, 31, "copper-smiths'", "copper-smiths")
    assert any("copper-smiths'" in d.why and d.paragraph == 31 for d in book.doubts)


def _read_with_one_word_misread(
    chosen: dict[int, list[str]], paragraph: int, printed: str, read: str
) -> ImportedBook:
    """``chosen`` printed and read back (world.txt given) with ``printed`` read as
    ``read`` once, in ``paragraph``; every paragraph must come back exact, none wrong
    and unlisted, none invented."""
    lines = printed_lines(chosen, random.Random(5))
    line = next(line for line in lines if line.paragraph == paragraph and printed in line.words)
    line.words[line.words.index(printed)] = read
    book = import_book(pages_of(lines), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    return book


def test_a_headings_number_read_in_two_is_read_whole():
    """Synthetic layout 94's scans, no world.txt: 'RELIC 11:' read 'RELIC 1 1:'. A
    heading names one number: its figures are joined, listed."""
    chosen = _headed_paragraphs(40, [f"RELIC {number}" for number in [9, 10, 11, 12]])
    printed = printed_lines(chosen, random.Random(3))
    line = next(line for line in printed if line.words[:2] == ["RELIC", "11:"])
    line.words[1:2] = ["1", "1:"]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert any("'RELIC 1 1' has its number read in two" in d.why for d in book.doubts)


def test_two_words_a_second_engine_reads_as_a_name_are_read_as_the_books_pair():
    """Synthetic layout 94's scans: 'In a courtyard' read 'Inacourtyard', the second
    engine 'Ina courtyard': a name of the dictionary (of no pack) that the first engine
    read twice elsewhere for 'in a' (put right there by the second), so a word of the
    book. The book says 'in a' often: the pair is read, listed."""
    nights = ("two", "three", "four", "five", "six", "seven", "eight")
    chosen = _plain_paragraphs(50, [f"You sleep in a courtyard for {n} nights." for n in nights])
    chosen[51][0] = "In a courtyard you sleep for three nights."
    printed = printed_lines(chosen, random.Random(5))
    first = next(line for line in printed if line.words[:2] == ["In", "a"])
    first.words[0:3] = [damaged("Inacourtyard", 0.6, "In a courtyard")]
    first.words[0].second = "Ina courtyard"
    for number in (52, 53):
        line = next(line for line in printed if line.paragraph == number and "in" in line.words)
        at = line.words.index("in")
        line.words[at : at + 2] = [damaged("ina", 0.6, "in a")]
        line.words[at].second = "in a"
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []


def _with_head(page, *heads: tuple[str, int]):
    """The page with lines read above its text: (text, left edge) at one height."""
    lines = []
    for text, left in heads:
        words, x = [], left
        for word in text.split():
            box = Box(left=x, top=100, width=22 * len(word), height=40)
            words.append(OcrWord(text=word, confidence=SURE, bold=True, box=box))
            x += box.width + 20
        lines.append(OcrLine(words=tuple(words), box=enclosing(w.box for w in words), column=0,
                             number=1))  # fmt: skip
    return page.model_copy(update={"lines": (*lines, *page.lines)})


def test_a_running_head_of_two_numbers_read_as_two_lines_is_left_out():
    """Press layout 91's photos: the running head '762  763' (the page's first and last
    paragraphs, at its left and right edges) was read as two lines, and '762' taken for
    a paragraph number: the line wrapped from the page before went into it. Figures alone
    at one height that span the page are a head."""
    chosen = dict(list(PARAGRAPHS.items())[200:260])
    pages = pages_of(printed_lines(chosen, random.Random(7)))
    assert len(pages) >= 3
    headed = []
    for page in pages:
        numbers = [line.text for line in page.lines if line.text.isdigit()]
        headed.append(_with_head(page, (numbers[0], 150), (numbers[-1], 2250)))
    book = import_book(headed, world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert set(chosen) <= exact
    assert unlisted == invented == []


def test_a_title_atop_both_of_two_pages_is_a_running_head():
    """Press layout 90, two pages read: the running head 'The Book of Tales', on no other
    page to repeat it, went into the paragraph before the second page (listed). A line
    atop every page of two, of no shape of the book's, is a running head."""
    chosen = dict(list(PARAGRAPHS.items())[200:212])
    pages = pages_of(printed_lines(chosen, random.Random(7)))
    assert len(pages) == 2
    book = import_book(
        [_with_head(page, ("The Book of Tales", 900)) for page in pages], world=WORLD
    )
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert not any("Book of Tales" in line for p in book.paragraphs for line in p.lines)
    assert not any("Book of Tales" in doubt.why for doubt in book.doubts)


def test_a_word_the_language_says_often_is_not_put_right_for_being_rare_in_the_book():
    """Press layout 90's scans: 'as if in a dream', 'if' read with some doubt (0.79), was
    put right to 'it', which the twenty paragraphs said twelve times as often. A word the
    language says often is no misreading for being seldom in the book: kept, listed."""
    texts = [f"You take it and keep it for {n} days; it is yours." for n in range(2, 9)]
    chosen = _plain_paragraphs(60, [*texts, "The crew drift to the rail, as if in a dream."])
    printed = printed_lines(chosen, random.Random(5))
    line = next(line for line in printed if "if" in line.words)
    line.words[line.words.index("if")] = damaged("if", 0.79, "if")
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert any("'if' was read with some doubt" in d.why for d in book.doubts)


def _run_in(printed: list[PrintedLine], bold: bool) -> list[PrintedLine]:
    """Each paragraph's number after the first read into its first line of text, as a
    number hanging in the margin is read, in the weight ``bold`` says the reader saw."""
    merged: list[PrintedLine] = printed[:1]
    for line in printed[1:]:
        before = merged[-1]
        if before.paragraph != printed[0].paragraph and before.words == [str(before.paragraph)]:
            merged[-1] = PrintedLine([*before.words, *line.words], bold, line.paragraph)
        else:
            merged.append(line)
    return merged


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_numbers_hanging_in_the_margin_read_into_their_lines_are_parted(world):
    """Held-out press seeds 132 and 133 (numbers hanging, bold headings): numbers read
    into their first lines were parted only up to five past the last number met on its
    own line (4248 went into ¶4247's text, listed), and not at all where the photo's
    number was not seen as bold. The next numbers, read surely before a capital after a
    reward code, start paragraphs whatever their weight; a number past a gap in the
    numbers, its weight not seen, is listed, and the numbers after it are parted."""
    chosen = dict(list(PARAGRAPHS.items())[300:420])
    clean_pages = pages_of(printed_lines(chosen, random.Random(8)))
    clean = outcome(import_book(clean_pages, world=world), chosen)
    between_gaps = {n for n in chosen if n - 1 in chosen and n + 1 in chosen}
    assert 90 < len(between_gaps) < len(chosen) - 6  # numbers on both sides of gaps
    for bold in (True, False):
        pages = pages_of(_run_in(printed_lines(chosen, random.Random(8)), bold))
        exact, unlisted, invented = outcome(import_book(pages, world=world), chosen)
        assert exact >= clean[0] & (set(chosen) if bold else between_gaps)
        assert unlisted == invented == []


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_short_word_run_into_the_last_and_lost_by_the_second_engine_is_read(world):
    """Held-out press seeds 130, 132 and 135: 'in a low voice' read 'ina low voice', the
    second engine 'in low voice' (the space lost by one engine, the short word by the
    other); the second's word was taken, 'a' lost (listed). No word, read as a word of
    the book by an engine that lost its end, is that word and the rest: listed."""
    texts = [f"You sing in a low voice for {n} nights." for n in ("two", "three", "four")]
    chosen = _plain_paragraphs(50, [*texts, "In a low voice you sing for five nights."])
    printed = printed_lines(chosen, random.Random(5))
    for number, first in [(51, "in"), (53, "In")]:
        line = next(line for line in printed if line.paragraph == number and first in line.words)
        at = line.words.index(first)
        line.words[at : at + 2] = [damaged(f"{first}a", 0.6, f"{first} a")]
        line.words[at].second = first
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert {51, 53} <= listed_paragraphs(book)


@pytest.mark.parametrize("word", ["into", "upon", "within"])
def test_a_word_of_the_dictionary_the_second_engine_read_short_is_not_parted(word):
    """The rule above, first built on any word: 'into', doubted and read 'in' by the
    second engine, became 'in to' (the language says neither reading over the other by
    the margin). A word the dictionary knows is not parted (the second reading is
    weighed as before, and listed)."""
    chosen = _plain_paragraphs(50, [f"You look {word} the well for {n} nights."
                                    for n in ("two", "three", "four")])  # fmt: skip
    printed = printed_lines(chosen, random.Random(5))
    line = next(line for line in printed if line.paragraph == 51 and word in line.words)
    at = line.words.index(word)
    line.words[at] = damaged(word, 0.6, word)
    line.words[at].second = word[:2]
    book = import_book(pages_of(printed), world=WORLD)
    _exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    assert 51 in listed_paragraphs(book)
    assert not any("lost its end" in doubt.why for doubt in book.doubts)


def test_without_world_a_heading_word_misread_alike_every_time_is_listed():
    """Held-out synthetic press seed 141 (small capitals, 9 pt): 'ART OF SONG' read 'ART
    OF SONA' in all four paragraphs, so a heading of the book, and ¶273 was wrong and
    unlisted. Without world.txt, a heading's word of no dictionary one letter from words
    of it is listed; a heading of dictionary words is not."""
    chosen = {
        number: [f"You meet a singer for {count} nights.",
                 "NO SKILL: Nothing comes of it, and you walk on. [S1]",
                 "ART OF SONG: You sing along, and the singer smiles. [S1]"]
        for number, count in zip(range(60, 64), ("two", "three", "four", "five"), strict=True)
    }  # fmt: skip
    printed = printed_lines(chosen, random.Random(5))
    for line in printed:
        line.words = ["SONA:" if word == "SONG:" else word for word in line.words]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert not exact  # read as printed, not put right
    assert unlisted == invented == []
    doubts = [d for d in book.doubts if "'SONA' is in no dictionary" in d.why]
    assert {d.paragraph for d in doubts} == set(chosen)
    assert all("SONG" in d.why for d in doubts)
    clean = import_book(pages_of(printed_lines(chosen, random.Random(5))), world=None)
    assert not [d for d in clean.doubts if "in no dictionary" in d.why]


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_heading_misread_alike_every_time_is_read_as_the_second_engine_read_it(world):
    """Held-out synthetic photos seed 124 (small capitals): 'NO SKILL' read 'No Sxitt:' and
    'RELIC 1' read 'Retic 1:' by Tesseract on every page, so the misreadings were taken for
    headings of the book and ten paragraphs were wrong (listed); RapidOCR read 'SKILL' and
    'RELIC'. A heading's word in no dictionary that the second engine reads as a word of
    one is read so, and listed; without a second reading it stays as read, listed."""
    chosen = {
        number: [f"You meet a pilgrim for {count} nights.",
                 "NO SKILL: Nothing comes of it, and you walk on. [S1]",
                 "HEALING: You bind his foot, and the pilgrim blesses you. [D1]"]
        for number, count in zip(range(60, 64), ("two", "three", "four", "five"), strict=True)
    }  # fmt: skip
    misread = {"SKILL:": "Sxitt:", "HEALING:": "Heatinc:"}
    printed = printed_lines(chosen, random.Random(5))
    for line in printed:
        line.words = [damaged(misread[word], 0.7, word) if word in misread else word
                      for word in line.words]  # fmt: skip
    alone = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(alone, chosen)
    assert not exact
    assert unlisted == invented == []
    assert second_engine_reads(printed, str) == 8
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen) <= listed_paragraphs(book)
    assert unlisted == invented == []
    for word in ("Sxitt", "Heatinc"):
        assert {d.paragraph for d in book.doubts if word in d.why} == set(chosen)


def _walked(opening: str, section: str, numbers: range) -> dict[int, list[str]]:
    """Paragraphs numbered ``numbers``, each ``opening`` (its ``{miles}`` ten more each
    time) and ``section``."""
    return {number: [opening.format(miles=10 * (index + 1)), section]
            for index, number in enumerate(numbers)}  # fmt: skip


def _misread_in(printed: list, paragraphs: set[int], word: str, reading: object) -> set[int]:
    """Each line of ``paragraphs`` saying ``word``, with it read as ``reading``; the
    paragraphs changed."""
    changed = set()
    for line in printed:
        if line.paragraph in paragraphs and word in line.words:
            line.words[line.words.index(word)] = reading
            changed.add(line.paragraph)
    return changed


def test_a_heading_word_misread_as_a_rare_word_is_read_as_the_one_headings_say_often():
    """Held-out synthetic photos seed 143: 'NO SKILL' read 'No Skit:' in four paragraphs
    (a word of the dictionary, so a heading of the book without world.txt) and 'SKILL' by
    RapidOCR. A heading's word the second engine reads as one the book's headings say
    five times as often is read so, and listed."""
    chosen = _walked(
        "You meet a pilgrim who has walked {miles} miles.",
        "NO SKILL: Nothing comes of it, and you walk on. [S1]",
        range(60, 72),
    )
    printed = printed_lines(chosen, random.Random(5))
    misread = _misread_in(printed, {62, 67}, "SKILL:", damaged("Skit:", 0.3, "SKILL:"))
    assert misread == {62, 67}
    assert second_engine_reads(printed, str) == 2
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert {d.paragraph for d in book.doubts if "Skit" in d.why} == misread


def test_without_world_a_name_in_a_code_is_not_parted_into_rare_words():
    """Synthetic seeds 74, 81, 95, 120, 122, 130, 141 (scans and photos; 14 sets): ¶278's
    '[S-1/Move to Tordun Pes]', read right, came out 'Move to Tor dun Pes' (listed): a
    reward's word of no dictionary was parted into any words of one. A name's words start
    with capitals; a code's word run into a short one ('Placeof Power') is still parted."""
    chosen = {
        60: ["You meet a pilgrim at the well.",
             "NO SKILL: He points the way north. [S-1/Move to Tordun Pes]"],
        61: ["You meet a pilgrim at the gate.",
             "NO SKILL: He points the way home. [D1/Opportunity: Place of Power 3]"],
    }  # fmt: skip
    printed = printed_lines(chosen, random.Random(5))
    for line in printed:
        line.words = ["Placeof" if word == "Place" else word for word in line.words]
        if "Placeof" in line.words:
            line.words.remove("of")
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert any("Placeof Power 3' reads as" in doubt.why for doubt in book.doubts)


def test_a_first_letter_lost_alike_on_many_lines_is_put_back_where_the_book_says_it():
    """Held-out synthetic scans seeds 101 and 105: the same face lost the 't' of lines
    starting 'the', so 'in he crowd' was said twice where 'in the crowd' was said 38 times,
    and the reading as read 'fitted' its neighbours: eight paragraphs left so (listed).
    A letter put back is taken when the book says that reading after the word before and
    before the word after, and five times as often beside them as the reading as read."""
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(7)))
    chosen = {
        (page.page, line.column, line.number)
        for page in pages for line in page.lines[1:]
        if line.words[0].text == "the" and len(line.words) > 2
    }  # fmt: skip
    assert len(chosen) > 500
    book = import_book(_first_letter_lost(pages, chosen, 12), world=WORLD)
    _exact, unlisted, invented = outcome(book)
    assert unlisted == invented == []
    late = [d for d in book.doubts if "a letter's width in from the column's edge" in d.why]
    assert len(late) == len(chosen)
    put_right = [d for d in late if d.why.endswith("read so")]
    assert all("one letter put back, 'the'" in d.why for d in put_right)
    assert len(put_right) >= len(chosen) / 2  # 608 of 935; 47 before


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_word_that_lost_its_apostrophe_where_the_book_says_it_with_one_is_listed(world):
    """Held-out synthetic seeds 154 and 102: "It's clear that" read surely as 'Its clear
    that', a word of the dictionary, wrong and unlisted. A word with an apostrophe put in
    or taken out that the book says beside the same words five times as often as the
    word as read (twice here, misread alike), is listed; 'its' beside words the book
    never says with "it's" is not."""
    chosen = _walked(
        "It's clear that the pilgrim walked {miles} miles.",
        "NO SKILL: The town keeps its gates shut. [S1]",
        range(60, 68),
    )
    printed = printed_lines(chosen, random.Random(5))
    damaged_in = _misread_in(printed, {62, 65}, "It's", "Its")
    assert damaged_in == {62, 65}
    book = import_book(pages_of(printed), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    assert exact == set(chosen) - damaged_in
    asked = [d for d in book.doubts if "beside the same words far more often" in d.why]
    assert {d.paragraph for d in asked} == damaged_in
    assert all(d.why.startswith("'Its' where this book says \"It's\"") for d in asked)


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_capital_of_its_small_letters_shape_misread_alike_is_listed(world):
    """Held-out synthetic scans seed 154: 'says a stranger's dog' read 'says a Stranger's
    dog' twice, surely; the book says "stranger's" about 30 times, under the 20 times as
    often that puts a capital in small letters, and the word is not common enough in
    the language for a capital said twice to be asked. A capital with its small letter's
    shape (S, C, O, V, W, X, Z) on a word the book writes in small letters five times as
    often is listed."""
    chosen = _walked(
        "A stranger's dog follows you for {miles} miles.",
        "NO SKILL: The town keeps its gates shut. [S1]",
        range(60, 72),
    )
    printed = printed_lines(chosen, random.Random(5))
    assert _misread_in(printed, {62, 65}, "stranger's", "Stranger's") == {62, 65}
    book = import_book(pages_of(printed), world=world)
    _exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    asked = {d.paragraph for d in book.doubts if d.why.startswith('"Stranger\'s" has a capital')}
    assert asked == {62, 65}


_WALK_ON = "NO SKILL: Nothing comes of it, and you walk on. [S1]"


def _walk_with(opening: str, number: int, section: str) -> dict[int, list[str]]:
    """Paragraphs 60 to 65 (``opening``, then a NO SKILL section), ``section`` added to
    paragraph ``number``."""
    chosen = _walked(opening, _WALK_ON, range(60, 66))
    chosen[number] = [*chosen[number], section]
    return chosen


def _misread_walk(opening: str, changed: set[int], word: str, reading: object):
    """Paragraphs 60 to 65 (``opening``, then a NO SKILL section), ``word`` read as
    ``reading`` in each of ``changed``, imported without world.txt: (the paragraphs, the
    book, exact, unlisted, invented)."""
    chosen = _walked(opening, _WALK_ON, range(60, 66))
    printed = printed_lines(chosen, random.Random(5))
    assert _misread_in(printed, changed, word, reading) == changed
    book = import_book(pages_of(printed), world=None)
    return chosen, book, *outcome(book, chosen)


@pytest.mark.parametrize("word", ["by", "You"], ids=["mid-sentence", "a section's first"])
def test_a_speck_read_as_a_comma_on_a_word_read_with_low_confidence_is_listed(word):
    """Held-out demo seeds 231 and 234's scans: 'bound by a promise' read 'bound by, a'
    (the word at 0.70) and 'MARRIED: You pay' 'You, pay' (0.69), wrong and unlisted. A
    comma on a word read with low confidence is listed; the paragraphs' printed commas,
    read surely, are not."""
    opening = "You feel bound by a promise after {miles} miles."
    chosen, book, exact, unlisted, invented = _misread_walk(
        opening, {62}, word, damaged(word + ",", 0.7, word)
    )
    assert exact == set(chosen) - {62}
    assert listed_paragraphs(book) == {62}
    assert unlisted == invented == []


def test_without_world_a_heading_read_no_and_a_word_near_skill_is_no_skill():
    """Held-out synthetic photos seed 172 (small capitals): 'NO SKILL' read 'NO SKIT' in
    five paragraphs and by both engines, a word of the dictionary, so a heading of that
    book without world.txt (listed: no NO SKILL). The format's one heading starting 'NO'
    is read so, and listed; a world.txt naming such a heading keeps it."""
    walked = set(range(60, 66))
    opening = "You meet a pilgrim who has walked {miles} miles."
    chosen, book, exact, unlisted, invented = _misread_walk(opening, walked, "SKILL:", "SKIT:")
    assert exact == set(chosen) <= listed_paragraphs(book)
    assert unlisted == invented == []
    assert {d.paragraph for d in book.doubts if "'NO SKIT' is no heading" in d.why} == set(chosen)


def test_a_heading_said_once_that_the_second_engine_read_whole_is_that_heading():
    """Held-out synthetic seed 172, scans and photos: 'MASTER ART OF SAIL:' read 'MASTER
    ART OF ‘SAIL!' after a reward code (HEADING LOST, listed), a heading the book says
    once; RapidOCR read 'SAIL:'. Where a heading must stand, the line as the second engine
    read it is that heading, listed."""
    chosen = _walk_with(
        "You meet a sailor who has rowed {miles} miles.",
        63,
        "MASTER ART OF SAIL: You take the tiller, and she laughs. [D-1]",
    )
    printed = printed_lines(chosen, random.Random(5))
    assert _misread_in(printed, {63}, "SAIL:", damaged("‘SAIL!", 0.6, "SAIL:")) == {63}
    assert second_engine_reads(printed, str) == 1
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert 63 in listed_paragraphs(book)
    assert unlisted == invented == []
    assert any("a second engine read 'MASTER ART OF SAIL:'" in d.why for d in book.doubts)


@pytest.mark.parametrize(
    ("section", "words", "read"),
    [
        ("ART OF HORSE: The mare trusts you. [D1]", 4, ["Art", "OF", "Horse:The"]),
        ('STATUS 22 (mandatory): "Why?" asks the mare. [D1]', 4,
         ["STATUS", "22", '(mandatory):"Why?"']),
        ('NO SKILL: "I know you," the mare says. [D1]', 3, ["NO", 'SKILL:"|']),
    ],
    ids=["small capitals", "mandatory", "stroke"],
)  # fmt: skip
def test_a_heading_glued_to_the_next_word_is_found(section, words, read):
    """Held-out synthetic seed 172's photos: 'ART OF HORSE: The guard' read 'Art OF
    Horse:Theguard' (small capitals misread with a capital); seeds 160-165: 'STATUS 22
    (mandatory): "Why' read '(mandatory):"Why', 'NO SKILL: "I have' read 'NO SKILL:"|':
    after a reward code, HEADING LOST (listed). A heading's last word glued to the next
    sentence's first is parted from it at the colon, and the heading found."""
    chosen = _walked(
        "You meet a rider who has ridden {miles} miles.",
        "ART OF SAIL: Nothing comes of it, and you walk on. [S1]",
        range(60, 66),
    )
    chosen[62] = [*chosen[62], section]
    printed = printed_lines(chosen, random.Random(5))
    line = next(line for line in printed if " ".join(line.words).startswith(section[:9]))
    line.words[:words] = read
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []


def test_a_possessives_mark_where_none_can_stand_is_left_out():
    """Held-out synthetic seed 172: 'curses the' read "curses' the", 'forgives the'
    read "forgives' the" (unlisted where nothing else in the paragraph was doubted): a
    speck read as a plural's possessive mark before an article, or where the book writes
    the pair without it far more often. Left out, listed; a possessive before a noun
    stays."""
    opening = "The ferryman curses the twins' boat after {miles} miles."
    chosen, book, exact, unlisted, invented = _misread_walk(opening, {61, 64}, "curses", "curses'")
    assert exact == set(chosen)
    assert listed_paragraphs(book) == {61, 64}
    assert unlisted == invented == []


def test_a_colon_between_two_words_the_book_writes_without_one_is_listed():
    """Held-out synthetic seed 172's scans: 'a voice behind you thanks the quarrelsome
    twins' read 'thanks: the', with nothing else in ¶199 doubted but for other reasons.
    A colon or semicolon between two words the book writes with no mark far more often is
    listed (not taken out: it may be printed)."""
    opening = "A voice behind you thanks the twins after {miles} miles."
    chosen, book, exact, unlisted, invented = _misread_walk(opening, {63}, "thanks", "thanks:")
    assert exact == set(chosen) - {63}
    assert listed_paragraphs(book) == {63}
    assert unlisted == invented == []


def test_a_codes_closing_bracket_misread_still_ends_its_section():
    """Held-out synthetic seed 180's photos: '[S2/Treasure]' read '[S2/Treasure}' at a
    line's end, and the heading after it, 'STATUS 15 (mandatory):' read in small letters
    (said once), was joined into the section before it (listed). A code opened and closed
    by a mark read for its ']' ends its section too."""
    chosen = _walk_with(
        "You meet a rider who has ridden {miles} miles.",
        62,
        "STATUS 15 (mandatory): The mare trusts you. [D1]",
    )
    printed = printed_lines(chosen, random.Random(5))
    line = next(line for line in printed if line.words[:2] == ["STATUS", "15"])
    line.words[:3] = ["Status", "15", "(mandatory):"]
    before = printed[printed.index(line) - 1]
    assert before.words[-1] == "[S1]"
    before.words[-1] = damaged("[S1}", 0.8)
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert 62 in listed_paragraphs(book)
    assert unlisted == invented == []


def test_words_run_together_across_a_mark_or_an_apostrophe_are_parted():
    """Held-out synthetic seed 180's photos (a narrow face at 9 pt) read 'Afteraquarrel,the',
    "lamp'sownerontheharbour", 'woman;then': spaces lost around a mark or beside a word
    with an apostrophe or hyphen (listed, left so). Such a run is parted into words of
    the book or the dictionary, listed."""
    chosen = _walked(
        "The ferryman greets the lamp's owner; then the twins smile after {miles} miles.",
        _WALK_ON,
        range(60, 66),
    )
    printed = printed_lines(chosen, random.Random(5))
    glued = set()
    for line in printed:
        at = line.words.index("lamp's") if "lamp's" in line.words[:-2] else None
        if at is not None and line.paragraph in (61, 64):
            line.words[at : at + 3] = ["".join(line.words[at : at + 3])]
            glued.add(line.paragraph)
    assert glued == {61, 64}
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert listed_paragraphs(book) == {61, 64}
    assert unlisted == invented == []


def _headed(page, text: str, left: int = 2250):
    """``page`` with a lone ``text`` read at its top, atop its right column."""
    number = OcrWord(text=text, confidence=SURE, box=Box(left=left, top=100, width=22, height=40))
    head = OcrLine(words=(number,), box=number.box, column=1, number=1)
    left_column = tuple(line for line in page.lines if line.column == 0)
    right_column = tuple(line for line in page.lines if line.column == 1)
    return page.model_copy(update={"lines": (*left_column, head, *right_column)})


@pytest.mark.parametrize(("numbers", "dropped"), [
    (["1", "2", "3", "4"], [True, True, True, True]),  # at one place, one more a page
    (["1", "2", "3", "9"], [True, True, True, False]),  # the fourth is judged on its own
    (["5", "2", "3", "4"], [False, True, True, True]),
    (["12", "40", "77", "95"], [False, False, False, False]),  # columns' first paragraphs
])  # fmt: skip
def test_lone_numbers_at_one_place_rising_a_page_at_a_time_are_page_numbers(numbers, dropped):
    """Held-out press seed 194's scans: page 3's number, atop its right column, ran into
    ¶525's last sentence ('a moment before. 3'), unlisted: no paragraph number on the page
    was read alone to judge it by. Lone numbers that three pages or more print at one
    place, rising by one a page as the pages are given, are the pages' numbers."""
    chosen = dict(list(PARAGRAPHS.items())[200:270])
    pages = pages_of(printed_lines(chosen, random.Random(7)))[:4]
    assert len(pages) == 4
    pages = [_headed(page, number) for page, number in zip(pages, numbers, strict=True)]
    furniture = {id(page): set() for page in pages}
    lines_module._numbered_in_turn(pages, furniture)
    heads = [next(i for i, line in enumerate(page.lines) if line.text == number)
             for page, number in zip(pages, numbers, strict=True)]  # fmt: skip
    assert [head in furniture[id(page)] for page, head in zip(pages, heads, strict=True)] == dropped


def _rewrapped(printed: list[PrintedLine], first: str, sizes: list[int]) -> None:
    """The section whose line starts with ``first`` printed again: its first lines
    ``sizes`` words long, the rest seven words a line."""
    start = next(i for i, line in enumerate(printed) if line.words[0] == first)
    end = next(
        (i for i in range(start + 1, len(printed))
         if printed[i].bold or printed[i].words[0].rstrip(":").isupper()),
        len(printed),
    )  # fmt: skip
    words = [word for line in printed[start:end] for word in line.words]
    paragraph = printed[start].paragraph
    cuts = list(itertools.accumulate(sizes)) + list(range(sum(sizes) + 7, len(words), 7))
    pieces = [words[a:b] for a, b in itertools.pairwise([0, *cuts, len(words)]) if words[a:b]]
    printed[start:end] = [PrintedLine(piece, paragraph=paragraph) for piece in pieces]


@pytest.mark.parametrize(
    ("section", "first", "sizes"),
    [
        ("AMBER COMPASS OR STAR CHART OR MAP OF HIDDEN ROADS: You find the road. [W+1/S1]",
         "AMBER", [3, 5]),
        ("AMBER COMPASS OR STAR CHART OR MAP OF HIDDEN ROADS: You find the road. [W+1/S1]",
         "AMBER", [4, 5]),
        ("SWORN TO SILENCE (mandatory): You say nothing at all. [S1]", "SWORN", [4]),
    ],
    ids=["three lines", "three lines, the first not ending on OR", "broken before its colon"],
)  # fmt: skip
def test_a_heading_printed_over_several_lines_is_one_heading(section, first, sizes):
    """Held-out press seed 205: 'AMBER COMPASS OR' / 'STAR CHART OR MAP OF' / 'HIDDEN
    ROADS: You set', a heading over three lines; seed 261: 'AMBER COMPASS OR STAR' /
    'CHART OR MAP OF HIDDEN' / 'ROADS: You set', the first line ending on no joining
    word; and seed 201: 'SWORN TO SILENCE (mandat-' / 'ory): You cannot', a heading's last
    word broken before its colon: each HEADING LOST (listed). Each is read as one
    heading."""
    chosen = _walk_with("You meet a rider who has ridden {miles} miles.", 62, section)
    printed = printed_lines(chosen, random.Random(5))
    if first == "SWORN":
        line = next(line for line in printed if line.words[0] == "SWORN")
        line.words[3:4] = ["(mandat-", "ory):"]
    _rewrapped(printed, first, sizes)
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []


def test_a_bracket_read_in_a_words_place_of_l_is_put_right_and_listed():
    """Held-out press seed 202's photos: 'the bowl fills' read 'the bow] fills', wrong and
    unlisted, since 'bow' is a word. A bracket or bar outside a reward code is listed,
    and read as the 'l' it looks like where that makes a word."""
    opening = "You rest, and the bowl fills again after {miles} miles."
    chosen, book, exact, unlisted, invented = _misread_walk(opening, {62}, "bowl", "bow]")
    assert exact == set(chosen)
    assert listed_paragraphs(book) == {62}
    assert unlisted == invented == []


def test_a_heading_word_read_in_two_is_one_word_listed():
    """Held-out synthetic seed 211, scans and photos: small capitals spaced read 'STATUS 6'
    as 'STA TUS 6' in three paragraphs, so a heading of that book without world.txt
    (listed, each read wrong). Two words of a heading, one of them no word, that make a
    word together are that word, listed."""
    section = "STATUS 6: Nothing comes of it, and you walk on. [S1]"
    chosen = _walked("You meet a clerk who has counted {miles} miles.", section, range(60, 66))
    printed = printed_lines(chosen, random.Random(5))
    spaced = {61, 62, 64}
    for line in printed:
        if line.paragraph in spaced and "STATUS" in line.words:
            at = line.words.index("STATUS")
            line.words[at : at + 1] = ["STA", "TUS"]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    joined = {d.paragraph for d in book.doubts if "'STA TUS 6' has a word read in two" in d.why}
    assert joined == spaced


@pytest.mark.parametrize(
    ("section", "glued"),
    [("MASTER ART OF STARS: You walk on. [S1]", ["ART", "OF"]),
     ("STATUS 10: You walk on. [S1]", ["STATUS", "10:"])],
    ids=["two words", "a word and its number"],
)  # fmt: skip
def test_a_heading_read_without_a_space_is_parted_where_the_book_says_its_words(section, glued):
    """Held-out synthetic seeds 230-235 (no world.txt): 'MASTER ARTOF STARS' and
    'STATUS10', each once, beside 'ART OF' and 'STATUS 10' many times (listed, wrong). A
    heading's word said once, that parts into two words the headings say often, or into
    such a word and a number, is so parted, listed."""
    walked = _walked("You meet a clerk who has counted {miles} miles.", _WALK_ON, range(60, 66))
    chosen = {number: [opening, section, walk_on]
              for number, (opening, walk_on) in walked.items()}  # fmt: skip
    printed = printed_lines(chosen, random.Random(5))
    line = next(line for line in printed if line.paragraph == 63 and glued[0] in line.words)
    at = line.words.index(glued[0])
    line.words[at : at + 2] = ["".join(glued)]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert {d.paragraph for d in book.doubts if "two words read as one" in d.why} == {63}


def test_a_word_glued_to_a_quotations_end_is_parted_and_listed():
    """Held-out synthetic seeds 230-235: 'I think," says' read 'I think,"says' (listed,
    wrong). A quotation's last word and a word after it read as one are two, listed."""
    opening = '"I have seen you before, I think," says a man who walked {miles} miles.'
    chosen = _walked(opening, _WALK_ON, range(60, 66))
    printed = printed_lines(chosen, random.Random(5))
    glued = {61, 64}
    for line in printed:
        if line.paragraph in glued and 'think,"' in line.words:
            at = line.words.index('think,"')
            line.words[at : at + 2] = ['think,"says']
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert {d.paragraph for d in book.doubts if "without the space" in d.why} == glued


_OPENING_APART, _CLOSING_APART = ('"I', ['"', "I"]), ('think,"', ["think,", '"'])


@pytest.mark.parametrize(
    ("opening", "apart", "why"),
    [
        (
            '"I have seen you before, I think," says a man who walked {miles} miles.',
            {61: [_OPENING_APART], 63: [_OPENING_APART, _CLOSING_APART], 64: [_CLOSING_APART]},
            "quote mark read apart",
        ),
        (
            "One glance at your seal, and the guard waves you on; you ride {miles} miles.",
            {61: [("seal,", ["seal", ","])], 63: [("on;", ["on", ";"])],
             64: [("walk", ["walk", "."])]},
            "read apart from its word",
        ),
    ],
    ids=["a quote mark", "a comma or a stop"],
)  # fmt: skip
def test_a_mark_read_apart_from_its_word_is_joined_to_it_and_listed(opening, apart, why):
    """Held-out synthetic seed 212's scans: '"I have seen you before, I think," says' read
    with its closing mark apart, 'I think, " says' (a space of a justified line), taken
    for a quotation opened and never closed (listed, the paragraph wrong). A lone quote
    mark is joined to the word whose quotation it closes, or else to the word after it.
    Held-out demo seed 390's photos: 'One glance at your seal, and' read 'seal , and' (a
    wide space on a photo's line), wrong and listed nowhere. A comma or stop read alone
    is joined to the word before it. Listed either way."""
    chosen = _walked(opening, _WALK_ON, range(60, 66))
    printed = printed_lines(chosen, random.Random(5))
    for line in printed:
        for word, parts in apart.get(line.paragraph, []):
            if word in line.words:
                at = line.words.index(word)
                line.words[at : at + 1] = parts
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert {d.paragraph for d in book.doubts if why in d.why} == set(apart)


@pytest.mark.parametrize(("code", "end"), [("[S-1/Status 1]", "1]"), ("[D2/Go to 291]", "291]")])
def test_a_codes_end_wrapped_to_a_line_of_its_own_and_read_as_a_mark_ends_the_code(code, end):
    """Held-out synthetic seed 383's photos: '[S-1/Status 1]' wrapped before its last
    figure, '1]' alone on a line read '1)' where a paragraph number may stand, and left
    out as a mark: the code read '[S-1/Status]', its bracket put back (seeds 381 and 391:
    '[D2/Go to 291]'). A figure and a closing bracket alone after a code not closed are
    the code's end, listed."""
    chosen = _walked("You walk {miles} miles.", f"NO SKILL: You lose face. {code}", range(60, 66))
    printed = printed_lines(chosen, random.Random(5))
    at = next(index for index, line in enumerate(printed)
              if line.paragraph == 62 and line.words[-1] == end)  # fmt: skip
    printed[at].words.pop()
    printed.insert(at + 1, PrintedLine([end[:-1] + ")"], bold=True, paragraph=62))
    book = _exact(printed, chosen, world=None)
    assert any("taken as the code's end" in d.why and d.paragraph == 62 for d in book.doubts)


def test_a_mark_read_after_a_codes_closing_bracket_is_left_out():
    """Held-out synthetic seed 380's scans: '[S1/Skill Beta]' read '[S1/Skill Beta}.',
    the bracket read as a brace and a speck after it as a stop: the code's closing
    bracket was put back after the stop, '[S1/Skill Beta}.]'. The mark is left out and
    the brace read as the bracket, listed."""
    chosen = _plain_paragraphs(30, [f"You wait by the well for {n} days." for n in range(2, 6)])
    book = _read_with_one_word_misread(chosen, 31, "[S1]", "[S1}.")
    assert any("a mark read after the reward code's end" in d.why for d in book.doubts)


def test_a_word_broken_over_two_lines_keeps_the_hyphen_the_book_gives_it():
    """Held-out synthetic seeds 204 and 205: 'copper-smiths'' broken as 'copper-' /
    "smiths'" was joined as 'coppersmiths'', a word of the dictionary the book never
    says, where it says 'copper-smiths'' in every paragraph (listed). The form the book
    says is taken, still listed."""
    chosen = _walked(
        "Near the copper-smiths' lane you walk {miles} miles.", _WALK_ON, range(60, 66)
    )
    printed = printed_lines(chosen, random.Random(5))
    at = next(i for i, line in enumerate(printed)
              if line.paragraph == 63 and "copper-smiths'" in line.words)  # fmt: skip
    line = printed[at]
    index = line.words.index("copper-smiths'")
    printed[at : at + 1] = [
        PrintedLine([*line.words[:index], "copper-"], paragraph=63),
        PrintedLine(["smiths'", *line.words[index + 1 :]], paragraph=63),
    ]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert 63 in listed_paragraphs(book)
    assert unlisted == invented == []


@pytest.mark.parametrize(
    ("opening", "section", "broken", "parts"),
    [
        ("You walk {miles} miles.", "NO SKILL: You thank the prince's envoy and go. [S1]",
         "envoy", ["en-", "Voy"]),
        ("You walk {miles} miles.", "SKILL DELTA OR SKILL ALPHA: You know the way. [D1]",
         "ALPHA", ["AL-", "PHA"]),
        ("Abu al-Sayyid has walked {miles} miles.", "SKILL DELTA: You thank Abu al-Sayyid. [S1]",
         "al-Sayyid", ["al-", "Sayyid"]),
    ],
    ids=["its capital the shape of its small letter", "a heading in capitals", "a name"],
)  # fmt: skip
def test_a_word_broken_at_a_lines_end_is_joined_whatever_its_case(opening, section, broken, parts):
    """Held-out synthetic seed 223's scans: 'en-' / 'Voy.' (the 'v' read as a capital)
    and 'SKILL DELTA OR SKILL AL-' / 'PHA: It's clear', each kept apart (listed, wrong).
    A second part whose capital is shaped as its small letter, or a heading's last word
    in capitals broken before its colon, is joined to the first."""
    chosen = _walk_with(opening, 63, section)
    printed = printed_lines(chosen, random.Random(5))
    at = next(i for i, line in enumerate(printed)
              if line.paragraph == 63 and bare(broken) in map(bare, line.words))  # fmt: skip
    line = printed[at]
    index = [bare(word) for word in line.words].index(bare(broken))
    tail = line.words[index].replace(bare(broken), parts[1])
    printed[at : at + 1] = [
        PrintedLine([*line.words[:index], parts[0]], paragraph=63),
        PrintedLine([tail, *line.words[index + 1 :]], paragraph=63),
    ]
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []


@pytest.mark.parametrize(
    ("said", "printed", "reading"),
    [("It's clear that you walk {miles} miles.", "It's", reading)
     for reading in ["I's", "\\t's", "t's"]]
    + [("You walk {miles} miles, and it's clear why.", "it's", "t's"),
       ("It is clear that you walk {miles} miles.", "It", "\\t")],
)  # fmt: skip
def test_its_read_without_its_t_is_its_where_the_book_says_it(said, printed, reading):
    """Held-out synthetic seeds 221, 211 and 314: 'It's clear' read "I's clear" (three
    times), "\\t's clear" and "t's clear", words no text prints, each listed and wrong.
    Read as "It's" where the book says it elsewhere (in mid-sentence "it's"), listed."""
    chosen, book, exact, unlisted, invented = _misread_walk(said, {61, 64}, printed, reading)
    assert exact == set(chosen)
    assert {61, 64} <= listed_paragraphs(book)
    assert unlisted == invented == []


def test_a_code_in_braces_ends_its_section_before_a_heading_in_small_letters():
    """Held-out press seed 204's photos (a condensed face at 9 pt): '[S2/D1]' read
    '{S2/D1}', and the heading after it, 'ENDURANCE:', read 'endurance:': joined into the
    section before (listed). A code in braces ends its section, and a heading this book
    knows read all in small letters is found where a heading must stand."""
    chosen = _walk_with(
        "You meet a sailor who has rowed {miles} miles.",
        62,
        "ENDURANCE: You heave him off at last. [S1]",
    )
    printed = printed_lines(chosen, random.Random(5))
    line = next(line for line in printed if line.words[0] == "ENDURANCE:")
    line.words[0] = "endurance:"
    before = printed[printed.index(line) - 1]
    assert before.words[-1] == "[S1]"
    before.words[-1] = "{S1}"
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert 62 in listed_paragraphs(book)
    assert unlisted == invented == []


def test_headings_with_numbers_said_twice_are_the_books_and_no_number_is_put_right():
    """Synthetic seeds 240-245 without world.txt: every 'RELIC 11:' and 'STATUS 10
    (mandatory):' was listed as a heading seen once, however often the book said it (a
    heading's name admitted no number). Said twice, they are the book's headings; 'RELIC
    2', said once beside 'RELIC 20' said often, is another relic, listed as read, not put
    right to 20."""
    headings = ["RELIC 11", "STATUS 10 (mandatory)", "RELIC 20", "RELIC 20", "RELIC 20"]
    chosen = _headed_paragraphs(60, [*headings, *headings, "RELIC 2"])
    book = import_book(pages_of(printed_lines(chosen, random.Random(4))), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert [d.paragraph for d in book.doubts if "seen only once" in d.why] == [70]


def test_a_headings_number_misread_is_listed_as_read_not_put_right_to_another():
    """'RELIC 20' read 'RELIC 26', a relic world.txt does not name: 'RELIC 2' is the
    closest name, but a number is not spelled, so no name is the nearer for it: kept as
    read and listed (check refuses it), never changed into another relic."""
    world = WorldNames(skills=["Piety"], treasures=["Relic 2", "Relic 20"])
    chosen = _headed_paragraphs(80, ["RELIC 20"])
    printed = printed_lines(chosen, random.Random(4))
    line = next(line for line in printed if line.words[:2] == ["RELIC", "20:"])
    line.words[1] = "26:"
    book = import_book(pages_of(printed), world=world)
    assert book.paragraphs[0].lines[2].startswith("RELIC 26: You find")
    assert any("'RELIC 26' is not a skill, status or treasure" in d.why for d in book.doubts)


@pytest.mark.parametrize(
    ("printed", "read"),
    [("[D1/S1]", "[(D1/S1]"), ("Bottle/W+1", "Bottle/(W+1"), ("[D1/S1]", "[.D1/S1]")],
)
def test_a_bracket_read_opening_a_reward_is_left_out(printed: str, read: str):
    """Held-out press seeds 240 and 243 (demo): a speck beside a code's bracket or slash
    read as '(', and synthetic seed 265's photos: '[.D1/W 1 (Max: Poor)]': no reward opens
    with either, so it is left out, listed."""
    chosen = {
        90: ["You wish for a full purse.",
             "NO SKILL: The djinn grants it. [Lose Djinn's Bottle/W+1 (Max: Wealthy)]"],
        91: ["You pray at sea.", "PIETY: The wind carries you clear. [D1/S1]",
             "NO SKILL: You drift for a day. [D-1]"],
    }  # fmt: skip
    paragraph = 90 if printed.startswith("Bottle") else 91
    book = _read_with_one_word_misread(chosen, paragraph, printed, read)
    assert any("marks between its rewards misread" in d.why for d in book.doubts)


@pytest.mark.parametrize(("first", "second", "read", "how"), [
    ("the", "gate", "the>gate", "with a mark in its space"),
    ("a", "whole", "a__whole", "with a mark in its space"),
    ("smiths'", "lane", "smiths'lane", "without the space after its mark"),
])  # fmt: skip
def test_two_words_read_joined_by_a_mark_are_parted(first, second, read, how):
    """Held-out press seeds 241 and 242: a speck in the space between two words read as a
    mark joining them ('the>gate', 'a__whole'), or the space after a plural's possessive
    lost ('copper-smiths'lane'): two words, listed."""
    chosen = _plain_paragraphs(
        70, [f"You wait by {first} {second} wall.", "You walk to the well at dawn."]
    )
    lines = printed_lines(chosen, random.Random(5))
    line = next(line for line in lines if second in line.words)
    at = line.words.index(second)
    line.words[at - 1 : at + 1] = [read]
    book = import_book(pages_of(lines), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert any(f"{read!r} is read {how}" in d.why for d in book.doubts)


def test_an_i_read_as_an_exclamation_mark_after_a_quote_is_put_back():
    """Held-out synthetic seed 245's photos: '"I have seen you' read '"! have', and put
    right as '"l have' (the '!' an 'l' as in 'bow! lies'): a stroke with no letters before
    it is an 'I', listed."""
    chosen = _plain_paragraphs(
        40, [f'"I have seen you before," says {who}.' for who in ("the cook", "a boy")]
    )
    book = _read_with_one_word_misread(chosen, 41, '"I', '"!')
    assert any("read as '\"I'" in d.why and d.paragraph == 41 for d in book.doubts)


def test_a_contraction_losing_a_letter_is_no_word_of_the_dictionary():
    """Held-out synthetic seed 245's photos: "We'll" read "We'l" by the second engine
    was taken as a word (its parts 'We' and 'l', a letter, are words of the dictionary)
    and put in for the first engine's right reading. A part of one letter is a word
    only as the language's contractions end ('s, 't, 'd, 'm)."""
    lexicon = Lexicon(english_dictionary("eng"), [], [], "eng")
    words = ["We'l", "We'll", "it's", "don't", "I'm", "Djinn's", "copper-smiths", "o'l"]
    assert [lexicon.listed(word) for word in words] == [False, True, True, True, True, True,
                                                        True, False]  # fmt: skip


def test_a_semicolon_lost_between_words_the_book_always_parts_so_is_listed():
    """Held-out synthetic seed 253's scans: '"Take it; it's yours now,"' read without its
    semicolon twice on a page, listed only for another doubt of its paragraphs. Where the
    book writes a semicolon or colon between the same words ten times as often as not, a
    reading without it is listed (a comma is the writer's choice: 'shows and' beside
    'shows, and' is not)."""
    who = ["the cook", "a boy", "the guard", "the ferryman", "the old woman", "a stranger"]
    chosen = _plain_paragraphs(30, [f'"Take it; it\'s yours now," says {w}.' for w in who])
    book = _listed_once_misread(chosen, 33, "it;", "it", WORLD)
    assert any("writes 'it;' far more often" in d.why and d.paragraph == 33 for d in book.doubts)


def test_a_semicolon_lost_on_a_word_read_with_doubt_is_put_back():
    """Held-out synthetic seeds 253 and 310's scans: 'it' read at 0.74 and 0.79 (words
    about 0.96) in '"Take it it's', its box as wide as 'it;' elsewhere. The semicolon the
    book writes there far more often is put back, listed."""
    who = ["the cook", "a boy", "the guard", "the ferryman", "the old woman", "a stranger"]
    chosen = _plain_paragraphs(30, [f'"Take it; it\'s yours now," says {w}.' for w in who])
    book = _read_with_one_word_misread(chosen, 33, "it;", damaged("it", 0.76))
    assert 33 in listed_paragraphs(book)


@pytest.mark.parametrize("mark", [":", ","])
@pytest.mark.parametrize("seen", ["no mark", "the mark", "not asked"])
def test_a_mark_read_with_low_confidence_that_the_second_engine_did_not_see_is_a_speck(mark, seen):
    """Held-out demo seed 310's photos: 'the upturned ship's boat' read "ship's: boat" at
    0.45, and synthetic seeds 230's 'the' read 'the:' at 0.46 and 321's 'abandons the'
    read 'abandons, the' at 0.32, the second engine reading no mark each time; listed,
    left wrong. A comma, semicolon or colon after a word the book never marks so, read
    with low confidence and not by the second engine, is a speck: left out, listed.
    Where the second engine reads it too, or was not asked, it is kept."""
    who = ["the cook", "a boy", "the guard", "the ferryman", "the old woman", "a stranger"]
    chosen = _plain_paragraphs(30, [f"You walk past {w} and the gate." for w in who])
    misread = damaged(f"the{mark}", 0.45)
    misread.second = {"no mark": "the", "the mark": f"the{mark}", "not asked": None}[seen]
    if seen == "no mark":
        book = _read_with_one_word_misread(chosen, 33, "the", misread)
    else:
        book = _listed_once_misread(chosen, 33, "the", misread)
    assert 33 in listed_paragraphs(book)


@pytest.mark.parametrize(
    ("text", "printed", "read", "confidence", "second"),
    [("So you walk on. You see the gate, and so do I.", "so", "so", 0.89, "sO"),
     ("So you walk on. You see the gate, and so do I.", "You", "/You", 0.89, None),
     ("You walk on, carrying the lamp.", "carrying", "Carrying", 0.96, "carrying"),
     ("You walk to the gate: it is shut.", "gate:", "gate:", 0.45, "gate")],
    ids=["a capital amid a second reading", "a slash before a word",
         "a capital after a comma, read small by the second engine",
         "a doubtful mark the book writes after the word"],
)  # fmt: skip
def test_a_reading_set_right_by_the_book_or_the_second_engine_is_listed(
    text, printed, read, confidence, second
):
    """Held-out demo seed 321's photos: 'so' read surely, then read 'sO' by the second
    engine and taken (a capital amid small letters, as no word is printed), and 'LORE:
    You' read 'LORE: /You'; seed 330's photos: 'you, carrying' read 'you, Carrying', the
    second engine reading 'carrying', and the comma taken for a full stop misread; all
    listed, left wrong. The first reading is kept; a slash before a word's letters, as a
    bar, is left out; a capital shaped as its small letter after a comma, read small by
    the second engine, is the misreading (the comma kept). And the other side of the
    speck rule: a colon read with low confidence and not by the second engine, after a
    word the book writes with that colon elsewhere, is kept. Each listed."""
    chosen = _plain_paragraphs(30, [text] * 6)
    misread = damaged(read, confidence)
    misread.second = second
    book = _read_with_one_word_misread(chosen, 33, printed, misread)
    assert 33 in listed_paragraphs(book)


def test_a_sentence_read_starting_with_small_i_is_left_where_the_book_never_capitalises_it():
    """The other side of the stroke rule: 'in' at a sentence's start, where the book
    writes 'In' nowhere else, is left as read, listed."""
    chosen = _plain_paragraphs(30, ["In the dark you wait."] + ["You wait."] * 5)
    book = _listed_once_misread(chosen, 30, "In", "in")
    assert 30 in listed_paragraphs(book)


def _listed_once_misread(
    chosen: dict[int, list[str]], paragraph: int, printed: str, read: str, world=None
) -> ImportedBook:
    """``chosen`` printed and read back with ``printed`` read as ``read`` once, in
    ``paragraph``, which is listed and not put right; every other paragraph exact,
    none wrong and unlisted, none invented."""
    lines = printed_lines(chosen, random.Random(5))
    line = next(line for line in lines if line.paragraph == paragraph and printed in line.words)
    line.words[line.words.index(printed)] = read
    book = import_book(pages_of(lines), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen) - {paragraph}
    assert unlisted == invented == []
    return book


def test_a_speck_read_in_a_heading_is_left_out_and_listed():
    """Held-out press seed 261: 'AMBER COMPASS OR_ STAR', a speck read on a heading's
    word, made the heading no heading (HEADING LOST, listed). The speck is left out,
    listed."""
    chosen = _walk_with("You meet a rider who has ridden {miles} miles.", 62,
                        "MAGIC OR PIETY: The rider thanks you. [S1]")  # fmt: skip
    book = _read_with_one_word_misread(chosen, 62, "OR", "OR_")
    assert any("marks that are no letters" in d.why and d.paragraph == 62 for d in book.doubts)


def test_a_plural_possessive_read_without_its_mark_twice_is_given_it_both_times():
    """Held-out synthetic seed 260's scans: 'near the copper-smiths lane' read without
    its mark in two paragraphs of three pages where four have it, one of them wrong and
    listed nowhere: each reading weighed against the others, not counting itself."""
    places = ["the well", "the gate", "the inn", "the bridge", "the souk", "the quay"]
    chosen = _plain_paragraphs(30, [f"You wait for {p} near the copper-smiths' lane."
                                    for p in places])  # fmt: skip
    printed = printed_lines(chosen, random.Random(5))
    assert _misread_in(printed, {31, 34}, "copper-smiths'", "copper-smiths") == {31, 34}
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert {d.paragraph for d in book.doubts if "copper-smiths'" in d.why} == {31, 34}


def test_a_semicolon_read_as_a_comma_before_the_word_it_always_precedes_is_put_right():
    """Held-out synthetic seed 260's scans: '"...," says the old woman; then shelters'
    read with a comma, wrong and listed nowhere (the three words are said once; the book
    writes '; then' twenty times on those pages). A comma where the book writes a
    semicolon before the same word ten times as often, and ten times at least, is read
    as the semicolon, listed."""
    who = ["the cook", "a boy", "the guard", "the ferryman", "the old woman", "a stranger"]
    opening = '"Half of it is mine," says {}; then goes on. "Be quick," says {}; then waits.'
    chosen = _plain_paragraphs(30, [opening.format(w, w) for w in who])
    book = _read_with_one_word_misread(chosen, 34, "woman;", "woman,")
    assert any("writes ';' before 'then'" in d.why and d.paragraph == 34 for d in book.doubts)


def test_a_colon_read_for_the_semicolon_the_book_writes_between_the_same_words_is_put_right():
    """Held-out synthetic seed 290's scans: 'says a voice behind you; then praises' read
    with a colon, listed but not put right: the book writes 'you; then' far more often,
    which asked which is printed, before the rule on the semicolon the book writes
    before 'then'. Where both say the semicolon, it is put back, listed."""
    who = ["the cook", "a boy", "the guard", "a voice behind you", "the ferryman"]
    opening = '"Be quick," says {}; then waits.'
    chosen = _plain_paragraphs(30, [opening.format(w) for w in who * 3])
    book = _read_with_one_word_misread(chosen, 33, "you;", "you:")
    assert any("writes ';' before 'then'" in d.why and d.paragraph == 33 for d in book.doubts)


def test_a_hanging_number_after_a_code_whose_bracket_was_lost_starts_its_paragraph():
    """Held-out press seed 272 (numbers hanging): 'broke the egg. [S1/Magic', its ']' not
    read, then '5092 You command': the number was not parted from its line, so ¶5092 was
    read into ¶5091 (both listed). A line that ends inside a code ends a section."""
    chosen = _walked("You meet a rider who has ridden {miles} miles.", _WALK_ON, range(60, 66))
    printed = _run_in(printed_lines(chosen, random.Random(5)), bold=True)
    code = next(line for line in printed if line.paragraph == 62 and line.words[-1] == "[S1]")
    code.words[-1] = "[S1"
    book = import_book(pages_of(printed), world=None)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact >= set(chosen) - {62}
    assert unlisted == invented == []


@pytest.mark.parametrize("world", [WORLD, None], ids=["with world.txt", "book alone"])
def test_a_chart_name_read_into_its_bracket_is_checked(world):
    """Held-out synthetic seed 284's photos: '7 Veiled Ghul (I, male)' read '7
    VeiledGhul(I, male)', the name and its bracket one word, so the name was never
    checked: wrong and listed nowhere. The name is parted from its bracket and checked."""
    chosen = dict(list(PARAGRAPHS.items())[:20])
    printed = printed_lines(chosen, random.Random(83))
    glued = set()
    for line in printed:
        at = next((i for i, word in enumerate(line.words) if re.fullmatch(r"\([A-O],?", word)), 0)
        if at >= 3 and len(glued) < 2:
            line.words[at - 2 : at + 1] = ["".join(line.words[at - 2 : at + 1])]
            glued.add(line.paragraph)
    book, _ = read_back(printed, chosen, world)
    assert len(glued) == 2
    assert glued <= listed_paragraphs(book)


def test_a_word_said_once_where_the_book_says_a_lookalike_after_the_same_words_is_listed():
    """Held-out synthetic seed 285's scans: 'flatters a jar of olives' read 'a jar of
    lives', a word of the language read surely, wrong and listed nowhere; those three
    pages say 'jar of olives' ten times. A word the book says nowhere else, one letter
    from a word it says five times or more after the same two words, is listed."""
    who = ["the cook", "a boy", "the guard", "the ferryman", "the old woman", "a stranger"]
    chosen = _plain_paragraphs(30, [f"{w.capitalize()} carries a jar of olives home." for w in who])
    book = _listed_once_misread(chosen, 33, "olives", "lives")
    assert any("'olives' after them" in d.why and d.paragraph == 33 for d in book.doubts)


def test_pages_out_of_order_with_numbers_read_into_their_lines_are_put_right():
    """A phone photo of press layout 272 (numbers hanging in the margin, read into their
    lines) given after a later page: it showed no number alone on a line, so it stayed
    where it was given, and none of its numbers, lower than the page before's, was
    parted from its line (33 paragraphs of 40, seven read into one, listed). Numbers in
    bold before a sentence count as the page's too."""
    numbers = sorted(PARAGRAPHS)
    start = numbers.index(2018)
    chosen = {n: PARAGRAPHS[n] for n in numbers[start : start + 40]}
    pages = pages_of(_run_in(printed_lines(chosen, random.Random(5)), bold=True))
    assert len(pages) >= 3
    book = import_book([pages[0], pages[2], pages[1], *pages[3:]], world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    assert exact == set(chosen)
    assert any("page-002.png was given after page 3" in str(note) for note in book.notes)


@pytest.mark.parametrize("stroke", ["|", "I", "l"])
def test_a_stroke_alone_on_its_line_is_left_out(stroke):
    """Held-out press seed 291's photos (a ruled gutter): the rule's end, tilted under
    the columns' last lines, was read '|' on a line of its own and taken for 'I' in the
    text ('a sea full of I patrols', listed). No line is set with 'I' alone, the next
    word would fit beside it: a stroke alone on its line is left out, listed."""
    chosen = dict(list(PARAGRAPHS.items())[300:306])
    printed = printed_lines(chosen, random.Random(3))
    third = list(chosen)[2]
    index = next(i for i, line in enumerate(printed) if line.paragraph == third and not line.bold)
    printed.insert(index + 1, PrintedLine([stroke], paragraph=third))
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert third in listed_paragraphs(book)


@pytest.mark.parametrize(
    ("lines", "printed", "read"),
    [(["A lamp hangs from a branch.", "NO SKILL: She asks what you seek. [S1]"], "She", "she"),
     (["Some lamps hang from a branch.", "NO SKILL: You wait. [S1]"], "Some", "some"),
     (["A lamp hangs from a branch.", "NO SKILL: In the dark you wait. [S1]"], "In", "in")],
)  # fmt: skip
def test_a_sentences_capital_read_as_its_small_letter_is_put_back(lines, printed, read):
    """Held-out press seed 304's scans: 'NO SKILL: She asks' read 'she asks', surely, and
    listed nowhere. A section's or a paragraph's first word read in small letters is
    given its capital when the capital has the small letter's shape, or is an I's stroke
    and the book writes the word so elsewhere (held-out synthetic seed 310: 'NO SKILL:
    in a courtyard'), listed."""
    chosen = {n: lines for n in range(30, 36)}
    book = _read_with_one_word_misread(chosen, 32, printed, read)
    assert 32 in listed_paragraphs(book)


def test_a_stray_quote_before_a_word_is_not_closed_by_a_plurals_possessive():
    """Held-out synthetic seed 314: 'Near the copper-smiths' lane' read 'Near ‘the
    copper-smiths’ lane', the second engine reading 'the'. The possessive's mark seemed to
    close a quotation, so the stray mark was kept (listed only for another doubt). A mark
    after an s, before a word in small letters, closes none: the second engine's reading
    is taken, listed."""
    chosen = {n: ["A dog barks.", "NO SKILL: Near the smiths' lane you wait. [S1]"]
              for n in range(30, 36)}  # fmt: skip
    misread = damaged("‘the", 0.85, "the")
    misread.second = "the"
    book = _read_with_one_word_misread(chosen, 32, "the", misread)
    assert 32 in listed_paragraphs(book)


@pytest.mark.parametrize(
    ("printed", "read", "second"),
    [("stranger's", "‘Stranger's", "stranger's"), ('"I', "‘I", '"I')],
    ids=["no mark, another case", "a double quote"],
)
def test_a_stray_quote_is_read_as_the_second_engine_reads_its_place(printed, read, second):
    """Held-out synthetic seeds 291 and 251: "A stranger's dog" read "A ‘Stranger's dog",
    the second engine reading "stranger's" (its case another), and '"I have' read '‘I
    have', the second engine reading '"I'; both listed and left wrong. A quote that never
    closes is read as the second engine read its word, whatever the case, or with the
    double quote it read in its place."""
    chosen = {n: ['"I see a stranger\'s dog," you say.', "NO SKILL: You wait. [S1]"]
              for n in range(30, 36)}  # fmt: skip
    misread = damaged(read, 0.7)
    misread.second = second
    book = _read_with_one_word_misread(chosen, 32, printed, misread)
    assert 32 in listed_paragraphs(book)


def test_a_curly_quote_before_an_i_read_as_a_bar_takes_the_books_straight_style():
    """Held-out synthetic seed 314: '"I have seen you' read '“| have', listed and left
    curly in a book of straight quotes: the bar is an I, so the mark opens a quotation
    and is set as the book sets them."""
    chosen = {n: ['"I see you," says the guard.', "NO SKILL: You wait. [S1]"]
              for n in range(30, 36)}  # fmt: skip
    book = _read_with_one_word_misread(chosen, 32, '"I', damaged("“|", 0.65, '"'))
    assert 32 in listed_paragraphs(book)


def test_a_sentence_read_starting_in_small_letters_is_listed():
    """The same, for a capital of another shape than its small letter ('you' for 'You',
    less likely a misreading): listed, left as read."""
    chosen = {n: ["A lamp hangs from a branch.", "NO SKILL: You wait. [S1]"] for n in range(30, 36)}
    lines = printed_lines(chosen, random.Random(5))
    line = next(line for line in lines if line.paragraph == 32 and "You" in line.words)
    line.words[line.words.index("You")] = "you"
    book = import_book(pages_of(lines), world=WORLD)
    _exact, unlisted, invented = outcome(book, chosen)
    assert unlisted == invented == []
    assert 32 in listed_paragraphs(book)


def test_a_paragraph_number_read_with_one_digit_wrong_is_the_one_that_fits():
    """Held-out press seed 304's scans of the synthetic book: the number 75, between 74
    and 76, read surely as 15; it was kept as printed (not in rising order), so ¶15 was
    invented and ¶75 lost, listed only under the invented number. The one number that
    fits between its neighbours, a digit from the reading, is taken, listed."""
    chosen = dict(list(PARAGRAPHS.items())[300:306])
    printed = printed_lines(chosen, random.Random(3))
    third = list(chosen)[2]
    line = next(line for line in printed if line.bold and line.words == [str(third)])
    misread = str(third)[:-2] + str((third // 10 + 3) % 10) + str(third)[-1]
    line.words = [misread]
    book = import_book(pages_of(printed), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    assert third in listed_paragraphs(book)


def _line_at(words: list[str], left: int, top: int, bold: bool = False) -> OcrLine:
    """A line of ``words`` read at (``left``, ``top``) in the first column."""
    boxes, x = [], left
    for word in words:
        boxes.append(Box(left=x, top=top, width=22 * len(word), height=40))
        x += 22 * len(word) + 20
    read = tuple(OcrWord(text=word, confidence=SURE, box=box, bold=bold)
                 for word, box in zip(words, boxes, strict=True))  # fmt: skip
    return OcrLine(words=read, box=enclosing(boxes), column=0, number=1)


def test_a_last_pages_one_number_beside_its_first_line_is_no_running_head():
    """Held-out press seed 304's photos of the synthetic book: a last page holding one
    paragraph, no running head, its number hanging beside its first line and the page
    number in the foot. The number, the page's top line, was judged by the page number
    after it, taken for a head and dropped: ¶88 was read into ¶87, listed nowhere under
    its own number. A number level with a line of its column's text is no head."""
    chosen = dict(list(PARAGRAPHS.items())[300:306])
    last = list(chosen)[-1]
    printed = printed_lines(chosen, random.Random(3))
    start = next(i for i, line in enumerate(printed) if line.bold and line.paragraph == last)
    text = [line.words for line in printed[start + 1 :]]
    lines = [_line_at([str(last)], 100, 400, bold=True)]
    lines += [_line_at(words, 220, 400 + 60 * row) for row, words in enumerate(text)]
    lines.append(_line_at(["3"], 1200, 3300))
    _read_exact_with_last_page(chosen, printed[:start], lines)


def _read_exact_with_last_page(
    chosen: dict[int, list[str]], before: list[PrintedLine], lines: list[OcrLine]
) -> None:
    """``chosen`` read from the pages of ``before`` and a last page of ``lines``: every
    paragraph exact, none wrong and unlisted, none invented."""
    numbered = tuple(line.model_copy(update={"number": row + 1}) for row, line in enumerate(lines))
    page = pages_of(before)[-1].model_copy(update={"lines": numbered, "page": 9})
    book = import_book([*pages_of(before), page], world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []


def test_a_pages_top_number_measured_not_bold_over_its_text_is_no_page_number():
    """Held-out press seed 325's photos: a page's top line, ¶5532's number printed alone
    over its text, was measured not bold where the page's other numbers were, dropped as a
    page number, and ¶5532 lost (listed only as lines without a number). A lone number
    with its column's text right under it (a head stands apart) is not judged by its
    weight."""
    chosen = dict(list(PARAGRAPHS.items())[300:306])
    second_last, last = list(chosen)[-2:]
    printed = printed_lines(chosen, random.Random(3))
    start = next(i for i, line in enumerate(printed) if line.paragraph == second_last)
    lines, top = [], 400
    for line in printed[start:]:
        lines.append(_line_at(line.words, 100, top, bold=line.bold and line.paragraph == last))
        top += 60  # no page number: the page prints none
    _read_exact_with_last_page(chosen, printed[:start], lines)


def _misread_with_second(
    chosen: dict[int, list[str]], paragraph: int, printed: list[str], read: str, second: str
) -> list[PrintedLine]:
    """``chosen`` printed, with the words ``printed`` (on one line of ``paragraph``) read
    as the one word ``read`` with doubt, and as ``second`` by a second engine."""
    lines = printed_lines(chosen, random.Random(5))
    line = next(line for line in lines if line.paragraph == paragraph
                and _holds(line.words, printed))  # fmt: skip
    at = _holds(line.words, printed) - 1
    line.words[at : at + len(printed)] = [damaged(read, 0.5, " ".join(printed))]
    line.words[at].second = second
    return lines


def _holds(words: list[str], run: list[str]) -> int:
    """1 + where ``run`` starts in ``words``, or 0."""
    return next((at + 1 for at in range(len(words)) if words[at : at + len(run)] == run), 0)


def _exact(lines: list[PrintedLine], chosen: dict[int, list[str]], world=WORLD) -> ImportedBook:
    book = import_book(pages_of(lines), world=world)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen)
    assert unlisted == invented == []
    return book


@pytest.mark.parametrize("bold", [True, False])
def test_a_headings_colon_read_as_a_cry_is_the_heading_when_it_is_set_in_bold(bold):
    """Held-out press seed 352's scans: 'NO SKILL:' in small capitals read 'No SKILL!',
    in bold, was joined to the intro and the sections after it moved up one. Bold words
    that name a heading of the book, ending in a mark for the colon, are the heading,
    listed; in plain type they are prose, and the lost section is listed."""
    chosen = _headed_paragraphs(10, ["PIETY", "MAGIC", "WITS", "STEALTH"])
    lines = printed_lines(chosen, random.Random(5))
    line = next(
        line for line in lines if line.paragraph == 11 and line.words[:2] == ["NO", "SKILL:"]
    )
    line.words[:2], line.bold = ["No", "SKILL!"], bold
    book = import_book(pages_of(lines), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen) - ({11} if not bold else set())
    assert unlisted == invented == []
    assert any("a mark for its colon" in d.why for d in book.doubts) is bold


def test_a_rare_figure_the_second_engine_reads_as_a_common_one_is_read_so():
    """Held-out press seed 354's scans: '[S1]' read '[S11]' with doubt and '[S1]' by the
    second engine; S11 is in no other code of the book, S1 in many. Read as S1, listed."""
    chosen = _headed_paragraphs(10, ["PIETY", "MAGIC", "WITS", "STEALTH"])
    lines = _misread_with_second(chosen, 12, ["[S1]"], "[S11]", "[S1]")
    book = _exact(lines, chosen)
    assert any("'S11' is rare in this book" in d.why and d.paragraph == 12 for d in book.doubts)


@pytest.mark.parametrize(
    ("printed", "read", "second"),
    [
        ("[S1/W+1]", "[SIW+1]", "[S1/W+1]"),  # held-out press seed 354
        ("[W+1 (Max: Comfortable)/S1]", "[W+1 Max: Comfortable)/S1]",
         "[W+1 (Max: Comfortable)/S1]"),  # held-out press seed 355
        ('[D2/"You may lose your next turn"]', '[D2/"You may lose your next turn]',
         '[D2/"You may lose your next turn\'"]'),  # 335: the first's quote put back
    ],
)  # fmt: skip
def test_a_code_that_is_no_rewards_is_read_as_the_second_engine_reads_it(printed, read, second):
    """A code no rewards of the book as the first engine read it, and rewards as the second
    read it, is read as the second did, listed; an instruction that lost only its closing
    quote keeps the first reading, the quote put back (the second read a stray mark)."""
    texts = ["You climb the tower and look out over the city."] * 4
    chosen = {30 + n: [text, f"NO SKILL: {printed}"] for n, text in enumerate(texts)}
    words = printed.split()
    lines = _misread_with_second(chosen, 31, words, read, second)
    book = _exact(lines, chosen)
    assert 31 in listed_paragraphs(book)


def test_a_compound_of_two_words_broken_at_its_hyphen_keeps_it():
    """Held-out press seed 344: 'six-' at a line's end and 'pointed' on the next, a
    compound the book says nowhere else, was read 'sixpointed', no word. Both halves are
    words of the dictionary and the join is none: the hyphen is kept, listed."""
    chosen = _plain_paragraphs(
        40, ["The ring is old.", "The ring is carved with a six-pointed star."]
    )
    lines = printed_lines(chosen, random.Random(5))
    at = next(i for i, line in enumerate(lines)
              if line.paragraph == 41 and "six-pointed" in line.words)  # fmt: skip
    words = lines[at].words
    cut = words.index("six-pointed")
    lines[at].words, tail = [*words[:cut], "six-"], ["pointed", *words[cut + 1 :]]
    lines.insert(at + 1, PrintedLine(tail, paragraph=41))
    book = _exact(lines, chosen)
    assert any("'six-pointed' was broken over two lines" in d.why for d in book.doubts)


def test_a_word_read_as_a_figure_with_a_leading_zero_is_listed():
    """Held-out press seed 354's scans: 'to' read '0' at a line's start (its t lost at the
    column's edge) was listed nowhere: a 0 seldom stands alone in a tale."""
    chosen = _plain_paragraphs(50, ["You turn to the river and drink."] * 3)
    book = _listed_once_misread(chosen, 51, "to", "0", world=WORLD)
    assert any("where a 0 seldom stands" in d.why and d.paragraph == 51 for d in book.doubts)


def test_a_headings_word_read_as_a_rare_word_is_read_as_the_second_engines_common_one():
    """Held-out synthetic seeds 343, 352 and 354, no world.txt: small capitals 'SONG:'
    read 'Sone:' with doubt (a rare word of the dictionary) and 'SONG:' by the second
    engine, a word far more common that the book's headings say as often. Read so."""
    chosen = _headed_paragraphs(10, [f"ART OF {art}" for art in ("SONG", "INK", "SONG", "SAIL")])
    lines = _misread_with_second(chosen, 12, ["SONG:"], "Sone:", "SONG:")
    book = _exact(lines, chosen, world=None)
    assert any("'ART OF SONG'" in d.why and d.paragraph == 12 for d in book.doubts)


@pytest.mark.parametrize(
    ("text", "printed", "read"),
    [
        ("You see a stranger's dog for {n} days.", "stranger's", "Stranger's"),
        ('"Take it; it\'s yours," says the cook on day {n}.', "it's", "It's"),
    ],
)
def test_a_capital_shaped_as_its_small_letter_where_the_book_writes_it_small_is_put_right(
    text, printed, read
):
    """Held-out synthetic seeds 341, 343 and 352: 'a Stranger's dog' (a capital shaped
    as its small letter) and seeds 264 and 343: 'it; It's' (an i whose dot was lost),
    read in mid-sentence where the book writes the word in small letters far more
    often: put in small letters, listed (before: asked)."""
    days = ("two", "three", "four", "five", "six", "seven")
    chosen = _plain_paragraphs(60, [text.format(n=n) for n in days])
    book = _read_with_one_word_misread(chosen, 62, printed, read)
    assert any(f"read as {printed!r}" in d.why and d.paragraph == 62 for d in book.doubts)


def test_a_says_misread_twice_after_quoted_questions_is_put_right_both_times():
    """Held-out synthetic seeds 291 and 335's photos: '"...far?" Says you', the same
    misreading twice in the book, so 'Says' not once: still far rarer than 'says' there."""
    who = ["the guard", "the ferryman", "the cook", "a boy", "the old woman", "the judge"]
    chosen = _plain_paragraphs(20, [f'"Why come so far?" says {w}; then goes on.' for w in who * 2])
    lines = printed_lines(chosen, random.Random(5))
    for number in (22, 27):
        line = next(line for line in lines if line.paragraph == number and "says" in line.words)
        line.words[line.words.index("says")] = "Says"
    book = _exact(lines, chosen)
    assert {d.paragraph for d in book.doubts if "after a quoted question" in d.why} == {22, 27}


def test_a_twin_capital_far_rarer_than_its_small_letters_beside_a_name_is_still_asked():
    """A review of round 30: 'Sindbad's sailor' read 'Sindbad's Sailor' on two pages, a
    capital shaped as its small letter, far rarer than 'sailor', beside a name's capital
    (so not put small: 'the Seven Sleepers'). Twice, not once, so listed nowhere: it is
    asked on both pages."""
    chosen = _plain_paragraphs(
        60, [f"You ask Sindbad's sailor about the sea for {n} days." for n in range(2, 14)]
    )
    lines = printed_lines(chosen, random.Random(5))
    for number in (62, 67):
        line = next(line for line in lines if line.paragraph == number and "sailor" in line.words)
        line.words[line.words.index("sailor")] = "Sailor"
    book = import_book(pages_of(lines), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen) - {62, 67}
    assert unlisted == invented == []
    asked = {d.paragraph for d in book.doubts if "is it 'sailor'?" in d.why}
    assert asked == {62, 67}


def test_a_capital_after_a_quoted_cry_that_the_book_writes_often_starts_a_sentence():
    """A review of round 30: '"Stop!" She turns', a sentence the book starts so three
    times, was put in small letters as a 'Says' misread twice would be: a capital the
    book writes after a cry more than twice starts a sentence, and is kept."""
    chosen = _plain_paragraphs(
        90,
        [f'"Stop!" She turns; she runs, she hides, she eats, she waits, she sleeps {n} days.'
         for n in ("two", "three", "four")],
    )  # fmt: skip
    book = _exact(printed_lines(chosen, random.Random(5)), chosen)
    assert not any("after a quoted question" in d.why for d in book.doubts)


def test_a_rewards_name_read_without_its_spaces_is_spaced_as_the_book_writes_it():
    """Held-out synthetic seed 341, no world.txt: '[S2/TreasureofUr]', its spaces lost,
    made the book's 'Treasure of Ur' (read right elsewhere) respaced as the misreading.
    The name in words is the book's: the misreading is spaced so, listed."""
    found = "NO SKILL: You find it. [D1/Treasure of Ur]"
    chosen = {70 + n: ["You dig by the old well all day.", found] for n in range(4)}
    lines = _misread_with_second(chosen, 72, ["[D1/Treasure", "of", "Ur]"], "[D1/TreasureofUr]",
                                 "[D1/TreasureofUr]")  # fmt: skip
    book = _exact(lines, chosen, world=None)
    assert listed_paragraphs(book) == {72}
    assert any("its spaces lost; read as 'Treasure of Ur'" in d.why for d in book.doubts)


def test_two_words_read_as_a_rare_word_are_parted_where_the_book_says_them_with_the_next():
    """Held-out synthetic seed 334's scans: 'a jar of olives' read 'ajar of olives' four
    times in thirteen, a word of the dictionary said more than once, so not listed as
    two words run together. The book says 'a jar of' five times or more: parted,
    listed. ('alight, and', where the book says 'a light' and 'light and', stays.)"""
    chosen = _plain_paragraphs(
        80, [f"You buy a jar of olives for {n} dinars." for n in range(2, 9)]
    )
    lines = printed_lines(chosen, random.Random(5))
    for number in (81, 84):
        line = next(line for line in lines if line.paragraph == number and "jar" in line.words)
        at = line.words.index("jar")
        line.words[at - 1 : at + 1] = ["ajar"]
    book = _exact(lines, chosen)
    assert {d.paragraph for d in book.doubts if "read as 'a jar'" in d.why} == {81, 84}


@pytest.mark.parametrize(
    ("number", "printed", "read", "why"),
    [
        (5, "Swamp", ["Sw"], "'Sw' is no terrain of world.txt; did you mean Swamp?"),
        (53, "Your", ["Y", "our"], "'Y' alone in the text: a space read inside 'Your'?"),
    ],
)
def test_a_word_read_as_a_dictionary_scrap_where_no_scrap_belongs_is_listed(
    number, printed, read, why
):
    """Held-out press seeds 364 and 365's photos, each paragraph wrong and listed nowhere:
    a chart's terrain read 'Sw' (a word of the dictionary, and TERRAINS lines were not
    checked) and 'Your' read 'Y our' (both words of the dictionary). A terrain world.txt
    does not name, and a capital alone in the text that is no word alone, are listed."""
    chosen = {n: PARAGRAPHS[n] for n in (number, number + 1, number + 2)}
    lines = printed_lines(chosen, random.Random(5))
    line = next(line for line in lines if line.paragraph == number and printed in line.words)
    at = line.words.index(printed)
    line.words[at : at + 1] = read
    book = import_book(pages_of(lines), world=WORLD)
    exact, unlisted, invented = outcome(book, chosen)
    assert exact == set(chosen) - {number}
    assert unlisted == invented == []
    assert any(why in d.why and d.paragraph == number for d in book.doubts)
