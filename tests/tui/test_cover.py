"""Hot seat: a cover shows nothing of the seat behind it, and hands over a summary.

On a cover (the "Pass the keyboard" hand-over, the undo's consent) every key any
binding of the app or of its screens answers, and every command the palette offers
(the game's and Textual's own), is tried: none opens a view of the game, acts, or puts
a hidden card of either seat on the screen; what the cover offers (enter) hands the
keyboard over, and a replay opened then is the new player's. After the other person's
turn the cover leads to the same "While you waited" summary as after the computer's,
in the new player's words only.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator

from textual.app import App
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.screen import Screen

import pmtui.tui
from pmtui.table.scenarios import loads, new_game
from pmtui.table.session import HUMAN, LocalTable, new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.replay import ReplayScreen
from pmtui.tui.screens.consent import UndoConsentScreen
from pmtui.tui.screens.cover import Cover
from pmtui.tui.screens.info import PassKeyboardScreen, SummaryScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen, RespondScreen

from .helpers import focus, make_app, pay_until_met, settle
from .test_toy_table import screen_text

# Player 2 holds a Decline (so is asked to answer); each hand holds a card the other does not
DECLINE = """
name = "P1 summons; P2 holds a Decline card"
actions = []

[position]
turn = 3

[p1]
hand = ["TWC-005", "TWC-001", "TWC-003", "TWC-002", "TWC-004", "STA-005"]
deck = 20

[p2]
hand = ["TWC-016", "LBK-006", "LBK-001"]
deck = 20
"""


def _screen_classes() -> Iterator[type[Screen[object]]]:
    """Every screen class of pmtui's TUI (each module imported, so none is missed)."""
    for info in pkgutil.walk_packages(pmtui.tui.__path__, "pmtui.tui."):
        importlib.import_module(info.name)
    todo: list[type[Screen[object]]] = [Screen]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("pmtui."):
            yield cls


def every_key(app: PmApp) -> list[str]:
    """Every key a binding answers: the app's (Textual's palette and quit keys among
    them), the board's with the game's verbs, and every screen class's."""
    keys = set(app._bindings.key_to_bindings) | set(app.game_screen._bindings.key_to_bindings)
    for cls in _screen_classes():
        keys |= set(cls._merge_bindings().key_to_bindings)
    return sorted(keys)


def palette_commands(app: PmApp) -> list[str]:
    """What the palette offers on the uncovered table now: the game's entries (undo, the
    replay, every legal action) and Textual's own commands, as they are titled."""
    assert app.cover is None
    return ([text for text, _, _ in app.table_commands()]
            + [text for text, _ in app.legal_actions()]
            + [c.title for c in App.get_system_commands(app, app.screen)])


def hidden_names(app: PmApp) -> set[str]:
    """The names of the cards either seat holds that the public view does not show
    (a face-up copy of the same card leaves its name out)."""
    table, spec = app.table, app.spec

    def cards(seat: int | None) -> dict[int, str]:
        return {int(c["uid"]): str(c["cid"]) for z in table.view_for(seat)["zones"].values()
                if isinstance(z, list) for c in z if c.get("cid") is not None}

    public = cards(None)
    shown = {spec.card_name(cid) for cid in public.values()}
    return {spec.card_name(cid) for seat in (0, 1) for uid, cid in cards(seat).items()
            if uid not in public} - shown


def leaks(app: PmApp, names: set[str]) -> list[str]:
    """The hidden names on the screen, whole or as the board shortens them (10 letters)."""
    text = screen_text(app)
    return sorted(n for n in names if n in text or n[:10] in text)


async def walk_cover(pilot: Pilot[int], app: PmApp, commands: list[str]) -> None:
    """Every key and every palette command on the cover now up: the screens, the
    table and the seat stay as they are and no hidden card shows."""
    cover = app.cover
    assert cover is not None and app.screen is cover
    names = hidden_names(app)
    assert names  # the test means something: both hands hold hidden cards
    stack, records, viewer = list(app.screen_stack), len(app.table.game.records), app.viewer
    assert leaks(app, names) == []
    offered = cover.offered()
    assert "enter" in offered and "ctrl+p" not in offered
    for key in every_key(app):
        if key in offered:  # enter takes the keyboard (or answers); ctrl+q quits
            continue
        await pilot.press(key)
        await settle(pilot, app)
        assert app.screen_stack == stack, f"{key} opened {type(app.screen).__name__}"
        assert len(app.table.game.records) == records, f"{key} acted"
        assert app.viewer == viewer and leaks(app, names) == [], key
    await pilot.resize_terminal(60, 20)  # too small, then big enough: the table
    await settle(pilot, app)  # goes on only once the cover is passed
    await pilot.resize_terminal(80, 24)
    await settle(pilot, app)
    assert app.screen_stack == stack and len(app.table.game.records) == records
    note = cover.query_one("#cover-note")  # the cover says what works on it
    assert note.display and str(note.render()) == cover.refusal()
    assert cover.refusal().strip() in screen_text(app)
    # The palette does not open on a cover (its key was pressed above). Were it open
    # over one, none of its commands would be there to run: a palette's own screen is
    # then on top, and the cover is found under it.
    assert commands
    palette = CommandPalette()
    app.push_screen(palette)
    await settle(pilot, app)
    # the palette's own list of where its commands come from (the app's and the cover's)
    providers = [cls(cover, None) for cls in palette._provider_classes]
    assert len(providers) >= 2  # the game's and Textual's
    for text in commands:
        for provider in providers:
            hits = [hit async for hit in provider.search(text)]
            assert hits == [], f"the palette offers {text!r} on a cover"
    for provider in providers:
        assert [hit async for hit in provider.discover()] == []
    await pilot.press("escape")
    await settle(pilot, app)
    assert app.screen_stack == stack and len(app.table.game.records) == records
    assert leaks(app, names) == []


async def replay_by_palette(pilot: Pilot[int], app: PmApp) -> ReplayScreen:
    """ctrl+p, "replay", enter: the issue's keys, on whatever is up now."""
    await pilot.press("ctrl+p")
    await settle(pilot, app)
    assert isinstance(app.screen, CommandPalette)
    await pilot.press(*"replay")
    for _ in range(50):  # the palette searches in a worker: wait for its first hit
        await settle(pilot, app)
        if app.screen.query_one("CommandList").option_count:
            break
    await pilot.press("enter")
    await settle(pilot, app)
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def until(pilot: Pilot[int], app: PmApp, kind: type[Screen[object]],
                steps: int = 40) -> None:
    """Answer what is asked (enter on covers and choices, the cost paid, the board
    passed) until a screen of `kind` is on top."""
    for _ in range(steps):
        await settle(pilot, app)
        if isinstance(app.screen, kind):
            return
        if isinstance(app.screen, PickSetScreen):
            await pay_until_met(pilot, app)
        elif isinstance(app.screen, Cover | ChoiceScreen | RespondScreen | SummaryScreen):
            await pilot.press("enter")
        else:
            await pilot.press("p")
    raise AssertionError(f"no {kind.__name__} came")


async def test_the_opening_hand_off_shows_nothing_of_the_player_who_left() -> None:
    """Seed 3: Player 1 keeps their hand, the cover comes up for Player 2's redraw with
    Player 1's hand behind it. Every key and palette command there is refused; enter
    gives Player 2 the table, and the replay opened then is from Player 2's side."""
    app = make_app(seed=3, hotseat=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, app, PassKeyboardScreen)  # the first player's redraw
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)  # keep or redraw, Player 1's hand
        left = app.viewer
        commands = palette_commands(app)
        await pilot.press("enter")  # keep
        await settle(pilot, app)
        assert isinstance(app.screen, PassKeyboardScreen) and app.viewer == left
        assert app.table.pending().player == 1 - left
        await walk_cover(pilot, app, commands)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.viewer == 1 - left
        replay = await replay_by_palette(pilot, app)
        assert replay.perspective == 1 - left


async def test_an_interference_hand_off_and_the_undo_consent_show_nothing() -> None:
    """Player 1 summons; the cover comes up for Player 2 to answer, Player 1's hand
    behind it: walked. Player 2 passes, the keyboard goes back, Player 1 asks to undo
    the summon: the consent cover for Player 2, Player 1's hand behind it: walked."""
    table = LocalTable(new_game(loads(DECLINE)), [HUMAN, HUMAN])
    app = PmApp(table, hotseat=True, config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, app, PassKeyboardScreen)
        await pilot.press("enter")
        await settle(pilot, app)
        commands = palette_commands(app)  # on Player 1's board: the summons among them
        summon = next(t for t in table.pending().texts if t.startswith("summon TWC-005")
                      and t.endswith(" main"))
        app.submit(summon)
        await settle(pilot, app)
        await pay_until_met(pilot, app)
        await settle(pilot, app)
        assert isinstance(app.screen, PassKeyboardScreen) and app.viewer == 0
        assert table.pending().player == 1
        await walk_cover(pilot, app, commands)
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, RespondScreen) and app.viewer == 1
        replay = await replay_by_palette(pilot, app)
        assert replay.perspective == 1
        await pilot.press("q")  # back to the prompt
        await until(pilot, app, PassKeyboardScreen)  # Player 2 passes: back to Player 1
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.viewer == 0
        commands = palette_commands(app)
        await pilot.press("u")
        await settle(pilot, app)
        assert isinstance(app.screen, UndoConsentScreen)
        await walk_cover(pilot, app, commands)


async def test_the_cover_leads_to_what_the_other_player_did() -> None:
    """Seed 3: Player 1 summons in turn 1 and ends it; the cover for Player 2 leads to
    "While you waited" with the summon and the turn's change (the computer's summary,
    now for the other person), from Player 2's view: none of Player 1's hidden cards.
    Nothing of it is up before enter (the cover names no play of the turn)."""
    header, seats = new_game_header(3, vs="hotseat", level="random")
    app = PmApp(new_table(header, seats), hotseat=True, config=TuiConfig(), threaded=False)
    table = app.table
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # set-up: enter on each cover and choice
            await settle(pilot, app)
            if table.game.state.vars.get("turn") == 1 and app.cover is None:
                break
            await pilot.press("enter")
        first = app.viewer
        assert table.pending().player == first
        summon = next(t for t in table.pending().texts if t.startswith("summon"))
        app.submit(summon)
        await settle(pilot, app)
        if isinstance(app.screen, PickSetScreen):
            await pay_until_met(pilot, app)
        await until(pilot, app, PassKeyboardScreen)  # Player 1 passes to the end
        assert not isinstance(app.screen, SummaryScreen) and app.viewer == first
        assert table.pending().player == 1 - first
        theirs = {app.spec.card_name(str(c["cid"]))
                  for c in table.view_for(first)["zones"][f"{first}/hand"]}
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.viewer == 1 - first
        screen = app.screen
        assert isinstance(screen, SummaryScreen) and screen.title_text == "While you waited"
        lines = [str(x) for x in screen.lines]
        name = app.spec.card_name(summon.split()[1].split("@")[0])
        assert any(line.startswith(f"{app.label(first)}: Summon {name}") for line in lines)
        assert any("turn 2" in line for line in lines)
        assert not any(n in line for n in theirs - {name} for line in lines)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is app.game_screen and table.pending().player == 1 - first



def hidden_from(app: PmApp, seat: int) -> set[str]:
    """The names of the cards the other seat sees that `seat` does not (nor a copy)."""
    table, spec = app.table, app.spec

    def cards(who: int) -> dict[int, str]:
        return {int(c["uid"]): str(c["cid"]) for z in table.view_for(who)["zones"].values()
                if isinstance(z, list) for c in z if c.get("cid") is not None}

    mine = cards(seat)
    seen = {spec.card_name(cid) for cid in mine.values()}
    return {spec.card_name(cid) for uid, cid in cards(1 - seat).items()
            if uid not in mine} - seen


async def test_a_whole_hot_seat_game_by_keys_keeps_each_hand_to_its_player() -> None:
    """Seed 7, to its end by keys (summon what can be, approach, no interference): no
    cover shows a hidden card, and every summary after one is its reader's: the other
    person's doings, none of the cards only they can see."""
    app = make_app(seed=7, hotseat=True, watch=None)
    covers = summaries = 0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        for _ in range(3000):
            await settle(pilot, app)
            if app.table.over:
                break
            if isinstance(app.screen, PassKeyboardScreen):
                covers += 1
                assert leaks(app, hidden_names(app)) == []
            elif isinstance(app.screen, SummaryScreen):
                summaries += 1
                text = "\n".join(line.plain for line in app.screen.lines)
                assert not [n for n in hidden_from(app, app.viewer) if n in text]
                assert f"{app.label(app.viewer)}:" not in text  # none of their own moves
            if isinstance(app.screen, PickSetScreen):
                await pay_until_met(pilot, app)
            elif app.screen is not screen:
                await pilot.press("enter")  # a cover, a summary, a choice
            elif screen.check_action("verb", ("pass",)) and screen.decision is not None:
                summon = [c for c in screen.row_cards["my-hand"]
                          if any(t.startswith("summon") and t.endswith(" main")
                                 for t in screen.options_for(c))]
                if summon and screen.pview["vars"].get("phase") == "main":
                    uid = summon[0]["uid"]
                    await focus(pilot, app, "my-hand", lambda c, uid=uid: c["uid"] == uid)
                    await pilot.press("s", "enter")
                else:
                    await pilot.press("p")
            elif screen.check_action("verb", ("no-interference",)):
                await pilot.press("n")
            elif screen.check_action("verb", ("stop",)):
                ready = [c for c in screen.row_cards["my-main"] if screen.options_for(c)]
                if ready:
                    uid = ready[0]["uid"]
                    await focus(pilot, app, "my-main", lambda c, uid=uid: c["uid"] == uid)
                    await pilot.press("a")
                else:
                    await pilot.press("x")
            else:
                await pilot.press("enter")
        assert app.table.over is not None
    assert covers >= 10 and summaries >= 5  # (30 and 12 when written)
