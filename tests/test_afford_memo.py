"""Precious Memories keeps whether a card's cost can be paid from a pool of card ids
(`Tables.afford`, plays.Payers): it lives as long as the process (the card tables are
loaded once), so in a long-running server it must stay bounded, and emptying it must
change no decision."""

from __future__ import annotations

import pytest
from helpers import random_game, rs

from rulesets.precious_memories import plays


def moves(seed: int) -> list[object]:
    return list(random_game(seed).moves)


def test_the_affordability_memo_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    memo = rs().t.afford
    memo.clear()
    monkeypatch.setattr(plays, "AFFORD_MEMO", 40)
    for seed in range(3):  # some 70 answers kept a game: emptied when it reaches 40
        moves(seed)
        assert 0 < len(memo) <= 40


def test_emptying_the_memo_changes_no_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    rs().t.afford.clear()
    kept = [moves(seed) for seed in range(3)]  # the memo kept across the games
    monkeypatch.setattr(plays, "AFFORD_MEMO", 1)  # emptied before every answer kept
    assert [moves(seed) for seed in range(3)] == kept
