"""Random playouts to the end in both modes, and determinism (Guide I (10), Guide II (1))."""

from __future__ import annotations

import pytest

from pmtui.engine.game import Game

from .helpers import header, new_game, playout, ruleset


@pytest.mark.parametrize("mode", ["standard", "ultimate"])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_a_winner(mode: str, seed: int) -> None:
    game = new_game(mode, seed=seed)
    playout(game, seed)
    assert game.over is not None
    assert game.over["winner"] in (0, 1)
    # the loser's Stronghold had fallen to 0 before the final blow (Guide I (10))
    loser = 1 - game.over["winner"]
    assert game.state.vars["sh_hp"][loser] == 0


@pytest.mark.parametrize("mode", ["standard", "ultimate"])
def test_re_executing_the_decisions_reproduces_the_events(mode: str) -> None:
    game = new_game(mode, seed=7)
    playout(game, 7)
    again = Game.from_records(ruleset(), header(mode, 7), game.records[1:], verify=True)
    assert again.state.to_json() == game.state.to_json()
    assert again.over == game.over


def test_another_board_size_plays_to_the_end() -> None:
    game = new_game("standard", seed=3, board="6x7")
    playout(game, 3)
    assert game.over is not None
