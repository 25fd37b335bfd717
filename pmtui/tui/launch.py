"""Entry points the CLI imports lazily: `pmtui play` (and the default `pmtui`)."""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path


def default_save_path(seed: int) -> Path:
    from platformdirs import user_data_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")  # wall clock only names the file
    return Path(user_data_dir("pmtui")) / "saves" / f"{stamp}-seed{seed}.jsonl"


def play(args: argparse.Namespace) -> int:
    """Start a new game at this terminal; every decision is saved as it is made."""
    from pmtui.engine.journal import JournalWriter, SaveError
    from pmtui.games import SetupError
    from pmtui.session import new_game_header, new_table
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import default_config_path, load_config

    seed = args.seed if getattr(args, "seed", None) is not None else secrets.randbelow(2**31)
    vs = getattr(args, "vs", "computer") or "computer"
    try:
        header, seats = new_game_header(
            seed,
            vs=vs,
            deck=getattr(args, "deck", None),
            opponent_deck=getattr(args, "opponent_deck", None),
            level=getattr(args, "level", "normal") or "normal",
        )
    except (SetupError, ValueError) as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return 2
    path = getattr(args, "save", None) or default_save_path(seed)
    try:
        writer = JournalWriter(path, header)
    except SaveError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return 2
    try:
        table = new_table(header, seats, on_records=writer.write)
        app = PmApp(table, hotseat=vs == "hotseat", config=load_config(default_config_path()),
                    catch_errors=True)
        code = app.run()
    except SaveError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return 2
    finally:
        writer.close()
    print(f"pmtui: game saved in {path}")
    return int(code or 0)
