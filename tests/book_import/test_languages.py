"""--lang (issue 23): another language is honest about what it lacks: Tesseract's model
for it (named with its Debian package), its hunspell dictionary, and the format's English
words for the book's structure."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from companion.book_import.engines.tesseract import tessdata_folder
from companion.book_import.words import DICTIONARIES, language_notices
from companion.cli import main


def test_a_language_without_its_model_says_which_package_to_install(tmp_path, capsys):
    if any((folder / "fra.traineddata").is_file() for folder in [tessdata_folder("eng")]):
        return  # the French model is installed here: nothing to say
    page = tmp_path / "page.png"
    Image.new("L", (400, 600), 250).save(page)
    assert main(["import-book", str(page), "--out", str(tmp_path / "pack"), "--lang", "fra"]) == 1
    said = capsys.readouterr().err
    assert "sudo apt-get install tesseract-ocr-fra" in said
    assert "Traceback" not in said
    assert not (tmp_path / "pack" / "book.txt").exists()


def test_a_language_without_its_dictionary_says_so_and_what_stays_english():
    notices = language_notices("fra")
    if not (Path(DICTIONARIES) / "fr_FR.dic").exists():
        assert "sudo apt-get install hunspell-fr" in notices[0]
    assert "NO SKILL" in notices[-1] and "does not translate" in notices[-1]
    assert language_notices("eng") == []
