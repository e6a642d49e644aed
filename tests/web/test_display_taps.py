"""A tap answers exactly one question, the one the page showed, through real HTTP: taps
at once, a tap for a question answered, and late taps during the session's own questions
("Did you say …?", the quit confirmation)."""

from __future__ import annotations

import threading
import time

import pytest

from tests.web.http_client import Display

TAPPERS = 8


def skill_question(table_game, page: Display) -> dict:
    """The players choose their skills: Ali's first skill question, with a button each."""
    table_game.say("choose")
    return page.moment(lambda m: "choose a skill" in m["question"] and m["answers"])


def test_taps_at_once_answer_one_question_only(table_game):
    page = Display(table_game.address)
    asked = skill_question(table_game, page)
    before = len(table_game.session.undo_stack)
    start, statuses = threading.Barrier(TAPPERS), []

    def tap(index: int) -> None:
        start.wait()
        statuses.append(page.tap(asked["serial"], index % len(asked["answers"])))

    tappers = [threading.Thread(target=tap, args=(index,)) for index in range(TAPPERS)]
    for tapper in tappers:
        tapper.start()
    for tapper in tappers:
        tapper.join(timeout=20)
    assert sorted(statuses) == [204] + [409] * (TAPPERS - 1)
    following = page.open_question(after=asked["serial"])
    time.sleep(0.5)  # a second answer, were one queued, would have been taken by now
    assert len(table_game.session.undo_stack) == before + 1
    assert page.open_question()["serial"] == following["serial"]


def test_a_tap_for_an_answered_question_is_refused_and_changes_nothing(table_game):
    page = Display(table_game.address)
    asked = skill_question(table_game, page)
    assert page.tap(asked["serial"], 0) == 204
    following = page.open_question(after=asked["serial"])
    assert page.tap(asked["serial"], 0) == 409
    assert page.tap(following["serial"] + 1, 0) == 409  # not asked yet
    assert page.tap(following["serial"], len(following["answers"])) == 409  # no such button
    time.sleep(0.3)
    assert page.open_question()["serial"] == following["serial"]


def test_an_unsure_answer_is_confirmed_on_the_page_and_a_late_tap_cannot_answer_it(table_game):
    page = Display(table_game.address)
    asked = page.open_question()
    assert "choose" in [answer["phrase"] for answer in asked["answers"]]
    table_game.say(("choose", 0.6))  # heard, but unsure
    confirming = page.moment(lambda m: m["question"].startswith("Did you say"))
    assert [answer["label"] for answer in confirming["answers"]] == ["yes", "no"]
    assert confirming["serial"] > asked["serial"]
    assert page.tap(asked["serial"], 0) == 409
    before = len(table_game.session.undo_stack)
    assert page.tap(confirming["serial"], 0) == 204  # "yes"
    page.open_question(after=confirming["serial"])
    assert len(table_game.session.undo_stack) == before + 1


@pytest.mark.parametrize("late_serial", ["the question before", "the quit question"])
def test_the_quit_confirmation_is_on_the_page_and_only_its_own_tap_answers_it(
    table_game, late_serial
):
    page = Display(table_game.address)
    asked = page.open_question()
    table_game.say("save and quit")
    quitting = page.moment(lambda m: m["question"].startswith("Save the game and stop"))
    labels = [answer["label"] for answer in quitting["answers"]]
    assert labels == ["yes", "no"]
    stale = asked["serial"] if late_serial == "the question before" else quitting["serial"] - 1
    assert page.tap(stale, labels.index("yes")) == 409
    time.sleep(0.3)
    assert table_game._thread.is_alive(), "a late tap quit the game"
    assert page.tap(quitting["serial"], labels.index("no")) == 204
    page.open_question(after=quitting["serial"])
    assert "Then we play on." in table_game.printed


def test_the_pause_takes_one_tap_resume_and_no_late_one(table_game):
    page = Display(table_game.address)
    asked = page.open_question()
    table_game.say("pause")
    paused = page.moment(lambda m: m["question"].startswith("Paused") and m["answers"])
    assert [answer["label"] for answer in paused["answers"]] == ["resume"]
    assert page.tap(asked["serial"], 0) == 409  # the question before the pause
    assert page.tap(paused["serial"], 1) == 409  # a button it does not have
    assert page.tap(paused["serial"], 0) == 204
    assert page.open_question(after=paused["serial"])["question"] == asked["question"]
    assert "Resuming." in table_game.printed
