"""The Reader: a whole game of Tales of the Arabian Nights as a dialogue over text.

A :class:`~companion.framework.kit.GameKit` like every game: the kit seats the players (how many,
their names, each hero's gender, for the Court), then this dialogue asks the skills, the
secret formulas and who goes first, and plays the turns, one ``_ask_<phase>`` /
``_on_<phase>`` pair per question. It never rolls a die itself: "roll for me" draws from
the seeded :class:`~companion.framework.dialogue.SeededRandom` kept in its state, so undo and
resume replay exactly.

A turn follows the rulebook: whose turn, reminders of treasures and statuses, the move,
the encounter card (or the Place of Power), the chart roll, the reaction, the Destiny Die
(or a Master skill's shortcut), the paragraph (intro, the sections the player may use,
the chosen or forced section), the rewards, then kept city cards, quests and victory.

The phases are grouped in one mixin each, combined here:

* :mod:`~companion.games.arabian_nights.dialogue.setup`: skills, secret formulas, first player;
* :mod:`~companion.games.arabian_nights.dialogue.turn`: escape, move, encounter card, city cards;
* :mod:`~companion.games.arabian_nights.dialogue.encounter`: chart roll, reaction, Destiny Die,
  Master shortcuts, the paragraph's sections;
* :mod:`~companion.games.arabian_nights.dialogue.rewards`: the choices a reward leaves;
* :mod:`~companion.games.arabian_nights.dialogue.turn_end`: the city's toll, quests, victory.

This module holds the dialogue protocol and the sheet in the players' hands: phases
``sheet`` ("change my sheet") and ``pending`` (a sheet command waiting for its yes).
The saved state is :mod:`~companion.games.arabian_nights.dialogue.state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Self

from companion.framework.answers import NO, Answer
from companion.framework.dialogue import YES_NO, BoardMap, GameOptions, Speech, Step
from companion.framework.errors import IllegalAction, SetupError
from companion.framework.kit import GameKit, new_dice
from companion.framework.packs import pack_reference, shipped_pack
from companion.framework.phrases import PhraseSet
from companion.framework.story import Chapter, StoryLine, Told, story_lines
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.board_map import map_svg
from companion.games.arabian_nights.content.loader import reward_vocabulary
from companion.games.arabian_nights.content.reward_codes import parse_reward
from companion.games.arabian_nights.dialogue.encounter import ReaderEncounter
from companion.games.arabian_nights.dialogue.phrases import intents
from companion.games.arabian_nights.dialogue.rewards import ReaderRewards
from companion.games.arabian_nights.dialogue.saved_state import check_saved_table
from companion.games.arabian_nights.dialogue.setup import ReaderSetup
from companion.games.arabian_nights.dialogue.sheet_commands import (
    OPEN_SHEET,
    Holdings,
    SheetCommand,
    command_phrases,
    holdings,
    is_command,
    quick_phrases,
)
from companion.games.arabian_nights.dialogue.sheet_commands import refusal as sheet_refusal
from companion.games.arabian_nights.dialogue.state import NewPlayer, ReaderState, cached_pack
from companion.games.arabian_nights.dialogue.turn import ReaderTurn
from companion.games.arabian_nights.dialogue.turn_end import ReaderTurnEnd
from companion.games.arabian_nights.map_layout import map_layout
from companion.games.arabian_nights.rules.card_effects import (
    sell_treasure,
    sells_here,
    use_treasure,
)
from companion.games.arabian_nights.rules.movement import reachable_spaces
from companion.games.arabian_nights.rules.state import TableRules

SHEET_PHASES = ("escape", "move", "card")
"""Where the sheet can be opened ("change my sheet"), a treasure sold or used, or the turn
skipped: at the start of a turn, before its encounter (when the rulebook has players check
their treasures and statuses), for the player whose turn it is. The full list of sheet
commands is heard only once the sheet is open: beside every answer it made answers many
times slower to match and short ones ("stay") hard to hear."""
SHEET_HINT = "To correct a sheet, say change my sheet."
"""Said with the help of a turn's first questions: sheet changes ("Ali gains eight
destiny") are heard after "change my sheet", so short answers such as "stay" stay easy to
hear."""


class ReaderDialogue(
    ReaderSetup, ReaderTurn, ReaderEncounter, ReaderRewards, ReaderTurnEnd, GameKit
):
    """The Reader and Matrix Reader of Tales of the Arabian Nights."""

    game = "arabian-nights"

    def apply_settings(self, settings: dict[str, str]) -> None:
        """The table's readings of the rules (who wins, where treasures sell) may change."""
        current = self.state.rules.model_dump()
        current["winner"] = current["winner"].replace(" ", "_")
        try:
            rules = TableRules.from_settings({k: str(v) for k, v in current.items()} | settings)
        except ValueError as error:
            raise SetupError(str(error)) from None
        self.state.rules = rules
        if self.state.table is not None:
            self.state.table.rules = rules

    title = "the Tales of the Arabian Nights"
    State = ReaderState
    min_players = 1
    uses_gender = True
    gender_reason = "the Reader's Court uses gender"

    def __init__(self, state: ReaderState) -> None:
        super().__init__(state)
        self.pack = cached_pack(state.pack_path)
        self.vocabulary = reward_vocabulary(self.pack)

    @classmethod
    def initial_state(cls, options: GameOptions) -> ReaderState:
        pack_path = pack_reference(options.pack or default_pack_path())
        cached_pack(pack_path)
        try:
            rules = TableRules.from_settings(options.settings)
        except ValueError as error:
            raise SetupError(f"--set: {error}") from None
        return ReaderState(pack_path=pack_path, dice=new_dice(options), rules=rules)

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Self:
        """The saved game; a sheet command still waiting for its confirmation (or an open
        sheet) is dropped, so that "undo" after a confirmed command goes back to before
        the command, not to its questions."""
        dialogue = super().restore(data)
        dialogue.state.pending, dialogue.state.sheet_open = None, False
        return dialogue

    def check_restored(self) -> None:
        check_saved_table(self.state.table, self.pack)

    def seated(self) -> list[Speech]:
        seating = self.state.seating
        self.state.new_players = [
            NewPlayer(name=name, gender=gender)  # type: ignore[arg-type]
            for name, gender in zip(seating.names, seating.genders, strict=True)
        ]
        self.state.phase = "skills_mode"
        return []

    def game_phase(self) -> str:
        """The state's phase, unless a sheet command waits for its confirmation
        ("pending") or the sheet is open for one ("sheet")."""
        if self.state.pending is not None:
            return "pending"
        if self.state.sheet_open:
            return "sheet"
        return self.state.phase

    def chapter(self) -> Chapter | None:
        """A turn of one player, once the table is laid."""
        table = self.state.table
        return None if table is None else Chapter(turn=table.turns_ended, player=table.current.name)

    def story(self, answer: Answer | str, speeches: Sequence[Speech]) -> list[StoryLine]:
        """The kit's story, but the rest of a paragraph read (the text of the section a
        player chose) is quoted with the paragraph: it is the book's words, not ours."""
        lines = super().story(answer, [])
        for said in speeches:
            if said.reading and said.paragraph is None and said.text.strip():
                lines.append(StoryLine(text="", told=Told.READING, quote=said.text))
            else:
                lines += story_lines([said])
        return lines

    # -- the Dialogue protocol ----------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.phase == "over"

    def step(self) -> Step:
        """The phase's question; at a turn's first questions, also the quick sheet
        commands ("change my sheet", "sell the Pearls", "skip my turn")."""
        step = super().step()
        if self.phase() not in SHEET_PHASES:
            return step
        held_by = holdings([self.sheet])
        commands = _quick_phrases(self.state.pack_path, held_by, self.sheet.name)
        return replace(
            step,
            commands=commands | step.commands if step.commands else commands,
            hint=f"{step.options_hint()} {SHEET_HINT}",
        )

    def answer(self, answer: Answer) -> list[Speech]:
        said_wrongly = sheet_refusal(answer, self.sheet.name if self.state.table else "")
        if said_wrongly is not None:
            raise IllegalAction(said_wrongly)
        try:
            if self.phase() in SHEET_PHASES and (answer == OPEN_SHEET or is_command(answer)):
                return self._on_sheet(answer)
            return super().answer(answer)
        except IllegalAction as error:
            raise IllegalAction(speech.sentence(str(error))) from None

    def opening(self) -> list[Speech]:
        welcome = Speech(f"Welcome to the Tales of the Arabian Nights, told from {self.pack.name}.")
        if self.state.phase == "move":
            return [welcome, *self._begin_turn()]
        return [welcome]

    def status(self, player: str | None = None) -> str:
        table = self.state.table
        if table is None:
            return "We are still setting up the game."
        try:
            sheet = table.player(player) if player else table.current
        except IllegalAction as error:
            return speech.sentence(str(error))
        quest = next((q for q in self.pack.quests if q.name == sheet.quest), None)
        visited = self.state.quest_visits.get(sheet.name, [])
        return " ".join(
            [
                speech.sheet_summary(self.pack, sheet, quest, visited),
                *speech.what_cards_do(self.pack, sheet),
            ]
        )

    def whose_turn(self) -> str:
        if self.state.table is None:
            return "We are still setting up the game."
        return f"It is {self.state.table.current.name}'s turn."

    def where_we_are(self) -> str:
        """Whose turn it is and where, and who was met if an encounter is under way."""
        if self.state.table is None or self.finished:
            return super().where_we_are()
        sheet, encounter = self.sheet, self.state.encounter
        where = f"It is {sheet.name}'s turn, in {speech.place(self.pack, sheet.position)}"
        if encounter is not None and encounter.encountered:
            where += f", where {sheet.name} met {speech.article(self.pack, encounter.encountered)}"
        return f"{where}."

    def player_names(self) -> list[str]:
        if self.state.table is not None:
            return [sheet.name for sheet in self.state.table.players]
        return super().player_names()

    def scoreboard(self) -> list[dict[str, str]]:
        """One row per player for the live view (never the secret formula)."""
        if self.state.table is None:
            return []
        return [speech.sheet_row(sheet) for sheet in self.state.table.players]

    def board_map(self) -> BoardMap | None:
        """The pack's map with every hero, and the spaces in reach at the move step."""
        if self.state.table is None or not self.pack.spaces:
            return None
        svg, where = _map_drawing(self.state.pack_path)
        markers = {s.name: where[s.position] for s in self.table.players if s.position in where}
        moving = self.state.phase == "move" and self.state.pending is None and not self.finished
        reach = reachable_spaces(self.pack, self.sheet) if moving else {}
        named = tuple(name for name in reach if name in where)
        return BoardMap(svg, markers, tuple(where[name] for name in named), named)

    def board(self) -> list[str]:
        """What each status and treasure in play does, for the table display."""
        if self.state.table is None:
            return []
        return [
            f"{sheet.name}, {name}: {cards[name].effect}"
            for sheet in self.table.players
            for name, cards in (
                *((status, self.pack.statuses) for status in sheet.statuses),
                *((treasure, self.pack.treasures) for treasure in sheet.treasures),
            )
            if name in cards
        ]

    def private_view(self, player: str) -> list[str]:
        """What only ``player`` may see on their own screen: their secret formula."""
        for sheet in self.state.table.players if self.state.table else []:
            if sheet.name == player:
                return [
                    f"Your secret goal: {sheet.destiny_goal} Destiny and {sheet.story_goal} Story."
                ]
        return []

    # -- the sheet in the players' hands --------------------------------------------------

    def _take_command(self, command: SheetCommand) -> list[Speech]:
        """Try a sheet command on a copy of the game, so the rules refuse it now rather
        than after its confirmation, then ask the table to confirm it."""
        if not command.player:
            command = command.model_copy(update={"player": self.sheet.name})
        ReaderDialogue(self.state.model_copy(deep=True))._apply_command(command)
        self.state.pending = command
        return []

    def _ask_sheet(self) -> Step:
        name = self.sheet.name
        held_by = holdings([self.sheet])
        commands = _command_phrases(self.state.pack_path, held_by, name)
        keep = intents(
            {"nothing": ["nothing", "never mind", "no change"]}, labels={"nothing": "nothing"}
        )
        return Step(
            f"What changes on {name}'s sheet?",
            commands | keep,
            hint=f"Say for example: {name} loses a status, {name} gains a treasure, "
            f"{name} gains two wealth, sell or use a treasure, skip my turn, or nothing.",
        )

    def _on_sheet(self, answer: Answer) -> list[Speech]:
        """A sheet command, or "change my sheet" (then the next answer is one)."""
        if answer == OPEN_SHEET:
            self.state.sheet_open = True
            return []
        self.state.sheet_open = False
        if answer.intent == "nothing":
            return [Speech("Then the sheet stays as it was.", kind="aside")]
        return self._take_command(SheetCommand.from_answer(answer))

    def _ask_pending(self) -> Step:
        command = self.state.pending
        return Step(f"{speech.sentence(command.describe())} Is that right?", YES_NO)

    def _on_pending(self, answer: Answer) -> list[Speech]:
        command, self.state.pending = self.state.pending, None
        if answer == NO:
            return [Speech("Then the sheet stays as it was.", kind="aside")]
        return self._apply_command(command)

    def _apply_command(self, command: SheetCommand) -> list[Speech]:
        name = self.table.player(command.player).name
        if command.action == "skip":
            return [Speech(f"{name} lets this turn pass."), *self._end_of_turn()]
        if command.action == "sell":
            if not sells_here(self.pack, self.table, name):
                sheet = self.table.player(name)
                raise IllegalAction(speech.sold_in_a_city(self.pack, sheet, command.what))
            self.state.table, _ = sell_treasure(
                self.pack, self.table, name, command.what, self.state.dice.next_rng()
            )
            wealth = self.table.player(name).wealth
            return [
                Speech(
                    f"{name} sells the {command.what} and is now {wealth}.",
                    kind="reward",
                    player=name,
                )
            ]
        if command.action == "use":
            self.state.table, code = use_treasure(self.pack, self.table, name, command.what)
            gone = command.what not in self.table.player(name).treasures
            said = f"{name} uses the {command.what}" + (", and it is spent." if gone else ".")
            return [Speech(said), *self._sheet_reward(name, parse_reward(code, self.vocabulary))]
        changed = self._sheet_reward(name, command.effects(self.pack))
        return [replace(speech, kind="correction") for speech in changed]  # by hand, no tale


@lru_cache(maxsize=4)
def _map_drawing(pack_path: str) -> tuple[str, dict[str, tuple[float, float]]]:
    """The pack's map and where each space is drawn on it (laid out once per pack)."""
    pack = cached_pack(pack_path)
    layout = map_layout(pack)
    return map_svg(pack, layout), layout.where


@lru_cache(maxsize=16)
def _quick_phrases(pack_path: str, held_by: Holdings, current: str) -> PhraseSet:
    """The few sheet commands heard beside a turn's first answers."""
    return quick_phrases(cached_pack(pack_path), held_by, current)


@lru_cache(maxsize=16)
def _command_phrases(pack_path: str, held_by: Holdings, current: str) -> PhraseSet:
    """The sheet commands for this pack, what the players hold and whose turn it is."""
    return command_phrases(cached_pack(pack_path), held_by, current)


def default_pack_path() -> Path:
    """The original demo Book of Tales shipped in ``content/demo``."""
    return shipped_pack("demo")
