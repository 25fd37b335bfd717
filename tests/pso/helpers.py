"""Building and playing PSO games in tests, without the shell."""

from __future__ import annotations

import random
from functools import cache

from pmtui.engine.game import Game
from rulesets.pso import Pso, make_ruleset
from rulesets.pso.decks import Deck, load_deck


@cache
def ruleset() -> Pso:
    return make_ruleset()


def deck(name: str) -> Deck:
    return load_deck(name, ruleset().pool)


def header(decks: tuple[str, str] = ("verdant_patrol_quick", "ember_vault_quick"),
           seed: int = 1, **options: object) -> dict:
    ds = [deck(n) for n in decks]
    return {
        "format": "pmtui-save", "version": 1, "ruleset": "pso", "seed": seed,
        "players": [{"name": "a"}, {"name": "b"}],
        "decks": [{"name": d.name, "main": list(d.main), "ex": list(d.ex)} for d in ds],
        "options": dict(options),
    }


def new_game(seed: int = 1, decks: tuple[str, str] = ("verdant_patrol_quick", "ember_vault_quick"),
             hashing: bool = False, **options: object) -> Game:
    return Game(ruleset(), header(decks, seed, **options), hashing=hashing)


def play_random(game: Game, seed: int, max_decisions: int = 20000) -> int:
    """Random legal choices to the end; returns the number of decisions."""
    r = random.Random(seed)
    n = 0
    while (d := game.pending()) is not None:
        opts = d.options
        # "back" undoes a declaration: skip it mostly so games move on
        choices = [o for o in opts if o.text != "back"] or list(opts)
        game.act(r.choice(choices).text, d.player)
        n += 1
        if n > max_decisions:
            raise AssertionError(f"seed {seed}: no end after {max_decisions} decisions")
    return n


def position_game(position: dict, seed: int = 1) -> Game:
    """A game starting from a described position (rulesets/pso/position.py)."""
    head = {"format": "pmtui-save", "version": 1, "ruleset": "pso", "seed": seed,
            "players": [{"name": "a"}, {"name": "b"}], "decks": [], "scenario": position}
    return Game(ruleset(), head, hashing=False)


def side(**zones: list) -> dict:
    return dict(zones)


def uid_of(game: Game, cid: str, zone: str | None = None) -> int:
    """The first card with this id (in a zone like "1/monsters" when given)."""
    for c in game.state.cards:
        if c.cid == cid and (zone is None or c.zone == zone):
            return c.uid
    raise AssertionError(f"no {cid} in {zone or 'the game'}")


def ref(game: Game, cid: str, zone: str | None = None) -> str:
    return f"{cid}@{uid_of(game, cid, zone)}"


def texts(game: Game) -> list[str]:
    d = game.pending()
    assert d is not None
    return d.texts


def dmg(game: Game, uid: int) -> int:
    return int(game.state.cards[uid].f.get("dmg", 0))


def events_of(events: list, t: str, what: str | None = None) -> list:
    return [e for e in events if e["t"] == t and (what is None or e.get("what") == what)]
