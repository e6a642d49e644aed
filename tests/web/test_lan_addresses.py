"""`--display lan` prints an address a phone on the same network can open (issue 24).

The interface lists are injected (a host name on 127.0.1.1, loopback only, two networks),
the machine's own interfaces are asked, and, where network namespaces can be made, a
companion in one namespace is reached over a virtual cable from another, as a phone on
the same Wi-Fi would; a namespace with only loopback falls back to ``local``. Every game
runs in a pty, as at a terminal (the QR codes are printed there).
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pexpect
import psutil
import pytest

from companion.web.addresses import Interface, lan_addresses
from companion.web.announce import show_addresses

ADDRESS = re.compile(r"The table display(?: \((\S+)\))?: (http://\S+)")
TOKEN_URL = "http://127.0.0.1:8765/?t=abc"


def test_a_host_name_on_127_0_1_1_gives_no_address_a_phone_could_use() -> None:
    assert lan_addresses({"lo": ["127.0.0.1", "127.0.1.1"]}) == []


def test_link_local_and_unspecified_addresses_are_never_offered() -> None:
    found = lan_addresses({"eth0": ["169.254.10.3", "0.0.0.0"], "wlan0": ["192.168.1.40"]})
    assert found == [Interface("wlan0", "192.168.1.40")]


def test_two_networks_print_each_address_with_its_interface_name() -> None:
    found = lan_addresses({"lo": ["127.0.0.1"], "eth0": ["10.0.0.2"], "wlan0": ["192.168.1.5"]})
    out = io.StringIO()
    show_addresses("The table display", TOKEN_URL, found, out)
    printed = ADDRESS.findall(out.getvalue())
    assert printed == [
        ("eth0", "http://10.0.0.2:8765/?t=abc"),
        ("wlan0", "http://192.168.1.5:8765/?t=abc"),
    ]


def test_the_machines_own_interfaces_give_only_addresses_it_really_has() -> None:
    own = {entry.address for entries in psutil.net_if_addrs().values() for entry in entries}
    for found in lan_addresses():
        ip = ipaddress.IPv4Address(found.address)
        assert found.address in own
        assert not (ip.is_loopback or ip.is_link_local)


def _companion(save: Path, *prefix: str) -> pexpect.spawn:
    """``companion play --typed --display lan`` in a pty (inside ``prefix``, e.g. a
    network namespace)."""
    command = [
        *prefix,
        sys.executable,
        "-m",
        "companion",
        "play",
        "--typed",
        "--game",
        "samarande",
        "--players",
        "Ali,Zed",
        "--save",
        str(save),
        "--display",
        "lan",
        "--display-port",
        "0",
    ]
    env = {**os.environ, "COLUMNS": "200", "LINES": "60"}
    return pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=60)


def _printed_addresses(child: pexpect.spawn) -> list[str]:
    child.expect(r"\r\n> ")  # the first question asked
    return [url for _, url in ADDRESS.findall(child.before)]


def _end(child: pexpect.spawn) -> None:
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()


def test_through_a_pty_the_address_printed_opens_the_page(tmp_path: Path) -> None:
    if not lan_addresses():
        pytest.skip("this machine has no network interface but loopback")
    child = _companion(tmp_path / "game.json")
    try:
        urls = _printed_addresses(child)
        assert urls, child.before
        for url in urls:
            assert not url.startswith("http://127.")
            with urllib.request.urlopen(url, timeout=10) as page:
                assert page.status == 200
    finally:
        _end(child)


def _can_make_namespaces() -> bool:
    if shutil.which("ip") is None or os.geteuid() != 0:
        return False
    probe = f"tablesafe-probe{os.getpid()}"  # each test worker probes with its own name
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True)
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return made.returncode == 0


needs_namespaces = pytest.mark.skipif(
    not _can_make_namespaces(), reason="network namespaces need root and iproute2"
)


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@contextlib.contextmanager
def _namespaces(*names: str) -> Iterator[None]:
    tag = f"{os.getpid() % 10000}"
    try:
        for name in names:
            _ip("netns", "add", f"{name}{tag}")
            _ip("-n", f"{name}{tag}", "link", "set", "lo", "up")
        yield
    finally:
        for name in names:
            subprocess.run(["ip", "netns", "del", f"{name}{tag}"], capture_output=True)


def _ns(name: str) -> str:
    return f"{name}{os.getpid() % 10000}"


@needs_namespaces
def test_a_phone_in_another_namespace_opens_the_address_printed(tmp_path: Path) -> None:
    """Companion and phone joined by a virtual cable (10.213.0.1 and .2): all traffic
    stays inside the two namespaces."""
    with _namespaces("ts-table", "ts-phone"):
        table, phone = _ns("ts-table"), _ns("ts-phone")
        _ip(
            "link",
            "add",
            f"vt{table[-4:]}",
            "netns",
            table,
            "type",
            "veth",
            "peer",
            "name",
            f"vp{table[-4:]}",
            "netns",
            phone,
        )
        _ip("-n", table, "addr", "add", "10.213.0.1/24", "dev", f"vt{table[-4:]}")
        _ip("-n", phone, "addr", "add", "10.213.0.2/24", "dev", f"vp{table[-4:]}")
        _ip("-n", table, "link", "set", f"vt{table[-4:]}", "up")
        _ip("-n", phone, "link", "set", f"vp{table[-4:]}", "up")
        child = _companion(tmp_path / "game.json", "ip", "netns", "exec", table)
        try:
            urls = _printed_addresses(child)
            assert [url.split("/")[2].split(":")[0] for url in urls] == ["10.213.0.1"]
            fetched = subprocess.run(
                [
                    "ip",
                    "netns",
                    "exec",
                    phone,
                    sys.executable,
                    "-c",
                    "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], "
                    "timeout=10).status)",
                    urls[0],
                ],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert fetched.stdout.strip() == "200", fetched.stderr
        finally:
            _end(child)


@needs_namespaces
def test_only_loopback_says_so_and_falls_back_to_local(tmp_path: Path) -> None:
    with _namespaces("ts-alone"):
        child = _companion(tmp_path / "game.json", "ip", "netns", "exec", _ns("ts-alone"))
        try:
            urls = _printed_addresses(child)
            printed = " ".join(child.before.split())
            assert "no phone can reach the table display" in printed
            assert "--display local" in printed
            assert urls and all(url.startswith("http://127.0.0.1:") for url in urls)
        finally:
            _end(child)
