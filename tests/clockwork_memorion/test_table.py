"""The game screen plays Clockwork Memorion at 80x24 (hot seat): the Ruler with the
zones' emotion letters, a successor summoned from the hand by its key into the row of
Successor zones, and the current ability text in the card panel."""

from __future__ import annotations

import html
import re

from tui.helpers import focus, game, settle, take_keyboard  # type: ignore[import-not-found]

from pmtui.engine.game import Game
from pmtui.table.games import make_header, ruleset
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.prompts import ChoiceScreen


def memorion_app(seed: int = 4) -> PmApp:
    rs = ruleset("clockwork_memorion")
    decks = [rs.load_deck("bright_carnival"), rs.load_deck("grey_vigil")]
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    g = Game(rs, make_header(rs, decks, seed, players, mode="hotseat"))
    while g.state.vars.get("phase") == "setup":  # both limits face 1, no redraw
        d = g.pending()
        assert d is not None
        g.act("limit 1 fwd" if d.kind == "limit" else "keep", d.player)
    while (d := g.pending()) is not None and d.kind == "respond":  # Main I's start (M20)
        g.act("pass", d.player)
    return PmApp(LocalTable(g, [HUMAN, HUMAN]), hotseat=True, config=TuiConfig(),
                 threaded=False)


def screen_text(app: PmApp) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


async def test_a_successor_is_summoned_by_keys_into_its_zone() -> None:
    app = memorion_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        me = screen.decision.player
        text = screen_text(app)
        assert "JHJHJ" in text or "APAPA" in text  # the Ruler's line: each zone's emotion
        card = await focus(pilot, app, "my-hand",
                           lambda c: any(t.startswith(f"summon {c['cid']}@{c['uid']} ")
                                         for t in screen.texts()))
        await pilot.press("s")
        await settle(pilot, app)
        if isinstance(app.screen, ChoiceScreen):  # several zones fit: the first
            await pilot.press("enter")
            await settle(pilot, app)
        for _ in range(8):  # the windows that answer it (M20): each player passes
            await take_keyboard(pilot, app)
            if game(app).decision.kind != "respond":
                break
            if not isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")  # open the prompt
                await settle(pilot, app)
            options = list(app.screen.options)  # type: ignore[attr-defined]
            await pilot.press(*["down"] * options.index("pass"), "enter")
            await settle(pilot, app)
        assert game(app).decision.kind == "main1"
        row = app.table.view_for(me)["zones"][f"{me}/succ"]
        placed = next(c for c in row if c.get("uid") == card["uid"])
        assert 1 <= placed["z"] <= 5
        assert f"z{placed['z']}" in screen_text(app)
        assert "[" in placed["text"]  # the current text, slots filled
