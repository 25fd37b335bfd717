"""The search player: playouts per decision, decision time and strength.

    python benchmarks/bench_search.py [--cpu-only] playouts [--positions N] [--level normal]
    python benchmarks/bench_search.py [--cpu-only] match --a normal --b heuristic [--games N]
        [--scale S]

playouts: plays heuristic-vs-heuristic games and, at each decision the search
player would search, lets a search player of `--level` choose (the game goes
on with the heuristic's choice, so every run sees the same positions). Prints
how many playouts it made per searched decision (mean, p50) and its decision
time (p50, p95, max), every decision it was asked counted, trivial ones too:
on the clock and in the thread's processor time (what the budget counts, so
the figure a loaded machine does not inflate). With PYTHONPATH pointing at an
older commit it measures that commit's player the same way.

match: `--a` against `--b` (a search level: easy, normal, hard; or heuristic,
random), seats alternated game by game, the built-in decks in rotation;
`--scale` multiplies every search budget (0.2: a fifth of the thinking time,
for a quicker run: the same ratio between levels). Prints A's wins, B's wins,
draws and A's share with a 95 % interval.

--cpu-only (before the command) counts the budgets in the thread's processor
time alone, without the cap on the clock: on a loaded machine the cap would
cut the thinking short (an older commit without the cap is unaffected).
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# this checkout's pmtui, unless PYTHONPATH names another (an older commit to compare with)
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.ai import make_player  # noqa: E402
from pmtui.ai import search as search_module  # noqa: E402
from pmtui.ai.search import LEVELS, SearchPlayer  # noqa: E402
from pmtui.engine import Game, view  # noqa: E402

try:
    from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset
except ImportError:  # a commit from before pmtui/table (PYTHONPATH=older tree): its home then
    from pmtui.games import builtin_decks, load_deck, make_header, ruleset  # type: ignore


def _deck_parts(deck: Any) -> list[list[str]]:
    """The deck's parts in the ruleset's order (an older commit's deck: main and ex)."""
    if hasattr(deck, "part"):
        return [list(deck.part(name)) for name in ruleset().deck_parts]
    return [list(deck.main), list(deck.ex)]


def playouts(positions: int, level: str, seed: int) -> None:
    rs = ruleset()
    decks = [load_deck(n, rs) for n in builtin_decks()[:2]]
    counts: list[int] = []
    times: list[float] = []
    cpu: list[float] = []
    game_seed = seed
    while len(counts) < positions:
        header = make_header(rs, decks, game_seed, [{"name": "s"}, {"name": "h"}], "bench")
        game = Game(rs, header, hashing=False)
        search = make_player("search", game_seed, ruleset=rs, level=level,
                             deck=_deck_parts(decks[0]))
        heuristic = [make_player("heuristic", game_seed + p, ruleset=rs) for p in (0, 1)]
        made = [0]
        rollout = search._rollout

        def counted(*args: Any, _rollout: Any = rollout, made: list[int] = made) -> float:
            made[0] += 1
            return _rollout(*args)

        search._rollout = counted
        while (d := game.pending()) is not None and len(counts) < positions:
            v = view(rs, game.state, d.player)
            if d.player == 0:
                made[0] = 0
                t0, c0 = time.perf_counter(), time.thread_time()
                search.choose(v, d)
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
                if made[0]:
                    counts.append(made[0])
            # a fresh view: a search may have written into the one it was given
            game.act(heuristic[d.player].choose(view(rs, game.state, d.player), d))
        game_seed += 1
    print(
        f"level {level} ({LEVELS[level]} s): {len(counts)} searched decisions, playouts per "
        f"decision mean {statistics.mean(counts):.1f}, p50 {statistics.median(counts):.0f}; "
        f"decision time over {len(times)} decisions: clock {_spread(times)}; "
        f"thread CPU {_spread(cpu)}"
    )


def _spread(seconds: list[float]) -> str:
    s = sorted(seconds)
    return (f"p50 {statistics.median(s) * 1000:.1f} ms, p95 {s[int(len(s) * 0.95)] * 1000:.1f} ms,"
            f" max {s[-1] * 1000:.1f} ms")


def _player(kind: str, seed: int, deck: Any, scale: float) -> Any:
    if kind in LEVELS:
        return SearchPlayer(seed=seed, ruleset=ruleset(), level=kind, deck=_deck_parts(deck),
                            budget=LEVELS[kind] * scale)
    return make_player(kind, seed, ruleset=ruleset())


def match(a: str, b: str, games: int, scale: float, seed: int) -> None:
    rs = ruleset()
    decks = [load_deck(n, rs) for n in builtin_decks()]
    pairs = list(itertools.product(decks, repeat=2))
    wins = {"a": 0, "b": 0, "draw": 0}
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        pair = pairs[g % len(pairs)]
        a_seat = g % 2  # seats alternate
        kinds = (a, b) if a_seat == 0 else (b, a)
        header = make_header(rs, pair, game_seed, [{"name": k} for k in kinds], "bench")
        game = Game(rs, header, hashing=False)
        players = [_player(k, game_seed * 2 + i, pair[i], scale) for i, k in enumerate(kinds)]
        while (d := game.pending()) is not None:
            game.act(players[d.player].choose(view(rs, game.state, d.player), d))
        winner = (game.over or {}).get("winner")
        wins["draw" if winner is None else ("a" if winner == a_seat else "b")] += 1
        print(f"game {g + 1}/{games}: {wins}", file=sys.stderr, flush=True)
    n = max(1, wins["a"] + wins["b"])
    share = wins["a"] / n
    half = 1.96 * math.sqrt(share * (1 - share) / n)
    print(
        f"{a} vs {b}, {games} games (seats alternated, budget x{scale}): {a} {wins['a']}, "
        f"{b} {wins['b']}, draws {wins['draw']}; {a} wins {100 * share:.1f} % "
        f"(95 % interval {100 * (share - half):.1f}-{100 * (share + half):.1f} %), "
        f"{time.perf_counter() - start:.0f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpu-only", action="store_true",
                    help="budgets in the thread's processor time alone, without the cap on "
                         "the clock (for a loaded machine)")
    sub = ap.add_subparsers(dest="what", required=True)
    po = sub.add_parser("playouts")
    po.add_argument("--positions", type=int, default=60)
    po.add_argument("--level", default="normal", choices=sorted(LEVELS))
    po.add_argument("--seed", type=int, default=1)
    ma = sub.add_parser("match")
    ma.add_argument("--a", default="normal")
    ma.add_argument("--b", default="heuristic")
    ma.add_argument("--games", type=int, default=200)
    ma.add_argument("--scale", type=float, default=1.0)
    ma.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.cpu_only:  # no cap on the clock: a loaded machine slows the run, not the play
        search_module.WALL_CAP = math.inf  # type: ignore[attr-defined]
    if args.what == "playouts":
        playouts(args.positions, args.level, args.seed)
    else:
        match(args.a, args.b, args.games, args.scale, args.seed)


if __name__ == "__main__":
    main()
