"""The headless replay (pmtui/table/replay.py): a viewer's step, strides, turns and
perspective, and what a step shows, with no screen at all."""

from __future__ import annotations

import re
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
    assert shown.decision and model.rs.screen.label(str(rec["action"]), shown.view) in shown.line
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


WHOLE_GAMES = [GAME, SAVES / "pso" / "standard-heuristic.jsonl",
               SAVES / "sengoku_yugi" / "standard-heuristic.jsonl"]


@pytest.mark.parametrize("path", WHOLE_GAMES, ids=lambda p: p.parent.name + "/" + p.stem)
def test_every_step_line_is_in_words(path: Path) -> None:
    """The current-step line reads as the table's log does, in every game: no
    "· the table changes" for a change of the rules' own variables, no card ids
    ("P2 pay LBK-017@84"), the seats by the header's names, and the end in one voice
    (the reason names the seats too, never "player 1 has")."""
    model = ReplayModel.from_file(path)
    replay = Replay(model, perspective=0, start=0)
    names = model.names
    lines = []
    for step in range(1, len(model) + 1):
        replay.seek(step)
        lines.append(replay.shown().line)
    assert not any("the table changes" in x for x in lines)
    assert not any(re.search(r"\S@\d", x) for x in lines), [x for x in lines if "@" in x][:3]
    assert not any(re.match(r"P[12]\b", x) for x in lines)
    end = lines[-1]
    assert end.startswith("== ") and "player" not in end.lower()
    assert any(n in end for n in names)
    decided = [x for x in lines if x.startswith((f"{names[0]}: ", f"{names[1]}: "))]
    assert len(decided) > 20


def test_a_fight_in_the_step_line_says_what_the_log_says() -> None:
    """PSO: a damage dealt reads on its step as the log words it (the game's own
    line, pso/screen.py `event_line`: who takes how much from whom, HP left), not as
    the flag it sets ("Briar Lurker: dmg 65")."""
    model = ReplayModel.from_file(WHOLE_GAMES[1])
    replay = Replay(model, perspective=0, start=0)
    logged = {step: ln.text.strip() for step, ln in model.log(0, model.names)
              if "damage" in ln.text}
    assert len(logged) > 5
    for step, text in logged.items():
        replay.seek(step)
        assert replay.shown().line == text


@pytest.mark.parametrize("path", WHOLE_GAMES, ids=lambda p: p.parent.name + "/" + p.stem)
def test_a_turn_in_words_strides_a_whole_turn_from_the_seats_view(path: Path) -> None:
    """A stride by turn with what happened in it: one stride per turn to the end (a
    17-turn game is 18 presses, not 1,435 steps), each landing on the next turn's
    start; the lines are the viewer's log (no passes), so P2's hidden cards stay
    hidden from P1 while "both" names them."""
    model = ReplayModel.from_file(path)
    pass_text = model.rs.screen.words.pass_text
    seen: dict[object, list[str]] = {}
    for who in (0, None):
        replay = Replay(model, perspective=who)
        log = {ln.text for ln in Replay(model, perspective=who, start="end").shown().log}
        boxes = []
        while replay.position < len(model):
            title, lines = replay.turn_in_words()
            boxes.append(title)
            assert replay.position in (model.turn_stops() + [len(model)])
            for ln in lines:
                assert ln.text in log  # the seat's own log, worded as the table's
                assert not (ln.kind == "decision" and ln.action == pass_text)
                seen.setdefault(who, []).append(ln.text)
        # from the start of play (before turn 1 in Precious Memories: the hand redraw)
        played = [b for b in boxes if b != "Before the first turn"]
        assert len(boxes) - len(played) == (model.start_step() < model.turn_stops()[0])
        assert [int(b.split()[1].rstrip(":")) for b in played] == model.turns
        assert all(" (from here)" not in b for b in played[1:])
    assert "a card" in " ".join(seen[0]) and seen[0] != seen[None]


def test_the_end_reads_in_the_viewers_voice(model: ReplayModel) -> None:
    """Inside a game the seats are "You" and "CPU": the end's line says "You have 7
    point cards", never "player 1 has" (nor "You has")."""
    replay = Replay(model, perspective=0, start="end", labels=["You", "CPU"])
    line = replay.shown().line
    assert line == "== CPU wins: You have 7 point cards =="
    assert "player" not in line and "has" not in line
