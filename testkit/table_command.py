"""``scripts/virtual-table``: play a game by voice on a virtual table, no hardware needed.

A private PulseAudio server is started, scripted players speak into its microphone
(espeak-ng voices over room noise), the companion hears them as in ``companion play``
(whisper, endpointing, confirmations), its loudspeaker is recorded to a WAV file, and
the server is stopped. Each answer is printed with what was understood and how long the
reply took to start.

    scripts/virtual-table --game tales-of-arabia --answers 12 --record table.wav
    scripts/virtual-table --game samarande --whole --answers 200
    scripts/virtual-table --game arabian-nights --script "random,ten,ten,roll for me"
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from companion.framework.dialogue import GameOptions
from companion.games import game_spec
from companion.voice.audio import write_wav
from companion.voice.recognizers import make_recognizer
from companion.voice.speakers import EspeakSpeaker, VoiceSettings
from testkit.corpus import espeak_clip
from testkit.short_games import SHORT_GAMES
from testkit.table_game import RandomPlayer, ScriptedPlayer, TableGame, TablePlayer, voices_from
from testkit.virtual_table import VirtualTable, VirtualTableUnavailable, portaudio_on

VOICES = ("en-us", "en-gb+m7", "en-us+f3")


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(prog="virtual-table", description=__doc__.split("\n")[0])
    parse.add_argument("--game", default="tales-of-arabia")
    parse.add_argument("--seed", type=int, default=1)
    parse.add_argument("--players", default="Ali,Zed", help="comma-separated names")
    parse.add_argument("--pack", help="content pack folder (the Reader)")
    parse.add_argument("--script", help="comma-separated answers, said in order")
    parse.add_argument("--answers", type=int, default=10, help="most answers to say")
    parse.add_argument(
        "--whole", action="store_true",
        help="a short whole game (testkit/short_games.py): players who play to finish",
    )  # fmt: skip
    parse.add_argument("--engine", default="whisper")
    parse.add_argument("--rate", type=float, default=1.5, help="the companion's speed")
    parse.add_argument("--noise-db", type=float, default=-50.0, help="room noise, dBFS")
    parse.add_argument("--record", type=Path, help="write the loudspeaker to this WAV file")
    return parse


def story(spec) -> str:
    word = spec.keywords[0] if spec.keywords else "lamp"
    return f"Once upon a time a traveller found a {word} on the road. The end."


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        return play(args, Path(folder))


def play(args: argparse.Namespace, folder: Path) -> int:
    """Play the game ``args`` describe; ``folder`` keeps its save and pack."""
    spec = game_spec(args.game)
    players = [(name.strip(), "m") for name in args.players.split(",") if name.strip()]
    options = GameOptions(seed=args.seed, players=players, pack=args.pack)
    short = SHORT_GAMES.get(args.game) if args.whole else None
    if short is not None:
        options = short.options(folder, args.seed)
    dialogue = spec.new(options)
    player: TablePlayer = (
        ScriptedPlayer(args.script.split(","), story) if args.script
        else RandomPlayer(args.seed, story, prefer=short.prefer if short else None,
                          attempts=8 if short else 4, wordings=3 if short else 1)
    )  # fmt: skip
    voices = voices_from([(v, lambda words, v=v: espeak_clip(words, v)) for v in VOICES])
    spotter = None
    if spec.tellings:
        from companion.voice.telling_listener import spotter_for

        spotter = spotter_for(args.engine)
    try:
        with VirtualTable.open() as table, portaudio_on(table):
            game = TableGame(
                table, spec, dialogue, make_recognizer(args.engine),
                EspeakSpeaker(VoiceSettings(rate=args.rate)), player, voices,
                folder / "game.json", spotter=spotter, noise_db=args.noise_db,
            )  # fmt: skip
            log, loudspeaker = game.play(most_answers=args.answers)
            loudspeaker.stop()
            if args.record:
                write_wav(args.record, loudspeaker.samples())
    except VirtualTableUnavailable as error:
        print(f"virtual-table: {error}", file=sys.stderr)
        return 1
    for said in log.said:
        reply = f"{1000 * (said.reply - said.ended):.0f} ms" if said.reply else "no reply"
        print(f"{said.voice}\t{said.words}\t-> {said.understood}\t{said.confidence:.2f}\t{reply}")
    latencies = log.latencies()
    if latencies:
        print(f"reply latency: median {1000 * statistics.median(latencies):.0f} ms "
              f"over {len(latencies)} answers")  # fmt: skip
    print(f"the microphone heard the companion {log.unprompted} times; game: {log.ending}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
