"""Helpers for the save, undo and replay tests: seeded games played into saves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pmtui.ai import make_player
from pmtui.engine.game import Game
from pmtui.engine.views import LazyView
from pmtui.table.games import load_deck, make_header, ruleset
from pmtui.table.saves import start_game
from pmtui.table.undo import undo, undo_targets

DECKS = ("starlit_overture", "tidewater_morning")
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "saves").glob("*.jsonl"))


def header(seed: int = 1, mode: str = "computer", names: Sequence[str] = DECKS) -> dict[str, Any]:
    rs = ruleset()
    seats = [{"name": "p1", "kind": "human"}, {"name": "p2", "kind": "random"}]
    return make_header(rs, [load_deck(n, rs) for n in names], seed, seats, mode)


def play(
    game: Game,
    seed: int,
    *,
    limit: int | None = None,
    undo_rate: float = 0.0,
    undoer: int = 0,
    note_rate: float = 0.0,
) -> Game:
    """Random play (with undos by `undoer` and notes now and then) until the end or `limit`."""
    rng = random.Random(seed)
    players = [make_player("random", rng.randrange(2**31)) for _ in (0, 1)]
    mode = str(game.header.get("mode"))
    n = 0
    while (d := game.pending()) is not None and (limit is None or n < limit):
        n += 1
        if note_rate and rng.random() < note_rate:
            game.note(f"note {n}", by="test")
        targets = undo_targets(game, undoer, mode) if undo_rate else []
        if targets and rng.random() < undo_rate:
            undo(game, undoer, mode, rng.choice(targets[-8:]), consent=True)
            continue
        game.act(players[d.player].choose(LazyView(game.ruleset, game.state, d.player), d))
    return game


def new_game(seed: int = 1, mode: str = "computer", names: Sequence[str] = DECKS) -> Game:
    return Game(ruleset(), header(seed, mode, names))


def saved_game(
    path: Path, seed: int = 1, mode: str = "computer", **kwargs: Any
) -> Game:
    """A game played into a save at `path` (closed afterwards)."""
    game, writer = start_game(header(seed, mode), path)
    with writer:
        play(game, seed, **kwargs)
    return game


def decision_indexes(records: Sequence[dict[str, Any]]) -> list[int]:
    return [i for i, r in enumerate(records) if r.get("type") == "decision"]
