"""A whole game of any ruleset played by keys at the table, a computer policy choosing
for the person: the test reads the view to decide, but each move is a key press (the
arrows onto the card the choice names, enter to act on it, the game's verb keys, the
arrows and enter in a prompt). `seen` is called with every prompt the game opens, so
a test can look at what the player was shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from pmtui.table.words import REF
from pmtui.tui.app import PmApp
from pmtui.tui.keys import verb_id
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.prompts import PickSetScreen, PromptScreen
from pmtui.tui.widgets.picklist import PickList

from .helpers import settle, to_col, to_row


async def _to_card(pilot: Pilot[Any], screen: GameScreen, uid: int) -> bool:
    """Move the cursor onto card `uid` by arrows; False when no row shows it."""
    rows = [i for i, n in enumerate(screen.board.nav)
            if any(s.card is not None and s.card.get("uid") == uid for s in n.spots)]
    if not rows:
        return False
    await to_row(pilot, screen, rows[0])
    nav = screen.board.nav[screen.board.row]
    col = next(i for i, s in enumerate(nav.spots)
               if s.card is not None and s.card.get("uid") == uid)
    await to_col(pilot, screen, nav.rid, col)
    return True


async def _in_prompt(pilot: Pilot[Any], screen: PromptScreen, want: str) -> None:
    pl = screen.query_one(PickList)
    if isinstance(screen, PickSetScreen):  # pick top-down until the set will do
        while not screen.info.get("ok") and pl.index is not None:
            before = pl.index
            await pilot.press("space")
            if not screen.info.get("ok"):
                await pilot.press("down")
                if pl.index == before:
                    await pilot.press("escape")  # nothing more to pick: cancel the play
                    return
        await pilot.press("enter")
        return
    values = [it.value for it in pl.items]
    target = values.index(want) if want in values else 0
    for _ in range(abs(target - (pl.index or 0))):
        await pilot.press("down" if target > (pl.index or 0) else "up")
    await pilot.press("enter")


def _answer(screen: PromptScreen, want: str) -> list[str] | None:
    """What a prompt sends for the policy's choice `want`."""
    if isinstance(screen, PickSetScreen):  # one pick (or the confirm) at a time
        return [want] if want else None
    values = [it.value for it in screen.query_one(PickList).items]
    return [want if want in values else values[0]] if values else None


async def play_by_keys(app: PmApp, pilot: Pilot[Any], choose: Callable[..., str],
                       seen: Callable[[PromptScreen], None], steps: int = 4000,
                       keys: bool = True) -> None:
    """Play the person's seat of `app` to the end of the game (or `steps` presses).
    `keys=False`: a prompt is answered by what it sends (not by arrows and enter) and
    a card's menu opened as its enter key opens it: a whole game in less time, every
    prompt still opened and drawn."""
    table = app.table
    for _ in range(steps):
        await settle(pilot, app)
        if table.over is not None:
            return
        screen = app.screen
        d = table.pending()
        if isinstance(screen, PromptScreen):
            seen(screen)
            mine = d if d is not None and d.player == app.viewer else None
            want = choose(table.view_for(app.viewer), mine) if mine is not None else ""
            if keys:
                await _in_prompt(pilot, screen, want)
            else:
                screen.dismiss(_answer(screen, want))
            continue
        if not isinstance(screen, GameScreen):  # a summary, the game's end: go on
            await pilot.press("enter")
            continue
        if d is None or d.player != app.viewer or screen.decision is None:
            await pilot.pause(0.01)
            continue
        want = choose(table.view_for(app.viewer), d)
        m = REF.search(want)
        verb = next((v for v in screen.spec.verbs if v.verb == want.split()[0]), None)
        if not keys:
            card = screen.cards_by_uid.get(int(m.group(2))) if m is not None else None
            opts = screen.options_for(card) if card is not None else []
            if len(opts) > 1 and want in opts:
                app.choose_from("Choose", opts)  # the card's menu, as enter opens it
            else:
                app.palette_act(want)
        elif m is not None and d.kind in screen.spec.board \
                and await _to_card(pilot, screen, int(m.group(2))):
            await pilot.press("enter")  # the card's options: one is sent, more are a menu
        elif verb is not None and not verb.on_card:
            await pilot.press(app.key_for(verb_id(verb), verb.key).split(",")[0])
        else:
            app.palette_act(want)  # a choice no key reaches from here (a cell of a grid)
