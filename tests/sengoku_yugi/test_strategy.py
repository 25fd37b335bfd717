"""The computer player's rules of thumb play whole games from their own view."""

from __future__ import annotations

import pytest

from .helpers import new_game, play_with, ruleset


@pytest.mark.parametrize("mode", ["standard", "ultimate"])
def test_heuristic_players_finish_games(mode: str) -> None:
    rs = ruleset()
    for seed in range(2):
        game = new_game(mode, seed=seed)
        play_with(game, {0: rs.make_strategy(1), 1: rs.make_strategy(2)})
        assert game.over is not None and game.over["winner"] in (0, 1)


def test_evaluate_prefers_the_side_ahead() -> None:
    rs = ruleset()
    game = new_game(seed=1)
    s = rs.make_strategy(0)
    game.state.vars["sh_hp"] = [6, 2]
    assert s.evaluate(game.state, 0) > 0 > s.evaluate(game.state, 1)
