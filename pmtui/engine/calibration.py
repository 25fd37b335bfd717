"""A strategy's calibration: its playouts' chances to win mapped onto how often such
positions are won.

A ruleset's `Strategy` may carry `chance_calibration = (a, b)`: a chance p becomes
sigmoid(a · logit(p) + b) (Platt scaling on the log-odds). a > 1 spreads timid chances
out from the middle, a < 1 pulls over-sure ones in, b shifts them all. Without the
attribute the map is (1, 0), the chances unchanged: a new game needs nothing. The
analysis (pmtui/table/analysis.py) applies it to every chance it reports; the pair is
fitted by `benchmarks/fit_calibration.py` (docs/ai.md, "Calibration").
"""

from __future__ import annotations

import math

Calibration = tuple[float, float]  # (a, b)
UNCHANGED: Calibration = (1.0, 0.0)
# a chance of 0 or 1 from a dozen playouts is no certainty: clamped this far inside
# before its log-odds are taken (the fit sees the same clamp, so a and b allow for it)
EDGE = 0.01


def of(strategy: object) -> Calibration:
    """The strategy's (a, b), (1, 0) when it has none."""
    a, b = getattr(strategy, "chance_calibration", UNCHANGED)
    return float(a), float(b)


def logit(p: float) -> float:
    """The log-odds of `p`, clamped to [EDGE, 1 - EDGE] first."""
    p = min(1.0 - EDGE, max(EDGE, p))
    return math.log(p / (1.0 - p))


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def calibrated(p: float, ab: Calibration) -> float:
    """`p` through the map; (1, 0) returns it as it is (not even clamped)."""
    if ab == UNCHANGED:
        return p
    a, b = ab
    return sigmoid(a * logit(p) + b)
