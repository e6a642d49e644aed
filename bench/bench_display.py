"""The table display's cost: reply latency with and without ``--display``, and how soon
an update reaches ten connected pages.

Typed games on the demo book (the survey's seeded typist answers) are played with the
session alone, then with the display serving ten pages that read every event. Prints
medians over several games and the ratio between the two, then the time from each
change published by the session to its arrival at each page (median and 90th
percentile; goal: within 200 ms).

    scripts/bench bench/bench_display.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.framework.dialogue import GameOptions  # noqa: E402
from companion.games.arabian_nights.game import GAME  # noqa: E402
from companion.session.loop import PrintMouth, Session  # noqa: E402
from companion.web.server import TableServer  # noqa: E402
from testkit.reply_clock import ReplyClock  # noqa: E402
from testkit.survey import TypistEars  # noqa: E402

GAMES = 4
ANSWERS = 150
PAGES = 10


class Page(threading.Thread):
    """A connected page: reads the event stream and notes when each question arrived."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.arrivals: dict[int, float] = {}

    def run(self) -> None:
        try:
            with urllib.request.urlopen(self.url, timeout=60) as stream:
                for line in stream:
                    if line.startswith(b'data: {"serial":'):
                        serial = int(line[16:].split(b",", 1)[0])
                        self.arrivals.setdefault(serial, time.perf_counter())
        except OSError:
            return


class TimedServer(TableServer):
    """The server, noting when each question was published."""

    def __init__(self) -> None:
        super().__init__(port=0)
        self.published: dict[int, float] = {}

    def publish(self, moment) -> None:
        self.published.setdefault(moment.serial, time.perf_counter())
        super().publish(moment)


def play(seed: int, folder: Path, display: bool) -> tuple[list[float], list[float]]:
    """One typed game: its reply latencies, and (with the display) each page's delays."""
    ears = TypistEars(seed, ANSWERS)
    observers, pages, server = [], [], None
    if display:
        server = TimedServer()
        server.start()
        ears = server.tap_ears(ears)
        observers.append(server.view)
        events = server.url(server.table_token).replace("/?t=", "/events?t=")
        pages = [Page(events) for _ in range(PAGES)]
        for page in pages:
            page.start()
        time.sleep(0.5)
    clock = ReplyClock()
    dialogue = GAME.new(GameOptions(seed=seed, players=[("Ali", "m"), ("Zed", "f")]))
    session = Session(dialogue=dialogue, spec=GAME, ears=clock.timed(ears),
                      mouth=PrintMouth(lambda _: None), save_path=folder / f"{seed}-{display}.json",
                      observers=[*observers, clock])  # fmt: skip
    session.run([])
    delays = []
    if server is not None:
        time.sleep(0.5)
        server.stop()
        for page in pages:
            page.join(timeout=5)
            delays += [
                arrived - server.published[serial] for serial, arrived in page.arrivals.items()
            ]
    return clock.latencies, delays


def milliseconds(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        without, with_display, delays = [], [], []
        play(GAMES, folder, display=True)  # warm the caches (packs, phrase sets) for both
        for seed in range(GAMES):
            for display in (seed % 2 == 0, seed % 2 == 1):  # alternate which runs first
                latencies, page_delays = play(seed, folder, display)
                (with_display if display else without).append(statistics.median(latencies))
                delays += page_delays
    print(f"reply latency without the display: median of {GAMES} game medians "
          f"{statistics.median(without) * 1000:.2f} ms")  # fmt: skip
    ratio = statistics.median(with_display) / statistics.median(without)
    print(f"reply latency with the display and {PAGES} pages: "
          f"{statistics.median(with_display) * 1000:.2f} ms (ratio {ratio:.2f})")  # fmt: skip
    print(f"change published → page received, {len(delays)} deliveries: {milliseconds(delays)}")


if __name__ == "__main__":
    main()
