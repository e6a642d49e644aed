"""Showing the table display's addresses in the terminal, with QR codes for phones."""

from __future__ import annotations

import sys
from typing import TextIO

import segno


def show_address(what: str, url: str, out: TextIO | None = None) -> None:
    """Print ``what`` and its address, then a QR code of it when ``out`` is a terminal.

    >>> import io
    >>> buffer = io.StringIO()
    >>> show_address("The table display", "http://127.0.0.1:8765/?t=abc", buffer)
    >>> buffer.getvalue()
    'The table display: http://127.0.0.1:8765/?t=abc\\n'
    """
    out = out or sys.stderr
    print(f"{what}: {url}", file=out, flush=True)
    if out.isatty():
        segno.make(url, error="l").terminal(out=out, compact=True)
