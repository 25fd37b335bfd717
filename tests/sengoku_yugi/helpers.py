"""Shared helpers for the SENGOKU YUGI tests: headers, games and random playouts."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pmtui.engine.game import Game
from rulesets.sengoku_yugi import SengokuYugi, make_ruleset
from rulesets.sengoku_yugi.decks import load_deck


@cache
def ruleset() -> SengokuYugi:
    return make_ruleset()


def header(mode: str = "standard", seed: int = 1, board: str = "4x5",
           decks: tuple[str, str] | None = None) -> dict[str, Any]:
    names = decks or (f"mist_valley_{mode}", f"moon_shore_{mode}")
    return {
        "format": "pmtui-game",
        "version": 1,
        "ruleset": "sengoku_yugi",
        "seed": seed,
        "players": [{"name": "p1"}, {"name": "p2"}],
        "decks": [load_deck(n).header_part() for n in names],
        "options": {"mode": mode, "board": board},
    }


def new_game(mode: str = "standard", seed: int = 1, **kw: Any) -> Game:
    return Game(ruleset(), header(mode, seed, **kw))


# Verbs a playout prefers, so random games reach the end instead of the turn cap.
PREFER = ("attack", "deploy", "grow", "focus", "contract", "release", "evolve", "charge-ap",
          "draw", "join", "use", "act", "counter")


def pick(options: list[str], rnd: random.Random) -> str:
    """A random option, biased toward acting: 'end' only when little else is left."""
    keen = [o for o in options if o.split()[0] in PREFER]
    if keen and rnd.random() < 0.8:
        attacks = [o for o in keen if o.startswith("attack")]
        if attacks and rnd.random() < 0.7:
            return rnd.choice(attacks)
        return rnd.choice(keen)
    moves = [o for o in options if o.startswith("move")]
    if moves and rnd.random() < 0.5:
        return rnd.choice(moves)
    return rnd.choice(options)


def playout(game: Game, seed: int, limit: int = 20000) -> int:
    """Play random legal options until the game ends; returns the number of decisions."""
    rnd = random.Random(seed)
    n = 0
    while game.over is None and n < limit:
        d = game.pending()
        assert d is not None and d.options, f"no options at decision {n}: {game.state.vars}"
        game.act(pick(d.texts, rnd), d.player)
        n += 1
    return n


def play_with(game: Game, players: dict[int, Any], limit: int = 20000) -> int:
    """Play with computer players fed only their own view; returns the decisions made."""
    from pmtui.engine.views import view

    n = 0
    while game.over is None and n < limit:
        d = game.pending()
        assert d is not None
        game.act(players[d.player].choose(view(ruleset(), game.state, d.player), d), d.player)
        n += 1
    return n
