"""Download, verify and safely unpack the English Vosk model (``scripts/fetch-model``).

Run on a machine with a network connection; the companion itself never downloads
anything. The archive's SHA-256 is checked before anything is unpacked, and every
archive member is checked before extraction: no absolute paths, no ``..``, no links,
no devices, all under one top folder.

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
    if not name or path.is_absolute() or ".." in path.parts or ":" in path.parts[0]:
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
    return members


def _tar_members(archive: tarfile.TarFile) -> list[tuple[PurePosixPath, tarfile.TarInfo]]:
    members = []
    for info in archive.getmembers():
        path = safe_member_path(info.name)
        if not (info.isfile() or info.isdir()):
            raise UnsafeArchiveError(f"not a plain file or folder in archive: {info.name!r}")
        members.append((path, info))
    return members


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
    try:
        with urllib.request.urlopen(url, timeout=60) as response, path.open("wb") as file:
            shutil.copyfileobj(response, file)
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
    print(f"Vosk model ready in {model}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
