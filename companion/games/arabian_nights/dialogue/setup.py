"""The Reader's setup once the kit has seated the players.

Phases: ``skills_mode`` (deal or choose), ``skill`` (one pick at a time), ``formula`` (each
player's secret Destiny goal) and ``first_player``; then the table is laid, the quests
dealt and the first turn begins (:mod:`~companion.games.arabian_nights.dialogue.turn`).
"""

from __future__ import annotations

from functools import lru_cache

from companion.framework.answers import NUMBER, Answer
from companion.framework.dialogue import Speech, Step
from companion.framework.errors import IllegalAction
from companion.framework.kit import ROLL_FOR_ME, ROLL_FOR_ME_PHRASES, number_phrases
from companion.framework.phrases import PhraseSet, literal
from companion.framework.wording import capped_list, spoken_list
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.dialogue.base import ReaderBase
from companion.games.arabian_nights.dialogue.phrases import intents
from companion.games.arabian_nights.dialogue.state import NewPlayer, cached_pack
from companion.games.arabian_nights.rules.state import VICTORY_POINTS, PlayerSheet, new_table

STARTING_SKILLS = 3
ABOUT = "about"
"""The intent of "what is Magic?" while choosing skills: the skill's description, read."""


class ReaderSetup(ReaderBase):
    """Skills, secret formulas and the first player, then the table laid."""

    def _ask_skills_mode(self) -> Step:
        return Step(
            "Shall I deal three random skills to each player, or will you choose them?",
            intents(
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
        example = left[0]
        return Step(
            f"{player.name}, choose a skill.",
            intents(
                {skill: [skill, f"i (choose|take) {skill}"] for skill in self.pack.skills},
                labels={skill: skill for skill in self.pack.skills},
            ),
            hint=f"Say a skill: {capped_list(left, 'or')}. To hear what one does, say what "
            f"is {example}.",
            in_full=f"The skills are {spoken_list(left)}.",
            commands=_skill_questions(self.state.pack_path),
            offered=frozenset(Answer(skill) for skill in left),
            asks=player.name,
        )

    def _on_skill(self, answer: Answer) -> list[Speech]:
        if answer.intent == ABOUT:
            skill = self.pack.skills[str(answer["skill"])]
            return [Speech(speech.sentence(f"{skill.name}: {skill.description}"))]
        player = self._picking_player()
        if answer.intent in player.skills:
            raise IllegalAction(
                f"{player.name} already has {answer.intent}: a skill is chosen once. "
                "Choose another skill."
            )
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
        instruction = "Now each player sets a secret victory formula. Keep it to yourself."
        return [Speech(instruction, kind="aside")]

    def _ask_formula(self) -> Step:
        player = self.state.new_players[self.state.setup_index]
        return Step(
            f"{player.name}, type your secret Destiny goal, from zero to twenty. "
            "Your Story goal is twenty minus that.",
            number_phrases(0, 99),
            private=True,
            hint="Type a number from zero to twenty and press enter.",
            asks=player.name,
            offered=frozenset(Answer.number(goal) for goal in range(VICTORY_POINTS + 1)),
        )

    def _on_formula(self, answer: Answer) -> list[Speech]:
        goal = int(answer[NUMBER])
        if goal > VICTORY_POINTS:
            raise IllegalAction("The Destiny goal is a number from zero to twenty.")
        player = self.state.new_players[self.state.setup_index]
        player.destiny_goal = goal
        self.state.setup_index += 1
        done = Speech(f"{player.name}'s formula is written down.", kind="aside")
        if self.state.setup_index < len(self.state.new_players):
            return [done]
        self.state.phase = "first_player"
        return [done]

    def _ask_first_player(self) -> Step:
        names = [player.name for player in self.state.new_players]
        return Step(
            "Who goes first? Say a name, or say roll for me and I will roll two dice for each.",
            PhraseSet.from_templates(
                {Answer(name): [literal(name), f"{literal(name)} goes first"] for name in names}
            )
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
            f"{name}'s quest is {quest.name}: {speech.quest_goals(quest.goals)}.",
            kind="reward",
            player=name,
        )


@lru_cache(maxsize=8)
def _skill_questions(pack_path: str) -> PhraseSet:
    """ "What is Magic?", "what does Seamanship do?": a question about each skill of the
    pack, asked while choosing (never offered as an option)."""
    return PhraseSet.from_templates(
        {
            Answer.of(ABOUT, skill=skill): [
                f"what is {literal(skill)}",
                f"what does {literal(skill)} do",
                f"tell me about {literal(skill)}",
            ]
            for skill in cached_pack(pack_path).skills
        },
        labels={},
    )
