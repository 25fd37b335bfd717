"""Random-vs-random full games per second on one core, and decisions per second.

    python benchmarks/bench_games.py [--games N] [--seed S] [--rng legacy|hmac-sha256]

Plays N games between two random players (the same per-game seeds and the
built-in decks in rotation, as `pmtui simulate`), in this one process, timed
with time.perf_counter. Three rows:

- play:          a game as `pmtui simulate` plays it (no state hashes)
- play + hashes: a game as it is saved (the hash chain and state digests)
- verify:        re-executing a saved game's log and comparing (`pmtui verify`)

Target (docs/BENCHMARKS.md): >= 100 games/s for "play", goal 300.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine import Game  # noqa: E402
from pmtui.table.games import builtin_decks, load_deck, ruleset  # noqa: E402
from pmtui.table.simulate import play_one  # noqa: E402


def _best(repeat: int, body: Callable[[], None]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of the fastest of `repeat` runs (the least
    disturbed by other load). CPU time (time.process_time) leaves out the time
    other processes held the core, so it is the steadier figure on a busy machine."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        body()
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    return best


def run(games: int, hash_games: int, seed: int, repeat: int,
        rng: str = "legacy") -> list[tuple[Any, ...]]:
    rs = ruleset()
    decks = [load_deck(n, rs) for n in builtin_decks()]
    pairs = list(itertools.product(decks, repeat=2))
    seeds = random.Random(seed)
    # the keyed derivation gets 128-bit seeds, as new games have (docs/engine.md)
    top = 2**31 if rng == "legacy" else 2**128
    plan = [(seeds.randrange(top), pairs[i % len(pairs)]) for i in range(games)]
    play_one(1, pairs[0])  # warm up imports and caches

    def play(n: int, hashing: bool) -> int:
        """Play the first n games, keeping none of them (as `simulate` does)."""
        return sum(play_one(s, pair, hashing=hashing, rng=rng).decisions for s, pair in plan[:n])

    def events(n: int) -> int:
        """Events in the first n games (counted apart, not timed)."""
        total = 0
        for s, pair in plan[:n]:
            game = play_one(s, pair, keep=True, rng=rng).game
            total += sum(1 for r in game.records if r["type"] == "event")
        return total

    rows = []
    secs = _best(repeat, lambda: play(games, False))
    rows.append(("play", games, *secs, play(games, False), events(games)))
    secs = _best(repeat, lambda: play(hash_games, True))
    rows.append(("play + hashes", hash_games, *secs, play(hash_games, False), events(hash_games)))
    saved = [play_one(s, pair, keep=True, hashing=True, rng=rng).game
             for s, pair in plan[:hash_games]]
    gc.collect()
    gc.freeze()  # the saved logs are not garbage: keep the collector off them

    def verify() -> None:
        for g in saved:
            Game.from_records(rs, g.header, g.records[1:], verify=True)

    rows.append(("verify", hash_games, *_best(repeat, verify), *rows[1][4:]))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--hash-games", type=int, default=100, help="games for the other rows")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs per row")
    ap.add_argument("--rng", default="legacy", choices=("legacy", "hmac-sha256"),
                    help="the seed's derivation (new secret games use hmac-sha256)")
    args = ap.parse_args()
    before = _load()
    rows = run(args.games, args.hash_games, args.seed, args.repeat, args.rng)
    print(
        f"python benchmarks/bench_games.py --games {args.games} --hash-games {args.hash_games} "
        f"--seed {args.seed} --repeat {args.repeat} --rng {args.rng}"
    )
    print(f"python {platform.python_version()}, {platform.machine()}, one process (one core)")
    print()
    print(f"load average before: {before}")
    print()
    head = ("games", "wall s", "games/s", "decisions/s", "events/s", "ms/game", "CPU games/s")
    print(f"{'':<14} " + " ".join(f"{h:>{max(len(h), 8)}}" for h in head))
    for name, n, wall, cpu, dec, ev in rows:
        cells = (n, f"{wall:.2f}", f"{n / wall:.1f}", f"{dec / wall:.0f}", f"{ev / wall:.0f}",
                 f"{1000 * wall / n:.2f}", f"{n / cpu:.1f}")
        row = (f"{c:>{max(len(h), 8)}}" for c, h in zip(cells, head, strict=True))
        print(f"{name:<14} " + " ".join(row))
    print(f"load average after: {_load()}")


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
