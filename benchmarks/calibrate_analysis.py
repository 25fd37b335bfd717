"""Is the analysis's chance to win a chance? Heuristic-against-heuristic games, a seeded
sample of each seat's decisions analysed from its own view, the chances after them put
in 10-point bands against how often that seat went on to win.

    python benchmarks/calibrate_analysis.py --game pso --games 200 [--seed 1]
        [--per-seat 3] [--level normal] [--jobs 2] [--keep DIR] [--points FILE] [--raw]

Plays the games with `pmtui simulate` (the built-in decks in rotation; saves in a
temporary folder, or in DIR with --keep), then, in --jobs processes, analyses
--per-seat decisions of each seat of each game (chosen by a seeded shuffle of the
seat's decisions that had a choice: the rule never looks at who won) with
`pmtui.table.analysis` at --level (the analysis's default, normal), the chances
through the strategy's calibration map as the analysis reports them (--raw: the
playouts' own chances, without the map). Prints one row a band: the positions in it,
the share of them whose seat won, and a 95 % interval for that share from resampling
the games (the positions of one game share its result, so counting them as
independent would make the interval too narrow). Drawn games count
as half a win; a game that did not finish is left out. --points writes each position
as a JSON line (game, seat, chance, won), the chance without the map, for fitting it
(benchmarks/fit_calibration.py).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine import calibration  # noqa: E402
from pmtui.engine.journal import read_journal  # noqa: E402
from pmtui.engine.replay import ReplayCursor  # noqa: E402
from pmtui.engine.ruleset import Ruleset  # noqa: E402
from pmtui.table.analysis import LEVEL_ROUNDS, Settings, analyse_steps, positions  # noqa: E402
from pmtui.table.games import ruleset  # noqa: E402
from pmtui.table.registry import header_ruleset  # noqa: E402

BANDS = 10
RESAMPLES = 2000


def sample_steps(rs: Ruleset, cursor: ReplayCursor, steps: list[int], seat: int, k: int,
                 rng: random.Random) -> list[int]:
    """Up to `k` of `steps` whose decision (asked again) is the seat's and had a choice,
    in a seeded shuffled order: the same for a seed, blind to the game's result."""
    order = list(steps)
    rng.shuffle(order)
    out: list[int] = []
    for step in order:
        if len(out) == k:
            break
        try:
            decision = rs.decision(cursor.state_at(step).copy())
        except (KeyError, IndexError, ValueError, AssertionError, RuntimeError):
            continue
        if decision is not None and decision.player == seat and len(decision.options) > 1:
            out.append(step)
    return sorted(out)


Found = tuple[str, float, list[tuple[int, float]]]  # name, seat 1's result, (seat, chance)


def one_game(task: tuple[str, int, str, int]) -> Found | None:
    """(the game's name, seat 1's result, [(seat, chance after)...]) for one save; None
    for a game that did not finish."""
    path, per_seat, level, seed = task
    loaded = read_journal(path)
    header, body = loaded.header, [r for r in loaded.records if r.get("type") != "header"]
    cursor = ReplayCursor(header, [dict(r) for r in body])
    over = cursor.state_at(len(body)).vars.get("over") or {}
    if not over:
        return None
    rs = ruleset(header_ruleset(header))
    name = Path(path).name
    won0 = 0.5 if over.get("winner") is None else float(over["winner"] == 0)
    found: list[tuple[int, float]] = []
    for seat in (0, 1):
        rng = random.Random(f"{seed}|{name}|{seat}")
        steps = sample_steps(rs, cursor, positions(body, seat), seat, per_seat, rng)
        points = analyse_steps(header, body, steps, Settings(seat, level, seed), rs=rs,
                               raw=True)
        found += [(seat, p.after) for p in points if p is not None]
    return name, won0, found


def band_of(chance: float) -> int:
    return min(BANDS - 1, int(chance * BANDS))


def table(games: list[Found], seed: int) -> list[dict[str, Any]]:
    """Per band: positions, won share, 95 % interval from games resampled."""
    # per game and band: (positions, wins) — the unit a resample draws
    per_game = []
    for _, won0, found in games:
        cells = [[0, 0.0] for _ in range(BANDS)]
        for seat, chance in found:
            b = band_of(chance)
            cells[b][0] += 1
            cells[b][1] += won0 if seat == 0 else 1.0 - won0
        per_game.append(cells)
    rng = random.Random(f"calibration|{seed}")
    draws: list[list[float]] = [[] for _ in range(BANDS)]
    for _ in range(RESAMPLES):
        pick = [per_game[rng.randrange(len(per_game))] for _ in per_game]
        for b in range(BANDS):
            n = sum(c[b][0] for c in pick)
            if n:
                draws[b].append(sum(c[b][1] for c in pick) / n)
    rows = []
    for b in range(BANDS):
        n = sum(c[b][0] for c in per_game)
        w = sum(c[b][1] for c in per_game)
        d = sorted(draws[b])
        low = d[int(0.025 * len(d))] if d else None
        high = d[min(len(d) - 1, int(0.975 * len(d)))] if d else None
        rows.append({"band": f"{b * 10}-{b * 10 + 10} %", "positions": n,
                     "games": sum(1 for c in per_game if c[b][0]),
                     "won": w / n if n else None, "low": low, "high": high})
    return rows


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def mapped(games: list[Found], ab: calibration.Calibration) -> list[Found]:
    """The games with each chance through the map `ab`."""
    return [(name, won0, [(seat, calibration.calibrated(c, ab)) for seat, c in found])
            for name, won0, found in games]


def print_table(rows: list[dict[str, Any]]) -> None:
    print("| predicted | positions (games) | their seat won | 95 % interval |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        interval = "–" if r["low"] is None else f"{pct(r['low'])} – {pct(r['high'])}"
        print(f"| {r['band']} | {r['positions']} ({r['games']}) | {pct(r['won'])} | "
              f"{interval} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="precious_memories")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-seat", type=int, default=3,
                    help="decisions analysed per seat and game")
    ap.add_argument("--level", default="normal", choices=list(LEVEL_ROUNDS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", type=Path, help="keep the games' saves in this folder")
    ap.add_argument("--points", type=Path, help="write each position as a JSON line here")
    ap.add_argument("--raw", action="store_true",
                    help="band the playouts' chances without the strategy's calibration map")
    args = ap.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        subprocess.run([sys.executable, "-m", "pmtui", "simulate", "--game", args.game,
                        "--games", str(args.games), "--seed", str(args.seed),
                        "--p1", "heuristic", "--p2", "heuristic", "--save-dir", str(folder),
                        "--jobs", str(args.jobs), "--json"], check=True,
                       stdout=subprocess.DEVNULL)
        played = time.monotonic() - started
        tasks = [(str(p), args.per_seat, args.level, args.seed)
                 for p in sorted(folder.glob("*.jsonl"))]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(one_game, tasks, chunksize=1))
    games = [r for r in results if r is not None]
    if args.points is not None:
        with args.points.open("w", encoding="utf-8") as out:
            for name, won0, found in games:
                for seat, chance in found:
                    out.write(json.dumps({"game": name, "seat": seat + 1, "chance": chance,
                                          "won": won0 if seat == 0 else 1.0 - won0}) + "\n")
    ab = (calibration.UNCHANGED if args.raw
          else calibration.of(ruleset(args.game).make_strategy(searching=True)))
    rows = table(mapped(games, ab), args.seed)
    total = sum(r["positions"] for r in rows)
    seconds = time.monotonic() - started
    print(f"{args.game}: {len(games)} finished games of {len(tasks)}, {total} positions "
          f"({args.per_seat} a seat and game, level {args.level}); "
          f"{played:.0f} s playing, {seconds:.0f} s in all", file=sys.stderr)
    print_table(rows)
    print(json.dumps({"game": args.game, "games": len(games), "positions": total,
                      "map": ab, "seconds": round(seconds, 1), "rows": rows}))


if __name__ == "__main__":
    main()
