"""Clockwork Memorion golden games (saves/clockwork_memorion/): each verifies and
exports. When a rule or card change alters them, regenerate with the commands in
saves/README.md and say so in docs/CHANGELOG.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main

GOLDEN = sorted((Path(__file__).parents[2] / "saves" / "clockwork_memorion").glob("*.jsonl"))


def test_there_are_golden_games() -> None:
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_verifies_and_exports(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "(finished game)" in out
    assert main(["export", str(path), "--format", "text"]) == 0
    text, _ = capsys.readouterr()
    assert "attack" in text and "Life 0" in text
