"""OCR engines behind one small interface, keyed by :class:`OcrEngine`.

Each engine reads a greyscale image (a column of a straightened page) into
:class:`RawWord` s: text, confidence 0..1, box, bold when the engine can tell, and the
engine's own line index. An engine that is not installed raises :class:`EngineUnavailable`
with how to install it, never a traceback.

>>> OcrEngine("tesseract") is OcrEngine.TESSERACT
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import numpy as np


class OcrEngine(Enum):
    """The OCR engines the import can use; the first is the default (docs/book-import.md
    says why)."""

    TESSERACT = "tesseract"
    RAPIDOCR = "rapidocr"


LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
    }
)
"""Printed ligatures as their letters: the engine may give the ligature's own character."""


class EngineUnavailable(RuntimeError):
    """The engine cannot run on this machine; the message says how to install it."""


@dataclass(frozen=True)
class RawWord:
    """One word as an engine read it, in the pixels of the image it was given."""

    text: str
    confidence: float
    left: int
    top: int
    width: int
    height: int
    line: int
    bold: bool | None = None


class Reader(Protocol):
    """An engine ready to read: models loaded once, used for many images."""

    def read(self, image: np.ndarray) -> list[RawWord]:
        """The words of a greyscale image of one column of text."""
        ...

    def read_line(self, image: np.ndarray) -> list[RawWord]:
        """The words of a greyscale image of one line of text."""
        ...

    def read_block(self, image: np.ndarray) -> list[RawWord]:
        """The words of a greyscale image of one block of lines across (a table), each
        line read whole however far apart its words stand."""
        ...


def _tesseract(language: str) -> Reader:
    from companion.book_import.engines.tesseract import TesseractReader

    return TesseractReader(language)


def _rapidocr(language: str) -> Reader:
    from companion.book_import.engines.rapid import RapidReader

    return RapidReader(language)


_MAKERS: dict[OcrEngine, Callable[[str], Reader]] = {
    OcrEngine.TESSERACT: _tesseract,
    OcrEngine.RAPIDOCR: _rapidocr,
}


def open_reader(engine: OcrEngine, language: str = "eng") -> Reader:
    """The reader of ``engine`` for ``language`` (Tesseract's language codes: eng, fra, deu).

    Raises :class:`EngineUnavailable` when the engine or its language is not installed."""
    return _MAKERS[engine](language)


def first_available_reader(language: str = "eng") -> tuple[OcrEngine, Reader]:
    """The first engine of :class:`OcrEngine` that runs here, in order of preference.

    Raises :class:`EngineUnavailable` naming how to install each when none does."""
    reasons = []
    for engine in OcrEngine:
        try:
            return engine, open_reader(engine, language)
        except EngineUnavailable as unavailable:
            reasons.append(f"{engine.value}: {unavailable}")
    raise EngineUnavailable("no OCR engine can run here.\n" + "\n".join(reasons))
