"""A table without hardware: a private PulseAudio server with a room, a loudspeaker and a
microphone, for tests, benchmarks and ``scripts/virtual-table``.

Two null sinks stand for the room and the companion's loudspeaker; a loopback carries
the loudspeaker into the room, so the microphone (the room's monitor) hears the players,
the room's noise *and* the companion, as a real one would. What the companion says is
recorded clean from the loudspeaker's monitor::

    players (paplay) ──► table ◄── loopback ◄── speaker ◄── the companion (default sink)
                           │                       │
        microphone ◄── table.monitor        speaker.monitor ──► recording

The server runs in its own runtime folder, so it never touches a desktop's sound, and
needs only Debian's ``pulseaudio``, ``pulseaudio-utils`` and ``libasound2-plugins``
(PortAudio reaches it through ALSA's ``pulse`` plugin).

>>> audible(np.zeros(RATE, np.float32))
False
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from companion.voice.audio import RATE, StreamClock, write_wav

ROOM = "table"
"""The room's sink: players and noise are played here; its monitor is the microphone."""
SPEAKER = "speaker"
"""The companion's loudspeaker (the default sink), looped back into the room."""
TOOLS = ("pulseaudio", "pactl", "paplay", "parec", "pacat")
SILENCE_DBFS = -50.0
"""A 30 ms frame quieter than this is silence on the loudspeaker's monitor."""
QUIET_TAIL = 0.5
"""Seconds of silence at the end of a recording that say the last words were captured."""
SETTLE_SECONDS = 10.0
"""The longest a recording waits for the audio played before it was stopped."""


class VirtualTableUnavailable(RuntimeError):
    """The private audio server cannot start here; the message says why."""


class PortAudioStuck(RuntimeError):
    """This process's PortAudio did not restart in time, and cannot be used again."""


def level_dbfs(samples: np.ndarray) -> float:
    """RMS level of ``samples`` in dB below full scale."""
    return float(20 * np.log10(np.sqrt(np.mean(np.square(samples, dtype=np.float64))) + 1e-10))


def audible(samples: np.ndarray) -> bool:
    """Whether any 30 ms frame of ``samples`` is louder than :data:`SILENCE_DBFS`."""
    frame = int(0.03 * RATE)
    return any(
        level_dbfs(samples[start : start + frame]) > SILENCE_DBFS
        for start in range(0, max(len(samples) - frame, 0) + 1, frame)
        if len(samples[start : start + frame])
    )


class Recording:
    """Audio captured from one source of the server, as it arrives, with wall-clock times.

    ``parec`` writes 16 kHz mono 16-bit samples; a thread keeps them. Sample ``i`` was
    captured at :meth:`time_of` ``(i)`` (``time.perf_counter`` seconds).
    """

    CHUNK = 960  # bytes: 30 ms

    def __init__(self, source: str, env: dict[str, str]) -> None:
        self._process = subprocess.Popen(
            ["parec", f"--device={source}", "--rate=16000", "--channels=1",
             "--format=s16le", "--raw", "--latency-msec=10"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self._chunks: list[np.ndarray] = []
        self._clock = StreamClock()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        assert self._process.stdout is not None
        while data := self._process.stdout.read1(self.CHUNK):  # type: ignore[attr-defined]
            samples = np.frombuffer(data[: len(data) // 2 * 2], "<i2").astype(np.float32) / 32768
            now = time.perf_counter()
            with self._lock:
                self._chunks.append(samples)
                self._clock.tick(len(samples), now)

    def samples(self) -> np.ndarray:
        with self._lock:
            return np.concatenate(self._chunks) if self._chunks else np.zeros(0, np.float32)

    def time_of(self, index: int) -> float:
        return self._clock.time_of(index)

    def index_at(self, moment: float) -> int:
        return max(0, round((moment - self._clock.start) * RATE))

    def since(self, moment: float) -> np.ndarray:
        return self.samples()[self.index_at(moment) :]

    def onset_after(self, moment: float) -> float | None:
        """When the first audible 30 ms frame after ``moment`` began, if any yet."""
        samples, frame = self.since(moment), int(0.03 * RATE)
        for start in range(0, len(samples) - frame + 1, frame):
            if level_dbfs(samples[start : start + frame]) > SILENCE_DBFS:
                return moment + start / RATE
        return None

    def quiet_for(self, seconds: float) -> bool:
        """Whether the last ``seconds`` were silence (and that much has been captured)."""
        tail = self.samples()[-int(seconds * RATE) :]
        return len(tail) >= int(seconds * RATE) and not audible(tail)

    def stop(self, settle: float = SETTLE_SECONDS) -> None:
        """Stop recording, once what was played before this call has been captured: the
        capture has reached this moment and its last :data:`QUIET_TAIL` seconds are
        silent (at most ``settle`` seconds later): a precaution, the capture may run
        behind the player on a loaded machine (at load 20 it kept within 40 ms of a 1 s
        sound, five times)."""
        called, deadline = time.perf_counter(), time.perf_counter() + settle
        while time.perf_counter() < deadline and not (
            self._captured_until() >= called and self.quiet_for(QUIET_TAIL)
        ):
            time.sleep(0.05)
        self._process.terminate()
        self._process.wait(timeout=5)
        self._thread.join(timeout=5)

    def _captured_until(self) -> float:
        with self._lock:
            return self._clock.time_of(self._clock.count)


class RoomNoise:
    """Steady room noise (pink-ish, at ``level_db`` dBFS) streamed into the room."""

    def __init__(self, env: dict[str, str], level_db: float = -45.0, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        white = rng.normal(0, 1, 10 * RATE)
        pinkish = np.convolve(white, np.ones(8) / 8, mode="same")  # softer highs
        scaled = pinkish * 10 ** (level_db / 20) / (np.std(pinkish) + 1e-9)
        self._pcm = (np.clip(scaled, -1, 1) * 32767).astype("<i2").tobytes()
        self._process = subprocess.Popen(
            ["pacat", "--playback", f"--device={ROOM}", "--rate=16000", "--channels=1",
             "--format=s16le", "--raw", "--latency-msec=50"],
            env=env, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._feed, daemon=True)
        self._thread.start()

    def _feed(self) -> None:
        assert self._process.stdin is not None
        with contextlib.suppress(BrokenPipeError, ValueError):
            while not self._stopped.is_set():
                self._process.stdin.write(self._pcm)

    def stop(self) -> None:
        self._stopped.set()
        self._process.terminate()
        self._process.wait(timeout=5)


class VirtualTable:
    """A running private PulseAudio server; use :meth:`open` as a context manager."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.env = {
            **os.environ,
            "XDG_RUNTIME_DIR": str(folder),
            "PULSE_RUNTIME_PATH": str(folder / "pulse"),
            "PULSE_STATE_PATH": str(folder / "state"),
            "PULSE_SERVER": f"unix:{folder / 'pulse' / 'native'}",
        }
        self.pid: int | None = None

    @classmethod
    @contextlib.contextmanager
    def open(cls) -> Iterator[VirtualTable]:
        """Start a server in a new runtime folder; stop it and remove the folder after."""
        missing = [tool for tool in TOOLS if shutil.which(tool) is None]
        if missing:
            raise VirtualTableUnavailable(
                f"{', '.join(missing)} not installed: the virtual table needs PulseAudio "
                "(Linux: apt-get install pulseaudio pulseaudio-utils libasound2-plugins); "
                "without it, play at a real microphone (companion play) or hear recorded "
                "answers (companion play --listen-files FILE ...)"
            )
        with tempfile.TemporaryDirectory(prefix="virtual-table-") as folder:
            table = cls(Path(folder))
            table._start()
            try:
                yield table
            finally:
                table.stop()

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command, env=self.env, capture_output=True, text=True, timeout=20, check=False
        )

    def _start(self) -> None:
        started = self._run(
            "pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "-n", "--use-pid-file=yes",
            "--load=module-native-protocol-unix",
            f"--load=module-null-sink sink_name={ROOM} rate={RATE} channels=1",
            f"--load=module-null-sink sink_name={SPEAKER}",
            f"--load=module-loopback source={SPEAKER}.monitor sink={ROOM} latency_msec=20",
        )  # fmt: skip
        pid_file = self.folder / "pulse" / "pid"
        if started.returncode != 0 or not pid_file.exists():
            reason = started.stderr.strip().splitlines()[-1:] or ["no reason given"]
            raise VirtualTableUnavailable(f"pulseaudio did not start: {reason[0]}")
        self.pid = int(pid_file.read_text().strip())
        for command in (("set-default-sink", SPEAKER), ("set-default-source", f"{ROOM}.monitor")):
            if self._run("pactl", *command).returncode != 0:
                self.stop()
                raise VirtualTableUnavailable(f"pactl {' '.join(command)} failed")

    @property
    def alive(self) -> bool:
        return self.pid is not None and self._run("pactl", "info").returncode == 0

    def stop(self) -> None:
        """Stop the server (politely, then for good)."""
        if self.pid is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)
            for _ in range(50):
                os.kill(self.pid, 0)
                time.sleep(0.05)
            os.kill(self.pid, signal.SIGKILL)
        self.pid = None

    def kill(self) -> None:
        """The audio server dies at once, as after a crash."""
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self.pid = None

    def say(self, samples: np.ndarray) -> float:
        """Play 16 kHz mono ``samples`` into the room; return when they have been played
        (``time.perf_counter``)."""
        with tempfile.NamedTemporaryFile(suffix=".wav", dir=self.folder) as file:
            write_wav(file.name, samples)
            result = self._run("paplay", f"--device={ROOM}", "--latency-msec=20", file.name)
        if result.returncode != 0:
            raise VirtualTableUnavailable(f"paplay failed: {result.stderr.strip()}")
        return time.perf_counter()

    def record(self, source: str = f"{SPEAKER}.monitor") -> Recording:
        """Start recording ``source`` (by default, what the companion says)."""
        return Recording(source, self.env)

    def noise(self, level_db: float = -45.0, seed: int = 0) -> RoomNoise:
        """Start steady noise in the room."""
        return RoomNoise(self.env, level_db, seed)


@contextlib.contextmanager
def portaudio_on(table: VirtualTable) -> Iterator[None]:
    """Point this process's PortAudio at ``table``: PortAudio lists its devices once,
    when it starts, so it is restarted with the table's server in the environment (and
    again after, with the previous one)."""
    previous = os.environ.get("PULSE_SERVER")
    try:
        os.environ["PULSE_SERVER"] = table.env["PULSE_SERVER"]
        _restart_portaudio()
        yield
    finally:
        if previous is None:
            os.environ.pop("PULSE_SERVER", None)
        else:
            os.environ["PULSE_SERVER"] = previous
        _restart_portaudio()


PORTAUDIO_RESTART_SECONDS = 20.0
"""The longest a restart of PortAudio may take: stopping it closes every stream still
open, and one open on a server that was killed may never close (seen once in some hundred
runs of the tests, with the process then stuck for good)."""


class _Restarts:
    stuck: threading.Thread | None = None
    """The restart that never ended: PortAudio cannot be used again in this process."""


def _restart_portaudio() -> None:
    """Stop and start this process's PortAudio within :data:`PORTAUDIO_RESTART_SECONDS`,
    or raise PortAudioStuck (then and ever after) rather than hang: the stuck restart is
    left behind, and PortAudio is not stopped again at exit, so the process can end."""
    import atexit

    import sounddevice

    if _Restarts.stuck is not None:
        raise PortAudioStuck("PortAudio of this process got stuck restarting earlier")
    restart = threading.Thread(
        target=lambda: (sounddevice._terminate(), sounddevice._initialize()), daemon=True
    )
    restart.start()
    restart.join(PORTAUDIO_RESTART_SECONDS)
    if restart.is_alive():
        _Restarts.stuck = restart
        atexit.unregister(sounddevice._exit_handler)
        raise PortAudioStuck(
            f"PortAudio did not restart within {PORTAUDIO_RESTART_SECONDS:.0f} s (a stream "
            "left open on an audio server that died?)"
        )
