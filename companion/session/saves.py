"""Atomic, versioned, compact JSON save files.

A save is written to a temporary file in the same folder, flushed to disk, renamed over
the old one and the folder flushed too, so a crash or a power cut leaves either the old
save or the new one, never half of either; temporary files a kill left behind are
removed by the next save. Loading checks the schema version and refuses a corrupt or
newer file with a :class:`SaveError` that says what is wrong; it never writes.

A save holds the current state in full and, for "undo", the earlier states as
differences: each one lists what changed between a state and the one before it
(:func:`state_changes`), so a save stays about the size of one state however long the
undo history is, and writing it serialises only what changed since the last answer.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> write_save(path, SaveFile(game="arabian-nights", state={"turn": 3}, undo=[{"turn": 2}]))
>>> saved = read_save(path)
>>> saved.state, list(saved.undo)
({'turn': 3}, [{'turn': 2}])
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    field_validator,
)

from companion.framework.errors import SaveError

SCHEMA_VERSION = 2
"""Format version. 1: every undo state in full; 2: undo states as differences."""
OLDEST_READABLE = 1
UNDO_DEPTH = 40
"""How many earlier states a save keeps for undo."""
MAX_SAVE_BYTES = 64 * 2**20
"""The most of a save file that is read: far more than any game writes."""
LARGEST_NUMBER = 2**53
"""The largest integer JSON carries exactly between programs (RFC 8259); no number in any
game's state comes near it (a seed is below 2**32, a score below 100)."""

Change = list[Any]
"""``[path]`` removes the key at ``path``; ``[path, value]`` sets it."""


def state_changes(new: Any, old: Any) -> list[Change]:
    """What turns JSON data ``new`` back into ``old``: the changes :func:`apply_changes`
    makes. Dictionaries and lists of the same length are compared item by item; parts
    that compare equal are unchanged (so ``1`` and ``true`` inside a list are alike:
    the game's pydantic state reads either the same way).

    >>> state_changes({"turn": 3, "who": ["Ali", "Zoe"]}, {"turn": 2, "who": ["Ali", "Nur"]})
    [[['turn'], 2], [['who', 1], 'Nur']]
    """
    changes: list[Change] = []
    _collect_changes(new, old, [], changes)
    return changes


def _collect_changes(new: Any, old: Any, at: list[str | int], changes: list[Change]) -> None:
    if new == old and type(new) is type(old):
        return
    if type(new) is not type(old):
        changes.append([at, old])
    elif isinstance(old, dict):
        changes.extend([[*at, key]] for key in new.keys() - old.keys())
        for key, value in old.items():
            if key not in new:
                changes.append([[*at, key], value])
            else:
                _collect_changes(new[key], value, [*at, key], changes)
    elif isinstance(old, list) and len(old) == len(new):
        for index, (after, before) in enumerate(zip(new, old, strict=True)):
            _collect_changes(after, before, [*at, index], changes)
    else:
        changes.append([at, old])


def apply_changes(state: Any, changes: list[Change]) -> Any:
    """A copy of ``state`` with ``changes`` (from :func:`state_changes`) made.

    >>> apply_changes({"turn": 3, "left": 1}, [[["turn"], 2], [["left"]]])
    {'turn': 2}
    """
    result = copy.deepcopy(state)
    for change in changes:
        at, *value = change
        if not at:
            result = copy.deepcopy(value[0])
            continue
        *parents, last = at
        holder = result
        for key in parents:
            holder = holder[key]
        if value:
            holder[last] = copy.deepcopy(value[0])
        else:
            del holder[last]
    return result


class UndoHistory:
    """The earlier states of a game, oldest first, at most :data:`UNDO_DEPTH` of them.

    It keeps each state's difference from the next one already encoded, so that a save
    after every answer encodes one new difference instead of the whole history.

    >>> history = UndoHistory([{"turn": 1}])
    >>> history.push({"turn": 2})
    >>> history.encoded_changes({"turn": 3})
    ['[[["turn"],1]]', '[[["turn"],2]]']
    >>> history.pop(), len(history)
    ({'turn': 2}, 1)
    """

    def __init__(self, states: Iterable[dict[str, Any]] = ()) -> None:
        self._states: list[dict[str, Any]] = []
        self._encoded: list[str | None] = []
        """The encoded changes from each state's successor back to it; None for the newest,
        whose successor is the current state."""
        self._last_save: tuple[dict[str, Any], str] | None = None
        """The current state of the last save and the newest state's changes from it: the
        state before the next answer is that same state, so its changes are reused."""
        if isinstance(states, UndoHistory):
            self._states, self._encoded = list(states._states), list(states._encoded)
        else:
            for state in states:
                self.push(state)

    def push(self, state: dict[str, Any]) -> None:
        """Remember ``state`` as the newest earlier state (the one before an answer)."""
        if self._states:
            self._encoded[-1] = self._newest_changes(state)
        self._last_save = None
        self._states.append(state)
        self._encoded.append(None)
        del self._states[:-UNDO_DEPTH], self._encoded[:-UNDO_DEPTH]

    def pop(self) -> dict[str, Any]:
        """Forget and return the newest earlier state (IndexError when there is none)."""
        state = self._states.pop()
        self._encoded.pop()
        self._last_save = None
        if self._encoded:
            self._encoded[-1] = None
        return state

    def encoded_changes(self, current: dict[str, Any]) -> list[str]:
        """Each earlier state as encoded changes from its successor, oldest first."""
        if not self._states:
            return []
        newest = self._newest_changes(current)
        self._last_save = (current, newest)
        return [*self._encoded[:-1], newest]  # type: ignore[list-item]

    def _newest_changes(self, successor: dict[str, Any]) -> str:
        """The encoded changes from ``successor`` back to the newest earlier state."""
        if self._last_save is not None and self._last_save[0] == successor:
            return self._last_save[1]
        return _encode(state_changes(successor, self._states[-1]))

    @classmethod
    def from_changes(cls, current: dict[str, Any], changes: list[list[Change]]) -> UndoHistory:
        """The history a save of format 2 describes (changes oldest first)."""
        states: list[dict[str, Any]] = []
        state = current
        for step in reversed(changes):
            state = apply_changes(state, step)
            states.append(state)
        return cls(reversed(states))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._states)

    def __len__(self) -> int:
        return len(self._states)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, UndoHistory | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"UndoHistory({self._states!r})"


def _encode(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class SaveFile(BaseModel):
    """Everything needed to resume a game where it was."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    game: str
    """The game's registry name."""
    state: dict[str, Any]
    """The dialogue's state (its ``to_save()``)."""
    undo: UndoHistory = Field(default_factory=UndoHistory)
    """Earlier states, oldest first, for "undo" after a resume."""

    @field_validator("undo", mode="before")
    @classmethod
    def _history(cls, value: Any) -> UndoHistory:
        return value if isinstance(value, UndoHistory) else UndoHistory(value)


class _StoredSave(BaseModel):
    """The shape of a save file on disk, checked before anything in it is used."""

    schema_version: StrictInt
    game: str
    state: dict[str, Any]
    undo: list[list[list[Any]]] | list[dict[str, Any]] = []

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version < OLDEST_READABLE:
            raise ValueError(f"format {version} is not one any companion wrote")
        return version


def write_save(path: Path, save: SaveFile) -> None:
    """Write ``save`` to ``path`` atomically (temporary file, fsync, rename, fsync).

    Raises :class:`SaveError` when the file cannot be written; the old save is intact.
    """
    path = written_path(path)
    try:
        write_atomically(path, encode_save(save))
    except OSError as error:
        raise SaveError(f"{path}: cannot be written ({error.strerror or error})") from None
    _sync_folder(path.parent)


def written_path(path: Path) -> Path:
    """Where a save at ``path`` is written: a symbolic link is followed to its target,
    which is replaced atomically there (the link stays a link), as the chronicle beside
    it is appended to through a link.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "game.json").symlink_to(folder / "kept.json")
    >>> written_path(folder / "game.json") == (folder / "kept.json").resolve()
    True
    """
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def write_atomically(path: Path, text: str, durable: bool = True) -> None:
    """Replace ``path`` by ``text`` at once (a temporary file renamed over it), so a
    reader never sees half a file; ``durable`` flushes it to the disk first (a file that
    can be made again from another, such as a chronicle's pages, may skip that)."""
    path = written_path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _remove_stale_temporaries(path)


def encode_save(save: SaveFile) -> str:
    """The text of a save file: the state in full, each earlier state as differences."""
    undo = ",\n".join(save.undo.encoded_changes(save.state))
    return (
        f'{{"schema_version":{SCHEMA_VERSION},"game":{_encode(save.game)},\n'
        f'"state":{_encode(save.state)},\n"undo":[\n{undo}]}}\n'
    )


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system lets a folder be opened)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of this save left by a process killed while writing."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def read_save(path: Path) -> SaveFile:
    """Read and check a save file; raise :class:`SaveError` with the reason otherwise."""
    path = Path(path)
    data = _read_json(path)
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise SaveError(
            f"{path}: saved by a newer companion (format {version}, this one reads up to "
            f"{SCHEMA_VERSION}); update the companion to resume it"
        )
    try:
        stored = _StoredSave.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "top level"
        raise SaveError(f"{path}: the save file is corrupt ({where}: {first['msg']})") from None
    return SaveFile(game=stored.game, state=stored.state, undo=_history(path, stored))


def _read_json(path: Path) -> Any:
    raw = _read_text(path)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"{path}:{error.lineno}: the save file is corrupt ({error.msg}); it was left as it is"
        ) from None
    except RecursionError:
        raise SaveError(f"{path}: the save file is corrupt (nested too deeply)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise SaveError(
            f"{path}: the save file is corrupt (a number thousands of digits long); "
            "it was left as it is"
        ) from None
    _check_numbers(path, data)
    return data


def _read_text(path: Path) -> str:
    """The text of the save at ``path``, read only when it is a regular file (a FIFO
    would block, a device never end) and only up to :data:`MAX_SAVE_BYTES`."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise SaveError(f"{path}: no saved game there") from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read ({error.strerror})") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise SaveError(f"{path} is a folder, not a save file")
        raise SaveError(
            f"{path} is not a regular file ({_kind(mode)}); a save is a plain file the "
            "companion writes: name one with --save FILE"
        )
    with os.fdopen(descriptor, "rb") as stream:
        try:
            data = stream.read(MAX_SAVE_BYTES + 1)
        except OSError as error:
            raise SaveError(f"{path}: cannot be read ({error.strerror})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(
            f"{path}: larger than any save the companion writes (over "
            f"{MAX_SAVE_BYTES // 2**20} MB); it was left as it is"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SaveError(
            f"{path}: the save file is corrupt (byte {error.start} is not UTF-8 text); "
            "it was left as it is"
        ) from None


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, in words.

    >>> _kind(stat.S_IFIFO), _kind(stat.S_IFCHR)
    ('a named pipe', 'a device')
    """
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _check_numbers(path: Path, data: Any) -> None:
    """Refuse a number no game ever saves (beyond :data:`LARGEST_NUMBER`, or NaN and
    Infinity), naming where it is; each game's state checks its own ranges after this.

    >>> _check_numbers(Path("game.json"), {"state": {"players": [{"destiny": 10**20}]}})
    Traceback (most recent call last):
    ...
    companion.framework.errors.SaveError: game.json: the save file is corrupt \
(state.players.0.destiny: the number 100000000000000000000 is out of range); it was left as it is
    """
    stack: list[tuple[list[str], Any]] = [([], data)]
    while stack:
        at, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(([*at, str(key)], item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend(([*at, str(index)], item) for index, item in enumerate(value))
        elif isinstance(value, int | float) and not abs(value) <= LARGEST_NUMBER:
            where = ".".join(at) or "top level"
            raise SaveError(
                f"{path}: the save file is corrupt ({where}: the number {value} is out of "
                "range); it was left as it is"
            )


def _history(path: Path, stored: _StoredSave) -> UndoHistory:
    if stored.schema_version == 1 or not stored.undo:
        return UndoHistory(stored.undo)  # type: ignore[arg-type]
    try:
        return UndoHistory.from_changes(stored.state, stored.undo)  # type: ignore[arg-type]
    except (LookupError, TypeError, ValueError, RecursionError):
        raise SaveError(
            f"{path}: the undo history is damaged; start over with --new, or remove its "
            '"undo" list to resume without undo'
        ) from None
