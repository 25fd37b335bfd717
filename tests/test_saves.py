"""Saves being played (pmtui/table/saves.py): start, resume, crash repair, finding the latest."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from save_helpers import header, play, saved_game

from pmtui.cli import build_parser
from pmtui.engine.game import Game
from pmtui.engine.journal import JournalWriter, SaveError, read_journal
from pmtui.table.games import ruleset
from pmtui.table.saves import (
    attach,
    check_save,
    is_finished,
    latest_unfinished,
    new_save_path,
    open_game,
    saves_dir,
    start_game,
)


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_bytes().splitlines()]


def test_saves_dir_is_under_the_user_data_dir(monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves_dir() == tmp_path / "pmtui" / "saves"
    first = new_save_path(42, tmp_path)
    assert first.parent == tmp_path and first.name.endswith("-seed42.jsonl")
    first.write_text("x")
    second = new_save_path(42, tmp_path)
    assert second != first and not second.exists()


def test_start_game_defaults_to_the_saves_dir(monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game, writer = start_game(header(3))
    with writer:
        play(game, 3, limit=5)
    assert writer.path.parent == tmp_path / "pmtui" / "saves"
    assert latest_unfinished() == writer.path


@pytest.mark.parametrize("existing", [True, False])
def test_save_naming_a_folder_puts_the_game_inside_it(tmp_path: Path, existing: bool) -> None:
    """`pmtui play --save DIR/` (or an existing DIR) saves into it, as `cp FILE DIR/`
    would, instead of making a file called DIR or failing on the folder."""
    folder = tmp_path / "newdir"
    if existing:
        folder.mkdir()
    save = build_parser().parse_args(["play", "--save", f"{folder}{'' if existing else '/'}"]).save
    game, writer = start_game(header(3), save)
    with writer:
        play(game, 3, limit=3)
    assert folder.is_dir() and writer.path.parent == folder
    assert writer.path.name.endswith("-seed3.jsonl")
    assert read_journal(writer.path).records


def test_every_decision_is_on_disk_when_act_returns(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game, writer = start_game(header(4), path)
    with writer:
        assert len(lines_of(path)) == len(game.records)  # header and set-up, before any decision
        for _ in range(30):
            d = game.pending()
            game.act(d.texts[0])
            on_disk = lines_of(path)
            assert len(on_disk) == len(game.records)
            assert on_disk[-1] == game.records[-1]
        assert game.snapshot_every  # a game being played keeps undo fast


def test_resume_continues_exactly_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = saved_game(path, 9, limit=137, note_rate=0.03)  # mid-window, mid-payment, ...
    resumed, writer, warnings = open_game(path)
    with writer:
        assert warnings == []
        assert resumed.records[1:] == game.records[1:]
        assert resumed.state.to_json() == game.state.to_json()
        assert resumed.moves == game.moves
        assert resumed.pending() == game.pending()
        play(resumed, 10)
    assert resumed.over is not None
    checked, loaded, warnings = check_save(path)
    assert warnings == [] and checked.state.to_json() == resumed.state.to_json()
    assert is_finished(path) is True
    again, writer, _ = open_game(path)  # a finished game stays readable
    with writer:
        assert again.pending() is None and again.over == resumed.over


def test_open_game_locks_the_save(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    saved_game(path, 2, limit=10)
    game, writer, _ = open_game(path)
    with writer, pytest.raises(SaveError, match="already open"):
        open_game(path)


def _commit_ends(records: list[dict[str, Any]]) -> list[int]:
    """Indexes after which a commit ends (header alone, set-up, each decision group, ...)."""
    ends = [0]
    for i in range(1, len(records)):
        nxt = records[i + 1] if i + 1 < len(records) else None
        if nxt is None or nxt["type"] in ("decision", "undo", "note"):
            ends.append(i)
    return ends


def test_a_save_cut_anywhere_resumes_with_every_complete_commit(tmp_path: Path) -> None:
    """A crash leaves a prefix of the bytes. Whatever the prefix, resuming keeps every
    commit that was complete (every acknowledged decision) and nothing after it."""
    full = tmp_path / "full.jsonl"
    game = saved_game(full, 12, limit=60, undo_rate=0.05, note_rate=0.05)
    data = full.read_bytes()
    records = game.records
    ends = _commit_ends(records)
    first_decision = next(i for i, r in enumerate(records) if r["type"] == "decision")
    line_ends = [i + 1 for i, b in enumerate(data) if b == 0x0A]
    rng = random.Random(1)
    cuts = sorted(set(rng.sample(range(len(data)), 60) + line_ends[:8] + [e - 1 for e in
                  line_ends[-12:]] + [len(data)]))
    for cut in cuts:
        path = tmp_path / f"cut{cut}.jsonl"
        path.write_bytes(data[:cut])
        complete = sum(1 for e in line_ends if e <= cut)
        if cut < line_ends[0] - 1:
            with pytest.raises(SaveError, match="incomplete header|empty save"):
                open_game(path)
            continue
        torn = cut not in line_ends and not _is_json(data, line_ends, cut)
        lines = complete + (1 if cut not in line_ends and not torn else 0)
        complete_commits = max(e for e in ends if e <= lines - 1)
        expect = max(complete_commits, first_decision - 1)  # a cut-off set-up is written again
        resumed, writer, warnings = open_game(path)
        with writer:
            assert resumed.records[1:] == records[1 : expect + 1], cut
            assert lines_of(path) == [lines_of(full)[0]] + records[1 : expect + 1]
            assert bool(warnings) == (torn or complete_commits + 1 < lines), cut
        assert check_save(path)[2] == [], cut
    # and a resumed cut save plays on to the end
    path = tmp_path / f"cut{cuts[len(cuts) // 2]}.jsonl"
    resumed, writer, _ = open_game(path)
    with writer:
        play(resumed, 77)
    assert resumed.over is not None and check_save(path)[2] == []


def _is_json(data: bytes, line_ends: list[int], cut: int) -> bool:
    start = max([e for e in line_ends if e <= cut], default=0)
    try:
        json.loads(data[start:cut])
        return True
    except ValueError:
        return False


def test_an_incomplete_decision_is_cut_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = saved_game(path, 5, limit=40)
    lines = path.read_bytes().splitlines(keepends=True)
    recs = game.records
    last_decision = max(  # the last decision followed by two events or more
        i for i, r in enumerate(recs[:-2]) if r["type"] == "decision"
        and recs[i + 1]["type"] == recs[i + 2]["type"] == "event"
    )
    path.write_bytes(b"".join(lines[: last_decision + 2]))  # the decision and one event
    checked, _, warnings = check_save(path)  # verify: fine, with a warning
    assert len(warnings) == 1 and f"line {last_decision + 1}" in warnings[0]
    assert "never acknowledged" in warnings[0]
    resumed, writer, warnings = open_game(path)
    with writer:
        assert "cut short by a crash" in warnings[0]
        assert len(resumed.records) == last_decision
        assert resumed.records[1:] == recs[1:last_decision]
        assert len(lines_of(path)) == last_decision
        play(resumed, 1, limit=3)
    assert check_save(path)[2] == []


def test_a_save_that_replays_differently_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    saved_game(path, 6, limit=50)
    recs = lines_of(path)
    i = next(i for i, r in enumerate(recs) if r["type"] == "event" and r["event"]["t"] == "move"
             and i > 30)
    recs[i]["event"]["card"] = recs[i]["event"]["card"] + 1
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    before = path.read_bytes()
    with pytest.raises(SaveError, match=f"line {i + 1}: logged event"):
        open_game(path)
    assert path.read_bytes() == before  # a refused save is not touched
    with pytest.raises(SaveError, match=f"line {i + 1}: logged event"):
        check_save(path)
    # an event more than the rules make, at the end
    recs = lines_of(tmp_path / "g.jsonl")
    recs[i]["event"]["card"] -= 1
    recs.append({"seq": len(recs), "type": "event", "event": {"t": "say", "text": "hi"}})
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    with pytest.raises(SaveError, match=f"line {len(recs)}: .*re-executed nothing"):
        open_game(path)
    # a decision the rules do not allow
    recs[-1] = {"seq": len(recs) - 1, "type": "decision", "player": 0, "action": "fly"}
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    with pytest.raises(SaveError, match=f"line {len(recs)}: (not a legal|it is player)"):
        open_game(path)


def test_a_hash_difference_is_caught_by_verify(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    saved_game(path, 6, limit=20)
    recs = lines_of(path)
    recs[3]["hash"] = "0" * 16
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    with pytest.raises(SaveError, match="line 4: logged event"):
        check_save(path)
    with pytest.raises(SaveError, match="line 4"):
        open_game(path, verify=True)


def test_unknown_ruleset_and_bad_header(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    with JournalWriter(path, {**header(1), "ruleset": "chess"}):
        pass
    with pytest.raises(SaveError, match="unknown ruleset 'chess'"):
        open_game(path)
    bad = tmp_path / "bad.jsonl"
    h = header(1)
    h["decks"][0]["main"][0] = "NOPE-999"
    with pytest.raises(Exception):  # noqa: B017 - whatever the rules say about the card
        start_game(h, bad)
    assert not bad.exists()  # no unplayable save left behind
    with JournalWriter(bad, h):
        pass
    with pytest.raises(SaveError, match='line 1: header: decks.0..main: "NOPE-999" is not a card'):
        open_game(bad)


def test_attach_checks_the_writer_matches(tmp_path: Path) -> None:
    game = Game(ruleset(), header(1))
    with JournalWriter(tmp_path / "g.jsonl", game.header) as writer, pytest.raises(
        SaveError, match="the save holds 0 records"
    ):
        attach(game, writer)


def test_is_finished_and_latest_unfinished(tmp_path: Path) -> None:
    assert latest_unfinished(tmp_path / "nowhere") is None
    done = tmp_path / "done.jsonl"
    saved_game(done, 1)
    assert is_finished(done) is True
    # notes after the end keep it finished; an undo after the end reopens the game
    noted, writer, _ = open_game(done)
    with writer:
        noted.note("good game")
    assert is_finished(done) is True
    reopened = tmp_path / "reopened.jsonl"
    reopened.write_bytes(done.read_bytes())
    g, writer, _ = open_game(reopened)
    with writer:
        g.undo(len(g.moves) - 1)
    assert is_finished(reopened) is False
    partial = tmp_path / "partial.jsonl"
    saved_game(partial, 2, limit=30)
    assert is_finished(partial) is False
    header_only = tmp_path / "h.jsonl"
    with JournalWriter(header_only, header(1)):
        pass
    assert is_finished(header_only) is False
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"\x00\xffnot a save\n")
    assert is_finished(garbage) is None
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps({"format": "pmtui-save", "version": 99, "seq": 0,
                                 "type": "header"}) + "\n")
    assert is_finished(newer) is None
    (tmp_path / "notes.txt").write_text("hello")

    def touch(p: Path, t: int) -> None:
        os.utime(p, ns=(t * 10**9, t * 10**9))

    for t, p in enumerate([partial, reopened, done, header_only, garbage, newer], start=1):
        touch(p, 1000 + t)
    assert latest_unfinished(tmp_path) == header_only
    header_only.unlink()
    assert latest_unfinished(tmp_path) == reopened
    touch(partial, 5000)
    assert latest_unfinished(tmp_path) == partial


def test_a_long_save_tail_is_read_from_the_end(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    saved_game(path, 3)
    assert path.stat().st_size > 1 << 16  # more than the tail read
    assert is_finished(path) is True
    with path.open("ab") as f:
        f.write(b'{"seq": 99999, "type": "ev')  # a torn last line: skipped
    assert is_finished(path) is True


# -- JournalWriter.drop_after (the repair helper) ----------------------------------------


def test_drop_after_cuts_back_to_a_record(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with JournalWriter(path, {"seed": 1}) as w:
        w.write([{"seq": s, "type": "note", "text": f"n{s} ü"} for s in range(1, 8)])
        w.drop_after(4)
        assert w.next_seq == 5
        w.write([{"seq": 5, "type": "note", "text": "again"}])
    loaded = read_journal(path)
    assert [r["text"] for r in loaded.records] == ["n1 ü", "n2 ü", "n3 ü", "n4 ü", "again"]
    with JournalWriter(path) as w:
        assert w.loaded is not None and len(w.loaded.records) == 5
        w.drop_after(2)
        assert w.loaded.records[-1]["seq"] == 2
        w.drop_after(2)  # nothing to do
        w.drop_after(0)
        assert w.next_seq == 1
        with pytest.raises(SaveError, match="no record 3"):
            w.drop_after(3)
        w.append({"seq": 1, "type": "note", "text": "x"})
        with pytest.raises(SaveError, match="records unwritten"):
            w.drop_after(0)
        w.discard()
    assert read_journal(path).records == []
    assert path.read_bytes().count(b"\n") == 1


def test_resume_mid_payment_mid_chain_mid_window(tmp_path: Path) -> None:
    """Stop right before a decision of each kind (paying a cost, answering in a Decline
    chain, a priority window, ...): the resumed game asks exactly that decision again."""
    full = tmp_path / "full.jsonl"
    game = saved_game(full, 21)
    lines = full.read_bytes().splitlines(keepends=True)
    records = game.records
    first_of: dict[str, int] = {}
    for i, r in enumerate(records):
        if r["type"] == "decision":
            first_of.setdefault(r["kind"], i)
    assert {"pay", "respond", "priority", "approach", "interfere"} <= set(first_of)
    for kind, i in sorted(first_of.items()):
        path = tmp_path / f"{kind}.jsonl"
        path.write_bytes(b"".join(lines[:i]))  # the save as it was when that was asked
        resumed, writer, warnings = open_game(path)
        with writer:
            assert warnings == []
            d = resumed.pending()
            assert d is not None and d.kind == kind and d.player == records[i]["player"]
            shadow = Game.from_records(resumed.ruleset, resumed.header, records[1:i])
            assert (d.texts, d.prompt, d.info) == (
                shadow.pending().texts, shadow.pending().prompt, shadow.pending().info
            )
            resumed.act(records[i]["action"], records[i]["player"])
        after = lines_of(path)
        n = len(after)
        assert after[i:] == records[i:n] and n > i + 1  # the same decision, the same events
