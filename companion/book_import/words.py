"""Which words are words: the book's own vocabulary, the pack's names and an English
dictionary (Debian's ``hunspell-en-us``, read by spylls), and the readings an OCR engine
confuses (``rn`` for ``m``, ``c`` for ``e``, ``1`` for ``l``).

>>> lexicon = Lexicon(dictionary=None, names=["Treasure"], book=["the"] * 3 + ["water"])
>>> lexicon.is_word("Treasure"), lexicon.is_word("Treasnre")
(True, False)
>>> lexicon.confusable_fix("Treasnre"), lexicon.confusable_fix("thc", listed_only=False)
('Treasure', 'the')
>>> lexicon.suggest("Treasrue")
'Treasure'
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import chain, pairwise
from pathlib import Path
from typing import Protocol

import snowballstemmer
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

# What an engine reads for what is printed (read, printed). The strong ones are so typical
# of OCR that a dictionary word they give is taken; a weak one must give a word the book
# itself uses elsewhere (``Marid`` is not ``Morid``).
STRONG_CONFUSIONS: tuple[tuple[str, str], ...] = (
    ("rn", "m"), ("c", "e"), ("1", "l"), ("1", "I"), ("|", "l"), ("|", "I"), ("0", "o"),
    ("0", "O"), ("cl", "d"), ("li", "h"), ("vv", "w"), ("ii", "n"), ("5", "S"), ("8", "B"),
)  # fmt: skip
WEAK_CONFUSIONS: tuple[tuple[str, str], ...] = (
    ("m", "rn"), ("e", "c"), ("n", "u"), ("u", "n"), ("l", "1"), ("I", "l"), ("l", "I"),
    ("o", "0"), ("h", "b"), ("b", "h"), ("t", "f"), ("f", "t"), ("i", "l"), ("l", "i"),
    ("a", "o"), ("o", "a"), ("c", "o"), ("o", "c"), ("n", "m"), ("m", "n"),
)  # fmt: skip
# (read, printed) that turn one word of the language into another (``tom`` for ``torn``,
# ``stem`` for ``stern``, ``coin`` for ``coffin`` with its ligature lost): the dictionary
# and the book's word counts cannot tell them apart, only the print can.
WORD_TO_WORD_CONFUSIONS: tuple[tuple[str, str], ...] = (("m", "rn"), ("i", "ffi"))
DICTIONARIES = Path("/usr/share/hunspell")
# --lang (Tesseract's codes) to hunspell's dictionaries (English books may spell either
# way), and the Debian package that installs them.
LANGUAGES = {
    "eng": ("en_GB", "en_US"), "fra": ("fr_FR", "fr"), "deu": ("de_DE", "de_AT", "de_CH"),
    "spa": ("es_ES", "es"), "ita": ("it_IT",), "por": ("pt_PT", "pt_BR"), "nld": ("nl",),
}  # fmt: skip
DICTIONARY_PACKAGES = {
    "eng": "hunspell-en-us hunspell-en-gb", "fra": "hunspell-fr", "deu": "hunspell-de-de",
    "spa": "hunspell-es", "ita": "hunspell-it", "por": "hunspell-pt-pt", "nld": "hunspell-nl",
}  # fmt: skip
_SENTENCE_ENDS = (".", "!", "?", ":", '"', "”", "’", "]")
_PLURAL_POSSESSIVES = ("s'", "s’")
_LETTER_PARTS = ("a", "I", "s", "d", "t", "m")  # a part of one letter (``I'm``, ``X's``)
PAIR_OFTEN = 3  # two words this book says together this often are its own phrase
USAGE_RATIO = 3  # a pair this book writes one way this many times as often as another
NO_POSSESSIVE_BEFORE = {"en": ("the", "a", "an")}  # a possessive never stands before these
Joint = tuple[str, str, str]  # the word before, the word a mark ends, the word after
Joints = Counter[tuple[str, str, str, str]]  # (before, word, mark, after): how often written
JOINT_OFTEN = 2  # a mark the book writes in three words' midst this often is its own
LOST_JOINT_RATIO = 10  # times as often as not a book writes a mark between two words, for it lost
JOINING_MARKS = ",;:"  # marks between two words of a sentence, that engines read one for another
CLAUSE_MARKS = ";:"  # the joining marks a writer does not drop at will, as a comma
_QUOTES = "\"”’'"
FAR_MORE = 10  # ... and this many times: the other way is a misreading
_EDGE_MARKS = "\"“”‘’'()[],.;:!?*"
_INNER_WORD = re.compile(r"[A-Za-z0-9|'’\-]+")
_SUGGESTION_SCORE = 80  # rapidfuzz ratio; lower gives names for sentences
COMMONER = 1.5  # Zipf units (a factor of about 30) by which a lookalike is far more common
COMMONER_ONCE = 2.0  # Zipf units (a factor of 100): a word said once beside a common one
PHRASE_OFTEN = 5  # times a book says three words together, for a reading of the third to be asked
SAID_OFTEN = 10  # times the book says that common word, for each time it says the rare one
MISREAD_ALIKE = 2  # times the book says a rare word, at most, for a common one to be asked
SPACED_LETTERS = 7  # a non-word this long may be words whose spaces were lost
SPACED_WORDS = 3  # when it reads as this many words at least: two may be a compound the
# dictionary lacks (``hoofprints``, ``ferrywoman``; a pair the book says is run_together's)
_LONGEST_WORD = 20  # letters of the longest word looked for in them
_JOINING_MARK_INSIDE = re.compile(r"([,;:])")  # words run together across a mark
_RUN_OF_WORDS = re.compile(r"[A-Za-z]+(?:['’\-][A-Za-z]+)*")  # letters, ' or - inside
PARTING_MARGIN = 1.0  # Zipf units (a factor of 10) by which a space one letter over reads better
PAIR_BONUS = 3.0  # Zipf units: two words the book says together read so rather than apart
COMMON_SHORT_WORD = 6.0
"""Zipf of the language's commonest words (``of`` 7.4, ``by`` 6.7): a word of one or two
letters parted out of a reward's name must be one (``al`` 5.2, ``pe`` 3.7 are scraps)."""
COMMON_IN_LANGUAGE = 5.0  # Zipf: ten times a million words (``so`` 7.2, ``seven`` 5.3)
RARE_IN_LANGUAGE = 3.5  # Zipf: a word read fewer than about 3 times a million words is rare
WORDFREQ_LANGUAGES = {"eng": "en", "fra": "fr", "deu": "de", "spa": "es", "ita": "it",
                      "por": "pt", "nld": "nl"}  # fmt: skip
SNOWBALL_LANGUAGES = {"en": "english", "fr": "french", "de": "german", "es": "spanish",
                      "it": "italian", "pt": "portuguese", "nl": "dutch"}  # fmt: skip

Neighbours = tuple[str | None, str | None]  # the words before and after a word, as read


class Dictionary(Protocol):
    def lookup(self, word: str) -> bool: ...


class Dictionaries:
    """Several hunspell dictionaries as one: a word in any of them is a word."""

    def __init__(self, dictionaries: list[Dictionary]) -> None:
        self.dictionaries = dictionaries

    def lookup(self, word: str) -> bool:
        return any(dictionary.lookup(word) for dictionary in self.dictionaries)


@cache
def english_dictionary(language: str = "eng") -> Dictionary | None:
    """The hunspell dictionaries for ``language`` (a Tesseract code), or None when no
    Debian package of them is installed (then only the book's own words count)."""
    try:
        from spylls.hunspell import Dictionary as Hunspell
    except ImportError:  # the "book" extra not installed: the book's own words only
        return None
    names = LANGUAGES.get(language, (language,))
    found = [
        Hunspell.from_files(str(DICTIONARIES / name))
        for name in names
        if (DICTIONARIES / f"{name}.dic").exists()
    ]
    return Dictionaries(found) if found else None


def language_notices(language: str) -> list[str]:
    """What the import cannot do for a book in ``language``, said before it starts.

    >>> language_notices("eng")
    []
    >>> language_notices("xyz")[0]
    "no hunspell dictionary is known for 'xyz': only the book's own words count as words"
    """
    notices = []
    if english_dictionary(language) is None:
        package = DICTIONARY_PACKAGES.get(language)
        notices.append(
            f"no hunspell dictionary for {language!r} is installed (Debian: sudo apt-get "
            f"install {package}): only the book's own words count as words" if package else
            f"no hunspell dictionary is known for {language!r}: only the book's own words "
            "count as words")  # fmt: skip
    if language != "eng":
        notices.append(
            "the book's structure is read in the words of docs/content-format.md (NO SKILL, "
            "ENCOUNTER CHART, MASTER, OR, (mandatory), male, female, and the reward codes' "
            "Go to, Lose, Move to): a book printed in another language has its own words "
            "for them, which the import does not translate; its headings and codes are listed"
        )
    return notices


def bare(token: str) -> str:
    """A token without the punctuation around it.

    >>> bare('"Water,"'), bare("(I,")
    ('Water', 'I')
    """
    return token.strip(_EDGE_MARKS)


def _inner_mark_between(pieces: list[str]) -> bool:
    """Whether words read run together hold an apostrophe or a hyphen inside one (so they
    are no compound the dictionary lacks), but for a possessive's at the end (a word said
    once with its ``'s`` is no two words: ``djinni ya's``).

    >>> [_inner_mark_between(p.split()) for p in ("lamp's owner", "a six-pointed", "djinni ya's")]
    [True, True, False]
    """
    last = re.sub(r"['’]s$", "", pieces[-1])
    return any(not piece.isalpha() for piece in [*pieces[:-1], last])


class Names:
    """The pack's names, to tell a word of one (``Carpet``) inside it (``your Flying
    Carpet``) from the same word outside it (``your Carpet``).

    >>> names = Names(["Flying Carpet", "Caliph"])
    >>> [names.holds(text.split(), 1) for text in ["your Carpet", "Flying Carpet", "the Caliph"]]
    [False, True, True]
    """

    def __init__(self, names: Iterable[str]) -> None:
        self._with: dict[str, list[list[str]]] = {}
        for name in names:
            parts = name.split()
            for part in set(parts):
                self._with.setdefault(part, []).append(parts)

    def holds(self, words: list[str], index: int) -> bool:
        """Whether ``words[index]`` is, with the words around it, a name as it is written."""
        word = words[index]
        for parts in self._with.get(word, ()):
            starts = (index - offset for offset, part in enumerate(parts) if part == word)
            if any(start >= 0 and words[start : start + len(parts)] == parts for start in starts):
                return True
        return False


class Lexicon:
    """The words of one book: a word is known when it is a name of the pack, is in the
    dictionary, or recurs in the book and no confusable reading of it is a better word."""

    def __init__(
        self,
        dictionary: Dictionary | None,
        names: Iterable[str],
        book: Iterable[str],
        language: str = "eng",
        capitals_mid_sentence: Counter[str] | None = None,
        joints: Joints | None = None,
    ) -> None:
        self.dictionary = dictionary
        self.capitals_mid_sentence = capitals_mid_sentence or Counter()
        self.language = WORDFREQ_LANGUAGES.get(language)
        names = list(names)
        self.names = {word.casefold(): word for name in names for word in name.split()}
        self.named = Names(names)
        book = list(book)
        words = [bare(word) for word in book]
        self.possessives = Counter(
            (bare(word).casefold(), bare(after).casefold(), word[-1])
            for word, after in pairwise(book)
            if word.endswith(_PLURAL_POSSESSIVES)
        )
        self.joints = joints or Counter()
        self.marked_pairs: Counter[tuple[str, str]] = Counter()
        self.marks_before: Counter[tuple[str, str]] = Counter()  # (mark, next word)
        self.marks_after: Counter[tuple[str, str]] = Counter()  # (word, mark)
        for (_before, word, mark, after), count in self.joints.items():
            self.marked_pairs[word, after] += count
            self.marks_before[mark, after] += count
            self.marks_after[word, mark] += count
        self.counts = Counter(word.casefold() for word in words)
        folded = [word.casefold() for word in words]
        self.pairs = Counter(pairwise(folded))
        triples = Counter(zip(folded, folded[1:], folded[2:], strict=False))
        self.said_often_after: dict[tuple[str, str], list[str]] = {}  # after two words
        for (first, second, third), count in triples.items():
            if count >= PHRASE_OFTEN:
                self.said_often_after.setdefault((first, second), []).append(third)
        self.lower_seen = {word for word in words if word.islower()}
        self.as_written = Counter(words)
        self._in_dictionary: dict[str, bool] = {}
        self._fixes: dict[tuple[str, bool], str | None] = {}

    def listed(self, word: str) -> bool:
        """In the names or the dictionary (not counting the book's own repeats)."""
        if word.casefold() in self.names:
            return True
        if self.dictionary is None:
            return False
        if word not in self._in_dictionary:
            parts = [part for part in re.split(r"[-’']", word) if part]
            found = self.dictionary.lookup(word) or (
                len(parts) > 1
                and all(self.dictionary.lookup(part) for part in parts)
                and all(len(part) > 1 or part in _LETTER_PARTS for part in parts)
            )
            self._in_dictionary[word] = found or self.dictionary.lookup(word.lower())
        return self._in_dictionary[word]

    def is_word(self, word: str) -> bool:
        word = bare(word)
        if not word or word.isdigit():
            return True
        if self.listed(word):
            return True
        return self.counts[word.casefold()] >= 2 and self.confusable_fix(word) is None

    def printed_lookalike(self, word: str) -> str | None:
        """Another word of the language that ``word`` may have been printed as (one of
        WORD_TO_WORD_CONFUSIONS undone at one place), or None.

        >>> lexicon = Lexicon(None, [], ["torn", "torn", "stern", "stern"])
        >>> lexicon.printed_lookalike("tom"), lexicon.printed_lookalike("stem")
        ('torn', 'stern')
        >>> lexicon.printed_lookalike("time") is None
        True
        """
        return next(
            (reading for reading in undone(bare(word), WORD_TO_WORD_CONFUSIONS)
             if self.is_word(reading)),
            None,
        )  # fmt: skip

    def rare(self, word: str) -> bool:
        """Rarer in the book than a confusable reading of it: e.g. a dictionary word ``tum``
        where the book says ``turn`` everywhere else."""
        fixed = self.confusable_fix(word, listed_only=False)
        return (
            fixed is not None and self.counts[fixed.casefold()] > self.counts[bare(word).casefold()]
        )

    def far_rarer(self, word: str, other: str) -> bool:
        """Said a tenth as often as ``other`` (and no word the language says often), or at
        most twice when the language says it seldom too: a reading to put right (``tum``
        once, ``turn`` 300 times), where ``an`` (368) beside ``on`` (1244) is a word of the
        book in its own right, ``tree`` said once in a few pages is no sign of ``free``,
        nor ``if`` once of ``it`` 20 times.

        >>> book = Lexicon(None, [], ["an"] * 4 + ["on"] * 12 + ["turn"] * 30 + ["tum"])
        >>> book.far_rarer("tum", "turn"), book.far_rarer("an", "on")
        (True, False)
        >>> book = Lexicon(None, [], ["tree", "free", "tum", "turn", "if"] + ["it"] * 20, "eng")
        >>> [book.far_rarer(*pair) for pair in [("tree", "free"), ("tum", "turn"), ("if", "it")]]
        [False, True, False]
        """
        seen, zipf = self.counts[bare(word).casefold()], self.zipf(bare(word).lower())
        if seen * FAR_MORE < self.counts[bare(other).casefold()]:
            return zipf < COMMON_IN_LANGUAGE
        return seen <= 2 and zipf < RARE_IN_LANGUAGE

    def said_beside(self, word: str, before: str | None, after: str | None, own: int = 0) -> int:
        """How often the book says ``word`` after ``before`` and before ``after`` (either may
        be None), less ``own`` of each pair (the place asked about, counted in the book).

        >>> book = Lexicon(None, [], "you are now an outlaw and an outlaw still".split())
        >>> book.said_beside("an", "now", "outlaw", own=1), book.said_beside("on", "now", "outlaw")
        (1, 0)
        """
        word = bare(word).casefold()
        pairs = [(bare(before).casefold(), word)] if before else []
        pairs += [(word, bare(after).casefold())] if after else []
        return sum(max(0, self.pairs[pair] - own) for pair in pairs)

    def said_far_more_beside(
        self, reading: str, word: str, beside: Neighbours, times: int, least: int = 0
    ) -> bool:
        """Whether the book says ``reading`` beside the words ``beside`` (before, after)
        ``times`` times as often as ``word`` (less the place asked about), and at least
        ``least`` times.

        >>> book = Lexicon(None, [], "in the crowd, in the crowd, in he crowd, in he crowd"
        ...                .replace(",", "").split())
        >>> [book.said_far_more_beside("the", "he", ("in", "crowd"), times=t) for t in (2, 3)]
        [True, False]
        >>> book.said_far_more_beside("the", "he", ("in", "crowd"), times=2, least=5)
        False
        """
        read = self.said_beside(word, *beside, own=1)
        return self.said_beside(reading, *beside) >= max(least, times * read)

    def commoner_lookalike(self, word: str) -> str | None:
        """A rare word of the language that an engine may read for a far more common one
        (``comer`` for ``corner``, ``tum`` for ``turn``: one confusion apart, or its first
        letter lost, ``alls`` for ``falls``; the other about 30 times as frequent, as a word
        or by its stem: ``comers`` is a third as rare as ``comer`` but ``corners`` is spread
        over fewer uses than ``corner``), said at most twice in the book or a tenth as often
        as the other.

        >>> Lexicon(None, [], []).commoner_lookalike("comer")
        'corner'
        >>> Lexicon(None, [], []).commoner_lookalike("comers")
        'corners'
        """
        word = bare(word)
        frequency = _zipf_reader()
        if (
            frequency is None or self.language is None or len(word) < 3
            or not word.isalpha() or word.casefold() in self.names
        ):  # fmt: skip
            return None
        read = frequency(word.lower(), self.language)
        if read >= RARE_IN_LANGUAGE:  # 'far' beside 'for', 'dawn' beside 'down': both common
            return None
        floor = read + COMMONER
        stem_floor = _stem_zipf(word.lower(), self.language) + COMMONER
        seen = self.counts[word.casefold()]
        for reading in _lookalikes(word):
            if (
                reading.isalpha()
                and (frequency(reading.lower(), self.language) >= floor
                     or (_stem_zipf(reading.lower(), self.language) >= stem_floor
                         and self._spelt(reading)))
                and (seen <= 2 or seen * FAR_MORE < self.counts[reading.casefold()])
            ):  # fmt: skip
                return reading
        return self._space_lost(word, floor) if seen <= 2 else None

    def _space_lost(self, word: str, floor: float) -> str | None:
        """``word`` parted in two of the language's commonest words (``ora``: ``or a``),
        when the language says the two together ``floor`` often. Compounds of rarer
        words (``overheard``, ``lamplight``) are no lost space.

        >>> Lexicon(None, [], [], "eng")._space_lost("ora", 4.6)
        'or a'
        >>> Lexicon(None, [], [], "eng")._space_lost("lamplight", 4.6)
        """
        frequency = _zipf_reader()
        for cut in range(1, len(word)):
            parts = word[:cut], word[cut:]
            if all(
                self._spelt(part) and frequency(part.lower(), self.language) >= COMMON_SHORT_WORD
                for part in parts
            ):
                reading = " ".join(parts)
                if frequency(reading.lower(), self.language) >= floor:
                    return reading
        return None

    def _spelt(self, word: str) -> bool:
        """A word of the dictionary, or any word when there is none: a stem is common for
        non-words too (``eache`` stems as ``each``, ``areeds`` as ``are``)."""
        return self.dictionary is None or self.listed(word)

    def common_in_book(self, word: str) -> str | None:
        """A word said once in the book (or twice, misread alike), one confusion or a lost
        letter from a word about 100 times as frequent in the language that the book says
        SAID_OFTEN times as often (``hat`` once where the book says ``that`` 120 times:
        Tesseract lost the ``t`` surely, press layout 4; ``I's`` beside ``It's``, an
        unseen layout; ``i's`` twice beside ``it's`` 24 times, held-out seed 154). Common
        words are not rare: ``commoner_lookalike`` lets them be; only the book's own
        counts make this one a doubt.

        >>> book = ["that"] * 12 + ["hat"] + ["It's"] * 12 + ["I's"]
        >>> lexicon = Lexicon(None, [], book)
        >>> lexicon.common_in_book("hat"), lexicon.common_in_book("I's")
        ('that', "It's")
        >>> Lexicon(None, [], book + ["hat"]).common_in_book("hat")
        >>> Lexicon(None, [], book + ["that"] * 8 + ["hat"]).common_in_book("hat")
        'that'
        """
        word = bare(word)
        frequency = _zipf_reader()
        said = self.counts[word.casefold()]
        if (
            frequency is None or self.language is None or not _letters(word)
            or said > MISREAD_ALIKE or word.casefold() in self.names
        ):  # fmt: skip
            return None
        floor = frequency(word.lower(), self.language) + COMMONER_ONCE
        for reading in chain(_undone_once(word), _letter_put_back(word)):
            if (
                _letters(reading) and self.counts[reading.casefold()] >= SAID_OFTEN * max(said, 1)
                and frequency(reading.lower(), self.language) >= floor
            ):  # fmt: skip
                return reading
        return None

    def confusable_fix(self, word: str, listed_only: bool = True) -> str | None:
        """The one reading of ``word`` with one confusion undone that is a word (of the
        dictionary or names; or, with ``listed_only`` False, also of the book), else None."""
        word = bare(word)
        key = (word, listed_only)
        if key not in self._fixes:
            self._fixes[key] = self._confusable_fix(word, listed_only)
        return self._fixes[key]

    def name_near(self, word: str) -> str | None:
        """The one word of the pack's names that ``word`` is but for its case or one letter
        (``imprisoned``: ``Imprisoned``, ``Trem``: ``Irem``), else None.

        >>> lexicon = Lexicon(None, ["Garden of Irem", "Imprisoned"], [])
        >>> lexicon.name_near("Trem"), lexicon.name_near("imprisoned"), lexicon.name_near("Iron")
        ('Irem', 'Imprisoned', None)
        """
        folded = bare(word).casefold()
        near = [name for key, name in self.names.items()
                if Levenshtein.distance(folded, key, score_cutoff=1) <= 1]  # fmt: skip
        return near[0] if len(near) == 1 and len(folded) > 2 else None

    def _confusable_fix(self, word: str, listed_only: bool) -> str | None:
        found: dict[str, int] = {}
        for reading, strong in _readings(word):
            if reading != word and self._known_reading(reading, strong, listed_only):
                found[reading] = self.counts[reading.casefold()]
        if not found:
            return None
        best = sorted(found, key=lambda reading: -found[reading])
        if len(best) > 1 and found[best[0]] == found[best[1]]:
            return None  # two readings equally likely: not ours to choose
        return best[0]

    def _known_reading(self, reading: str, strong: bool, listed_only: bool) -> bool:
        seen = self.counts[reading.casefold()]
        if self.listed(reading) and (strong or seen or reading.casefold() in self.names):
            return True
        return not listed_only and seen >= 3

    def said_instead(self, before: tuple[str, ...], word: str) -> str | None:
        """The word one letter from ``word`` (lost, added or another) that this book says
        after the two words ``before`` PHRASE_OFTEN times or more, where it says ``word``
        nowhere else (held-out synthetic seed 285's scans: ``a jar of lives``, where three
        pages say ``jar of olives`` ten times); or None. Words of four letters or more: the
        demo book asks ``the other why`` once, and says ``the other who`` often.

        >>> book = Lexicon(None, [], "a jar of olives and".split() * 5 + ["of", "lives"])
        >>> book.said_instead(("jar", "of"), "lives"), book.said_instead(("a", "jar"), "lives")
        ('olives', None)
        """
        word = bare(word).casefold()
        if len(word) < 4 or self.counts[word] > 1:
            return None
        two = tuple(bare(part).casefold() for part in before)
        near = [other for other in self.said_often_after.get(two, [])
                if Levenshtein.distance(word, other, score_cutoff=1) == 1]  # fmt: skip
        return near[0] if len(near) == 1 else None

    def lost_apostrophe(self, word: str, after: str) -> str | None:
        """The mark of a plural's possessive read without it (``smiths lane``), when this
        book writes the pair with it at least JOINT_OFTEN times, and USAGE_RATIO times as
        often as without it (the reading asked about not counted: held-out synthetic seed
        260's scans read ``copper-smiths lane`` twice on three pages, where four have it).

        >>> said = "smiths' way, smiths’ way, smiths' way, smiths way smiths way"
        >>> book = Lexicon(None, [], said.split())
        >>> book.lost_apostrophe("smiths", "way"), book.lost_apostrophe("smiths", "are")
        ("'", None)
        """
        pair = (word.casefold(), after.casefold())
        marks = Counter({mark: self.possessives[(*pair, mark)] for mark in "'’"})
        with_mark = marks.total()
        without = self.pairs[pair] - with_mark - 1
        if with_mark < max(JOINT_OFTEN, USAGE_RATIO * without):
            return None
        return marks.most_common(1)[0][0]

    def needless_apostrophe(self, word: str, after: str) -> bool:
        """Whether ``word`` ends with a plural's possessive mark (``curses'``) where none
        can stand: before an article (English: ``the twins' the`` is no English), or where
        this book writes the pair without it at least USAGE_RATIO times as often as with
        it (the reading asked about counted): a speck or a quote's shadow read as the mark.

        >>> book = Lexicon(None, [], "curses them; curses them, curses them. curses' them".split())
        >>> book.needless_apostrophe("curses'", "them"), book.needless_apostrophe("twins'", "an")
        (True, True)
        >>> book.needless_apostrophe("twins'", "way"), book.needless_apostrophe("curses", "the")
        (False, False)
        """
        if not word.endswith(_PLURAL_POSSESSIVES):
            return False
        if bare(after).casefold() in NO_POSSESSIVE_BEFORE.get(self.language or "", ()):
            return True
        pair = (bare(word).casefold(), bare(after).casefold())
        with_mark = sum(self.possessives[(*pair, mark)] for mark in "'’")
        return with_mark > 0 and self.pairs[pair] - with_mark >= USAGE_RATIO * with_mark

    def usual_joint(self, words: Joint, mark: str) -> str | None:
        """The mark this book writes after the middle of three words at least JOINT_OFTEN
        times, and USAGE_RATIO times as often as ``mark`` elsewhere (``Take it: it's``
        where it says ``Take it; it's``), or None.

        >>> said = joints_of(["Take it; it's, take it; it's; take it: it's; take it, then"])
        >>> book = Lexicon(None, [], [], joints=said)
        >>> book.usual_joint(("take", "it", "it's"), ":")
        ';'
        >>> print(book.usual_joint(("take", "it", "then"), ","))
        None
        """
        before, word, after = (part.casefold() for part in words)
        said = self.joints
        needed = max(JOINT_OFTEN, USAGE_RATIO * (said[before, word, mark, after] - 1))
        usual = [other for other in JOINING_MARKS
                 if other != mark and said[before, word, other, after] >= needed]  # fmt: skip
        return usual[0] if usual else None

    def usual_semicolon(self, mark: str, after: str) -> str | None:
        """The semicolon, when this book writes it before ``after`` at least FAR_MORE times
        as often as ``mark`` (the reading asked about not counted), and FAR_MORE times at
        least, whatever the words before: ``woman, then`` where it says ``; then`` twenty
        times on three pages (held-out synthetic seed 260's scans); or None. Not a colon,
        which ends every heading (``NO SKILL: You``), nor a comma: a book that writes ``,
        and`` a hundred times writes ``; and`` too.

        >>> said = joints_of(["she says; then goes"] * 10 + ["he says, so be it"])
        >>> book = Lexicon(None, [], [], joints=said)
        >>> book.usual_semicolon(",", "then"), book.usual_semicolon(",", "so")
        (';', None)
        """
        said = self.marks_before
        needed = FAR_MORE * max(1, said[mark, after.casefold()] - 1)
        return ";" if mark != ";" and said[";", after.casefold()] >= needed else None

    def lost_joint(self, words: Joint) -> str | None:
        """The semicolon or colon (a comma is the writer's choice: ``shows and``, ``shows,
        and``) this book writes after the middle of three words at least JOINT_OFTEN
        times, where it writes the last two with no mark between them a LOST_JOINT_RATIO-th
        as often or less (the reading asked about not counted): ``Take it it's`` where it
        says ``Take it; it's``, a thin semicolon not read; or None.

        >>> book = "Take it; it's, take it; it's. Take it it's".split()
        >>> lexicon = Lexicon(None, [], book, joints=joints_of([" ".join(book)]))
        >>> lexicon.lost_joint(("Take", "it", "it's")), lexicon.lost_joint(("take", "it", "is"))
        (';', None)
        """
        before, word, after = (part.casefold() for part in words)
        unmarked = self.pairs[word, after] - self.marked_pairs[word, after] - 1
        needed = max(JOINT_OFTEN, LOST_JOINT_RATIO * unmarked)
        lost = [mark for mark in CLAUSE_MARKS if self.joints[before, word, mark, after] >= needed]
        return lost[0] if lost else None

    def unmarked_far_more(self, word: str, mark: str, after: str) -> bool:
        """Whether ``mark``, a colon or semicolon read after ``word`` before ``after``, is
        one this book writes there at most once (the reading asked about), where it writes
        the two words with no mark between them USAGE_RATIO times or more (``thanks: the``
        beside ``thanks the``: a speck read as a colon).

        >>> said = joints_of(["you thanks: the twins", "he asks: the way"])
        >>> book = Lexicon(None, [], "thanks the thanks the thanks the thanks: the".split(),
        ...                joints=said)
        >>> book.unmarked_far_more("thanks", ":", "the"), book.unmarked_far_more("asks", ":", "the")
        (True, False)
        """
        if mark not in CLAUSE_MARKS:
            return False
        pair = (bare(word).casefold(), bare(after).casefold())
        marked = self.marked_pairs[pair]
        return marked <= 1 and self.pairs[pair] - marked >= USAGE_RATIO

    def run_together(self, word: str) -> str | None:
        """Two words an engine may have read as one where the space was narrow: ``anew``
        once in the book, where it says ``a new`` elsewhere (both readings are words).

        >>> Lexicon(None, [], "a new day and anew".split()).run_together("anew")
        'a new'
        """
        folded = bare(word).casefold()
        if self.counts[folded] > 1:
            return None
        for cut in range(1, len(folded)):
            if self.pairs[folded[:cut], folded[cut:]]:
                return f"{bare(word)[:cut]} {bare(word)[cut:]}"
        return None

    def said_as_pair(self, word: str, after: str | None) -> str | None:
        """Two words read as one word of the dictionary, rare in the language (``ajar of
        olives``: held-out synthetic seed 334 reads it so four times of thirteen), where
        the book says the two words and ``after`` together PHRASE_OFTEN times or more: the
        two words, else None (``alight, and`` is no ``a light and``).

        >>> book = Lexicon(None, [], "a jar of olives , ".split() * 5)
        >>> book.said_as_pair("ajar", "of"), book.said_as_pair("ajar", "and")
        ('a jar', None)
        """
        following, folded = bare(after or "").casefold(), bare(word).casefold()
        if self.zipf(folded) >= RARE_IN_LANGUAGE:
            return None
        for cut in range(1, len(folded)):
            if following in self.said_often_after.get((folded[:cut], folded[cut:]), []):
                return f"{bare(word)[:cut]} {bare(word)[cut:]}"
        return None

    def name_for_two_words(self, word: str) -> str | None:
        """A word no dictionary spells in small letters (``Ina``, a name at most), no
        name of the pack and written so once in this book, which says its halves as a pair
        PAIR_OFTEN times or more (``in a``): the two words (``In a``).

        >>> book = Lexicon(english_dictionary("eng"), [], "in a hut , in a day , in a".split())
        >>> book.name_for_two_words("Ina"), book.name_for_two_words("Ora")
        ('In a', None)
        """
        word = bare(word)
        folded = word.casefold()
        if self.dictionary is None or folded in self.names or self.as_written[word] > 1:
            return None  # asked of every word: the cheap checks first
        cuts = [cut for cut in range(1, len(word))
                if self.pairs[folded[:cut], folded[cut:]] >= PAIR_OFTEN]  # fmt: skip
        if len(cuts) != 1 or self.dictionary.lookup(word.lower()):
            return None
        return f"{word[: cuts[0]]} {word[cuts[0] :]}"

    def spaced(self, word: str) -> str | None:
        """A word of many letters that no dictionary spells, as the three or more words run
        together in it, each a word of the book or the dictionary (``Yourecogniseitas``
        for ``You recognise it as``), or as two when a comma, semicolon or colon parts
        them, or an apostrophe or a hyphen stands inside a word but at the end's
        possessive (``woman;then``, ``lamp'sowner``, ``asix-pointed``: no compound;
        ``djinniya's`` is no ``djinni ya's``): the reading the language says most often,
        or None.

        >>> book = Lexicon(None, [], "you recognise it as the lamp's owner, then".split() * 2)
        >>> book.spaced("Yourecogniseit"), book.spaced("lamp'sowner,then")
        ('You recognise it', "lamp's owner, then")
        >>> print(book.spaced("ownerthen"), book.spaced("itsowner's"))
        None None
        """
        letters = bare(word)
        if len(letters) < SPACED_LETTERS or self.listed(letters):
            return None
        runs = _JOINING_MARK_INSIDE.split(letters)  # words, a mark, words ...
        if not all(_RUN_OF_WORDS.fullmatch(run) for run in runs[::2]):
            return None
        found = []
        for run in runs[::2]:
            if (words := self.words_in(run)) is None:
                return None
            found.append(words)
        pieces = " ".join(found).split()
        no_compound = len(runs) > 1 or _inner_mark_between(pieces)
        if len(pieces) < (2 if no_compound else SPACED_WORDS):
            return None
        return " ".join(
            f"{words}{mark}" for words, mark in zip(found, [*runs[1::2], ""], strict=True)
        )

    def words_in(self, letters: str) -> str | None:
        """``letters`` as the words of the book or the dictionary run together in them
        that the language says most often (one word when it is one), or None.

        >>> lexicon = Lexicon(None, ["Palace of the Djinn King"], [])
        >>> lexicon.words_in("Palaceof"), lexicon.words_in("Palace"), lexicon.words_in("x1")
        ('Palace of', 'Palace', None)
        """
        bounds = self._word_bounds(letters)
        return None if bounds is None else " ".join(letters[a:b] for a, b in pairwise(bounds))

    def best_parting(self, parted: str) -> str | None:
        """``parted`` (the words a second engine saw spaces between), the same letters
        with one space one letter over, or with none, or with a word the dictionary knows
        only as a name parted in two (``Ina courtyard``: :meth:`name_for_two_words`),
        whichever the language says more often by PARTING_MARGIN (``Yous top``: ``You
        stop``, ``l it``: ``lit``); None when none of them is made of words (``i es``: a
        letter lost, no space shown).

        >>> lexicon = Lexicon(None, [], "you stop your rest lit lies".split() * 2)
        >>> lexicon.best_parting("Your est"), lexicon.best_parting("l it")
        ('You rest', 'lit')
        >>> lexicon.best_parting("i es") is None
        True
        """
        words = parted.split(" ")
        readings = [words, ["".join(words)]] + [_space_moved(words, index, step)
                    for index in range(1, len(words)) for step in (-1, 1)]  # fmt: skip
        readings += [[*words[:index], *apart.split(), *words[index + 1 :]]
                     for index, word in enumerate(words)
                     if (apart := self.name_for_two_words(word))]  # fmt: skip
        scores = {" ".join(reading): self._reading_score(reading) for reading in readings}
        best = max(scores, key=lambda reading: scores[reading])
        if scores[best] == float("-inf"):
            return None
        return best if scores[best] >= scores[parted] + PARTING_MARGIN else parted

    def _reading_score(self, words: list[str]) -> float:
        """How likely ``words`` are as read (as :meth:`_word_bounds` weighs them); minus
        infinity when one is no word of the book or the dictionary."""
        if not all(word and self._whole_word(word) for word in words):
            return float("-inf")
        folded = [word.casefold() for word in words]
        return sum(self._piece_score(word) for word in folded) + sum(
            self._pair_score(a, b) for a, b in pairwise(folded)
        )

    def _word_bounds(self, letters: str) -> list[int] | None:
        """Where the words of the best reading of ``letters`` start and end, or None.

        readings[end][start]: the best reading of folded[:end] whose last word starts at
        start, as (score, where the word before that starts). A word of many readings
        costs len x _LONGEST_WORD squared at most: linear in its length."""
        folded = letters.casefold()
        readings: dict[int, dict[int, tuple[float, int]]] = {0: {0: (0.0, 0)}}
        for end in range(1, len(folded) + 1):
            for start in range(max(0, end - _LONGEST_WORD), end):
                piece = folded[start:end]
                if start not in readings or not self._whole_word(letters[start:end]):
                    continue
                score = self._piece_score(piece)
                readings.setdefault(end, {})[start] = max(
                    (before_score + score + self._pair_score(folded[before:start], piece), before)
                    for before, (before_score, _) in readings[start].items()
                )
        if len(folded) not in readings:
            return None
        cuts, end = [], len(folded)
        start = max(readings[end], key=lambda at: readings[end][at][0])
        while end:
            cuts.append(end)
            end, start = start, readings[end][start][1]
        return [0, *reversed(cuts)]

    def _whole_word(self, piece: str) -> bool:
        """A word of the book or the dictionary, or ``a`` or ``I`` (each word costs 9 Zipf
        units less its frequency, so ``sandalwood box`` reads better than ``sand al wood
        box``)."""
        if len(piece) == 1:
            return piece in "aAI"
        return self.counts[piece.casefold()] >= 2 or self.listed(piece.casefold())

    def _pair_score(self, previous: str, piece: str) -> float:
        """PAIR_BONUS when the book says ``previous`` and ``piece`` together."""
        return PAIR_BONUS if previous and self.pairs[previous, piece] else 0.0

    def _piece_score(self, piece: str) -> float:
        """How likely a word is (its Zipf frequency less 9: a log of its share of words),
        so that fewer and commoner words read best; -9 a word without frequencies."""
        return self.zipf(piece) - 9.0

    def zipf(self, word: str) -> float:
        """The word's Zipf frequency in the book's language; 0 without frequencies."""
        frequency = _zipf_reader()
        return frequency(word, self.language) if frequency and self.language else 0.0

    def dictionary_lookalikes(self, word: str, most: int = 3) -> list[str]:
        """Up to ``most`` words of the dictionary one letter other than ``word``, the most
        frequent first, in capitals if it is (none without a dictionary).

        >>> Lexicon(english_dictionary("eng"), [], [], "eng").dictionary_lookalikes("SONA")
        ['SONG', 'SONS', 'SODA']
        """
        if self.dictionary is None:
            return []
        lower = word.casefold()
        found = {reading for place in range(len(lower)) for letter in string.ascii_lowercase
                 if (reading := lower[:place] + letter + lower[place + 1 :]) != lower
                 and self.dictionary.lookup(reading)}  # fmt: skip
        common = sorted(found, key=lambda reading: (-self.zipf(reading), reading))[:most]
        return [reading.upper() if word.isupper() else reading for reading in common]

    def suggest(self, word: str) -> str | None:
        """The closest known word of the book or the names, for a review line."""
        word = bare(word)
        choices = [*self.names.values(), *(w for w, n in self.counts.items() if n >= 2)]
        found = process.extractOne(
            word, choices, scorer=fuzz.ratio, processor=str.casefold,
            score_cutoff=_SUGGESTION_SCORE,
        )  # fmt: skip
        if not found:
            return None
        return _same_case(found[0], word)


def _space_moved(words: list[str], index: int, step: int) -> list[str]:
    """``words`` with the space before ``words[index]`` moved ``step`` letters on.

    >>> _space_moved(["Yous", "top"], 1, -1), _space_moved(["a", "bc"], 1, 1)
    (['You', 'stop'], ['ab', 'c'])
    """
    joined = words[index - 1] + words[index]
    cut = len(words[index - 1]) + step
    return [*words[: index - 1], joined[:cut], joined[cut:], *words[index + 1 :]]


def _lookalikes(word: str) -> Iterable[str]:
    """``word`` with one confusion undone, then with a first letter lost put back."""
    yield from _undone_once(word)
    yield from (letter + word for letter in string.ascii_lowercase)  # 'alls', 'hat'


def _undone_once(word: str) -> Iterable[str]:
    """``word`` with one confusion undone at one place, the strong confusions first."""
    yield from (reading for reading, _strong in _readings(word))


def _letter_put_back(word: str) -> Iterable[str]:
    """``word`` with a letter lost anywhere in it put back (``I's``, ``hat``).

    >>> "It's" in _letter_put_back("I's"), len(list(_letter_put_back("an")))
    (True, 78)
    """
    for place in range(len(word) + 1):
        yield from (word[:place] + letter + word[place:] for letter in string.ascii_lowercase)


def _letters(word: str) -> bool:
    """Letters, and apostrophes between them (``it's``).

    >>> _letters("it's"), _letters("hat"), _letters("'s"), _letters("D1")
    (True, True, False, False)
    """
    return bool(re.fullmatch(r"[^\W\d_]+(?:['’][^\W\d_]+)*", word))


def _readings(word: str) -> Iterable[tuple[str, bool]]:
    """``word`` with one confusion undone at one place, and whether it is a strong one."""
    for confusions, strong in ((STRONG_CONFUSIONS, True), (WEAK_CONFUSIONS, False)):
        yield from ((reading, strong) for reading in undone(word, confusions))


def undone(word: str, confusions: Iterable[tuple[str, str]]) -> Iterable[str]:
    """``word`` with one of ``confusions`` (as read, as printed) undone at one place.

    >>> list(undone("tom", [("m", "rn"), ("o", "c")]))
    ['torn', 'tcm']
    """
    for read, printed in confusions:
        start = word.find(read)
        while start >= 0:
            yield word[:start] + printed + word[start + len(read) :]
            start = word.find(read, start + 1)


@cache
def _stem_zipf(word: str, language: str) -> float:
    """The Zipf frequency of ``word`` or of its Snowball stem, whichever is higher: how
    common the word is over its forms (``corners`` 4.06, its stem ``corner`` 4.75; a stem
    that is no word, ``happi``, counts for nothing).

    >>> round(_stem_zipf("corners", "en"), 1), round(_stem_zipf("happiness", "en"), 1)
    (4.8, 4.4)
    """
    frequency = _zipf_reader()
    name = SNOWBALL_LANGUAGES.get(language)
    if frequency is None:
        return 0.0
    if name is None:
        return frequency(word, language)
    return max(frequency(word, language), frequency(_stemmer(name).stemWord(word), language))


@cache
def _stemmer(name: str):
    return snowballstemmer.stemmer(name)


@cache
def _zipf_reader():
    """wordfreq's Zipf frequency of a word in a language, or None without the package."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # the "book" extra not installed: no word frequencies
        return None
    return zipf_frequency


def _same_case(found: str, like: str) -> str:
    if like[:1].isupper() and found[:1].islower():
        return found[:1].upper() + found[1:]
    return found


def capitals_mid_sentence(texts: Iterable[str], names: Names | None = None) -> Counter[str]:
    """How often each word is written with a capital after a word that ends no sentence
    (a name: ``the Caliph``), over the book's lines in reading order, leaving out the
    words of the pack's ``names`` written inside them (``Flying Carpet``); a paragraph's
    number, a heading and a code's end start a sentence.

    >>> capitals_mid_sentence(["12", "You see the Caliph. Is", "the Caliph here? [S1] You"])
    Counter({'Caliph': 2})
    >>> capitals_mid_sentence(["your Flying Carpet, your Carpet"], Names(["Flying Carpet"]))
    Counter({'Carpet': 1})
    """
    counts: Counter[str] = Counter()
    tokens = [token for text in texts for token in text.split()]
    words = [bare(token) for token in tokens]
    for index, word in enumerate(words):
        before = tokens[index - 1] if index else "."
        if (
            word[1:].islower() and word[:1].isupper() and not ends_sentence(before)
            and not (names and names.holds(words, index))
        ):  # fmt: skip
            counts[word] += 1
    return counts


def joints_of(texts: Iterable[str]) -> Joints:
    """How often the book joins two words with each of JOINING_MARKS, after a third:
    (word before, word, mark, next word), case folded.

    >>> joints_of(["Take it; it is yours, says you; then"])[("take", "it", ";", "it")]
    1
    """
    words = [word for text in texts for word in text.split()]
    return Counter(
        (bare(before).casefold(), bare(word).casefold(), joining_mark(word), bare(after).casefold())
        for before, word, after in zip(words, words[1:], words[2:], strict=False)
        if joining_mark(word)
    )


def joining_mark(word: str) -> str:
    """The comma, semicolon or colon a word ends with, inside a closing quote, or ''.

    >>> joining_mark('now,"'), joining_mark("it;"), joining_mark("way."), joining_mark("")
    (',', ';', '', '')
    """
    mark = word.rstrip(_QUOTES)[-1:]
    return mark if mark and mark in JOINING_MARKS else ""


def with_joining_mark(word: str, mark: str) -> str:
    """``word`` with its joining mark (see :func:`joining_mark`) as ``mark``.

    >>> with_joining_mark("woman,", ";"), with_joining_mark('now,"', ";")
    ('woman;', 'now;"')
    """
    stem = word.rstrip(_QUOTES)
    return stem[:-1] + mark + word[len(stem) :]


def ends_sentence(token: str) -> bool:
    """Whether a sentence may start after ``token``: a full stop, a colon (a heading's),
    a closing quote (not after a comma: ``"Mine," says``), a reward code's end, a
    paragraph's number.

    >>> [ends_sentence(t) for t in ["way.", "SKILL:", "[S1]", "1053", "other", "said,"]]
    [True, True, True, True, False, False]
    >>> ends_sentence('mine."'), ends_sentence('mine,"'), ends_sentence("mine,’")
    (True, False, False)
    """
    closes_a_clause = token.rstrip("\"”’'").endswith((",", ";"))
    return (token.endswith(_SENTENCE_ENDS) and not closes_a_clause) or bare(token).isdigit()


def words_of(text: str) -> list[str]:
    """The words of a text, for counting the book's vocabulary.

    >>> words_of("The other's lamp [D1/S1]: gone.")
    ['The', "other's", 'lamp', 'D1', 'S1', 'gone']
    """
    return _INNER_WORD.findall(text)
