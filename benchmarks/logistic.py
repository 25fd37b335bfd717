"""Logistic regression by Newton's method, for the benchmarks that fit a model to
heuristic games (fit_pso_eval.py and fit_cm_eval.py: a search player's evaluation;
fit_calibration.py: a strategy's calibration map). Plain Python: the fits are small and
numpy is not a dependency."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

Row = tuple[list[float], float]  # features (the first a constant 1), outcome in [0, 1]


def predict(w: list[float], x: list[float]) -> float:
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
            p = predict(w, x)
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
        if max(abs(d) for d in step) < 1e-9:  # converged: further rounds change nothing
            break
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


def report(name: str, probs: list[float], rows: list[Row]) -> None:
    right = sum((p > 0.5) == (y > 0.5) for p, (_, y) in zip(probs, rows, strict=True))
    print(f"{name}: names the winner of {100 * right / len(rows):.1f} % of "
          f"{len(rows)} held-out positions")


def fit_evaluation(rows: list[Row], old_name: str, old: Callable[[list[float]], float],
                   current: Sequence[float], per_side: int) -> None:
    """Fit on three quarters of `rows` (shuffled, seed 0), report the fit, the evaluation
    it would replace (`old`, a score in [-1, 1]) and the weights in the code on the rest,
    then print the weights fitted on all rows as the strategy writes them (a bias, then
    `per_side` weights for the player to move and the rest for the other)."""
    random.Random(0).shuffle(rows)
    cut = len(rows) * 3 // 4
    w = fit(rows[:cut])
    held = rows[cut:]
    report("logistic model", [predict(w, x) for x, _ in held], held)
    report(old_name, [(old(x) + 1) / 2 for x, _ in held], held)
    report("weights in the code", [predict(list(current), x) for x, _ in held], held)
    w = fit(rows)
    print(f"EVAL_BIAS = {w[0]:.4f}")
    print(f"EVAL_MOVER = ({', '.join(f'{v:.4f}' for v in w[1:1 + per_side])})")
    print(f"EVAL_OTHER = ({', '.join(f'{v:.4f}' for v in w[1 + per_side:])})")
