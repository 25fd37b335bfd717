"""Fit the PSO search player's evaluation: a logistic model of "the player whose turn
starts wins", on positions of heuristic-against-heuristic games.

    python benchmarks/fit_pso_eval.py [--games 1500] [--seed 10000]

Plays `--games` games between two heuristic players (the built-in PSO decks in
rotation, both seats), records each side's board (`rulesets.pso.strategy._features`)
at the start of every turn, once the turn's card is drawn (where the search player's
playouts stop and evaluate), and whether the player to move went on to win. Fits the
model by Newton's method on three quarters of the positions, reports how often it
names the winner of the other quarter (and the log loss) beside the evaluation it
replaced and the weights now in the code, then fits all positions and prints the
weights to paste into rulesets/pso/strategy.py (EVAL_BIAS, EVAL_MOVER, EVAL_OTHER).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from logistic import Row, fit_evaluation  # noqa: E402

from pmtui.ai import make_player  # noqa: E402
from pmtui.engine.game import Game  # noqa: E402
from pmtui.engine.views import LazyView  # noqa: E402
from pmtui.table.games import make_header, ruleset  # noqa: E402
from rulesets.pso.strategy import EVAL_BIAS, EVAL_MOVER, EVAL_OTHER, _features  # noqa: E402

# the model now in rulesets/pso/strategy.py, to see how it fares on today's cards
CURRENT = [EVAL_BIAS, *EVAL_MOVER, *EVAL_OTHER]


def positions(games: int, seed: int) -> list[Row]:
    rs = ruleset("pso")
    decks = [rs.load_deck(n) for n in rs.builtin_decks()]
    rows: list[Row] = []
    for g in range(games):
        pair = (decks[g % len(decks)], decks[(g // len(decks)) % len(decks)])
        header = make_header(rs, pair, seed + g, [{"name": "1"}, {"name": "2"}], "simulate")
        game = Game(rs, header)
        players = [make_player("heuristic", 7 * g + i, ruleset=rs) for i in range(2)]
        seen: list[tuple[list[float], int]] = []
        turn = None
        while (d := game.pending()) is not None:
            v = game.state.vars
            if v.get("turn") != turn and v.get("phase") == "main":
                turn, mover = v["turn"], v["ap"]
                seen.append(([1.0, *_features(game.state, rs.pool, mover),
                              *_features(game.state, rs.pool, 1 - mover)], mover))
            game.act(players[d.player].choose(LazyView(rs, game.state, d.player), d),
                     d.player)
        winner = (game.over or {}).get("winner")
        rows += [(x, 0.5 if winner is None else float(winner == mover)) for x, mover in seen]
    return rows


def _old(x: list[float]) -> float:
    """The evaluation the model replaced: Monsters, HP (characters' at 0.4), cards."""
    def side(f: list[float]) -> float:
        return 30 * f[0] + 100 * f[1] + 40 * f[2] + 4 * f[4]
    a, b = side(x[1:9]), side(x[9:17])
    return (a - b) / (a + b + 1)



def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/fit_pso_eval.py")
    ap.add_argument("--games", type=int, default=1500, help="heuristic games to learn from")
    ap.add_argument("--seed", type=int, default=10000, help="the first game's seed")
    args = ap.parse_args(argv)
    rows = positions(args.games, args.seed)
    fit_evaluation(rows, "old evaluation", _old, CURRENT, len(EVAL_MOVER))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
