"""`companion devices`: the audio inputs and outputs this machine offers."""

from __future__ import annotations

import argparse
import sys

HELP = "list audio input and output devices"


def configure(parser: argparse.ArgumentParser) -> None:
    """No options."""


def run(args: argparse.Namespace) -> int:
    from companion.voice.audio import AudioUnavailable, import_sounddevice

    try:
        sounddevice = import_sounddevice()
        devices = sounddevice.query_devices()
    except AudioUnavailable as error:
        print(f"companion devices: {error}", file=sys.stderr)
        return 1
    if len(devices) == 0:
        print(
            "companion devices: PortAudio sees no audio device. Plug in a microphone or "
            "speaker; `companion play --typed` works without one.",
            file=sys.stderr,
        )
        return 1
    for device in devices:
        kinds = [kind for kind in ("input", "output") if device[f"max_{kind}_channels"] > 0]
        print(f"{device['index']}\t{'+'.join(kinds)}\t{device['name']}")
    return 0
