"""The golden games in saves/: each must verify and export, as CI runs them.

When a rule change alters a golden game, `pmtui verify` fails here: rerun
`python benchmarks/make_golden.py`, commit the new files and add a line to
docs/CHANGELOG.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from save_helpers import GOLDEN

from pmtui.cli import main
from pmtui.engine.journal import read_journal
from pmtui.table.saves import is_finished

REGENERATE = "rules changed? rerun `python benchmarks/make_golden.py` and note it in CHANGELOG"


def test_there_are_enough_golden_games_of_each_kind() -> None:
    assert len(GOLDEN) >= 5
    journals = {p.stem: read_journal(p) for p in GOLDEN}
    pairs = {tuple(d["name"] for d in j.header["decks"]) for j in journals.values()}
    assert len(pairs) >= 5  # different deck pairs
    ends = [
        r["event"].get("reason", "") for j in journals.values() for r in j.records
        if r["type"] == "event" and r["event"]["t"] == "end"
    ]
    assert any("deck is empty" in reason for reason in ends)
    assert any(r["type"] == "undo" for j in journals.values() for r in j.records)
    assert any(  # a Decline chain: someone answered a play instead of passing
        r["type"] == "decision" and r.get("kind") == "respond" and r["action"] != "pass"
        for j in journals.values() for r in j.records
    )


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_verifies(path: Path, capsys: Any) -> None:
    status = main(["verify", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, f"{err.strip()} ({REGENERATE})"
    assert err == "" and "OK" in out and "(finished game)" in out
    assert is_finished(path) is True


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_exports(path: Path, capsys: Any) -> None:
    loaded = read_journal(path)
    turns = {
        r["event"]["set"]["turn"] for r in loaded.records
        if r["type"] == "event" and r["event"]["t"] == "var" and "turn" in r["event"]["set"]
    }
    assert main(["export", str(path), "--format", "text"]) == 0
    text, err = capsys.readouterr()
    assert err == ""
    shown = {int(n) for n in re.findall(r"^== turn (\d+) ", text, flags=re.M)}
    assert shown == turns == set(range(1, max(turns) + 1))  # every turn, in the notation
    decisions = [r for r in loaded.records if r["type"] == "decision"]
    assert all(f"{r['seq']}. P{r['player'] + 1} {r['action']}" in text for r in decisions)
    assert re.search(r"^== (P\d wins|draw): ", text, flags=re.M)

    assert main(["export", str(path), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    events = [json.loads(line) for line in out.splitlines()]
    assert events == [r["event"] for r in loaded.records if r["type"] == "event"]
    assert events[-1]["t"] == "end"
