"""Phrase sets: every answer a dialogue step accepts, expanded from templates.

A :class:`PhraseSet` is the single source of truth for one step. The same object gives
the speech engines their grammar (see :mod:`companion.voice.grammars`) and gives the
text matcher its candidates, so what the recogniser may hear and what the matcher may
accept never drift apart.

Templates follow hassil's spirit:

* ``[word]`` is optional,
* ``(a|b)`` is an alternative,
* ``{slot}`` is replaced by every entry of a slot list.

>>> sorted(expand_template("roll[ed] (a|an) {n}", {"n": ["one"]}))
['roll a one', 'roll an one', 'rolled a one', 'rolled an one']
>>> dice = PhraseSet.numbers(range(1, 7), templates=["{n}", "i rolled [a] {n}"])
>>> dice.match("I rolled a 5").value == Answer.number(5)
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from rapidfuzz import fuzz, process

from companion.framework.answers import NUMBER, Answer

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()

#: How sure the text matcher must be, and by how much the best answer must beat the
#: best *different* answer, for a match to count as a clear winner.
CLEAR_SCORE = 0.86
CLEAR_MARGIN = 0.12
#: Below this score a match is no match at all.
MINIMUM_SCORE = 0.55


def number_to_words(number: int) -> str:
    """Spell a whole number from 0 to 999 the way players say it.

    >>> number_to_words(42)
    'forty two'
    >>> number_to_words(703)
    'seven hundred three'
    """
    if not 0 <= number <= 999:
        raise ValueError(f"cannot spell {number}: only 0 to 999 are spoken")
    if number < 20:
        return _UNITS[number]
    if number < 100:
        tens, units = divmod(number, 10)
        return _TENS[tens - 2] + ("" if units == 0 else " " + _UNITS[units])
    hundreds, rest = divmod(number, 100)
    head = f"{_UNITS[hundreds]} hundred"
    return head if rest == 0 else f"{head} {number_to_words(rest)}"


def words_to_number(words: str) -> int | None:
    """The number that ``words`` spell (0 to 999), or None if they spell none.

    >>> words_to_number("forty two"), words_to_number("seven hundred three")
    (42, 703)
    >>> words_to_number("one two") is None
    True
    """
    return _SPELLED.get(words)


_SPELLED = {number_to_words(n): n for n in range(1000)}


CONTRACTIONS = {"whos": "who's", "whats": "what's", "thats": "that's", "lets": "let's"}
"""Words that :func:`normalize` writes without their apostrophe, as a transcriber writes
them: whisper writes "who's turn", whose tokens are not those of "whos turn"."""


def written_forms(text: str) -> list[str]:
    """How a transcriber may write a normalised phrase: as words, and with numbers in digits;
    a phrase with a contraction also with its apostrophe (see :data:`CONTRACTIONS`).

    >>> written_forms("i rolled a twenty one")
    ['i rolled a twenty one', 'i rolled a 21']
    >>> written_forms("pray")
    ['pray']
    >>> written_forms("whos turn")
    ['whos turn', "who's turn"]
    """
    contracted = " ".join(CONTRACTIONS.get(word, word) for word in text.split())
    forms = _number_forms(text)
    return forms if contracted == text else [*forms, *_number_forms(contracted)]


def _number_forms(text: str) -> list[str]:
    """The phrase as words, and with its numbers in digits when it has any."""
    words, digits, index = text.split(), [], 0
    while index < len(words):
        for end in range(min(len(words), index + 4), index, -1):
            number = words_to_number(" ".join(words[index:end]))
            if number is not None:
                digits.append(str(number))
                index = end
                break
        else:
            digits.append(words[index])
            index += 1
    written = " ".join(digits)
    return [text] if written == text else [text, written]


SYNONYMS: dict[str, tuple[str, ...]] = {
    "plus": ("up", "add"),
    "minus": ("down", "take away"),
    "blank": ("nothing", "empty", "none"),
    "yes": ("yeah", "yep"),
    "no": ("nope",),
}
"""Words players use for the same answer; see :func:`with_synonyms`."""


def with_synonyms(template: str, synonyms: Mapping[str, Iterable[str]] = SYNONYMS) -> str:
    """The template with each word that has synonyms turned into an alternative.

    >>> with_synonyms("plus one")
    '(plus|up|add) one'
    >>> sorted(expand_template(with_synonyms("blank")))
    ['blank', 'empty', 'none', 'nothing']
    """
    return " ".join(
        f"({'|'.join((word, *synonyms[word]))})" if word in synonyms else word
        for word in template.split()
    )


_TOKEN = re.compile(r"(?:[^\W_]|')+")
"""A word: letters and digits of any script, with apostrophes inside."""


def normalize(text: str) -> str:
    """Lower-case words only, with digits spelled out and apostrophes dropped.

    >>> normalize("I rolled a 5!")
    'i rolled a five'
    >>> normalize("  The 'Efreet's  ")
    'the efreets'
    >>> normalize("Sindbād, 하나!")
    'sindbād 하나'
    """
    words = []
    for token in _TOKEN.findall(text.lower().replace("’", "'")):
        token = token.replace("'", "")
        if token.isascii() and token.isdigit() and len(token) <= 3:
            words.append(number_to_words(int(token)))
        elif token:
            words.append(token)
    return " ".join(words)


TEMPLATE_SIGNS = str.maketrans(dict.fromkeys("()[]{}|", " "))
"""The characters a template gives a meaning to."""


def literal(text: str) -> str:
    """``text`` (a player's or a place's name: data) as a template that stands for just
    it: the template signs become spaces, which :func:`normalize` drops anyway, so the
    phrase is the one the name itself would give.

    >>> sorted(expand_template(f"status of {literal('Ali(')}"))
    ['status of ali']
    >>> sorted(expand_template(literal("{name} [/bold] 100%")))
    ['name bold one hundred']
    """
    return text.translate(TEMPLATE_SIGNS)


def _split_alternatives(body: str) -> list[str]:
    parts, depth, current = [], 0, []
    for char in body:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == "|" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def _closing(template: str, start: int) -> int:
    depth = 0
    for index in range(start, len(template)):
        if template[index] in "([":
            depth += 1
        elif template[index] in ")]":
            depth -= 1
            if depth == 0:
                return index
    raise ValueError(f"unbalanced brackets in template {template!r}")


def _expand(template: str, slots: Mapping[str, Iterable[str]]) -> list[str]:
    for index, char in enumerate(template):
        if char in "([":
            end = _closing(template, index)
            options = _split_alternatives(template[index + 1 : end])
            if char == "[":
                options.append("")
            head, tail = template[:index], template[end + 1 :]
            return [
                expanded for option in options for expanded in _expand(head + option + tail, slots)
            ]
        if char == "{":
            end = template.index("}", index)
            name = template[index + 1 : end]
            if name not in slots:
                raise ValueError(f"template {template!r} names unknown slot {{{name}}}")
            head, tail = template[:index], template[end + 1 :]
            return [
                expanded
                for value in slots[name]
                for expanded in _expand(head + value + tail, slots)
            ]
    return [template]


def expand_template(template: str, slots: Mapping[str, Iterable[str]] | None = None) -> set[str]:
    """Every normalised phrase a template stands for."""
    return {
        phrase for phrase in (normalize(text) for text in _expand(template, slots or {})) if phrase
    }


@dataclass(frozen=True)
class Phrase:
    """One thing a player may say, and the answer it stands for."""

    text: str
    """The normalised words, e.g. ``"i rolled a five"``."""
    value: Answer
    """The answer handed to the dialogue, e.g. ``Answer.of("number", number=5)``."""


@dataclass(frozen=True)
class Match:
    """The text matcher's verdict on one utterance."""

    value: Answer
    """The best answer."""
    phrase: str
    """The phrase of that answer closest to what was heard."""
    score: float
    """Similarity from 0 to 1 (1 is an exact phrase)."""
    runner_up: float
    """The best score of any *other* answer (0 when there is none)."""

    @property
    def clear(self) -> bool:
        """True when this answer clearly wins and may be accepted without confirmation."""
        return self.score >= CLEAR_SCORE and self.score - self.runner_up >= CLEAR_MARGIN


@dataclass(frozen=True)
class PhraseSet:
    """The answers accepted at one step, each with every way of saying it."""

    phrases: tuple[Phrase, ...]
    labels: Mapping[Answer, str] = field(default_factory=dict)
    """How to speak each answer when listing options (defaults to its shortest phrase)."""

    @classmethod
    def from_templates(
        cls,
        choices: Mapping[Answer, Iterable[str] | str],
        slots: Mapping[str, Iterable[str]] | None = None,
        labels: Mapping[Answer, str] | None = None,
    ) -> PhraseSet:
        """Build from ``{answer: [template, ...]}``.

        >>> from companion.framework.answers import NO, YES
        >>> yes_no = PhraseSet.from_templates({YES: ["yes", "yeah"], NO: "no [thanks]"})
        >>> sorted(yes_no.phrases_for(NO))
        ['no', 'no thanks']
        """
        phrases = []
        for value, templates in choices.items():
            if not isinstance(value, Answer):
                raise TypeError(f"a phrase stands for an Answer, not {value!r}")
            for template in [templates] if isinstance(templates, str) else templates:
                phrases.extend(Phrase(text, value) for text in expand_template(template, slots))
        return cls(tuple(dict.fromkeys(phrases)), dict(labels or {}))

    @classmethod
    def numbers(cls, numbers: Iterable[int], templates: Iterable[str] = ("{n}",)) -> PhraseSet:
        """One answer per number (``Answer.number(n)``, said as its digits):
        ``numbers(range(1, 7))``."""
        templates = list(templates)
        choices = {
            Answer.number(n): [said.replace("{n}", number_to_words(n)) for said in templates]
            for n in numbers
        }
        labels = {answer: str(answer[NUMBER]) for answer in choices}
        return cls.from_templates(choices, labels=labels)

    @classmethod
    def of(cls, *intents: str) -> PhraseSet:
        """One answer per intent, said as the intent: ``PhraseSet.of("pray", "wait")``."""
        return cls.from_templates({Answer(intent): intent for intent in intents}, labels={})

    def __or__(self, other: PhraseSet) -> PhraseSet:
        return PhraseSet(
            tuple(dict.fromkeys(self.phrases + other.phrases)), {**self.labels, **other.labels}
        )

    @cached_property
    def values(self) -> tuple[Answer, ...]:
        """The distinct answers, in the order they were given."""
        return tuple(dict.fromkeys(phrase.value for phrase in self.phrases))

    def phrases_for(self, value: Answer) -> list[str]:
        """Every phrase that stands for ``value``."""
        return list(self._texts_by_value.get(value, ()))

    @cached_property
    def _texts_by_value(self) -> dict[Answer, list[str]]:
        """Each answer's phrases, in order, found in one pass (labels ask for many)."""
        by_value: dict[Answer, list[str]] = {}
        for phrase in self.phrases:
            by_value.setdefault(phrase.value, []).append(phrase.text)
        return by_value

    def label(self, value: Answer) -> str:
        """How to speak ``value`` when listing the options."""
        return self.labels.get(value) or min(self.phrases_for(value), key=len)

    def words(self) -> set[str]:
        """Every word of every phrase: the recogniser's vocabulary."""
        return {word for phrase in self.phrases for word in phrase.text.split()}

    def without(self, values: Iterable[Answer]) -> PhraseSet:
        """A copy that no longer accepts ``values``."""
        dropped = set(values)
        return PhraseSet(
            tuple(p for p in self.phrases if p.value not in dropped),
            {k: v for k, v in self.labels.items() if k not in dropped},
        )

    def match(self, heard: str) -> Match | None:
        """The answer closest to ``heard``, or None when nothing is close enough.

        An exact phrase scores 1 and is found by lookup. Otherwise words are compared
        with rapidfuzz's native scorers, so small slips ("I rolled a fiv") still find
        their answer, with a lower score.
        """
        text = normalize(heard)
        if not text or not self.phrases:
            return None
        ranked = self._ranked_values(text)
        (value, (score, phrase)), others = ranked[0], ranked[1:]
        if score < MINIMUM_SCORE:
            return None
        runner_up = others[0][1][0] if others else 0.0
        return Match(value, phrase, score, runner_up)

    @cached_property
    def _texts(self) -> list[str]:
        return [phrase.text for phrase in self.phrases]

    @cached_property
    def _exact(self) -> dict[str, int]:
        """The index of the first phrase of each text."""
        first: dict[str, int] = {}
        for index, text in enumerate(self._texts):
            first.setdefault(text, index)
        return first

    @cached_property
    def _by_width(self) -> dict[int, tuple[list[str], list[int]]]:
        """Phrase texts and their indexes, grouped by how many words they have."""
        groups: dict[int, tuple[list[str], list[int]]] = {}
        for index, text in enumerate(self._texts):
            texts, indexes = groups.setdefault(len(text.split()), ([], []))
            texts.append(text)
            indexes.append(index)
        return groups

    @cached_property
    def _value_ids(self) -> np.ndarray:
        """For each phrase, the position of its answer in :attr:`values`."""
        position = {value: index for index, value in enumerate(self.values)}
        return np.array([position[phrase.value] for phrase in self.phrases])

    def _ranked_values(self, text: str) -> list[tuple[Answer, tuple[float, str]]]:
        """Each answer with its best score and phrase, best first (ties: earlier phrase)."""
        scores = self._scores(text)
        exact = self._exact.get(text)
        if exact is not None:
            scores[exact] = 100.0
        order = np.argsort(-scores, kind="stable")
        _, first = np.unique(self._value_ids[order], return_index=True)
        best_phrases = order[np.sort(first)]
        values = self.values
        return [
            (values[self._value_ids[index]], (float(scores[index]) / 100, self._texts[index]))
            for index in best_phrases
        ]

    def _scores(self, text: str) -> np.ndarray:
        """Similarity (0 to 100) of ``text`` to every phrase, forgiving about filler words
        around a phrase ("well I think I rolled a five"): rapidfuzz's native ratio of the
        whole utterance, and of each stretch of it as long as the phrase (times 0.92)."""
        scores = process.cdist([text], self._texts, scorer=fuzz.ratio, dtype=np.float64)[0]
        heard_words = text.split()
        for width, (texts, indexes) in self._by_width.items():
            if width >= len(heard_words):
                continue
            windows = [
                " ".join(heard_words[i : i + width]) for i in range(len(heard_words) - width + 1)
            ]
            inside = process.cdist(windows, texts, scorer=fuzz.ratio, dtype=np.float64).max(axis=0)
            scores[indexes] = np.maximum(scores[indexes], inside * 0.92)
        return scores
