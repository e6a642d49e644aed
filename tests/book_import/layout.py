"""The demo book laid out as a printed paragraph book's lines (two columns, wrapped lines,
a word broken at a line's end now and then), as OcrPages, with seeded OCR-like damage.

No pixels: this is what a perfect page reader would give, so the book's structure can be
tested alone; ``typeset.py`` (the ocr helper's) makes real page images.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
import shutil
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from companion.book_import.folder import write_import
from companion.book_import.model import Box, OcrLine, OcrPage, OcrWord
from companion.book_import.words import english_dictionary
from companion.book_import.world_names import read_world_names
from tests.book_import.typeset import book_paragraphs

DEMO = Path(__file__).parents[2] / "content" / "demo"
WIDTH = 46  # characters a column's line holds
LINES_PER_COLUMN = 48
SURE = 0.96


def demo_paragraphs() -> dict[int, list[str]]:
    """The demo book's paragraphs in number order: number -> its lines as typed (as
    printed: the demo's other tellings of a paragraph are no printed paragraphs)."""
    text = "\n".join(
        path.read_text(encoding="utf-8")
        for path in [DEMO / "book.txt", *sorted(DEMO.glob("book-*.txt"))]
    )
    return dict(sorted(book_paragraphs(text)))


def imported_demo(
    folder: Path, kinds: list[Kind], damages: int, drawn: Callable[[OcrPage], object]
) -> Path:
    """The demo book laid out as pages with ``damages`` seeded misreadings of ``kinds``,
    each page saved into ``folder`` as ``drawn`` draws it (a Pillow image), imported into
    ``folder``/pack with the demo's world, matrices and cards: the pack."""
    pack = folder / "pack"
    pack.mkdir()
    for name in ("world.txt", "matrices.txt", "cards.txt"):
        shutil.copy(DEMO / name, pack / name)
    rng = random.Random(5)
    printed = printed_lines(demo_paragraphs(), rng)
    damage_lines(printed, kinds, rng, damages)
    pages = pages_of(printed, source=str(folder / "page-{:03d}.png"))
    for page in pages:
        drawn(page).save(page.source)
    write_import(pages, pack, world=pack)
    return pack


def book_text_of(paragraphs: dict[int, list[str]]) -> str:
    return "".join(f"{number}\n" + "".join(f"{line}\n" for line in lines) + "\n"
                   for number, lines in paragraphs.items())  # fmt: skip


@dataclass
class PrintedLine:
    words: list[str]
    bold: bool = False
    paragraph: int = 0


def printed_lines(paragraphs: dict[int, list[str]], rng: random.Random) -> list[PrintedLine]:
    """Each paragraph as a printed column shows it: its number alone in bold, each
    logical line wrapped, now and then a long word broken with a hyphen."""
    printed: list[PrintedLine] = []
    for number, lines in paragraphs.items():
        printed.append(PrintedLine([str(number)], bold=True, paragraph=number))
        for line in lines:
            for wrapped in _wrap(line, rng):
                printed.append(PrintedLine(wrapped.split(), paragraph=number))
    return printed


def _wrap(line: str, rng: random.Random) -> list[str]:
    wrapped = textwrap.wrap(line, WIDTH, break_on_hyphens=False)
    out: list[str] = []
    for index, piece in enumerate(wrapped):
        following = wrapped[index + 1] if index + 1 < len(wrapped) else ""
        first = following.split(" ", 1)[0] if following else ""
        if re.fullmatch(r"[a-z]{8,}", first) and rng.random() < 0.3 and out[-1:] != [""]:
            cut = len(first) // 2
            piece, wrapped[index + 1] = (
                piece + " " + first[:cut] + "-",
                following.replace(first, first[cut:], 1),
            )
        out.append(piece)
    return out


def pages_of(printed: list[PrintedLine], source: str = "page-{:03d}.png") -> list[OcrPage]:
    pages = []
    per_page = 2 * LINES_PER_COLUMN
    for start in range(0, len(printed), per_page):
        chunk = printed[start : start + per_page]
        number = len(pages) + 1
        lines = [_ocr_line(line, index) for index, line in enumerate(chunk)]
        pages.append(OcrPage(source=source.format(number), page=number, width=2480,
                             height=3508, lines=tuple(lines)))  # fmt: skip
    return pages


def _ocr_line(line: PrintedLine, index: int) -> OcrLine:
    column, row = divmod(index, LINES_PER_COLUMN)
    top = 200 + row * 60
    left = 150 + column * 1150
    words, x = [], left
    for word in line.words:
        confidence = getattr(word, "confidence", SURE)
        width = 22 * len(str(word))
        words.append(OcrWord(text=str(word), confidence=confidence,
                             box=Box(left=x, top=top, width=width, height=40),
                             bold=line.bold, second=getattr(word, "second", None)))  # fmt: skip
        x += width + 20
    box = Box(left=left, top=top, width=max(1, x - left), height=40)
    return OcrLine(words=tuple(words), box=box, column=column, number=row + 1)


class Damaged(str):
    """A word as the damage left it, with the lower confidence an engine would give, the
    word as printed, and what a second engine read for it (None: not asked)."""

    confidence: float
    printed: str
    second: str | None = None


def damaged(word: str, confidence: float, printed: str = "") -> Damaged:
    result = Damaged(word)
    result.confidence = confidence
    result.printed = printed
    return result


def second_engine_reads(printed: list[PrintedLine], misread: Callable[[str], str]) -> int:
    """A second engine's reading of every damaged word: ``misread`` of the word as printed
    (``str`` reads it right). Returns how many words it read."""
    count = 0
    for line in printed:
        for word in line.words:
            if isinstance(word, Damaged) and word.printed:
                word.second = misread(word.printed)
                count += 1
    return count


@dataclass
class Damage:
    """Which damage was done to which paragraph (for the test's messages)."""

    done: dict[int, list[str]] = field(default_factory=dict)

    def note(self, paragraph: int, what: str) -> None:
        self.done.setdefault(paragraph, []).append(what)


class Kind(Enum):
    """The damage an engine does, as the issue lists it."""

    E_AS_C = "e read as c"
    M_AS_RN = "rn read as m"
    L_AS_1 = "l read as 1"
    I_AS_1 = "I read as 1 in a chart's (I, male)"
    STOP_AS_COMMA = "a full stop read as a comma"
    NUMBER_AS_E = "a paragraph number read as 'e)'"
    NUMBER_O = "a 0 of a paragraph number read as O"
    HEADING_LOST = "a heading's words lost"
    STRAY_QUOTE = "a mark read as an opening quote before a word"
    FIGURE_DIGIT_ADDED = "a reward figure read with a digit too many (W+1 as W+17)"
    RN_AS_M_WORD = "rn read as m, giving a rarer word (corner as comer)"
    FIRST_LETTER_LOST = "a word's first letter lost, giving a rarer word (falls as alls)"
    FIGURE_SWAPPED = "a reward figure read as another the book uses (S1 as S2)"
    RUN_TOGETHER = "two words read as one, no word (carry you as carryyou)"
    BRACKET_AS_PAREN = "a reward code's opening bracket read as '(' ((S1] for [S1])"
    FIGURE_LOWER_CASE = "a reward's letter read in lower case (W+2 as w+2)"
    BRACKET_AS_BRACE = "a reward code's opening bracket read as '{' ({S1] for [S1])"
    BRACKET_AS_BAR = "a reward code's opening bracket read as '|' (|S1] for [S1])"
    BRACKET_DOUBLED = "a reward code's closing bracket read twice ([S1]] or [S1]} for [S1])"
    HEADING_IN_SMALL_LETTERS = "a heading in small capitals read in small letters (wits:)"
    CLOSING_MISREAD_ALONE = "a code alone on its line, its ']' read as ')' or '}' ([D1/S1)"
    FIGURE_ONE_AS_I = "a reward figure's 1 read as i (S1 as Si)"
    QUOTE_IN_CODE = "a mark read as a quote before a code's figure ([Lost/‘S1])"
    BAR_AFTER_WORD = "a speck read as '|' after a word's last letter (find|)"
    I_AFTER_LAST_SENTENCE = "a speck read as 'I' after a section's last sentence (it. I)"
    CLOSING_BRACKET_LOST = "a reward code's closing bracket not read ([S1/Treasure)"
    OPENING_BRACKET_LOST = "a reward code's opening bracket not read (it. S1/Treasure])"
    COLON_SPACED = "a heading's colon read apart from it (PIETY :)"
    MARKS_IN_CODE_LOST = "a code's slash or ')' not read ([S2W+2. (Max: Wealthy)])"
    CODE_MARKS_AS_LETTERS = "a code's marks read as letters ([DVS1], [LosvS1], Poory, lrem)"
    SPACES_LOST_AT_CODE = "the spaces before a code and its limit lost (fairly.[W+1(Max:)"
    SPACES_LOST_AFTER_HEADING = "the spaces after a heading lost (SKILL:Youreadthem)"
    SPECK_BEFORE_CODE = "a speck read before a code's opening bracket ({[S1/Treasure])"
    SPACES_LOST_IN_CODE = "a space between a code's words lost ([S2/Moveto Basra])"
    SPACE_LOST_AFTER_STOP = "the space after a sentence's full stop lost (still.It)"
    BRACKETS_BOTH_MISREAD = "a code's '[' read as '{' and a speck after its ']' ({S1/D1]})"
    NAME_IN_CODE_MISREAD = "a name in a code read without its capital or one letter off (Trem)"
    SPACE_IN_LIMIT = "a space read inside a limit's bracket ([W+1 ( Max: Modest)])"


def damage_lines(
    printed: list[PrintedLine], kinds: list[Kind], rng: random.Random, count: int
) -> Damage:
    """``count`` damages of the given kinds, each on a line chosen by ``rng``."""
    damage = Damage()
    made: set[str] = set()  # misreadings made (see _figure_harmed and _word_harmed)
    for _ in range(count):
        kind = rng.choice(kinds)
        candidates = [index for index, line in enumerate(printed) if _fits(kind, line)]
        if not candidates:
            continue
        line = printed[rng.choice(candidates)]
        if _harm(kind, line, rng, made):
            damage.note(line.paragraph, kind.value)
    return damage


def _fits(kind: Kind, line: PrintedLine) -> bool:
    text = " ".join(line.words)
    if kind in (Kind.NUMBER_AS_E, Kind.NUMBER_O):
        return line.bold and (kind is Kind.NUMBER_AS_E or "0" in text)
    return not line.bold and _FITS[kind](text, line)


# where each kind of damage can be done on a plain line, asked of one kind at a time
_FITS: dict[Kind, Callable[[str, PrintedLine], bool]] = {
    Kind.E_AS_C: lambda text, line: re.search(r"\b[a-z]*e[a-z]*\b", text) is not None,
    Kind.M_AS_RN: lambda text, line: re.search(r"\b[a-z]*m[a-z]*\b", text) is not None,
    Kind.L_AS_1: lambda text, line: re.search(r"\b[a-z]*l[a-z]*\b", text) is not None,
    Kind.I_AS_1: lambda text, line: "(I," in text or "(I)" in text,
    Kind.STOP_AS_COMMA: lambda text, line: re.search(r"[a-z]\. [A-Z]", text) is not None,
    Kind.HEADING_LOST: lambda text, line: (
        re.match(r"[A-Z ]+: ", text) is not None and not text.startswith("NO SKILL")
    ),
    Kind.STRAY_QUOTE: lambda text, line: bool(_before_code(line)),
    Kind.FIGURE_DIGIT_ADDED: lambda text, line: any(_FIGURE.search(word) for word in line.words),
    Kind.RN_AS_M_WORD: lambda text, line: any(_RN_WORD.fullmatch(word) for word in line.words),
    Kind.FIRST_LETTER_LOST: lambda text, line: "falls" in line.words,
    Kind.FIGURE_SWAPPED: lambda text, line: any(_FIGURE.search(word) for word in line.words),
    Kind.FIGURE_LOWER_CASE: lambda text, line: any(_FIGURE.search(w) for w in line.words),
    Kind.RUN_TOGETHER: lambda text, line: bool(_pairs_before_code(line)),
    Kind.BRACKET_AS_PAREN: lambda text, line: any(word.startswith("[") for word in line.words),
    Kind.BRACKET_AS_BRACE: lambda text, line: any(word.startswith("[") for word in line.words),
    Kind.BRACKET_AS_BAR: lambda text, line: any(word.startswith("[") for word in line.words),
    Kind.BRACKET_DOUBLED: lambda text, line: text.endswith("]") and text.count("[") == 1,
    Kind.CLOSING_MISREAD_ALONE: lambda text, line: (  # in capitals, as a heading's first half
        re.fullmatch(r"\[[A-Z0-9+/-]+\]", text) is not None
    ),
    Kind.FIGURE_ONE_AS_I: lambda text, line: _FIGURE_ONE.search(text) is not None,
    Kind.QUOTE_IN_CODE: lambda text, line: _FIGURE_AFTER_SLASH.search(text) is not None,
    Kind.BAR_AFTER_WORD: lambda text, line: bool(_barred(line)),
    Kind.I_AFTER_LAST_SENTENCE: lambda text, line: (
        re.search(r"[a-z]\. \[[^\[]*\]$", text) is not None
    ),
    Kind.CLOSING_BRACKET_LOST: lambda text, line: (
        text.endswith("]") and text.count("[") == 1 and not text.startswith("[")
    ),
    Kind.OPENING_BRACKET_LOST: lambda text, line: (
        re.search(r"[a-z]\. \[[^\[]*\]$", text) is not None
    ),
    Kind.COLON_SPACED: lambda text, line: re.match(r"[A-Z]{3,}: ", text) is not None,
    Kind.MARKS_IN_CODE_LOST: lambda text, line: _MARKED_CODE.search(text) is not None,
    Kind.CODE_MARKS_AS_LETTERS: lambda text, line: any(
        pattern.search(text) for pattern, _ in _MARKS_AS_LETTERS
    ),
    Kind.SPACES_LOST_AT_CODE: lambda text, line: _LIMITED_CODE.search(text) is not None,
    Kind.SPACES_LOST_AFTER_HEADING: lambda text, line: _HEADED_WORDS.match(text) is not None,
    Kind.SPECK_BEFORE_CODE: lambda text, line: any(word.startswith("[") for word in line.words),
    Kind.SPACES_LOST_IN_CODE: lambda text, line: bool(_code_word_pairs(line.words)),
    Kind.SPACE_LOST_AFTER_STOP: lambda text, line: bool(_stop_pairs(line.words)),
    Kind.BRACKETS_BOTH_MISREAD: lambda text, line: (
        re.search(r"\[[^\[\]]*\]$", text) is not None and text.count("[") == 1
    ),
    Kind.NAME_IN_CODE_MISREAD: lambda text, line: bool(_names_in_code(line.words)),
    Kind.SPACE_IN_LIMIT: lambda text, line: any(w in ("(Max:", "(Min:") for w in line.words),
    Kind.HEADING_IN_SMALL_LETTERS: lambda text, line: (
        re.match(r"[A-Z ]+: ", text) is not None and not re.match(r"(TERRAINS|OTHERWISE):", text)
    ),  # a chart's settings are read in any case
}


_ENGLISH = english_dictionary("eng")  # hunspell-en-us, which the import tests need
_RN_WORD = re.compile(r"(turn|corner|modern)s?[.,;]?")  # each 'rn' as 'm' a word too
_MARKS_AS_LETTERS = [  # a code's mark read as a letter, as photos gave them
    (re.compile(r"(?<=\[[DSW])1/(?=[DSW][0-9])"), "V"),
    (re.compile(r"(?<=\[Los)t/(?=[DSW][0-9])"), "v"),
    (re.compile(r"(?<=\(Min: Poor)\)"), "y"),
    (re.compile(r"(?<=of )I(?=rem)"), "l"),
]
_HEADED_WORDS = re.compile(r"(?:[A-Z]+ )*[A-Z]{2,}: (?:[A-Za-z]+ ){3}")  # then 3 plain words
_LIMITED_CODE = re.compile(r"[a-z]\. \[[DSW][+-][0-9] \((Max|Min):")
_MARKED_CODE = re.compile(r"[DSW][+-]?[0-9]/[DSW][+-]?[0-9]|[0-9] \((Max|Min): [A-Za-z]+\)\]$")
_FIGURE_AFTER_SLASH = re.compile(r"/(?=[DSW][+-]?[0-9])")
_FIGURE_ONE = re.compile(r"(?<=[\[/][DSW])([+-]?)1(?=[/\]])")
_FIGURE = re.compile(r"(?<![A-Za-z])[DSW][+-]?[1-9](?![0-9A-Za-z])(?=.*[/\]]|$)")


def _before_code(line: PrintedLine) -> list[int]:
    """The plain words of a line before its reward code opens (none if the line has none:
    it may go on with a code opened on the line before)."""
    opens = next((i for i, word in enumerate(line.words) if "[" in word), None)
    return (
        []
        if opens is None
        else [i for i, word in enumerate(line.words[:opens]) if re.fullmatch(r"[a-z]+", word)]
    )


def _barred(line: PrintedLine) -> list[int]:
    """Plain words of a line (no code on it) that an 'l' after them does not make a word."""
    if any("[" in word or "]" in word for word in line.words):
        return []
    return [i for i, word in enumerate(line.words)
            if re.fullmatch(r"[a-z]{3,}", word) and not _a_word(word + "l")]  # fmt: skip


@functools.cache
def _a_word(word: str) -> bool:
    return _ENGLISH is not None and _ENGLISH.lookup(word)


def _names_in_code(words: list[str]) -> list[tuple[int, str]]:
    """The first words of names of world.txt in a reward code, as (index, word)
    (``Imprisoned`` in ``[Imprisoned/S2]``, ``Garden`` in ``Opportunity: Garden of Irem]``;
    without world.txt only a name's first word is known to need its capital)."""
    found, in_code, after = [], False, ""
    for index, word in enumerate(words):
        in_code = in_code or word.startswith("[")
        starts = re.findall(r"(?:^\[|/)([A-Z][a-z]{3,})", word)
        starts += re.findall(r"^[A-Z][a-z]{3,}", word) if after.endswith(":") else []
        found += [(index, name) for name in starts
                  if in_code and name in _NAME_WORDS and word.count(name) == 1]  # fmt: skip
        in_code, after = in_code and not word.endswith("]"), word
    return found


_WORLD = read_world_names(DEMO)
_NAMES = " ".join(_WORLD.skills + _WORLD.statuses + _WORLD.treasures + _WORLD.places)
_NAME_WORDS = set(re.findall(r"[A-Z][a-z]+", _NAMES)) - {  # less rewards' keywords
    "Treasure", "Move", "Lose", "Opportunity", "Master"}  # fmt: skip
_STOP_BEFORE_WORD = re.compile(r"[A-Za-z]+\. [A-Z][a-z]+,?")


def _stop_pairs(words: list[str]) -> list[int]:
    """Where a sentence ends and the next starts with a word: the first's index."""
    pairs = itertools.pairwise(words)
    return [i for i, pair in enumerate(pairs) if _STOP_BEFORE_WORD.fullmatch(" ".join(pair))]


def _code_word_pairs(words: list[str]) -> list[int]:
    """Where two words of a name stand side by side in a reward code (``Move to``, ``the
    Rukh]``), outside the quotes of free text: the first's index."""
    pairs, in_code, quoted = [], False, False
    for index, (word, following) in enumerate(itertools.pairwise(words)):
        in_code = (in_code or word.startswith("[")) and not word.endswith("]")
        quoted ^= word.count('"') % 2 == 1
        if in_code and not quoted and word.isalpha() and following.rstrip("]").isalpha():
            pairs.append(index)
    return pairs


def _pairs_before_code(line: PrintedLine) -> list[int]:
    """Where two plain words stand side by side before a line's reward code."""
    plain = _before_code(line) or (
        [] if any("[" in word or "]" in word for word in line.words)
        else [i for i, word in enumerate(line.words) if re.fullmatch(r"[a-z]+", word)]
    )  # fmt: skip
    return [i for i in plain if i + 1 in plain]


def _figure_swapped(words: list[str], rng: random.Random) -> bool:
    """A reward's figure read as another figure of the book's range (1 to 3)."""
    index = rng.choice([i for i, word in enumerate(words) if _FIGURE.search(word)])
    found = _FIGURE.search(words[index])
    assert found is not None
    other = {"1": "2", "2": "1", "3": "2"}.get(found[0][-1])
    if other is None:
        return False
    word = words[index]
    words[index] = damaged(word[: found.end() - 1] + other + word[found.end() :], 0.8, word)
    return True


def _figure_lowered(words: list[str], rng: random.Random) -> bool:
    """A reward's letter read in lower case ('w+2' for 'W+2')."""
    index = rng.choice([i for i, word in enumerate(words) if _FIGURE.search(word)])
    found = _FIGURE.search(words[index])
    assert found is not None
    word, letter = words[index], found.start()
    words[index] = damaged(word[:letter] + word[letter].lower() + word[letter + 1 :], 0.9, word)
    return True


def _figure_harmed(words: list[str], rng: random.Random, made: set[str]) -> bool:
    """A digit added to a reward's figure, never the same misreading twice in a book (one
    repeated three times reads as a figure of the book: docs/book-import-structure.md)."""
    choices = [i for i, word in enumerate(words) if _FIGURE.search(word)]
    index = rng.choice(choices)
    found = _FIGURE.search(words[index])
    assert found is not None
    extra = [d for d in "0123456789" if found[0] + d not in made]
    if not extra:
        return False
    figure = found[0] + rng.choice(extra)
    made.add(figure)
    word = words[index]
    words[index] = damaged(word[: found.start()] + figure + word[found.end() :], 0.93, word)
    return True


def _word_harmed(
    words: list[str],
    rng: random.Random,
    made: set[str],
    pattern: re.Pattern[str],
    misread: Callable[[str], str],
) -> bool:
    """A word misread as another word, each misreading at most twice in a book (one made
    more often is a word of the book: docs/book-import-structure.md)."""
    index = rng.choice([i for i, word in enumerate(words) if pattern.fullmatch(word)])
    read = misread(words[index])
    bare_read = read.strip(".,;")
    key = next((f"{bare_read}#{n}" for n in (1, 2) if f"{bare_read}#{n}" not in made), None)
    if key is None:
        return False
    made.add(key)
    words[index] = damaged(read, rng.uniform(0.91, 0.97), words[index])
    return True


_BRACKET_READ = {Kind.BRACKET_AS_PAREN: "(", Kind.BRACKET_AS_BRACE: "{", Kind.BRACKET_AS_BAR: "|"}


def _harm(kind: Kind, line: PrintedLine, rng: random.Random, made: set[str]) -> bool:
    words = line.words
    if kind is Kind.STRAY_QUOTE:
        index = rng.choice(_before_code(line))
        words[index] = damaged(
            rng.choice("‘“") + words[index], rng.uniform(0.9, 0.97), words[index]
        )
        return True
    if kind is Kind.FIGURE_DIGIT_ADDED:
        return _figure_harmed(words, rng, made)
    if kind is Kind.FIGURE_SWAPPED:
        return _figure_swapped(words, rng)
    if kind is Kind.FIGURE_LOWER_CASE:
        return _figure_lowered(words, rng)
    if kind in _BRACKET_READ:
        index = next(i for i, word in enumerate(words) if word.startswith("["))
        read = _BRACKET_READ[kind]
        words[index] = damaged(read + words[index][1:], 0.7, words[index])
        return True
    if kind is Kind.BRACKET_DOUBLED:  # as one word or two, the second as itself or '}'
        second = rng.choice("]}")
        if rng.random() < 0.5:
            words.append(damaged(second, 0.5))
        else:
            words[-1] = damaged(words[-1] + second, 0.8, words[-1])
        return True
    if kind is Kind.I_AFTER_LAST_SENTENCE:
        code = next(i for i, word in enumerate(words) if word.startswith("["))
        words.insert(code, damaged(rng.choice(["I", "|"]), 0.7))
        return True
    if kind is Kind.CODE_MARKS_AS_LETTERS:  # each misreading at most twice in a book
        text = " ".join(words)
        pattern, read = rng.choice([(p, r) for p, r in _MARKS_AS_LETTERS if p.search(text)])
        misread = pattern.sub(read, text, count=1)
        key = next((f"{pattern.pattern}#{n}" for n in (1, 2)
                    if f"{pattern.pattern}#{n}" not in made), None)  # fmt: skip
        if key is None:
            return False
        made.add(key)
        _misread_words(words, misread)
        return True
    if kind is Kind.SPACES_LOST_AT_CODE:
        index = next(
            i for i, word in enumerate(words) if word.startswith("[") and "(" in words[i + 1]
        )
        first, code, limit = words[index - 1 : index + 2]
        words[index - 1 : index + 2] = [
            damaged(first + code + limit, 0.8, f"{first} {code} {limit}")
        ]
        return True
    if kind is Kind.SPACE_IN_LIMIT:
        index = next(i for i, word in enumerate(words) if word in ("(Max:", "(Min:"))
        words[index : index + 1] = [damaged("(", 0.8), damaged(words[index][1:], 0.9)]
        return True
    if kind is Kind.SPACES_LOST_AFTER_HEADING:
        colon = next(i for i, word in enumerate(words) if word.endswith(":"))
        glued = words[colon : colon + 4]
        words[colon : colon + 4] = [damaged("".join(glued), 0.6, " ".join(glued))]
        return True
    if kind is Kind.SPECK_BEFORE_CODE:
        index = next(i for i, word in enumerate(words) if word.startswith("["))
        words[index] = damaged(rng.choice("{(") + words[index], 0.8, words[index])
        return True
    if kind is Kind.SPACES_LOST_IN_CODE:  # each misreading once, as RUN_TOGETHER
        index = rng.choice(_code_word_pairs(words))
        first, second = words[index : index + 2]
        if first + second in made:
            return False
        made.add(first + second)
        words[index : index + 2] = [damaged(first + second, 0.8, f"{first} {second}")]
        return True
    if kind is Kind.BRACKETS_BOTH_MISREAD:
        index = next(i for i, word in enumerate(words) if word.startswith("["))
        words[index] = damaged("{" + words[index][1:], 0.8, words[index])
        words[-1] = damaged(words[-1] + "}", 0.8, words[-1])
        return True
    if kind is Kind.SPACE_LOST_AFTER_STOP:
        index = rng.choice(_stop_pairs(words))
        first, second = words[index : index + 2]
        words[index : index + 2] = [damaged(first + second, 0.8, f"{first} {second}")]
        return True
    if kind is Kind.NAME_IN_CODE_MISREAD:  # each misreading once, as RUN_TOGETHER
        index, name = rng.choice(_names_in_code(words))
        misread = name.lower() if rng.random() < 0.5 else "T" + name[1:]
        if misread in made:
            return False
        made.add(misread)
        words[index] = damaged(words[index].replace(name, misread, 1), 0.8, words[index])
        return True
    if kind is Kind.CLOSING_BRACKET_LOST:
        words[-1] = damaged(words[-1][:-1], 0.8, words[-1])
        return True
    if kind is Kind.OPENING_BRACKET_LOST:
        index = next(i for i, word in enumerate(words) if word.startswith("["))
        words[index] = damaged(words[index][1:], 0.8, words[index])
        return True
    if kind is Kind.COLON_SPACED:
        words[0:1] = [damaged(words[0][:-1], 0.9, words[0]), damaged(":", 0.6)]
        return True
    if kind is Kind.MARKS_IN_CODE_LOST:  # the first mark of the code the engine missed
        _misread_words(words, _MARKED_CODE.sub(_without_marks, " ".join(words), count=1))
        return True
    if kind is Kind.CLOSING_MISREAD_ALONE:
        words[-1] = damaged(words[-1][:-1] + rng.choice(")}"), 0.8, words[-1])
        return True
    if kind is Kind.BAR_AFTER_WORD:
        index = rng.choice(_barred(line))
        words[index] = damaged(words[index] + "|", 0.8, words[index])
        return True
    if kind is Kind.QUOTE_IN_CODE:
        index = next(i for i, word in enumerate(words) if _FIGURE_AFTER_SLASH.search(word))
        read = _FIGURE_AFTER_SLASH.sub("/‘", words[index], count=1)
        words[index] = damaged(read, 0.8, words[index])
        return True
    if kind is Kind.FIGURE_ONE_AS_I:
        index = next(i for i, word in enumerate(words) if _FIGURE_ONE.search(word))
        read = _FIGURE_ONE.sub(r"\1i", words[index], count=1)
        words[index] = damaged(read, 0.8, words[index])
        return True
    if kind is Kind.HEADING_IN_SMALL_LETTERS:
        colon = next(i for i, word in enumerate(words) if word.endswith(":"))
        words[: colon + 1] = [damaged(word.lower(), 0.8, word) for word in words[: colon + 1]]
        return True
    if kind is Kind.RUN_TOGETHER:  # each misreading once (made more often, it is the book's)
        index = rng.choice(_pairs_before_code(line))
        joined = words[index] + words[index + 1]
        # a join that is a word ('a long' read 'along') is no misreading a reader could see
        if joined in made or (_ENGLISH is not None and _ENGLISH.lookup(joined)):
            return False
        first, second = words[index], words.pop(index + 1)
        made.add(first + second)
        words[index] = damaged(first + second, 0.92, f"{first} {second}")
        return True
    if kind is Kind.FIRST_LETTER_LOST:
        return _word_harmed(words, rng, made, re.compile("falls"), lambda word: word[1:])
    if kind is Kind.RN_AS_M_WORD:
        return _word_harmed(words, rng, made, _RN_WORD, lambda word: word.replace("rn", "m"))
    if kind is Kind.NUMBER_AS_E:
        words[0] = damaged("e)", 0.4)
        return True
    if kind is Kind.NUMBER_O:
        words[0] = damaged(words[0].replace("0", "O"), 0.6)
        return True
    if kind is Kind.HEADING_LOST:
        colon = next(i for i, word in enumerate(words) if word.endswith(":"))
        del words[: colon + 1]
        return True
    pattern, old, new = {
        Kind.E_AS_C: (r"[a-z]*e[a-z]*[.,;]?", "e", "c"),
        Kind.M_AS_RN: (r"[a-z]*m[a-z]*[.,;]?", "m", "rn"),
        Kind.L_AS_1: (r"[a-z]*l[a-z]*[.,;]?", "l", "1"),
        Kind.I_AS_1: (r"\(I[,)]", "I", "1"),
        Kind.STOP_AS_COMMA: (r"[a-z]+\.", ".", ","),
    }[kind]
    choices = [i for i, word in enumerate(words) if re.fullmatch(pattern, word)]
    if kind is Kind.STOP_AS_COMMA:
        choices = [i for i in choices if i + 1 < len(words) and words[i + 1][:1].isupper()]
    if not choices:
        return False
    index = rng.choice(choices)
    words[index] = damaged(words[index].replace(old, new, 1), rng.uniform(0.55, 0.85))
    return True


def _without_marks(found: re.Match[str]) -> str:
    """``S2/W+2`` as ``S2W+2``, or ``2 (Max: Wealthy)]`` as ``2. (Max: Wealthy]``."""
    text = found[0]
    return text.replace("/", "") if "/" in text else text.replace(" (", ". (").replace(")]", "]")


def _misread_words(words: list[str], misread: str) -> None:
    """``words`` (a line's) as ``misread`` reads them, the same number of words: each one
    that differs damaged."""
    for index, (read, was) in enumerate(zip(misread.split(" "), words, strict=True)):
        if read != was:
            words[index] = damaged(read, 0.8, was)
