"""The addresses a phone on the same network can open the table display at.

The host name is no guide: Debian and Raspberry Pi OS map it to ``127.0.1.1``, which no
phone can reach. Every network interface that is up is asked instead (through psutil),
and every IPv4 address on it that another machine could use is kept: never a loopback
(``127.x``), link-local (``169.254.x``, what a machine gives itself without a network),
multicast or unspecified address.

>>> [found.address for found in lan_addresses({"lo": ["127.0.0.1", "127.0.1.1"]})]
[]
>>> lan_addresses({"lo": ["127.0.0.1"], "wlan0": ["192.168.1.23"], "eth0": ["169.254.7.1"]})
[Interface(name='wlan0', address='192.168.1.23')]
>>> at_host("http://127.0.0.1:8765/?t=abc", "192.168.1.23")
'http://192.168.1.23:8765/?t=abc'
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import psutil

LOCAL_HOST = "127.0.0.1"


@dataclass(frozen=True)
class Interface:
    """One network interface and an address of it a phone can reach."""

    name: str
    address: str


def lan_addresses(interfaces: Mapping[str, Iterable[str]] | None = None) -> list[Interface]:
    """Every address of this machine a phone on the same network can reach, in the order
    the system lists its interfaces. ``interfaces`` (name → IPv4 addresses) replaces the
    machine's own, for tests."""
    listed = _interfaces_up() if interfaces is None else interfaces
    return [
        Interface(name, address)
        for name, addresses in listed.items()
        for address in addresses
        if _reachable(address)
    ]


def lan_address() -> str:
    """The first address a phone can reach, or this machine's own when there is none."""
    found = lan_addresses()
    return found[0].address if found else LOCAL_HOST


def at_host(url: str, host: str) -> str:
    """``url`` with its host replaced by ``host`` (the port and the rest kept)."""
    parts = urlsplit(url)
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{host}{port}"))


def _interfaces_up() -> dict[str, list[str]]:
    """The IPv4 addresses of each interface that is up."""
    stats = psutil.net_if_stats()
    return {
        name: [entry.address for entry in entries if entry.family == socket.AF_INET]
        for name, entries in psutil.net_if_addrs().items()
        if name in stats and stats[name].isup
    }


def _reachable(address: str) -> bool:
    """Whether another machine could open a page at ``address``.

    >>> [_reachable(a) for a in ("10.0.0.5", "127.0.1.1", "169.254.3.4", "0.0.0.0", "nonsense")]
    [True, False, False, False, False]
    """
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)
