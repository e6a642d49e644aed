"""The owner's corrections survive a new import: every paragraph of ``book.txt`` that
differs from what the import last wrote (kept in ``.import/imported-book.txt``) is an
owner's correction, saved in ``corrections.txt`` (the same format as book.txt, one
paragraph after another) and put over every fresh import in place of what was read.

>>> book = "# page 1 (a.png), left column, line 1\\n12\\nThe end. [S1]\\n"
>>> blocks = paragraph_blocks(book)
>>> blocks[12].lines, blocks[12].comment
(['The end. [S1]'], '# page 1 (a.png), left column, line 1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

BOOK = "book.txt"
CORRECTIONS = "corrections.txt"
IMPORTED = Path(".import") / "imported-book.txt"
CORRECTIONS_HEADER = (
    "# Your corrections: each paragraph here replaces what `companion import-book` reads for\n"
    "# it, every time it runs into this folder. Edit book.txt (or use `companion review`);\n"
    "# the paragraphs you change are added here. Delete one here to take the import's.\n\n"
)
UNNUMBERED = "# a paragraph whose number was not read"
_NUMBER = re.compile(r"\d{1,6}")


@dataclass
class ParagraphBlock:
    """One paragraph of a book file: its number, its text lines, the comment before it."""

    number: int
    lines: list[str] = field(default_factory=list)
    comment: str = ""

    def text(self) -> str:
        head = f"{self.comment}\n" if self.comment else ""
        return head + "\n".join([str(self.number), *self.lines]) + "\n"


def paragraph_blocks(text: str) -> dict[int, ParagraphBlock]:
    """The paragraphs of a book file by number (the first, if a number is there twice)."""
    blocks: dict[int, ParagraphBlock] = {}
    current: ParagraphBlock | None = None
    comment = ""
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if line.startswith("# page "):
            comment = line
        elif _NUMBER.fullmatch(line):
            current = ParagraphBlock(int(line), comment=comment)
            blocks.setdefault(current.number, current)
            comment = ""
        elif line and not line.startswith("#") and current is not None:
            current.lines.append(line)
    return blocks


def owner_changes(
    folder: Path, now: dict[int, ParagraphBlock] | None = None
) -> dict[int, ParagraphBlock]:
    """The paragraphs of FOLDER/book.txt (``now``, when already read) the owner changed or
    added since the last import."""
    book, imported = folder / BOOK, folder / IMPORTED
    if not book.is_file() or not imported.is_file():
        return {}
    was = paragraph_blocks(imported.read_text(encoding="utf-8"))
    if now is None:
        now = paragraph_blocks(book.read_text(encoding="utf-8-sig"))
    return {
        number: block for number, block in now.items()
        if number not in was or was[number].lines != block.lines
    }  # fmt: skip


def read_corrections(folder: Path) -> dict[int, ParagraphBlock]:
    path = folder / CORRECTIONS
    return paragraph_blocks(path.read_text(encoding="utf-8-sig")) if path.is_file() else {}


def save_corrections(folder: Path, corrections: dict[int, ParagraphBlock]) -> None:
    text = "\n".join(corrections[number].text() for number in sorted(corrections))
    (folder / CORRECTIONS).write_text(CORRECTIONS_HEADER + text, encoding="utf-8")


def keep_correction(folder: Path, block: ParagraphBlock) -> None:
    """Save one paragraph as the owner wrote it (from the review page)."""
    corrections = read_corrections(folder)
    corrections[block.number] = block
    save_corrections(folder, corrections)


def with_corrections(imported: str, corrections: dict[int, ParagraphBlock]) -> str:
    """The imported book with each corrected paragraph in place of the one read (and the
    corrected paragraphs the import does not have added), in number order."""
    blocks = paragraph_blocks(imported)
    lines = imported.splitlines(keepends=True)
    header = "".join(line for line in lines[: _first_paragraph(lines)])
    unnumbered = _unnumbered(imported)
    merged = {**blocks, **corrections}
    body = "\n".join(merged[number].text() for number in sorted(merged))
    return header + body + ("\n" + unnumbered if unnumbered else "")


def _first_paragraph(lines: list[str]) -> int:
    for index, line in enumerate(lines):
        if line.startswith("# page ") or _NUMBER.fullmatch(line.strip()):
            return index
    return len(lines)


def _unnumbered(text: str) -> str:
    """The paragraphs the import wrote as comments (their number was not read)."""
    parts = text.split("\n\n")
    return "\n\n".join(part.strip("\n") + "\n" for part in parts if UNNUMBERED in part)
