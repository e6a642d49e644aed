"""Engine grammars built from a :class:`~companion.phrases.PhraseSet`.

The phrase set is the single source of truth: the same object gives pocketsphinx its
JSGF grammar, Vosk its phrase list and the text matcher its candidates.

>>> from companion.phrases import PhraseSet
>>> yes_no = PhraseSet.of("yes", "no")
>>> vosk_grammar(yes_no)
'["no", "yes", "[unk]"]'
>>> print(jsgf(yes_no))
#JSGF V1.0;
grammar step;
public <answer> = ( no ) | ( yes );
"""

from __future__ import annotations

import json
from collections.abc import Callable

from companion.phrases import PhraseSet

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


def jsgf(phrases: PhraseSet, known: Callable[[str], bool] | None = None) -> str:
    """A JSGF grammar with one public rule listing every speakable phrase."""
    texts = speakable_phrases(phrases, known)
    if not texts:
        raise EmptyGrammarError("no phrase of this step is in the recogniser's dictionary")
    alternatives = " | ".join(f"( {text} )" for text in texts)
    return f"#JSGF V1.0;\ngrammar step;\npublic <answer> = {alternatives};"


def vosk_grammar(
    phrases: PhraseSet, known: Callable[[str], bool] | None = None, unknown: bool = True
) -> str:
    """A Vosk grammar: the JSON list of phrases, plus ``[unk]`` to absorb chatter."""
    texts = speakable_phrases(phrases, known)
    if not texts:
        raise EmptyGrammarError("no phrase of this step is in the Vosk model's vocabulary")
    return json.dumps([*texts, UNKNOWN] if unknown else texts, ensure_ascii=False)
