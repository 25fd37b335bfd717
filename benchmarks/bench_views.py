"""What a player's view costs with the ruleset's derived card values (card_view) and
without them, over the golden Precious Memories games.

    python benchmarks/bench_views.py [--repeat 3] [--json]

The states after every decision of saves/*.jsonl are folded once; then
`view(ruleset, state, player)` is built for both players at each of them, first
as is, then with `card_view` answering nothing (what the view cost before the
derived values). Prints microseconds per view (best of --repeat rounds).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pmtui.engine.journal import read_journal  # noqa: E402
from pmtui.engine.replay import ReplayCursor  # noqa: E402
from pmtui.engine.views import view  # noqa: E402
from pmtui.table.games import ruleset  # noqa: E402


def states() -> list:
    out = []
    for path in sorted((ROOT / "saves").glob("*.jsonl")):
        loaded = read_journal(path)
        if loaded.header.get("ruleset", "precious_memories") != "precious_memories":
            continue
        cur = ReplayCursor(loaded.header, [dict(r) for r in loaded.records])
        out.extend(cur.state_at(step) for step in cur.decision_steps)
    return out


def per_view(rs: object, sts: list, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for st in sts:
            view(rs, st, 0)
            view(rs, st, 1)
        best = min(best, time.perf_counter() - t0)
    return best / (2 * len(sts)) * 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rs = ruleset("precious_memories")
    sts = states()
    with_values = per_view(rs, sts, args.repeat)
    real = rs.card_view
    rs.card_view = lambda state, uid, player: {}  # type: ignore[method-assign]
    try:
        without = per_view(rs, sts, args.repeat)
    finally:
        rs.card_view = real  # type: ignore[method-assign]
    result = {"states": len(sts), "us_per_view": round(with_values, 1),
              "us_per_view_without_card_view": round(without, 1)}
    print(json.dumps(result) if args.json else
          f"{len(sts)} states: {with_values:.1f} µs per view with card_view, "
          f"{without:.1f} µs without")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
