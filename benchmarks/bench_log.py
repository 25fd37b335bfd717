"""What the log in words costs a table as the game grows (`LocalTable.log_for`).

    python benchmarks/bench_log.py [--game precious_memories] [--seed 7] [--json]

Plays one game at a table (a person playing at random, who undoes now and then,
against the random computer), and after every decision asks each reader's log
(both seats and a spectator, named as the game screen names them) as the log panel
does, timing each call's CPU. Prints microseconds per call, by how long the log
was (records), and the whole game's total. Run it with another tree first on
PYTHONPATH to compare (the game is the same: log_for changes nothing in it).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # another tree's code first on PYTHONPATH stays first
    sys.path.append(str(ROOT))

from pmtui.engine.game import Game  # noqa: E402
from pmtui.table.games import ruleset  # noqa: E402
from pmtui.table.session import LocalTable, new_game_header  # noqa: E402

NAMES = ("You", "CPU")
BANDS = ((0, 150), (150, 300), (300, 600), (600, 10**9))


def run(game_id: str, seed: int) -> dict[str, object]:
    header, seats = new_game_header(seed, vs="computer", game=game_id, level="easy")
    table = LocalTable(Game(ruleset(game_id), header), seats)
    rng = random.Random(seed)
    timed: list[tuple[int, float]] = []  # (records, microseconds of one call)
    for _ in range(5000):
        d = table.game.pending()
        if d is None:
            break
        if not table.is_human(d.player):
            table.step_computer()
        elif rng.random() < 0.03 and table.can_undo(d.player):
            table.undo_to_my_last(d.player)
        else:
            table.act(d.player, rng.choice(d.texts))
        n = len(table.game.records)
        for v in (0, 1, None):
            t0 = time.process_time()
            table.log_for(v, NAMES if v is not None else None)
            timed.append((n, (time.process_time() - t0) * 1e6))
    out: dict[str, object] = {"game": game_id, "seed": seed, "records": len(table.game.records),
                              "calls": len(timed), "total_ms": sum(t for _, t in timed) / 1e3}
    for lo, hi in BANDS:
        band = [t for n, t in timed if lo <= n < hi]
        if band:
            out[f"{lo}-{hi if hi < 10**9 else ''}"] = {
                "calls": len(band), "mean_us": statistics.fmean(band),
                "p50_us": statistics.median(band)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="precious_memories")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res = run(args.game, args.seed)
    if args.json:
        print(json.dumps(res))
        return
    print(f"{res['game']} seed {res['seed']}: {res['records']} records, {res['calls']} calls, "
          f"{res['total_ms']:.0f} ms of CPU in log_for")
    for key, band in res.items():
        if isinstance(band, dict):
            print(f"  records {key:>9}: {band['calls']:5d} calls, mean {band['mean_us']:8.1f} "
                  f"us, p50 {band['p50_us']:8.1f} us")


if __name__ == "__main__":
    main()
