"""Kill a game with SIGKILL at random points: resuming loses no acknowledged decision.

`python -m pmtui.tools.scripted SAVE` plays a seeded random game into a save
and prints `ack <seq> <record>` once each decision (or undo) is durable. This
test kills it after a random number of acks, again and again on the same
save, and after every kill opens the save the way `pmtui resume` does
(`pmtui.table.saves.open_game`): every acknowledged record must be there unchanged,
the save must verify, and the game must then play on to its end.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from save_helpers import ROOT

from pmtui.table.saves import check_save, is_finished, open_game

# A fixed number of kills, not a time budget: on a loaded machine a time budget gave
# too few kills to mean anything (each driver start costs a Python start-up).
KILLS_PER_GAME = 4
GAMES = 4

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def run_driver(
    path: Path, seed: int, kill_after: int | None, split: float = 0.0
) -> tuple[dict[int, Any], bool]:
    """Run the driver; kill it `split` to 5 * `split` seconds after `kill_after` acks.
    Returns (acked records, finished).

    With `split`, each record is its own commit, `split` seconds apart, so the
    kill often lands inside a decision's group of records."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    extra = ["--split-commits", str(split)] if split else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "pmtui.tools.scripted", str(path), "--seed", str(seed),
         "--undo-rate", "0.03", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
    )
    acked: dict[int, Any] = {}
    done = False
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("ack "):
                _, seq, record = line.rstrip("\n").split(" ", 2)
                acked[int(seq)] = json.loads(record)
                if kill_after is not None and len(acked) >= kill_after:
                    time.sleep(random.uniform(split, 5 * split))
                    proc.send_signal(signal.SIGKILL)
                    break
            elif line.startswith("done"):
                done = True
    finally:
        if proc.poll() is None and kill_after is not None:
            proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    if kill_after is None or done:
        assert proc.returncode == 0, err
        assert "Traceback" not in err, err
    return acked, done


def check_after_crash(path: Path, acked: dict[int, Any]) -> list[str]:
    game, writer, warnings = open_game(path)
    with writer:
        for seq, record in acked.items():
            assert seq < len(game.records), f"acknowledged record {seq} lost"
            assert game.records[seq] == record, f"acknowledged record {seq} changed"
    _, _, verify_warnings = check_save(path)
    assert verify_warnings == []  # open_game left a clean save
    return warnings


def test_sigkill_at_random_points_loses_no_acknowledged_decision(tmp_path: Path) -> None:
    rng = random.Random(20261121)
    kills = repairs = 0
    for g in range(GAMES):
        path = tmp_path / f"game{g}.jsonl"
        seed = 100 + g
        acked: dict[int, Any] = {}
        finished = False
        for _ in range(KILLS_PER_GAME):
            if finished:
                break
            new, finished = run_driver(path, seed, rng.randint(1, 80), split=0.002 * (g % 2))
            acked.update(new)
            if not finished:
                kills += 1
            warnings = check_after_crash(path, acked)
            repairs += any("crash" in w or "torn" in w for w in warnings)
        if not finished:  # enough kills for this game: let it play to the end
            new, finished = run_driver(path, seed, None)
            acked.update(new)
        assert finished
        check_after_crash(path, acked)
        assert is_finished(path) is True
    assert kills >= GAMES * 2, kills  # many random points, not a lucky few
    assert repairs > 0  # some kills did cut a decision's records short
    print(f"{kills} kills, {repairs} saves repaired")
