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
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.ai import make_player  # noqa: E402
from pmtui.engine.game import Game  # noqa: E402
from pmtui.engine.views import LazyView  # noqa: E402
from pmtui.table.games import make_header, ruleset  # noqa: E402
from rulesets.pso.strategy import EVAL_BIAS, EVAL_MOVER, EVAL_OTHER, _features  # noqa: E402

Row = tuple[list[float], float]
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


def _p(w: list[float], x: list[float]) -> float:
    z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
    return 1.0 / (1.0 + math.exp(-z))


def fit(rows: list[Row], l2: float = 1e-3, rounds: int = 12) -> list[float]:
    """Logistic regression by Newton's method on standardized features (mean log loss
    plus a small ridge on every weight), returned as weights of the raw features."""
    k = len(rows[0][0])
    n = len(rows)
    mu = [0.0] + [sum(x[i] for x, _ in rows) / n for i in range(1, k)]
    sd = [1.0] + [math.sqrt(sum((x[i] - mu[i]) ** 2 for x, _ in rows) / n) or 1.0
                  for i in range(1, k)]
    data = [([(x[i] - mu[i]) / sd[i] for i in range(k)], y) for x, y in rows]
    w = [0.0] * k
    for _ in range(rounds):
        grad = [l2 * wi for wi in w]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in data:
            p = _p(w, x)
            s = p * (1 - p) / n
            for i in range(k):
                grad[i] += (p - y) * x[i] / n
                xi = s * x[i]
                row = hess[i]
                for j in range(i, k):
                    row[j] += xi * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    raw = [w[i] / sd[i] for i in range(k)]
    raw[0] = w[0] - sum(w[i] * mu[i] / sd[i] for i in range(1, k))
    return raw


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def _old(x: list[float]) -> float:
    """The evaluation the model replaced: Monsters, HP (characters' at 0.4), cards."""
    def side(f: list[float]) -> float:
        return 30 * f[0] + 100 * f[1] + 40 * f[2] + 4 * f[4]
    a, b = side(x[1:9]), side(x[9:17])
    return (a - b) / (a + b + 1)


def report(name: str, probs: list[float], rows: list[Row]) -> None:
    right = sum((p > 0.5) == (y > 0.5) for p, (_, y) in zip(probs, rows, strict=True))
    print(f"{name}: names the winner of {100 * right / len(rows):.1f} % of "
          f"{len(rows)} held-out positions")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/fit_pso_eval.py")
    ap.add_argument("--games", type=int, default=1500, help="heuristic games to learn from")
    ap.add_argument("--seed", type=int, default=10000, help="the first game's seed")
    args = ap.parse_args(argv)
    rows = positions(args.games, args.seed)
    random.Random(0).shuffle(rows)
    cut = len(rows) * 3 // 4
    w = fit(rows[:cut])
    held = rows[cut:]
    report("logistic model", [_p(w, x) for x, _ in held], held)
    report("old evaluation", [(_old(x) + 1) / 2 for x, _ in held], held)
    report("weights in the code", [_p(CURRENT, x) for x, _ in held], held)
    w = fit(rows)
    print(f"EVAL_BIAS = {w[0]:.4f}")
    print(f"EVAL_MOVER = ({', '.join(f'{v:.4f}' for v in w[1:9])})")
    print(f"EVAL_OTHER = ({', '.join(f'{v:.4f}' for v in w[9:17])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
