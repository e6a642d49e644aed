"""Tesseract 5 through tesserocr (its wheel carries the library; the language models come
from Debian's tesseract-ocr-eng, Homebrew's or Chocolatey's tesseract, or TESSDATA_PREFIX)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from companion.book_import.engines import LIGATURES, EngineUnavailable, RawWord

INSTALL_HINT = (
    "install Tesseract's models (Debian/Ubuntu: sudo apt-get install tesseract-ocr "
    "tesseract-ocr-eng; macOS: brew install tesseract; Windows: choco install tesseract) "
    "and the Python package (pip install 'tales-companion[book]'), or set TESSDATA_PREFIX "
    "to the folder that holds eng.traineddata"
)
_TESSDATA_FOLDERS = (
    "/usr/share/tesseract-ocr/5/tessdata",
    "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/share/tessdata",
    "/usr/local/share/tessdata",
    "/opt/homebrew/share/tessdata",
    "C:/Program Files/Tesseract-OCR/tessdata",
)


def tessdata_folder(language: str) -> Path:
    """The folder holding ``language``.traineddata (TESSDATA_PREFIX first)."""
    folders = [os.environ["TESSDATA_PREFIX"]] if os.environ.get("TESSDATA_PREFIX") else []
    for folder in (*folders, *_TESSDATA_FOLDERS):
        if (Path(folder) / f"{language}.traineddata").is_file():
            return Path(folder)
    if language != "eng":
        raise EngineUnavailable(
            f"no Tesseract model for language {language!r} (Debian/Ubuntu: sudo apt-get "
            f"install tesseract-ocr-{language}; macOS: brew install tesseract-lang; or set "
            f"TESSDATA_PREFIX to the folder that holds {language}.traineddata)"
        )
    raise EngineUnavailable(f"no Tesseract model for language {language!r}: {INSTALL_HINT}")


class TesseractReader:
    """Tesseract's LSTM reader, one API object kept for every image (models load once).
    It tells no font attributes (its WordFontAttributes says "not bold" of bold words), so
    its words' ``bold`` is None, for the page to measure."""

    def __init__(self, language: str) -> None:
        try:
            import tesserocr
        except ImportError as missing:
            raise EngineUnavailable(f"tesserocr is not installed: {INSTALL_HINT}") from missing
        self._tesserocr = tesserocr
        folder = tessdata_folder(language)
        self._api = tesserocr.PyTessBaseAPI(
            path=f"{folder}/",
            lang=language,
            psm=tesserocr.PSM.SINGLE_COLUMN,
        )

    def read(self, image: np.ndarray) -> list[RawWord]:
        return self._read(image, self._tesserocr.PSM.SINGLE_COLUMN)

    def read_line(self, image: np.ndarray) -> list[RawWord]:
        return self._read(image, self._tesserocr.PSM.SINGLE_LINE)

    def read_block(self, image: np.ndarray) -> list[RawWord]:
        return self._read(image, self._tesserocr.PSM.SINGLE_BLOCK)

    def _read(self, image: np.ndarray, layout) -> list[RawWord]:
        from PIL import Image

        tesserocr = self._tesserocr
        self._api.SetPageSegMode(layout)
        self._api.SetImage(Image.fromarray(image))
        self._api.Recognize()
        words: list[RawWord] = []
        iterator = self._api.GetIterator()
        level, line = tesserocr.RIL.WORD, -1
        if iterator is None:
            return words
        for word in tesserocr.iterate_level(iterator, level):
            try:
                text = word.GetUTF8Text(level)
            except RuntimeError:  # tesserocr's word for "nothing read here"
                continue
            box = word.BoundingBox(level)
            if word.IsAtBeginningOf(tesserocr.RIL.TEXTLINE) or line < 0:
                line += 1
            if not text or not text.strip() or box is None:
                continue
            left, top, right, bottom = box
            words.append(
                RawWord(
                    text=text.strip().translate(LIGATURES),
                    confidence=max(0.0, min(1.0, word.Confidence(level) / 100)),
                    left=left,
                    top=top,
                    width=right - left,
                    height=bottom - top,
                    line=line,
                )
            )
        return words
