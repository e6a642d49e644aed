"""`companion play`: run a game at the table, by voice or keyboard.

Without ``--typed`` the companion listens through the microphone and speaks through the
speaker; when either is missing it says why and plays with typed answers instead. The
game is saved after every change of state; running the same command again resumes an
unfinished game (``--new`` starts over).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cli import ArgumentError
from companion.cli.native_messages import native_messages_to
from companion.framework.dialogue import Dialogue, GameOptions, GameSpec, Speech
from companion.framework.errors import PackError, SaveError, SetupError
from companion.framework.script_lines import ScriptLines
from companion.framework.shown import shown
from companion.games import GAME_MODULES, UnknownGameError, game_spec
from companion.session.events import Outcome
from companion.session.loop import Ears, Mouth, PrintMouth, Session, TypedEars
from companion.session.observers.chronicle import Chronicle
from companion.session.observers.display import LiveDisplay
from companion.session.saves import LARGEST_NUMBER, UndoHistory, read_save
from companion.voice.engines import Engine

HELP = "play a game: the companion asks, listens, reads aloud and keeps the score"
PROBLEMS_SHOWN = 10  # of a pack that cannot be played; `companion check` lists them all


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="arabian-nights", choices=sorted(GAME_MODULES))
    parser.add_argument("--pack", help="content pack folder (default: the game's demo pack)")
    parser.add_argument("--typed", action="store_true", help="typed answers, printed replies")
    parser.add_argument(
        "--engine",
        default=Engine.AUTO.value,
        choices=[engine.value for engine in Engine],
        help="speech recogniser (auto: the best one installed with its model)",
    )
    parser.add_argument("--model", help="speech model folder (Vosk)")
    parser.add_argument(
        "--speaker",
        default="auto",
        choices=("auto", "piper", "espeak", "pyttsx3", "print"),
        help="speech synthesiser (auto: Piper if installed, else the system voice)",
    )
    parser.add_argument("--voice", help="voice name for the synthesiser (e.g. en-us+f3)")
    parser.add_argument(
        "--lang",
        choices=("en", "es"),
        help="language of a game that speaks more than one (Scheherazade: es is Spanish)",
    )
    parser.add_argument("--rate", type=float, default=1.0, help="speaking speed, 1 is normal")
    parser.add_argument("--volume", type=float, default=1.0, help="loudness from 0 to 1")
    parser.add_argument(
        "--listen-files",
        nargs="+",
        metavar="WAV",
        help="hear the answers from these WAV files, one per answer",
    )
    parser.add_argument("--seed", type=int, help="seed of every random draw")
    parser.add_argument(
        "--players", help='players as "Ali,Sara" ("Ali:m,Sara:f" where the rules use gender)'
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game setting, e.g. --set turn_seconds=120",
    )
    saving = parser.add_mutually_exclusive_group()
    saving.add_argument("--save", type=Path, help="save file (default: one per game)")
    saving.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="FILE",
        help="continue the saved game (default save file if no FILE)",
    )
    parser.add_argument(
        "--new", action="store_true", help="start a new game even if an unfinished one is saved"
    )
    parser.add_argument(
        "--display",
        nargs="?",
        const="local",
        choices=("local", "lan"),
        help="serve a live table page (local: this machine only; lan: phones on the same "
        "network, with an access token in the address)",
    )
    parser.add_argument("--display-port", type=int, default=8765, help="the page's port")
    parser.add_argument(
        "--chronicle",
        type=Path,
        help="the night's chronicle in Markdown, with its printable page (.html) and its "
        "journal (.jsonl) beside it (default: next to the save file, .chronicle.md)",
    )


def default_save_path(game: str) -> Path:
    """Where a game is saved when no ``--save`` is given."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tales-companion" / f"{game}.json"


def parse_players(text: str | None) -> list[tuple[str, str]]:
    """Names, each with ``:m`` or ``:f`` where the game's rules use gender.

    >>> parse_players("Ali Baba:m,Zumurrud:f")
    [('Ali Baba', 'm'), ('Zumurrud', 'f')]
    >>> parse_players("Aladdin, Sindbad")
    [('Aladdin', ''), ('Sindbad', '')]
    """
    if not text:
        return []
    players: list[tuple[str, str]] = []
    for entry in text.split(","):
        name, colon, gender = entry.strip().rpartition(":")
        if not colon:
            name, gender = gender, ""
        name = " ".join(name.split())
        if not name or gender.lower() not in ("m", "f", ""):
            raise ArgumentError(f"--players: {entry.strip()!r} should be Name, Name:m or Name:f")
        if name.casefold() in (known.casefold() for known, _ in players):
            raise ArgumentError(f"--players: {name} is named twice; give each player a name")
        players.append((name, gender.lower()))
    return players


def parse_settings(pairs: list[str]) -> dict[str, str]:
    """``["turn_seconds=120"]`` → ``{"turn_seconds": "120"}``."""
    settings = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            raise ArgumentError(f"--set: {pair!r} should be KEY=VALUE")
        settings[key.strip()] = value.strip()
    return settings


@dataclass
class Game:
    """The game a ``play`` command runs: new or resumed."""

    spec: GameSpec
    dialogue: Dialogue
    undo: UndoHistory
    save_path: Path
    opening: list[Speech]
    new: bool = False
    """A game started by this command (not resumed)."""


def _load_or_start(args: argparse.Namespace) -> Game:
    """Resume the game in ``--resume FILE`` (whatever ``--game`` says) or in the save file
    when it holds an unfinished game; otherwise start a new one.

    An unfinished game is never replaced without ``--new``.
    """
    if args.resume is not None:
        path = Path(args.resume) if args.resume else default_save_path(args.game)
        game = resume(path)
        if game.dialogue.finished:
            raise ArgumentError(f"{path}: that game is over; start a new one with --new")
        return _with_settings(game, args)
    path = args.save or default_save_path(args.game)
    _check_save_path(path)
    if not args.new and path.exists():
        game = resume(path, hint=" (or start over with --new)")
        if game.dialogue.finished:
            return _start(args, path)
        if game.spec.name != args.game:
            raise ArgumentError(
                f"{path} holds an unfinished game of {game.spec.name}; resume it with "
                f"--resume {path}, or start a game of {args.game} there with --new"
            )
        return _with_settings(game, args)
    return _start(args, path)


def _with_settings(game: Game, args: argparse.Namespace) -> Game:
    """A resumed game with the ``--set`` settings given now (the save keeps them): each
    game says which settings may change mid-game and refuses the others with a reason.
    The earlier states change too, so that "undo" does not bring the old settings back."""
    settings = parse_settings(args.set)
    if not settings:
        return game
    try:
        changes = game.dialogue.change_settings(settings)
    except (SetupError, ValueError) as error:
        raise ArgumentError(f"--set on resume: {error}") from None
    _change_history(game, lambda dialogue: dialogue.change_settings(settings))
    print(f"From now on: {', '.join(changes)}.", file=sys.stderr)
    return game


def _change_history(game: Game, change: Callable[[Any], object]) -> None:
    """Make the same ``change`` to every earlier state of ``game``."""
    earlier = []
    for state in game.undo:
        dialogue = game.spec.restore(state)
        change(dialogue)
        earlier.append(dialogue.to_save())
    game.undo = UndoHistory(earlier)


def resume(path: Path, hint: str = "") -> Game:
    """The game saved in ``path``, every state in it checked before anything is written.

    Raises :class:`SaveError` naming the file and what is wrong with it.
    """
    save = read_save(path)
    try:
        spec = game_spec(save.game)
    except UnknownGameError as error:
        raise SaveError(f"{path}: {error}{hint}") from None
    dialogue = _restored(spec, save.state, path, hint)
    for earlier in save.undo:
        _restored(spec, earlier, path, hint)
    return Game(spec, dialogue, save.undo, path, _welcome_back(dialogue, spec))


def _welcome_back(dialogue: Dialogue, spec: GameSpec) -> list[Speech]:
    """What a resumed game says first, in its language: where the game stands."""
    resumed = getattr(dialogue, "resumed", None)
    return resumed() if resumed else [Speech(f"Welcome back to {spec.title}.")]


def _restored(spec: GameSpec, state: dict[str, Any], path: Path, hint: str) -> Dialogue:
    """``spec.restore(state)``, or a :class:`SaveError` when the state is impossible.

    The game checks what it knows of its own state; every game is also asked, before
    anything is written, what it would say first, so that a state it cannot play is
    refused now rather than crashing after the next answer.
    """
    try:
        dialogue = spec.restore(state)
        _first_words(dialogue)
        return dialogue
    except SaveError as error:
        raise SaveError(f"{path}: {error}{hint}") from None
    except (ValueError, LookupError, TypeError, AttributeError) as error:
        reason = " ".join(str(error).split())[:300]
        raise SaveError(
            f"{path}: this is not a game of {spec.title} the companion can resume ({reason}){hint}"
        ) from None


def _first_words(dialogue: Dialogue) -> None:
    """Everything a resumed game is asked before its first answer."""
    dialogue.player_names()
    if not dialogue.finished:
        _welcome_back(dialogue, game_spec(dialogue.game))
        dialogue.step()
        dialogue.whose_turn()
        dialogue.status(None)


def _check_save_path(path: Path) -> None:
    """Refuse a save path that cannot be written before the game begins."""
    if path.is_dir():
        raise ArgumentError(f"--save {path} is a folder; name a file in it, e.g. {path}/game.json")
    if path.exists() and not path.is_file():
        raise ArgumentError(
            f"--save {path} is not a regular file (a named pipe, a device or a socket); "
            "a save is a plain file: name another with --save FILE"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ArgumentError(
            f"cannot create the save folder {path.parent} ({error.strerror}); "
            "choose another place with --save FILE"
        ) from None
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise ArgumentError(
            f"cannot save in {path.parent} (not writable); choose another place with --save FILE"
        )


def _start(args: argparse.Namespace, path: Path) -> Game:
    spec = game_spec(args.game)
    if args.pack and not Path(args.pack).exists():
        raise ArgumentError(f"--pack {args.pack}: there is no such file or folder")
    settings = parse_settings(args.set)
    if args.lang:
        settings.setdefault("lang", args.lang)
    options = GameOptions(
        seed=args.seed if args.seed is not None else random.SystemRandom().randrange(10**9),
        players=parse_players(args.players),
        pack=str(Path(args.pack).resolve()) if args.pack else None,
        settings=settings,
    )
    try:
        dialogue = spec.new(options)
    except PackError as error:  # an imported book may have thousands before it is checked
        more = len(error.problems) > PROBLEMS_SHOWN
        raise ArgumentError(error.first(PROBLEMS_SHOWN) + (
            f"\n`companion check {args.pack}` lists them all, each with its file and line"
            if more else "")) from None  # fmt: skip
    except ValueError as error:
        raise ArgumentError(str(error)) from None
    return Game(spec, dialogue, UndoHistory(), path, dialogue.opening(), new=True)


def _typed_io(args: argparse.Namespace) -> tuple[Ears, Mouth, Ears | None]:
    if sys.stdin.isatty():
        return TypedEars(sys.stdin, prompt="> "), PrintMouth(), None
    # a script: read by the one reader its tellings read it through too
    ears = TypedEars(ScriptLines.of(sys.stdin))
    return ears, PrintMouth(), None


SPOKEN_LANGUAGES = {"es": ("espeak", "es")}
"""Synthesiser and voice for a game played in another language than English: no Piper
voice for Spanish installs from the registries here, espeak-ng has one."""


def _in_language(args: argparse.Namespace, language: str) -> None:
    """Choose the synthesiser and voice of ``language`` unless the player chose them (where
    that synthesiser is missing, say so and keep the usual one)."""
    from companion.voice.speakers import ESPEAK_INSTALL, espeak_program

    if language in SPOKEN_LANGUAGES and args.voice is None:
        engine, voice = SPOKEN_LANGUAGES[language]
        if engine == "espeak" and args.speaker == "auto" and espeak_program() is None:
            print(
                f"espeak-ng, the voice for this language, is not installed ({ESPEAK_INSTALL});"
                " the companion speaks with its usual voice instead.",
                file=sys.stderr,
            )
            return
        args.speaker = engine if args.speaker == "auto" else args.speaker
        args.voice = voice


def _open_io(args: argparse.Namespace) -> tuple[Ears, Mouth, Ears | None]:
    """Ears, mouth and a keyboard fallback for this run."""
    if args.listen_files:
        from companion.voice.io import FileEars
        from companion.voice.recognizers import make_recognizer

        return (
            FileEars(make_recognizer(args.engine, args.model, args.lang), args.listen_files),
            PrintMouth(),
            None,
        )
    if args.typed:
        return _typed_io(args)
    try:
        from companion.voice.io import AudioUnavailable, open_voice_io
        from companion.voice.speakers import VoiceSettings
    except ImportError as error:
        print(f"Voice is not available ({error}); playing with typed answers.", file=sys.stderr)
        return _typed_io(args)
    try:
        settings = VoiceSettings(rate=args.rate, voice=args.voice, volume=args.volume)
        ears, mouth = open_voice_io(
            args.engine, args.model, args.speaker, settings, language=args.lang
        )
    except AudioUnavailable as error:
        print(f"{error}\nPlaying with typed answers instead.", file=sys.stderr)
        ears, _, keyboard = _typed_io(args)
        return ears, _speaking_mouth(args, settings) or PrintMouth(), keyboard
    keyboard = TypedEars(sys.stdin, prompt="(type) > ") if sys.stdin.isatty() else None
    return ears, mouth, keyboard


def _keep_voices(ears: Ears, save_path: Path) -> str | None:
    """Ears that learn each voice keep what they learned beside the save (``.voices.npz``),
    so a resumed game hears its players as well as before; what to tell the players when
    that file cannot be read."""
    keep = getattr(ears, "keep_voices", None)
    return keep(save_path.with_suffix(".voices.npz")) if keep else None


def _speaking_mouth(args: argparse.Namespace, settings) -> Mouth | None:
    """A mouth on the loudspeaker when there is one (typed answers, spoken replies)."""
    if args.speaker == "print":
        return None
    from companion.voice.audio import AudioUnavailable, Player
    from companion.voice.io import SpeakingMouth
    from companion.voice.speakers import make_speaker

    try:
        speaker = make_speaker(args.speaker, settings)
        return SpeakingMouth(speaker, Player(), show=lambda text: print(text, flush=True))
    except (AudioUnavailable, ValueError):
        return None


def run(args: argparse.Namespace) -> int:
    if not 0.25 <= args.rate <= 4 or not 0 <= args.volume <= 1:
        raise ArgumentError("--rate must be 0.25 to 4 and --volume 0 to 1")
    if args.seed is not None and not 0 <= args.seed <= LARGEST_NUMBER:
        raise ArgumentError(f"--seed must be a whole number from 0 to {LARGEST_NUMBER}")
    try:
        game = _load_or_start(args)
    except (UnknownGameError, SaveError, SetupError) as error:
        raise ArgumentError(str(error)) from None
    language = game.dialogue.language
    _in_language(args, language)
    args.lang = language
    if args.typed or args.listen_files:
        return _play(args, game)
    with native_messages_to(game.save_path.with_suffix(".audio.log")):
        return _play(args, game)


def _play(args: argparse.Namespace, game: Game) -> int:
    spec, path = game.spec, game.save_path
    ears, mouth, keyboard = _open_io(args)
    unreadable_voices = _keep_voices(ears, path)
    chronicle = _open_chronicle(args.chronicle or path.with_suffix(".chronicle.md"))
    telling_listener = _telling_listener(spec, args)
    display = LiveDisplay()
    observers = [display] if display.active and sys.stdin.isatty() else []
    observers.append(chronicle)
    server = _start_display(args, path.with_suffix(".display.log")) if args.display else None
    _tell_screens(game, server is not None)
    if server is not None:
        from companion.web.reading import ReadingControl

        ears, mouth = server.tap_ears(ears), ReadingControl(mouth)
        if keyboard is not None:  # secrets and answers typed after two misses: tapped too
            keyboard = server.tap_ears(keyboard)
        if telling_listener is not None:
            telling_listener = server.tappable_tellings(telling_listener)
        server.on_reading = mouth.control
        observers += [server.view, mouth]
    session = Session(
        dialogue=game.dialogue,
        spec=spec,
        ears=ears,
        mouth=mouth,
        save_path=path,
        undo_stack=game.undo,
        keyboard=keyboard,
        telling_listener=telling_listener,
        observers=observers,
        offer_enrolment=game.new and not (args.typed or args.listen_files),
    )
    opening = [Speech(unreadable_voices)] if unreadable_voices else []
    try:
        end = session.run([*opening, *game.opening])
    except SaveError as error:
        raise ArgumentError(f"{error}; the last good save is kept") from None
    finally:
        if server is not None:
            server.stop()
    if end.reason is not Outcome.FINISHED:
        print(f"Saved to {end.save_path}", file=sys.stderr)
    return 0


def _tell_screens(game: Game, screens: bool) -> None:
    """Tell a game that keeps secrets (Scheherazade's hands) whether each player has a
    private screen on the table display this time (and its earlier states, for undo)."""
    if getattr(game.dialogue, "use_screens", None) is None:
        return
    game.dialogue.use_screens(screens)
    _change_history(game, lambda dialogue: dialogue.use_screens(screens))


def _start_display(args: argparse.Namespace, log: Path):
    """Start the table page and show its addresses (and QR codes for phones); the
    server's own messages go to ``log``, never to the terminal."""
    from companion.web.addresses import lan_addresses
    from companion.web.announce import show_addresses
    from companion.web.server import DisplayUnavailable, TableServer

    reach, hosts = args.display, []
    if reach == "lan":
        hosts = lan_addresses()
        if not hosts:
            print(
                "No network interface of this machine is up but its own (loopback), so no "
                "phone can reach the table display: it is served for this machine only "
                "(--display local). Join the Wi-Fi and start again for phones.",
                file=sys.stderr,
            )
            reach = "local"
    server = TableServer(reach=reach, port=args.display_port, log=log)
    try:
        address = server.start()
    except DisplayUnavailable as error:
        raise ArgumentError(str(error)) from None
    show_addresses("The table display", address, hosts)
    server.on_new_player = lambda name, url: show_addresses(
        f"{shown(name)}'s private view", url, hosts
    )
    return server


def _open_chronicle(path: Path) -> Chronicle:
    if not path.name or path.is_dir():
        raise ArgumentError(
            f"--chronicle {path} is a folder; name a file in it, e.g. {path / 'night.md'}"
        )
    try:
        return Chronicle(path)
    except OSError as error:
        raise ArgumentError(
            f"cannot write the chronicle {path} ({error.strerror}); choose one with --chronicle"
        ) from None


def _telling_listener(spec: GameSpec, args: argparse.Namespace):
    """The game's listener for timed storytelling turns, if it has them."""
    if not spec.tellings:
        return None
    from companion.cli.listeners import telling_listener_for

    return telling_listener_for(args)
