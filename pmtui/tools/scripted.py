"""Play a seeded random game into a save, announcing each durable decision.

    python -m pmtui.tools.scripted SAVE [--seed N] [--undo-rate R] [--max-decisions N]

A new game is started when SAVE does not exist (or is empty); otherwise the
save is resumed with `pmtui.table.saves.open_game`. After every decision or undo has
been written and fsynced, one line goes to stdout (flushed at once):

    ack <seq> <the record as JSON>

so a test that kills this process knows exactly what was acknowledged. Seat 1
sometimes takes back one of its recent decisions (local undo, `--undo-rate`).
The last line is `done <winner>` when the game ends.

`--split-commits S` writes each record of a decision's group as a commit of its
own, S seconds apart (the ack still waits for the whole group), so a kill can
land inside a group: the crash that resuming repairs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pmtui.ai import make_player
from pmtui.engine.journal import JournalWriter, SaveError
from pmtui.engine.views import LazyView
from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset
from pmtui.table.saves import open_game, start_game
from pmtui.table.undo import undo, undo_targets


def _ack(record: dict) -> None:
    line = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write(f"ack {record['seq']} {line}\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m pmtui.tools.scripted")
    p.add_argument("save", type=Path)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--undo-rate", type=float, default=0.02)
    p.add_argument("--max-decisions", type=int, default=20000)
    p.add_argument("--split-commits", type=float, metavar="S")
    args = p.parse_args(argv)

    try:
        if args.save.exists() and args.save.stat().st_size > 0:
            game, writer, warnings = open_game(args.save)
            for w in warnings:
                print(f"warning: {w}", file=sys.stderr)
        else:
            rs = ruleset()
            names = builtin_decks()
            decks = [load_deck(names[args.seed % len(names)], rs),
                     load_deck(names[(args.seed // len(names)) % len(names)], rs)]
            players = [{"name": "scripted", "kind": "human"}, {"name": "random", "kind": "random"}]
            header = make_header(rs, decks, args.seed, players, mode="computer")
            game, writer = start_game(header, args.save, ruleset=rs)
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.split_commits is not None:
        game.on_records = _one_by_one(writer, args.split_commits)
    # A resumed run continues with fresh choices: what matters is the save.
    salt = len(game.records)
    rng = random.Random(f"{args.seed}/{salt}")
    players = [make_player("random", rng.randrange(2**31)) for _ in (0, 1)]
    with writer:
        n = 0
        while (d := game.pending()) is not None and n < args.max_decisions:
            targets = undo_targets(game, 0, "computer")
            if targets and rng.random() < args.undo_rate:
                record = undo(game, 0, "computer", rng.choice(targets[-5:]))
            else:
                choice = players[d.player].choose(LazyView(game.ruleset, game.state, d.player), d)
                events = game.act(choice, d.player)
                record = game.records[-1 - len(events)]  # the decision, before its events
            _ack(record)
            n += 1
    over = game.over
    print(f"done {over.get('winner') if over else 'unfinished'}", flush=True)
    return 0


def _one_by_one(writer: JournalWriter, pause: float) -> Callable[[list[dict]], None]:
    def write(records: list[dict]) -> None:
        for i, record in enumerate(records):
            if i:
                time.sleep(pause)
            writer.write([record])

    return write


if __name__ == "__main__":
    sys.exit(main())
