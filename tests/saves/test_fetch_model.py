"""scripts/fetch-model refuses odd archives with a message: `./`, a name that is both a file
and a folder, a name given twice, an archive too large, a missing --archive file."""

from __future__ import annotations

import hashlib
import io
import tarfile
import warnings
import zipfile
from pathlib import Path

import pytest

from companion.voice import model_fetch
from companion.voice.model_fetch import UnsafeArchiveError, extract, main


def make_zip(path: Path, members: list[tuple[str, bytes | None]]) -> Path:
    with zipfile.ZipFile(path, "w") as archive, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about a duplicate name
        for name, data in members:
            if data is None:
                archive.writestr(zipfile.ZipInfo(name.rstrip("/") + "/"), b"")
            else:
                archive.writestr(name, data)
    return path


def make_tar(path: Path, members: list[tuple[str, bytes | None]]) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            if data is None:
                info.type = tarfile.DIRTYPE
                archive.addfile(info)
            else:
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    return path


MAKERS = {"zip": make_zip, "tar": make_tar}


@pytest.mark.parametrize("kind", MAKERS)
def test_a_member_dot_slash_is_the_archive_itself(tmp_path, kind):
    members = [("./", None), ("model/", None), ("model/am.mdl", b"acoustic")]
    archive = MAKERS[kind](tmp_path / f"a.{kind}", members)
    model = extract(archive, tmp_path / "models")
    assert (model / "am.mdl").read_bytes() == b"acoustic"


@pytest.mark.parametrize("kind", MAKERS)
@pytest.mark.parametrize(
    ("members", "reason"),
    [
        ([("model/a", b"file"), ("model/a/b", b"inside")], "both a file and a folder"),
        ([("model/a", b"file"), ("model/a/", None)], "both a file and a folder"),
        ([("model/a", b"one"), ("model/a", b"two")], "twice"),
        ([("model/", None), (".", b"x")], "no name"),
    ],
)
def test_an_archive_with_an_impossible_layout_is_refused(tmp_path, kind, members, reason):
    archive = MAKERS[kind](tmp_path / f"a.{kind}", members)
    with pytest.raises(UnsafeArchiveError, match=reason):
        extract(archive, tmp_path / "models")
    assert list((tmp_path / "models").iterdir()) == []


@pytest.mark.parametrize("kind", MAKERS)
def test_an_archive_that_unpacks_too_large_is_refused(tmp_path, kind, monkeypatch):
    monkeypatch.setattr(model_fetch, "MAX_UNPACKED_BYTES", 1000)
    archive = MAKERS[kind](tmp_path / f"a.{kind}", [("model/big", b"\0" * 1001)])
    with pytest.raises(UnsafeArchiveError, match="more than the 1000"):
        extract(archive, tmp_path / "models")
    assert list((tmp_path / "models").iterdir()) == []


def test_a_missing_archive_file_is_explained(tmp_path, capsys):
    assert main(["--archive", str(tmp_path / "absent.zip"), "--dest", str(tmp_path)]) == 1
    assert "absent.zip: there is no such file" in capsys.readouterr().err


def test_an_archive_file_too_large_is_not_even_read(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(model_fetch, "MAX_ARCHIVE_BYTES", 10)
    archive = make_zip(tmp_path / "a.zip", [("model/a", b"x")])
    assert main(["--archive", str(archive), "--dest", str(tmp_path / "m")]) == 1
    assert "too large" in capsys.readouterr().err


def test_a_download_stops_at_the_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(model_fetch, "MAX_ARCHIVE_BYTES", 3 << 20)
    endless = io.BytesIO(b"\0" * (5 << 20))
    monkeypatch.setattr(model_fetch.urllib.request, "urlopen", lambda *_a, **_k: endless)
    with pytest.raises(model_fetch.ModelFetchError, match="larger than"):
        model_fetch.download("https://example.invalid/model.zip", tmp_path / "m.zip")


def test_a_destination_that_cannot_be_made_is_explained(tmp_path, capsys):
    archive = make_zip(tmp_path / "a.zip", [("model/a", b"x")])
    blocked = tmp_path / "file"
    blocked.write_text("a file where the models folder should be")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    code = main(["--archive", str(archive), "--dest", str(blocked / "m"), "--sha256", digest])
    assert code == 1
    assert "fetch-model:" in capsys.readouterr().err
