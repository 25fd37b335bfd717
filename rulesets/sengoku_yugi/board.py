"""The grid: cells, halves, Strongholds, Perimeters and attack ranges (Guide I (8), (12)③).

The guides never give the playmat's size (the picture is missing), so the board
is a parameter "RxC" (default 4x5, docs/rules-interpretations-sengoku_yugi.md S2).
Columns are letters from a, rows numbers from 1; row 1 is player 1's Backline.
Each player owns half of the rows; the row nearest their edge is their Backline,
the others their Frontline. Each Stronghold stands in the middle of its Backline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

DEFAULT = "4x5"
_SPEC = re.compile(r"(\d+)x(\d+)")

# corner gems (Guide I (12)③): top corners reach 2 cells forward, bottom ones 1 (S5)
GEMS = {"tl": (2, -1), "tr": (2, 1), "bl": (1, -1), "br": (1, 1)}


class BoardError(ValueError):
    """A board size that cannot be played (one line)."""


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int

    @property
    def half(self) -> int:
        return self.rows // 2

    def cell(self, col: int, row: int) -> str:
        return f"{chr(ord('a') + col)}{row + 1}"

    def pos(self, cell: str) -> tuple[int, int] | None:
        """(col, row) from 0, or None when `cell` is not on this board."""
        if len(cell) < 2 or not cell[0].isalpha() or not cell[1:].isdigit():
            return None
        col, row = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    def cells(self) -> tuple[str, ...]:
        return _cells(self)

    def forward(self, player: int) -> int:
        return 1 if player == 0 else -1

    def owner_of_row(self, row: int) -> int:
        return 0 if row < self.half else 1

    def backline_row(self, player: int) -> int:
        return 0 if player == 0 else self.rows - 1

    def is_backline(self, cell: str, player: int) -> bool:
        p = self.pos(cell)
        return p is not None and p[1] == self.backline_row(player)

    def is_frontline(self, cell: str, player: int) -> bool:
        """In the player's own half but not their Backline."""
        p = self.pos(cell)
        return p is not None and self.owner_of_row(p[1]) == player and not self.is_backline(
            cell, player
        )

    def stronghold(self, player: int) -> str:
        return self.cell(self.cols // 2, self.backline_row(player))

    def perimeter(self, player: int) -> tuple[str, ...]:
        """The Stronghold's eight neighbours inside its own half."""
        return _perimeter(self, player)

    def orthogonal(self, cell: str) -> tuple[str, ...]:
        return _neighbours(self, cell, False)

    def surroundings(self, cell: str) -> tuple[str, ...]:
        """The eight neighbouring cells (Guide I (15) Q&A)."""
        return _neighbours(self, cell, True)

    def attack_range(self, cell: str, player: int, gems: tuple[str, ...]) -> tuple[str, ...]:
        """Common range: 1 and 2 cells forward; unique range: a corner gem each.

        From the Backline the same offsets already stop short of the enemy
        Backline on a board whose halves are two rows deep (S2).
        """
        p = self.pos(cell)
        if p is None:
            return ()
        col, row = p
        fwd = self.forward(player)
        offsets = [(1, 0), (2, 0)] + [GEMS[g] for g in gems if g in GEMS]
        out = []
        for dist, side in offsets:  # left and right as the owner sees them
            c, r = col + side * fwd, row + fwd * dist
            if 0 <= c < self.cols and 0 <= r < self.rows:
                out.append(self.cell(c, r))
        return tuple(out)


@cache
def _cells(board: Board) -> tuple[str, ...]:
    return tuple(board.cell(c, r) for r in range(board.rows) for c in range(board.cols))


@cache
def _neighbours(board: Board, cell: str, diagonal: bool) -> tuple[str, ...]:
    p = board.pos(cell)
    if p is None:
        return ()
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            c, r = p[0] + dc, p[1] + dr
            if 0 <= c < board.cols and 0 <= r < board.rows:
                out.append(board.cell(c, r))
    return tuple(out)


@cache
def _perimeter(board: Board, player: int) -> tuple[str, ...]:
    sh = board.stronghold(player)
    out = []
    for cell in board.surroundings(sh):
        p = board.pos(cell)
        assert p is not None
        if board.owner_of_row(p[1]) == player:
            out.append(cell)
    return tuple(sorted(out, key=lambda c: (board.pos(c) or (0, 0))[::-1]))


def parse_board(spec: str) -> Board:
    """'RxC' -> Board; rows even and at least 4, columns odd, 3 to 9."""
    m = _SPEC.fullmatch(spec.strip())
    if m is None:
        raise BoardError(f"board {spec!r}: write it as ROWSxCOLUMNS, like 4x5")
    rows, cols = int(m.group(1)), int(m.group(2))
    if rows < 4 or rows % 2 or rows > 8:
        raise BoardError(f"board {spec!r}: rows must be even, 4 to 8")
    if cols < 3 or cols % 2 == 0 or cols > 9:
        raise BoardError(f"board {spec!r}: columns must be odd, 3 to 9")
    return Board(rows, cols)
