"""pocketsphinx 5 with a per-step word graph (the model ships in its wheel).

The step's phrases become the smallest word graph that says exactly them
(:func:`~companion.voice.grammars.word_graph`): Samarande's action step, about 1,500
phrases, is a graph of about 70 states, which pocketsphinx searches in tens of
milliseconds where the same phrases as one flat JSGF list took seconds.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np

from companion.framework.phrases import PhraseSet
from companion.voice.audio import RATE, to_pcm16
from companion.voice.grammars import EmptyGrammarError, phrase_graph
from companion.voice.recognition import CHATTER, Recognition


class PocketSphinxRecognizer:
    """pocketsphinx 5 with a per-step word graph; confidence from its lattice posterior.

    pocketsphinx may end its best path inside a phrase that starts with a one-phone
    word ("i", "a"), so the answer is the first n-best entry that is a whole phrase;
    when that is not the best path itself, the answer counts as unsure. The posterior
    is a weak measure next to whisper's, which is why this engine is the fallback.
    """

    name = "pocketsphinx"
    NBEST = 20

    def __init__(self) -> None:
        import pocketsphinx

        model = Path(pocketsphinx.get_model_path()) / "en-us"
        self._decoder = pocketsphinx.Decoder(
            hmm=str(model / "en-us"),
            dict=str(model / "cmudict-en-us.dict"),
            lm=None,
            samprate=RATE,
            loglevel="FATAL",
        )
        self._searches: dict[tuple[str, ...], str] = {}

    def knows(self, word: str) -> bool:
        return self._decoder.lookup_word(word) is not None

    def _search(self, phrases: PhraseSet) -> str:
        texts = tuple(sorted({phrase.text for phrase in phrases.phrases}))
        if texts not in self._searches:
            name = f"step{len(self._searches)}"
            graph = phrase_graph(phrases, self.knows)
            transitions = [arc if arc[3] else arc[:3] for arc in graph.transitions]
            fsg = self._decoder.create_fsg(name, graph.start, graph.final, transitions)
            self._decoder.add_fsg(name, fsg)
            self._searches[texts] = name
        return self._searches[texts]

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        try:
            search = self._search(phrases)
        except EmptyGrammarError:
            return Recognition("", 0.0)
        self._decoder.activate_search(search)
        self._decoder.start_utt()
        self._decoder.process_raw(to_pcm16(samples), full_utt=True)
        self._decoder.end_utt()
        texts = {phrase.text for phrase in phrases.phrases}
        first = next(
            (
                hypothesis.hypstr
                for hypothesis in itertools.islice(self._decoder.nbest() or (), self.NBEST)
                if hypothesis is not None and hypothesis.hypstr in texts
            ),
            "",
        )
        best = self._decoder.hyp()
        if not first or best is None:
            return Recognition("", 0.0)
        if best.hypstr != first:
            return Recognition(first, CHATTER)
        # The posterior is spread over many segmentations of the same words: its square
        # root puts a clear winner above the accept threshold and most chatter below.
        return Recognition(first, round(math.sqrt(min(max(best.prob, 0.0), 1.0)), 4))
