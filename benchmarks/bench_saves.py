"""Save, resume, replay and undo speed on a 1,000-decision game.

    python benchmarks/bench_saves.py [--decisions N] [--seed S] [--trials T] [--json]

Plays one game of N decisions (default 1000) into a real save with
`pmtui.table.saves.start_game` (fsync per decision), choosing at random with a
player that often cancels a play half-paid, which is what makes a random game
that long. Then, each timed with time.perf_counter, best or median of several
runs (the least disturbed by other load):

- read:        `read_journal` (parse and validate every line)
- load:        read + `ReplayCursor` (fold every event, index, snapshots) - target <= 100 ms
- resume:      `saves.open_game` (read, re-execute the decisions, compare, lock)
- verify:      `saves.check_save` (re-execute with a state hash after every event)
- seek:        `ReplayCursor.seek` to random steps (median, max) - target <= 10 ms
- undo:        `Game.undo` to random earlier decisions, snapshot cache kept
               (median, max) - target <= 20 ms
- undo+save:   the same with the undo record written and fsynced
- undo, cold:  the first undo of a game without the cache (re-executes from the seed)
- act+save:    one decision applied, written and fsynced (median over the game)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine.game import Game  # noqa: E402
from pmtui.engine.journal import read_journal  # noqa: E402
from pmtui.engine.replay import ReplayCursor  # noqa: E402
from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset  # noqa: E402
from pmtui.table.saves import check_save, open_game, start_game  # noqa: E402


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def best(repeat: int, body: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return min(times)


def play_long(path: Path, decisions: int, seed: int) -> tuple[Game, list[float]]:
    """A game of exactly `decisions` decisions (seeds tried in turn until one lasts)."""
    rs = ruleset()
    names = builtin_decks()
    for s in range(seed, seed + 50):
        decks = [load_deck(names[s % len(names)], rs), load_deck(names[(s + 1) % len(names)], rs)]
        header = make_header(rs, decks, s, [{"name": "a"}, {"name": "b"}], mode="computer")
        path.unlink(missing_ok=True)
        game, writer = start_game(header, path, ruleset=rs)
        rng = random.Random(s)
        acts: list[float] = []
        with writer:
            while (d := game.pending()) is not None and len(game.moves) < decisions:
                texts = d.texts
                if "cancel" in texts and rng.random() < 0.5:
                    text = "cancel"
                else:
                    pool = [t for t in texts if t != "cancel"] or texts
                    text = pool[rng.randrange(len(pool))]
                start = time.perf_counter()
                game.act(text)
                acts.append(time.perf_counter() - start)
        if len(game.moves) == decisions:
            return game, acts
    raise SystemExit(f"no game of {decisions} decisions in 50 seeds")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/bench_saves.py")
    p.add_argument("--decisions", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--trials", type=int, default=200)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    out: dict[str, object] = {"python": platform.python_version(), "decisions": args.decisions}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.jsonl"
        game, acts = play_long(path, args.decisions, args.seed)
        out["records"] = len(game.records) - 1
        out["bytes"] = path.stat().st_size
        out["act+save_ms_median"] = ms(statistics.median(acts))

        out["read_ms"] = ms(best(5, lambda: read_journal(path)))

        def load() -> ReplayCursor:
            loaded = read_journal(path)
            return ReplayCursor(loaded.header, loaded.records)

        out["load_ms"] = ms(best(5, load))

        def resume() -> None:
            _, writer, _ = open_game(path)
            writer.close()

        out["resume_ms"] = ms(best(3, resume))
        out["verify_ms"] = ms(best(3, lambda: check_save(path)))

        cursor = load()
        seeks = []
        for _ in range(args.trials):
            step = rng.randrange(len(cursor) + 1)
            start = time.perf_counter()
            cursor.seek(step)
            seeks.append(time.perf_counter() - start)
        out["seek_ms_median"] = ms(statistics.median(seeks))
        out["seek_ms_max"] = ms(max(seeks))

        loaded = read_journal(path)
        rs = ruleset()
        cold = Game.from_records(rs, loaded.header, loaded.records, hashing=False)
        cold.keep_snapshots(0)  # as before the cache: undo re-executes from the seed
        start = time.perf_counter()
        cold.undo(len(cold.moves) - 1)
        out["undo_cold_ms"] = ms(time.perf_counter() - start)

        warm, writer, _ = open_game(path)  # as a resumed game: cache on, hashing on
        writer.close()
        warm.on_records = None  # the undo alone; the write is timed below
        undos = []
        for _ in range(args.trials // 4):
            moves = list(warm.moves)
            keep = rng.randrange(len(moves))
            start = time.perf_counter()
            warm.undo(keep)
            undos.append(time.perf_counter() - start)
            for player, text in moves[keep:]:  # back to full length, untimed
                warm.act(text, player)
        saved_undos = []
        for trial in range(10):
            copy = Path(tmp) / f"copy{trial}.jsonl"
            with copy.open("wb") as f:
                f.write(path.read_bytes())
                os.fsync(f.fileno())  # so the undo's fsync flushes only the undo
            game, writer, _ = open_game(copy)
            with writer:
                start = time.perf_counter()
                game.undo(rng.randrange(len(game.moves)))
                saved_undos.append(time.perf_counter() - start)
        out["undo_ms_median"] = ms(statistics.median(undos))
        out["undo_ms_max"] = ms(max(undos))
        out["undo+save_ms_median"] = ms(statistics.median(saved_undos))
        out["undo+save_ms_max"] = ms(max(saved_undos))
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>22}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
