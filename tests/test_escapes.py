"""No terminal escape from a save reaches a terminal (issue 18, item 5).

A save whose decision text, event reason or player name carries an OSC sequence
(ESC ] 0 ; title BEL, or OSC 52, which writes the clipboard) or a one-byte CSI
(0x9b) used to have it written raw by `pmtui export` and shown by `pmtui replay`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.engine.journal import read_journal
from pmtui.table.logtext import printable
from pmtui.table.replay import ReplayModel

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "saves" / "starlit-vs-tidewater.jsonl"
OSC52 = "\x1b]52;c;cm0gLXJmIH4=\x07"
TITLE = "\x1b]0;pwned\x07"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def hostile_save(tmp_path: Path) -> Path:
    lines = GOLDEN.read_text().splitlines()
    head = json.loads(lines[0])
    head["players"][0]["name"] = f"mallory{OSC52}"
    head["decks"][1]["name"] = f"deck{TITLE}\u202e"
    out = [json.dumps(head)]
    done = set()
    for line in lines[1:]:
        rec = json.loads(line)
        if rec.get("type") == "decision" and "decision" not in done:
            rec["action"] = f"pass{TITLE}\x9b2J"
            done.add("decision")
        elif rec.get("type") == "event" and rec["event"].get("t") == "move" and "ev" not in done:
            rec["event"]["why"] = f"draw{OSC52}\x9b31m"
            done.add("ev")
        out.append(json.dumps(rec, ensure_ascii=False))
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120)


def test_printable_writes_controls_out() -> None:
    assert printable(f"a{OSC52}b\x9bc\u202ed é 日本") == (
        "a\\x1b]52;c;cm0gLXJmIH4=\\x07b\\x9bc\\u202ed é 日本")


def test_export_writes_no_escape(tmp_path: Path) -> None:
    path = hostile_save(tmp_path)
    # a forged decision text does not verify: shown only when asked (--unverified)
    refused = run("export", str(path))
    assert refused.returncode == 1 and not any(c in refused.stderr for c in RAW)
    assert "pass\\x1b]0;pwned\\x07" in refused.stderr
    for fmt in ("text", "json"):
        done = run("export", str(path), "--format", fmt, "--unverified")
        assert done.returncode == 0, done.stderr
        assert not any(c in done.stdout + done.stderr for c in RAW), fmt
    text = run("export", str(path), "--unverified").stdout
    assert "mallory\\x1b]52" in text and "pass\\x1b]0;pwned\\x07" in text  # shown, not run
    for line in run("export", str(path), "--format", "json", "--unverified").stdout.splitlines():
        json.loads(line)  # still JSON, escapes and all


def test_replay_shows_no_escape(tmp_path: Path) -> None:
    loaded = read_journal(hostile_save(tmp_path))
    model = ReplayModel(loaded.header, loaded.records)
    assert not any(c in n for n in model.names for c in RAW)
    for perspective in (0, 1, None):
        for _, line in model.log(perspective):
            assert not any(c in line.text for c in RAW), line.text
        for i in range(min(len(loaded.records), 40)):
            assert not any(c in model.record_text(i, perspective) for c in RAW)


def test_a_deck_files_words_in_an_error_carry_no_escape(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """A deck file's name and card ids come back in `pmtui deck validate` and `pmtui
    play` errors: written out, not sent to the terminal."""
    from pmtui.cli import main

    deck = tmp_path / "d.toml"
    deck.write_text('name = "Bad\\u001b]0;pwned\\u0007"\n[main]\n"STA-001" = 4\n'
                    '"\\u001b[2J" = 1\n', encoding="utf-8")
    assert main(["deck", "validate", str(deck)]) == 1
    assert main(["play", "--deck", str(deck)]) == 2
    out, err = capsys.readouterr()
    assert "\\x1b[2J" in out and "Bad\\x1b]0;pwned\\x07" in err
    assert not any(c in out + err for c in RAW)
