"""Showing the table display's addresses in the terminal, with QR codes for phones."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

import segno

from companion.framework.shown import shown
from companion.web.addresses import Interface, at_host

LOCAL_ONLY = "(this machine only: no phone can open it, so no QR code)"


def show_address(what: str, url: str, out: TextIO | None = None) -> None:
    """Print ``what`` and its address, then a QR code of it when ``out`` is a terminal.

    >>> import io
    >>> buffer = io.StringIO()
    >>> show_address("The table display", "http://192.168.1.23:8765/?t=abc", buffer)
    >>> buffer.getvalue()
    'The table display: http://192.168.1.23:8765/?t=abc\\n'
    """
    out = out or sys.stderr
    print(f"{what}: {url}", file=out, flush=True)
    if out.isatty():
        segno.make(url, error="l").terminal(out=out, compact=True)


def show_addresses(
    what: str, url: str, hosts: Sequence[Interface] = (), out: TextIO | None = None
) -> None:
    """:func:`show_address` of ``url`` at each of ``hosts`` (each interface a phone may be
    on, named when there are several), or ``url`` itself, without a QR code, when there
    are none (the page is served for this machine only).

    >>> import io
    >>> from companion.web.addresses import Interface
    >>> buffer = io.StringIO()
    >>> two = [Interface("eth0", "10.0.0.2"), Interface("wlan0", "192.168.1.5")]
    >>> show_addresses("The table display", "http://127.0.0.1:8765/?t=abc", two, buffer)
    >>> print(buffer.getvalue().strip())
    The table display (eth0): http://10.0.0.2:8765/?t=abc
    The table display (wlan0): http://192.168.1.5:8765/?t=abc
    >>> show_addresses("The table display", "http://127.0.0.1:1/", out=sys.stdout)
    The table display: http://127.0.0.1:1/ (this machine only: no phone can open it, so no QR code)
    """
    if not hosts:  # this machine only: a QR code of 127.0.0.1 would send a phone nowhere
        print(f"{what}: {url} {LOCAL_ONLY}", file=out or sys.stderr, flush=True)
    for host in hosts:
        named = f"{what} ({shown(host.name)})" if len(hosts) > 1 else what
        show_address(named, at_host(url, host.address), out)
