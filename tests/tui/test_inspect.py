"""One key to read any card in full (issue 17 item 2): on the board, the other
side's cards and a hand card that cannot be played too, and inside prompts."""

from __future__ import annotations

from rich.text import Text

from pmtui.tui.screens.info import CardScreen
from pmtui.tui.screens.prompts import ChoiceScreen

from .helpers import make_app, settle, to_row


def _text(app) -> str:  # noqa: ANN001
    assert isinstance(app.screen, CardScreen)
    return app.screen.body.plain


async def test_details_of_a_hand_card_say_what_it_is_and_why_not_now() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        # the first prompt (turn order) is open: D there names no card, the table goes on
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await settle(pilot, app)
        screen = app.game_screen
        hand = screen.row_cards["my-hand"]
        assert hand, "the opening hand is dealt"
        await to_row(pilot, screen, "my-hand")
        await pilot.press("D")
        await settle(pilot, app)
        text = _text(app)
        card = screen.focused_card()
        assert card is not None
        name = app.spec.card_name(str(card["cid"]))
        assert name in text and "Usage cost" in text  # the whole card panel
        # before the game has started nothing can be played, and the rules say why
        assert "Not now:" in text
        await pilot.press("escape")
        await settle(pilot, app)
        assert not isinstance(app.screen, CardScreen)


async def test_details_from_inside_a_prompt() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # to the hand-adjust or redraw prompt, whose options name cards
            await settle(pilot, app)
            if isinstance(app.screen, ChoiceScreen) and any(
                    "@" in t for t in app.screen.options):
                break
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            else:
                await pilot.press("p")
        else:
            raise AssertionError("no prompt naming cards came up")
        highlighted = app.screen.options[0]
        await pilot.press("D")
        await settle(pilot, app)
        uid = int(highlighted.split("@")[1].split()[0])
        card = app.game_screen.cards_by_uid[uid]
        assert app.spec.card_name(str(card["cid"])) in _text(app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)  # back in the prompt, still to answer


async def test_help_opens_from_the_first_prompt_and_prompts_name_cards() -> None:
    from pmtui.tui.screens.info import HelpScreen

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)  # go first or second?
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
    # a decision's prompt with a card ref reads with the card's name
    assert app.named("Respond to STA-001@4?") == f"Respond to {app.card_name('STA-001')}?"


async def test_the_card_sheet_shown_again_shows_the_new_card_from_its_top() -> None:
    """The sheet is one screen the table shows again for each card (a new screen each
    time cost half of opening it): the next card's text replaces the last one's on the
    screen, scrolled back to the top."""
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        screen = app.game_screen
        await to_row(pilot, screen, "my-hand")
        first = screen.focused_card()
        assert first is not None
        await pilot.press("D")
        await settle(pilot, app)
        sheet = app.screen
        assert isinstance(sheet, CardScreen)
        first_shown = str(sheet.query_one("#card-body", Static).content)
        await pilot.press("down", "down", "down")  # read further down
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        for _ in range(len(screen.row_cards["my-hand"])):  # a card of another name
            await pilot.press("right")
            second = screen.focused_card()
            if second is not None and second["cid"] != first["cid"]:
                break
        else:
            raise AssertionError("the opening hand holds one card name only")
        await pilot.press("D")
        await settle(pilot, app)
        assert app.screen is sheet
        shown = str(sheet.query_one("#card-body", Static).content)
        assert shown == sheet.body.plain != first_shown
        assert app.spec.card_name(str(second["cid"])) in shown
        assert sheet.query_one(VerticalScroll).scroll_y == 0


async def test_a_card_chosen_from_a_hidden_pile_shows_as_printed() -> None:
    """SENGOKU YUGI's Commander is chosen from the Stronghold pile, which the view
    holds as a count: the prompt showed no text under its list and D said "no card
    there to look at", while each option named the card."""
    from textual.widgets import Static

    from pmtui.table.session import new_game_header, new_table
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig

    header, seats = new_game_header(4, vs="computer", game="sengoku_yugi", opponent="random")
    app = PmApp(new_table(header, seats), hotseat=False, config=TuiConfig(watch=frozenset()),
                threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        first = app.screen.options[0]
        assert first.startswith("commander ")
        uid = int(first.split("@")[1])
        assert uid not in app.game_screen.cards_by_uid  # out of sight
        name = app.card_name(first.split()[1].split("@")[0])
        assert name in str(app.screen.query_one("#hint", Static).content)
        await pilot.press("D")
        await settle(pilot, app)
        text = _text(app)
        assert name in text.splitlines()[0]
        assert "You can now:" in text


async def test_a_short_sheet_after_a_long_one_shows_all_its_lines() -> None:
    """A kept sheet (a card, "While you waited") refilled with text that fits: its lines
    are all in sight with no scroll bar. The long text's bar once stayed, narrowed the
    new lines so they wrapped onto more rows than the box was measured for, and the
    sheet opened cut, its last lines (what can be done with the card) out of sight."""
    from textual.containers import VerticalScroll

    from pmtui.tui.app import CARD_SHEET, SUMMARY
    from pmtui.tui.screens.info import SummaryScreen

    app = make_app(seed=1)
    # lines as long as the sheet is wide: one row each without a scroll bar, two with
    long, short = ([Text(f"{i:02d} " + "x" * 64) for i in range(n)] for n in (20, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        for name, make in ((CARD_SHEET, lambda lines: CardScreen(Text("\n").join(lines))),
                           (SUMMARY, lambda lines: SummaryScreen("While you waited", lines))):
            for lines in (long, short):
                app._open_again(name, make(lines))
                await settle(pilot, app)
                scroll = app.screen.query_one(VerticalScroll)
                shown = (scroll.max_scroll_y, scroll.show_vertical_scrollbar)
                await pilot.press("escape")
                await settle(pilot, app)
            assert shown == (0, False), name
