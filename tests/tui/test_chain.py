"""A Decline chain at the table (rulebook p.19, Decline; p.22, the chain resolves last
in first out): the response prompt lists the whole chain, each link saying what it
answers, and the log says which card disabled which play, in the game's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.decision import Decision
from pmtui.engine.game import Game
from pmtui.table.sandbox.model import Sandbox
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.prompts import PickSetScreen, RespondScreen
from pmtui.tui.widgets.picklist import PickList

from .helpers import settle

# P1 (Approacher, Main Phase) can summon Nanami Kurose (TWC-023) and holds one
# Sorry, We're Closed (TWC-016, [Decline/Both]: disable what it answers); P2 holds two.
CHAIN = {
    "position": {"turn": 3, "phase": "main"},
    "p1": {"main": ["TWC-001"], "deck": 20,
           "hand": ["TWC-023", "TWC-016", "TWC-002", "TWC-003", "TWC-004", "TWC-010",
                    "TWC-009"]},
    "p2": {"main": ["TWC-005"], "deck": 20,
           "hand": ["TWC-016", "TWC-016", "TWC-006", "TWC-007", "TWC-008", "TWC-009"]},
}


def chain_game() -> Game:
    return Sandbox.from_doc(CHAIN).game


class Declines:
    """The computer: answers every play with a Sorry, We're Closed while it holds one,
    paying with other cards."""

    name = "declines"

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        texts = decision.texts
        for ok in (lambda t: t.startswith("event ") or t == "done",
                   lambda t: t.startswith("pay ") and "TWC-016" not in t):
            for t in texts:
                if ok(t):
                    return t
        return "pass" if "pass" in texts else texts[0]


def chain_app(game: Game) -> PmApp:
    table = LocalTable(game, [HUMAN, Declines()])
    return PmApp(table, config=TuiConfig(always_ask=True, watch=frozenset()), threaded=False)


def uid_of(app: PmApp, cid: str, zone: str) -> int:
    return next(int(c["uid"]) for c in app.table.view_for(0)["zones"][zone]
                if c.get("cid") == cid)


async def pay_two(pilot: Any, app: PmApp) -> None:
    """In the pay picker: pick the first two cards that are not Sorry, We're Closed."""
    screen = app.screen
    assert isinstance(screen, PickSetScreen)
    items = [item.value for item in screen.query_one(PickList).items]
    keep = [i for i, v in enumerate(items) if "TWC-016" not in v][:2]
    for i in range(len(items)):
        if i in keep:
            await pilot.press("space")
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot, app)


async def test_response_prompt_lists_the_chain_and_the_log_says_who_disabled_what() -> None:
    app = chain_app(chain_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        nanami = uid_of(app, "TWC-023", "0/hand")
        app.submit(f"TWC-023@{nanami}".join(["summon ", " main"]))
        await settle(pilot, app)
        await pay_two(pilot, app)
        # the computer answered with its first Sorry, We're Closed: a chain of two
        screen = app.screen
        assert isinstance(screen, RespondScreen)
        body = str(screen.query_one("#prompt-body").render())
        assert "1 You: summon Nanami Kurose" in body
        assert "2 CPU: Sorry, We're Closed, disabling 1" in body
        # answer with our own: the computer answers that with its second one
        await pilot.press("down", "enter")
        await settle(pilot, app)
        await pay_two(pilot, app)
        screen = app.screen
        assert isinstance(screen, RespondScreen)
        assert "chain of 4" in screen.title_text
        widget = screen.query_one("#prompt-body")
        body = str(widget.render())
        for link in ("1 You: summon Nanami Kurose", "2 CPU: Sorry, We're Closed, disabling 1",
                     "3 You: Sorry, We're Closed, disabling 2",
                     "4 CPU: Sorry, We're Closed, disabling 3"):
            assert link in body
        # all of it on the screen at 80x24: the body is drawn whole inside the terminal
        region = widget.region
        assert region.height >= 5 and region.bottom <= 24
        await pilot.press("enter")  # pass: the computer passes too, the chain resolves
        await settle(pilot, app)
        log = [line.text.strip() for line in app.log_lines()]
        # p.22: last in, first out; 4 disables 3, so 2 resolves and disables the summon
        assert "CPU: Sorry, We're Closed disabled your event Sorry, We're Closed" in log
        assert "CPU: Sorry, We're Closed disabled your summon of Nanami Kurose" in log
        assert log.index("CPU: Sorry, We're Closed disabled your event Sorry, We're Closed") \
            < log.index("CPU: Sorry, We're Closed disabled your summon of Nanami Kurose")
        assert nanami in [int(c["uid"]) for c in app.table.view_for(0)["zones"]["0/discard"]]
