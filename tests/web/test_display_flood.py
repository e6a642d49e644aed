"""A stranger (one client, another address than the players') holds 1,000 half-open
connections against `companion play --display` (with a Raspberry Pi's descriptor limit,
1,024) while a typed game plays on and saves: the game ends as it should, every save is
written, a player's page is served and the player's taps are answered at the first try
(before, some were refused 503), and the terminal shows no traceback. Loopback only; the
flood stops by itself (count, connections made and time are bounded)."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest

from tests.web.flood import (
    ANSWERS,
    APPLIED,
    HALF_OPEN,
    PI_DESCRIPTORS,
    STRANGER,
    HalfOpenFlood,
    TypedGame,
    allow_descriptors,
    page_loads,
    tap_answered,
)
from tests.web.http_client import Display

TAP_ROUNDS = 4
"""A player's page loaded and a tap answered (then undone by typing), during the flood."""
MALFORMED_TAPS = (
    b'{"serial": 1e400, "index": 0}',
    b'{"serial": Infinity, "index": 0}',
    b"[" * 100_000,
)


def send_malformed(address: str) -> None:
    """What made the terminal print tracebacks before: each is refused cleanly."""
    page = Display(address)
    assert page.request("GET", "/?t=%C3%A9")[0] == 403
    headers = {"Content-Type": "application/json", "X-Table-Token": page.token}
    for body in MALFORMED_TAPS:
        assert page.request("POST", "/tap", body, headers)[0] == 400
    with socket.create_connection((page.host, page.port), timeout=10) as connection:
        connection.sendall(b"NONSENSE\r\n\r\n")
        assert connection.recv(12) == b"HTTP/1.1 400"


def test_a_flood_of_half_open_connections_neither_ends_nor_disturbs_the_game(tmp_path):
    if not allow_descriptors(HALF_OPEN + 256):
        pytest.skip(f"this machine allows fewer than {HALF_OPEN + 256} open files")
    game = TypedGame(tmp_path)
    address = game.address()
    port = int(address.split(":")[2].split("/")[0])
    send_malformed(address)
    flood = HalfOpenFlood(port, HALF_OPEN, seconds=180, watch=game.process.pid, source=STRANGER)
    with flood:
        assert flood.wait_until_held(HALF_OPEN), "the flood never reached its count"
        loaded_in = page_loads(address, seconds=60)
        player, serial, taps = Display(address), 0, []
        for _ in range(TAP_ROUNDS):
            assert player.request("GET", f"/?t={player.token}")[0] == 200
            serial, tapped_in = tap_answered(player, serial)
            taps.append(tapped_in)
            game.type("undo")
        began = time.monotonic()
        game.play(ANSWERS)
        code = game.finish()
        played_in = time.monotonic() - began
        done = flood.done
    terminal = "".join(game.err)
    assert code == 0, terminal[-2000:]
    assert "Traceback" not in terminal and "Too many open files" not in terminal
    assert "Invalid HTTP request" in (tmp_path / "game.display.log").read_text()
    assert "".join(game.out).count("Undone") == 20 + TAP_ROUNDS
    save = json.loads(game.save.read_text())
    assert len(save["undo"]) == APPLIED
    assert done.closed_by_server > HALF_OPEN  # the server let go of what it could not hold
    if Path("/proc/self/fd").exists():  # Linux: the descriptors were counted
        assert 0 < done.most_server_descriptors < PI_DESCRIPTORS - 64
    print(
        f"flood: {done.opened} connections made, {done.held} sent a half request, "
        f"{done.closed_by_server} closed by the server, {done.refused} refused, the "
        f"server's process at most {done.most_server_descriptors} descriptors; "
        f"a page loaded in {loaded_in:.2f} s; taps answered in "
        f"{', '.join(f'{seconds:.2f}' for seconds in taps)} s; "
        f"{len(ANSWERS)} answers played in {played_in:.1f} s"
    )
