"""The card sheet's "Not now" for a PSO card names only reasons that apply to that
card: a monster in hand is not told it is no character, no event, no item and no Area
card, nor that it is not in play (every verb's reason was listed)."""

from __future__ import annotations

import re

from pmtui.engine.game import Game
from pmtui.table.registry import ruleset
from pmtui.table.session import LocalTable, new_game_header

BESIDE_THE_POINT = re.compile(r"is not an? (character|monster|event|item|area) card|"
                              r"is not one of your characters or monsters in play")


def test_not_now_lists_only_the_reasons_that_apply() -> None:
    header, seats = new_game_header(5, vs="computer", game="pso", opponent="heuristic")
    game = Game(ruleset("pso"), header)
    table = LocalTable(game, seats)
    strategy = ruleset("pso").make_strategy(5)
    asked = reasons = 0
    for _ in range(400):  # the person's decisions in the first turns, each card in hand
        d = game.pending()
        if d is None or game.over is not None:
            break
        if d.player == 0:
            asked += 1
            for uid in game.state.zones.get("0/hand", ()):
                for text, why in table.why_not(0, uid):
                    reasons += 1
                    assert not BESIDE_THE_POINT.search(why), (text, why)
        game.act(strategy.choose(table.view_for(d.player), d) if d.player == 0
                 else table.seats[1].choose(table.view_for(1), d), d.player)
    assert asked > 5 and reasons > 0  # cards were asked about and some were not playable
