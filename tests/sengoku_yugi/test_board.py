"""The grid (Guide I (8), (11)④ Move, (12)③ ranges; S2, S4, S5)."""

from __future__ import annotations

import pytest

from rulesets.sengoku_yugi.board import Board, BoardError, parse_board
from rulesets.sengoku_yugi.combat import damage_of


def test_default_board_strongholds_and_perimeters() -> None:
    """S2: 4x5, Strongholds in the middle of each Backline, Perimeter in its own half."""
    b = parse_board("4x5")
    assert (b.rows, b.cols) == (4, 5)
    assert b.stronghold(0) == "c1" and b.stronghold(1) == "c4"
    assert set(b.perimeter(0)) == {"b1", "d1", "b2", "c2", "d2"}
    assert set(b.perimeter(1)) == {"b4", "d4", "b3", "c3", "d3"}
    assert b.is_backline("a1", 0) and b.is_frontline("a2", 0) and not b.is_frontline("a3", 0)


def test_common_range_is_two_cells_ahead_and_backline_misses_enemy_backline() -> None:
    """G1 (12)③: 1-2 cells ahead; from the Backline the enemy Backline is out of range."""
    b = Board(4, 5)
    assert b.attack_range("c2", 0, ()) == ("c3", "c4")
    assert b.attack_range("c3", 1, ()) == ("c2", "c1")
    assert set(b.attack_range("a1", 0, ())) == {"a2", "a3"}
    assert not any(c.endswith("4") for c in b.attack_range("b1", 0, ("tl", "tr", "bl", "br")))


def test_corner_gems_add_diagonal_cells() -> None:
    """S5: top corners two ahead, bottom corners one ahead, left and right."""
    b = Board(4, 5)
    assert set(b.attack_range("c2", 0, ("tl", "br"))) == {"c3", "c4", "b4", "d3"}
    assert set(b.attack_range("c3", 1, ("tl",))) == {"c2", "c1", "d1"}  # player 2 looks down


def test_orthogonal_and_surroundings() -> None:
    """G1 (11)④ Move: up, down, left, right; G1 Q&A: surroundings are 8 cells."""
    b = Board(4, 5)
    assert set(b.orthogonal("a1")) == {"a2", "b1"}
    assert len(b.surroundings("c2")) == 8


@pytest.mark.parametrize("spec", ["3x5", "4x4", "10x5", "4", "axb"])
def test_bad_board_sizes_are_refused(spec: str) -> None:
    with pytest.raises(BoardError):
        parse_board(spec)


def test_damage_table_for_defence_six() -> None:
    """G1 (12)⑤ example: defence 6 -> 0-6: 0, 7-11: 1, 12-17: 2, 18-23: 3, 24-29: 4."""
    got = [damage_of(a, 6) for a in range(30)]
    assert got == [0] * 7 + [1] * 5 + [2] * 6 + [3] * 6 + [4] * 6
    assert damage_of(3, 0) == 3  # S19
