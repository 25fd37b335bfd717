"""The calibration map (pmtui/engine/calibration.py) and its fit
(benchmarks/fit_calibration.py): Platt scaling of the analysis's chances."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from pmtui.engine import calibration
from pmtui.engine.calibration import calibrated, logit, sigmoid

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import fit_calibration  # noqa: E402


def test_the_map_is_sigmoid_of_a_logit_plus_b_and_1_0_leaves_a_chance_alone() -> None:
    for p in (0.0, 0.003, 0.25, 0.5, 0.8, 1.0):
        assert calibrated(p, (1.0, 0.0)) == p  # not even clamped
    assert calibrated(0.75, (2.0, 0.0)) == pytest.approx(0.9)  # odds 3 squared: 9
    assert calibrated(0.5, (3.0, 0.4)) == pytest.approx(sigmoid(0.4))
    # 0 and 1 are clamped to EDGE: a finite, ordered result
    assert 0.0 < calibrated(0.0, (2.0, 0.0)) < calibrated(0.2, (2.0, 0.0))
    assert calibrated(1.0, (2.0, 0.0)) == pytest.approx(calibrated(0.99, (2.0, 0.0)))
    assert logit(sigmoid(1.3)) == pytest.approx(1.3)


def test_a_strategy_without_the_attribute_has_the_map_1_0() -> None:
    class Plain:
        pass

    class Fitted:
        chance_calibration = (1.5, -0.25)

    assert calibration.of(Plain()) == (1.0, 0.0)
    assert calibration.of(Fitted()) == (1.5, -0.25)


def _synthetic(ab: tuple[float, float], games: int, seed: int) -> list[str]:
    """--points lines whose results follow the map `ab` of their chances: one position a
    game (so they are independent), seat 1's in even games and seat 2's in odd ones."""
    rng = random.Random(seed)
    lines = []
    for g in range(games):
        p = rng.uniform(0.02, 0.98)
        won = float(rng.random() < calibrated(p, ab))
        lines.append(json.dumps({"game": f"g{g}", "seat": 1 + g % 2, "chance": p, "won": won}))
    return lines


@pytest.mark.parametrize("ab", [(2.0, -0.5), (0.6, 0.3)])
def test_the_fit_recovers_a_known_map_from_synthetic_points(ab: tuple[float, float]) -> None:
    games = fit_calibration.read_points(_synthetic(ab, 3000, 7))
    a, b = fit_calibration.fit_map(games)
    assert a == pytest.approx(ab[0], abs=0.2) and b == pytest.approx(ab[1], abs=0.15)
    # the held-out chances of the two folds are the games' own, mapped: every game once
    held, maps = fit_calibration.cross_validated(games, 1)
    assert all(abs(x - ab[0]) < 0.3 for x, _ in maps)  # each half alone comes near
    assert sorted(g[0] for g in held) == sorted(g[0] for g in games)
    assert fit_calibration.log_loss(held) < fit_calibration.log_loss(games)
