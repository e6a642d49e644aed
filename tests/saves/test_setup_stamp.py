"""scripts/play re-runs pip only when what it installs changed, not when pyproject.toml is
merely newer than the last install."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path) -> Path:
    """A copy of the setup script and pyproject.toml, with a venv whose pip only logs."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "_setup.sh", tmp_path / "scripts")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    bin_folder = tmp_path / ".venv" / "bin"
    bin_folder.mkdir(parents=True)
    (bin_folder / "python").symlink_to(sys.executable)
    pip = bin_folder / "pip"
    pip.write_text(f'#!/bin/sh\necho "$@" >> {tmp_path}/pip.log\n')
    pip.chmod(0o755)
    return tmp_path


def pip_runs(checkout: Path) -> int:
    """Run ensure_venv as scripts/play does; how many times pip has run so far."""
    script = f'source "{checkout}/scripts/_setup.sh"; ensure_venv vosk,whisper'
    subprocess.run(["bash", "-c", script], check=True, capture_output=True)
    log = checkout / "pip.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_pip_runs_once_then_only_when_the_requirements_change(checkout):
    pyproject = checkout / "pyproject.toml"
    assert pip_runs(checkout) == 1
    assert pip_runs(checkout) == 1
    time.sleep(0.01)
    pyproject.write_text(pyproject.read_text() + "\n# a comment\n")
    os.utime(pyproject)
    assert pip_runs(checkout) == 1, "a newer pyproject.toml with the same requirements"
    text = pyproject.read_text()
    pyproject.write_text(text.replace('"rich>=13",', '"rich>=13",\n    "tomli-w>=1",'))
    assert pip_runs(checkout) == 2
    assert pip_runs(checkout) == 2


def test_another_set_of_extras_is_installed_once(checkout):
    assert pip_runs(checkout) == 1
    script = f'source "{checkout}/scripts/_setup.sh"; ensure_venv vosk'
    subprocess.run(["bash", "-c", script], check=True, capture_output=True)
    assert pip_runs(checkout) == 2
