"""What opening a prompt of a play costs, the same keys many times in one process: less
noisy than a game by keys (`bench_tui.py --play`) on a shared machine.

    python benchmarks/bench_prompts.py [--size 80x24] [--repeat 20] [--seed 1] [--json]

The game of `bench_tui.py --play --seed S` is played by keys (benchmarks/tui_play.py)
up to the player's first main phase with a chara to summon; then, `--repeat` times
each: the summon key with the chara focused (the area menu opens) and escape; the area
(the payment picker opens) and escape; a pick of the first payer (space, twice: picked
and taken back). Per kind: the CPU time of the process from the key until the screen
stood still (median and the lowest), and the clock (median). Also the tint of the board
under a prompt, by itself: Textual's `BackgroundScreen` against `QuickTint` (when the
tree has it), on the board's own segments, best of 20.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from textual.color import Color  # noqa: E402
from textual.renderables.background_screen import BackgroundScreen  # noqa: E402
from tui_play import Run, started  # noqa: E402

from pmtui.tui.screens.prompts import PickSetScreen  # noqa: E402


def summonable(run: Run) -> int | None:
    """A hand chara the player may summon to the Main Area now (its card number)."""
    screen = run.app.game_screen
    if screen.decision is None or screen.pview["vars"].get("phase") != "main":
        return None
    for c in screen.row_cards.get("my-hand", []):
        if any(t.startswith("summon") and t.endswith(" main") for t in screen.options_for(c)):
            return int(c["uid"])
    return None


def tint_ms(run: Run) -> dict[str, float]:
    """One tint of the board's segments, ms, best of 20: Textual's and the quick one."""
    app = run.app
    board = list(app.console.render(app.game_screen._compositor, app.console_options))
    color = Color(0, 0, 0, 0.4)
    kinds: dict[str, type[BackgroundScreen]] = {"textual": BackgroundScreen}
    try:
        from pmtui.tui.screens.info import QuickTint  # noqa: PLC0415 - after the change
        kinds["quick"] = QuickTint
    except ImportError:
        pass
    out: dict[str, float] = {}
    for name, cls in kinds.items():
        best = float("inf")
        for _ in range(20):
            t = time.process_time()
            list(cls.process_segments(board, color))
            best = min(best, time.process_time() - t)
        out[name] = round(best * 1000, 2)
    out["segments"] = len(board)
    return out


Row = dict[str, float]  # per kind of key: keys, CPU p50 and lowest, clock p50


async def measure(size: tuple[int, int], seed: int,
                  repeat: int) -> tuple[dict[str, Row], dict[str, float]]:
    """The keys' figures by kind, and the tint's (`tint_ms`)."""
    async with started(size, seed) as run:
        app = run.app
        for _ in range(60):
            uid = summonable(run)
            if uid is not None and app.screen is app.game_screen:
                break
            if not await run.step():
                raise SystemExit("the game ended before a summon")
        else:
            raise SystemExit("no summon in 60 moves")
        await run.focus("my-hand", uid)
        run.times.clear()
        run.cpu.clear()
        for _ in range(repeat):
            await run.key("area menu opens (summon key)", "s")
            await run.key(None, "escape")
        for _ in range(repeat):
            await run.key(None, "s")
            await run.key("payment picker opens (the area)", "enter")
            assert isinstance(app.screen, PickSetScreen)
            await run.key("a payment pick (space)", "space")
            await run.key("a payment pick (space)", "space")
            await run.key(None, "escape")
        rows: dict[str, Row] = {kind: {"keys": len(xs),
                       "cpu_p50_ms": round(statistics.median(run.cpu[kind]) * 1000, 1),
                       "cpu_min_ms": round(min(run.cpu[kind]) * 1000, 1),
                       "clock_p50_ms": round(statistics.median(xs) * 1000, 1)}
                for kind, xs in run.times.items()}
        return rows, tint_ms(run)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cols, _, rows_ = args.size.partition("x")
    load = os.getloadavg()[0]
    rows, tint = asyncio.run(measure((int(cols), int(rows_)), args.seed, args.repeat))
    loads = [round(load, 2), round(os.getloadavg()[0], 2)]
    if args.json:
        print(json.dumps({"size": args.size, "seed": args.seed, "repeat": args.repeat,
                          "keys": rows, "tint_ms": tint, "loadavg": loads}))
        return
    print(f"prompts at {args.size}, each key {args.repeat} times or more (ms):")
    for kind, r in rows.items():
        print(f"  {kind:34} CPU p50 {r['cpu_p50_ms']:>6}  min {r['cpu_min_ms']:>6}  "
              f"clock p50 {r['clock_p50_ms']:>6}")
    print(f"  tint of the board's {tint['segments']:.0f} segments: "
          + ", ".join(f"{k} {v} ms" for k, v in tint.items() if k != "segments"))
    print(f"load average: {loads[0]} before, {loads[1]} after")

if __name__ == "__main__":
    main()
