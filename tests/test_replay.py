"""The replay cursor (pmtui/engine/replay.py): fold-only seeking, undo jumps, strides."""

from __future__ import annotations

import random
from typing import Any

import pytest
from save_helpers import GOLDEN, new_game, play

from pmtui.engine.hashes import DIGEST_EVERY
from pmtui.engine.journal import read_journal
from pmtui.engine.replay import ReplayCursor, effective_decisions
from pmtui.engine.state import FoldError, State, fold


def reference(records: list[dict[str, Any]], step: int) -> State:
    """The state at `step` the slow, obvious way: the events in effect, folded from scratch."""
    groups: list[list[dict[str, Any]]] = [[]]  # set-up, then one group per decision in effect
    for rec in records[:step]:
        if rec["type"] == "decision":
            groups.append([])
        elif rec["type"] == "event":
            groups[-1].append(rec["event"])
        elif rec["type"] == "undo":
            del groups[rec["to"] + 1 :]
    return fold(ev for group in groups for ev in group)


def same(a: State, b: State) -> bool:
    return a.to_json() == b.to_json() and a.applied == b.applied


@pytest.fixture(scope="module")
def busy_game() -> Any:
    """A game with undos and notes: the hard case for a cursor."""
    game = play(new_game(7), 7, undo_rate=0.05, note_rate=0.02)
    assert any(r["type"] == "undo" for r in game.records)
    assert any(r["type"] == "note" for r in game.records)
    return game


def test_seek_to_any_step_equals_folding_from_the_start(busy_game: Any) -> None:
    records = busy_game.records[1:]
    cursor = ReplayCursor(busy_game.header, busy_game.records, every=16)
    assert len(cursor) == len(records)
    steps = list(range(0, len(records) + 1, 5)) + [len(records)]
    steps += [s + d for s in cursor.undo_steps for d in (-1, 0, 1)]
    random.Random(3).shuffle(steps)  # forward, backward and far jumps alike
    for step in steps:
        step = max(0, min(step, len(records)))
        assert same(cursor.seek(step), reference(records, step)), step
        assert cursor.position == step


def test_every_logged_hash_matches_the_folded_state(busy_game: Any) -> None:
    """Undo jumps land on exactly the state Game.undo rebuilt by re-executing."""
    cursor = ReplayCursor(busy_game.header, busy_game.records)
    events = len(cursor.event_steps)
    digests = sum("digest" in r for r in cursor.records)
    assert events // DIGEST_EVERY <= digests <= events // DIGEST_EVERY + len(cursor.undo_steps) + 1
    assert cursor.check_hashes() == events + digests  # a link on every event, and the digests
    assert cursor.seek(len(cursor)).to_json() == busy_game.state.to_json()


def test_a_changed_event_or_digest_is_caught_by_the_check(busy_game: Any) -> None:
    records = [dict(r) for r in busy_game.records[1:]]
    at = next(i for i, r in enumerate(records) if "digest" in r)
    records[at] = {**records[at], "digest": "0" * 16}
    with pytest.raises(FoldError, match=f"line {at + 2}: the digest differs"):
        ReplayCursor(busy_game.header, records).check_hashes()
    records = [dict(r) for r in busy_game.records[1:]]
    say = {"t": "say", "text": "an extra line"}  # folds to nothing: only the chain sees it
    records[3] = {**records[3], "event": say} if records[3]["type"] == "event" else records[3]
    assert records[3]["event"] == say
    with pytest.raises(FoldError, match="line 5: the chain differs"):
        ReplayCursor(busy_game.header, records).check_hashes()


def test_state_at_returns_a_copy_and_stepping_walks(busy_game: Any) -> None:
    cursor = ReplayCursor(busy_game.header, busy_game.records)
    copy = cursor.state_at(40)
    copy.vars["mine"] = 1
    assert "mine" not in cursor.seek(40).vars
    cursor.seek(0)
    for step in range(1, 120):
        assert same(cursor.step(), reference(cursor.records, step))
    assert cursor.seek(10**9) is cursor.state and cursor.position == len(cursor)
    assert cursor.seek(-5).to_json() == State().to_json()


def test_strides_by_decision_turn_and_event(busy_game: Any) -> None:
    cursor = ReplayCursor(busy_game.header, busy_game.records)
    recs = cursor.records
    assert all(recs[s]["type"] == "decision" for s in cursor.decision_steps)
    assert len(cursor.decision_steps) == sum(r["type"] == "decision" for r in recs)
    assert all(recs[s - 1]["type"] == "event" for s in cursor.event_steps)
    assert all(recs[s - 1]["type"] == "undo" for s in cursor.undo_steps)
    turns = [t for _, t in cursor.turn_steps]
    assert turns[0] == 1 and max(turns) >= busy_game.state.vars["turn"]
    for s in cursor.undo_steps + [len(cursor)]:  # an undo can take a turn back
        assert cursor.turn_at(s) == cursor.state_at(s).vars.get("turn")
    step, turn = cursor.turn_steps[3]
    assert cursor.turn_at(step) == turn and cursor.turn_at(step - 1) == cursor.turn_steps[2][1]
    assert cursor.turn_at(0) is None
    cursor.seek(step)
    nxt = cursor.next_of(cursor.decision_steps)
    assert nxt is not None and nxt > step and recs[nxt]["type"] == "decision"
    prev = cursor.previous_of(cursor.decision_steps)
    assert prev is not None and prev < step
    assert cursor.record_at(nxt) is recs[nxt] and cursor.record_at(len(cursor)) is None


def test_effective_decisions_follow_the_undos(busy_game: Any) -> None:
    where = effective_decisions(busy_game.records)
    moves = [(busy_game.records[i]["player"], busy_game.records[i]["action"]) for i in where]
    assert moves == busy_game.moves


def test_a_bad_undo_or_event_is_a_fold_error_naming_the_record() -> None:
    game = play(new_game(2), 2, limit=30)
    records = [dict(r) for r in game.records]
    bad_undo = records + [{"seq": len(records), "type": "undo", "to": 999}]
    with pytest.raises(FoldError, match=f"line {len(records) + 1}: undo to 999"):
        ReplayCursor(game.header, bad_undo)
    with pytest.raises(FoldError, match="undo to 999"):
        effective_decisions(bad_undo)
    move = {"t": "move", "card": 10**6}
    broken = records + [{"seq": len(records), "type": "event", "event": move}]
    with pytest.raises(FoldError, match=f"line {len(records) + 1}:"):
        ReplayCursor(game.header, broken)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_games_fold_to_their_hashes(path: Any) -> None:
    cursor = ReplayCursor.from_file(path)
    assert cursor.warnings == []
    assert cursor.check_hashes() >= len(cursor.event_steps)  # old saves: "hash" on every event
    loaded = read_journal(path)
    assert cursor.records == loaded.records
