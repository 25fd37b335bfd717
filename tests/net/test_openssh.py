"""End to end: `pmtui serve` in its own process, real OpenSSH clients in tmux.

Two players sign in with their own keys, see the lobby, one creates a table and the
other joins it; moves are made by keys; one player's connection is cut, the other
sees them away, and they come back to their own seat with their own hand. Every wait
is bounded; the test is skipped without ssh, ssh-keygen or tmux.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    any(shutil.which(t) is None for t in ("ssh", "ssh-keygen", "tmux")),
    reason="needs ssh, ssh-keygen and tmux",
)


class Tmux:
    """tmux on a private socket: nothing here touches anyone else's tmux sessions."""

    def __init__(self) -> None:
        self.socket = f"pmtui-net-{uuid.uuid4().hex[:10]}"

    def __call__(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True,
                              text=True, check=False, timeout=10).stdout

    def screen(self, name: str) -> str:
        return self("capture-pane", "-p", "-t", name)

    def wait_for(self, name: str, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen(name)
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{name}: {text!r} never appeared; the screen was:\n{screen}")

    def wait_for_any(self, name: str, texts: tuple[str, ...], timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen(name)
            if any(t in screen for t in texts):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{name}: none of {texts!r} appeared; the screen was:\n{screen}")

    def keys(self, name: str, *keys: str) -> None:
        self("send-keys", "-t", name, *keys)

    def close(self) -> None:
        self("kill-server")


def keygen(path: Path) -> str:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)],
                   check=True, timeout=20, capture_output=True)
    return path.with_suffix(".pub").read_text()


def start_server(data: Path, keys: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "pmtui", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data-dir", str(data), "--authorized-keys", str(keys)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )
    deadline = time.monotonic() + 30
    assert proc.stdout is not None
    line = ""
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        m = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
        if m:
            return proc, int(m.group(1))
        if proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"the server did not start: {line!r}")


def stop_server(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def ssh_command(port: int, key: Path, user: str) -> str:
    return (f"ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
            f"-o LogLevel=ERROR -o BatchMode=yes -i {key} -p {port} {user}@127.0.0.1; "
            "sleep 30")


def answer(tmux: Tmux, prompt: str, key: str = "Enter", timeout: float = 20.0,
           names: tuple[str, ...] = ("alice", "bob")) -> str:
    """Whoever of `names` is asked `prompt` answers with `key`; returns who."""

    def asked(screen: str) -> bool:
        return prompt in screen and ("Choose" in screen or key != "Enter")

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for name in names:
            if asked(tmux.screen(name)):
                time.sleep(0.3)  # let the prompt take its focus
                tmux.keys(name, key)
                # answered: the question goes away (the log keeps its words: "You: Keep
                # this hand", so waiting for the words to go took the whole timeout)
                while asked(tmux.screen(name)) and time.monotonic() < deadline:
                    time.sleep(0.1)
                return name
        time.sleep(0.2)
    raise AssertionError(f"nobody was asked {prompt!r}:\n{tmux.screen('alice')}\n"
                         f"{tmux.screen('bob')}")


def hand_of(screen: str) -> list[str]:
    """The lines under the player's own zone bar: the hand (names, then stats)."""
    lines = screen.splitlines()
    i = next(i for i, line in enumerate(lines) if re.match(r"You( \(\w\))? │", line))
    edge = lines[i].find("▏")  # where the side panel starts: the board is left of it
    edge = edge if edge > 0 else len(lines[i])
    # "▸" marks what may be played now, which depends on whose move it is
    return [line[:edge].replace("▸", " ").rstrip() for line in lines[i + 1:i + 4]]


def wait_hand(tmux: Tmux, name: str, timeout: float = 15.0) -> list[str]:
    """The player's hand once the board (not a prompt) is on their screen."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux.screen(name)
        time.sleep(0.3)
        if screen != tmux.screen(name):
            continue  # still drawing
        if "Choose" not in screen:
            try:
                hand = hand_of(screen)
            except StopIteration:
                hand = []
            if any(hand):
                return hand
        time.sleep(0.2)
    raise AssertionError(f"{name}: no hand on the screen:\n{screen}")


def test_two_players_over_openssh(tmp_path: Path) -> None:
    data = tmp_path / "data"
    auth = tmp_path / "authorized_keys"
    alice_key, bob_key = tmp_path / "alice_key", tmp_path / "bob_key"
    auth.write_text(keygen(alice_key) + keygen(bob_key))
    proc, port = start_server(data, auth)
    tmux = Tmux()
    try:
        tmux("new", "-d", "-s", "alice", "-x", "100", "-y", "30",
             ssh_command(port, alice_key, "alice"))
        tmux("new", "-d", "-s", "bob", "-x", "80", "-y", "24",
             ssh_command(port, bob_key, "bob"))
        tmux.wait_for("alice", "signed in as alice")
        tmux.wait_for("bob", "signed in as bob")
        screen = tmux.wait_for("bob", "q Leave")  # the footer: the lobby's keys
        assert "c Create" in screen

        tmux.keys("alice", "c")
        # the lobby asks which game when several are installed; the default is first
        screen = tmux.wait_for_any("alice", ("Which game?", "Your deck for a new table"))
        if "Which game?" in screen:
            games = [line for line in screen.split("Which game?", 1)[1].splitlines()
                     if "(" in line]
            assert "(precious_memories)" in games[0], games  # the default comes first
            tmux.keys("alice", "Enter")
            tmux.wait_for("alice", "Your deck for a new table")
        tmux.keys("alice", "Enter")
        tmux.wait_for("alice", "waiting for a player")
        tmux.wait_for("bob", "alice vs —")
        tmux.keys("bob", "j")
        tmux.wait_for("bob", "Your deck for table 1")
        tmux.keys("bob", "Down", "Enter")
        tmux.wait_for("bob", "You vs alice")
        tmux.wait_for("alice", "You vs bob")  # taken from the lobby to the table

        # moves by keys: the turn order, both hands kept
        answer(tmux, "Go first or second?")
        answer(tmux, "Keep this hand")
        answer(tmux, "Keep this hand")
        tmux.wait_for("alice", "Turn 1")
        bob_hand = wait_hand(tmux, "bob")
        assert any(bob_hand), screen
        assert (data / "tables" / "table-1.jsonl").stat().st_size > 1000

        # bob's connection drops: alice sees him away
        pane = tmux("display", "-p", "-t", "bob", "#{pane_pid}").strip()
        ssh_pid = subprocess.run(["ps", "-o", "pid=", "--ppid", pane], capture_output=True,
                                 text=True, timeout=10).stdout.split()
        assert ssh_pid
        os.kill(int(ssh_pid[0]), signal.SIGTERM)
        tmux.wait_for("alice", "bob (away)")

        # bob comes back: the lobby offers his seat, j takes him to it, same hand
        tmux("kill-session", "-t", "bob")
        tmux("new", "-d", "-s", "bob2", "-x", "80", "-y", "24",
             ssh_command(port, bob_key, "bob"))
        tmux.wait_for("bob2", "j takes you back to your seat")
        tmux.keys("bob2", "j")
        screen = tmux.wait_for("bob2", "You vs alice")
        assert wait_hand(tmux, "bob2") == bob_hand
        # and the game goes on: the first player passes by key
        passer = answer(tmux, "Your move (main)", key="p", names=("alice", "bob2"))
        if passer == "bob2":  # whoever went first may be over the hand limit at Turn End
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                if "(hand limit)" in tmux.screen("bob2"):
                    answer(tmux, "(hand limit)", names=("bob2",))
                    break
                time.sleep(0.2)
        screen = tmux.wait_for("alice", "You vs bob ·")  # no longer away
        assert "Traceback" not in screen + tmux.screen("bob2")
        tmux.keys("bob2", "q")  # back to the lobby, then leave
        tmux.wait_for("bob2", "signed in as bob")
        tmux.keys("bob2", "q")
        tmux.wait_for("alice", "bob (away)")
    finally:
        tmux.close()
        stop_server(proc)
    assert proc.returncode == 0


def test_a_name_stays_with_its_key_over_openssh(tmp_path: Path) -> None:
    """Issue 18, item 3, with the real client: `ssh -i alice_key bob@host` used to sign
    in as bob. Now bob's name is bob's key's (the first to use it), and carol's key is
    named in the authorized-keys file (environment="PMTUI_NAME=carol")."""
    data = tmp_path / "data"
    auth = tmp_path / "authorized_keys"
    alice_key, bob_key, carol_key = (tmp_path / f"{n}_key" for n in ("alice", "bob", "carol"))
    auth.write_text(keygen(alice_key) + keygen(bob_key)
                    + 'environment="PMTUI_NAME=carol" ' + keygen(carol_key))
    proc, port = start_server(data, auth)
    tmux = Tmux()
    try:
        tmux("new", "-d", "-s", "bob", "-x", "80", "-y", "24", ssh_command(port, bob_key, "bob"))
        tmux.wait_for("bob", "signed in as bob")
        tmux("new", "-d", "-s", "mallory", "-x", "100", "-y", "24",
             ssh_command(port, alice_key, "bob"))
        tmux.wait_for("mallory", "pmtui: the name bob belongs to another key; "
                                 "sign in under another name")
        tmux("new", "-d", "-s", "alice", "-x", "80", "-y", "24",
             ssh_command(port, alice_key, "carol"))
        tmux.wait_for("alice", "pmtui: the name carol belongs to another key")
        tmux("new", "-d", "-s", "carol", "-x", "80", "-y", "24",
             ssh_command(port, carol_key, "carol"))
        tmux.wait_for("carol", "signed in as carol")
        tmux.keys("bob", "q")
    finally:
        tmux.close()
        stop_server(proc)
    assert "bob" in (data / "names.json").read_text()
