"""The Reaction Matrix booklet (issue 23): its tables read into matrices.txt, every cell
exact or listed in review.txt with the book's doubts, the owner's corrected matrices kept
when the booklet is imported again."""

from __future__ import annotations

import random
import shutil

import pytest

from companion.book_import.folder import IMPORTED_MATRICES, MATRICES, write_import, write_matrices
from companion.book_import.matrices import book_facts, read_matrices
from companion.book_import.model import Box, OcrLine, OcrPage, OcrWord
from tests.book_import.layout import DEMO, demo_paragraphs, pages_of, printed_lines
from tests.book_import.press import PressStyle, matrix_tables, press_matrices

MATRICES_TEXT = (DEMO / "matrices.txt").read_text(encoding="utf-8")
DEMO_BOOK = "\n".join(
    path.read_text(encoding="utf-8")
    for path in [DEMO / "book.txt", *sorted(DEMO.glob("book-*.txt"))]
)


def table_page(*rows: list[str], source: str = "m1.png", page: int = 1) -> OcrPage:
    """A page of a table as read: each row's cells 200 pixels apart, the name at the left."""
    lines = []
    for number, cells in enumerate(rows, start=1):
        words = []
        for column, cell in enumerate(cells):
            for part, text in enumerate(cell.split()):
                left = 40 + 70 * part if column == 0 else 300 + 200 * (column - 1)
                words.append(
                    OcrWord(
                        text=text,
                        confidence=0.96,
                        box=Box(left=left, top=60 * number, width=60, height=30),
                    )
                )
        lines.append(OcrLine(words=tuple(words), box=words[0].box, column=0, number=number))
    return OcrPage(
        source=source, page=page, width=1400, height=60 * len(rows) + 100, lines=tuple(lines)
    )


MATRIX_F = table_page(
    ["MATRIX F"],
    ["", "Pray", "Wait", "Flee", "Court*"],
    ["Terrible", "703", "706", "709", "712"],
    ["Mild", "715", "718", "721", "724"],
    ["* opposite gender only"],
)


def test_a_table_is_read_with_its_footnote_and_checked_against_the_book():
    facts = book_facts(
        "702\nA\n703\nB\n704\nC\n705\n" + "\n".join(f"{n}\nx" for n in range(706, 726))
    )
    read = read_matrices([MATRIX_F], facts)
    assert read.text().splitlines()[2:] == [
        "reactions | Pray | Wait | Flee | Court (opposite gender)",
        "Terrible | 703 | 706 | 709 | 712",
        "Mild | 715 | 718 | 721 | 724",
    ]
    assert [str(d) for d in read.doubts] == []
    missing = read_matrices([MATRIX_F], book_facts("703\nx\n"))
    assert any("book.txt has no paragraph 702, 704" in str(d) for d in missing.doubts)


def test_a_cell_not_read_and_a_title_without_its_letter_are_listed():
    page = table_page(
        ["MATRIX ?"], ["", "Pray", "Wait"], ["Terrible", "703", "706"], ["Mild", "715"]
    )
    read = read_matrices([page])
    said = [str(d) for d in read.doubts]
    assert any("letter was not read" in line for line in said), said
    assert any(
        line.startswith("matrix ?, Mild page 1, line 4: no number was read under Wait")
        for line in said
    ), said
    assert "Mild | 715 | ?" in read.text()


def test_the_owners_matrices_are_kept_and_review_holds_book_and_matrices(tmp_path, capsys):
    pack = tmp_path / "pack"
    pages = pages_of(printed_lines(demo_paragraphs(), random.Random(1)))
    write_import(pages[:3], pack, world=None)
    assert write_matrices([MATRIX_F], pack) == 0
    written = (pack / MATRICES).read_text(encoding="utf-8")
    assert "[matrix F]\n# page 1 (" in written
    assert "Terrible | 703 | 706 | 709 | 712" in written
    owners = written.replace("Mild | 715", "# the book's own word\nMild | 716")
    (pack / MATRICES).write_text(owners, encoding="utf-8")
    write_matrices([MATRIX_F], pack)  # imported again: the owner's change stays
    assert "# the book's own word\nMild | 716 | 718" in (pack / MATRICES).read_text("utf-8")
    assert "Mild | 715" in (pack / IMPORTED_MATRICES).read_text(encoding="utf-8")
    assert "1 of your corrected matrices kept" in capsys.readouterr().out
    write_matrices([table_page(["MATRIX G"], ["", "Help"], ["Lost", "99999"])], pack)
    review = (pack / "review.txt").read_text(encoding="utf-8")
    assert "matrix G, Lost page 1, line 3: the cell under Help is 99999" in review
    write_import(pages[:3], pack, world=None)  # the book again: the matrices' doubts stay
    assert "matrix G, Lost" in (pack / "review.txt").read_text(encoding="utf-8")


def test_a_typed_matrices_file_is_never_overwritten(tmp_path, capsys):
    from companion.book_import.folder import import_matrices_into

    pack = tmp_path / "pack"
    pack.mkdir()
    shutil.copy(DEMO / "matrices.txt", pack / MATRICES)
    assert import_matrices_into([tmp_path / "page.png"], pack, "eng") == 1
    assert "was not written by an import" in capsys.readouterr().err
    assert (pack / MATRICES).read_text(encoding="utf-8") == MATRICES_TEXT


@pytest.mark.parametrize("footnote", [False, True])
def test_printed_matrices_read_back_exact_or_listed(footnote, tesseract, tmp_path):
    pytest.importorskip("tesserocr")
    from companion.book_import.pages import read_pages

    style = PressStyle.varied(2 if footnote else 1)
    [first, *_] = press_matrices(MATRICES_TEXT, style, footnote=footnote)
    path = tmp_path / "matrices-1.png"
    first.save(path)
    read = read_matrices(read_pages([path], choice=tesseract, tables=True), book_facts(DEMO_BOOK))
    truth = matrix_tables(MATRICES_TEXT)
    listed = {doubt.subject for doubt in read.doubts}
    assert len(read.matrices) >= 2
    for matrix in read.matrices[:-1]:  # the last may go on to the next page
        reactions, rows = truth[matrix.letter]
        assert matrix.reactions == reactions or f"matrix {matrix.letter}" in listed
        got = [[name, *cells] for name, cells, _ in matrix.rows]
        assert len(got) == len(rows)
        for printed, row in zip(rows, got, strict=True):
            assert row == printed or f"matrix {matrix.letter}, {row[0]}" in listed, (printed, row)


def test_import_matrices_writes_the_booklet_beside_the_book(tmp_path, capsys):
    pytest.importorskip("tesserocr")
    from companion.cli import main

    [first, *_] = press_matrices(MATRICES_TEXT, PressStyle.varied(3))
    page = tmp_path / "booklet-1.png"
    first.save(page)
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "book.txt").write_text(DEMO_BOOK, encoding="utf-8")
    assert main(["import-matrices", str(page), str(tmp_path / "gone.jpg"), "--out", str(pack)]) == 0
    said = capsys.readouterr()
    assert f"{tmp_path / 'gone.jpg'}: no such file; left out" in said.err
    written = matrix_tables((pack / MATRICES).read_text(encoding="utf-8"))
    reactions, rows = matrix_tables(MATRICES_TEXT)["A"]
    review = (pack / "review.txt").read_text(encoding="utf-8")
    assert written["A"][1] == rows
    assert written["A"][0] == reactions or "matrix A page 1, line 1: " in review
    assert "matrices (" in said.out and str(pack / "review.txt") in said.out


def test_pages_holding_no_matrix_change_nothing(tmp_path, capsys):
    """Before, no matrix read crashed the import with a traceback after the progress bar;
    and a wrong page would have left matrices.txt empty of what the last import read."""
    pack = tmp_path / "pack"
    write_matrices([MATRIX_F], pack)
    before = {path.name: path.read_bytes() for path in pack.rglob("*") if path.is_file()}
    prose = table_page(["The road is long and the night is cold."], ["You walk on."])
    assert write_matrices([prose, prose], pack) == 1
    assert "no matrix table was read on the 2 pages given" in capsys.readouterr().err
    assert {path.name: path.read_bytes() for path in pack.rglob("*") if path.is_file()} == before
    assert write_matrices([prose], tmp_path / "new") == 1
    assert not (tmp_path / "new").exists()
