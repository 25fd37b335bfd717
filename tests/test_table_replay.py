"""The headless replay (pmtui/table/replay.py): a viewer's step, strides, turns and
perspective, and what a step shows, with no screen at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.table.replay import Replay, ReplayModel

SAVES = Path(__file__).resolve().parents[1] / "saves"
GAME = SAVES / "starlit-vs-tidewater.jsonl"  # a whole game, both seats random players


@pytest.fixture(scope="module")
def model() -> ReplayModel:
    return ReplayModel.from_file(GAME)


def test_a_replay_opens_at_the_first_dealt_decision_and_clamps(model: ReplayModel) -> None:
    r = Replay(model)
    assert r.position == model.start_step() > 0
    r.seek(-5)
    assert r.position == 0 and r.shown().line == ""
    r.seek(len(model) + 10)
    assert r.position == len(model) and r.shown().at_end
    assert Replay(model, start="end").position == len(model)
    assert Replay(model, start=3).position == 3


def test_the_decision_stride_lands_just_after_a_decision(model: ReplayModel) -> None:
    r = Replay(model)
    assert r.stride("decision", 1) is None
    rec = model.cursor.record_at(r.position - 1)
    assert rec is not None and rec["type"] == "decision"
    shown = r.shown()
    assert shown.decision and str(rec["action"]).split()[0] in shown.line
    r.edge(True)
    assert r.stride("decision", 1) == "no later decision"
    assert r.position == len(model)
    r.edge(False)
    assert r.position == model.start_step()


def test_turns_by_number_and_refusals_in_words(model: ReplayModel) -> None:
    r = Replay(model)
    first, last = model.turns[0], model.turns[-1]
    assert r.goto_turn(f" {first + 1} ") is None
    assert model.cursor.turn_at(r.position) == first + 1
    at = r.position
    assert r.goto_turn("seven") == "not a turn number: 'seven'"
    assert r.goto_turn(str(last + 5)) == f"no turn {last + 5} (turns {first}–{last})"
    assert r.position == at  # a refusal does not move
    assert r.stride("turn", -1) is None
    assert model.cursor.turn_at(r.position) == first


def test_what_a_step_shows_one_seat(model: ReplayModel) -> None:
    r = Replay(model, perspective=0)
    r.seek(len(model) // 2)
    state = model.cursor.state
    shown = r.shown()
    assert isinstance(shown.view["zones"]["1/hand"], int)  # the other hand: a count
    assert [c["uid"] for c in shown.view["zones"]["0/hand"]] == list(state.zones["0/hand"])
    everything = model.log(0)
    # the model's lines up to the step, with the seats by the viewer's names
    assert [ln.action for ln in shown.log] == [
        ln.action for step, ln in model.log(0, r.labels) if step <= r.position]
    assert len(shown.log) < len(everything)
    # the other seat's private decisions are named by kind only
    private = [rec for rec in model.cursor.records
               if rec.get("type") == "decision" and rec.get("private") and rec["player"] == 1]
    assert private
    for i, rec in enumerate(model.cursor.records):
        if rec in private[:5]:
            assert rec["action"] not in model.record_text(i, 0)


def test_perspective_rules_for_a_game_still_running(model: ReplayModel) -> None:
    r = Replay(model, perspective=1, allow_both=False)
    assert r.view_as(0) == "during a game you see only your own side (both once it is over)"
    assert r.view_as(None) == "both hands are shown only once the game is over"
    assert r.perspective == 1 and r.bottom == 1
    assert r.view_as(1) is None
    free = Replay(model, perspective=1, labels=["Ann", "Bo"])
    assert free.view_as(None) is None and free.perspective is None
    assert free.bottom == 0 and free.label() == "both (all cards)"
    shown = free.shown()
    assert all(isinstance(z, list) for z in shown.view["zones"].values())  # every card
    assert free.view_as(0) is None and free.label() == "P1 Ann"


def test_a_change_of_the_turn_is_worded_as_the_turn_flow_panel_words_it(
        model: ReplayModel) -> None:
    """The current-step line of a phase, step or priority change says it in the
    ruleset's words (its turn-flow panel), not the variables ("· prio 0, passes 2")."""
    said: set[str] = set()
    for i in range(len(model)):
        rec = model.cursor.record_at(i) or {}
        changed = (rec.get("event") or {}).get("set") or {}
        if rec.get("type") == "event" and (rec.get("event") or {}).get("t") == "var" \
                and "turn" not in changed and {"phase", "step", "prio", "passes"} & set(changed):
            text = model.record_text(i, 0)
            assert not any(f"{k} " in text for k in ("prio", "passes", "step", "phase")), text
            said.add(text)
    p1, p2 = model.names
    # precious_memories/screen.py flow(): phases, the approach's steps ①-⑥, who acts
    assert {"· Game setup · hand redraw", f"· Main · {p1} to act", "· End",
            "· Appr · ① the Approacher picks a chara", f"· Appr · {p2} to act · {p1} passed",
            f"· Appr · ② events, effects · {p1} to act"} <= said
