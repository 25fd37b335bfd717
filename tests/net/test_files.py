"""The server's small files: the host key and the atomic writes behind it."""

from __future__ import annotations

import stat
from pathlib import Path

from pmtui.net.server import HOST_KEY, host_key
from pmtui.table.files import write_atomically


def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    key = host_key(tmp_path / "data")
    path = tmp_path / "data" / HOST_KEY
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert (tmp_path / "data" / (HOST_KEY + ".pub")).exists()
    again = host_key(tmp_path / "data")  # the next start reads the same key back
    assert again.export_public_key() == key.export_public_key()
    assert not list((tmp_path / "data").glob("*.tmp"))


def test_an_atomic_write_replaces_the_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "f.json"
    write_atomically(path, b"old, and longer than the new")
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new"
    assert [p.name for p in path.parent.iterdir()] == ["f.json"]
