"""End to end: the installed `pmtui` in a real terminal (tmux) at 80x24."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None or shutil.which("pmtui") is None,
    reason="needs tmux and the installed pmtui command",
)


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def wait_for(session: str, text: str, timeout: float = 30.0) -> str:
    """Poll the pane until `text` shows (the deadline only bounds a hung run)."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")


def wait_gone(session: str, text: str, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", session)
        if text not in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never went away; the screen was:\n{screen}")


def test_play_in_tmux_80x24(tmp_path: Path) -> None:
    session = f"pmtui-e2e-{uuid.uuid4().hex[:8]}"
    save = tmp_path / "game.jsonl"
    env = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm-256color"}
    envs = " ".join(f"{k}={v}" for k, v in env.items())
    cmd = f"env {envs} pmtui play --seed 1 --save {save}; sleep 5"
    tmux("new", "-d", "-s", session, "-x", "80", "-y", "24", cmd)
    try:
        screen = wait_for(session, "Keep this hand")  # seed 1: the computer went first
        assert "CPU" in screen and "Deck" in screen
        tmux("send-keys", "-t", session, "Enter")  # keep
        screen = wait_for(session, "While you waited")  # the computer's first turn
        assert "CPU: " in screen
        assert "Your move" not in screen  # under the summary: what enter does
        tmux("send-keys", "-t", session, "Enter")
        wait_gone(session, "While you waited")
        wait_for(session, "Your move (main)")
        screen = wait_for(session, "p Pass")  # the footer offers what is legal now
        assert "Pts 0/7" in screen and "You (A)" in screen
        assert "Traceback" not in screen
        tmux("send-keys", "-t", session, "?")
        wait_for(session, "act on the focused card")
        tmux("send-keys", "-t", session, "Escape")
        wait_gone(session, "act on the focused card")
        time.sleep(0.3)  # a key right after ESC would read as alt+key
        tmux("send-keys", "-t", session, "p")  # pass: on to turn end / the opponent
        wait_gone(session, "Your move (main)", timeout=10)
        tmux("send-keys", "-t", session, "C-q")  # quits from any screen
        screen = wait_for(session, "game saved in")
        assert "Traceback" not in screen
    finally:
        tmux("kill-session", "-t", session)
    records = [json.loads(line) for line in save.read_text().splitlines()]
    assert records[0]["type"] == "header" and records[0]["seed"] == 1
    mine = [r for r in records if r.get("type") == "decision" and r.get("player") == 0]
    assert mine and mine[0]["action"] == "keep"
    assert any(r["action"] == "pass" for r in mine[1:])  # the p key passed
    assert os.path.getsize(save) > 0
