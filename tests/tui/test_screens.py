"""Screens and keys: help, terminal too small, footer legality, palette, undo, browse."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pmtui.engine.screen import Card
from pmtui.table.games import ruleset
from pmtui.tui.app import PmApp
from pmtui.tui.keys import load_config
from pmtui.tui.screens.info import HelpScreen, TooSmallScreen
from pmtui.tui.screens.prompts import BrowseScreen, ChoiceScreen, PickSetScreen

from .helpers import focus, make_app, pay_until_met, settle, to_row


async def to_my_main(pilot, app) -> None:  # noqa: ANN001
    for _ in range(100):
        await settle(pilot, app)
        d = app.table.decision_for(0)
        if d is not None and d.kind == "priority" and app.table.game.state.vars["ap"] == 0:
            return
        await pilot.press("enter" if isinstance(app.screen, ChoiceScreen) else "p")
    raise AssertionError("never reached my main phase")


def costly_summon(app: PmApp) -> Callable[[Card], bool]:
    """Whether a hand card has a cost and can be summoned to the Main Area now."""
    defs, screen = app.table.defs, app.game_screen

    def costly(c: Card) -> bool:
        return defs[c["cid"]].cost > 0 and any(
            t.endswith(" main") and t.startswith("summon") for t in screen.options_for(c))

    return costly


async def open_pay_picker(pilot, app: PmApp) -> PickSetScreen:  # noqa: ANN001
    """From my main phase: summon a hand card with a cost to the Main Area by keys, up to
    the payment's picker."""
    await focus(pilot, app, "my-hand", costly_summon(app))
    await pilot.press("s", "enter")
    await settle(pilot, app)
    pay = app.screen
    assert isinstance(pay, PickSetScreen)
    return pay


async def test_help_lists_keys_and_closes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_help_says_where_keys_are_changed_not_a_docs_folder(tmp_path: Path) -> None:
    """An installed copy has no docs/ folder: the help names the player's own settings
    file and shows each key's id, what a line of that file is written with."""
    import io

    from rich.console import Console
    from rich.table import Table
    from textual.widgets import Static

    from pmtui.tui.keys import TuiConfig

    for file in (tmp_path / "tui.toml", None):
        app = make_app()
        app.config = TuiConfig(file=file)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("question_mark")
            await settle(pilot, app)
            assert isinstance(app.screen, HelpScreen)
            shown = "\n".join(str(w.render()) for w in app.screen.query(Static))
            assert "docs/" not in shown
            if file is not None:
                assert str(file) in shown and "[keys]" in shown
                # the ids to write there, beside their keys: the pass key's own
                console = Console(width=200, record=True, file=io.StringIO())
                for w in app.screen.query(Static):
                    if isinstance(w.content, Table):
                        console.print(w.content)
                rows = console.export_text().splitlines()
                assert any(r.split()[:1] == ["p"] and r.split()[-1] == "pass" for r in rows)
            else:  # no file to write to (it could not be read, a network seat)
                assert "[keys]" not in shown


async def test_too_small_message_and_recovery() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#small-text").render())
        assert "too small" in text and "80×24" in text
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        assert app.game_screen.query_one("#board").size.width > 60


async def test_starting_in_a_small_terminal_shows_the_size_message() -> None:
    """The first size arrives before the table is mounted: the message must still be
    on top of the table, not under it."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert [type(s) for s in app.screen_stack].count(TooSmallScreen) == 1
        await pilot.resize_terminal(80, 24)
        await to_my_main(pilot, app)
        assert TooSmallScreen not in [type(s) for s in app.screen_stack]


async def test_footer_offers_only_legal_actions() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        screen = app.game_screen
        assert screen.check_action("verb", ("pass",)) is True
        assert screen.check_action("verb", ("approach",)) is False
        assert screen.check_action("verb", ("interfere",)) is False
        assert screen.check_action("verb", ("no-interference",)) is False
        defs = app.table.defs

        def chara(c: dict) -> bool:
            return any(t.startswith("summon") for t in screen.options_for(c))

        await focus(pilot, app, "my-hand", chara)
        assert screen.check_action("verb", ("summon",)) is True
        assert screen.check_action("verb", ("event",)) is False
        await pilot.press("up")  # my bar: browsable zones, no card actions
        assert screen.check_action("verb", ("summon",)) is False
        assert screen.check_action("browse", ()) is True
        # the card panel names the zone as the player's own, with its count in words
        item = screen.focused_item()
        n = screen.board.count(0, item)
        detail = screen._detail().plain
        assert detail.startswith("Your "), detail
        assert ("empty." if n == 0 else f": {n} card") in detail, detail
        await pilot.press("enter")
        assert isinstance(app.screen, BrowseScreen)
        await pilot.press("escape")
        assert defs  # the pool is there


async def test_palette_acts_by_notation() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        actions = dict(app.legal_actions())
        assert "pass" in actions and actions["pass"] == "Pass"
        summon = next(t for t in actions if t.startswith("summon") and t.endswith("main"))
        assert actions[summon].startswith("Summon ")
        turn = app.table.game.state.vars["turn"]
        app.palette_act("pass")
        await settle(pilot, app)
        assert app.table.game.state.vars["turn"] > turn or app.table.pending().player == 0


async def test_pay_picker_unpick_and_cancel() -> None:
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        pay = await open_pay_picker(pilot, app)
        await pilot.press("space")
        assert pay.picks and pay.info["total"] > 0
        await pilot.press("space")  # un-pick: local, nothing was sent
        assert pay.picks == [] and pay.info["total"] == 0
        assert not pay.check_action("confirm", ())
        n = len(app.table.game.records)
        await pilot.press("enter")  # not enough: it says why, where it once said nothing
        assert app.screen is pay and len(app.table.game.records) == n
        assert any(m.message.startswith("Not yet: ") and str(pay.info["why"]) in m.message
                   for m in app._notifications), [m.message for m in app._notifications]
        await pilot.press("escape")  # cancel the play
        await settle(pilot, app)
        assert app.table.game.records[n]["action"] == "cancel"
        assert app.table.decision_for(0).kind == "priority"


async def test_a_refused_unpick_keeps_the_pick() -> None:
    """The table refusing a set as picked so far (its preview raises) takes the last
    toggle back: an unpick refused once raised "list.remove(x): x not in list" (random
    keys to the settings found it), where a refused pick was taken back."""
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        pay = await open_pay_picker(pilot, app)
        await pilot.press("space")
        picked = list(pay.picks)
        assert picked

        def refuse(texts: list[str]) -> None:
            raise ValueError("not that one")

        pay.preview = refuse
        await pilot.press("space")  # the unpick, refused
        await settle(pilot, app)
        assert pay.picks == picked and app.screen is pay
        assert any(m.message == "cannot pick that: not that one" for m in app._notifications)


async def test_undo_takes_back_my_last_decision() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        moves = len(app.table.game.moves)
        await pilot.press("p")
        await settle(pilot, app)
        if isinstance(app.screen, ChoiceScreen):  # e.g. hand adjustment: close it first
            await pilot.press("escape")
        assert app.game_screen.check_action("undo", ()) is True
        await pilot.press("u")
        await settle(pilot, app)
        assert len(app.table.game.moves) == moves
        assert app.table.decision_for(0).kind == "priority"


async def test_errors_become_a_notice(monkeypatch) -> None:  # noqa: ANN001
    app = make_app()
    app.catch_errors = True
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)

        def boom(text: str) -> None:
            raise RuntimeError("kaboom")

        monkeypatch.setattr(app, "submit", boom)
        await pilot.press("p")
        await pilot.pause()
        assert app.is_running
        assert any("kaboom" in n.message for n in app._notifications)


def test_keys_config(tmp_path: Path) -> None:
    f = tmp_path / "tui.toml"
    f.write_text('[keys]\nsummon = "S"\nnope = "x"\n[options]\nalways_ask = true\n')
    cfg = load_config(f).check(ruleset().screen)
    assert cfg.keymap == {"summon": "S"} and cfg.always_ask
    assert any("nope" in p for p in cfg.problems)
    f.write_text("not [toml")
    cfg = load_config(f).check(ruleset().screen)
    assert cfg.keymap == {} and len(cfg.problems) == 1


async def test_remapped_key_acts() -> None:
    app = make_app()
    app.config.keymap = {"pass": "z"}
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        n = len(app.table.game.moves)
        await pilot.press("z")
        await settle(pilot, app)
        assert len(app.table.game.moves) > n


async def test_undo_after_a_cancelled_play_goes_back_past_it() -> None:
    """Issue 17 item 7: summon, start another, cancel it at the payment, undo. The undo
    takes back the first summon (the cancelled play changed nothing), never the cancel
    (which reopened the picker, where escape cancelled again: a loop)."""
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        costly = costly_summon(app)
        start = len(app.table.game.moves)
        await focus(pilot, app, "my-hand", costly)
        await pilot.press("s", "enter")
        await settle(pilot, app)
        await pay_until_met(pilot, app)
        await pilot.press("enter")  # pay: the first summon is made
        await settle(pilot, app)
        assert app.table.decision_for(0) is not None
        await focus(pilot, app, "my-hand", costly)
        await pilot.press("s", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, PickSetScreen)
        await pilot.press("escape")  # cancel the second play
        await settle(pilot, app)
        assert app.table.game.moves[-1][1] == "cancel"
        await pilot.press("u")
        await settle(pilot, app)
        assert not isinstance(app.screen, PickSetScreen)
        assert len(app.table.game.moves) == start  # back before the first summon
        assert app.table.decision_for(0).kind == "priority"


async def test_prompts_are_kept_and_refilled_for_the_next_play() -> None:
    """The summon's area menu and its payment picker are one screen each per table,
    refilled for the next play (a new screen each time cost its styles and layout):
    the second play's menu lists its own card's options from the top, its picker starts
    with nothing picked, and a refilled prompt never shows the last one's card text."""
    from textual.widgets import Static

    from pmtui.tui.widgets.picklist import PickList

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        costly = costly_summon(app)
        first = await focus(pilot, app, "my-hand", costly)
        await pilot.press("s")
        await settle(pilot, app)
        menu = app.screen
        assert isinstance(menu, ChoiceScreen)
        assert all(f"@{first['uid']} " in t for t in menu.options)
        await pilot.press("down", "enter")  # the second area: the highlight moved
        await settle(pilot, app)
        pay = app.screen
        assert isinstance(pay, PickSetScreen)
        await pilot.press("up")  # a payer highlighted and picked, then confirmed
        await pay_until_met(pilot, app)
        second = await focus(pilot, app, "my-hand", costly)
        assert second["uid"] != first["uid"]
        await pilot.press("s")
        await settle(pilot, app)
        assert app.screen is menu
        items = menu.query_one(PickList)
        assert [i.value for i in items.items] == menu.options
        assert all(f"@{second['uid']} " in t for t in menu.options)
        assert items.index == 0
        name = app.spec.card_name(str(second["cid"]))
        assert name in str(menu.query_one("#hint", Static).content)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is pay
        assert pay.picks == [] and not pay.info.get("ok")
        assert not any(i.checked and not i.locked for i in pay.query_one(PickList).items)
        assert pay.query_one(PickList).index == 0
        assert name in str(pay.query_one("#title", Static).content)
        await pilot.press("escape")  # the play cancelled
        await settle(pilot, app)
        app.choose_from("Choose", ["pass"])  # an option naming no card: no card text
        await settle(pilot, app)
        assert app.screen is menu and menu.options == ["pass"]
        assert str(menu.query_one("#hint", Static).content) == ""


async def test_a_target_list_is_titled_with_the_card_it_is_for() -> None:
    """docs/tui.md, "Prompts": Precious Memories asks for targets in a list (not on
    the board); the decision names the event being played (`info["card"]`), and the
    list's title and the prompt line say it: "Choose a target for Rooftop Curfew"."""
    from pmtui.table import scenarios
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.keys import TuiConfig

    position = scenarios.loads("""actions = ["event STA-014", "pay STA-001", "done"]
[position]
phase = "approach"
step = "w2"
approach = "STA-002"
[p1]
main = ["STA-002"]
hand = ["STA-014", "STA-001"]
deck = 10
[p2]
main = ["TWC-004"]
deck = 10
""", name="target")
    game = scenarios.run(position).game
    d = game.pending()
    assert d is not None and d.kind == "target" and d.prompt == "Choose a target"
    app = PmApp(LocalTable(game, [HUMAN, HUMAN]), config=TuiConfig(watch=frozenset()),
                threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        wanted = f"Choose a target for {app.spec.card_name('STA-014')}"
        assert isinstance(app.screen, ChoiceScreen) and app.screen.title_text == wanted
        assert app.game_screen._prompt_text().plain.startswith(f"▶ {wanted}")


async def test_a_verb_on_no_card_says_to_focus_one() -> None:
    """s on an empty Support Area in the player's Main Phase, with a chara in hand to
    summon, said "Summon: not possible now"."""
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_my_main(pilot, app)
        assert any(t.startswith("summon") for t in app.table.decision_for(0).texts)
        await to_row(pilot, app.game_screen, "my-support")
        assert app.game_screen.focused_card() is None, "the Support Area is empty"
        await pilot.press("s")
        await pilot.pause()
        said = [m.message for m in app._notifications]
        assert "Summon: focus the card first (▸ marks what you can play)" in said, said
