"""Fit the Clockwork Memorion search player's evaluation: a logistic model of "the
player whose turn it is wins", on positions of heuristic-against-heuristic games.

    python benchmarks/fit_cm_eval.py [--games 1500] [--seed 20000] [--jobs 2]

Plays `--games` games between two heuristic players (the built-in decks in rotation,
both seats) and records each side's position
(`rulesets.clockwork_memorion.strategy.features`) at the first decision of every turn,
once its Stand-up and Draw are done (where the search player's playouts stop and
evaluate), with whether the player to move went on to win. Fits the model on three
quarters of the positions, reports how often it names the winner of the other quarter
beside the leaf score it replaced and the weights now in the code, then fits all
positions and prints the weights to paste into rulesets/clockwork_memorion/strategy.py
(EVAL_BIAS, EVAL_MOVER, EVAL_OTHER).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from logistic import Row, fit_evaluation  # noqa: E402

from pmtui.ai import make_player  # noqa: E402
from pmtui.engine.game import Game  # noqa: E402
from pmtui.engine.views import LazyView  # noqa: E402
from pmtui.table.games import make_header, ruleset  # noqa: E402
from rulesets.clockwork_memorion.strategy import (  # noqa: E402
    EVAL_BIAS,
    EVAL_MOVER,
    EVAL_OTHER,
    features,
)

CURRENT = [EVAL_BIAS, *EVAL_MOVER, *EVAL_OTHER]
K = len(EVAL_MOVER)


def game_rows(g: int, seed: int) -> list[Row]:
    rs = ruleset("clockwork_memorion")
    decks = [rs.load_deck(n) for n in rs.builtin_decks()]
    pair = (decks[g % len(decks)], decks[(g // len(decks)) % len(decks)])
    header = make_header(rs, pair, seed + g, [{"name": "1"}, {"name": "2"}], "simulate")
    game = Game(rs, header)
    players = [make_player("heuristic", 7 * g + i, ruleset=rs) for i in range(2)]
    seen: list[tuple[list[float], int]] = []
    turn = None
    while (d := game.pending()) is not None:
        v = game.state.vars
        if v.get("turn") != turn and v.get("phase") not in (None, "setup"):
            turn, mover = v["turn"], int(v["ap"])
            seen.append(([1.0, *features(game.state, rs.pool, mover),
                          *features(game.state, rs.pool, 1 - mover)], mover))
        game.act(players[d.player].choose(LazyView(rs, game.state, d.player), d), d.player)
    winner = (game.over or {}).get("winner")
    return [(x, 0.5 if winner is None else float(winner == mover)) for x, mover in seen]


def positions(games: int, seed: int, jobs: int) -> list[Row]:
    if jobs <= 1:
        return [r for g in range(games) for r in game_rows(g, seed)]
    with ProcessPoolExecutor(jobs) as pool:
        return [r for rows in pool.map(game_rows, range(games), [seed] * games, chunksize=20)
                for r in rows]


def _old(x: list[float]) -> float:
    """The leaf score the model replaced: Life, Power and half of Mind, 150 a card in
    hand, 100 a counter, 400 a deified Ruler; one side's worth against the other's."""
    def worth(f: list[float]) -> float:
        return 100 * (f[0] + f[2] + f[3] / 2) + 150 * f[6] + 100 * f[7] + 400 * f[8]
    return max(-1.0, min(1.0, (worth(x[1:1 + K]) - worth(x[1 + K:])) / 4000))



def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/fit_cm_eval.py")
    ap.add_argument("--games", type=int, default=1500, help="heuristic games to learn from")
    ap.add_argument("--seed", type=int, default=20000, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play in")
    args = ap.parse_args(argv)
    rows = positions(args.games, args.seed, args.jobs)
    fit_evaluation(rows, "old leaf score", _old, CURRENT, K)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
