"""Understanding an answer: what it means at a step, how sure we are, and what to do.

The session loop hands everything heard at a step to :meth:`Understanding.judge`, and
carries out the verdict; this module alone decides:

* what an answer means at a step (:func:`understand`): the step's own answers first, then
  the global commands; typed text, a free answer (a name) typed or written down from
  speech;
* how sure the companion is (:func:`confidence_of`: the recogniser's certainty times the
  matcher's, capped below acceptance when another answer comes close);
* what to do (:class:`Verdict`): take it at ACCEPT_CONFIDENCE, ask it back ("Did you
  say …?") from CONFIRM_CONFIDENCE, else say it was missed; the same unsure answer heard
  twice in a row is asked back from a lower level (:func:`repeated_confirm_confidence`);
  a secret is never asked back (that would tell it);
* when to list the options: after FAILURES_BEFORE_OPTIONS misses, the likely answers by
  number (:meth:`Understanding.numbered`: "Say one for Basra, two for Mosul"; digits are
  heard far better than place names);
* what learning ears are told: whose voice comes next (:meth:`Understanding.attend`) and
  which answer their last utterance turned out to be, once taken (:meth:`Understanding.taken`).

>>> from companion.framework.phrases import PhraseSet
>>> names = {Answer(name): name for name in ("Aden", "Basra", "Mosul")}
>>> places = PhraseSet.from_templates(names, labels=names)
>>> step = Step("Where to?", places)
>>> understanding = Understanding()
>>> understanding.judge(Heard("basra", 0.3), step, places).verdict
<Verdict.MISS: 'miss'>
>>> understanding.judge(Heard("basra", 0.6), step, places).verdict
<Verdict.CONFIRM: 'confirm'>
>>> listed = understanding.numbered(step)
>>> listed.prompt
'Say one for Basra, two for Aden, or three for Mosul.'
>>> listed.expects.match("three").value
Answer(intent='Mosul', slots=())
>>> understand(Heard("fife", 0.9), Step("Roll.", PhraseSet.numbers(range(1, 7))),
...            PhraseSet.numbers(range(1, 7))).value == Answer.number(5)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from rapidfuzz import fuzz, process

from companion.framework.answers import Answer
from companion.framework.dialogue import Dialogue, Step, yes_no
from companion.framework.phrases import Match, PhraseSet, number_to_words
from companion.session.ports import (
    ACCEPT_CONFIDENCE,
    CONFIRM_CONFIDENCE,
    TABLE,
    Command,
    Heard,
    LearningEars,
    said_as_numbers,
)

FAILURES_BEFORE_OPTIONS = 2
"""After this many answers it did not catch, the companion lists the options."""


REPEATED_CONFIRM_CONFIDENCE = 0.15
"""The same unsure answer heard twice in a row at one step is asked back from this level:
two hearings agreeing are better evidence than one, and chatter rarely repeats itself."""
REPEATED_NAME_CONFIDENCE = 0.08
"""The same, at a step whose answers are names (places, cards, deeds), not numbers: a name
whisper hears badly is heard badly again, while table talk seldom sounds like the same
name twice. Chosen on answers outside bench_game_phrases.py's reported sample (see
docs/voice.md); rolls keep REPEATED_CONFIRM_CONFIDENCE ("tree" and "three")."""
TYPED_MINIMUM_SCORE = 0.75
"""Typed text less similar than this to every phrase is not understood (no guessing)."""
SURE_CONFIDENCE = 0.5
"""A clear yes, no or "resume" at least this sure is taken (see :attr:`Understood.sure`)."""


class Verdict(StrEnum):
    """What the session does with an answer heard."""

    TAKE = "take"
    """Sure enough: carry it out."""
    CONFIRM = "confirm"
    """Unsure: ask "Did you say …?" and carry it out on a yes."""
    MISS = "miss"
    """Nothing allowed was understood, or too unsure to ask: say so and ask again."""


@dataclass(frozen=True)
class Judgement:
    """An answer heard, understood, and what to do with it."""

    understood: Understood
    verdict: Verdict


@dataclass
class Understood:
    """An answer as the session understood it."""

    value: Answer | None
    """The answer's value (None: nothing allowed now was recognised)."""
    confidence: float
    """0 to 1: the recogniser's certainty times the matcher's; below
    ACCEPT_CONFIDENCE the session asks before acting."""
    label: str = ""
    """The answer in the players' words: for "Did you say ...?" and the live view."""
    exact: bool = False
    """True when the words were exactly one of the answer's phrases."""
    clear: bool = False
    """True when no other answer comes close (see :attr:`Match.clear`)."""

    @property
    def is_command(self) -> bool:
        return isinstance(self.value, Command)

    @property
    def sure(self) -> bool:
        """Clear enough for a yes, a no or "resume": an unclear word is never taken for
        one of them ("help" is not "yep", "constantinople" is not "continue")."""
        return self.clear and self.confidence >= SURE_CONFIDENCE


ANSWERS_INSTEAD_OF_YES = 64
"""A step with at most this many answers may be answered again at its "Did you say …?"
instead of a yes or a no (the Reader's map, 41 spaces and "stay", is the one most asked
back); a larger one (Samarande's actions, about 2,000) would crowd out the yes and no."""


def may_answer_instead(step: Step, language: str = "en") -> bool:
    """Whether a sure answer to ``step`` said at its "Did you say …?" is taken: not for
    a free or secret answer, a step with many answers, or one whose own answers are said
    as yes or no (a "no" there would mean two things).

    >>> from companion.framework.dialogue import yes_or_no
    >>> towns = PhraseSet.from_templates({Answer.of("go", to=town): [town]
    ...                                   for town in ("Mosul", "Basra")})
    >>> may_answer_instead(Step("Where to?", towns))
    True
    >>> may_answer_instead(Step("Keep it?", yes_or_no({})))
    False
    """
    if step.free_text or step.private or len(step.expects.values) > ANSWERS_INSTEAD_OF_YES:
        return False
    said_as_yes_or_no = {phrase.text for phrase in yes_no(language).phrases}
    return not any(phrase.text in said_as_yes_or_no for phrase in step.expects.phrases)


def understand(heard: Heard, step: Step, phrases: PhraseSet) -> Understood:
    """What an answer means at ``step`` and how sure the companion is of it.

    ``phrases`` is everything allowed now: the step's answers and the global commands.
    A step's own answer wins over a global command said the same way ("help").
    """
    own = step.expects.match(heard.text)
    match = own if own is not None and own.score == 1.0 else phrases.match(heard.text)
    if step.free_text and heard.typed:
        if match is not None and match.score == 1.0:
            return Understood(match.value, 1.0, phrases.label(match.value), True, True)
        typed = heard.text.strip()
        return Understood(Answer.free(typed), 1.0, typed)
    if step.free_text and heard.dictated:
        written = written_down(heard.text)
        if not written:
            return Understood(None, 0.0)
        return Understood(Answer.free(written), heard.confidence, written)
    if match is None or (heard.typed and match.score < TYPED_MINIMUM_SCORE):
        return Understood(None, 0.0)
    exact = match.score == 1.0
    return Understood(
        match.value,
        confidence_of(heard, match),
        phrases.label(match.value),
        exact=exact,
        clear=match.clear or (exact and match.runner_up < 1.0),
    )


def repeated_confirm_confidence(answers: PhraseSet) -> float:
    """How sure an unsure answer heard twice in a row at a step with these ``answers``
    must be to be asked back.

    >>> repeated_confirm_confidence(PhraseSet.numbers(range(1, 7)))
    0.15
    >>> repeated_confirm_confidence(PhraseSet.of("basra", "baghdad"))
    0.08
    """
    if said_as_numbers(answers):
        return REPEATED_CONFIRM_CONFIDENCE
    return REPEATED_NAME_CONFIDENCE


def written_down(text: str) -> str:
    """A free answer as the recogniser wrote it, without what frames it.

    >>> written_down(" My name is Ali Baba.")
    'Ali Baba'
    >>> written_down("I'm Zumurrud!"), written_down("Synpad Synpad Synpad"), written_down("...")
    ('Zumurrud', 'Synpad', '')
    """
    said = text.strip().strip(".,!?;: ").split()
    words = [word for index, word in enumerate(said) if index == 0 or word != said[index - 1]]
    for lead in FREE_ANSWER_LEADS:
        if [word.lower() for word in words[: len(lead)]] == list(lead) and len(words) > len(lead):
            words = words[len(lead) :]
            break
    return " ".join(words).strip(".,!?;: ")


FREE_ANSWER_LEADS = (("my", "name", "is"), ("i", "am"), ("i'm",), ("call", "me"), ("it's",))
"""Words that frame a name said aloud ("My name is Ali")."""


def confidence_of(heard: Heard | None, match: Match) -> float:
    """Combined certainty of an answer: the recogniser's times the matcher's."""
    if heard is None:
        return 0.0
    certainty = heard.confidence * match.score
    exact = match.score == 1.0 and match.runner_up < 1.0
    return certainty if match.clear or exact else min(certainty, ACCEPT_CONFIDENCE - 0.01)


LISTED = 4
"""At most this many answers are offered by number."""


def speaker_of(dialogue: Dialogue, step: Step | None = None) -> str:
    """The player ``step`` is put to (:attr:`Step.asks`), else the player whose turn it is
    (the first player named by ``whose_turn()``), else TABLE."""
    if step is not None and step.asks:
        return step.asks
    turn = dialogue.whose_turn()
    return next((name for name in dialogue.player_names() if name in turn), TABLE)


@dataclass
class Understanding:
    """One session's understanding: what was heard at the current step, the unsure answer
    heard last, and the numbered lists offered."""

    _heard: dict[str, list[str]] = field(default_factory=dict)
    """Step prompt -> the texts heard there since it was first asked."""
    _listed: Step | None = None
    """The numbered step offered last (its answers are digits, not the names)."""
    _unsure: tuple[str, Answer] | None = None
    """The step and answer last heard too unsure to ask back."""

    def judge(self, heard: Heard, step: Step, phrases: PhraseSet) -> Judgement:
        """What ``heard`` means at ``step`` (``phrases``: everything allowed now) and
        whether to take it, ask it back or say it was missed."""
        understood = understand(heard, step, phrases)
        self.note(step, heard)
        return Judgement(understood, self._verdict(understood, step))

    def _verdict(self, understood: Understood, step: Step) -> Verdict:
        if understood.value is None:
            return Verdict.MISS
        if understood.confidence >= ACCEPT_CONFIDENCE:
            return Verdict.TAKE
        if step.private:  # "Did you say seven?" would tell the secret
            return Verdict.MISS
        unsure = (step.prompt, understood.value)
        heard_twice = (
            self._unsure == unsure
            and understood.confidence >= repeated_confirm_confidence(step.expects)
        )
        if understood.confidence < CONFIRM_CONFIDENCE and not heard_twice:
            self._unsure = unsure
            return Verdict.MISS
        self._unsure = None
        return Verdict.CONFIRM

    def attend(self, ears: object, dialogue: Dialogue, step: Step) -> None:
        """Tell learning ears whose answer comes next (see :func:`speaker_of`)."""
        attend(ears, speaker_of(dialogue, step))

    def note(self, step: Step, heard: Heard) -> None:
        """``heard`` was caught (maybe unsure, maybe nothing allowed) at ``step``; typed
        answers do not count: a numbered list helps voices only."""
        if heard.text and not heard.typed:
            self._heard.setdefault(step.prompt, []).append(heard.text)

    def numbered(self, step: Step) -> Step | None:
        """The step again, its likely answers offered by number (every answer can still be
        said by its name); None when numbers would
        not help (answers that are numbers already, free answers, one answer) or would tell
        a secret (a secret answer, a hand's cards kept off the table)."""
        answers = step.expects
        if step.kept_from_table or step.free_text or len(answers.values) < 2:
            return None
        if said_as_numbers(answers):
            return None
        likely = self.likely(step)
        if not likely or step.prompt not in self._heard:
            return None
        spoken = [f"{number_to_words(n)} for {answers.label(v)}" for n, v in enumerate(likely, 1)]
        spoken[-1] = ("or " if len(spoken) > 1 else "") + spoken[-1]
        numbers = {value: number_to_words(n) for n, value in enumerate(likely, 1)}
        choices = {
            value: [*answers.phrases_for(value), *_said_as_number(numbers.get(value))]
            for value in answers.values
        }
        labels = {value: answers.label(value) for value in answers.values}
        listed = replace(
            step,
            prompt=f"Say {', '.join(spoken)}.",
            expects=PhraseSet.from_templates(choices, labels=labels),
            hint=None,
        )
        self._listed = listed
        return listed

    def likely(self, step: Step) -> list[Answer]:
        """Up to LISTED of the answers offered: those heard at this step, then those spelled
        most like what was heard, then (when there are no more than LISTED) the others."""
        answers = step.expects
        offered = [value for value in answers.values if step.offers(value)]
        heard = list(reversed(self._heard.get(step.prompt, [])))
        ranked: list[Answer] = []
        for text in heard:
            match = answers.match(text)
            if match is not None and match.value not in ranked and match.value in offered:
                ranked.append(match.value)
        labels = {value: answers.label(value).lower() for value in offered}
        for text in heard:
            for _, _, value in process.extract(text, labels, scorer=fuzz.WRatio, limit=LISTED):
                if value not in ranked:
                    ranked.append(value)
        if len(offered) <= LISTED:
            ranked.extend(value for value in offered if value not in ranked)
        return ranked[:LISTED]

    def taken(self, ears: object, step: Step, value: Answer) -> None:
        """``value`` was accepted or confirmed at ``step``: forget the misses there, and
        tell learning ears that their latest utterance meant ``value`` (not after a
        numbered list: "two" is no example of how a player says "Mosul")."""
        self._heard.pop(step.prompt, None)
        if isinstance(ears, LearningEars) and step is not self._listed:
            ears.learn(value)


def _said_as_number(number: str | None) -> list[str]:
    return [] if number is None else [number, f"number {number}"]


def attend(ears: object, voice: str) -> None:
    """Tell learning ears whose answer comes next."""
    if isinstance(ears, LearningEars):
        ears.attend(voice)
