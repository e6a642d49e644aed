"""The encounter: from the card's target to the section of the paragraph read.

Phases: ``chart_roll``, ``reaction`` (with a treasure's foresight or refusal),
``destiny``, ``master_choice`` (a Master skill's shortcut), ``fortunate`` and ``lucky``
(a status or treasure changing the Destiny Die), and ``section`` (which part of the
paragraph the player uses). The section's reward is in
:mod:`~companion.games.arabian_nights.dialogue.rewards`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.framework.answers import AMBIGUOUS, YES, Answer
from companion.framework.dialogue import YES_NO, Speech, Step
from companion.framework.errors import IllegalAction
from companion.framework.kit import ROLL_FOR_ME, roll_step, rolled
from companion.framework.phrases import PhraseSet, number_to_words
from companion.framework.wording import spoken_list
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.content.pack import (
    MatrixTarget,
    Paragraph,
    ParagraphTarget,
    Section,
)
from companion.games.arabian_nights.dialogue.base import ReaderBase
from companion.games.arabian_nights.dialogue.phrases import (
    DESTINY_PHRASES,
    intents,
    reaction_phrases,
)
from companion.games.arabian_nights.rules.card_effects import (
    better_face,
    counted_sheet,
    end_statuses,
    fortune_status,
    lucky_treasure,
    must_take_first_reaction,
    reaction_chooser,
    refuse_encounter,
    refusing_treasure,
    roll_changes,
    seeing_treasure,
    spend_fortune,
    spend_treasure,
)
from companion.games.arabian_nights.rules.encounter import (
    DestinyFace,
    MasterShortcut,
    allowed_reactions,
    encounter_total,
    heard_after,
    master_section,
    master_shortcuts,
    name_the_other,
    next_telling,
    result_paragraph,
    roll_destiny_die,
    usable_sections,
)
from companion.games.arabian_nights.rules.state import PlayerSheet

USE_MASTER = Answer("master")
"""The answer "use my master skill", before saying which shortcut."""


class ReaderEncounter(ReaderBase):
    """The chart roll, the reaction, the Destiny Die and the paragraph's sections."""

    def _go_to(self, target: ParagraphTarget | MatrixTarget) -> list[Speech]:
        """Follow a card, place or city result to a chart, a matrix row or a paragraph."""
        encounter = self.encounter
        if isinstance(target, MatrixTarget):
            encounter.matrix, encounter.row = target.matrix, target.row
            encounter.encountered, encounter.gender = target.name, target.gender
            self.state.phase = "reaction"
            return [self._meet(target.name)]
        if target.paragraph in self.pack.charts:
            encounter.chart = target.paragraph
            self.state.phase = "chart_roll"
            return []
        return self._enter_paragraph(target.paragraph)

    def _meet(self, name: str, roll_said: str = "") -> Speech:
        """The one met, after the roll that found it (the roll is not the night's story)."""
        met = speech.article(self.pack, name)
        said = f"{roll_said} You meet {met}." if roll_said else f"You meet {met}."
        return Speech(said, chronicled=f"{self.sheet.name} meets {met}.")

    def _ask_chart_roll(self) -> Step:
        step = roll_step("Roll one die for the encounter and say the number, or say roll for me.")
        return replace(
            step, brief="Roll for the encounter.", topic=f"encounter roll:{self.sheet.name}"
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
        sum_said = speech.roll_sum(die, number, bonus, total, statuses)
        self.state.table, ended = end_statuses(self.pack, self.table, sheet.name, "after roll")
        speeches = [self._meet(entry.name, sum_said)]
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
            | intents(
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
        if paragraph is not None:
            paragraph = paragraph.told(self._next_telling(paragraph))
        seen = self._named(paragraph.intro) if paragraph else ""
        seen = seen or f"paragraph {number} of the Book of Tales."
        self.note(f"{self.sheet.name} looks into the {ball}.")  # what it shows may not happen
        return [Speech(f"The {ball} shows {reaction.lower()} on a blank die: {seen}", kind="aside")]

    def _named(self, text: str) -> str:
        """The book's text with "the other" named: once a sentence, then by a pronoun; a
        verb agreeing with many."""
        met = self.encounter.encountered
        return name_the_other(text, met, speech.is_plural(self.pack, met), self.encounter.gender)

    def _plain_reaction_step(self) -> Step:
        matrix = self.pack.matrices[self.encounter.matrix]
        names = self._allowed_reactions()
        forced = must_take_first_reaction(self.pack, self.sheet)
        if forced:
            return Step(
                f"{self.sheet.name} meets the {self.encounter.encountered}. As {forced}, "
                f"{self.sheet.name} must {names[0].lower()}: say {names[0].lower()}.",
                intents(
                    {reaction.name: [reaction.name] for reaction in matrix.reactions},
                    labels={names[0]: names[0].lower()},
                ),
                hint=f"Say {names[0].lower()}.",
            )
        return Step(
            f"How do you react to the {self.encounter.encountered}? "
            f"You may {spoken_list(names, 'or').lower()}.",
            reaction_phrases([reaction.name for reaction in matrix.reactions], names),
            hint=f"Say one of: {spoken_list(names, 'or').lower()}.",
        )

    def _on_reaction(self, answer: Answer) -> list[Speech]:
        value = answer.intent
        if value == AMBIGUOUS:
            reaction = str(answer["reaction"]).lower()
            options = spoken_list(self._allowed_reactions(), "or").lower()
            raise IllegalAction(
                f"{reaction.capitalize()} is a reaction and also a call for help. To choose "
                f"the reaction, say I {reaction}. You may {options}."
            )
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
        self.note(f"{self.sheet.name} chooses to {value.lower()}.")
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
            phrases |= intents(
                {"master": ["use my master skill", "master skill", "use master"]},
                labels={"master": "use my master skill"},
            ) | _shortcut_phrases(shortcuts)
            return Step(prompt, phrases)
        return Step(
            prompt, phrases, brief="Roll the Destiny Die.", topic=f"destiny:{self.sheet.name}"
        )

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
            DESTINY_PHRASES | intents({"keep": ["keep", "keep it", "no"]}, labels={"keep": "keep"}),
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
                chronicled=f"{self.sheet.name} keeps the {face} face and is no longer {status}.",
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
            Speech(
                f"Your mastery of {shortcut['skill']} guides you.",
                chronicled=f"Mastery of {shortcut['skill']} guides {self.sheet.name}.",
            ),
            *self._enter_paragraph(int(shortcut["paragraph"])),
        ]

    def _ask_master_choice(self) -> Step:
        options = _shortcut_options(self._shortcuts())
        return Step(
            "Your Master skills lead to more than one result: "
            f"{spoken_list(list(options.values()), 'or')}. "
            "Which do you take? Or say roll to roll the Destiny Die instead.",
            _shortcut_phrases(self._shortcuts())
            | intents({"roll": ["roll", "roll instead", "roll the die"]}, labels={"roll": "roll"}),
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
        if answer == YES and coin is not None:
            self.state.table = spend_treasure(self.pack, self.table, self.sheet.name, coin)
            face = "blank"
            speeches.append(Speech(f"The {coin} turns the minus into a blank."))
        self.encounter.face = None
        return speeches + self._enter_paragraph(result_paragraph(self._candidates(), face))

    # -- reading ------------------------------------------------------------------------

    def _enter_paragraph(self, number: int) -> list[Speech]:
        self.encounter.paragraph = number
        self._note_quest_goals(self.encounter.encountered)
        paragraph = self.pack.paragraph(number)
        if paragraph is None:
            return [
                Speech(
                    f"Turn to paragraph {number} in your Book of Tales and read it aloud.",
                    paragraph=number,
                ),
                *self._finish_encounter(),
            ]
        telling = self._hear_telling(paragraph)
        paragraph = paragraph.told(telling)
        intro = self._named(paragraph.intro) or f"Paragraph {number}."
        speeches = [Speech(intro, paragraph=number, reading=True, telling=telling)]
        sections = self._usable_sections(paragraph)
        if len(sections) == 1:
            return speeches + self._read_section(sections[0])
        self.state.phase = "section"
        return speeches

    def _next_telling(self, paragraph: Paragraph) -> int:
        heard = self.state.tellings_heard.get(paragraph.number, [])
        return next_telling(paragraph, heard, self.state.dice.seed)

    def _hear_telling(self, paragraph: Paragraph) -> int:
        """The telling read now, noted as heard this evening."""
        telling = self._next_telling(paragraph)
        if paragraph.telling_count > 1:
            heard = self.state.tellings_heard.get(paragraph.number, [])
            self.state.tellings_heard[paragraph.number] = heard_after(
                heard, telling, paragraph.telling_count
            )
        self.encounter.telling = telling
        return telling

    def _read_paragraph(self) -> Paragraph:
        """The paragraph being read, in the words of the telling chosen for it."""
        return self.pack.paragraph(self.encounter.paragraph).told(self.encounter.telling)

    def _usable_sections(self, paragraph: Paragraph) -> list[Section]:
        sections = usable_sections(self.pack, paragraph, self.sheet)
        skill = self.encounter.master_skill
        if skill is not None and not any(s.mandatory for s in sections):
            chosen = master_section(paragraph, skill)
            return [chosen] if chosen is not None else sections
        return sections

    def _ask_section(self) -> Step:
        """The rulebook's Reader reads off the paragraph's whole list of skills, statuses
        and treasures, then the player chooses one they hold, or no skill."""
        paragraph = self._read_paragraph()
        sections = self._usable_sections(paragraph)
        counted = counted_sheet(self.pack, self.sheet)
        held = [_held(section, counted) for section in sections]
        choices: dict[Answer, list[str]] = {}
        labels: dict[Answer, str] = {}
        for index, section in enumerate(sections):
            names = held[index] or ["no skill"]
            choices[_section(index)] = [*names, *(f"[use] [my] {name}" for name in names)]
            if section.no_skill:
                choices[_section(index)] += ["none", "no", "nothing"]
            labels[_section(index)] = speech.heading(
                section.model_copy(update={"requirements": names})
            )
        skills_first = sorted(labels, key=lambda key: sections[int(key[SECTION])].no_skill)
        spoken = spoken_list([labels[key] for key in skills_first], "or")
        listed = [speech.heading(s) for s in paragraph.sections if not s.no_skill]
        out_of_reach = [s for s in paragraph.sections if s not in sections and s.requirements]
        offered = {name for names in held for name in names}
        unheld = {  # a name also offered (Seamanship beside MASTER SEAMANSHIP) is offered
            Answer.of(NOT_HELD, name=name): [name, f"[use] [my] {name}"]
            for section in out_of_reach
            for name in section.requirements
            if name not in offered
        }
        prompt = f"You may use {spoken}. Which do you choose?"
        if out_of_reach:
            prompt = f"The tale lists {spoken_list(listed, 'and')}. {prompt}"
        return Step(
            prompt,
            PhraseSet.from_templates({**choices, **unheld}, labels=labels),
            offered=frozenset(choices),
        )

    def _on_section(self, answer: Answer) -> list[Speech]:
        paragraph = self._read_paragraph()
        if answer.intent == NOT_HELD:
            raise IllegalAction(
                f"{self.sheet.name} does not have {answer['name']}. {self.step().prompt}"
            )
        return self._read_section(self._usable_sections(paragraph)[int(answer[SECTION])])

    def _read_section(self, section: Section) -> list[Speech]:
        speeches = []
        if section.mandatory:
            held = spoken_list(section.requirements, "or")
            must = "this part of the tale must be read."
            speeches.append(
                Speech(
                    f"Because you hold {held}, {must}",
                    chronicled=f"Because {self.sheet.name} holds {held}, {must}",
                )
            )
        text = self._named(section.text)
        speeches.append(Speech(text, reading=True))
        return speeches + self._reward(section.reward_code)


def _shortcut_options(shortcuts: list[MasterShortcut]) -> dict[Answer, str]:
    """Answer -> how it is said, one per (paragraph, Master skill) pair: by the Destiny Die
    face that would lead there ("Seamanship for the plus result"), a paragraph's number
    meaning nothing to a table listening."""
    return {
        _shortcut(cut, skill): f"{skill} for the {cut.face} result"
        if cut.face
        else f"{skill} to paragraph {cut.paragraph}"
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
            if cut.face:
                ways.append(f"[use] [my] [master] {skill} [for|to] [the] {cut.face} [result]")
            if cut.face and len(cut.skills) == 1:
                ways.append(f"[the] {cut.face} result")
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


NOT_HELD = "not held"
"""The intent of a section's skill, status or treasure the player does not hold."""


def _held(section: Section, sheet: PlayerSheet) -> list[str]:
    """The requirements of ``section`` that ``sheet`` (treasures counted) holds."""
    if section.master:
        return [name for name in section.requirements if sheet.skill_level(name) == "Master"]
    return [name for name in section.requirements if sheet.holds(name)]


def _section(index: int) -> Answer:
    return Answer.of(SECTION, section=index)
