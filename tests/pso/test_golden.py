"""PSO golden games (saves/pso/): each verifies and exports.

When a rule or card change alters them, regenerate with the commands in
saves/README.md and say so in docs/CHANGELOG.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main

GOLDEN = sorted((Path(__file__).parents[2] / "saves" / "pso").glob("*.jsonl"))


def test_the_golden_games_show_both_formats_and_the_special_rules() -> None:
    assert {p.stem for p in GOLDEN} >= {"standard-heuristic", "quick-heuristic-vs-random",
                                        "standard-random"}
    text = (Path(__file__).parents[2] / "saves" / "pso" / "standard-random.jsonl").read_text()
    for mark in ('"trap fired"', '"boss defeated"', '"prefer ', '"what": "quest"'):
        assert mark in text or mark.replace(": ", ":") in text, mark


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_verifies_and_exports(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "(finished game)" in out
    assert main(["export", str(path), "--format", "text"]) == 0
    text, _ = capsys.readouterr()
    assert "attack" in text and "no Monster left" in text
