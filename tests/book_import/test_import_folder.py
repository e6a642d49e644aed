"""import-book into a folder: book.txt with page comments, review.txt, the owner's
corrections kept when it runs again, check naming the page a problem came from, and
every page a doubted paragraph runs over kept for the review page."""

from __future__ import annotations

import json
import random
import shutil
from collections import defaultdict
from pathlib import Path

from PIL import Image

from companion.book_import.corrections import CORRECTIONS, paragraph_blocks
from companion.book_import.folder import PLACES, REVIEW, write_import
from companion.book_import.model import PageFailure
from companion.book_import.review import doubted_paragraphs
from companion.cli import main
from companion.games.arabian_nights.content.loader import load_pack
from tests.book_import.layout import (
    DEMO,
    LINES_PER_COLUMN,
    Kind,
    damage_lines,
    damaged,
    demo_paragraphs,
    pages_of,
    printed_lines,
)

PARAGRAPHS = demo_paragraphs()


def demo_pack_without_book(folder: Path) -> Path:
    folder.mkdir()
    for name in ("world.txt", "matrices.txt", "cards.txt"):
        shutil.copy(DEMO / name, folder / name)
    return folder


def test_an_import_is_a_pack_that_check_accepts(tmp_path, capsys):
    pack = demo_pack_without_book(tmp_path / "pack")
    pages = pages_of(printed_lines(PARAGRAPHS, random.Random(1)))
    failure = PageFailure(source="cover.jpg", page=len(pages) + 1, reason="no text found")
    assert write_import([*pages, failure], pack, world=pack) == 0
    printed = capsys.readouterr()
    assert f"cover.jpg (page {len(pages) + 1}): no text found; left out" in printed.err
    assert f"{len(PARAGRAPHS)} paragraphs from {len(pages)} pages" in printed.out
    book = (pack / "book.txt").read_text(encoding="utf-8")
    assert "# page 1 (page-001.png), left column, line 1\n1\nENCOUNTER CHART\n" in book
    assert main(["check", str(pack)]) == 0
    played = load_pack(pack)  # what companion play --pack loads
    assert len(played.paragraphs) + len(played.charts) == len(PARAGRAPHS)
    assert played.paragraph(101).no_skill_section.text == load_pack(DEMO).paragraph(
        101).no_skill_section.text  # fmt: skip


def test_check_says_the_page_of_what_it_refuses(tmp_path, capsys):
    pack = demo_pack_without_book(tmp_path / "pack")
    rng = random.Random(3)
    printed = printed_lines(PARAGRAPHS, rng)
    damage = damage_lines(printed, [Kind.HEADING_LOST], rng, 1)
    write_import(pages_of(printed), pack, world=pack)
    capsys.readouterr()
    assert main(["check", str(pack)]) == 1
    [number] = damage.done
    refused = [line for line in capsys.readouterr().out.splitlines() if "HEADING LOST" in line]
    assert refused and all("(printed on page " in line for line in refused), refused
    assert f"paragraph {number}" in refused[0]


def test_the_owners_corrections_are_kept_when_importing_again(tmp_path):
    pack = demo_pack_without_book(tmp_path / "pack")
    rng = random.Random(5)
    printed = printed_lines(PARAGRAPHS, rng)
    damage_lines(printed, [Kind.HEADING_LOST], rng, 3)
    pages = pages_of(printed)
    write_import(pages, pack, world=pack)
    book = pack / "book.txt"
    blocks = paragraph_blocks(book.read_text(encoding="utf-8"))
    lost = sorted(n for n, block in blocks.items()
                  if any(line.startswith("HEADING LOST:") for line in block.lines))  # fmt: skip
    assert lost
    fixed = lost[0]
    text = book.read_text(encoding="utf-8")
    for line in blocks[fixed].lines:
        if line.startswith("HEADING LOST:"):
            truth = next(t for t in PARAGRAPHS[fixed] if t.endswith(line.removeprefix(
                "HEADING LOST: ")))  # fmt: skip
            text = text.replace(line, truth)
    book.write_text(text, encoding="utf-8")

    write_import(pages, pack, world=pack)  # the same pages again
    again = paragraph_blocks(book.read_text(encoding="utf-8"))
    assert again[fixed].lines == PARAGRAPHS[fixed]
    assert fixed in paragraph_blocks((pack / CORRECTIONS).read_text(encoding="utf-8"))
    assert f"¶{fixed} " not in (pack / "review.txt").read_text(encoding="utf-8")
    assert any(line.startswith("HEADING LOST:") for line in again[lost[-1]].lines)

    write_import(pages, pack, world=pack)  # and once more: still kept
    assert paragraph_blocks(book.read_text(encoding="utf-8"))[fixed].lines == PARAGRAPHS[fixed]


def test_every_page_a_doubted_paragraph_runs_over_is_kept(tmp_path):
    pack = demo_pack_without_book(tmp_path / "pack")
    printed = printed_lines(dict(list(PARAGRAPHS.items())[:150]), random.Random(1))
    on: defaultdict[int, set[int]] = defaultdict(set)
    for index, line in enumerate(printed):
        on[line.paragraph].add(index // (2 * LINES_PER_COLUMN) + 1)
    spread = [number for number, pages in on.items() if len(pages) > 1]
    for number in spread:  # a word misread: the paragraph is doubted
        first = next(line for line in printed if line.paragraph == number and not line.bold)
        first.words[-1] = damaged("qzxvwq", 0.4, printed=first.words[-1])
    pages = pages_of(printed, source=str(tmp_path / "page-{:03d}.png"))
    for page in pages:
        Image.new("L", (page.width, page.height), 255).save(page.source)
    write_import(pages, pack, world=pack)
    assert set(spread) <= set(doubted_paragraphs((pack / REVIEW).read_text(encoding="utf-8")))
    places = json.loads((pack / PLACES).read_text(encoding="utf-8"))
    assert {number: {place["page"] for place in places[str(number)]} for number in spread} == {
        number: on[number] for number in spread
    }
