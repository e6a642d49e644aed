"""Download, verify and safely unpack the English Vosk model (``scripts/fetch-model``).

Run on a machine with a network connection; the companion itself never downloads
anything. The archive's SHA-256 is checked before anything is unpacked, and every
archive member is checked before extraction: no absolute paths, no ``..``, no links,
no devices, no name both a file and a folder or given twice, all under one top folder,
and no more than :data:`MAX_UNPACKED_BYTES` in all (a download stops at
:data:`MAX_ARCHIVE_BYTES`).

    .venv/bin/python -m companion.voice.model_fetch [--dest models] [--archive FILE.zip]
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path, PurePosixPath

MODEL_NAME = "vosk-model-small-en-us-0.15"
MODEL_URL = f"https://alphacephei.com/vosk/models/{MODEL_NAME}.zip"
MODEL_SHA256 = "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498"
MODELS_DIR = Path(__file__).resolve().parents[2] / "models"
MAX_ARCHIVE_BYTES = 512 * 1024 * 1024
"""The largest archive downloaded (the small English model is about 40 MB)."""
MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024
"""The most an archive may unpack to (the small English model is about 70 MB)."""


class ModelFetchError(Exception):
    """The model could not be fetched, verified or unpacked; the message says why."""


class UnsafeArchiveError(ModelFetchError):
    """An archive member would land outside the destination or is not a plain file."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(path: Path, expected: str) -> None:
    """Raise ModelFetchError unless the file's SHA-256 is ``expected``."""
    actual = sha256_of(path)
    if actual != expected.lower():
        raise ModelFetchError(f"{path.name}: SHA-256 is {actual}, expected {expected}")


def safe_member_path(name: str) -> PurePosixPath:
    """The archive member name as a relative path, or UnsafeArchiveError.

    >>> safe_member_path("model/am/final.mdl")
    PurePosixPath('model/am/final.mdl')
    >>> safe_member_path("../etc/passwd")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    companion.voice.model_fetch.UnsafeArchiveError: unsafe path in archive: '../etc/passwd'
    """
    path = PurePosixPath(name.replace("\\", "/"))
    unsafe = path.is_absolute() or ".." in path.parts or ":" in "".join(path.parts[:1])
    if not name or unsafe:
        raise UnsafeArchiveError(f"unsafe path in archive: {name!r}")
    return path


def _zip_members(archive: zipfile.ZipFile) -> list[tuple[PurePosixPath, zipfile.ZipInfo]]:
    members = []
    for info in archive.infolist():
        path = safe_member_path(info.filename)
        mode = info.external_attr >> 16
        if mode and (mode & 0o170000) not in (0, 0o100000, 0o040000):
            raise UnsafeArchiveError(f"not a plain file or folder in archive: {info.filename!r}")
        members.append((path, info))
    _check_layout([(path, info.is_dir(), info.file_size) for path, info in members])
    return members


def _tar_members(archive: tarfile.TarFile) -> list[tuple[PurePosixPath, tarfile.TarInfo]]:
    members = []
    for info in archive.getmembers():
        path = safe_member_path(info.name)
        if not (info.isfile() or info.isdir()):
            raise UnsafeArchiveError(f"not a plain file or folder in archive: {info.name!r}")
        members.append((path, info))
    _check_layout([(path, info.isdir(), info.size) for path, info in members])
    return members


def _check_layout(members: list[tuple[PurePosixPath, bool, int]]) -> None:
    """Every file named once, never also a folder; no more than MAX_UNPACKED_BYTES."""
    files = [path for path, is_folder, _ in members if not is_folder]
    if any(not path.parts for path in files):
        raise UnsafeArchiveError("a file in the archive has no name")
    folders = {parent for path, _, _ in members for parent in path.parents}
    folders |= {path for path, is_folder, _ in members if is_folder}
    for path in files:
        if path in folders:
            raise UnsafeArchiveError(f"{path} is both a file and a folder in the archive")
    if len(set(files)) != len(files):
        twice = next(path for path in files if files.count(path) > 1)
        raise UnsafeArchiveError(f"{twice} is in the archive twice")
    unpacked = sum(size for _, _, size in members)
    if unpacked > MAX_UNPACKED_BYTES:
        raise UnsafeArchiveError(
            f"the archive would unpack to {unpacked} bytes, more than the {MAX_UNPACKED_BYTES} "
            "a speech model needs"
        )


def _top_folder(paths: list[PurePosixPath]) -> str:
    tops = {path.parts[0] for path in paths if path.parts}
    if len(tops) != 1:
        raise UnsafeArchiveError(f"archive must hold exactly one top folder, found {sorted(tops)}")
    return tops.pop()


def extract(archive_path: Path, destination: Path) -> Path:
    """Unpack a .zip or .tar.gz model archive into ``destination``; return the model folder.

    Everything is checked first and unpacked into a temporary folder beside the
    destination, then moved into place, so a bad archive leaves nothing behind.
    """
    destination.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=destination) as staging:
        root = Path(staging)
        if zipfile.is_zipfile(archive_path):
            with zipfile.ZipFile(archive_path) as archive:
                members = _zip_members(archive)
                top = _top_folder([path for path, _ in members])
                for path, info in members:
                    _write(root / path, None if info.is_dir() else archive.read(info))
        elif tarfile.is_tarfile(archive_path):
            with tarfile.open(archive_path) as archive:
                tar_members = _tar_members(archive)
                top = _top_folder([path for path, _ in tar_members])
                for path, info in tar_members:
                    data = archive.extractfile(info).read() if info.isfile() else None
                    _write(root / path, data)
        else:
            raise ModelFetchError(f"{archive_path}: neither a zip nor a tar archive")
        target = destination / top
        if target.exists():
            raise ModelFetchError(f"{target} already exists; remove it first to replace it")
        shutil.move(str(root / top), str(target))
    return target


def _write(path: Path, data: bytes | None) -> None:
    if data is None:
        path.mkdir(parents=True, exist_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def download(url: str, path: Path) -> None:
    """Save ``url`` in ``path``; stop with ModelFetchError past MAX_ARCHIVE_BYTES."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response, path.open("wb") as file:
            for block in iter(lambda: response.read(1 << 20), b""):
                if file.tell() + len(block) > MAX_ARCHIVE_BYTES:
                    raise ModelFetchError(f"{url} is larger than {MAX_ARCHIVE_BYTES} bytes")
                file.write(block)
    except OSError as error:
        raise ModelFetchError(
            f"cannot download {url} ({error}). On a machine without network, download it "
            "elsewhere and pass --archive FILE.zip"
        ) from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fetch the English Vosk model.")
    parser.add_argument("--dest", type=Path, default=MODELS_DIR, help="models folder")
    parser.add_argument("--archive", type=Path, help="use this downloaded archive instead")
    parser.add_argument("--sha256", default=MODEL_SHA256, help="expected SHA-256 of the archive")
    args = parser.parse_args(argv)
    if args.archive is not None and not args.archive.is_file():
        print(f"fetch-model: --archive {args.archive}: there is no such file", file=sys.stderr)
        return 1
    if args.archive is not None and args.archive.stat().st_size > MAX_ARCHIVE_BYTES:
        print(f"fetch-model: --archive {args.archive} is too large to be a model", file=sys.stderr)
        return 1
    try:
        with tempfile.TemporaryDirectory() as folder:
            archive = args.archive or Path(folder) / f"{MODEL_NAME}.zip"
            if args.archive is None:
                print(f"Downloading {MODEL_URL} ...", file=sys.stderr)
                download(MODEL_URL, archive)
            verify(archive, args.sha256)
            model = extract(archive, args.dest)
    except ModelFetchError as error:
        print(f"fetch-model: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"fetch-model: {error.filename or args.dest}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"Vosk model ready in {model}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
