"""Entry points the CLI imports lazily: `pmtui play` (and the default `pmtui`),
`pmtui resume`, `pmtui replay`, `pmtui sandbox`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def _fail(message: object) -> int:
    """One line on stderr, exit status 2 (bad input: never a traceback); what it quotes
    from a file (a deck's name) with its control characters written out."""
    from pmtui.table.logtext import printable

    print(f"pmtui: {printable(message)}", file=sys.stderr)
    return 2


def play(args: argparse.Namespace) -> int:
    """Start a new game at this terminal; every decision is saved as it is made.

    The save is made by `pmtui.table.saves.start_game` (`--save PATH`, or a new file in
    `saves_dir()`), which attaches it to the game: each decision is written and
    fsynced inside `Game.act`, before the screen shows its result.
    """
    from pmtui.engine.context import KEYED_RNG, LEGACY_RNG, new_secret_seed
    from pmtui.engine.journal import SaveError
    from pmtui.table.games import SetupError, parse_options, ruleset
    from pmtui.table.saves import start_game
    from pmtui.table.session import new_game_header

    # --seed N: a reproducible game (the legacy derivation, as before); otherwise a
    # secret 128-bit seed through the keyed derivation (docs/engine.md, "Randomness")
    chosen = getattr(args, "seed", None)
    seed, rng = (chosen, LEGACY_RNG) if chosen is not None else (new_secret_seed(), KEYED_RNG)
    vs = getattr(args, "vs", "computer") or "computer"
    game_id = getattr(args, "game", None)
    try:
        options = parse_options(ruleset(game_id) if game_id else ruleset(),
                                getattr(args, "option", None))
        header, seats = new_game_header(
            seed,
            rng=rng,
            vs=vs,
            deck=getattr(args, "deck", None),
            opponent_deck=getattr(args, "opponent_deck", None),
            level=getattr(args, "level", None) or "normal",
            opponent=getattr(args, "opponent", None) or "search",
            game=game_id,
            options=options,
        )
    except (SetupError, ValueError) as exc:
        return _fail(exc)
    try:
        game, writer = start_game(header, getattr(args, "save", None))
    except (SaveError, SetupError, ValueError) as exc:
        return _fail(exc)
    return _run_table(game, writer, seats, [])


def _run_table(game: Any, writer: Any, seats: list[Any], notices: list[str]) -> int:
    """Run the game screen on a game attached to its save; close the save after."""
    from pmtui.engine.journal import SaveError
    from pmtui.table.session import LocalTable
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import default_config_path, load_config

    path = writer.path
    try:
        table = LocalTable(game, seats, save_path=Path(path))
        app = PmApp(table, hotseat=len(table.humans) == 2,
                    config=load_config(default_config_path()), catch_errors=True,
                    notices=notices)
        code = app.run()
    except SaveError as exc:
        return _fail(exc)
    finally:
        try:
            writer.close()
        except SaveError as exc:  # the last write could not be made durable
            print(f"pmtui: {exc}", file=sys.stderr)
    print(f"pmtui: game saved in {path}")
    return int(code or 0)


def resume(args: argparse.Namespace) -> int:
    """Continue a save where it stopped (the latest unfinished one without SAVE).

    The engine's pending decision says where that is: mid-window, mid-chain,
    mid-cost-payment. A game that is over opens in the replay viewer instead.
    """
    from pmtui.engine.journal import SaveError
    from pmtui.table import saves
    from pmtui.table.session import HUMAN, seats_from_header

    path = getattr(args, "save", None) or saves.latest_unfinished()
    if path is None:
        return _fail(f"no unfinished game to resume in {saves.saves_dir()}")
    try:
        game, writer, warnings = saves.open_game(path)
    except SaveError as exc:
        return _fail(exc)
    if game.over:
        writer.close()
        return _replay_file(Path(path), ["This game is over: showing its replay.", *warnings])
    seats, notes = seats_from_header(game.header)
    if HUMAN not in seats:
        writer.close()
        return _fail(f"{path}: both seats are computer players; watch it with pmtui replay")
    return _run_table(game, writer, seats, [*warnings, *notes])


def replay(args: argparse.Namespace) -> int:
    """The step-by-step replay viewer on a save (read only; the file is not locked)."""
    return _replay_file(Path(args.save), [], unverified=args.unverified,
                        analyse=bool(getattr(args, "analyse", False)))


def _replay_file(path: Path, notices: list[str], *, unverified: bool = False,
                 analyse: bool = False) -> int:
    from pmtui.engine.journal import SaveError
    from pmtui.engine.state import FoldError
    from pmtui.table.replay import ReplayModel
    from pmtui.tui.replay import ReplayApp

    try:
        model = ReplayModel.from_file(path, unverified=unverified)
    except (SaveError, FoldError) as exc:  # each names the file
        return _fail(exc)
    app = ReplayApp(model, notices=[*notices, *model.warnings], catch_errors=True,
                    analyse=analyse)
    return int(app.run() or 0)


def sandbox(args: argparse.Namespace) -> int:
    """Set up a position by keyboard (or from SCENARIO), play it, ask why not, save it."""
    from pmtui.tui.sandbox.app import run_sandbox

    return run_sandbox(args)
