"""The chronicle's pages: the night told in chapters, as Markdown and as a printable page.

:func:`sections` lays a :class:`~companion.session.chronicle.journal.Night` out: what was
told before the first turn, one chapter per turn (numbered here, in order, so a turn that
told nothing leaves no gap), then the end. Within a chapter each answer's story is one
paragraph of prose; a paragraph of the book read, a tale told and a sheet corrected by
hand stand on their own. :func:`markdown` and :func:`html` write the same sections; the
page is self-contained (its style inline, nothing fetched), escaped (a player's name is
text, never markup) and set for printing (the browser's Print makes the PDF).

>>> from companion.framework.story import Chapter, StoryLine, Told
>>> from companion.session.chronicle.journal import Night, Story
>>> night = Night(game="Tales of Arabia", players=["Ali", "<b>Sara</b>"])
>>> night.stories = [
...     Story(mark="1", chapter=Chapter(turn=4, player="Ali"),
...           lines=[StoryLine(text="Ali moves to space five."),
...                  StoryLine(text="Ali gains one Fortune.", told=Told.REWARD)]),
...     Story(mark="2", chapter=None, lines=[StoryLine(text="Ali wins.", told=Told.ENDING)])]
>>> print(markdown(night))
# Tales of Arabia: the chronicle of the night
<BLANKLINE>
Players: Ali and \\<b\\>Sara\\</b\\>.
<BLANKLINE>
## Turn 1 — Ali
<BLANKLINE>
Ali moves to space five. Ali gains one Fortune.
<BLANKLINE>
## The end
<BLANKLINE>
Ali wins.
<BLANKLINE>
>>> "&lt;b&gt;Sara&lt;/b&gt;" in html(night), "<b>Sara" in html(night)
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import jinja2
import markupsafe

from companion.framework.story import StoryLine, Told
from companion.framework.wording import spoken_list
from companion.session.chronicle.journal import Night, Story

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game}: the chronicle of the night",
        "untitled": "The chronicle of the night",
        "players": "Players: {players}.",
        "and": "and",
        "prologue": "Before the first turn",
        "chapter": "Turn {number} — {player}",
        "end": "The end",
        "paragraph": "Paragraph {number}",
        "correction": "Corrected by the table:",
        "earlier": "Written before this chronicle kept chapters",
    },
    "es": {
        "title": "{game}: crónica de la noche",
        "untitled": "Crónica de la noche",
        "players": "Jugadores: {players}.",
        "and": "y",
        "prologue": "Antes del primer turno",
        "chapter": "Turno {number}: {player}",
        "end": "Fin",
        "paragraph": "Párrafo {number}",
        "correction": "Corregido por la mesa:",
        "earlier": "Escrito antes de que esta crónica tuviera capítulos",
    },
}
"""The chronicle's own words, in each language a game is played in."""

PROSE = (Told.NARRATION, Told.REWARD)


@dataclass(frozen=True)
class Block:
    """A paragraph of the page: prose (one answer's lines), or one line on its own."""

    kind: Told
    lines: tuple[StoryLine, ...]

    @property
    def text(self) -> str:
        return " ".join(line.text for line in self.lines if line.text)

    @property
    def quote(self) -> str:
        """What a reading quotes: its paragraph and the rest of it read after."""
        return " ".join(line.quote for line in self.lines if line.quote)


@dataclass(frozen=True)
class Section:
    """A part of the page under one heading: the stories told in it."""

    heading: str
    kind: str
    """"prologue", "chapter" or "end" (which takes only the stories' ending lines)."""
    stories: tuple[Story, ...]

    @property
    def key(self) -> tuple[str, str, tuple[int, ...]]:
        """What the section is made of (its stories by their place in the journal)."""
        return self.heading, self.kind, tuple(story.serial for story in self.stories)

    @property
    def blocks(self) -> list[Block]:
        """Its paragraphs, each story's apart."""
        ending = self.kind == "end"
        laid: list[Block] = []
        for story in self.stories:
            for block in blocks(
                [line for line in story.lines if (line.told == Told.ENDING) == ending]
            ):
                if laid and laid[-1].kind == Told.READING and _goes_on(block.lines[0]):
                    laid[-1] = Block(Told.READING, (*laid[-1].lines, *block.lines))
                else:
                    laid.append(block)
        return laid


def words(language: str) -> dict[str, str]:
    return WORDS.get(language, WORDS["en"])


def title(night: Night) -> str:
    said = words(night.language)
    return said["title"].format(game=night.game) if night.game else said["untitled"]


def cast(night: Night) -> str:
    """The players' line, or "" before anyone is seated."""
    said = words(night.language)
    names = spoken_list(night.players, said["and"])
    return said["players"].format(players=names) if names else ""


def sections(night: Night) -> list[Section]:
    """The night in order: the prologue, the chapters, the end."""
    said = words(night.language)
    laid: list[tuple[str, str, list[Story]]] = []
    chapter, number = None, 0
    for story in night.stories:
        if story.chapter != chapter or not laid:
            chapter = story.chapter
            if chapter is None:
                laid.append((said["prologue"], "prologue", []))
            else:
                number += 1
                heading = said["chapter"].format(number=number, player=chapter.player)
                laid.append((heading, "chapter", []))
        if any(line.told != Told.ENDING for line in story.lines):
            laid[-1][2].append(story)
    ending = [
        story for story in night.stories if any(line.told == Told.ENDING for line in story.lines)
    ]
    laid.append((said["end"], "end", ending))
    return [Section(heading, kind, tuple(stories)) for heading, kind, stories in laid if stories]


def blocks(lines: list[StoryLine]) -> list[Block]:
    """One answer's lines as paragraphs: prose together, a reading with the rest of its
    paragraph read after it (a reading without a number), the rest each on its own."""
    laid: list[Block] = []
    for line in lines:
        kind = Told.NARRATION if line.told in PROSE else line.told
        goes_on = kind in (Told.NARRATION, Told.ENDING) or _goes_on(line)
        if laid and goes_on and laid[-1].kind == kind:
            laid[-1] = Block(kind, (*laid[-1].lines, line))
        else:
            laid.append(Block(kind, (line,)))
    return laid


def _goes_on(line: StoryLine) -> bool:
    """Whether ``line`` reads on from the paragraph read before it (it has no number)."""
    return line.told == Told.READING and line.paragraph is None


# -- Markdown ---------------------------------------------------------------------------

MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")
LINE_START = re.compile(r"^(\s*)([-+=]|\d+[.)])")


def escaped(text: str) -> str:
    """``text`` as Markdown shows it, never as markup (a name may hold ``*`` or ``<``).

    >>> escaped("1. *Bo* <i>")
    '1\\\\. \\\\*Bo\\\\* \\\\<i\\\\>'
    """
    text = MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    return LINE_START.sub(lambda match: match[0][:-1] + "\\" + match[0][-1], text)


def markdown(night: Night) -> str:
    """The chronicle as Markdown."""
    said = words(night.language)
    out = [f"# {escaped(title(night))}", ""]
    if night.players:
        out += [escaped(cast(night)), ""]
    if night.earlier:
        out += [f"## {escaped(said['earlier'])}", "", night.earlier.strip(), ""]
    text = "\n".join(out) + "\n"
    laid = "".join(
        night.rendered(
            ("md", *section.key), lambda section=section: _markdown_section(section, said)
        )
        for section in sections(night)
    )
    return (text + laid).rstrip("\n") + "\n"


def _markdown_section(section: Section, said: dict[str, str]) -> str:
    """One section in Markdown (kept by the night: a long night redoes only its last)."""
    out = [f"## {escaped(section.heading)}", ""]
    for block in section.blocks:
        out += [*_markdown_block(block, said), ""]
    return "\n".join(out) + "\n"


def _markdown_block(block: Block, said: dict[str, str]) -> list[str]:
    line = block.lines[0]
    if block.kind == Told.READING:
        if line.paragraph is None:
            return [f"> {escaped(block.quote)}"]
        number = said["paragraph"].format(number=line.paragraph)
        return [f"> *{number}.* {escaped(block.quote)}"]
    if block.kind == Told.CORRECTION:
        return [f"*{said['correction']}* {escaped(block.text)}"]
    text = [escaped(block.text)] if block.text else []
    quote = [f"> {escaped(line.quote)}"] if block.kind == Told.TELLING and line.quote else []
    return [*text, *([""] if text and quote else []), *quote]


# -- HTML -------------------------------------------------------------------------------


@cache
def _environment() -> jinja2.Environment:
    """The page's templates, read from this package (escaped: a name is text, not markup)."""
    folder = resources.files(__package__)
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: folder.joinpath(name).read_text("utf-8")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )


def html(night: Night) -> str:
    """The chronicle as one self-contained HTML page, styled for screen and print."""
    said = words(night.language)
    body = "".join(
        night.rendered(("html", *section.key), lambda section=section: _html_section(section, said))
        for section in sections(night)
    )
    return (
        _environment()
        .get_template("chronicle.html.j2")
        .render(
            language=night.language if night.language in WORDS else "en",
            title=title(night),
            cast=cast(night),
            earlier=night.earlier.strip(),
            said=said,
            body=markupsafe.Markup(body),
        )
    )


def _html_section(section: Section, said: dict[str, str]) -> str:
    """One section in HTML (kept, as in Markdown)."""
    template = _environment().get_template("section.html.j2")
    return template.render(section=section, said=said, Told=Told)
