"""RapidOCR (PaddleOCR's models run by onnxruntime; the models ship inside the wheel).

It finds text lines and reads each whole; a line's words get boxes shared out by their
length in characters, and the line's confidence."""

from __future__ import annotations

import numpy as np

from companion.book_import.engines import LIGATURES, EngineUnavailable, RawWord

INSTALL_HINT = "pip install rapidocr-onnxruntime"


class RapidReader:
    """RapidOCR's detector and recogniser, loaded once."""

    def __init__(self, language: str) -> None:
        if language != "eng":
            raise EngineUnavailable(f"RapidOCR's shipped models read English, not {language!r}")
        try:
            from rapidocr_onnxruntime import RapidOCR
        except ImportError as missing:
            raise EngineUnavailable(
                f"rapidocr-onnxruntime is not installed: {INSTALL_HINT}"
            ) from missing
        self._ocr = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)

    def read_line(self, image: np.ndarray) -> list[RawWord]:
        return self.read(image)

    def read_block(self, image: np.ndarray) -> list[RawWord]:
        return self.read(image)

    def read_word(self, image: np.ndarray) -> str:
        """The text of an image holding one word (its recogniser alone, no detection)."""
        result, _ = self._ocr(image, use_det=False, use_cls=False, use_rec=True)
        return str(result[0][0]).strip() if result else ""

    def read(self, image: np.ndarray) -> list[RawWord]:
        result, _ = self._ocr(image, use_cls=False)
        lines = sorted(result or [], key=lambda found: min(point[1] for point in found[0]))
        words: list[RawWord] = []
        for line, (corners, text, score) in enumerate(lines):
            words.extend(_words_of(line, corners, text, float(score)))
        return words


def _words_of(line: int, corners, text: str, score: float) -> list[RawWord]:
    xs = [point[0] for point in corners]
    ys = [point[1] for point in corners]
    left, top = int(min(xs)), int(min(ys))
    width, height = int(max(xs)) - left, int(max(ys)) - top
    per_char = width / max(1, len(text))
    words, start = [], 0
    for token in text.split(" "):
        if token:
            words.append(
                RawWord(
                    text=token.translate(LIGATURES),
                    confidence=max(0.0, min(1.0, score)),
                    left=left + round(start * per_char),
                    top=top,
                    width=round(len(token) * per_char),
                    height=height,
                    line=line,
                )
            )
        start += len(token) + 1
    return words
