"""The replay viewer (pmtui/tui/replay.py): stepping, strides, perspective, jump, autoplay,
the viewer inside a game, `pmtui replay` on bad files, and a snapshot at 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from pmtui.cli import main
from pmtui.table.replay import ReplayModel
from pmtui.tui.replay import GotoTurnScreen, ReplayApp, ReplayScreen

from .helpers import make_app, settle

SAVES = Path(__file__).resolve().parents[2] / "saves"
GAME = SAVES / "starlit-vs-tidewater.jsonl"  # a whole game, both seats random players
WITH_UNDO = SAVES / "with-undo.jsonl"


def viewer(path: Path = GAME) -> ReplayApp:
    return ReplayApp(ReplayModel.from_file(path))


def screen_of(app: ReplayApp) -> ReplayScreen:
    return app.replay_screen


def text(app: ReplayApp, widget_id: str) -> str:
    return str(screen_of(app).query_one(f"#{widget_id}").render())


def row_uids(screen: ReplayScreen) -> set[int]:
    """Every card drawn in the board's card rows."""
    from pmtui.tui.widgets.board import CardRow

    return {int(c["uid"]) for row in screen.query(CardRow) if row.display for c in row.cards}


async def test_stepping_changes_the_step_the_line_and_the_turn() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        model = screen.model
        start = screen.position
        assert start == model.start_step() and start > 0
        line = text(app, "r-line")
        await pilot.press("right")
        assert screen.position == start + 1
        assert text(app, "r-line") != line
        await pilot.press("left", "left")
        assert screen.position == start - 1
        # by turn: the status line names the turn, and it goes up
        await pilot.press("n")
        first = model.cursor.turn_at(screen.position)
        assert f"turn {first}" in text(app, "status")
        await pilot.press("n", "n")
        assert model.cursor.turn_at(screen.position) == first + 2
        assert f"turn {first + 2}" in text(app, "status")
        await pilot.press("p")
        assert model.cursor.turn_at(screen.position) == first + 1
        # by decision: lands just after a decision record, and the line names it in
        # the game's words (the notation's card ids never show)
        await pilot.press("right_square_bracket")
        rec = model.cursor.record_at(screen.position - 1)
        assert rec is not None and rec["type"] == "decision"
        label = model.rs.screen.label(str(rec["action"]), screen.pview)
        assert label in text(app, "r-line") and "@" not in text(app, "r-line")
        at = screen.position
        await pilot.press("shift+right")
        assert screen.position > at
        await pilot.press("left_square_bracket")
        assert screen.position == at
        await pilot.press("end")
        assert screen.position == len(model)
        assert "(end)" in text(app, "r-line")
        await pilot.press("right")  # clamped
        assert screen.position == len(model)


async def test_perspective_one_hides_player_twos_hand() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        for _ in range(4):
            await pilot.press("n")
        state = screen.model.cursor.state
        while not (state.zones.get("0/hand") and state.zones.get("1/hand")):
            await pilot.press("right_square_bracket")  # a decision on: both hold cards
            state = screen.model.cursor.state
        theirs = set(state.zones["1/hand"])
        mine = set(state.zones["0/hand"])
        assert theirs and mine
        assert screen.perspective == 0
        shown = row_uids(screen)
        assert not shown & theirs  # not one of player 2's hand cards is drawn
        assert mine <= shown
        assert isinstance(screen.pview["zones"]["1/hand"], int)  # a count
        assert f"Hand {len(theirs)}" in str(screen.query_one("#opp-bar").render())
        assert not screen.query_one("#opp-hand").display
        # player 2's private decisions stay private in player 1's log
        lines = {line.text for _, line in screen.model.log(0)}
        private = [r for r in screen.model.cursor.records
                   if r.get("type") == "decision" and r.get("private") and r["player"] == 1]
        assert private
        # a pick of a set paid from the hidden hand is left out, as in the table's log
        # (the play's own line stands for it); another is named by its kind
        assert {rec["kind"] for rec in private} > {"pay"}
        for rec in private:
            assert f"P2 {rec['action']}" not in lines
            assert (f"P2 {rec['kind']}" in lines) == (rec["kind"] != "pay")

        await pilot.press("2")  # player 2 at the bottom: their hand, not mine
        assert screen.perspective == 1
        shown = row_uids(screen)
        assert theirs <= shown and not shown & mine
        await pilot.press("b")  # both: every hand card, and said so
        assert screen.perspective is None
        assert screen.query_one("#opp-hand").display
        assert theirs | mine <= row_uids(screen)
        assert "both" in text(app, "status")
        await pilot.press("1")
        assert screen.perspective == 0 and not row_uids(screen) & theirs


async def test_jump_to_turn() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("g")
        assert isinstance(app.screen, GotoTurnScreen)
        await pilot.press("5", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.position == screen.model.turn_start(5)
        assert "turn 5" in text(app, "status")
        await pilot.press("g", "9", "9", "9", "enter")  # no such turn: a notice, no move
        await pilot.pause()
        assert screen.position == screen.model.turn_start(5)
        assert any("no turn 999" in n.message for n in app._notifications)


async def test_autoplay_and_speed() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        start = screen.position
        await pilot.press("plus", "plus", "plus")  # 32 steps a second
        await pilot.press("space")
        assert screen.timer is not None and "▶" in text(app, "status")
        await pilot.pause(0.5)
        await pilot.press("space")
        assert screen.timer is None
        assert screen.position > start


async def test_stepping_across_undo_records() -> None:
    app = viewer(WITH_UNDO)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        cursor = screen.model.cursor
        undo_step = cursor.undo_steps[0]
        screen.seek(undo_step - 1)
        before = cursor.state.to_json()
        await pilot.press("right")
        assert screen.position == undo_step
        assert "undo" in text(app, "r-line")
        assert cursor.state.to_json() != before  # the state jumped back
        await pilot.press("left")
        assert cursor.state.to_json() == before


async def test_the_games_own_viewer_keeps_hidden_cards_hidden() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot, app)
            d = app.table.decision_for(0)
            if d is not None and d.kind == "priority":
                break
            await pilot.press("enter")
        n = len(app.table.game.records)
        await pilot.press("r")
        await settle(pilot, app)
        assert isinstance(app.screen, ReplayScreen)
        screen = app.screen
        assert screen.position == n - 1 and screen.perspective == 0
        await pilot.press("2")
        await pilot.press("b")
        assert screen.perspective == 0  # the computer's hand stays hidden during the game
        assert sum("only once the game is over" in m.message or "only your own side" in
                   m.message for m in app._notifications) == 2
        assert app.legal_actions() == []  # the palette does not act on the game from here
        await pilot.press("left", "left")
        await pilot.press("q")
        await settle(pilot, app)
        assert not isinstance(app.screen, ReplayScreen)
        assert len(app.table.game.records) == n  # looking back changed nothing


@pytest.mark.parametrize("content", ["not json\n", ""])
def test_replay_bad_file_is_one_line(tmp_path: Path, capsys, content: str) -> None:  # noqa: ANN001
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: ") and err.count("\n") == 1 and "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_replay_of_a_corrupt_event_is_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    import json

    lines = GAME.read_text().splitlines()
    recs = [json.loads(x) for x in lines]
    i = next(i for i, r in enumerate(recs) if i > 30 and r.get("type") == "event"
             and r["event"].get("t") == "move")
    recs[i]["event"]["card"] = 99999
    bad = tmp_path / "fold.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "99999" in err and err.count("\n") == 1


async def goto_turn_4(pilot) -> None:  # noqa: ANN001
    await pilot.pause()
    await pilot.press("g", "4", "enter")
    await pilot.press("right_square_bracket")
    await pilot.pause()


def test_replay_snapshot_80x24(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(viewer(), terminal_size=(80, 24), run_before=goto_turn_4)


async def test_the_games_own_viewer_shows_both_once_it_is_over() -> None:
    from pmtui.ai import make_player
    from pmtui.engine.journal import read_journal
    from pmtui.table.saves import reexecute
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig

    loaded = read_journal(GAME)
    game, _ = reexecute(loaded.header, loaded.records)
    assert game.over
    app = PmApp(LocalTable(game, [HUMAN, make_player("random", 1)]), config=TuiConfig(),
                threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # the game-over box
        await pilot.press("r")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.replay.allow_both
        await pilot.press("b")
        assert screen.perspective is None
        await pilot.press("escape")
        await settle(pilot, app)
        assert not isinstance(app.screen, ReplayScreen)


async def test_a_viewer_started_in_a_small_terminal_says_so_until_enlarged() -> None:
    from pmtui.tui.screens.info import TooSmallScreen

    app = viewer()
    async with app.run_test(size=(70, 20)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is screen_of(app)


@pytest.mark.parametrize("path", [GAME, SAVES / "pso" / "standard-random.jsonl",
                                  SAVES / "sengoku_yugi" / "standard-heuristic.jsonl"])
async def test_home_is_the_start_of_play_with_the_cards_dealt(path: Path) -> None:
    """Issue 17 item 11: `home` used to land on the choice of who goes first, before a
    card was dealt. Now both seats hold their hands there, and the line says so."""
    app = viewer(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("end", "home")
        at = screen.position
        assert at == screen.model.start_step()
        state = screen.model.cursor.seek(at)
        assert all(state.zones.get(f"{p}/hand") for p in (0, 1))  # both hands dealt
        assert "start of play" in text(app, "r-line")
        rec = screen.model.cursor.record_at(at)
        assert rec is not None and rec["type"] == "decision"  # the first one once dealt
        first = screen.model.cursor.decision_steps[0]
        if first < at:  # a set-up choice before the deal: no hand yet
            assert not screen.model.cursor.seek(first).zones.get("0/hand")
        await pilot.press("left")
        assert "start of play" not in text(app, "r-line")


async def test_a_notice_leaves_the_current_step_line_readable() -> None:
    """Issue 17 item 11: notices sat at the bottom right, over the current-step line."""
    app = viewer()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("home", "p")  # no earlier turn: a notice
        await pilot.pause(0.3)
        from textual.widgets._toast import Toast

        toasts = list(app.screen.query(Toast))
        assert toasts
        line = screen.query_one("#r-line").region
        for toast in toasts:
            assert not toast.region.overlaps(line)


SENGOKU = SAVES / "sengoku_yugi" / "standard-heuristic.jsonl"


async def test_the_log_reads_like_the_tables_with_the_headers_names() -> None:
    """Both sides of a SENGOKU YUGI game: the log panel words decisions as the table's
    log does (the ruleset's screen label after the seat's name), names the seats as the
    header does, and fills the panel to its last row (the oldest line cut at the top)."""
    app = viewer(SENGOKU)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        screen = screen_of(app)
        spec = screen.model.rs.screen
        names = screen.labels
        assert text(app, "status").startswith(f" replay  {names[0]} vs {names[1]}")
        seen_decision = False
        for _ in range(60):
            await pilot.press("right")
            shown = screen.replay.shown()
            decisions = [ln for ln in shown.log if ln.kind == "decision"]
            for ln in decisions:
                assert ln.player is not None
                assert ln.text == f"{names[ln.player]}: {spec.label(ln.action, shown.view)}"
            assert not any(ln.text.startswith(("P1 ", "P2 ", "  P1 ", "  P2 "))
                           for ln in shown.log)
            seen_decision = seen_decision or bool(decisions)
            log = screen.query_one("#log")
            drawn = Text(str(log.render()))  # its rows as drawn, wrapped at its width
            rows = [str(r) for r in drawn.wrap(app.console, log.content_size.width)]
            if len(shown.log) >= log.content_size.height:  # more than it holds: full
                assert len(rows) == log.content_size.height, rows
            assert rows[-1].strip()  # the newest line ends the panel
        assert seen_decision


@pytest.mark.parametrize("path", [GAME, SAVES / "pso" / "standard-heuristic.jsonl", SENGOKU],
                         ids=["precious_memories", "pso", "sengoku_yugi"])
async def test_t_strides_a_turn_and_says_what_happened_in_it(path: Path) -> None:
    """`t` goes over the rest of the turn and opens its summary in words (the box the
    table shows after the computer's turn); enter closes it with the board at the next
    turn's start. One press a turn takes the whole game to its end at 80x24."""
    from pmtui.tui.screens.info import SummaryScreen

    app = viewer(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        model = screen.model
        presses = 0
        while screen.position < len(model) and presses < 60:
            await pilot.press("t")
            presses += 1
            box = app.screen
            assert isinstance(box, SummaryScreen)
            turn = model.cursor.turn_at(screen.position - 1)
            assert box.title_text.startswith((f"Turn {turn}", "Before the first turn"))
            assert box.lines and not any("@" in line.plain for line in box.lines)
            await pilot.press("enter")
            assert app.screen is screen
            if screen.position < len(model):
                assert screen.position in model.turn_stops()
                assert f"turn {turn + 1}" in text(app, "status") if turn else True
        assert presses <= len(model.turns) + 1 < len(model) // 10
        await pilot.press("t")  # at the end: a notice, no box
        assert app.screen is screen
        assert any("no later turn" in n.message for n in app._notifications)
