"""The replay viewer's analysis at 80x24: the win-chance line, the panel of the current
decision, the turning points, worked out in the background while the keys still move."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Static

from pmtui.table import analysis as headless
from pmtui.table.analysis import Analysis, Point, Settings
from pmtui.table.replay import ReplayModel
from pmtui.tui.analysis import AnalysisPanel, ChanceLine, columns
from pmtui.tui.replay import ReplayApp

SAVES = Path(__file__).resolve().parents[2] / "saves"


def _short(tmp_path: Path, records: int = 80, name: str = "short.jsonl") -> Path:
    lines = (SAVES / "pso" / "quick-heuristic-vs-random.jsonl").read_text(
        encoding="utf-8").splitlines(keepends=True)[: records + 1]
    out = tmp_path / name
    out.write_text("".join(lines), encoding="utf-8")
    return out


async def _ready(pilot, screen, rounds: int = 400) -> None:  # noqa: ANN001
    for _ in range(rounds):
        if screen.analysis is not None or (screen.progress and screen.progress.error):
            return
        await pilot.pause(0.05)
    raise AssertionError("the analysis did not finish")


async def test_the_line_and_the_panel_show_the_analysis_and_keys_never_wait(
        tmp_path: Path) -> None:
    save = _short(tmp_path)
    app = ReplayApp(ReplayModel.from_file(save), analyse=True)
    app.replay_screen.analysis_level = "easy"  # few playouts: a test of seconds
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.replay_screen
        line = screen.query_one(ChanceLine)
        assert line.display and "P1 chance" in str(line.render())
        start = screen.position
        await pilot.press("right")  # while the analysis is worked out
        assert screen.position == start + 1
        await _ready(pilot, screen)
        assert screen.analysis is not None and screen.analysis.points
        # the line: a block a decision, then the chance after the last one weighed
        await pilot.press("end")
        drawn = str(line.render())
        assert any(ch in drawn for ch in "▁▂▃▄▅▆▇█") and drawn.rstrip().endswith("%")
        first = screen.analysis.points[0]
        screen.seek(first.step + 1)
        await pilot.press("a")
        assert isinstance(app.screen, AnalysisPanel)
        words = str(app.screen.query_one("#analysis-text").render())
        assert f"before: {first.before:.0%} · after: {first.after:.0%}" in words
        assert "The computer would have played" in words or "The computer rates" in words
        await pilot.press("escape")
        assert not isinstance(app.screen, AnalysisPanel)
    # kept beside the save: the next viewer reads it without working it out
    assert headless.beside(save).exists()


async def test_t_and_shift_t_go_to_the_turning_points(tmp_path: Path) -> None:
    save = _short(tmp_path)
    app = ReplayApp(ReplayModel.from_file(save))
    app.replay_screen.analysis_level = "easy"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.replay_screen
        await pilot.press("m")  # no analysis yet: it starts, nothing moves
        assert screen.progress is not None
        await _ready(pilot, screen)
        # the computed chances replaced by a game with two falls of 20 points
        steps = [p.step for p in screen.analysis.points][:4]
        chances = ((0.6, 0.6), (0.6, 0.4), (0.4, 0.4), (0.4, 0.2))
        made = [Point(s, 0, 1, "main", "x", b, a, "y", b, 2)
                for s, (b, a) in zip(steps, chances, strict=True)]
        screen.analysis = Analysis(Settings(0), "d", made)
        screen.seek(0)
        await pilot.press("m")
        assert screen.position == steps[1] + 1
        await pilot.press("m")
        assert screen.position == steps[3] + 1
        await pilot.press("m")  # none later: a notice, no move
        assert screen.position == steps[3] + 1
        await pilot.press("M")
        assert screen.position == steps[1] + 1


def test_a_long_game_shares_its_decisions_out_over_the_columns() -> None:
    pts = [Point(i, 0, 1, "k", "x", 0.5, 0.5, "x", 0.5, 2) for i in range(100)]
    cols = columns(pts, 30)
    assert len(cols) == 30 and sum(len(c) for c in cols) == 100
    assert [p.step for c in cols for p in c] == list(range(100))
    assert columns(pts[:5], 30) == [[p] for p in pts[:5]]


def test_a_save_folder_copy_is_analysed_afresh(tmp_path: Path) -> None:
    """A copy of a kept result beside another save with other contents is not served."""
    save = _short(tmp_path)
    headless.analyse(save, Settings(0, "easy"))
    other = _short(tmp_path, 60, "other.jsonl")
    shutil.copy(headless.beside(save), headless.beside(other))
    assert isinstance(headless.plan(other, Settings(0, "easy")), headless.Plan)


async def test_the_game_over_box_offers_the_review_of_the_players_seat() -> None:
    from pmtui.tui.replay import ReplayScreen
    from pmtui.tui.screens.info import GameOverScreen

    from .helpers import make_app, settle

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app._show_game_over()
        await settle(pilot, app)
        box = app.screen
        assert isinstance(box, GameOverScreen)
        assert "r reviews the game" in " ".join(str(s.render()) for s in box.query(Static))
        await pilot.press("r")
        await settle(pilot, app)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.progress is not None and replay.analysed == app.viewer
        assert replay.position == replay.model.start_step()
        await pilot.press("q")  # the review closes (its analysis is dropped), the table is back
        await settle(pilot, app)
        assert not isinstance(app.screen, ReplayScreen) and replay.progress.cancelled


async def test_a_game_over_box_without_the_review_ignores_r() -> None:
    from pmtui.tui.screens.info import GameOverScreen

    from .helpers import make_app, settle

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.push_screen(GameOverScreen("Draw.", "no reason"))
        await settle(pilot, app)
        await pilot.press("r")
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)


def test_the_panel_names_a_better_option_and_calls_a_near_tie_one() -> None:
    from pmtui.tui.analysis import panel_text

    def said(before: float, after: float) -> str:
        a = Analysis(Settings(0), "d", [Point(4, 0, 2, "main", "pass", before, after,
                                              "summon \x1b[2J", before, 3)])
        return panel_text(a, None, 0, 5, lambda action: action.upper()).plain

    worse = said(0.7, 0.5)
    assert "before: 70% · after: 50% (−20 points)" in worse
    assert "would have played SUMMON \\x1b[2J (chance 70%)" in worse  # escaped, worded
    assert "turning point" in worse
    near = said(0.502, 0.5)
    assert "rates SUMMON \\x1b[2J as good" in near and "would have played" not in near


def _finished_table(tmp_path: Path, save_path: Path | None = None):  # noqa: ANN202
    """A finished game (a golden PSO save, copied) at a table that saves into the copy."""
    from pmtui.table import saves
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig

    from .helpers import Scripted

    save = tmp_path / "game.jsonl"
    shutil.copy(SAVES / "pso" / "quick-heuristic-vs-random.jsonl", save)
    game, writer, _ = saves.open_game(save)
    assert game.over
    table = LocalTable(game, [HUMAN, Scripted()], save_path=save_path or save)
    app = PmApp(table, config=TuiConfig(watch=frozenset()), threaded=False)
    return app, writer, save


async def _review(pilot, app):  # noqa: ANN001, ANN202
    from pmtui.tui.replay import ReplayScreen
    from pmtui.tui.screens.info import GameOverScreen

    from .helpers import settle

    await settle(pilot, app)
    if not isinstance(app.screen, GameOverScreen):
        app._show_game_over()
        await settle(pilot, app)
    await pilot.press("r")
    await settle(pilot, app)
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def test_the_review_keeps_its_analysis_beside_the_save_as_the_command_does(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from pmtui.tui.replay import ReplayScreen

    from .helpers import settle

    # the review's level (normal) cut to one round: a test of a second
    monkeypatch.setitem(headless.LEVEL_ROUNDS, "normal", 1)
    monkeypatch.setattr(headless, "MAX_OPTIONS", 2)
    app, writer, save = _finished_table(tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            replay = await _review(pilot, app)
            await _ready(pilot, replay)
            assert replay.progress.error == "" and replay.analysis is not None
            reviewed = replay.analysis.to_json()
            # `pmtui analyse SAVE` (seat 1, normal, seed 1: its defaults) reads it
            assert headless.beside(save).exists()
            kept = headless.plan(save, Settings(0, "normal"))
            assert isinstance(kept, Analysis) and kept.to_json() == reviewed
            await pilot.press("q")  # back at the table (the box is shown once)
            # the replay key and `a` there read the kept result: nothing worked out again
            monkeypatch.setattr(headless.Plan, "run", lambda *a, **k: 1 / 0)
            await pilot.press("r")
            await settle(pilot, app)
            replay = app.screen
            assert isinstance(replay, ReplayScreen) and replay.progress is None
            await pilot.press("a")
            await _ready(pilot, replay)
            assert replay.progress.error == ""
            assert replay.analysis is not None and replay.analysis.to_json() == reviewed
    finally:
        writer.close()


async def test_a_review_whose_save_does_not_hold_the_game_keeps_nothing(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A save that missed the game's last records: a result kept beside it would not be
    of the game reviewed, so the review works from memory and keeps nothing."""
    monkeypatch.setitem(headless.LEVEL_ROUNDS, "normal", 1)
    monkeypatch.setattr(headless, "MAX_OPTIONS", 2)
    other = tmp_path / "other.jsonl"
    lines = (SAVES / "pso" / "quick-heuristic-vs-random.jsonl").read_text(
        encoding="utf-8").splitlines(keepends=True)
    other.write_text("".join(lines[:-3]), encoding="utf-8")
    app, writer, _ = _finished_table(tmp_path, save_path=other)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            replay = await _review(pilot, app)
            assert replay.model.path is None
            await _ready(pilot, replay)
            assert replay.analysis is not None and replay.analysis.points
    finally:
        writer.close()
    assert not headless.beside(other).exists()
