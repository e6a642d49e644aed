"""scripts/fetch-model: checksum and safe extraction, on archives built here (no network)."""

from __future__ import annotations

import hashlib
import io
import tarfile
import zipfile
from pathlib import Path

import pytest

from companion.voice.model_fetch import (
    ModelFetchError,
    UnsafeArchiveError,
    extract,
    main,
    verify,
)

MODEL_FILES = {"model/am/final.mdl": b"acoustic", "model/conf/model.conf": b"--x=1\n"}


def make_zip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


def make_tar(path: Path, files: dict[str, bytes], link: str | None = None) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        if link:
            info = tarfile.TarInfo(link)
            info.type = tarfile.SYMTYPE
            info.linkname = "/etc/passwd"
            archive.addfile(info)
    return path


@pytest.mark.parametrize("maker", [make_zip, make_tar])
def test_a_good_archive_is_unpacked_into_its_folder(tmp_path, maker):
    archive = maker(tmp_path / "model.archive", MODEL_FILES)
    model = extract(archive, tmp_path / "models")
    assert model == tmp_path / "models" / "model"
    assert (model / "am" / "final.mdl").read_bytes() == b"acoustic"


@pytest.mark.parametrize(
    "bad_name", ["../escape.txt", "/abs/path.txt", "model/../../escape.txt", "C:/windows.txt"]
)
def test_path_traversal_is_refused_and_nothing_is_written(tmp_path, bad_name):
    archive = make_zip(tmp_path / "evil.zip", {**MODEL_FILES, bad_name: b"gotcha"})
    destination = tmp_path / "deep" / "models"
    with pytest.raises(UnsafeArchiveError):
        extract(archive, destination)
    assert not any(p.is_file() for p in tmp_path.rglob("*") if p.name != "evil.zip")


def test_links_in_an_archive_are_refused(tmp_path):
    archive = make_tar(tmp_path / "link.tar.gz", MODEL_FILES, link="model/passwd")
    with pytest.raises(UnsafeArchiveError, match="not a plain file"):
        extract(archive, tmp_path / "models")
    assert not (tmp_path / "models" / "model").exists()


def test_an_archive_must_hold_one_top_folder(tmp_path):
    archive = make_zip(tmp_path / "two.zip", {"a/x": b"1", "b/y": b"2"})
    with pytest.raises(UnsafeArchiveError, match="one top folder"):
        extract(archive, tmp_path / "models")


def test_an_existing_model_is_not_overwritten(tmp_path):
    archive = make_zip(tmp_path / "model.zip", MODEL_FILES)
    extract(archive, tmp_path / "models")
    with pytest.raises(ModelFetchError, match="already exists"):
        extract(archive, tmp_path / "models")


def test_the_checksum_is_checked(tmp_path):
    archive = make_zip(tmp_path / "model.zip", MODEL_FILES)
    verify(archive, hashlib.sha256(archive.read_bytes()).hexdigest())
    with pytest.raises(ModelFetchError, match="SHA-256"):
        verify(archive, "0" * 64)


def test_the_script_refuses_a_tampered_archive_and_accepts_a_good_one(tmp_path, capsys):
    archive = make_zip(tmp_path / "model.zip", MODEL_FILES)
    destination = tmp_path / "models"
    assert main(["--archive", str(archive), "--dest", str(destination)]) == 1
    assert "SHA-256" in capsys.readouterr().err
    assert not destination.exists() or not any(destination.iterdir())
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert main(["--archive", str(archive), "--dest", str(destination), "--sha256", digest]) == 0
    assert (destination / "model" / "conf" / "model.conf").exists()
