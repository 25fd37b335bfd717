"""Fit a strategy's calibration map (pmtui/engine/calibration.py) to the positions
`calibrate_analysis.py --points` wrote, and show how it does on games it was not fitted on.

    python benchmarks/calibrate_analysis.py --game G --games 200 --seed 1 \\
        --per-seat 4 --level normal --jobs 2 --points G.jsonl
    python benchmarks/fit_calibration.py G.jsonl [--seed 1]

(a, b) maximise the likelihood of the positions' results under
p' = sigmoid(a · logit(p) + b) (Newton's method, benchmarks/logistic.py; a draw counts as
half a win). Two-fold cross-validation by game: the games are split in two halves by a
seeded shuffle (positions of one game share its result, so they never straddle the
halves), the map is fitted on one half and the other half's chances are put through it,
and the reverse. Prints one row a band (calibrate_analysis.py's bands): the positions
and the share won without the map, then the same for the pooled held-out chances with
their 95 % interval from resampling the games, the mean log loss of both, and (a, b)
fitted on all the games: the pair to write into the ruleset's strategy as
`chance_calibration`.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from calibrate_analysis import Found, mapped, pct, table  # noqa: E402
from logistic import fit  # noqa: E402

from pmtui.engine import calibration  # noqa: E402


def read_points(lines: Iterable[str]) -> list[Found]:
    """The games of --points lines (game, seat 1 or 2, chance, won), in file order."""
    games: dict[str, tuple[float, list[tuple[int, float]]]] = {}
    for line in lines:
        if not line.strip():
            continue
        p: Mapping[str, Any] = json.loads(line)
        seat = int(p["seat"]) - 1
        won0 = float(p["won"]) if seat == 0 else 1.0 - float(p["won"])
        games.setdefault(str(p["game"]), (won0, []))[1].append((seat, float(p["chance"])))
    return [(name, won0, found) for name, (won0, found) in games.items()]


def fit_map(games: Sequence[Found]) -> calibration.Calibration:
    """(a, b) by maximum likelihood over the games' positions."""
    rows = [([1.0, calibration.logit(chance)], won0 if seat == 0 else 1.0 - won0)
            for _, won0, found in games for seat, chance in found]
    b, a = fit(rows, l2=1e-6, rounds=25)  # a whisper of ridge: a degenerate half still solves
    return a, b


def cross_validated(games: Sequence[Found], seed: int
                    ) -> tuple[list[Found], list[calibration.Calibration]]:
    """Every game once, its chances through the map fitted on the other half; the two
    halves' maps."""
    order = sorted(games, key=lambda g: g[0])
    random.Random(f"folds|{seed}").shuffle(order)
    halves = order[: len(order) // 2], order[len(order) // 2:]
    maps = [fit_map(halves[0]), fit_map(halves[1])]
    return [*mapped(halves[1], maps[0]), *mapped(halves[0], maps[1])], maps


def log_loss(games: Sequence[Found]) -> float:
    total, n = 0.0, 0
    for _, won0, found in games:
        for seat, chance in found:
            won = won0 if seat == 0 else 1.0 - won0
            p = min(1.0 - 1e-6, max(1e-6, chance))
            total -= won * math.log(p) + (1.0 - won) * math.log(1.0 - p)
            n += 1
    return total / max(1, n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/fit_calibration.py",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("points", type=Path, help="a file calibrate_analysis.py --points wrote")
    ap.add_argument("--seed", type=int, default=1, help="the folds' and resamples' seed")
    args = ap.parse_args(argv)
    try:
        games = read_points(args.points.read_text(encoding="utf-8").splitlines())
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"fit_calibration: cannot read {args.points}: {exc}", file=sys.stderr)
        return 2
    if len(games) < 2:
        print(f"fit_calibration: {args.points} holds {len(games)} game(s); two halves "
              "need at least 2", file=sys.stderr)
        return 2
    held, maps = cross_validated(games, args.seed)
    positions = sum(len(f) for _, _, f in games)
    print(f"{len(games)} games, {positions} positions; mean log loss without the map "
          f"{log_loss(games):.3f}, with it (held out) {log_loss(held):.3f}\n")
    print("| predicted | without the map: positions (games) | won | with it, held out: "
          "positions (games) | won | 95 % interval |")
    print("| --- | --- | --- | --- | --- | --- |")
    for r, h in zip(table(games, args.seed), table(held, args.seed), strict=True):
        interval = "–" if h["low"] is None else f"{pct(h['low'])} – {pct(h['high'])}"
        print(f"| {r['band']} | {r['positions']} ({r['games']}) | {pct(r['won'])} | "
              f"{h['positions']} ({h['games']}) | {pct(h['won'])} | {interval} |")
    a, b = fit_map(games)
    print("\nFitted on each half: " + ", ".join(f"({x:.3f}, {y:.3f})" for x, y in maps))
    print(f"Fitted on all {len(games)} games: chance_calibration = ({a:.3f}, {b:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
