"""Atomic, versioned JSON save files.

A save is written to a temporary file in the same folder, flushed to disk and renamed
over the old one, so a crash or a power cut leaves either the old save or the new one,
never half of either. Loading checks the schema version and refuses a corrupt or newer
file with a :class:`SaveError` that says what is wrong; it never writes.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> write_save(path, SaveFile(game="arabian-nights", state={"turn": 3}))
>>> read_save(path).state
{'turn': 3}
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

SCHEMA_VERSION = 1
UNDO_DEPTH = 40
"""How many earlier states a save keeps for undo."""


class SaveError(Exception):
    """A save file cannot be used; the message names the file and the reason."""


class SaveFile(BaseModel):
    """Everything needed to resume a game where it was."""

    schema_version: int = SCHEMA_VERSION
    """Format version; files from a newer companion are refused, not misread."""
    game: str
    """The game's registry name."""
    state: dict[str, Any]
    """The dialogue's state (its ``to_save()``)."""
    undo: list[dict[str, Any]] = Field(default_factory=list)
    """Earlier states, oldest first, for "undo" after a resume."""


def write_save(path: Path, save: SaveFile) -> None:
    """Write ``save`` to ``path`` atomically (temporary file, fsync, rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = save.model_dump_json(indent=1)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_save(path: Path) -> SaveFile:
    """Read and check a save file; raise :class:`SaveError` with the reason otherwise."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no saved game there") from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"{path}:{error.lineno}: the save file is corrupt ({error.msg}); it was left as it is"
        ) from None
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise SaveError(
            f"{path}: saved by a newer companion (format {version}, this one reads up to "
            f"{SCHEMA_VERSION}); update the companion to resume it"
        )
    try:
        return SaveFile.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "top level"
        raise SaveError(f"{path}: the save file is corrupt ({where}: {first['msg']})") from None
