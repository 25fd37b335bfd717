"""Plain play counted rather than timed: steady figures on a busy machine.

    python benchmarks/count_games.py N                 # play the first N games, nothing else
    python benchmarks/count_games.py N --bytecodes     # and count what they execute, by kind
    python benchmarks/count_games.py N --fold          # and time folding their events alone

Plays the first N games of `pmtui simulate --seed 1 --jobs 1` (the same seeds and
decks in rotation, through the same `play_batch`). Alone, it is meant to run under
an instruction counter, once with N and once with 1 so start-up cancels out:

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        --cachegrind-out-file=/dev/null python benchmarks/count_games.py 11

(the path of the Python binary itself, not a shell wrapper such as a pyenv shim).
With --bytecodes it counts every bytecode the games after the first execute
(sys.settrace, slow) and splits them into listing decisions, applying them (the
rules' events and what follows) and the rest (the engine's step, the random player),
with the heaviest kinds of decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine.state import fold  # noqa: E402
from pmtui.table.games import builtin_decks, load_deck, ruleset  # noqa: E402
from pmtui.table.simulate import Batch, plan, play_batch, play_one  # noqa: E402


def batches(n: int) -> list[Batch]:
    rs = ruleset()
    decks = [load_deck(name, rs) for name in builtin_decks()]
    pairs = [(x, y) for x in decks for y in decks]  # as `pmtui simulate` rotates them
    return plan(n, 1, lambda i: pairs[i % len(pairs)], size=25)


def count_bytecodes(todo: list[Batch]) -> None:
    rs = ruleset()
    cls = type(rs)
    where = ["rest"]
    ops: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    listing, applying = cls.decision, cls.apply

    def decision(self: Any, state: Any) -> Any:
        where[0] = "list"
        try:
            d = listing(self, state)
        finally:
            where[0] = "rest"
        if d is not None:
            kind = f"list {d.kind}" + (" (one option)" if len(d.options) == 1 else "")
            by_kind[kind] += ops["list"]
            calls[kind] += 1
            ops["list"] = 0
        return d

    def apply(self: Any, ctx: Any, d: Any, option: Any) -> None:
        where[0] = "apply"
        try:
            applying(self, ctx, d, option)
        finally:  # a game's end unwinds through here
            where[0] = "rest"
            kind = f"apply {d.kind}: {option.data[0]}"
            by_kind[kind] += ops["apply"]
            calls[kind] += 1
            ops["apply"] = 0

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False

        def local(frame: FrameType, event: str, arg: object) -> Any:
            if event == "opcode":
                ops[where[0]] += 1
            return local

        return local

    cls.decision, cls.apply = decision, apply  # type: ignore[method-assign]
    try:
        play_batch(todo[0])  # warms the caches, uncounted
        sys.settrace(tracer)
        for batch in todo[1:]:
            play_batch(batch)
    finally:
        sys.settrace(None)
        cls.decision, cls.apply = listing, applying  # type: ignore[method-assign]
    rest = ops["rest"]
    total = rest + sum(by_kind.values())
    decisions = sum(n for k, n in calls.items() if k.startswith("list"))
    listed = sum(v for k, v in by_kind.items() if k.startswith("list"))
    print(f"{decisions} decisions, {total} bytecodes, {total / decisions:.0f} a decision")
    print(f"listing {100 * listed / total:.1f} %, applying "
          f"{100 * (total - listed - rest) / total:.1f} %, the rest {100 * rest / total:.1f} %")
    for kind, n in by_kind.most_common(12):
        print(f"{100 * n / total:5.1f} %  {kind:32} x{calls[kind]:<6} {n / calls[kind]:6.0f} each")


def time_fold(todo: list[Batch], repeat: int = 5) -> None:
    """CPU time of plain play, and of folding the same games' events from scratch."""
    games = [(seed, decks) for b in todo for seed, decks in zip(b.seeds, b.decks, strict=True)]
    start = time.process_time()
    for seed, decks in games:
        play_one(seed, decks)
    play = time.process_time() - start
    logs = []
    for seed, decks in games:
        game = play_one(seed, decks, keep=True).game
        assert game is not None
        logs.append([r["event"] for r in game.records if r.get("type") == "event"])
    start = time.process_time()
    for _ in range(repeat):
        for events in logs:
            fold(events)
    folding = (time.process_time() - start) / repeat
    n = sum(map(len, logs))
    print(f"plain play {play:.3f} s; folding its {n} events {folding:.3f} s "
          f"({100 * folding / play:.1f} %, {1e6 * folding / n:.2f} microseconds an event)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int)
    ap.add_argument("--bytecodes", action="store_true")
    ap.add_argument("--fold", action="store_true")
    args = ap.parse_args()
    if args.bytecodes:
        # one batch a game: the first warms the caches uncounted, the N after it count
        count_bytecodes([Batch(b.first + i, (seed,), (decks,))
                         for b in batches(args.games + 1)
                         for i, (seed, decks) in enumerate(zip(b.seeds, b.decks, strict=True))])
        return
    if args.fold:
        time_fold(batches(args.games))
        return
    for batch in batches(args.games):
        play_batch(batch)


if __name__ == "__main__":
    main()
