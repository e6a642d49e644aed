"""The session loop: matching, confirmation, global commands, undo and autosave."""

from __future__ import annotations

import json

import pytest

from companion.framework.dialogue import GameOptions, Speech, Step
from companion.framework.errors import SaveError
from companion.framework.phrases import PhraseSet
from companion.games import game_spec
from companion.session.events import Outcome
from companion.session.loop import (
    DeviceUnavailable,
    Heard,
    PrintMouth,
    Session,
    TypedEars,
    run_typed,
)
from companion.session.saves import read_save
from tests.framework.toy_game import ALI, TOY


def play(answers, tmp_path, **kwargs):
    path = tmp_path / "save.json"
    return run_typed(TOY.new(GameOptions(seed=1, players=ALI)), TOY, answers, path, **kwargs), path


def test_typed_answers_apply_and_game_finishes(tmp_path):
    lines, path = play(["4", "I rolled a five", "3"], tmp_path)
    assert lines[0] == "Welcome to the toy game."
    assert "You add 4." in lines and "You add 5." in lines and "You add 3." in lines
    assert read_save(path).state["total"] == 12


def test_end_of_input_saves_and_resume_continues(tmp_path):
    _, path = play(["4", "2"], tmp_path)
    saved = read_save(path)
    assert saved.state["total"] == 6
    dialogue = TOY.restore(saved.state)
    lines = run_typed(dialogue, TOY, ["undo", "5"], path, undo_stack=saved.undo, opening=[])
    assert "Undone: the last answer. Back one step." in lines  # said before this session
    assert read_save(path).state["rolls"] == [4, 5]


def test_undo_with_nothing_to_undo(tmp_path):
    lines, _ = play(["undo"], tmp_path)
    assert "There is nothing to undo." in lines


def test_illegal_answer_is_refused_and_state_unchanged(tmp_path):
    lines, path = play(["6"], tmp_path)
    assert "A six cannot open the game." in lines
    assert read_save(path).state["total"] == 0


def test_unrecognised_answer_is_not_guessed_and_options_follow(tmp_path):
    lines, path = play(["banana split", "purple", "xylophone"], tmp_path)
    assert lines.count("Sorry, I did not catch that.") == 3
    assert any(line.startswith("You can say: 1, 2, 3") for line in lines)
    assert read_save(path).state["total"] == 0


def test_the_options_are_listed_once_however_often_an_answer_is_missed(tmp_path):
    lines, _ = play(["banana", "purple", "xylophone", "ukulele", "zither", "help"], tmp_path)
    listed = [line for line in lines if line.startswith("You can say: 1, 2, 3")]
    assert len(listed) == 2  # once after the second miss, once more for "help"
    assert lines.index(listed[1]) > lines.index("Sorry, I did not catch that.") + 8


def test_global_commands(tmp_path):
    lines, _ = play(["3", "repeat", "status", "status of Ali", "whose turn", "help"], tmp_path)
    assert lines.count("You add 3.") == 2
    assert "You have 3." in lines and "Ali have 3." in lines
    assert "It is your turn." in lines
    assert any("save and quit" in line for line in lines)


def test_pause_then_resume(tmp_path):
    lines, path = play(["pause", "4", "resume", "4"], tmp_path)
    assert "Paused. Say resume when you are ready." in lines
    assert read_save(path).state["rolls"] == [4]


def test_save_and_quit_is_confirmed_then_stops_before_the_rest(tmp_path):
    lines, path = play(["2", "save and quit", "yes", "3"], tmp_path)
    assert "Save the game and stop playing? Say yes or no." in lines
    assert lines[-1].startswith("The game is saved.")
    assert read_save(path).state["rolls"] == [2]


def test_save_and_quit_denied_plays_on(tmp_path):
    lines, path = play(["2", "quit", "no", "3"], tmp_path)
    assert "Then we play on." in lines
    assert read_save(path).state["rolls"] == [2, 3]


def test_quit_must_be_said_plainly(tmp_path):
    lines, path = play(["2", "quitt", "3"], tmp_path)
    assert "To stop, say save and quit." in lines
    assert not any(line.startswith("Save the game and stop") for line in lines)
    assert read_save(path).state["rolls"] == [2, 3]


def test_a_refused_answer_is_rolled_back_by_the_session(tmp_path):
    lines, path = play(["6", "4"], tmp_path)
    assert "A six cannot open the game." in lines
    assert read_save(path).state["rolls"] == [4]


def test_roll_for_me_is_seeded(tmp_path):
    first, _ = play(["roll for me"], tmp_path)
    second, _ = play(["roll for me"], tmp_path)
    assert [line for line in first if line.startswith("You add")] == [
        line for line in second if line.startswith("You add")
    ]


class ScriptedEars:
    """Voice-like ears: each answer has a recogniser confidence."""

    def __init__(self, heard):
        self._heard = iter(heard)

    def hear(self, step: Step, phrases: PhraseSet):
        return next(self._heard, None)


class HeardLine:
    """An observer keeping every hearing the session tells of, as the live views show it."""

    def __init__(self):
        self.heard = []

    def on_speech(self, speech):
        pass

    def on_heard(self, heard, understood):
        self.heard.append((heard.text, understood))

    def on_step(self, step, dialogue):
        pass


def run_heard(heard, tmp_path, observers=()):
    printed = []
    session = Session(
        dialogue=TOY.new(GameOptions(seed=1, players=ALI)),
        spec=TOY,
        ears=ScriptedEars(heard),
        mouth=PrintMouth(printed.append),
        save_path=tmp_path / "save.json",
        observers=list(observers),
    )
    session.run([])
    return printed, session


def test_unsure_answer_is_confirmed_before_it_applies(tmp_path):
    printed, session = run_heard([Heard("four", 0.6), Heard("yes", 0.95)], tmp_path)
    assert "Did you say 4?" in printed
    assert session.dialogue.state.rolls == [4]


def test_denied_confirmation_applies_nothing(tmp_path):
    printed, session = run_heard([Heard("four", 0.6), Heard("no", 0.95)], tmp_path)
    assert "Then please say it again." in printed
    assert session.dialogue.state.rolls == []


def test_low_confidence_is_rejected_without_asking(tmp_path):
    printed, session = run_heard([Heard("four", 0.2)], tmp_path)
    assert "Sorry, I did not catch that." in printed
    assert not any(line.startswith("Did you say") for line in printed)
    assert session.dialogue.state.rolls == []


def test_confident_answer_applies_directly(tmp_path):
    printed, session = run_heard([Heard("four", 0.95)], tmp_path)
    assert not any(line.startswith("Did you say") for line in printed)
    assert session.dialogue.state.rolls == [4]


def test_paragraph_speech_is_marked():
    printed = []
    PrintMouth(printed.append).say(Speech("Once upon\n a time.", paragraph=12, reading=True))
    assert printed == ["¶ 12", "Once upon a time."]


def test_typed_ears_skip_blank_lines_and_end():
    ears = TypedEars(["", "  ", "five", ""])
    step = Step("?", PhraseSet.of("five"))
    assert ears.hear(step, step.expects).text == "five"
    assert ears.hear(step, step.expects) is None


def test_corrupt_save_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "save.json"
    path.write_text('{"schema_version": 1, "game": "toy", "state": {"tot')
    with pytest.raises(SaveError, match="corrupt"):
        read_save(path)
    assert path.read_text().endswith('"tot')


def test_newer_save_is_refused(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"schema_version": 99, "game": "toy", "state": {}}))
    with pytest.raises(SaveError, match="newer companion"):
        read_save(path)


class LostMicrophone:
    def hear(self, step, phrases):
        raise DeviceUnavailable("The microphone stopped working.")


class LostSpeaker(PrintMouth):
    def say(self, speech):
        raise DeviceUnavailable("The speaker failed.")


def test_a_lost_microphone_goes_on_by_keyboard_without_losing_the_game(tmp_path):
    printed = []
    session = Session(
        dialogue=TOY.new(GameOptions(seed=1, players=ALI)), spec=TOY, ears=LostMicrophone(),
        mouth=PrintMouth(printed.append), save_path=tmp_path / "save.json",
        keyboard=TypedEars(["4", "6"]),
    )  # fmt: skip
    end = session.run([])
    assert "The microphone stopped working. Please type your answers from now on." in printed
    assert end.reason is Outcome.FINISHED and session.dialogue.state.rolls == [4, 6]


class MicrophoneLostAfter(ScriptedEars):
    """Voice-like ears that stop working once their script is heard."""

    def hear(self, step: Step, phrases: PhraseSet):
        heard = super().hear(step, phrases)
        if heard is None:
            raise DeviceUnavailable("The microphone stopped working.")
        return heard


@pytest.mark.parametrize(
    ("heard", "typed"),
    [
        ([Heard("four", 0.6)], ["yes", "6"]),  # lost at "Did you say 4?"
        ([Heard("pause", 0.95)], ["resume", "4", "6"]),  # lost while paused
        ([Heard("save and quit", 0.95)], ["no", "4", "6"]),  # lost at "Save the game and stop?"
    ],
)
def test_a_microphone_lost_at_a_question_of_the_session_goes_on_by_keyboard(heard, typed, tmp_path):
    printed = []
    session = Session(
        dialogue=TOY.new(GameOptions(seed=1, players=ALI)), spec=TOY,
        ears=MicrophoneLostAfter(heard), mouth=PrintMouth(printed.append),
        save_path=tmp_path / "save.json", keyboard=TypedEars(typed),
    )  # fmt: skip
    end = session.run([])
    assert "The microphone stopped working. Please type your answers from now on." in printed
    assert end.reason is Outcome.FINISHED and session.dialogue.state.rolls == [4, 6]
    assert read_save(tmp_path / "save.json").state["rolls"] == [4, 6]


def test_a_lost_microphone_without_keyboard_saves_and_stops(tmp_path):
    session = Session(
        dialogue=TOY.new(GameOptions(seed=1, players=ALI)), spec=TOY, ears=LostMicrophone(),
        mouth=PrintMouth(lambda line: None), save_path=tmp_path / "save.json",
    )  # fmt: skip
    assert session.run([]).reason is Outcome.INPUT_ENDED
    assert read_save(tmp_path / "save.json").state["total"] == 0


def test_a_lost_speaker_falls_back_to_the_screen(tmp_path, capsys):
    session = Session(
        dialogue=TOY.new(GameOptions(seed=1, players=ALI)), spec=TOY, ears=TypedEars(["5", "5"]),
        mouth=LostSpeaker(), save_path=tmp_path / "save.json",
    )  # fmt: skip
    assert session.run([]).reason is Outcome.FINISHED
    shown = capsys.readouterr().out
    assert "The speaker failed. The companion's words are shown here instead." in shown
    assert "You add 5." in shown


def test_the_same_unsure_answer_heard_twice_is_asked_back(tmp_path):
    printed, session = run_heard([Heard("four", 0.3), Heard("four", 0.3), Heard("yes", 0.9)],
                                 tmp_path)  # fmt: skip
    assert printed.count("Sorry, I did not catch that.") == 1
    assert "Did you say 4?" in printed
    assert session.dialogue.state.rolls == [4]


def test_a_roll_heard_twice_very_unsure_is_not_asked_back(tmp_path):
    """Table talk says "tree" for "three": rolls heard twice need 0.15 (names 0.08)."""
    printed, session = run_heard([Heard("four", 0.1), Heard("four", 0.1)], tmp_path)
    assert printed.count("Sorry, I did not catch that.") == 2
    assert session.dialogue.state.rolls == []


def test_two_different_unsure_answers_are_both_rejected(tmp_path):
    printed, session = run_heard([Heard("four", 0.3), Heard("five", 0.3)], tmp_path)
    assert printed.count("Sorry, I did not catch that.") == 2
    assert session.dialogue.state.rolls == []


def test_help_at_a_confirmation_is_not_yes_and_is_carried_out(tmp_path):
    printed, session = run_heard([Heard("four", 0.6), Heard("help", 1.0)], tmp_path)
    assert "Did you say 4?" in printed
    assert any(line.startswith("You can say: 1, 2, 3") for line in printed)
    assert session.dialogue.state.rolls == []


def test_another_sure_answer_at_a_confirmation_is_taken_in_its_place(tmp_path):
    """ "Did you say 4?" answered "five": the player answered the step, not the question."""
    printed, session = run_heard([Heard("four", 0.6), Heard("five", 0.95)], tmp_path)
    assert "Did you say 4?" in printed
    assert "Then please say it again." not in printed
    assert session.dialogue.state.rolls == [5]


def test_the_answer_taken_at_a_confirmation_is_told_as_heard(tmp_path):
    """The live views' "heard" line shows the "five" taken, not only the "four" asked back."""
    line = HeardLine()
    run_heard([Heard("four", 0.6), Heard("five", 0.95)], tmp_path, observers=[line])
    assert line.heard == [("four", "4"), ("five", "5")]


def test_the_yes_or_no_at_a_confirmation_is_told_as_heard(tmp_path):
    """The live views' "heard" line shows the reply to "Did you say 4?" as it shows the 4."""
    line = HeardLine()
    replies = [Heard("four", 0.6), Heard("no", 0.95), Heard("four", 0.6), Heard("yes", 0.9)]
    run_heard(replies, tmp_path, observers=[line])
    assert line.heard == [("four", "4"), ("no", "no"), ("four", "4"), ("yes", "yes")]


def test_a_confirmation_offers_yes_and_no_and_understands_the_step_too(tmp_path):
    asked = []

    class Listening(ScriptedEars):
        def hear(self, step, phrases):
            asked.append(step)
            return super().hear(step, phrases)

    ears = Listening([Heard("four", 0.6), Heard("no", 0.95)])
    Session(dialogue=TOY.new(GameOptions(seed=1, players=ALI)), spec=TOY, ears=ears,
            mouth=PrintMouth(print), save_path=tmp_path / "save.json").run([])  # fmt: skip
    confirming = asked[1]
    assert confirming.prompt == "Did you say 4?"
    assert [
        confirming.expects.label(v) for v in confirming.expects.values if confirming.offers(v)
    ] == ["yes", "no"]
    assert confirming.expects.match("five").value == asked[0].expects.match("five").value


def test_another_unsure_answer_at_a_confirmation_is_taken_for_nothing(tmp_path):
    printed, session = run_heard([Heard("four", 0.6), Heard("five", 0.6)], tmp_path)
    assert "Then please say it again." in printed
    assert session.dialogue.state.rolls == []


def test_an_unclear_word_at_a_confirmation_is_not_yes(tmp_path):
    printed, session = run_heard([Heard("four", 0.6), Heard("yelp", 1.0)], tmp_path)
    assert "Then please say it again." in printed
    assert session.dialogue.state.rolls == []


def test_whose_turn_while_paused_answers_and_stays_paused(tmp_path):
    lines, path = play(["pause", "whose turn is it", "4", "resume", "4"], tmp_path)
    assert "It is your turn." in lines
    assert not any(line.startswith("The game is saved.") for line in lines)
    assert read_save(path).state["rolls"] == [4]


def test_a_word_like_continue_does_not_resume(tmp_path):
    lines, path = play(["pause", "constantinople", "continue", "4"], tmp_path)
    assert lines.count("We are paused. Say resume when you are ready.") == 1
    assert "Resuming." in lines
    assert read_save(path).state["rolls"] == [4]


def test_undo_says_what_it_undid_and_an_empty_line_asks_again(tmp_path, capsys):
    lines, _ = play(["4", "undo", "3"], tmp_path)
    assert "Undone: 4. Back one step." in lines
    ears = TypedEars(["", "2"], prompt="> ")
    heard = ears.hear(Step("Roll a die.", PhraseSet(())), PhraseSet(()))
    assert heard.text == "2"
    assert capsys.readouterr().out == "> Roll a die.\n> "


def test_repeat_after_undo_never_says_the_undone_reply_again(tmp_path):
    """Answers 4, undo, repeat: the table hears that the 4 was undone, not "You add 4." as
    if it still stood."""
    lines, _ = play(["4", "undo", "repeat"], tmp_path)
    after_undo = lines[lines.index("Undone: 4. Back one step.") + 1 :]
    assert "You add 4." not in after_undo
    assert "Undone: 4. Back one step." in after_undo


def test_repeat_after_undo_says_the_question_being_answered_again(tmp_path):
    """In a real game: Bea's move undone, "repeat" says the undo and Bea's move question,
    never where the undone roll had taken her."""
    spec = game_spec("tales-of-arabia")
    game = spec.new(GameOptions(seed=3, players=[("Ali", ""), ("Bea", "")]))
    lines = run_typed(game, spec, ["Aladdin", "Antar", "3", "4", "5", "undo", "repeat"],
                      tmp_path / "g.json")  # fmt: skip
    after_undo = lines[lines.index("Undone: 5. Back one step.") + 1 :]
    assert not [line for line in after_undo if "moves to" in line or "draws" in line]
    assert after_undo[-1].startswith("Bea, roll the die to move.")


class AskedEars(ScriptedEars):
    """Scripted ears that keep every step they are asked at."""

    def __init__(self, heard):
        super().__init__(heard)
        self.asked: list[Step] = []

    def hear(self, step: Step, phrases: PhraseSet):
        self.asked.append(step)
        return super().hear(step, phrases)


def test_the_table_testkit_knows_the_questions_the_session_asks_itself(tmp_path):
    from testkit.table_game import asked_by_the_session

    heard = [Heard("four", 0.6), Heard("yes", 0.95), Heard("quit", 0.95), Heard("no", 0.95)]
    ears = AskedEars(heard)
    Session(
        dialogue=TOY.new(GameOptions(seed=1, players=ALI)), spec=TOY, ears=ears,
        mouth=PrintMouth(lambda line: None), save_path=tmp_path / "save.json",
    ).run([])  # fmt: skip
    asked = [(step.prompt, asked_by_the_session(step)) for step in ears.asked[:4]]
    assert asked == [
        ("The total is 0. Say your roll.", False),
        ("Did you say 4?", True),
        ("The total is 4. Say your roll.", False),
        ("Save the game and stop playing? Say yes or no.", True),
    ]
