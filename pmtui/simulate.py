"""Headless games between computer players (`pmtui simulate`, benchmarks, tests)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pmtui.ai import make_player
from pmtui.engine.game import Game
from pmtui.engine.views import LazyView
from pmtui.games import make_header, ruleset


@dataclass
class GameResult:
    seed: int
    winner: int | None
    turns: int
    decisions: int
    reason: str
    decks: tuple[str, str]
    game: Game | None = None


@dataclass
class Summary:
    games: int = 0
    errors: int = 0
    error_seeds: list[int] = field(default_factory=list)
    error_messages: list[str] = field(default_factory=list)
    p1_wins: int = 0
    p2_wins: int = 0
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    by_deck: dict[str, list[int]] = field(default_factory=dict)  # deck -> [wins, games]

    def to_json(self) -> dict[str, Any]:
        done = max(self.games - self.errors, 1)
        secs = max(self.seconds, 1e-9)
        return {
            "games": self.games,
            "errors": self.errors,
            "error_seeds": self.error_seeds,
            "p1_wins": self.p1_wins,
            "p2_wins": self.p2_wins,
            "draws": self.draws,
            "avg_turns": round(self.turns / done, 2),
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / secs, 1),
            "decisions_per_s": round(self.decisions / secs, 1),
        }


def play_one(
    seed: int,
    decks: Sequence[Any],
    kinds: Sequence[str] = ("random", "random"),
    keep: bool = False,
    hashing: bool = False,
    max_decisions: int = 20000,
    level: str = "normal",
) -> GameResult:
    """Play one game to its end with computer players that only get views."""
    rs = ruleset()
    players_meta = [{"name": f"{k}-{i + 1}", "kind": k} for i, k in enumerate(kinds)]
    header = make_header(rs, decks, seed, players_meta, mode="simulate")
    game = Game(rs, header, hashing=hashing)
    players = [
        make_player(k, seed * 2 + i + 1, deck=(list(decks[i].main), list(decks[i].ex)), level=level)
        for i, k in enumerate(kinds)
    ]
    n = 0
    while (d := game.pending()) is not None:
        if n >= max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
        choice = players[d.player].choose(LazyView(rs, game.state, d.player), d)
        game.act(choice, d.player)
        n += 1
    over = game.over or {}
    return GameResult(
        seed=seed,
        winner=over.get("winner"),
        turns=int(game.state.vars.get("turn", 0)),
        decisions=n,
        reason=str(over.get("reason", "")),
        decks=(decks[0].name, decks[1].name),
        game=game if keep else None,
    )


def simulate(
    games: int,
    seed: int,
    deck_pairs: Callable[[int], tuple[Any, Any]],
    kinds: Sequence[str] = ("random", "random"),
    save_dir: Path | None = None,
    level: str = "normal",
) -> Summary:
    """Play `games` games; a game that raises is counted as an error, never fatal."""
    seeds = random.Random(seed)
    summary = Summary()
    start = time.perf_counter()
    for i in range(games):
        game_seed = seeds.randrange(2**31)
        summary.games += 1
        try:
            decks = deck_pairs(i)
            result = play_one(
                game_seed,
                decks,
                kinds,
                keep=save_dir is not None,
                hashing=save_dir is not None,
                level=level,
            )
        except Exception as exc:  # noqa: BLE001 - a failing game is counted, never fatal
            summary.errors += 1
            summary.error_seeds.append(game_seed)
            summary.error_messages.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        summary.turns += result.turns
        summary.decisions += result.decisions
        if result.winner is None:
            summary.draws += 1
        elif result.winner == 0:
            summary.p1_wins += 1
        else:
            summary.p2_wins += 1
        for p, name in enumerate(result.decks):
            entry = summary.by_deck.setdefault(name, [0, 0])
            entry[1] += 1
            entry[0] += int(result.winner == p)
        if save_dir is not None and result.game is not None:
            from pmtui.engine.journal import JournalWriter

            save_dir.mkdir(parents=True, exist_ok=True)
            path = save_dir / f"game-{i + 1:04d}-seed{game_seed}.jsonl"
            with JournalWriter(path, result.game.header) as w:
                w.write(result.game.records[1:])
    summary.seconds = time.perf_counter() - start
    return summary
