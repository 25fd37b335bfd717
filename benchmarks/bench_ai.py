"""Decision times of the computer players (p50 / p95 / max), per level.

    python benchmarks/bench_ai.py [--games N] [--level normal] [--game ID]

Plays search-vs-heuristic games and times every decision the search player
takes (trivial single-option decisions included, as a player would feel them): on
the clock, and in the processor time of the thread that thinks, which is what a
level's budget counts (docs/ai.md); on a busy machine the clock's figure grows up to
the budget's cap on the clock.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pmtui.ai import make_player
from pmtui.engine import Game, view
from pmtui.table.games import DEFAULT_RULESET, builtin_decks, load_deck, make_header, ruleset


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--game", default=DEFAULT_RULESET, help="which game (an installed id)")
    args = ap.parse_args()
    rs = ruleset(args.game)
    decks = [load_deck(n, rs) for n in builtin_decks(rs)[:2]]
    times: list[float] = []
    cpu: list[float] = []
    for seed in range(args.games):
        header = make_header(rs, decks, seed, [{"name": "s"}, {"name": "h"}], "bench")
        game = Game(rs, header, hashing=False)
        search = make_player(
            "search", seed, level=args.level,
            deck=tuple(list(decks[0].part(p)) for p in rs.deck_parts), ruleset=rs
        )
        other = make_player("heuristic", seed, ruleset=rs)
        while (d := game.pending()) is not None:
            v = view(rs, game.state, d.player)
            if d.player == 0:
                t0, c0 = time.perf_counter(), time.thread_time()
                choice = search.choose(v, d)
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            else:
                choice = other.choose(v, d)
            game.act(choice)
    for name, xs in (("clock", times), ("processor", cpu)):
        xs.sort()
        p95 = xs[int(len(xs) * 0.95)]
        p50 = statistics.median(xs) * 1000
        print(
            f"level {args.level}, {name}: {len(xs)} decisions, p50 {p50:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms, max {xs[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
