"""`pmtui play` saving through pmtui.table.saves, `pmtui resume` (exactly where the game stopped,
a half-finished cost payment included), undo by key against the computer and in hot seat."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main
from pmtui.table.saves import open_game, start_game
from pmtui.table.session import HUMAN, LocalTable, new_game_header, seats_from_header
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.replay import ReplayApp
from pmtui.tui.screens.consent import UndoConsentScreen
from pmtui.tui.screens.info import PassKeyboardScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen

from .helpers import pay_until_met, settle, take_keyboard

SAVES = Path(__file__).resolve().parents[2] / "saves"


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run_instead(monkeypatch: pytest.MonkeyPatch, cls: type,
                body: Callable[[Any, Any], Any] | None = None) -> list[Any]:
    """Replace `cls.run` (a real terminal) by a headless Pilot session running `body`."""
    seen: list[Any] = []

    def fake_run(app: Any) -> int:
        seen.append(app)
        if body is not None:
            async def drive() -> None:
                async with app.run_test(size=(80, 24)) as pilot:
                    await settle(pilot, app) if isinstance(app, PmApp) else await pilot.pause()
                    await body(pilot, app)

            asyncio.run(drive())
        return 0

    monkeypatch.setattr(cls, "run", fake_run)
    return seen


def to_my_main(table: LocalTable) -> None:
    """Answer set-up for the person and let the computer move, to their own Main Phase."""
    for _ in range(500):
        table.run_computer()
        d = table.pending()
        if d.kind == "priority" and table.game.state.vars.get("ap") == 0 \
                and table.game.state.vars.get("phase") == "main":
            return
        table.act(0, "first" if d.kind == "order" else "keep" if d.kind == "redraw" else
                  "pass" if "pass" in d.texts else d.texts[0])
    raise AssertionError("never reached the person's main phase")


def half_paid_game(path: Path, seed: int = 1) -> tuple[str, int, list[str], dict[str, Any]]:
    """A game saved at `path`, stopped in the middle of paying for a summon."""
    header, seats = new_game_header(seed, opponent="random")
    game, writer = start_game(header, path)
    with writer:
        table = LocalTable(game, seats)
        to_my_main(table)
        defs = table.defs
        d = table.pending()
        summon = next(t for t in d.texts if t.startswith("summon") and t.endswith(" main")
                      and defs[t.split()[1].split("@")[0]].cost >= 2)
        table.act(0, summon)
        pay = table.pending()
        assert pay.kind == "pay"
        table.act(0, next(t for t in pay.texts if t.startswith("pay ")))
        d = table.pending()
        assert d.kind == "pay" and d.info["paid"] and not d.info.get("ok")
        return d.kind, d.player, list(d.texts), dict(d.info)


# -- play ------------------------------------------------------------------------------------


def test_play_saves_through_start_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    seen = run_instead(monkeypatch, PmApp)
    assert main(["play", "--seed", "7", "--level", "hard"]) == 0
    app = seen[0]
    folder = tmp_path / "data" / "pmtui" / "saves"
    (save,) = folder.glob("*-seed7.jsonl")
    header = records(save)[0]
    assert header["players"][1]["kind"] == "search" and header["options"]["level"] == "hard"
    cpu = app.table.seats[1]
    assert cpu.name == "search" and cpu.budget == 1.0
    assert cpu.deck[0] == header["decks"][1]["main"]
    assert app.table.game.snapshot_every  # attached: the undo cache is on


def test_each_decision_is_on_disk_before_act_returns(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.jsonl"

    async def body(pilot: Any, app: PmApp) -> None:
        table = app.table
        for _ in range(5):
            d = table.pending()
            if d is None:
                break
            if not table.is_human(d.player):
                table.step_computer()
            else:
                table.act(d.player, d.texts[0])
            on_disk = records(save)
            assert len(on_disk) == len(table.game.records)
            assert on_disk[-1] == json.loads(json.dumps(table.game.records[-1]))

    run_instead(monkeypatch, PmApp, body)
    assert main(["play", "--seed", "3", "--opponent", "random", "--save", str(save)]) == 0


# -- resume -----------------------------------------------------------------------------------


def test_resume_opens_the_half_finished_payment(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "half.jsonl"
    kind, player, texts, info = half_paid_game(save)
    n = len(records(save))

    async def body(pilot: Any, app: PmApp) -> None:
        d = app.table.pending()
        assert (d.kind, d.player, d.texts, d.info) == (kind, player, texts, info)
        screen = app.screen
        assert isinstance(screen, PickSetScreen)  # the picker, with the card already paid
        assert screen.paid == [int(u) for u in info["paid"]]
        await pay_until_met(pilot, app)
        await settle(pilot, app)

    seen = run_instead(monkeypatch, PmApp, body)
    assert main(["resume", str(save)]) == 0
    assert seen[0].table.seats[1] != HUMAN and seen[0].table.seats[1].name == "random"
    after = records(save)
    assert len(after) > n
    assert any(r.get("action") == "done" for r in after[n:])


def test_resume_without_a_save_finds_the_latest_unfinished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: no unfinished game") and err.count("\n") == 1
    folder = tmp_path / "data" / "pmtui" / "saves"
    folder.mkdir(parents=True)
    shutil.copy(SAVES / "decline.jsonl", folder / "finished.jsonl")
    half_paid_game(folder / "half.jsonl")
    seen = run_instead(monkeypatch, PmApp)
    assert main(["resume"]) == 0
    assert seen[0].table.pending().kind == "pay"


def test_resume_of_a_finished_game_opens_the_replay(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "over.jsonl"
    shutil.copy(SAVES / "starlit-vs-tidewater.jsonl", save)
    seen = run_instead(monkeypatch, ReplayApp)
    assert main(["resume", str(save)]) == 0
    app = seen[0]
    assert any("over" in n for n in app.notices)
    assert app.model.over


@pytest.mark.parametrize("content", ["{broken\n", "", '{"format":"nope"}\n'])
def test_resume_bad_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture,
                                     content: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    assert main(["resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: ") and err.count("\n") == 1 and "Traceback" not in err


# -- undo by key ------------------------------------------------------------------------------


async def answer(pilot: Any, app: PmApp) -> None:
    """One simple answer by keys to whatever is asked: choose, pay, pass, stop, no interf."""
    screen = app.game_screen
    if isinstance(app.screen, PickSetScreen):
        await pay_until_met(pilot, app)
    elif isinstance(app.screen, ChoiceScreen):
        await pilot.press("enter")
    elif screen.check_action("verb", ("pass",)) and screen.decision is not None:
        await pilot.press("p")
    elif screen.check_action("verb", ("no-interference",)):
        await pilot.press("n")
    elif screen.check_action("verb", ("stop",)):
        await pilot.press("x")
    else:
        await pilot.press("enter")


def computer_app(path: Path, seed: int = 2) -> PmApp:
    header, seats = new_game_header(seed, opponent="random")
    game, _writer = start_game(header, path)
    return PmApp(LocalTable(game, seats), config=TuiConfig(watch=frozenset()), threaded=False)


async def test_undo_key_against_the_computer_takes_its_moves_too(tmp_path: Path) -> None:
    save = tmp_path / "u.jsonl"
    app = computer_app(save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("escape")  # close the set-up prompt: back on the board
        await pilot.press("u")  # nothing of mine yet: a notice, nothing happens
        await settle(pilot, app)
        assert any("cannot undo" in n.message for n in app._notifications)
        table = app.table
        for _ in range(300):
            await settle(pilot, app)
            k = table.undo_target(0)
            if (table.decision_for(0) is not None and k is not None
                    and any(p == 1 for p, _ in table.game.moves[k:])):
                break
            await answer(pilot, app)
        else:
            raise AssertionError("the computer never moved after me")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("escape")
        before = list(table.game.moves)
        assert app.game_screen.check_action("undo", ()) is True
        await pilot.press("u")
        await settle(pilot, app)
        assert any(p == 1 for p, _ in before[k:])  # the computer had moved after me...
        assert table.game.moves == before[:k]  # ...and its moves went with mine
        undo = [r for r in records(save) if r["type"] == "undo"]
        assert undo and undo[-1]["to"] == k  # saved
        assert table.pending().player == 0  # my decision again
        assert any("took back" in n.message for n in app._notifications)


async def test_hotseat_undo_asks_the_other_player() -> None:
    header, _ = new_game_header(4, vs="hotseat")
    from pmtui.table.session import new_table

    table = new_table(header, [HUMAN, HUMAN])
    app = PmApp(table, hotseat=True, config=TuiConfig(), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        found = None
        for _ in range(300):
            await take_keyboard(pilot, app)
            me = app.viewer
            k = table.undo_target(me)
            if (table.decision_for(me) is not None and k is not None
                    and any(p != me for p, _ in table.game.moves[k:])):
                found = (me, k)
                break
            await answer(pilot, app)
        assert found is not None
        me, k = found
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("escape")
        moves = list(table.game.moves)
        await pilot.press("u")
        await settle(pilot, app)
        assert isinstance(app.screen, UndoConsentScreen)
        assert app.legal_actions() == [] and app.table_commands() == []  # covered: no palette
        await pilot.press("escape")  # refused: nothing changes, the keyboard goes back
        await settle(pilot, app)
        assert isinstance(app.screen, PassKeyboardScreen) and table.game.moves == moves
        await take_keyboard(pilot, app)
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("escape")
        await pilot.press("u")
        await settle(pilot, app)
        await pilot.press("enter")  # accepted
        await settle(pilot, app)
        assert table.game.moves == moves[:k]
        assert isinstance(app.screen, PassKeyboardScreen)
        await take_keyboard(pilot, app)
        assert app.viewer == me and table.pending().player == me


async def test_undo_after_resume_skips_the_passes_made_for_the_player(tmp_path: Path) -> None:
    """Which passes the table made for the player is not in the save: after a resume the
    undo key reads them again by the stop settings (docs/tui.md "Undo"), so its first
    press takes back the player's last real move, not a pass made for them."""
    save = tmp_path / "r.jsonl"
    header, seats = new_game_header(2, opponent="random")
    game, writer = start_game(header, save)
    app = PmApp(LocalTable(game, seats), config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        for _ in range(400):
            await settle(pilot, app)
            k = table.undo_target(0)
            if (table.decision_for(0) is not None and k is not None
                    and any(j > k for j in table.auto)):
                break
            await answer(pilot, app)
        else:
            raise AssertionError("the table never passed for me after a move of mine")
        moves = list(table.game.moves)
    writer.close()  # the app is dropped without leaving: the save is all that is left
    assert moves[k][1] != "pass"

    resumed, writer2 = open_game(save)[:2]
    with writer2:
        app2 = PmApp(LocalTable(resumed, seats_from_header(resumed.header)[0]),
                     config=TuiConfig(watch=frozenset()), threaded=False)
        async with app2.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app2)
            assert app2.table.game.moves == moves  # a fresh table: nothing remembered
            if isinstance(app2.screen, ChoiceScreen):
                await pilot.press("escape")
            await pilot.press("u")
            await settle(pilot, app2)
            took = [n.message for n in app2._notifications if "took back" in n.message]
            assert took and "Pass" not in took[-1], took
            assert app2.table.game.moves[:k] == moves[:k]
            undo = [r for r in records(save) if r["type"] == "undo"]
            assert undo[-1]["to"] == k  # back to the real move, in one press
