"""End to end: a deck built by keys in the deck editor over a real OpenSSH client (in
tmux), saved on the server under the player's name, played against the computer; a
second player's deck menu does not list it. Skipped without ssh, ssh-keygen or tmux."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from pmtui.table.registry import ruleset

from .test_openssh import Tmux, keygen, pytestmark, ssh_command, start_server, stop_server

__all__ = ["pytestmark"]  # the same skip as the other OpenSSH test


def _wait_line(tmux: Tmux, name: str, *words: str, timeout: float = 20.0) -> str:
    """The screen once one line holds every word."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux.screen(name)
        if any(all(w in line for w in words) for line in screen.splitlines()):
            return screen
        time.sleep(0.15)
    raise AssertionError(f"{name}: no line with {words!r}; the screen was:\n{screen}")


def _choose_game(tmux: Tmux, name: str, then: str) -> None:
    screen = tmux.wait_for_any(name, ("Which game?", then))
    if then not in screen:
        tmux.keys(name, "Enter")  # the default game comes first
        tmux.wait_for(name, then)


def test_a_deck_built_over_openssh_is_played_and_private(tmp_path: Path) -> None:
    rs = ruleset()
    target = rs.load_deck("starlit_overture")
    data = tmp_path / "data"
    auth = tmp_path / "authorized_keys"
    alice_key, bob_key = tmp_path / "alice_key", tmp_path / "bob_key"
    auth.write_text(keygen(alice_key) + keygen(bob_key))
    proc, port = start_server(data, auth)
    tmux = Tmux()
    try:
        tmux("new", "-d", "-s", "alice", "-x", "80", "-y", "24",
             ssh_command(port, alice_key, "alice"))
        tmux.wait_for("alice", "e My decks")  # the lobby's footer names the key
        tmux.keys("alice", "e")
        _choose_game(tmux, "alice", "Your decks (0 of 50)")
        tmux.keys("alice", "Enter")  # a new deck
        tmux.wait_for("alice", "(not saved)")
        for part in rs.deck_parts:
            for cid, n in Counter(target.part(part)).items():
                tmux.keys("alice", "/")
                tmux.keys("alice", "-l", cid)
                tmux.keys("alice", "Enter")
                _wait_line(tmux, "alice", "▶", cid)
                tmux.keys("alice", *(["+"] * n))
                _wait_line(tmux, "alice", "▶", f"{n}/", cid)
        tmux.wait_for("alice", "legal for Precious Memories")
        tmux.keys("alice", "a")
        tmux.wait_for("alice", "Save the deck as")
        tmux.keys("alice", "-l", "Mine")
        tmux.keys("alice", "Enter")
        tmux.wait_for("alice", "saved Mine")
        tmux.keys("alice", "q")
        tmux.wait_for("alice", "signed in as alice")
        saved = data / "players" / "alice" / "decks" / rs.id / "Mine.toml"
        assert rs.validate_deck(rs.load_deck(str(saved))) == []

        tmux("new", "-d", "-s", "bob", "-x", "80", "-y", "24",
             ssh_command(port, bob_key, "bob"))
        tmux.wait_for("bob", "signed in as bob")
        tmux.keys("bob", "p")
        _choose_game(tmux, "bob", "Your deck against the computer")
        assert "Mine" not in tmux.screen("bob")

        tmux.keys("alice", "p")
        _choose_game(tmux, "alice", "Your deck against the computer")
        _wait_line(tmux, "alice", "Mine (your deck)")
        tmux.keys("alice", "Enter")
        tmux.wait_for("alice", "You vs CPU", timeout=30)
    finally:
        tmux.close()
        stop_server(proc)
