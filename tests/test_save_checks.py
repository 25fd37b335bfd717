"""Save checks without holes (issue 18, item 6): a header's shape is checked once,
types count when comparing, every header field is checked or explained, and a
mismatch message shows where the logged and re-executed records differ."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "saves" / "starlit-vs-tidewater.jsonl"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=300)


def mutant(tmp_path: Path, edit) -> Path:
    lines = [json.loads(line) for line in GOLDEN.read_text().splitlines()]
    edit(lines)
    path = tmp_path / "mutant.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in lines) + "\n")
    return path


def first(lines, pred):
    return next(r for r in lines[1:] if pred(r))


@pytest.mark.parametrize("key,value", [("players", "x"), ("decks", 3), ("seed", "7"),
                                       ("seed", True), ("options", [1])])
def test_a_header_of_the_wrong_shape_is_one_line_naming_the_file(
        tmp_path: Path, key: str, value: object) -> None:
    path = mutant(tmp_path, lambda ls: ls[0].__setitem__(key, value))
    for command in ("verify", "export"):
        done = run(command, str(path))
        assert done.returncode != 0, command
        assert "Traceback" not in done.stderr
        line = done.stderr.strip()
        assert line.count("\n") == 0 and str(path) in line and repr(key) in line, line


def test_type_only_rewrites_are_caught_and_shown(tmp_path: Path) -> None:
    def edit(ls):
        ev = first(ls, lambda r: r.get("type") == "event" and r["event"].get("t") == "var"
                   and r["event"].get("rng") == 3)
        ev["event"]["rng"] = 3.0  # 3 == 3.0 in Python

    done = run("verify", str(mutant(tmp_path, edit)))
    assert done.returncode == 1
    assert "(at event.rng: 3.0 logged, 3 re-executed)" in done.stderr


def test_a_decision_whose_metadata_changed_is_caught(tmp_path: Path) -> None:
    def edit(ls):
        first(ls, lambda r: r.get("type") == "decision")["kind"] = "pass"

    done = run("verify", str(mutant(tmp_path, edit)))
    assert done.returncode == 1 and "at kind" in done.stderr


def test_a_changed_card_pool_is_explained(tmp_path: Path) -> None:
    path = mutant(tmp_path, lambda ls: ls[0].__setitem__("pool_digest", "0" * 16))
    done = run("verify", str(path))
    assert done.returncode == 0 and "card pool has changed" in done.stderr


def test_a_note_between_a_decision_and_its_events_is_ignored(tmp_path: Path) -> None:
    def edit(ls):
        i = next(i for i, r in enumerate(ls) if r.get("type") == "decision")
        ls.insert(i + 1, {"type": "note", "text": "written by hand"})
        for seq, r in enumerate(ls):
            r["seq"] = seq

    path = mutant(tmp_path, edit)
    done = run("verify", str(path))
    assert done.returncode == 0, done.stderr



def test_replay_checks_the_hashes_and_says_where(tmp_path: Path) -> None:
    from pmtui.engine.state import FoldError
    from pmtui.table.replay import ReplayModel

    ReplayModel.from_file(GOLDEN)  # a good save opens

    def edit(ls):
        ev = [r for r in ls[1:] if r.get("type") == "event" and r["event"].get("t") == "move"][5]
        ev["event"]["why"] = "edited by hand"

    path = mutant(tmp_path, edit)
    with pytest.raises(FoldError, match=r"line \d+: the \w+ differs from the fold"):
        ReplayModel.from_file(path)
    bad = mutant(tmp_path, lambda ls: ls[0].__setitem__("players", "x"))
    with pytest.raises(FoldError, match="'players' must be a list"):
        ReplayModel.from_file(bad)
