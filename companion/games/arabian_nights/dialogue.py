"""The Reader: a whole game of Tales of the Arabian Nights as a dialogue over text.

A :class:`~companion.kit.GameKit` like every game: the kit seats the players (how many,
their names, each hero's gender, for the Court), then this dialogue asks the skills, the
secret formulas and who goes first, and plays the turns, one ``_ask_<phase>`` /
``_on_<phase>`` pair per question. It never rolls a die itself: "roll for me" draws from
the seeded :class:`~companion.dialogue.SeededRandom` kept in its state, so undo and
resume replay exactly.

A turn follows the rulebook: whose turn, reminders of treasures and statuses, the move,
the encounter card (or the Place of Power), the chart roll, the reaction, the Destiny Die
(or a Master skill's shortcut), the paragraph (intro, the sections the player may use,
the chosen or forced section), the rewards, then kept city cards, quests and victory.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, Field, model_validator

from companion.answers import NUMBER, Answer
from companion.dialogue import YES_NO, BoardMap, GameOptions, SeededRandom, Speech, Step
from companion.errors import IllegalAction, SetupError
from companion.games.arabian_nights import phrasing
from companion.games.arabian_nights.award import (
    FollowUp,
    apply_reward,
    describe_changes,
)
from companion.games.arabian_nights.card_effects import (
    arrival_reward,
    better_face,
    can_pay_toll,
    city_toll,
    end_arrival,
    end_of_game_losses,
    end_statuses,
    escape_statuses,
    fortune_status,
    instruction_action,
    leave_city,
    lose_next_turn,
    lucky_treasure,
    must_take_first_reaction,
    pay_toll,
    reaction_chooser,
    refuse_encounter,
    refusing_treasure,
    roll_changes,
    roll_to_escape,
    seeing_treasure,
    sell_treasure,
    skip_turn,
    skipped_turn_reason,
    spend_fortune,
    spend_treasure,
    use_treasure,
)
from companion.games.arabian_nights.deck import (
    NEXT_TIME,
    card_named,
    discard_encounter,
    draw_encounter,
    encounter_target,
    keep_city_card,
    play_city_card,
    playable_city_cards,
    take_named_card,
)
from companion.games.arabian_nights.encounter import (
    DestinyFace,
    MasterShortcut,
    allowed_reactions,
    encounter_total,
    master_section,
    master_shortcuts,
    name_the_other,
    result_paragraph,
    roll_destiny_die,
    usable_sections,
)
from companion.games.arabian_nights.loader import load_pack, reward_vocabulary
from companion.games.arabian_nights.map_command import map_svg, positions
from companion.games.arabian_nights.movement import (
    can_reach,
    leave_place_of_power,
    move,
    reachable_spaces,
)
from companion.games.arabian_nights.pack import (
    CityCard,
    Gender,
    MatrixTarget,
    Pack,
    Paragraph,
    ParagraphTarget,
    RewardResult,
    Section,
)
from companion.games.arabian_nights.rewards import (
    GainSkill,
    GoToParagraph,
    Instruction,
    LoseStatus,
    MoveTo,
    parse_reward,
)
from companion.games.arabian_nights.saved_state import check_saved_table
from companion.games.arabian_nights.sheet_commands import (
    OPEN_SHEET,
    Holdings,
    SheetCommand,
    command_phrases,
    holdings,
    is_command,
    quick_phrases,
)
from companion.games.arabian_nights.state import (
    VICTORY_POINTS,
    IllegalActionError,
    PlayerSheet,
    TableRules,
    TableState,
    encounter_card_names,
    new_table,
)
from companion.games.arabian_nights.victory import can_declare, declare_victory, end_turn
from companion.kit import (
    ROLL_FOR_ME,
    ROLL_FOR_ME_PHRASES,
    GameKit,
    Seating,
    dice_phrases,
    new_dice,
    number_phrases,
    roll_hint,
    rolled,
)
from companion.packs import pack_location, pack_reference, shipped_pack
from companion.phrases import PhraseSet, number_to_words
from companion.wording import spoken_list

Phase = Literal[
    "skills_mode", "skill", "confirm_skills", "formula",
    "first_player", "escape", "move", "card", "chart_roll", "reaction", "destiny",
    "master_choice", "fortunate", "lucky", "diseased", "section", "choose_status", "choose_skill",
    "choose_space", "keep_city", "play_city", "city_roll", "over",
]  # fmt: skip

SHEET_PHASES = ("escape", "move", "card")
"""Where the sheet can be opened ("change my sheet"), a treasure sold or used, or the turn
skipped: at the start of a turn, before its encounter (when the rulebook has players check
their treasures and statuses), for the player whose turn it is. The full list of sheet
commands is heard only once the sheet is open: beside every answer it made answers many
times slower to match and short ones ("stay") hard to hear."""


def _intents(choices: dict[str, list[str]], labels: dict[str, str] | None = None) -> PhraseSet:
    """The phrase set of answers without slots, one per intent of ``choices``:
    ``_intents({"pay": ["pay", "i pay"]})`` answers ``Answer("pay")``."""
    return PhraseSet.from_templates(
        {Answer(intent): templates for intent, templates in choices.items()},
        labels={Answer(intent): label for intent, label in (labels or {}).items()},
    )


STARTING_SKILLS = 3
SETUP_PHASES = ("count", "name", "gender")
"""Phases of saves made before the game kit: the kit asks these now."""
DESTINY_PHRASES = (
    _intents(
        {
            "minus": ["minus", "down", "negative", "[a] minus sign"],
            "blank": ["blank", "nothing", "empty", "[a] blank face"],
            "plus": ["plus", "up", "positive", "[a] plus sign"],
        },
        labels={"minus": "minus", "blank": "blank", "plus": "plus"},
    )
    | ROLL_FOR_ME_PHRASES
)
"""The Destiny Die's faces, or "roll for me" (also ``companion hear --expect destiny``)."""
USE_MASTER = Answer("master")
"""The answer "use my master skill", before saying which shortcut."""


@lru_cache(maxsize=8)
def cached_pack(reference: str) -> Pack:
    """A pack is data: load it once per process and share it between states.

    ``reference`` is how a save names the pack (see :func:`companion.packs.pack_reference`).
    """
    return load_pack(pack_location(reference))


class NewPlayer(BaseModel):
    """A player being set up."""

    name: str
    gender: Gender | None = None
    skills: list[str] = []
    destiny_goal: int | None = None


class Encounter(BaseModel):
    """The encounter under way."""

    card: str | None = None
    """The encounter card that started it (None for a Place of Power)."""
    card_in_play: bool = False
    """True when the companion drew the card from its own deck (to discard or keep)."""
    chart: int | None = None
    matrix: str | None = None
    row: str | None = None
    encountered: str = ""
    """What was met: replaces "the other" when reading."""
    gender: Gender | None = None
    reaction: str | None = None
    paragraph: int | None = None
    master_skill: str | None = None
    """Set when the player took a Master skill's shortcut to ``paragraph``."""
    face: DestinyFace | None = None
    """The Destiny Die's face, while a treasure could still change it."""
    pending_code: str | None = None
    """The reward code whose choice is being asked; the tale goes on from it after."""
    after_city_card: bool = False
    """True for a special encounter named by a played city card."""
    foreseen: bool = False
    """True once a treasure has shown what a reaction would bring in this encounter."""


class ReaderState(BaseModel):
    """Everything the Reader needs to resume a game exactly where it was."""

    pack_path: str
    dice: SeededRandom
    seating: Seating = Seating()
    phase: Phase = "skills_mode"
    """The game's own phase once the kit has seated everyone."""
    new_players: list[NewPlayer] = []
    """The players while they choose skills and formulas, before the table is laid."""
    setup_index: int = 0
    """Which new player (or, while choosing skills, which pick) is being asked."""
    table: TableState | None = None
    encounter: Encounter | None = None
    city_card: str | None = None
    """The kept city card being played."""
    quest_deck: list[str] = []
    quest_visits: dict[str, list[str]] = {}
    instructions: list[str] = Field(default_factory=list, description="Free-text log.")
    rules: TableRules = TableRules()
    pending: SheetCommand | None = None
    """A sheet command said by the table, waiting for its confirmation."""
    sheet_open: bool = False
    """True after "change my sheet": the next answer is one sheet command."""

    @model_validator(mode="before")
    @classmethod
    def _seating_of_older_saves(cls, data: Any) -> Any:
        """Saves made before the game kit asked the players in phases count, name and
        gender, into ``expected_players`` and ``new_players``; they are read into
        ``seating``, and the kit asks what was still missing.

        >>> old = {"pack_path": "demo", "dice": {"seed": 1}, "phase": "gender",
        ...        "expected_players": 2, "new_players": [{"name": "Ali"}]}
        >>> ReaderState.model_validate(old).seating
        Seating(count=2, names=['Ali'], genders=[])
        """
        if not isinstance(data, dict) or "seating" in data:
            return data
        data = dict(data)
        expected = data.pop("expected_players", 0)
        table = data.get("table")
        players = table["players"] if isinstance(table, dict) else data.get("new_players", [])
        names = [player["name"] for player in players]
        genders = [player["gender"] for player in players if player.get("gender")]
        data["seating"] = {"count": expected or len(names) or None, "names": names,
                           "genders": genders}  # fmt: skip
        if data.get("phase", SETUP_PHASES[0]) in SETUP_PHASES:
            data["phase"], data["new_players"] = "skills_mode", []
        return data


class ReaderDialogue(GameKit):
    """The Reader and Matrix Reader of Tales of the Arabian Nights."""

    game = "arabian-nights"
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
        return replace(step, commands=commands)

    def answer(self, value: Answer | str) -> list[Speech]:
        answer = Answer.coerce(value)
        try:
            if self.phase() in SHEET_PHASES and (answer == OPEN_SHEET or is_command(answer)):
                return self._on_sheet(answer)
            return super().answer(answer)
        except IllegalActionError as error:
            raise IllegalAction(phrasing.sentence(str(error))) from None

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
        except IllegalActionError as error:
            return phrasing.sentence(str(error))
        quest = next((q for q in self.pack.quests if q.name == sheet.quest), None)
        visited = self.state.quest_visits.get(sheet.name, [])
        return " ".join(
            [
                phrasing.sheet_summary(sheet, quest, visited),
                *phrasing.what_cards_do(self.pack, sheet),
            ]
        )

    def whose_turn(self) -> str:
        if self.state.table is None:
            return "We are still setting up the game."
        return f"It is {self.state.table.current.name}'s turn."

    def player_names(self) -> list[str]:
        if self.state.table is not None:
            return [sheet.name for sheet in self.state.table.players]
        return super().player_names()

    def scoreboard(self) -> list[dict[str, str]]:
        """One row per player for the live view (never the secret formula)."""
        if self.state.table is None:
            return []
        return [phrasing.sheet_row(sheet) for sheet in self.state.table.players]

    def board_map(self) -> BoardMap | None:
        """The pack's map with every hero, and the spaces in reach at the move step."""
        if self.state.table is None or not self.pack.spaces:
            return None
        svg, where = _map_drawing(self.state.pack_path)
        markers = {s.name: where[s.position] for s in self.table.players if s.position in where}
        moving = self.state.phase == "move" and self.state.pending is None and not self.finished
        reach = reachable_spaces(self.pack, self.sheet) if moving else {}
        return BoardMap(svg, markers, tuple(where[name] for name in reach if name in where))

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

    # -- helpers ------------------------------------------------------------------------

    @property
    def table(self) -> TableState:
        assert self.state.table is not None
        return self.state.table

    @property
    def sheet(self) -> PlayerSheet:
        return self.table.current

    @property
    def encounter(self) -> Encounter:
        assert self.state.encounter is not None
        return self.state.encounter

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
        keep = _intents(
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
            return [Speech("Then the sheet stays as it was.")]
        return self._take_command(SheetCommand.from_answer(answer))

    def _ask_pending(self) -> Step:
        command = self.state.pending
        return Step(f"{phrasing.sentence(command.describe())} Is that right?", YES_NO)

    def _on_pending(self, answer: Answer) -> list[Speech]:
        command, self.state.pending = self.state.pending, None
        if answer.intent == "no":
            return [Speech("Then the sheet stays as it was.")]
        return self._apply_command(command)

    def _apply_command(self, command: SheetCommand) -> list[Speech]:
        name = self.table.player(command.player).name
        if command.action == "skip":
            return [Speech(f"{name} lets this turn pass."), *self._end_of_turn()]
        if command.action == "sell":
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
        return self._sheet_reward(name, command.effects(self.pack))

    def _award(self, name: str, effects: list) -> tuple[list[Speech], list]:
        """Give ``name`` the reward ``effects``: what changed, said, and the changes."""
        self.state.table, changes = apply_reward(
            self.pack, self.table, name, effects, self.state.dice.next_rng()
        )
        said = Speech(describe_changes(name, changes), kind="reward", player=name)
        return [said, *phrasing.new_cards(self.pack, changes)], changes

    def _sheet_reward(self, name: str, effects: list) -> list[Speech]:
        speeches, changes = self._award(name, effects)
        for change in changes:
            if isinstance(change, FollowUp) and isinstance(change.effect, Instruction):
                speeches.append(Speech(phrasing.sentence(change.effect.text)))
        return speeches

    # -- setup --------------------------------------------------------------------------

    def _ask_skills_mode(self) -> Step:
        return Step(
            "Shall I deal three random skills to each player, or will you choose them?",
            _intents(
                {
                    "random": ["random", "deal [them]", "at random", "random skills"],
                    "choose": ["choose", "we choose", "we will choose", "let us choose"],
                },
                labels={"random": "random", "choose": "choose"},
            ),
        )

    def _on_skills_mode(self, answer: Answer) -> list[Speech]:
        if answer.intent == "choose":
            self.state.phase = "skill"
            self.state.setup_index = 0
            return []
        rng = self.state.dice.next_rng()
        skills = sorted(self.pack.skills)
        speeches = []
        for player in self.state.new_players:
            player.skills = rng.sample(skills, min(STARTING_SKILLS, len(skills)))
            speeches.append(Speech(f"{player.name} has {spoken_list(player.skills)}."))
        return speeches + self._start_formulas()

    def _picking_player(self) -> NewPlayer:
        return self.state.new_players[self.state.setup_index % len(self.state.new_players)]

    def _ask_skill(self) -> Step:
        player = self._picking_player()
        left = [skill for skill in self.pack.skills if skill not in player.skills]
        described = "; ".join(
            f"{skill}: {phrasing.few_words(self.pack.skills[skill].description)}" for skill in left
        )
        return Step(
            f"{player.name}, choose a skill.",
            _intents(
                {skill: [skill, f"i (choose|take) {skill}"] for skill in left},
                labels={skill: skill for skill in left},
            ),
            hint=f"The skills are {described}.",
        )

    def _on_skill(self, answer: Answer) -> list[Speech]:
        player = self._picking_player()
        player.skills.append(answer.intent)
        self.state.setup_index += 1
        said = Speech(f"{player.name} takes {answer.intent}.")
        if self.state.setup_index < STARTING_SKILLS * len(self.state.new_players):
            return [said]
        picks = [
            Speech(f"{new.name} has {spoken_list(new.skills)}.") for new in self.state.new_players
        ]
        undo = Speech("If a pick is wrong, say undo to take it back.")
        return [said, *picks, undo, *self._start_formulas()]

    def _start_formulas(self) -> list[Speech]:
        self.state.phase = "formula"
        self.state.setup_index = 0
        return [Speech("Now each player sets a secret victory formula. Keep it to yourself.")]

    def _ask_formula(self) -> Step:
        player = self.state.new_players[self.state.setup_index]
        return Step(
            f"{player.name}, type your secret Destiny goal, from zero to twenty. "
            "Your Story goal is twenty minus that.",
            number_phrases(0, 99),
            private=True,
            hint="Type a number from zero to twenty and press enter.",
        )

    def _on_formula(self, answer: Answer) -> list[Speech]:
        goal = int(answer[NUMBER])
        if goal > VICTORY_POINTS:
            raise IllegalAction("The Destiny goal is a number from zero to twenty.")
        player = self.state.new_players[self.state.setup_index]
        player.destiny_goal = goal
        self.state.setup_index += 1
        done = Speech(f"{player.name}'s formula is written down.")
        if self.state.setup_index < len(self.state.new_players):
            return [done]
        self.state.phase = "first_player"
        return [done]

    def _ask_first_player(self) -> Step:
        names = [player.name for player in self.state.new_players]
        return Step(
            "Who goes first? Say a name, or say roll for me and I will roll two dice for each.",
            PhraseSet.from_templates({Answer(name): [name, f"{name} goes first"] for name in names})
            | ROLL_FOR_ME_PHRASES,
        )

    def _on_first_player(self, answer: Answer) -> list[Speech]:
        players = self.state.new_players
        first_name, speeches = answer.intent, []
        if answer == ROLL_FOR_ME:
            first_name, speeches = self._roll_for_first(players)
        first = next(index for index, p in enumerate(players) if p.name == first_name)
        ordered = players[first:] + players[:first]
        return speeches + self._start_game(ordered)

    def _roll_for_first(self, players: list[NewPlayer]) -> tuple[str, list[Speech]]:
        rng = self.state.dice.next_rng()
        contenders = [player.name for player in players]
        speeches = []
        while len(contenders) > 1:
            rolls = {name: rng.randint(1, 6) + rng.randint(1, 6) for name in contenders}
            said = ", ".join(f"{name} {total}" for name, total in rolls.items())
            speeches.append(Speech(f"Rolls: {said}."))
            best = max(rolls.values())
            contenders = [name for name, total in rolls.items() if total == best]
        return contenders[0], speeches

    def _start_game(self, players: list[NewPlayer]) -> list[Speech]:
        sheets = [
            PlayerSheet(
                name=player.name,
                gender=player.gender or "m",
                skills=dict.fromkeys(player.skills, "Talent"),
                destiny_goal=player.destiny_goal or 0,
                story_goal=20 - (player.destiny_goal or 0),
                wealth=self.pack.starting_wealth,
                position=self.pack.home,
            )
            for player in players
        ]
        rng = self.state.dice.next_rng()
        quests = [quest.name for quest in self.pack.quests]
        rng.shuffle(quests)
        table = new_table(self.pack, sheets, rng, self.state.rules)
        for sheet in table.players:
            sheet.quest = quests.pop(0) if quests else None
        self.state.table = table
        self.state.quest_deck = quests
        self.state.new_players = []
        order = spoken_list([sheet.name for sheet in table.players])
        return [
            Speech(f"The order of play is {order}. Everyone starts in {self.pack.home}."),
            *(self._quest_dealt(sheet.name, sheet.quest) for sheet in table.players if sheet.quest),
            *self._begin_turn(),
        ]

    def _quest_dealt(self, name: str, quest_name: str) -> Speech:
        quest = next(quest for quest in self.pack.quests if quest.name == quest_name)
        return Speech(
            f"{name}'s quest is {quest.name}: visit {spoken_list(quest.spaces)}.",
            kind="reward",
            player=name,
        )

    # -- the turn -----------------------------------------------------------------------

    def _begin_turn(self) -> list[Speech]:
        self.state.phase = "move"
        self.state.encounter = None
        self.state.table = self.table.evolve(lambda copy: copy.current.used_this_turn.clear())
        sheet = self.sheet
        speeches = [Speech(f"It is {sheet.name}'s turn.")]
        reason = skipped_turn_reason(self.pack, sheet)
        if reason is not None:
            self.state.table = skip_turn(self.pack, self.table, sheet.name)
            speeches.append(Speech(phrasing.turn_lost(sheet.name, reason)))
            return speeches + self._end_of_turn()
        reminders = phrasing.reminders(sheet)
        if reminders:
            speeches.append(Speech(reminders))
        if escape_statuses(self.pack, sheet):
            self.state.phase = "escape"
        return speeches

    def _ask_escape(self) -> Step:
        status, faces = escape_statuses(self.pack, self.sheet)[0]
        return Step(
            f"{self.sheet.name}, you are {status}. Roll a die: "
            f"{spoken_list([number_to_words(face) for face in faces], 'or')} sets you free. "
            "Say the number, or say roll for me.",
            dice_phrases(),
            hint=roll_hint(1, 6),
        )

    def _on_escape(self, answer: Answer) -> list[Speech]:
        die = rolled(answer, self.state.dice)
        name = self.sheet.name
        held = [status for status, _ in escape_statuses(self.pack, self.sheet)]
        self.state.table, freed = roll_to_escape(self.pack, self.table, name, die)
        self.state.phase = "move"
        if freed:
            return [Speech(f"You rolled {die}. {name} is no longer {spoken_list(freed)}.")]
        return [Speech(f"You rolled {die}. {name} is still {spoken_list(held)}.")]

    def _ask_move(self) -> Step:
        sheet = self.sheet
        places = (sheet.destination,) if sheet.destination else ()
        stuck = phrasing.cannot_move(self.pack, sheet)
        question = (
            f"{sheet.name}, you are in {sheet.position}. {stuck} Say stay."
            if stuck
            else f"{sheet.name}, you are in {sheet.position}. Where do you end your move? "
            "Say a place, or stay."
        )
        return Step(
            question,
            _move_phrases(self.state.pack_path, places),
            hint=f"{stuck} Say stay."
            if stuck
            else "Say the name of the space where your hero ends the move, or say stay. "
            + phrasing.reachable(sheet, reachable_spaces(self.pack, sheet)),
        )

    def _on_move(self, answer: Answer) -> list[Speech]:
        sheet = self.sheet
        value = answer.intent
        if value == "where":
            return [Speech(phrasing.reachable(sheet, reachable_spaces(self.pack, sheet)))]
        goal = sheet.position if value == "stay" else value
        if (
            value == "stay"
            and sheet.must_leave == sheet.position
            and reachable_spaces(self.pack, sheet)
        ):
            raise IllegalAction(f"{sheet.name} must leave {sheet.position}. Say where to go.")
        if value != "stay" and can_reach(self.pack, sheet.position, goal, sheet) is False:
            routes = reachable_spaces(self.pack, sheet)
            within = f" {phrasing.reachable(sheet, routes)}" if routes else ""
            raise IllegalAction(f"{phrasing.unreachable(self.pack, sheet, goal)}{within}")
        if sheet.must_leave is not None:
            self.state.table = self.table.evolve(
                lambda copy: setattr(copy.player(sheet.name), "must_leave", None)
            )
        arrived: list[Speech] = []
        if value != "stay":
            self.state.table = move(self.pack, self.table, sheet.name, goal)
            arrived = self._arrival()
        place = self.pack.places.get(self.sheet.position)
        if place is not None:
            self.state.encounter = Encounter(encountered=place.name)
            return [
                *arrived,
                Speech(f"You enter the {place.name}."),
                *self._go_to(ParagraphTarget(paragraph=place.paragraph)),
            ]
        self.state.phase = "card"
        return arrived

    def _arrival(self) -> list[Speech]:
        """A status that rewards arriving here (the demo's Pilgrim in Mecca) gives its
        reward and is lost."""
        found = arrival_reward(self.pack, self.sheet)
        if found is None:
            return []
        status, code = found
        name = self.sheet.name
        self.state.table = end_arrival(self.table, name, status)
        said = Speech(f"{name} arrives in {self.sheet.position} and is no longer {status}.")
        return [said, *self._sheet_reward(name, parse_reward(code, self.vocabulary))]

    def _ask_card(self) -> Step:
        return Step(
            "Draw an encounter card and say its name, or say draw for me.",
            _card_phrases(self.state.pack_path),
            hint="Say the name printed on the encounter card, or say draw for me, or we "
            "reshuffled the deck. The cards are "
            f"{spoken_list(encounter_card_names(self.pack))}.",
        )

    def _on_card(self, answer: Answer) -> list[Speech]:
        value = answer.intent
        if value == "reshuffle":
            time_of_day = NEXT_TIME[self.table.time_of_day]
            self.state.table = self.table.evolve(
                lambda copy: setattr(copy, "time_of_day", time_of_day)
            )
            return [Speech(f"The deck is reshuffled: it is now {time_of_day}.")]
        speeches = []
        in_play = value == "draw"
        if not in_play:
            self.state.table, in_play = take_named_card(self.table, value)
        else:
            before = self.table.time_of_day
            self.state.table, value = draw_encounter(self.table, self.state.dice.next_rng())
            speeches.append(Speech(f"You draw the {value} card."))
            if self.table.time_of_day != before:
                speeches.append(
                    Speech(f"The deck is shuffled again; it is now {self.table.time_of_day}.")
                )
        card = card_named(self.pack, value)
        self.state.encounter = Encounter(
            card=card.name, card_in_play=in_play, encountered=card.name
        )
        terrain = self.pack.spaces[self.sheet.position].terrain
        try:
            target = encounter_target(self.pack, card.name, self.table.time_of_day, terrain)
        except IllegalActionError:
            return [
                *speeches,
                Speech(f"The {card.name} card has nothing for {terrain}."),
                *self._finish_encounter(),
            ]
        return speeches + self._go_to(target)

    def _go_to(self, target: ParagraphTarget | MatrixTarget) -> list[Speech]:
        """Follow a card, place or city result to a chart, a matrix row or a paragraph."""
        encounter = self.encounter
        if isinstance(target, MatrixTarget):
            encounter.matrix, encounter.row = target.matrix, target.row
            encounter.encountered, encounter.gender = target.name, target.gender
            self.state.phase = "reaction"
            return [Speech(f"You meet {phrasing.article(self.pack, target.name)}.")]
        if target.paragraph in self.pack.charts:
            encounter.chart = target.paragraph
            self.state.phase = "chart_roll"
            return []
        return self._enter_paragraph(target.paragraph)

    def _ask_chart_roll(self) -> Step:
        return Step(
            "Roll one die for the encounter and say the number, or say roll for me.",
            dice_phrases(),
            hint=roll_hint(1, 6),
        )

    def _on_chart_roll(self, answer: Answer) -> list[Speech]:
        die = rolled(answer, self.state.dice)
        sheet = self.sheet
        space = self.pack.spaces.get(sheet.position)
        number = space.number if space else None
        statuses = roll_changes(self.pack, sheet, self.table.time_of_day)
        modifier = sum(amount for _, amount in statuses)
        total = encounter_total(die, number, sheet.destiny, self.pack.destiny_bonuses, modifier)
        entry = self.pack.charts[self.encounter.chart].entry(total)
        encounter = self.encounter
        encounter.matrix, encounter.row = entry.matrix, entry.row
        encounter.encountered, encounter.gender = entry.name, entry.gender
        self.state.phase = "reaction"
        bonus = self.pack.destiny_bonus(sheet.destiny)
        sum_said = phrasing.roll_sum(die, number, bonus, total, statuses)
        self.state.table, ended = end_statuses(self.pack, self.table, sheet.name, "after roll")
        speeches = [Speech(f"{sum_said} You meet {phrasing.article(self.pack, entry.name)}.")]
        if ended:
            speeches.append(Speech(f"{sheet.name} is no longer {spoken_list(ended)}."))
        return speeches

    def _allowed_reactions(self) -> list[str]:
        """The reactions the player may choose; only the first under a forcing status."""
        matrix = self.pack.matrices[self.encounter.matrix]
        allowed = allowed_reactions(matrix, self.sheet.gender, self.encounter.gender)
        names = [reaction.name for reaction in allowed]
        return names[:1] if must_take_first_reaction(self.pack, self.sheet) else names

    def _ask_reaction(self) -> Step:
        step = self._plain_reaction_step()
        mad = reaction_chooser(self.pack, self.table)
        if mad is not None and not must_take_first_reaction(self.pack, self.sheet):
            status, chooser = mad
            names = self._allowed_reactions()
            step = replace(
                step,
                prompt=f"{self.sheet.name} is {status}: {chooser}, you choose. How does "
                f"{self.sheet.name} react to the {self.encounter.encountered}? "
                f"{chooser}, say {spoken_list(names, 'or').lower()}.",
            )
        ball = seeing_treasure(self.pack, self.sheet)
        if ball is not None and not self.encounter.foreseen:
            names = self._allowed_reactions()
            step = replace(
                step,
                prompt=f"{step.prompt} Or ask the {ball}: say what would {names[0].lower()} bring.",
                expects=step.expects
                | PhraseSet.from_templates(
                    {
                        _foreseen(n): [f"what would {n} bring", f"what does {n} bring"]
                        for n in names
                    },
                    labels={_foreseen(n): f"what would {n.lower()} bring" for n in names},
                ),
            )
        falcon = refusing_treasure(self.pack, self.sheet)
        if falcon is None:
            return step
        offer = f"Or say refuse, and the {falcon} turns this encounter away, once a game."
        return replace(
            step,
            prompt=f"{step.prompt} {offer}",
            hint=f"{step.hint} Or say refuse." if step.hint else None,
            expects=step.expects
            | _intents(
                {"refuse": ["refuse", "refuse [the] encounter", f"use the {falcon}"]},
                labels={"refuse": "refuse"},
            ),
        )

    def _foresee(self, ball: str, reaction: str) -> list[Speech]:
        """What the reaction would bring on a blank Destiny Die: its paragraph's opening."""
        self.encounter.foreseen = True
        matrix = self.pack.matrices[self.encounter.matrix]
        number = result_paragraph(matrix.candidates(self.encounter.row, reaction), "blank")
        paragraph = self.pack.paragraph(number)
        seen = name_the_other(paragraph.intro, self.encounter.encountered) if paragraph else ""
        seen = seen or f"paragraph {number} of the Book of Tales."
        return [Speech(f"The {ball} shows {reaction.lower()} on a blank die: {seen}")]

    def _plain_reaction_step(self) -> Step:
        matrix = self.pack.matrices[self.encounter.matrix]
        names = self._allowed_reactions()
        forced = must_take_first_reaction(self.pack, self.sheet)
        if forced:
            return Step(
                f"As {forced}, you must {names[0].lower()}. Say {names[0].lower()}.",
                _intents(
                    {reaction.name: [reaction.name] for reaction in matrix.reactions},
                    labels={names[0]: names[0].lower()},
                ),
                hint=f"Say {names[0].lower()}.",
            )
        everything = {
            reaction.name: [reaction.name, f"i [will] {reaction.name}"]
            for reaction in matrix.reactions
        }
        return Step(
            f"How do you react to the {self.encounter.encountered}? "
            f"You may {spoken_list(names, 'or').lower()}.",
            _intents(everything, labels={n: n.lower() for n in names}),
            hint=f"Say one of: {spoken_list(names, 'or').lower()}.",
        )

    def _on_reaction(self, answer: Answer) -> list[Speech]:
        value = answer.intent
        ball = seeing_treasure(self.pack, self.sheet)
        if value == FORESEE and ball is not None and not self.encounter.foreseen:
            return self._foresee(ball, str(answer["reaction"]))
        falcon = refusing_treasure(self.pack, self.sheet)
        if value == "refuse" and falcon is not None:
            self.state.table = refuse_encounter(self.table, self.sheet.name, falcon)
            return [
                Speech(
                    f"The {falcon} warns {self.sheet.name} away: the encounter is refused.",
                    kind="reward",
                    player=self.sheet.name,
                ),
                *self._finish_encounter(),
            ]
        allowed = self._allowed_reactions()
        forced = must_take_first_reaction(self.pack, self.sheet)
        if forced and value not in allowed:
            raise IllegalAction(f"As {forced}, you must {allowed[0].lower()}.")
        if value not in allowed:
            raise IllegalAction(
                f"{value} is only possible toward someone of the opposite gender. "
                f"Choose {spoken_list(allowed, 'or').lower()}."
            )
        self.encounter.reaction = value
        self.state.phase = "destiny"
        return []

    def _candidates(self) -> tuple[int, int, int]:
        matrix = self.pack.matrices[self.encounter.matrix]
        return matrix.candidates(self.encounter.row, self.encounter.reaction)

    def _shortcuts(self) -> list[MasterShortcut]:
        return master_shortcuts(self.pack, self._candidates(), self.sheet)

    def _ask_destiny(self) -> Step:
        shortcuts = self._shortcuts()
        phrases = DESTINY_PHRASES
        prompt = "Roll the Destiny Die and say minus, blank or plus, or say roll for me."
        if shortcuts:
            skills = spoken_list(sorted({s for cut in shortcuts for s in cut.skills}), "or")
            prompt = (
                f"Your Master skill in {skills} can take you straight to a result. "
                "Say use my master skill, or roll the Destiny Die and say minus, blank or plus."
            )
            phrases |= _intents(
                {"master": ["use my master skill", "master skill", "use master"]},
                labels={"master": "use my master skill"},
            ) | _shortcut_phrases(shortcuts)
        return Step(prompt, phrases)

    def _on_destiny(self, answer: Answer) -> list[Speech]:
        if answer == USE_MASTER:
            options = _shortcut_options(self._shortcuts())
            if len(options) > 1:
                self.state.phase = "master_choice"
                return []
            answer = next(iter(options))
        if answer.intent == USE_MASTER.intent:
            return self._take_shortcut(answer)
        face, speeches = self._destiny_face(answer)
        if face != "plus" and fortune_status(self.pack, self.sheet) is not None:
            self.encounter.face = face
            self.state.phase = "fortunate"
            return speeches
        return speeches + self._face_known(face)

    def _ask_fortunate(self) -> Step:
        status = fortune_status(self.pack, self.sheet)
        face = self.encounter.face
        return Step(
            f"The Destiny Die shows {face}. As {status}, you may roll it once more and keep "
            "the better face. Roll again and say minus, blank or plus, or say roll for me, "
            "or say keep.",
            DESTINY_PHRASES
            | _intents({"keep": ["keep", "keep it", "no"]}, labels={"keep": "keep"}),
        )

    def _on_fortunate(self, answer: Answer) -> list[Speech]:
        first: DestinyFace = self.encounter.face or "minus"
        self.encounter.face = None
        status = fortune_status(self.pack, self.sheet)
        if answer.intent == "keep" or status is None:
            return self._face_known(first)
        second, speeches = self._destiny_face(answer)
        self.state.table = spend_fortune(self.table, self.sheet.name, status)
        face = better_face(first, second)
        speeches.append(
            Speech(
                f"{self.sheet.name} keeps {face} and is no longer {status}.",
                kind="reward",
                player=self.sheet.name,
            )
        )
        return speeches + self._face_known(face)

    def _destiny_face(self, answer: Answer) -> tuple[DestinyFace, list[Speech]]:
        """The face said, or the Destiny Die rolled for the player (and said)."""
        if answer != ROLL_FOR_ME:
            return answer.intent, []  # type: ignore[return-value]
        face = roll_destiny_die(self.state.dice.next_rng())
        return face, [Speech(f"The Destiny Die shows {face}.")]

    def _face_known(self, face: DestinyFace) -> list[Speech]:
        speeches: list[Speech] = []
        coin = lucky_treasure(self.pack, self.sheet)
        if face == "minus" and coin is not None:
            self.encounter.face = "minus"
            self.state.phase = "lucky"
            return speeches
        return speeches + self._enter_paragraph(result_paragraph(self._candidates(), face))

    def _take_shortcut(self, shortcut: Answer) -> list[Speech]:
        if shortcut not in _shortcut_options(self._shortcuts()):
            raise IllegalAction("That Master skill is not listed in this encounter's paragraphs.")
        self.encounter.master_skill = str(shortcut["skill"])
        return [
            Speech(f"Your mastery of {shortcut['skill']} guides you."),
            *self._enter_paragraph(int(shortcut["paragraph"])),
        ]

    def _ask_master_choice(self) -> Step:
        options = _shortcut_options(self._shortcuts())
        return Step(
            "Your Master skills lead to more than one result: "
            f"{spoken_list(list(options.values()), 'or')}. "
            "Which do you take? Or say roll to roll the Destiny Die instead.",
            _shortcut_phrases(self._shortcuts())
            | _intents({"roll": ["roll", "roll instead", "roll the die"]}, labels={"roll": "roll"}),
        )

    def _on_master_choice(self, answer: Answer) -> list[Speech]:
        if answer.intent == "roll":
            self.state.phase = "destiny"
            return []
        return self._take_shortcut(answer)

    def _ask_lucky(self) -> Step:
        coin = lucky_treasure(self.pack, self.sheet)
        if coin is None:
            return Step("The Destiny Die shows minus. Shall I read on?", YES_NO)
        return Step(f"The Destiny Die shows minus. Spend the {coin} to make it a blank?", YES_NO)

    def _on_lucky(self, answer: Answer) -> list[Speech]:
        coin = lucky_treasure(self.pack, self.sheet)
        face: DestinyFace = "minus"
        speeches = []
        if answer.intent == "yes" and coin is not None:
            self.state.table = spend_treasure(self.pack, self.table, self.sheet.name, coin)
            face = "blank"
            speeches.append(Speech(f"The {coin} turns the minus into a blank."))
        self.encounter.face = None
        return speeches + self._enter_paragraph(result_paragraph(self._candidates(), face))

    # -- reading ------------------------------------------------------------------------

    def _enter_paragraph(self, number: int) -> list[Speech]:
        self.encounter.paragraph = number
        paragraph = self.pack.paragraph(number)
        if paragraph is None:
            return [
                Speech(
                    f"Turn to paragraph {number} in your Book of Tales and read it aloud.",
                    paragraph=number,
                ),
                *self._finish_encounter(),
            ]
        intro = (
            name_the_other(paragraph.intro, self.encounter.encountered) or f"Paragraph {number}."
        )
        speeches = [Speech(intro, paragraph=number, reading=True)]
        sections = self._usable_sections(paragraph)
        if len(sections) == 1:
            return speeches + self._read_section(sections[0])
        self.state.phase = "section"
        return speeches

    def _usable_sections(self, paragraph: Paragraph) -> list[Section]:
        sections = usable_sections(self.pack, paragraph, self.sheet)
        skill = self.encounter.master_skill
        if skill is not None and not any(s.mandatory for s in sections):
            chosen = master_section(paragraph, skill)
            return [chosen] if chosen is not None else sections
        return sections

    def _ask_section(self) -> Step:
        paragraph = self.pack.paragraph(self.encounter.paragraph)
        sections = self._usable_sections(paragraph)
        choices: dict[Answer, list[str]] = {}
        for index, section in enumerate(sections):
            names = section.requirements or ["no skill"]
            choices[_section(index)] = [*names, *(f"[use] [my] {name}" for name in names)]
            if section.no_skill:
                choices[_section(index)] += ["none", "no", "nothing"]
        labels = {_section(i): phrasing.heading(s) for i, s in enumerate(sections)}
        skills_first = sorted(labels, key=lambda key: sections[int(key[SECTION])].no_skill)
        spoken = spoken_list([labels[key] for key in skills_first], "or")
        return Step(
            f"You may use {spoken}. Which do you choose?",
            PhraseSet.from_templates(choices, labels=labels),
        )

    def _on_section(self, answer: Answer) -> list[Speech]:
        paragraph = self.pack.paragraph(self.encounter.paragraph)
        return self._read_section(self._usable_sections(paragraph)[int(answer[SECTION])])

    def _read_section(self, section: Section) -> list[Speech]:
        speeches = []
        if section.mandatory:
            speeches.append(
                Speech(
                    f"Because you hold {spoken_list(section.requirements, 'or')}, "
                    "this part of the tale must be read."
                )
            )
        text = name_the_other(section.text, self.encounter.encountered)
        speeches.append(Speech(text, reading=True))
        return speeches + self._reward(section.reward_code)

    def _reward(self, code: str) -> list[Speech]:
        effects = parse_reward(code, self.vocabulary)
        name = self.sheet.name
        speeches, changes = self._award(name, effects)
        choice = None
        for change in changes:
            if isinstance(change, FollowUp) and isinstance(change.effect, Instruction):
                self.state.instructions.append(f"{name}: {change.effect.text}")
                action = instruction_action(change.effect.text)
                if action == "lose turn":
                    self.state.table = lose_next_turn(self.table, name)
                    speeches.append(Speech(f"{name} will lose the next turn."))
                    continue
                speeches.append(Speech(phrasing.sentence(change.effect.text)))
                choice = self._choice_for(action) or choice
        if choice is not None:
            self.encounter.pending_code = code
            self.state.phase = choice
            return speeches
        return speeches + self._go_on(effects)

    def _choice_for(self, action: str | None) -> Phase | None:
        """The question an instruction asks, when the player has something to choose."""
        if action == "choose status to lose" and self.sheet.statuses:
            return "choose_status"
        if action == "choose skill to gain":
            return "choose_skill"
        if action == "choose space on continent" and self._continent_spaces():
            return "choose_space"
        return None

    def _ask_choose_status(self) -> Step:
        statuses = self.sheet.statuses
        return Step(
            f"Which status do you lose: {spoken_list(statuses, 'or')}? Or say none.",
            _intents(
                {
                    **{status: [status, f"[i] lose {status}"] for status in statuses},
                    "none": ["none", "no status", "keep them [all]"],
                },
                labels={**{status: status for status in statuses}, "none": "none"},
            ),
        )

    def _on_choose_status(self, answer: Answer) -> list[Speech]:
        name = self.sheet.name
        if answer.intent == "none":
            return [Speech(f"{name} keeps every status."), *self._after_choice()]
        said, _ = self._award(name, [LoseStatus(name=answer.intent)])
        return said + self._after_choice()

    def _ask_choose_skill(self) -> Step:
        skills = list(self.pack.skills)
        return Step(
            "Which skill do you gain?",
            _intents(
                {skill: [skill, f"[i] (take|choose) {skill}"] for skill in skills},
                labels={skill: skill for skill in skills},
            ),
            hint=f"Say one of: {spoken_list(skills, 'or')}.",
        )

    def _on_choose_skill(self, answer: Answer) -> list[Speech]:
        said, _ = self._award(self.sheet.name, [GainSkill(name=answer.intent)])
        return said + self._after_choice()

    def _continent_spaces(self) -> list[str]:
        """The other spaces of the continent the player stands on (none off the map)."""
        here = self.pack.spaces.get(self.sheet.position)
        if here is None:
            return []
        return [name for name, space in self.pack.spaces.items()
                if space.continent == here.continent and name != here.name]  # fmt: skip

    def _ask_choose_space(self) -> Step:
        spaces = self._continent_spaces()
        return Step(
            "Where do you go? Say a space of this continent, or stay.",
            _intents(
                {**{space: [space, f"[go to] {space}"] for space in spaces}, "stay": ["stay"]},
                labels={**{space: space for space in spaces}, "stay": "stay"},
            ),
            hint=f"Say one of: {spoken_list([*spaces, 'stay'], 'or')}.",
        )

    def _on_choose_space(self, answer: Answer) -> list[Speech]:
        name = self.sheet.name
        if answer.intent == "stay":
            return [Speech(f"{name} stays in {self.sheet.position}."), *self._after_choice()]
        said, _ = self._award(name, [MoveTo(destination=answer.intent)])
        return said + self._after_choice()

    def _after_choice(self) -> list[Speech]:
        code, self.encounter.pending_code = self.encounter.pending_code, None
        return self._go_on(parse_reward(code or "", self.vocabulary))

    def _go_on(self, effects: list) -> list[Speech]:
        """After a reward: a "go to" or a Place of Power continues the tale, else it ends."""
        follow = _follow_up(effects, self.pack)
        if isinstance(follow, GoToParagraph):
            return self._enter_paragraph(follow.paragraph)
        if isinstance(follow, MoveTo):
            place = self.pack.places[follow.destination]
            self.encounter.encountered = place.name
            self.encounter.master_skill = None
            return [
                Speech(f"You are carried to the {place.name}."),
                *self._enter_paragraph(place.paragraph),
            ]
        return self._finish_encounter()

    # -- after the encounter ------------------------------------------------------------

    def _finish_encounter(self) -> list[Speech]:
        encounter = self.encounter
        card = card_named(self.pack, encounter.card) if encounter.card else None
        if isinstance(card, CityCard) and not encounter.after_city_card:
            self.state.phase = "keep_city"
            return []
        if card is not None and encounter.card_in_play and not encounter.after_city_card:
            self.state.table = discard_encounter(self.table, card.name)
        return self._after_encounter()

    def _ask_keep_city(self) -> Step:
        card = card_named(self.pack, self.encounter.card)
        return Step(f"Do you keep the {card.name} card, to play later in {card.city}?", YES_NO)

    def _on_keep_city(self, answer: Answer) -> list[Speech]:
        card = self.encounter.card
        if answer.intent == "yes":
            self.state.table = keep_city_card(self.pack, self.table, self.sheet.name, card)
            said = Speech(f"{self.sheet.name} keeps the {card} card.")
        else:
            if self.encounter.card_in_play:
                self.state.table = discard_encounter(self.table, card)
            said = Speech(f"The {card} card is discarded.")
        return [said, *self._after_encounter()]

    def _after_encounter(self) -> list[Speech]:
        speeches = []
        name = self.sheet.name
        if self.sheet.position in self.pack.places:
            self.state.table = leave_place_of_power(self.pack, self.table, name)
            speeches.append(Speech(f"{name} follows the arrow out to {self.sheet.position}."))
        if self._playable_now():
            self.state.phase = "play_city"
            return speeches
        return speeches + self._end_of_turn()

    def _playable_now(self) -> list[str]:
        """Kept city cards for this city, except one kept during this very turn."""
        kept_now = self.encounter.card if self.state.encounter else None
        cards = playable_city_cards(self.pack, self.table, self.sheet.name)
        return [card for card in cards if card != kept_now]

    def _ask_play_city(self) -> Step:
        card = self._playable_now()[0]
        return Step(f"You hold the {card} card and you are in its city. Play it now?", YES_NO)

    def _on_play_city(self, answer: Answer) -> list[Speech]:
        if answer.intent == "no":
            return self._end_of_turn()
        self.state.city_card = self._playable_now()[0]
        self.state.phase = "city_roll"
        return []

    def _ask_city_roll(self) -> Step:
        return Step(
            f"Roll a die for the {self.state.city_card} card and say the number, "
            "or say roll for me.",
            dice_phrases(),
            hint=roll_hint(1, 6),
        )

    def _on_city_roll(self, answer: Answer) -> list[Speech]:
        die = rolled(answer, self.state.dice)
        card = self.state.city_card
        self.state.table, result = play_city_card(self.pack, self.table, self.sheet.name, card, die)
        self.state.city_card = None
        self.state.encounter = Encounter(card=card, encountered=card, after_city_card=True)
        said = Speech(f"You rolled {die} for the {card} card.")
        if isinstance(result, RewardResult):
            return [said, *self._reward(result.reward_code)]
        return [said, *self._go_to(result)]

    def _end_of_turn(self) -> list[Speech]:
        sheet = self.sheet
        status = city_toll(self.pack, sheet)
        if status is None:
            return self._close_turn()
        if can_pay_toll(self.pack, sheet):
            self.state.phase = "diseased"
            return []
        self.state.table = leave_city(self.table, sheet.name)
        said = f"{sheet.name} is {status} and cannot pay, so must leave {sheet.position} next move."
        return [Speech(said, kind="reward", player=sheet.name), *self._close_turn()]

    def _ask_diseased(self) -> Step:
        sheet = self.sheet
        return Step(
            f"{sheet.name} is {city_toll(self.pack, sheet)} in {sheet.position}. Pay one wealth "
            "level to stay, or leave the city on the next move? Say pay or leave.",
            _intents(
                {"pay": ["pay", "i [will] pay"], "leave": ["leave", "i [will] leave"]},
                labels={"pay": "pay", "leave": "leave"},
            ),
        )

    def _on_diseased(self, answer: Answer) -> list[Speech]:
        name = self.sheet.name
        if answer.intent == "pay":
            self.state.table = pay_toll(self.pack, self.table, name)
            said = f"{name} pays a wealth level and is now {self.sheet.wealth}."
        else:
            self.state.table = leave_city(self.table, name)
            said = f"{name} must leave {self.sheet.position} on the next move."
        return [Speech(said, kind="reward", player=name), *self._close_turn()]

    def _close_turn(self) -> list[Speech]:
        speeches = self._quest_progress()
        self.state.table, ended = end_statuses(self.pack, self.table, self.sheet.name, "after turn")
        if ended:
            speeches.append(Speech(f"{self.sheet.name} is no longer {spoken_list(ended)}."))
        sheet = self.sheet
        oath = end_of_game_losses(self.pack, self.table).get(sheet.name, ("", 0))[1]
        after_oath = sheet.model_copy(update={"story": max(0, sheet.story - oath)})
        if self.table.final_round is None and can_declare(after_oath, self.table.home):
            self.state.table = declare_victory(self.table)
            speeches.append(
                Speech(
                    f"{sheet.name} has fulfilled the secret formula in {self.table.home} and "
                    "declares victory! "
                    "Every other player has one more turn."
                )
            )
        losses = end_of_game_losses(self.pack, self.table)
        self.state.table = end_turn(
            self.table, {name: points for name, (_, points) in losses.items()}
        )
        if self.table.winners is not None:
            self.state.phase = "over"
            oaths = [
                Speech(f"{name} is still {status} and loses {points} Story.", player=name)
                for name, (status, points) in losses.items()
            ]
            return [*speeches, *oaths, *phrasing.ending(self.table)]
        return speeches + self._begin_turn()

    def _quest_progress(self) -> list[Speech]:
        sheet = self.sheet
        quest = next((q for q in self.pack.quests if q.name == sheet.quest), None)
        if quest is None:
            return []
        visits = self.state.quest_visits.setdefault(sheet.name, [])
        if sheet.position in quest.spaces and sheet.position not in visits:
            visits.append(sheet.position)
        if any(space not in visits for space in quest.spaces):
            return []
        self.state.quest_visits[sheet.name] = []
        next_quest = self.state.quest_deck.pop(0) if self.state.quest_deck else None
        self.state.table = self.table.evolve(
            lambda copy: setattr(copy.player(sheet.name), "quest", next_quest)
        )
        speeches = [Speech(f"{sheet.name} completes the quest {quest.name}.")]
        effects = parse_reward(quest.reward_code, self.vocabulary)
        self.state.table, changes = apply_reward(
            self.pack, self.table, sheet.name, effects, self.state.dice.next_rng()
        )
        speeches.append(
            Speech(describe_changes(sheet.name, changes), kind="reward", player=sheet.name)
        )
        if next_quest:
            speeches.append(self._quest_dealt(sheet.name, next_quest))
        return speeches


_WHERE_CAN_I_GO = _intents(
    {
        "where": [
            "where can i go",
            "where can we go",
            "what is in reach",
            "which spaces can i reach",
        ]
    },
    labels={"where": "where can I go"},
)


@lru_cache(maxsize=4)
def _map_drawing(pack_path: str) -> tuple[str, dict[str, tuple[float, float]]]:
    """The pack's map and where each space is drawn on it (laid out once per pack)."""
    pack = cached_pack(pack_path)
    where = positions(pack)
    return map_svg(pack, where), where


@lru_cache(maxsize=16)
def _quick_phrases(pack_path: str, held_by: Holdings, current: str) -> PhraseSet:
    """The few sheet commands heard beside a turn's first answers."""
    return quick_phrases(cached_pack(pack_path), held_by, current)


@lru_cache(maxsize=16)
def _command_phrases(pack_path: str, held_by: Holdings, current: str) -> PhraseSet:
    """The sheet commands for this pack, what the players hold and whose turn it is."""
    return command_phrases(cached_pack(pack_path), held_by, current)


def _shortcut_options(shortcuts: list[MasterShortcut]) -> dict[Answer, str]:
    """Answer -> how it is said, one per (paragraph, Master skill) pair."""
    return {
        _shortcut(cut, skill): f"{skill} to paragraph {cut.paragraph}"
        for cut in shortcuts
        for skill in cut.skills
    }


def _shortcut(cut: MasterShortcut, skill: str) -> Answer:
    """The answer taking the Master shortcut to ``cut``'s paragraph with ``skill``."""
    return Answer.of("master", paragraph=cut.paragraph, skill=skill)


def _shortcut_phrases(shortcuts: list[MasterShortcut]) -> PhraseSet:
    """Ways to name a shortcut: by its skill, by its paragraph, or both."""
    skills = [skill for cut in shortcuts for skill in cut.skills]
    choices: dict[Answer, list[str]] = {}
    for cut in shortcuts:
        spoken = number_to_words(cut.paragraph) if cut.paragraph < 1000 else str(cut.paragraph)
        for skill in cut.skills:
            ways = [f"[use] [my] [master] {skill} [to] [paragraph] {spoken}"]
            if skills.count(skill) == 1:
                ways.append(f"[use] [my] [master] {skill}")
            if len(cut.skills) == 1:
                ways.append(f"[go to] paragraph {spoken}")
            choices[_shortcut(cut, skill)] = ways
    return PhraseSet.from_templates(choices, labels=_shortcut_options(shortcuts))


FORESEE = "foresee"
"""The intent of asking a treasure what a reaction would bring; slot ``reaction``."""
SECTION = "section"
"""The intent of choosing a paragraph's section; slot ``section``, its index."""


def _foreseen(reaction: str) -> Answer:
    return Answer.of(FORESEE, reaction=reaction)


def _section(index: int) -> Answer:
    return Answer.of(SECTION, section=index)


@lru_cache(maxsize=64)
def _move_phrases(pack_path: str, places: tuple[str, ...]) -> PhraseSet:
    """Every answer of the move step, built once per pack and Destination marker (so the
    matcher's own caches live across turns)."""
    return _destination_phrases(pack_path) | _destination_phrases(None, places) | _WHERE_CAN_I_GO


@lru_cache(maxsize=64)
def _destination_phrases(pack_path: str | None, places: tuple[str, ...] = ()) -> PhraseSet:
    """Where a move may end: every space of the pack (or the given places), or stay."""
    names = list(cached_pack(pack_path).spaces) if pack_path else list(places)
    spaces = _intents(
        {name: [name, f"go to {name}"] for name in names}, labels={name: name for name in names}
    )
    if not pack_path:
        return spaces
    stay = ["stay", "[i] stay here", "i stay", "stay in place", "no move"]
    return spaces | _intents({"stay": stay})


@lru_cache(maxsize=8)
def _card_phrases(pack_path: str) -> PhraseSet:
    """The name of every encounter card of the pack, or "draw for me"."""
    pack = cached_pack(pack_path)
    cards = [card.name for card in (*pack.character_cards, *pack.terrain_cards, *pack.city_cards)]
    named = _intents({card: [card, f"[i drew] [the] {card}"] for card in cards})
    draw = _intents(
        {
            "draw": ["draw for me", "you draw", "draw [a card]"],
            "reshuffle": ["[we] reshuffle[d] [the deck]", "the deck (is|was) reshuffled"],
        },
        labels={"draw": "draw for me", "reshuffle": "we reshuffled the deck"},
    )
    return named | draw


def _follow_up(effects: list, pack: Pack) -> GoToParagraph | MoveTo | None:
    """The reward's "go to" or its move into a Place of Power, which continue the tale."""
    for effect in effects:
        if isinstance(effect, GoToParagraph):
            return effect
        if isinstance(effect, MoveTo) and effect.destination in pack.places:
            return effect
    return None


def default_pack_path() -> Path:
    """The original demo Book of Tales shipped in ``content/demo``."""
    return shipped_pack("demo")
