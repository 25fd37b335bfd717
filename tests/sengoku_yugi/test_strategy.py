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


def test_determinize_keeps_what_the_player_sees_and_fills_the_rest() -> None:
    """A sampled state holds the same zones and sizes; visible cards stay as they are."""
    import random

    from pmtui.engine.views import view

    rs = ruleset()
    game = new_game("ultimate", seed=6)
    play_with(game, {0: rs.make_strategy(1), 1: rs.make_strategy(2)}, limit=150)
    v = view(rs, game.state, 0)
    lists = [list(rs.load_deck(n).part("main")) for n in rs.builtin_decks()]
    s = rs.make_strategy(0).determinize(v, lists[0], lists, random.Random(1))
    assert len(s.cards) == len(game.state.cards)
    for key, z in game.state.zones.items():
        assert len(s.zones.get(key, [])) == len(z), key
    for uid in game.state.zone("0/hand"):
        assert s.cards[uid].cid == game.state.cards[uid].cid
    assert rs.decision(s) is not None  # the rules can go on from it


def test_a_lazy_view_builds_only_the_part_read() -> None:
    """The rules of thumb read only the variables in a search's playouts: a LazyView
    gives them without building the zones' cards (card_view), and is the same view."""
    from pmtui.engine.views import LazyView, view

    from .helpers import new_game, ruleset

    game = new_game("ultimate", seed=3)
    rs = ruleset()
    lazy = LazyView(rs, game.state, 0)
    calls: list[int] = []
    real = rs.card_view
    rs.card_view = lambda state, uid, player: calls.append(uid) or real(state, uid, player)  # type: ignore[method-assign]
    try:
        assert lazy["vars"] == view(rs, game.state, 0)["vars"] and lazy["player"] == 0
        calls.clear()
        assert LazyView(rs, game.state, 0)["vars"]["mode"] == "ultimate" and not calls
        assert dict(lazy) == view(rs, game.state, 0) and calls
    finally:
        del rs.card_view
