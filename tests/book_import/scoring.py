"""How well a page was read, against the ground truth it was typeset from.

>>> words_right(["a b c d"], ["a x c d"])
0.75
>>> paragraphs_exact([("a b", 1), ("c", 1), ("d", 2)], ["a b", "c", "e"])
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz.distance import Levenshtein


def words_right(truth_lines: Sequence[str], read_lines: Sequence[str]) -> float:
    """1 − word error rate: words of the truth, less those substituted, dropped or added."""
    truth = " ".join(truth_lines).split()
    read = " ".join(read_lines).split()
    return 1.0 - Levenshtein.distance(truth, read) / max(1, len(truth))


def paragraphs_exact(
    truth: Sequence[tuple[str, int]], read_lines: Sequence[str]
) -> tuple[int, int]:
    """(exact, all) pieces of paragraphs on the page: a piece is exact when every one of
    its printed lines was read exactly, as one line, in order."""
    texts = [text for text, _ in truth]
    matched = set()
    for tag, start, stop, _, _ in Levenshtein.opcodes(texts, list(read_lines)):
        if tag == "equal":
            matched.update(range(start, stop))
    pieces: dict[int, bool] = {}
    for index, (_, paragraph) in enumerate(truth):
        pieces[paragraph] = pieces.get(paragraph, True) and index in matched
    return sum(pieces.values()), len(pieces)
