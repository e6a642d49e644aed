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

from importlib.resources import files
from pathlib import Path

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
