"""Headless games between computer players (`pmtui simulate`, benchmarks, tests)."""

from __future__ import annotations

import gc
import os
import random
import signal
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pmtui.ai import make_player
from pmtui.engine.context import LEGACY_RNG
from pmtui.engine.game import Game
from pmtui.engine.ruleset import DeckList, Ruleset
from pmtui.engine.views import LazyView
from pmtui.table.games import make_header, ruleset
from pmtui.table.session import computer_seed


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
class GameError:
    """A game that raised: counted as an error, never fatal to the run."""

    seed: int
    message: str


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
    decks: Sequence[DeckList],
    kinds: Sequence[str] = ("random", "random"),
    keep: bool = False,
    hashing: bool = False,
    max_decisions: int = 20000,
    level: str = "normal",
    rng: str = LEGACY_RNG,
    rs: Ruleset | None = None,
    options: Mapping[str, str] | None = None,
) -> GameResult:
    """Play one game to its end with computer players that only get views
    (of the default game unless `rs` says which; `options`: its header options)."""
    rs = rs or ruleset()
    players_meta = [{"name": f"{k}-{i + 1}", "kind": k} for i, k in enumerate(kinds)]
    extra = {"options": dict(options)} if options else {}
    header = make_header(rs, decks, seed, players_meta, mode="simulate", rng=rng, **extra)
    game = Game(rs, header, hashing=hashing, log=keep or hashing)
    players = [
        make_player(k, computer_seed(seed, rng, i), ruleset=rs, level=level,
                    deck=[list(decks[i].part(part)) for part in rs.deck_parts])
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


@dataclass(frozen=True)
class Batch:
    """Some games of a run, as plain data (it is pickled to another process or machine)."""

    first: int  # the run's index of its first game
    seeds: tuple[int, ...]
    decks: tuple[tuple[DeckList, DeckList], ...]  # each game's two decks
    kinds: tuple[str, ...] = ("random", "random")
    level: str = "normal"
    save_dir: Path | None = None
    game: str = ""  # the ruleset id (the default game when empty): rulesets are not sent
    options: tuple[tuple[str, str], ...] = ()  # the games' header options (`--option`)


def play_batch(batch: Batch) -> list[GameResult | GameError]:
    """Play a batch's games in order; a game that raises is a GameError, never fatal."""
    _freeze_once()
    out: list[GameResult | GameError] = []
    for k, (game_seed, decks) in enumerate(zip(batch.seeds, batch.decks, strict=True)):
        keep = batch.save_dir is not None
        try:
            rs = ruleset(batch.game) if batch.game else None
            result = play_one(game_seed, decks, batch.kinds, keep=keep, hashing=keep,
                              level=batch.level, rs=rs, options=dict(batch.options))
        except Exception as exc:  # noqa: BLE001 - a failing game is counted, never fatal
            out.append(GameError(game_seed, f"seed {game_seed}: {type(exc).__name__}: {exc}"))
            continue
        if batch.save_dir is not None and result.game is not None:
            from pmtui.engine.journal import JournalWriter

            batch.save_dir.mkdir(parents=True, exist_ok=True)
            path = batch.save_dir / f"game-{batch.first + k + 1:04d}-seed{game_seed}.jsonl"
            with JournalWriter(path, result.game.header) as w:
                w.write(result.game.records[1:])
            result.game = None  # what goes back is the result, not the log
        out.append(result)
    return out


_frozen = False


def _freeze_once() -> None:
    """What is alive before the first game (the modules, the rules' tables) lives as long
    as the process: moved, once, where the garbage collector no longer scans it again and
    again while games are played."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


def plan(
    games: int,
    seed: int,
    deck_pairs: Callable[[int], tuple[DeckList, DeckList]],
    kinds: Sequence[str] = ("random", "random"),
    save_dir: Path | None = None,
    level: str = "normal",
    size: int = 1,
    game: str = "",
    options: Mapping[str, str] | None = None,
) -> list[Batch]:
    """The run cut into batches of `size` games: the per-game seeds come from `seed`
    in game order, so how the batches are spread does not change any game."""
    seeds = random.Random(seed)
    game_seeds = [seeds.randrange(2**31) for _ in range(games)]
    size = max(1, size)
    return [
        Batch(
            first=start,
            seeds=tuple(game_seeds[start : start + size]),
            decks=tuple(deck_pairs(i) for i in range(start, min(start + size, games))),
            kinds=tuple(kinds),
            level=level,
            save_dir=save_dir,
            game=game,
            options=tuple(sorted((options or {}).items())),
        )
        for start in range(0, games, size)
    ]


def batch_size(games: int, workers: int) -> int:
    """Small enough to keep every worker busy to the end and a progress bar moving,
    large enough that sending a batch costs little next to playing it."""
    return max(1, min(25, games // max(1, workers * 8)))


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run_batches(
    batches: Sequence[Batch],
    jobs: int = 1,
    done: Callable[[int], None] | None = None,
) -> list[list[GameResult | GameError]]:
    """Play batches here (`jobs` 1) or in `jobs` processes; results in batch order.
    `done(n)` is called as batches finish, with how many games they held."""
    if jobs <= 1 or len(batches) <= 1:
        results = []
        for batch in batches:
            results.append(play_batch(batch))
            if done is not None:
                done(len(batch.seeds))
        return results
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(batches)), initializer=_worker_start)
    try:
        futures = [pool.submit(play_batch, batch) for batch in batches]
        sizes = {f: len(b.seeds) for f, b in zip(futures, batches, strict=True)}
        for future in as_completed(futures):
            if done is not None:
                done(sizes[future])
        return [f.result() for f in futures]
    finally:
        # on Ctrl-C (or any error) the batches not started are dropped, not played out
        pool.shutdown(wait=True, cancel_futures=True)


def _worker_start() -> None:
    """Ctrl-C is the command's to handle: a worker finishes its batch quietly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def tally(results: Iterable[GameResult | GameError], seconds: float) -> Summary:
    """The summary of a run from its results in game order."""
    summary = Summary(seconds=seconds)
    for result in results:
        summary.games += 1
        if isinstance(result, GameError):
            summary.errors += 1
            summary.error_seeds.append(result.seed)
            summary.error_messages.append(result.message)
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
    return summary


def simulate(
    games: int,
    seed: int,
    deck_pairs: Callable[[int], tuple[DeckList, DeckList]],
    kinds: Sequence[str] = ("random", "random"),
    save_dir: Path | None = None,
    level: str = "normal",
    jobs: int = 1,
    cluster: str | None = None,
    done: Callable[[int], None] | None = None,
    ruleset: Ruleset | None = None,
    options: Mapping[str, str] | None = None,
) -> Summary:
    """Play `games` games of `ruleset`'s game (the default one without), here, in `jobs`
    processes or on a Dask cluster (`cluster`, a scheduler address): the same games and
    the same summary, timings apart."""
    workers = jobs if cluster is None else 16  # a guess: the cluster says its size later
    game = ruleset.id if ruleset is not None else ""
    batches = plan(games, seed, deck_pairs, kinds, save_dir, level, batch_size(games, workers),
                   game, options)
    start = time.perf_counter()
    if cluster is not None:
        from pmtui.cluster import run_on_cluster

        results = run_on_cluster(cluster, batches, done)
    else:
        results = run_batches(batches, jobs, done)
    return tally((r for batch in results for r in batch), time.perf_counter() - start)
