"""Text from the table (players' names, a pack's words) printed to a terminal as text only.

A name or a pack may hold terminal control sequences (``ESC ] 0 ; … BEL`` retitles the
window, ``ESC [ 2 J`` clears the screen) or bidirectional overrides that reorder what
follows. Whatever such data reaches a terminal goes through :func:`shown` first: every
control character is written out as its escape (``\\x1b``), so the player sees what the
name holds and the terminal obeys none of it. Newlines and tabs are kept, so a message
of several lines still reads as one.

>>> shown("Ali\\x1b]0;pwned\\x07")
'Ali\\\\x1b]0;pwned\\\\x07'
>>> shown("Zed\\u202e") == "Zed\\\\u202e"
True
>>> shown("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
"""

from __future__ import annotations

import re

_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls (less newline and tab), DEL and the bidirectional controls."""


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with every terminal control character written out as its escape."""
    return _CONTROLS.sub(_escaped, text)
