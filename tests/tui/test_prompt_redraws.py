"""What a prompt costs to show (issue 19 item 6): the board under it tinted as Textual
tints it, a kept prompt not restyled when nothing in the CSS changed, and a prompt's
parts not laid out again when their height stays (docs/benchmarks-history.md, "A play by keys:
the tint worked out once, a payment pick without a layout")."""

from __future__ import annotations

from rich.text import Text
from textual._context import visible_screen_stack
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.widgets import Static

from pmtui.tui.screens.prompts import ChoiceScreen
from pmtui.tui.screens.see_through import QuickTint
from pmtui.tui.widgets.panels import show_text
from pmtui.tui.widgets.picklist import PickList

from .helpers import focus, make_app, settle
from .test_screens import costly_summon, open_pay_picker, to_my_main


async def test_the_board_under_a_prompt_is_tinted_as_textual_tints_it() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        board = list(app.console.render(app.game_screen._compositor, app.console_options))
        assert len(board) > 100
        for color in (Color(0, 0, 0, 0.4), Color(30, 30, 30, 0.4), Color(0, 0, 0, 0.4)):
            # the third: from what the first remembered
            assert list(QuickTint.process_segments(board, color)) == \
                list(BackgroundScreen.process_segments(board, color))
        await focus(pilot, app, "my-hand", costly_summon(app))
        await pilot.press("s")  # a prompt over the board: drawn with the quick tint
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        visible_screen_stack.set([app.game_screen])  # what Textual sets while it draws
        under = app.screen.render()
        assert isinstance(under, QuickTint) and under.screen is app.game_screen


async def test_a_kept_prompt_is_restyled_only_after_the_css_changed() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        await focus(pilot, app, "my-hand", costly_summon(app))
        restyled: list[int] = []

        async def summon_menu() -> ChoiceScreen:
            await pilot.press("s")
            await settle(pilot, app)
            menu = app.screen
            assert isinstance(menu, ChoiceScreen)
            menu.update_node_styles = lambda animate=True: restyled.append(1)  # type: ignore[method-assign]
            await pilot.press("escape")
            await settle(pilot, app)
            return menu

        menu = await summon_menu()
        await pilot.press("s")  # the same screen again, the same CSS: not restyled
        await settle(pilot, app)
        assert app.screen is menu and restyled == []
        await pilot.press("escape")
        await settle(pilot, app)
        app.theme = "textual-light"  # the CSS changes while the menu is away
        await settle(pilot, app)
        await pilot.press("s")
        await settle(pilot, app)
        assert app.screen is menu and restyled == [1]


async def test_a_pick_of_a_payment_redraws_its_lines_without_a_layout() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        pay = await open_pay_picker(pilot, app)
        layouts: list[tuple[str, bool]] = []
        for widget in (pay.query_one(PickList), pay.query_one("#total", Static)):
            def noted(*regions, layout=False, _w=widget, _r=widget.refresh, **kw):  # noqa: ANN001, ANN002, ANN003
                layouts.append((_w.id or "", layout))
                return _r(*regions, layout=layout, **kw)
            widget.refresh = noted  # type: ignore[method-assign]
        total = pay.query_one("#total", Static)
        before = total.size.height
        await pilot.press("space")
        await settle(pilot, app)
        payers = [layout for w, layout in layouts if w == "payers"]
        assert payers and not any(payers)  # the same lines, one ticked: drawn, not laid out
        # the total is laid out only when it takes another number of lines
        assert [layout for w, layout in layouts if w == "total"][-1] == \
            (total.size.height != before)
        layouts.clear()
        show_text(total, Text("x" * (total.content_size.width - 1)))  # one line, as now
        show_text(total, Text("x " * total.content_size.width))  # two lines
        assert layouts == [("total", total.size.height != 1), ("total", True)]
        # a line more in the list: laid out again, or the new line would be cut off
        items = pay.query_one(PickList).items
        pay.query_one(PickList).set_items([*items, items[-1]])
        assert layouts[-1] == ("payers", True)
