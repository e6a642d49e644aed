"""`companion check` and `companion lookup` on the mini fixture, run through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.games.arabian_nights.content.book_text import parse_book
from tests.arabian_nights.pack_edits import MINI, copy_mini, edit


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_check_reports_counts_and_exits_0_on_a_valid_pack(capsys) -> None:
    code, out, err = run(capsys, "check", str(MINI))
    assert code == 0 and err == []
    assert out[0] == f"Mini Fixture ({MINI})"
    assert "25 result paragraphs, 2 encounter charts, 6 matrices" in out[1]
    assert out[-2:] == ["0 problems", "0 unreachable paragraphs"]


def test_check_lists_unreachable_paragraphs(capsys, tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "[S1/Go to 801]", "[S1]")
    code, out, _ = run(capsys, "check", str(pack))
    assert code == 0
    assert out[-1] == "1 unreachable paragraph: 801"


def test_check_prints_problems_and_exits_1(capsys, tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    edit(pack, "cards.txt", "Wanderer | 4 | 5 | 4", "Wanderer | 4 | 6 | 7")
    code, out, _ = run(capsys, "check", str(pack))
    assert code == 1
    assert out[0] == f"Mini Fixture ({pack})"
    assert out[-3:] == [
        f"{pack / 'cards.txt'}:3: card Wanderer, noon: paragraph 6 is not in the book",
        f"{pack / 'cards.txt'}:3: card Wanderer, night: paragraph 7 is not in the book",
        "2 problems",
    ]


def test_check_on_a_missing_folder_exits_1(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(tmp_path / "nowhere"))
    assert code == 1
    assert (
        out[0] == f"{tmp_path / 'nowhere'}: is not a folder: a pack is a folder of four text files"
    )


def test_lookup_ali_baba_rolls_a_terrible_storm(capsys) -> None:
    argv = ["lookup", str(MINI), "--chart", "4", "--roll", "6", "--destiny", "9"]
    assert run(capsys, *argv, "--space", "4") == (0, ["12 Terrible Storm (F)"], [])
    assert run(capsys, *argv, "--space", "sea of storms") == (0, ["12 Terrible Storm (F)"], [])


def test_lookup_without_space_or_destiny_uses_the_bare_roll(capsys) -> None:
    assert run(capsys, "lookup", str(MINI), "--chart", "4", "--roll", "5") == (
        0,
        ["5 Mild Storm (F)"],
        [],
    )


def test_lookup_matrix_gives_all_three_paragraphs_or_one_face(capsys) -> None:
    argv = ["lookup", str(MINI), "--matrix", "F", "--row", "Terrible", "--reaction", "Pray"]
    assert run(capsys, *argv) == (0, ["702 703 704"], [])
    assert run(capsys, *argv, "--die", "minus") == (0, ["702"], [])
    assert run(capsys, *argv, "--die", "blank") == (0, ["703"], [])
    assert run(capsys, *argv, "--die", "plus") == (0, ["704"], [])


def test_lookup_matrix_accepts_the_whole_name_in_any_case(capsys) -> None:
    argv = ["lookup", str(MINI), "--matrix", "f", "--row", "terrible storm", "--reaction", "PRAY"]
    assert run(capsys, *argv) == (0, ["702 703 704"], [])


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        ([], "give either --chart N --roll R or --matrix L --row R --reaction X"),
        (["--chart", "9", "--roll", "3"], "paragraph 9 is not an encounter chart (charts: 4, 5)"),
        (["--chart", "4"], "--roll is missing"),
        (["--chart", "4", "--roll", "seven"], "--roll needs a whole number, not 'seven'"),
        (["--chart", "4", "--roll", "7"], "--roll is the die roll, 1 to 6, not 7"),
        (
            ["--chart", "4", "--roll", "3", "--space", "Atlantis"],
            "--space 'Atlantis' is neither a number nor a space of the pack",
        ),
        (["--matrix", "Z", "--row", "Mad"], "no matrix Z (matrices: C, D, F, I, L, N)"),
        (["--matrix", "F", "--reaction", "Pray"], "--matrix needs --row and --reaction"),
        (
            ["--matrix", "F", "--row", "Calm", "--reaction", "Pray"],
            "matrix F has no row 'Calm' (rows: Terrible, Mild, Beautiful, Treacherous)",
        ),
        (
            ["--matrix", "F", "--row", "Mild", "--reaction", "Dance"],
            "matrix F has no reaction 'Dance' (reactions: Pray, Wait, Flee)",
        ),
        (
            ["--matrix", "F", "--row", "Mild", "--reaction", "Pray", "--die", "up"],
            "--die is minus, blank or plus, not 'up'",
        ),
    ],
)
def test_lookup_bad_arguments_give_one_line_and_exit_2(capsys, argv: list[str], error: str) -> None:
    assert run(capsys, "lookup", str(MINI), *argv) == (2, [], [f"companion lookup: error: {error}"])


def test_lookup_on_a_broken_pack_points_to_check(capsys, tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    (pack / "cards.txt").unlink()
    code, out, err = run(capsys, "lookup", str(pack), "--chart", "4", "--roll", "1")
    assert (code, out) == (2, [])
    assert err == [
        f"companion lookup: error: {pack} is not a valid pack; run: companion check {pack}"
    ]


BOOKISH = st.text(
    alphabet=st.sampled_from(list("0123456789 \n[]():/,ABCNOSKILMaster(mandatory)ENCOUNTERHT")),
    max_size=400,
)


@given(BOOKISH)
def test_the_book_parser_never_crashes_and_locates_every_problem(text: str) -> None:
    book = parse_book(text, "book.txt")
    line_count = len(text.splitlines())
    assert all(1 <= problem.line <= line_count for problem in book.problems)
    numbers = [p.number for p in book.paragraphs] + [c.number for c in book.charts]
    assert len(numbers) == len(set(numbers))


def test_lookup_without_a_pack_gives_one_line(capsys) -> None:
    code, out, err = run(capsys, "lookup")
    assert (code, out) == (2, [])
    assert err == ["companion lookup: error: give the pack folder first, e.g. " + EXAMPLE]


EXAMPLE = "companion lookup content/demo ..."
