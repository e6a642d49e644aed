"""A free answer (a player's name) said aloud: written down by whisper and asked back."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.games import game_spec
from companion.session.loop import Session
from companion.session.ports import DICTATED_CONFIDENCE, Heard, PrintMouth, global_commands
from companion.voice.io import heard


def test_a_name_said_aloud_is_written_down_and_a_command_is_still_a_command(whisper, espeak):
    commands = global_commands(())
    name = heard(whisper, espeak("My name is Robert", "en-us"), commands, free=True)
    assert name.dictated and name.confidence == DICTATED_CONFIDENCE
    assert "rob" in name.text.lower(), name
    quit_ = heard(whisper, espeak("save and quit", "en-us"), commands, free=True)
    assert (quit_.text, quit_.dictated) == ("save and quit", False)


def test_a_chosen_answer_is_never_written_down_freely(whisper, espeak):
    commands = global_commands(())
    assert not heard(whisper, espeak("My name is Robert", "en-us"), commands).dictated


class ScriptedEars:
    def __init__(self, heard_in_turn):
        self._heard = iter(heard_in_turn)

    def hear(self, step, phrases):
        return next(self._heard, None)


def test_a_written_down_name_is_asked_back_and_seated_once_confirmed(tmp_path):
    spec = game_spec("tales-of-arabia")
    printed: list[str] = []
    dictated = [Heard(text, DICTATED_CONFIDENCE, dictated=True) for text in ("I'm Arlie.", "Zed")]
    said = [Heard("two", 0.95), dictated[0], Heard("no", 0.95), dictated[0], Heard("yes", 0.95),
            dictated[1], Heard("yes", 0.95)]  # fmt: skip
    session = Session(
        dialogue=spec.new(GameOptions(seed=1)),
        spec=spec,
        ears=ScriptedEars(said),
        mouth=PrintMouth(printed.append),
        save_path=tmp_path / "game.json",
    )
    session.run([])
    assert printed.count("Did you say Arlie?") == 2
    assert "Then please say it again." in printed
    assert session.dialogue.player_names() == ["Arlie", "Zed"]


def test_players_name_themselves_aloud_and_their_voices_are_kept_privately(
    whisper, espeak, tmp_path, capsys
):
    from companion import cli
    from companion.voice.audio import write_wav

    said = ["two", "My name is Robert", "yes", "Maria", "yes", "save and quit", "yes"]
    clips = []
    for index, words in enumerate(said):
        clips.append(tmp_path / f"{index:02d}.wav")
        write_wav(str(clips[-1]), espeak(words, "en-us"))
    save = tmp_path / "game.json"
    arguments = ["play", "--game", "tales-of-arabia", "--seed", "1", "--save", str(save)]
    assert cli.main([*arguments, "--listen-files", *map(str, clips)]) == 0
    printed = capsys.readouterr().out
    assert "Did you say Robert?" in printed and "Welcome, Maria." in printed
    voices = save.with_suffix(".voices.npz")
    assert voices.exists() and voices.stat().st_mode & 0o077 == 0
