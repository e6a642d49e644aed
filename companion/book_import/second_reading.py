"""A second engine's reading of the words the first was unsure of, or that fail the book's
checks: read with low confidence, no word of the dictionary, a rare word beside a far
more common lookalike (``comer``, ``tum``), a word another word may be printed as
(``tom``: ``torn``, ``coin``: ``coffin``), a capital in mid-sentence, a quote mark at a
word's edge, a reward code with a figure in it read with some doubt; and a line's first
word that starts a letter's width in from its column's edge, read from the edge (a first
letter the first engine lost: ``heir`` for ``their``, ``hank`` for ``thank``). RapidOCR's
recogniser reads each such word's crop (about 25 ms a word on one core, so only these,
about 9 a page); the book's structure then takes the reading both the engine and the
book agree on, or lists the disagreement (``sections.py``).

RapidOCR finds the spaces between English words badly (docs/book-import.md) but reads
the letters of one word sharply: ``comer`` → ``corner``, ``tule`` → ``rule``,
``[$1/D1]`` → ``[S1/D1]`` on the 20-page bench.

>>> from companion.book_import.model import Box
>>> box = Box(left=0, top=0, width=10, height=10)
>>> doubtful = Doubtful(lexicon=None)
>>> [doubtful(OcrWord(text=t, confidence=c, box=box)) for t, c in [("the", 0.97),
...  ("the", 0.5), ("[S1/D1]", 0.8), ("[S1/D1]", 0.9), ("Slave", 0.87), ("‘stranger.", 0.95)]]
[False, True, True, False, False, True]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from companion.book_import.figures import REWARD_FIGURE
from companion.book_import.layout import column_edges, starts_late
from companion.book_import.model import OcrLine, OcrWord
from companion.book_import.page_image import runs
from companion.book_import.words import Lexicon, bare, ends_sentence

SECOND_LOOK = 0.6  # a word read with less confidence is read again by the second engine
SURE_CODE = 0.85  # a reward code's figures are read again below this (about half are)
PADDING = 0.15  # of the line pitch, around a word's box (0.3 makes RapidOCR read 'cormer')
SPACE_SHARE = 0.6  # a blank this share of the line's spaces inside a word is a space
INK = 128  # of the evened page: darker is ink
_QUOTES = "\"“”‘’'"


class WordReader(Protocol):
    def read_word(self, image: np.ndarray) -> str:
        """The text of an image holding one word."""
        ...


@dataclass(frozen=True)
class Doubtful:
    """Whether a word is worth a second engine's reading (``lexicon`` None: no dictionary
    and no word frequencies, only confidence, codes and quotes count)."""

    lexicon: Lexicon | None
    judged: dict[str, bool] = field(default_factory=dict, compare=False)

    def __call__(self, word: OcrWord, before: OcrWord | None = None) -> bool:
        """``before``: the word before it in reading order (a capital in mid-sentence)."""
        if word.confidence < SECOND_LOOK:
            return True
        if REWARD_FIGURE.search(word.text):
            return word.confidence < SURE_CODE
        if word.text[:1] in _QUOTES or word.text.rstrip(".,;:!?")[-1:] in _QUOTES:
            return True
        plain = bare(word.text)
        if self.lexicon is None or not plain.isalpha() or len(plain) < 2:
            return False
        capital = (
            before is not None and plain[0].isupper() and plain[1:].islower()
            and not ends_sentence(before.text) and self._suspect(plain.lower()) is False
        )  # fmt: skip
        return capital or self._suspect(plain)

    def _suspect(self, word: str) -> bool:
        """No word, a rare word beside a far commoner lookalike, or a word another word
        may have been printed as (``tom``: ``torn``; the dictionary and the word
        frequencies are slow: each word is judged once)."""
        if word not in self.judged:
            lexicon = self.lexicon
            assert lexicon is not None
            self.judged[word] = (
                not lexicon.is_word(word)
                or bool(lexicon.commoner_lookalike(word))
                or bool(lexicon.printed_lookalike(word))
            )
        return self.judged[word]


def second_readings(
    page: np.ndarray,
    lines: Sequence[OcrLine],
    reader: WordReader,
    doubtful: Doubtful,
    pitch: float,
) -> list[OcrLine]:
    """The lines, each doubtful word with the second engine's reading of its crop (the
    line's height, the word's width, a little margin)."""
    padding = round(PADDING * pitch)
    edges = column_edges(lines)
    read = []
    for before_line, line in zip([None, *lines], lines, strict=False):
        space = _word_space(line)
        edge = edges.get(line.column)
        words = []
        for index, word in enumerate(line.words):
            second = _space_inside(page, line, word, space, doubtful.lexicon)
            before = line.words[index - 1] if index else _last_word(before_line)
            late = index == 0 and starts_late(line, edge)
            if second is None and (late or doubtful(word, before)):
                left = round(edge) if late and edge is not None else word.box.left
                second = _read_crop(page, line, word, reader, padding, left)
            words.append(word if second is None else word.model_copy(update={"second": second}))
        read.append(line.model_copy(update={"words": tuple(words)}))
    return read


def _last_word(line: OcrLine | None) -> OcrWord | None:
    """The word before a line's first, in reading order: the last of the line before (a
    capital at a line's start, 'the other / Is so grateful', is mid-sentence too)."""
    return line.words[-1] if line is not None and line.words else None


def _word_space(line: OcrLine) -> float | None:
    """The line's usual space between words (pixels), from three words on."""
    gaps = [b.box.left - a.box.left - a.box.width for a, b in itertools.pairwise(line.words)]
    return float(np.median(gaps)) if len(gaps) >= 2 else None


def _space_inside(
    page: np.ndarray, line: OcrLine, word: OcrWord, space: float | None, lexicon: Lexicon | None
) -> str | None:
    """Two words read as one where the print shows a space between them (``ahead`` for
    ``a head``: both readings are words, and the engine joined them): a blank stretch
    inside the word's box as wide as SPACE_SHARE of the line's spaces, where the word
    parts into two words of the dictionary. The word parted there, else None."""
    plain = bare(word.text)
    if not space or space < 1 or lexicon is None or len(plain) < 3 or not plain.isalpha():
        return None
    box = word.box
    crop = page[line.box.top : line.box.top + line.box.height, box.left : box.left + box.width]
    columns = (crop < INK).any(axis=0)
    lead = word.text.index(plain)
    for start, stop in runs(~columns):
        if start == 0 or stop == columns.size or stop - start < SPACE_SHARE * space:
            continue
        near = round((start + stop) / 2 / columns.size * len(word.text)) - lead
        for cut in (near, near - 1, near + 1):
            parts = plain[:cut], plain[cut:]
            if 0 < cut < len(plain) and all(lexicon.is_word(part) for part in parts):
                return word.text.replace(plain, " ".join(parts))
    return None


def _read_crop(
    page: np.ndarray, line: OcrLine, word: OcrWord, reader: WordReader, pad: int, left_side: int
) -> str:
    """The second engine's reading of the word's crop, from ``left_side`` (the word's own,
    or its column's edge for a first letter the first engine may have lost)."""
    top, bottom = (
        max(0, line.box.top - pad),
        min(page.shape[0], line.box.top + line.box.height + pad),
    )
    left = max(0, left_side - pad)
    right = min(page.shape[1], word.box.left + word.box.width + pad)
    if bottom <= top or right <= left:
        return ""
    return reader.read_word(np.ascontiguousarray(page[top:bottom, left:right]))
