"""The table display against a stranger on the Wi-Fi: a typed game's time with and without
1,000 half-open connections held against it by one client, how soon a player's page
loads and a player's tap is answered meanwhile, the server's descriptors, and its memory
when sent a 200 MB POST.

`companion play --typed --display` runs in a subprocess with a Raspberry Pi's descriptor
limit (1,024); the flood (tests/web/flood.py) runs on loopback from this process, from
another address than the player's (127.0.0.2), keeping 1,000 connections open
(`GET / HTTP/1.1` and hold, a new one for each the server closes). Runs alternate which
comes first; prints each run and the medians.

    scripts/bench bench/bench_display_flood.py            # 3 runs of each
    scripts/bench bench/bench_display_flood.py -- --runs 5
"""

from __future__ import annotations

import argparse
import resource
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.flood import (  # noqa: E402
    ANSWERS,
    HALF_OPEN,
    STRANGER,
    HalfOpenFlood,
    TypedGame,
    allow_descriptors,
    page_loads,
    tap_answered,
)
from tests.web.http_client import Display  # noqa: E402

POST_BYTES = 200_000_000
TAPS = 4
"""A player's taps during the flood (each undone by typing)."""


def port_of(address: str) -> int:
    return int(address.split(":")[2].split("/")[0])


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def play(folder: Path, flood: bool) -> dict[str, float]:
    """One typed game of ``ANSWERS``: its time and the CPU time of its process (from its
    start), and with the flood what the flood saw."""
    cpu = children_cpu()
    figures = _play(folder, flood)
    return figures | {"cpu_seconds": children_cpu() - cpu}


def _play(folder: Path, flood: bool) -> dict[str, float]:
    game = TypedGame(folder)
    address = game.address()
    figures: dict[str, float] = {}
    if not flood:
        began = time.monotonic()
        game.play(ANSWERS, pause=0)
        assert game.finish() == 0, "".join(game.err)[-2000:]
        return {"seconds": time.monotonic() - began}
    flood = HalfOpenFlood(
        port_of(address), HALF_OPEN, seconds=300, watch=game.process.pid, source=STRANGER
    )
    with flood as load:
        load.wait_until_held(HALF_OPEN)
        figures["page_seconds"] = page_loads(address, seconds=60)
        player, serial, taps = Display(address), 0, []
        for _ in range(TAPS):
            serial, seconds = tap_answered(player, serial)
            taps.append(seconds)
            game.type("undo")
        figures["tap_seconds"] = statistics.median(taps)
        figures["slowest_tap_seconds"] = max(taps)
        began = time.monotonic()
        game.play(ANSWERS, pause=0)
        code = game.finish()
        figures["seconds"] = time.monotonic() - began
        done = load.done
    assert code == 0, "".join(game.err)[-2000:]
    assert "Traceback" not in "".join(game.err)
    figures |= {
        "opened": done.opened,
        "closed": done.closed_by_server,
        "descriptors": done.most_server_descriptors,
    }
    return figures


def memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def big_post(folder: Path) -> tuple[int, int, int, bytes]:
    """Resident memory before and at peak, bytes sent before the server hung up, and
    its answer, for one POST declaring 200 MB."""
    game = TypedGame(folder)
    port = port_of(game.address())
    time.sleep(1)
    before = memory_kb(game.process.pid, "VmRSS")
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(
            b"POST /tap HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {POST_BYTES}\r\n\r\n".encode()
        )
        chunk = b"[" * 1_000_000
        try:
            while sent < POST_BYTES:
                connection.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass
        answer = connection.recv(60)
    peak = memory_kb(game.process.pid, "VmHWM")
    game.play([])
    game.finish()
    return before, peak, sent, answer.split(b"\r\n")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    if not allow_descriptors(HALF_OPEN + 256):
        sys.exit(f"this machine allows fewer than {HALF_OPEN + 256} open files")
    plain: list[float] = []
    plain_cpu: list[float] = []
    flooded: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            order = (False, True) if run % 2 == 0 else (True, False)
            for flood in order:
                figures = play(Path(folder) / f"{run}-{flood}", flood)
                if flood:
                    flooded.append(figures)
                else:
                    plain.append(figures["seconds"])
                    plain_cpu.append(figures["cpu_seconds"])
                print(f"run {run + 1}, {'flood' if flood else 'quiet'}: {figures}", flush=True)
        before, peak, sent, answer = big_post(Path(folder) / "post")
    print(f"\n{len(ANSWERS)} typed answers, median of {runs} runs:")
    print(f"  without the flood: {statistics.median(plain):.2f} s")
    print(f"  with {HALF_OPEN} half-open connections: "
          f"{statistics.median(f['seconds'] for f in flooded):.2f} s")  # fmt: skip
    print(f"  CPU time of the game's process: {statistics.median(plain_cpu):.2f} s without, "
          f"{statistics.median(f['cpu_seconds'] for f in flooded):.2f} s with")  # fmt: skip
    print(f"  a player's page loaded in (median): "
          f"{statistics.median(f['page_seconds'] for f in flooded):.2f} s")  # fmt: skip
    print(f"  a player's tap answered in (median of the runs' medians): "
          f"{statistics.median(f['tap_seconds'] for f in flooded):.3f} s, slowest "
          f"{max(f['slowest_tap_seconds'] for f in flooded):.3f} s")  # fmt: skip
    print(f"  the server's process held at most "
          f"{max(f['descriptors'] for f in flooded):.0f} descriptors (limit 1,024)")  # fmt: skip
    print(f"  connections made by the flood per run (median): "
          f"{statistics.median(f['opened'] for f in flooded):.0f}, closed by the server "
          f"{statistics.median(f['closed'] for f in flooded):.0f}")  # fmt: skip
    print(f"200 MB POST: answered {answer.decode()!r} after {sent / 1e6:.0f} MB sent; resident "
          f"memory {before / 1024:.0f} MB before, peak {peak / 1024:.0f} MB")  # fmt: skip


if __name__ == "__main__":
    main()
