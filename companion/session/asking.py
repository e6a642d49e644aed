"""How the session asks when the voice fails, and how the ears learn from its answers.

* When a step's answer is missed twice, :meth:`Asking.numbered` offers a short numbered
  list of the likely answers ("Say one for Basra, two for Mosul"): digits are heard far
  better than place names. The likely answers are what was heard during the misses,
  then the answers spelled most like it.
* Ears that learn each voice (:class:`LearningEars`) are told whose answer is expected
  and which answer the last utterance turned out to be, once it is accepted or
  confirmed.

>>> from companion.session.ports import Heard
>>> from companion.framework.phrases import PhraseSet
>>> names = ("Aden", "Basra", "Mosul")
>>> places = PhraseSet.from_templates({p: p.lower() for p in names}, labels={p: p for p in names})
>>> asking = Asking()
>>> asking.note(Step("Where to?", places), Heard("basra", 0.3))
>>> listed = asking.numbered(Step("Where to?", places))
>>> listed.prompt
'Say one for Basra, two for Aden, or three for Mosul.'
>>> listed.expects.match("three").value
'Mosul'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rapidfuzz import fuzz, process

from companion.framework.dialogue import Dialogue, Step
from companion.framework.phrases import PhraseSet, number_to_words
from companion.session.ports import TABLE, Heard, LearningEars, said_as_numbers

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
class Asking:
    """What was heard at the current step, and the numbered lists offered."""

    _heard: dict[str, list[str]] = field(default_factory=dict)
    """Step prompt -> the texts heard there since it was first asked."""
    _listed: Step | None = None
    """The numbered step offered last (its answers are digits, not the names)."""

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

    def likely(self, step: Step) -> list[str]:
        """Up to LISTED of the answers offered: those heard at this step, then those spelled
        most like what was heard, then (when there are no more than LISTED) the others."""
        answers = step.expects
        offered = [value for value in answers.values if step.offers(value)]
        heard = list(reversed(self._heard.get(step.prompt, [])))
        ranked: list[str] = []
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

    def answered(self, ears: object, step: Step, value: str) -> None:
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
