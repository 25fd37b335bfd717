"""One-line errors when reading a TOML data file (pmtui.engine.tomlfile)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.engine.tomlfile import read_toml


class FileError(ValueError):
    pass


def test_read_toml_reads_a_table(tmp_path: Path) -> None:
    path = tmp_path / "ok.toml"
    path.write_text('set = "Harbour"\n[[card]]\nid = "H-1"\n', encoding="utf-8")
    assert read_toml("ok.toml", path, FileError) == {"set": "Harbour", "card": [{"id": "H-1"}]}


def test_syntax_error_names_line_and_column_or_line_only(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('set = "Harbour"\nid = = 3\n', encoding="utf-8")
    with pytest.raises(FileError) as full:
        read_toml("bad.toml", path, FileError)
    with pytest.raises(FileError) as short:
        read_toml("bad.toml", path, FileError, column=False)
    assert str(full.value).startswith("bad.toml: line 2: TOML syntax error: ")
    assert str(full.value).endswith(")") and "(column " in str(full.value)
    assert "column" not in str(short.value) and "line 2" in str(short.value)
    assert "\n" not in str(full.value)


def test_unreadable_files_are_one_line(tmp_path: Path) -> None:
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(FileError, match=r"^latin.toml: not UTF-8 text"):
        read_toml("latin.toml", latin, FileError)
    with pytest.raises(FileError, match=r"^gone.toml: cannot read"):
        read_toml("gone.toml", tmp_path / "gone.toml", FileError)
