"""Is the analysis's chance to win a chance? Heuristic-against-heuristic games, each
seat's decisions analysed from its own view, the chances after them put in 10-point
bands against how often that seat went on to win.

    python benchmarks/calibrate_analysis.py --game pso --games 20 [--seed 1]
        [--level easy] [--jobs 2]

Plays the games with `pmtui simulate` (the built-in decks in rotation, saves in a
temporary folder), analyses both seats of each with `pmtui.table.analysis`, and prints
one row a band: the positions in it, the share of them whose seat won, as a table for
docs/ai.md. Drawn games count as half a win.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine.journal import read_journal  # noqa: E402
from pmtui.engine.replay import ReplayCursor  # noqa: E402
from pmtui.table.analysis import Settings, analyse  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="precious_memories")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    bands = {b: [0, 0.0] for b in range(10)}  # band -> positions, wins
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pmtui", "simulate", "--game", args.game,
                        "--games", str(args.games), "--seed", str(args.seed),
                        "--p1", "heuristic", "--p2", "heuristic", "--save-dir", tmp,
                        "--jobs", str(args.jobs), "--json"], check=True,
                       stdout=subprocess.DEVNULL)
        for save in sorted(Path(tmp).glob("*.jsonl")):
            loaded = read_journal(save)
            cursor = ReplayCursor(loaded.header, loaded.records)
            over = cursor.state_at(len(cursor)).vars.get("over") or {}
            if not over:
                continue
            for seat in (0, 1):
                won = 0.5 if over.get("winner") is None else float(over["winner"] == seat)
                result = analyse(save, Settings(seat, args.level, args.seed),
                                 jobs=args.jobs, use_cache=False)
                for p in result.points:
                    band = min(9, int(p.after * 10))
                    bands[band][0] += 1
                    bands[band][1] += won
    rows = [{"band": f"{b * 10}-{b * 10 + 10} %", "positions": n,
             "won": round(100 * w / n, 1) if n else None} for b, (n, w) in bands.items()]
    print("| predicted | positions | their seat won |")
    print("| --- | --- | --- |")
    for r in rows:
        won = "–" if r["won"] is None else f"{r['won']} %"
        print(f"| {r['band']} | {r['positions']} | {won} |")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
