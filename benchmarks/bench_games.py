"""Random-vs-random full games per second on one core, and decisions per second.

    python benchmarks/bench_games.py [--games N] [--seed S]

Plays N games between two random players (the same per-game seeds and the
built-in decks in rotation, as `pmtui simulate`), in this one process, timed
with time.perf_counter. Three rows:

- play:          a game as `pmtui simulate` plays it (no state hashes)
- play + hashes: a game as it is saved (a state hash after every event)
- verify:        re-executing a saved game's log and comparing (`pmtui verify`)

Target (docs/BENCHMARKS.md): >= 100 games/s for "play", goal 300.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine import Game  # noqa: E402
from pmtui.games import builtin_decks, load_deck, ruleset  # noqa: E402
from pmtui.simulate import play_one  # noqa: E402


def _best(repeat: int, body: Callable[[], None]) -> float:
    """The fastest of `repeat` timed runs (the least disturbed by other load)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        body()
        best = min(best, time.perf_counter() - start)
    return best


def run(games: int, hash_games: int, seed: int, repeat: int) -> list[tuple[str, int, float, int]]:
    rs = ruleset()
    decks = [load_deck(n, rs) for n in builtin_decks()]
    pairs = list(itertools.product(decks, repeat=2))
    seeds = random.Random(seed)
    plan = [(seeds.randrange(2**31), pairs[i % len(pairs)]) for i in range(games)]
    play_one(1, pairs[0])  # warm up imports and caches

    def play(n: int, hashing: bool) -> list[Game]:
        return [play_one(s, pair, keep=True, hashing=hashing).game for s, pair in plan[:n]]

    def count(gs: list[Game]) -> tuple[int, int]:
        dec = sum(1 for g in gs for r in g.records if r["type"] == "decision")
        ev = sum(1 for g in gs for r in g.records if r["type"] == "event")
        return dec, ev

    rows = []
    secs = _best(repeat, lambda: play(games, False))
    rows.append(("play", games, secs, *count(play(games, False))))
    saved = play(hash_games, True)
    secs = _best(repeat, lambda: play(hash_games, True))
    rows.append(("play + hashes", hash_games, secs, *count(saved)))

    def verify() -> None:
        for g in saved:
            Game.from_records(rs, g.header, g.records[1:], verify=True)

    rows.append(("verify", hash_games, _best(repeat, verify), *count(saved)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--hash-games", type=int, default=100, help="games for the other rows")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs per row")
    args = ap.parse_args()
    rows = run(args.games, args.hash_games, args.seed, args.repeat)
    print(
        f"python benchmarks/bench_games.py --games {args.games} --hash-games {args.hash_games} "
        f"--seed {args.seed} --repeat {args.repeat}"
    )
    print(f"python {platform.python_version()}, {platform.machine()}, one process (one core)")
    print()
    head = ("games", "seconds", "games/s", "decisions/s", "events/s", "ms/game")
    print(
        f"{'':<14} {head[0]:>6} {head[1]:>8} {head[2]:>8} {head[3]:>12} {head[4]:>9} {head[5]:>8}"
    )
    for name, n, secs, dec, ev in rows:
        print(
            f"{name:<14} {n:>6} {secs:>8.2f} {n / secs:>8.1f} {dec / secs:>12.0f} "
            f"{ev / secs:>9.0f} {1000 * secs / n:>8.2f}"
        )


if __name__ == "__main__":
    main()
