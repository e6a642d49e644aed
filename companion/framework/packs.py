"""Where the content packs shipped with the companion are, and how a save names a pack.

The packs live in ``content/`` at the top of the repository; the built wheel holds the
same folder as ``companion/content`` (see ``setup.py``), found here with
:mod:`importlib.resources`. A save names a shipped pack by its folder name
(``shipped:demo``), never by its absolute path, so moving the checkout or reinstalling
the companion does not break a resume.

>>> pack_reference(shipped_pack("demo"))
'shipped:demo'
>>> pack_location("shipped:demo") == shipped_pack("demo")
True
>>> (shipped_pack("demo") / "world.txt").is_file()
True
"""

from __future__ import annotations

import os
import stat
from importlib.resources import files
from pathlib import Path

MAX_PACK_FILE_BYTES = 16 * 2**20
"""The largest pack file read: a whole Book of Tales is about 2 MB of text."""

SHIPPED = "shipped:"
"""Prefix of a saved reference to a pack shipped with the companion."""


def content_root() -> Path:
    """The folder holding the shipped packs: inside the package when installed from a
    wheel, the repository's ``content/`` when running from a checkout."""
    installed = Path(str(files("companion") / "content"))
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "content"


def shipped_pack(name: str) -> Path:
    """The folder of the shipped pack ``name`` (e.g. ``"demo"``, ``"samarande"``)."""
    return content_root() / name


def pack_reference(folder: str | Path) -> str:
    """How a save names ``folder``: ``shipped:NAME`` for a shipped pack, else its
    absolute path."""
    path = Path(folder).resolve()
    root = content_root().resolve()
    if path.parent == root:
        return f"{SHIPPED}{path.name}"
    return str(path)


def pack_location(reference: str) -> Path:
    """The folder a saved reference names.

    Saves written before references existed hold the absolute path of a shipped pack in
    some checkout's ``content/``; when that path is gone the shipped pack of the same
    name is used.

    >>> pack_location("/moved/checkout/content/demo") == shipped_pack("demo")
    True
    """
    if reference.startswith(SHIPPED):
        return shipped_pack(reference.removeprefix(SHIPPED))
    path = Path(reference)
    moved = not path.exists() and path.parent.name == "content"
    if moved and shipped_pack(path.name).is_dir():
        return shipped_pack(path.name)
    return path


class PackFileError(OSError):
    """A pack file that is not read: outside its pack, not a regular file, too large.
    The message names the file, what is wrong and how to fix it."""


def read_pack_text(path: Path, folder: Path | None = None, encoding: str = "utf-8") -> str:
    """The text of the pack file ``path``, read only when it is a regular file inside the
    pack ``folder`` (default: the file's own folder; a link to a file inside it is fine,
    one out of it is not) and at most :data:`MAX_PACK_FILE_BYTES` long.

    >>> import tempfile
    >>> pack = Path(tempfile.mkdtemp())
    >>> (pack / "world.txt").symlink_to("/dev/zero")
    >>> read_pack_text(pack / "world.txt")
    Traceback (most recent call last):
    ...
    companion.framework.packs.PackFileError: ...world.txt is a link to /dev/zero, outside the pack \
folder ...: copy the file itself into the pack
    """
    path = Path(path)
    folder = (folder or path.parent).resolve()
    target = path.resolve()
    if path.is_symlink() and not target.is_relative_to(folder):
        raise PackFileError(
            f"{path} is a link to {target}, outside the pack folder {folder}: copy the file "
            "itself into the pack"
        )
    with open(_opened(path), "rb", closefd=True) as stream:
        data = stream.read(MAX_PACK_FILE_BYTES + 1)
    if len(data) > MAX_PACK_FILE_BYTES:
        raise PackFileError(
            f"{path} is larger than {MAX_PACK_FILE_BYTES // 2**20} MB, far more than any pack "
            "file; check it is the right file, or split the book into book-2.txt, book-3.txt…"
        )
    return data.decode(encoding)


def _opened(path: Path) -> int:
    """A descriptor of ``path`` once it is known to be a regular file (opened without
    blocking, so a named pipe never hangs)."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise PackFileError(
            f"{path} is not a regular file (a folder, a named pipe or a device): a pack "
            "holds plain text files; replace it with the file itself"
        )
    return descriptor
