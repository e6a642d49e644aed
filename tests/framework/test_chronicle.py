"""The night's chronicle (issue 28): the story of whole nights of every mode, played by a
table that errs, with no refusal, no undone move, no question asked, corrections marked,
chapters by turn, in the game's language; a page to print beside it; a journal that
keeps it through a crash and takes back what undo takes back, also after a resume."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.framework.dialogue import GameOptions
from companion.framework.story import Chapter, StoryLine, Told
from companion.games.tales_of_arabia.game import GAME as TALES
from companion.session.chronicle.journal import Journal
from companion.session.events import Applied, Ended, Outcome, Undone
from companion.session.observers.chronicle import Chronicle, read_night
from tests.chronicling import MODES, figures, play_night

CHAPTER = re.compile(r"^## (?:Turn|Turno) (\d+)")


@pytest.fixture(scope="module")
def nights(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nights")
    return {mode: play_night(mode, folder) for mode in MODES}


@pytest.mark.parametrize("mode", list(MODES))
def test_a_whole_night_tells_the_story_and_nothing_else(nights, mode):
    night = nights[mode]
    assert night.finished
    assert night.undone  # the table erred: the figures below could fail
    assert night.refusals or mode.startswith("scheherazade")  # it offers only what it takes
    counted = figures(night, MODES[mode].language)
    assert {name: number for name, number in counted.items() if name != "words"} == {
        "refusals": 0,
        "undone": 0,
        "questions": 0,
        "unmarked corrections": 0,
        "wrong-language headings": 0,
    }


@pytest.mark.parametrize("mode", list(MODES))
def test_chapters_are_turns_numbered_in_order_and_the_end_comes_last(nights, mode):
    lines = nights[mode].text.splitlines()
    numbers = [int(found[1]) for line in lines if (found := CHAPTER.match(line))]
    assert len(numbers) > 5 and numbers == list(range(1, len(numbers) + 1))
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[-1] in ("## The end", "## Fin")
    assert len(nights[mode].text.split()) / len(numbers) < 120  # words per chapter


def test_the_readers_corrections_are_marked_as_such(nights):
    night = nights["arabian-nights"]
    assert night.corrections
    marked = [line for line in night.text.splitlines() if line.startswith("*Corrected by")]
    unmarked = {
        told
        for told in night.corrections
        if sum(told in line for line in marked) < night.corrections.count(told)
    }
    assert unmarked == set(), marked


def test_the_readers_story_is_told_of_the_players_without_the_sums(nights):
    """What the companion says to a player ("You draw the Hippodrome card.", "6, plus 5
    for the space, makes 11. You meet a Mild Storm.") is told in the third person and
    without the dice sums; the book's own words, its "you", stay in the quotes."""
    night = nights["arabian-nights"]
    prose = [line for line in night.text.splitlines() if line and not line.startswith(">")]
    ours = re.compile(r"(?:^|[.!?] )(?:You|Your) (?!may |count )|\bmakes \d+\.")
    assert [line for line in prose if ours.search(line)] == []
    names = "|".join(name for name, _ in MODES["arabian-nights"].players)
    assert sum(bool(re.match(rf"(?:{names}) (?:draws|meets) ", line)) for line in prose) > 20
    quoted = [line for line in night.text.splitlines() if line.startswith("> *Paragraph")]
    assert sum(" You " in line for line in quoted) > 10  # a section read on with its paragraph


def test_samarandes_story_is_no_instruction_to_the_table(nights):
    """What the table is told to do ("Shuffle them into the deck", "goes into your hand")
    is said, not chronicled: the story says who did what."""
    text = nights["samarande"].text
    assert not re.search(r"Shuffle |your hand|\b0 gold|^\w+ added to the city", text, re.M)
    assert re.search(r"^(?:Ali|Zoe|Sam) adds the \w+", text, re.M)


def test_tales_of_arabias_story_has_no_roll_made_for_a_player(nights):
    """ "I rolled three for Sara." is said; the story tells what the roll did."""
    assert "I rolled" not in nights["tales-of-arabia"].text


def test_the_page_beside_it_is_whole_escaped_and_made_for_print(nights):
    page = nights["tales-of-arabia"].chronicle.with_suffix(".html").read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "@media print" in page and "@page" in page
    assert not re.search(r"(?i)https?:|<script|<link|src=", page)


def applied(text: str, mark: str, player: str = "Ali") -> Applied:
    """An answer applied in Ali's first turn that told ``text``."""
    return Applied(text, (), (StoryLine(text=text),), Chapter(turn=1, player=player), mark)


def test_undo_after_a_resume_takes_back_the_same_answer(tmp_path):
    path = tmp_path / "night.chronicle.md"
    first = Chronicle(path)
    first.on_applied(applied("Ali finds a lamp.", "a"))
    first.on_applied(applied("Ali rubs the lamp.", "b"))
    resumed = Chronicle(path)  # a new session, or after kill -9
    resumed.on_undone(Undone("b"))
    resumed.on_applied(applied("Ali sells the lamp.", "b"))
    resumed.on_undone(Undone("unknown"))  # an answer that told nothing
    text = path.read_text("utf-8")
    assert "finds a lamp" in text and "sells the lamp" in text and "rubs" not in text


def test_hostile_names_are_text_in_both_pages(tmp_path):
    path = tmp_path / "night.chronicle.md"
    chronicle = Chronicle(path)
    name = "<img src=x onerror=alert(1)>*Bo* \x1b[2J"
    chronicle.on_applied(applied(f"{name} wins.", "a", player=name))
    chronicle.on_ended(Ended(Outcome.FINISHED))
    page = path.with_suffix(".html").read_text("utf-8")
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "<img" not in path.read_text("utf-8").replace("\\<img", "")


def test_a_chronicle_from_before_journals_is_kept_at_its_head(tmp_path):
    path = tmp_path / "night.chronicle.md"
    path.write_text("# Chronicle of the night\n\n- The Sultan grows bored.\n", encoding="utf-8")
    chronicle = Chronicle(path)
    chronicle.on_applied(applied("Ali finds a lamp.", "a"))
    text = path.read_text("utf-8")
    assert text.index("- The Sultan grows bored.") < text.index("## Turn 1 — Ali")


def test_a_damaged_journal_line_is_skipped_and_the_rest_kept(tmp_path):
    path = tmp_path / "night.chronicle.md"
    Chronicle(path).on_applied(applied("Ali finds a lamp.", "a"))
    with Journal(path.with_suffix(".jsonl")).path.open("ab") as journal:
        journal.write(b'{"entry": "story", "mark": "b", "li\xff')  # cut by a power cut
    Chronicle(path).on_applied(applied("Ali rubs the lamp.", "c"))
    assert [line.text for s in read_night(path).stories for line in s.lines] == [
        "Ali finds a lamp.",
        "Ali rubs the lamp.",
    ]


def test_the_story_survives_kill_9_and_undo_after_it(tmp_path):
    save, night = tmp_path / "game.json", tmp_path / "game.chronicle.md"
    command = [sys.executable, "-m", "companion", "play", "--game", "tales-of-arabia",
               "--typed", "--seed", "3", "--players", "Ali,Sara", "--save", str(save)]  # fmt: skip
    game = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, text=True)  # fmt: skip
    game.stdin.write("".join(f"{line}\n" for line in typed_game(seed=3, answers=120)))
    game.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "## Turn 3" not in _text(night):
        time.sleep(0.2)
    os.kill(game.pid, signal.SIGKILL)
    game.wait()
    told = read_night(night).stories
    assert len({story.chapter for story in told}) >= 3
    subprocess.run([*command[:-2], "--resume", str(save)], input="undo\nsave and quit\nyes\n",
                   capture_output=True, text=True, check=True, timeout=120)  # fmt: skip
    after = read_night(night).stories
    # the answer undone told the last story, unless the kill came between its save and it
    assert after in (told[:-1], told)
    assert "Undone" not in _text(night) and night.with_suffix(".html").exists()


def typed_game(seed: int, answers: int) -> list[str]:
    """What a table types in a game of Tales of Arabia of Ali and Sara: a seeded choice of
    the answers offered at each question, in its shortest words (the same seed plays the
    same game)."""
    dialogue = TALES.new(GameOptions(seed=seed, players=[("Ali", ""), ("Sara", "")]))
    rng, typed = random.Random(seed), []
    while len(typed) < answers and not dialogue.finished:
        step = dialogue.step()
        value = rng.choice([value for value in step.expects.values if step.offers(value)])
        typed.append(min(step.expects.phrases_for(value), key=len))
        dialogue.answer(value)
    return typed


def _text(path: Path) -> str:
    return path.read_text("utf-8") if path.exists() else ""


def test_the_command_writes_the_page_and_counts_the_story(tmp_path, nights):
    page = tmp_path / "page.html"
    chronicle = str(nights["scheherazade"].chronicle)
    written = subprocess.run([sys.executable, "-m", "companion", "chronicle", chronicle,
                              "--html", str(page)], capture_output=True, text=True)  # fmt: skip
    assert written.returncode == 0, written.stderr
    assert "told the tale of" in page.read_text("utf-8")
    counted = subprocess.run([sys.executable, "-m", "companion", "chronicle", chronicle,
                              "--summary"], capture_output=True, text=True).stdout  # fmt: skip
    assert re.fullmatch(r"\d+ turns, 0 paragraphs read, \d+ tales told, and the end\.\n", counted)
    assert Told.TELLING in {line.told for s in read_night(Path(chronicle)).stories
                            for line in s.lines}  # fmt: skip
