"""Hot seat: the hand-over cover comes first on resume, only when the seat whose hidden
cards the screen would show changes, and the owner of a play is asked about it only
when they hold an answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main
from pmtui.table.saves import start_game
from pmtui.table.scenarios import loads, new_game
from pmtui.table.session import HUMAN, LocalTable, new_game_header
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import PassKeyboardScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen, RespondScreen

from .helpers import make_app, pay_until_met, settle
from .test_resume import run_instead


class Covers:
    """Counts the hand-over covers an app puts up, with the seat each one is for."""

    def __init__(self, app: PmApp) -> None:
        self.app = app
        self.seats: list[int] = []
        self._last: object = None

    def see(self) -> bool:
        screen = self.app.screen
        if isinstance(screen, PassKeyboardScreen) and screen is not self._last:
            self._last = screen
            pending = self.app.table.pending()
            assert pending is not None
            self.seats.append(pending.player)
            return True
        return False


def cover_text(app: PmApp) -> str:
    return str(app.screen.query_one("#pass-text").render())


async def test_setup_and_turn_1_cover_once_per_change_of_seat() -> None:
    """Seed 3: the chooser of the turn order has no hidden card (hands are dealt after
    it), so it is asked on the open table; then each of the three changes of the seat
    whose hand is shown (first player's redraw, second player's, first player's turn)
    has one cover, and passing through turn 1 adds none."""
    app = make_app(seed=3, hotseat=True)
    async with app.run_test(size=(80, 24)) as pilot:
        covers = Covers(app)
        table = app.table
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)  # "Go first or second?", uncovered
        assert not table.has_secrets(table.pending().player)
        for _ in range(100):
            if table.game.state.vars.get("turn") == 2:
                break
            if covers.see():
                await pilot.press("enter")
            elif isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")  # go first; keep the hand
            else:
                await pilot.press("p")
            await settle(pilot, app)
        first = table.game.state.vars["first"]
        assert covers.seats == [first, 1 - first, first]


def test_resume_of_a_hotseat_game_covers_first(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "hot.jsonl"
    header, seats = new_game_header(4, vs="hotseat")
    game, writer = start_game(header, save)
    with writer:  # set-up by both, then the first player passes their Main Phase
        table = LocalTable(game, seats)
        while table.game.state.vars.get("turn") is None or table.pending().player == \
                table.game.state.vars["first"]:
            d = table.pending()
            table.act(d.player, "first" if d.kind == "order" else
                      "keep" if d.kind == "redraw" else "pass")
    seen_at_start: list[Any] = []

    async def body(pilot: Any, app: PmApp) -> None:
        seen_at_start.append(app.screen)
        assert isinstance(app.screen, PassKeyboardScreen)  # before any hand is drawn
        waiting = app.table.pending().player  # (passes with no choice were made meanwhile)
        assert app.label(waiting) in cover_text(app) and "Turn 1" in cover_text(app)
        assert app.label(1 - waiting) + "," not in cover_text(app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.viewer == waiting and not isinstance(app.screen, PassKeyboardScreen)

    run_instead(monkeypatch, PmApp, body)
    assert main(["resume", str(save)]) == 0
    assert seen_at_start


DECLINE = """
name = "P2 holds a Decline card; P1 summons, then holds one (or none) too"
actions = []

[position]
turn = 3

[p1]
hand = ["TWC-005", "TWC-001", "TWC-003", "TWC-002", "TWC-004", "P1_ANSWER", "TWC-006"]
deck = 20

[p2]
hand = ["TWC-016", "TWC-001", "TWC-003"]
deck = 20
"""


async def summon_and_answer(p1_answer: str) -> tuple[LocalTable, Covers, list[int],
                                                      list[list[str]]]:
    """P1 summons Hotaru Kazami (paid with the first cards of the hand) in hot seat and
    every question is passed; who was asked, with what choices, and the covers."""
    table = LocalTable(new_game(loads(DECLINE.replace("P1_ANSWER", p1_answer))),
                       [HUMAN, HUMAN])
    app = PmApp(table, hotseat=True, config=TuiConfig(watch=frozenset()), threaded=False)
    asked: list[int] = []
    choices: list[list[str]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, PassKeyboardScreen)  # P1's hand: covered first
        await pilot.press("enter")
        await settle(pilot, app)
        covers = Covers(app)
        summon = next(t for t in table.pending().texts if t.startswith("summon TWC-005")
                      and t.endswith(" main"))
        app.submit(summon)
        await settle(pilot, app)
        await pay_until_met(pilot, app)
        for _ in range(20):
            await settle(pilot, app)
            if covers.see():
                if len(covers.seats) == 1:  # to P2: the cover says what is being played
                    assert f"{app.label(0)} plays Hotaru Kazami" in cover_text(app)
                await pilot.press("enter")
            elif isinstance(app.screen, RespondScreen):
                asked.append(app.viewer)
                choices.append(table.pending().texts)
                await pilot.press("enter")  # the first option: pass
            elif isinstance(app.screen, PickSetScreen):
                raise AssertionError("nobody played a Decline")
            elif table.pending().kind == "priority" and table.pending().player == 0:
                break
    assert [c["cid"] for c in table.view_for(0)["zones"]["0/main"]] == ["TWC-005"]
    return table, covers, asked, choices


async def test_the_owner_of_a_play_with_no_answer_is_not_asked() -> None:
    """P2, holding Sorry, We're Closed, is asked after a hand-over and passes; P1 holds
    no answer they can play, so the table passes for them without a cover (the rules
    would let them answer their own summon, p.17); P2 keeps the last word (p.07), but
    nothing changed since their pass, so it stands, unasked; then the keyboard goes
    back to P1: two covers in all for the play."""
    table, covers, asked, _ = await summon_and_answer("TWC-007")
    assert asked == [1]  # P2 once (their pass stands for the last word), P1 never
    assert covers.seats == [1, 0]
    own = [r for r in table.game.records if r.get("type") == "decision"
           and r.get("kind") == "respond" and r.get("player") == 0]
    assert own and all(r["action"] == "pass" for r in own)


async def test_the_owner_of_a_play_holding_an_answer_is_asked() -> None:
    """p.17 ("another card" than the Decline itself, in either turn), p.22 (the
    Approacher and the Interferer may decline): P1, still holding Sorry, We're Closed
    after paying, is asked about their own summon after P2's question, behind its own
    cover; P1 passes too, so nothing changed since P2 passed: P2's pass stands for
    the last word (p.07) and the keyboard stays with P1."""
    _, covers, asked, choices = await summon_and_answer("TWC-016")
    assert asked == [1, 0]
    assert any(t.startswith("event TWC-016") for t in choices[1])
    assert covers.seats == [1, 0]
