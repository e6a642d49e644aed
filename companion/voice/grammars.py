"""Engine grammars built from a :class:`~companion.framework.phrases.PhraseSet`.

The phrase set is the single source of truth: the same object gives pocketsphinx its
word graph, Vosk its phrase list and the text matcher its candidates.

>>> from companion.framework.phrases import PhraseSet
>>> yes_no = PhraseSet.of("yes", "no")
>>> vosk_grammar(yes_no)
'["no", "yes", "[unk]"]'
>>> sorted(word_paths(phrase_graph(yes_no)))
['no', 'yes']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from companion.framework.phrases import PhraseSet

UNKNOWN = "[unk]"
"""Vosk's garbage word: anything said that is not in the grammar."""


class EmptyGrammarError(ValueError):
    """No phrase of the set can be spoken with this engine's vocabulary."""


def speakable_phrases(phrases: PhraseSet, known: Callable[[str], bool] | None = None) -> list[str]:
    """The distinct phrase texts whose every word the engine knows, sorted."""
    texts = sorted({phrase.text for phrase in phrases.phrases})
    if known is None:
        return texts
    return [text for text in texts if all(known(word) for word in text.split())]


def phrase_graph(phrases: PhraseSet, known: Callable[[str], bool] | None = None) -> WordGraph:
    """The :func:`word_graph` of every speakable phrase."""
    texts = speakable_phrases(phrases, known)
    if not texts:
        raise EmptyGrammarError("no phrase of this step is in the recogniser's dictionary")
    return word_graph(texts)


def vosk_grammar(
    phrases: PhraseSet, known: Callable[[str], bool] | None = None, unknown: bool = True
) -> str:
    """A Vosk grammar: the JSON list of phrases, plus ``[unk]`` to absorb chatter."""
    texts = speakable_phrases(phrases, known)
    if not texts:
        raise EmptyGrammarError("no phrase of this step is in the Vosk model's vocabulary")
    return json.dumps([*texts, UNKNOWN] if unknown else texts, ensure_ascii=False)


Transition = tuple[int, int, float, str | None]
"""(from state, to state, probability, word); no word: an empty (null) transition."""


@dataclass(frozen=True)
class WordGraph:
    """A finite-state grammar: the phrases as paths from ``start`` to ``final``."""

    start: int
    final: int
    transitions: list[Transition]

    @property
    def states(self) -> int:
        return 1 + max(max(source, target) for source, target, _, _ in self.transitions)


def word_graph(texts: Iterable[str]) -> WordGraph:
    """The smallest word graph whose paths are exactly ``texts``: phrases share their
    common beginnings and endings, so "play the X in Y" for 50 cards and 30 places is
    about 80 words wide instead of 1,500 phrases long (pocketsphinx searches the graph,
    and a flat list of alternatives makes it crawl).

    Every phrase is equally likely, as in a flat list: a transition's probability is the
    share of the state's phrases that go through it. A phrase that can go on or stop
    takes an empty transition to the final state.

    >>> graph = word_graph(["play the rose", "play the lamp", "take the rose"])
    >>> graph.states, len(graph.transitions)
    (6, 7)
    >>> [round(p, 2) for source, _, p, _ in graph.transitions if source == graph.start]
    [0.67, 0.33]
    >>> sorted(word_paths(graph))
    ['play the lamp', 'play the rose', 'take the rose']
    """
    trie: dict[str, Any] = {}
    for text in texts:
        node = trie
        for word in text.split():
            node = node.setdefault(word, {})
        node[_END] = {}
    ids: dict[tuple[Any, ...], int] = {}
    edges: dict[int, list[tuple[str, int]]] = {}
    stops: set[int] = set()

    def state_of(node: dict[str, Any]) -> int:
        """Equal futures share one state (minimisation by signature, bottom up)."""
        arcs = tuple(sorted((word, state_of(child)) for word, child in node.items() if word))
        signature = (_END in node, arcs)
        if signature not in ids:
            ids[signature] = len(ids)
            edges[ids[signature]] = list(arcs)
            if _END in node:
                stops.add(ids[signature])
        return ids[signature]

    root = state_of(trie)
    final = ids.setdefault((True, ()), len(ids))  # where every phrase ends
    paths: dict[int, int] = {final: 1}
    for state in sorted(edges):  # children are numbered before their parents
        paths.setdefault(state, (state in stops) + sum(paths[child] for _, child in edges[state]))
    transitions: list[Transition] = []
    for state, arcs in edges.items():
        if state == final:
            continue
        transitions.extend(
            (state, child, paths[child] / paths[state], word) for word, child in arcs
        )
        if state in stops:
            transitions.append((state, final, 1 / paths[state], None))
    return WordGraph(root, final, transitions)


_END = ""
"""Marks the end of a phrase in the trie (no word is empty)."""


def word_paths(graph: WordGraph) -> Iterator[str]:
    """Every phrase of the graph (for checks; the number of paths can be large)."""
    outgoing: dict[int, list[Transition]] = {}
    for transition in graph.transitions:
        outgoing.setdefault(transition[0], []).append(transition)

    def walk(state: int, words: tuple[str, ...]) -> Iterator[str]:
        if state == graph.final:
            yield " ".join(words)
        for _, target, _, word in outgoing.get(state, []):
            yield from walk(target, (*words, word) if word else words)

    return walk(graph.start, ())
