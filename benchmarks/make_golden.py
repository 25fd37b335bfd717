"""Write the golden sample games in saves/ (CI replays them with `pmtui verify` and `export`).

    python benchmarks/make_golden.py [--out saves]

Each game is played by seeded random players and written exactly as a real
game is saved (pmtui.table.saves.start_game: header, then one fsynced commit per
decision). The seeds are found by searching from 1 for the first game that
fits the description, so the same code always writes the same files. When a
rule change alters a game, `pmtui verify` fails on it in CI: rerun this
script, commit the new files and add a line to docs/CHANGELOG.md.

`decline` holds a Decline chain: a response that is not a pass.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pmtui.ai import make_player
from pmtui.engine.game import Game
from pmtui.engine.views import LazyView
from pmtui.table.games import load_deck, make_header, ruleset
from pmtui.table.saves import start_game
from pmtui.table.undo import undo, undo_targets

ROOT = Path(__file__).resolve().parent.parent
MAX_SEED = 400


@dataclass(frozen=True)
class Spec:
    name: str
    decks: tuple[str, str]
    mode: str
    fits: Callable[[Game], bool]
    undo_rate: float = 0.0
    note: str = ""
    required: bool = True


def _reason(game: Game) -> str:
    return str((game.over or {}).get("reason", ""))


def _declined(game: Game) -> bool:
    return any(
        r["type"] == "decision" and r.get("kind") == "respond" and r["action"] != "pass"
        for r in game.records
    )


SPECS = [
    Spec("starlit-vs-tidewater", ("starlit_overture", "tidewater_morning"), "computer",
         lambda g: g.over is not None),
    Spec("lantern-vs-foxfire", ("lantern_and_leaf", "foxfire_vigil"), "hotseat",
         lambda g: g.over is not None),
    Spec("deck-out", ("tidewater_morning", "lantern_and_leaf"), "computer",
         lambda g: "deck is empty" in _reason(g)),
    Spec("with-undo", ("foxfire_vigil", "starlit_overture"), "computer",
         lambda g: g.over is not None and any(r["type"] == "undo" for r in g.records),
         undo_rate=0.03, note="player 1 takes back decisions now and then"),
    Spec("foxfire-mirror", ("foxfire_vigil", "foxfire_vigil"), "sandbox",
         lambda g: g.over is not None and "point cards" in _reason(g)),
    Spec("decline", ("tidewater_morning", "tidewater_morning"), "computer",
         lambda g: g.over is not None and _declined(g)),
]


def play(spec: Spec, seed: int, path: Path | None = None) -> Game:
    """One game; saved to `path` as it is played (without a path: a dry run)."""
    rs = ruleset()
    decks = [load_deck(n, rs) for n in spec.decks]
    seats = [{"name": f"random-{i + 1}", "kind": "random"} for i in (0, 1)]
    header = make_header(rs, decks, seed, seats, mode=spec.mode)
    if path is None:
        game, writer = Game(rs, header), contextlib.nullcontext()
    else:
        game, writer = start_game(header, path, ruleset=rs)
    players = [make_player("random", seed * 2 + i + 1) for i in (0, 1)]
    rng = random.Random(seed)
    with writer:
        if spec.note:
            game.note(spec.note)
        while (d := game.pending()) is not None:
            targets = undo_targets(game, 0, spec.mode) if spec.undo_rate else []
            if targets and rng.random() < spec.undo_rate:
                undo(game, 0, spec.mode, rng.choice(targets[-6:]))
                continue
            game.act(players[d.player].choose(LazyView(rs, game.state, d.player), d), d.player)
    return game


def find(spec: Spec, out: Path) -> tuple[int, Game] | None:
    for seed in range(1, MAX_SEED):
        if spec.fits(play(spec, seed)):
            target = out / f"{spec.name}.jsonl"
            target.unlink(missing_ok=True)
            return seed, play(spec, seed, target)
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/make_golden.py")
    p.add_argument("--out", type=Path, default=ROOT / "saves", help="folder (default: saves/)")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    status = 0
    for spec in SPECS:
        found = find(spec, args.out)
        if found is None:
            print(f"{spec.name}: no fitting game in seeds 1..{MAX_SEED - 1}")
            status = status or int(spec.required)
            continue
        seed, game = found
        decisions = sum(1 for r in game.records if r["type"] == "decision")
        print(
            f"{spec.name}: seed {seed}, {spec.decks[0]} vs {spec.decks[1]}, "
            f"{decisions} decisions, turn {game.state.vars.get('turn')}, {_reason(game)}"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
