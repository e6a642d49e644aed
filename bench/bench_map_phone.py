"""The Reader's map on a phone: how many routes cross and how small its labels are at
390 px width (issue 24's "A map a phone can read").

A typed Reader game on the demo book (the survey's seeded typist, 60 answers) is served
with the table display and opened in headless Chromium at 390 × 844. Prints the number of
pairs of route lines that cross (sharing no end), counted on the drawing's own
coordinates, and the rendered height in CSS pixels of the smallest and the median space
label on the page, with a screenshot in the temporary folder named on the last line.

    scripts/bench bench/bench_map_phone.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.framework.dialogue import GameOptions  # noqa: E402
from companion.games.arabian_nights.game import GAME  # noqa: E402
from companion.games.arabian_nights.map_layout import crossing_pairs  # noqa: E402
from companion.session.loop import PrintMouth, Session  # noqa: E402
from companion.web.server import TableServer  # noqa: E402
from companion.web.taps import TapEars  # noqa: E402
from testkit.survey import TypistEars  # noqa: E402
from tests.web.browser import PHONE, chromium_paths, open_chromium  # noqa: E402

LABEL_HEIGHTS = """
return [...document.querySelectorAll('#map svg text')]
  .map((node) => node.getBoundingClientRect().height).filter((height) => height > 0);
"""

REACH_IN_VIEW = """
const frame = document.getElementById('map').getBoundingClientRect();
const rings = [...document.querySelectorAll('#map .reach')].map((n) => n.getBoundingClientRect());
const seen = rings.filter((r) => r.left >= frame.left && r.right <= frame.right
  && r.top >= frame.top && r.bottom <= frame.bottom);
return {ringed: rings.length, seen: seen.length};
"""


class PausingTypist(TypistEars):
    """The survey's typist, who stops after its answers and waits to be released."""

    def __init__(self, seed: int, answers: int) -> None:
        super().__init__(seed, answers)
        self.paused = threading.Event()
        self.release = threading.Event()

    def hear(self, step, phrases):
        if self.left <= 0:
            self.paused.set()
            self.release.wait(60)
            return None
        return super().hear(step, phrases)


def crossings(svg: str, arrows: bool = False) -> int:
    """Pairs of lines of the drawing that cross each other away from their ends: the
    routes (whole, or the stubs of those between continents), and with ``arrows`` the
    Places of Power's arrows too (as the first measure, in issue 24, counted)."""
    lines = [
        [
            (float(node.get("x1")), float(node.get("y1"))),
            (float(node.get("x2")), float(node.get("y2"))),
        ]
        for node in ET.fromstring(svg).iter()
        if node.tag.rpartition("}")[2] == "line" and (arrows or not node.get("marker-end"))
    ]
    return crossing_pairs(np.array(lines, dtype=float).reshape(-1, 2, 2))


def main() -> int:
    if chromium_paths() is None:
        print("needs Debian's chromium and chromium-driver", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="bench-map-"))
    typist = PausingTypist(seed=4, answers=60)
    server = TableServer(port=0)
    address = server.start()
    ears = TapEars(typist)
    server.on_tap = ears.tap
    session = Session(
        dialogue=GAME.new(GameOptions(seed=4, players=[("Ali", "m"), ("Zed", "f")])),
        spec=GAME,
        ears=ears,
        mouth=PrintMouth(lambda _: None),
        save_path=folder / "game.json",
        observers=[server.view],
    )
    thread = threading.Thread(target=session.run, daemon=True)
    thread.start()
    typist.paused.wait(120)
    browser = open_chromium(folder / "chromium", PHONE)
    try:
        browser.get(address)
        time.sleep(2)
        heights = browser.execute_script(LABEL_HEIGHTS)
        reach = browser.execute_script(REACH_IN_VIEW)
        browser.execute_script("document.getElementById('map-panel').scrollIntoView()")
        browser.save_screenshot(str(folder / "map-phone.png"))
    finally:
        browser.quit()
        typist.release.set()
        thread.join(10)
        server.stop()
    drawing = server.view.map_svg or "<svg/>"
    print(
        f"route pairs that cross: {crossings(drawing)} "
        f"({crossings(drawing, arrows=True)} with the Places of Power's arrows)"
    )
    print(
        f"labels at {PHONE[0]} px: {len(heights)}, smallest {min(heights):.1f} px, "
        f"median {statistics.median(heights):.1f} px"
    )
    print(f"spaces in reach ringed {reach['ringed']}, in the panel's view {reach['seen']}")
    print(f"screenshot: {folder / 'map-phone.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
