"""How varied an evening with a Book of Tales is: distinct paragraphs read in a long scripted
game, the most repeated one, and the names each paragraph may be read with.

Plays seeded Reader games on a pack (the demo pack by default) through the real session,
with a player who picks one of the expected answers at random, until ``--encounters``
paragraphs have been read (a new game starts when one ends). Then it prints how many
distinct texts the table heard (a paragraph told in two ways is two texts: the Reader reads
a telling not yet heard this evening), how many distinct paragraph numbers that was, and
the text heard most often. Over several seeds it also prints the standard error of the mean
distinct paragraphs (how far another set of seeds may move it) and the most a book of the
same size could give, every paragraph equally likely.

``--fit`` plays no game: it lists, for every result paragraph, each name and terrain it
can be read with, and its intro in each of its tellings, for a review of the book's fit.

``--sample N`` (with ``--seed``) plays no game either: it draws N texts at random from the
whole book (each other telling is a text of its own) and prints each one whole, with every
name and terrain it can be read with and every reaction that leads to it, for a fit review
on a sample as an outside reviewer would do it.

``--names`` also lists, for every result paragraph, each name "the other" may stand for
when it is read (from the charts, cards, Places of Power and Go to), so that a writer can
check that the paragraph's text suits every one of them.

    .venv/bin/python bench/bench_book_variety.py [--pack content/demo] [--encounters 200]
        [--seed 1] [--seeds 1] [--names] [--fit] [--most-read 30] [--sample 60]
        [--overlap 4000-4422]

``--overlap FIRST-LAST`` plays no game either: for each result paragraph numbered FIRST to
LAST, the other paragraph of the whole book whose story words it shares most (the share of
their content words, every telling counted), worst first: a new paragraph that follows
another's scene too closely shows at the top.

``--most-read N`` lists the N paragraphs read most over all seeds (readings per evening),
with the names they were reached with, to show where new paragraphs help variety most.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from companion.framework.dialogue import GameOptions, Speech, Step
from companion.framework.phrases import PhraseSet
from companion.games.arabian_nights.content.book_fit import describe, readings
from companion.games.arabian_nights.content.loader import load_pack, reward_vocabulary
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.content.reward_codes import GoToParagraph, parse_reward
from companion.games.arabian_nights.dialogue.sheet_commands import is_command
from companion.games.arabian_nights.game import GAME
from companion.session.loop import PrintMouth, Session
from companion.session.ports import Heard

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [("Ali Baba", "m"), ("Zumurrud", "f"), ("Sindbad", "m")]
LITTLE_WORDS = frozenset(
    """the and but for with from into onto over under are was were been being its this that these
    those you your yours yourself she him her his they them their our other not nor than
    then there here when where which who whom whose what why how all any each every one two
    three some more most much many few such own same too very can cannot could would should
    will shall may might must does did done have has had having until while after before
    again once about against between through during out down off above below just only also
    even still yet ever never now back away long last first""".split()
)
"""Words that tell no story (:func:`story_words` reads no word shorter than three letters)."""


class RandomPlayer:
    """Picks one of the step's answers at random; stops once enough paragraphs were read."""

    def __init__(self, rng: random.Random, reading: ReadingLog, encounters: int) -> None:
        self.rng = rng
        self.reading = reading
        self.encounters = encounters

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        if len(self.reading.read) >= self.encounters:
            return None
        # Sheet corrections ("Ali gains Piety") are offered at every step; a player uses them
        # rarely, so they are left out here.
        values = [value for value in step.expects.values if not is_command(value)]
        if not values:
            return Heard(self.rng.choice(["Ali", "7", "12"]), typed=True)
        value = self.rng.choice(values)
        return Heard(step.expects.phrases_for(value)[0], typed=True)


Text = tuple[int, int]
"""What the table heard: a paragraph and which of its tellings."""


class ReadingLog:
    """A session observer noting each paragraph read, and in which telling."""

    def __init__(self) -> None:
        self.read: list[Text] = []

    def on_speech(self, speech: Speech) -> None:
        if speech.paragraph is not None:
            self.read.append((speech.paragraph, speech.telling))

    def on_heard(self, heard, understood) -> None:
        """Nothing to note."""

    def on_step(self, step: Step, dialogue) -> None:
        """Nothing to note."""


def play(pack: Path, encounters: int, seed: int, save: Path) -> list[Text]:
    """The texts read, in order, over as many seeded games as it takes."""
    reading = ReadingLog()
    player = RandomPlayer(random.Random(seed), reading, encounters)
    game = 0
    while len(reading.read) < encounters:
        game += 1
        options = GameOptions(seed=seed * 1000 + game, players=PLAYERS, pack=str(pack))
        dialogue = GAME.new(options)
        session = Session(
            dialogue=dialogue, spec=GAME, ears=player, mouth=PrintMouth(lambda line: None),
            save_path=save, observers=[reading],
        )  # fmt: skip
        session.run(dialogue.opening())
    return reading.read[:encounters]


def names_by_paragraph(pack: Pack) -> dict[int, set[str]]:
    """Every name "the other" may stand for in each result paragraph."""
    return {number: {name for name, _ in found} for number, found in readings(pack).items()}


def print_fit(pack: Pack) -> None:
    """How shared the paragraphs are, then each result paragraph with every name and
    terrain it can be read with."""
    found = readings(pack)
    cells = Counter(
        cell for matrix in pack.matrices.values() for row in matrix.rows.values()
        for cell in row.values()
    )  # fmt: skip
    names = [len({name for name, _ in found[number]}) for number in found if found[number]]
    retold = sum(paragraph.telling_count > 1 for paragraph in pack.paragraphs.values())
    texts = sum(paragraph.telling_count for paragraph in pack.paragraphs.values())
    print(
        f"{len(pack.paragraphs)} result paragraphs ({retold} told in more than one way, "
        f"{texts} texts); {sum(cells.values())} matrix cells lead "
        f"to {len(cells)} paragraph groups, {statistics.mean(cells.values()):.2f} cells per "
        f"group (worst {max(cells.values())}); names per paragraph {statistics.mean(names):.1f}"
        f" (worst {max(names)})"
    )
    for number in sorted(found):
        names = {name for name, _ in found[number]}
        print(f"{number} ({len(names)} names): {describe(found[number])}")
        paragraph = pack.paragraphs[number]
        for telling in range(paragraph.telling_count):
            print(f"    {paragraph.told(telling).intro}")


def story_words(pack: Pack, number: int) -> frozenset[str]:
    """The words that carry a paragraph's story, in every telling, little words left out.

    >>> from companion.games.arabian_nights.content.pack import Paragraph, Section
    >>> plain = Section(heading="NO SKILL", requirements=[], text="The purse is empty.",
    ...                 reward_code="S1", line=2)
    >>> pack = Pack.model_construct(paragraphs={7: Paragraph(
    ...     number=7, intro="You find a purse.", sections=[plain], line=1)})
    >>> sorted(story_words(pack, 7))
    ['empty', 'find', 'purse']
    """
    paragraph = pack.paragraphs[number]
    words: set[str] = set()
    for telling in range(paragraph.telling_count):
        told = paragraph.told(telling)
        text = " ".join([told.intro, *(section.text for section in told.sections)])
        words.update(re.findall(r"[a-z]{3,}", text.lower()))
    return frozenset(words - LITTLE_WORDS)


def paragraph_range(text: str) -> tuple[int, int]:
    """``4000-4422`` (or one number) as the first and last paragraph numbers.

    >>> paragraph_range("4000-4422"), paragraph_range("17")
    ((4000, 4422), (17, 17))
    >>> paragraph_range("4422-4000")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '4422-4000' is not FIRST-LAST with FIRST <= LAST, e.g. 4000-4422
    """
    first, _, last = text.partition("-")
    if not (first.isdigit() and (last or first).isdigit()) or int(first) > int(last or first):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not FIRST-LAST with FIRST <= LAST, e.g. 4000-4422"
        )
    return int(first), int(last or first)


def print_overlap(pack: Pack, first: int, last: int) -> None:
    """Each paragraph from ``first`` to ``last`` with the book's paragraph it shares most
    story words with (shared words over the words of both), the closest pairs first."""
    words = {number: story_words(pack, number) for number in pack.paragraphs}
    if not any(first <= number <= last for number in words):
        raise SystemExit(f"no paragraph numbered {first} to {last} in the book")
    closest = []
    for number in sorted(n for n in words if first <= n <= last):
        share, other = max(
            (len(words[number] & words[other]) / len(words[number] | words[other]), other)
            for other in words
            if other != number and words[other]
        )
        closest.append((share, number, other))
    closest.sort(reverse=True)
    shares = [share for share, _number, _other in closest]
    print(
        f"{len(closest)} paragraphs {first}-{last}: closest to another {shares[0]:.2f}, mean "
        f"{statistics.mean(shares):.3f}, {sum(share > 0.25 for share in shares)} above 0.25"
    )
    for share, number, other in closest[:20]:
        print(f"{share:.2f} {number} ~ {other}")


def reactions_leading_to(pack: Pack) -> dict[int, set[str]]:
    """Each paragraph's ways in: a matrix cell's reaction with the Destiny Die face
    ("E Just King: Defy (plus)") or a section's Go to ("Go to from 54, NO SKILL")."""
    found: dict[int, set[str]] = defaultdict(set)
    for letter, matrix in pack.matrices.items():
        for row, cells in matrix.rows.items():
            for reaction, cell in cells.items():
                for offset, face in ((-1, "minus"), (0, "blank"), (1, "plus")):
                    found[cell + offset].add(f"{letter} {row}: {reaction} ({face})")
    vocabulary = reward_vocabulary(pack)
    for number, paragraph in pack.paragraphs.items():
        for section in paragraph.sections:
            for effect in parse_reward(section.reward_code, vocabulary):
                if isinstance(effect, GoToParagraph):
                    found[effect.paragraph].add(f"Go to from {number}, {section.heading}")
    return found


def print_sample(pack: Pack, count: int, seed: int) -> None:
    """``count`` texts drawn at random (seeded), each whole with its readings and ways in."""
    found = readings(pack)
    ways_in = reactions_leading_to(pack)
    texts = sorted(
        (number, telling)
        for number, paragraph in pack.paragraphs.items()
        for telling in range(paragraph.telling_count)
    )
    print(f"{count} of {len(texts)} texts, seed {seed}")
    for number, telling in random.Random(seed).sample(texts, count):
        told = pack.paragraphs[number].told(telling)
        print(f"\n{number}, telling {telling} ({told.source}:{told.line})")
        print(f"  read with: {describe(found[number])}")
        print(f"  reached by: {'; '.join(sorted(ways_in[number])) or 'a card or a Place'}")
        print(f"  {told.intro}")
        for section in told.sections:
            print(f"  {section.heading}: {section.text} [{section.reward_code}]")


def print_most_read(pack: Pack, total: Counter[int], seeds: int, count: int) -> None:
    """The paragraphs read most, with readings per evening and the names they are read with."""
    names = names_by_paragraph(pack)
    print(f"most read paragraphs (readings per evening over {seeds} seeds):")
    for number, times in total.most_common(count):
        found = ", ".join(sorted(names.get(number, set()))) or "-"
        print(f"{number}: {times / seeds:.2f} ({pack.paragraphs[number].source}) {found}")


def evenly_read(paragraphs: int, encounters: int) -> float:
    """The distinct paragraphs expected in ``encounters`` readings drawn one by one from a
    book of ``paragraphs`` equally likely ones: no routing of the same book can expect more.

    >>> round(evenly_read(2127, 80), 2), round(evenly_read(2127, 200), 1)
    (78.53, 190.9)
    """
    return paragraphs * (1 - (1 - 1 / paragraphs) ** encounters)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=ROOT / "content" / "demo")
    parser.add_argument("--encounters", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--seeds", type=int, default=1, help="how many seeds, each a run")
    parser.add_argument("--names", action="store_true", help="list each paragraph's names")
    parser.add_argument(
        "--most-read", type=int, default=0, metavar="N", help="list the N most read paragraphs"
    )
    parser.add_argument(
        "--fit", action="store_true", help="list each paragraph's names and terrains, no games"
    )
    parser.add_argument(
        "--sample", type=int, default=0, metavar="N", help="print N texts drawn at --seed"
    )
    parser.add_argument(
        "--overlap",
        type=paragraph_range,
        metavar="FIRST-LAST",
        help="closest paragraph of each, by shared words",
    )
    args = parser.parse_args()
    pack = load_pack(args.pack)
    if args.overlap:
        print_overlap(pack, *args.overlap)
        return
    if args.fit:
        print_fit(pack)
        return
    if args.sample:
        print_sample(pack, args.sample, args.seed)
        return
    distinct, paragraphs, most, most_paragraph, total = [], [], [], [], Counter()
    for seed in range(args.seed, args.seed + args.seeds):
        with tempfile.TemporaryDirectory() as folder:
            read = play(args.pack, args.encounters, seed, Path(folder) / "game.json")
        counts = Counter(read)
        total.update(number for number, _telling in read)
        (number, telling), times = counts.most_common(1)[0] if counts else ((0, 0), 0)
        by_number = Counter(number for number, _telling in read)
        numbers = len(by_number)
        distinct.append(len(counts))
        most.append(times)
        paragraphs.append(numbers)
        most_paragraph.append(max(by_number.values(), default=0))
        print(
            f"seed {seed}: {len(read)} paragraphs read, {len(counts)} distinct texts heard, "
            f"{numbers} distinct paragraphs ({len(pack.paragraphs)} in book); most heard: "
            f"{number} (telling {telling}), {times} times"
        )
    if args.seeds > 1:
        print(
            f"mean over {args.seeds} seeds: {statistics.mean(distinct):.1f} distinct texts "
            f"heard ({statistics.mean(paragraphs):.1f} distinct paragraphs), the text heard "
            f"most heard {statistics.mean(most):.1f} times (worst {max(most)}), the paragraph "
            f"read most read {statistics.mean(most_paragraph):.1f} times (worst "
            f"{max(most_paragraph)})"
        )
        error = statistics.stdev(paragraphs) / len(paragraphs) ** 0.5
        print(
            f"distinct paragraphs {statistics.mean(paragraphs):.2f}, standard error of that "
            f"mean {error:.2f}; a book of {len(pack.paragraphs)} paragraphs all equally likely "
            f"would give {evenly_read(len(pack.paragraphs), args.encounters):.2f}"
        )
    if args.most_read:
        print_most_read(pack, total, args.seeds, args.most_read)
    if args.names:
        for number, found in sorted(names_by_paragraph(pack).items()):
            intro = pack.paragraphs[number].intro[:70]
            print(f"{number} ({len(found)}): {', '.join(sorted(found))}\n    {intro}")


if __name__ == "__main__":
    main()
