"""SENGOKU YUGI golden games (saves/sengoku_yugi/): each verifies and exports.

When a rule or card change alters them, regenerate with the commands in
saves/README.md and say so in docs/CHANGELOG.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main

GOLDEN = sorted((Path(__file__).parents[2] / "saves" / "sengoku_yugi").glob("*.jsonl"))


def test_there_is_a_golden_game_per_mode() -> None:
    assert {p.stem.split("-")[0] for p in GOLDEN} == {"standard", "ultimate"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_verifies_and_exports(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "(finished game)" in out
    assert main(["export", str(path), "--format", "text"]) == 0
    text, _ = capsys.readouterr()
    assert "attack" in text and "struck the fallen Stronghold" in text
