"""What happened while you waited (issue 17 item 1): the table stops to show the
computer's moves when its turn ends, a point is taken or a card leaves play, and
the game over screen carries the last ones."""

from __future__ import annotations

from pathlib import Path

from pmtui.engine.screen import Watch
from pmtui.table.games import ruleset
from pmtui.tui.keys import TuiConfig, load_config
from pmtui.tui.screens.info import SummaryScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PromptScreen

from .helpers import Scripted, make_app, settle


def test_a_watch_sees_moves_into_and_out_of_its_zones() -> None:
    points = Watch("points", "", into=("points",))
    leaves = Watch("leaves", "", out_of=("main", "support"))
    assert points.seen({"t": "move", "from": "1/deck", "to": "1/points"})
    assert not points.seen({"t": "move", "from": "1/deck", "to": "1/hand"})
    assert leaves.seen({"t": "move", "from": "0/main", "to": "0/discard"})
    assert not leaves.seen({"t": "move", "from": "0/support", "to": "0/main"})  # still in play
    assert not leaves.seen({"t": "var", "set": {"turn": 2}})


def test_watch_names_come_from_the_game(tmp_path: Path) -> None:
    spec = ruleset().screen
    path = tmp_path / "tui.toml"
    path.write_text('[options]\nwatch = ["points"]\n', encoding="utf-8")
    assert load_config(path).check(spec).watch == frozenset({"points"})
    path.write_text('[options]\nwatch = ["bogus"]\n', encoding="utf-8")
    cfg = load_config(path).check(spec)  # a bad entry: the defaults and a notice
    assert cfg.watch == frozenset({"turn", "points", "leaves"})
    assert any("options.watch" in p for p in cfg.problems)


async def _until_summary(pilot, app) -> SummaryScreen:  # noqa: ANN001
    """Pass (or take the first choice) until the table stops with a summary."""
    for _ in range(200):
        await settle(pilot, app)
        if isinstance(app.screen, SummaryScreen):
            return app.screen
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
            continue
        d = app.table.decision_for(0)
        if d is not None:  # pass, let the computer's approaches through, end mine
            app.submit(next((t for t in ("pass", "no-interference", "stop") if t in d.texts),
                            d.texts[0]))
    raise AssertionError("the table never stopped to show the computer's moves")


async def test_the_computers_turn_is_summed_up_in_words() -> None:
    # seed 2: the computer goes first and plays turn 1 (seed 3 used to stop only on the
    # set-up answers, which no longer open a summary)
    app = make_app(seed=2, watch=frozenset({"turn"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        text = "\n".join(line.plain for line in shown.lines)
        # the computer's decisions by the board's name for it, in the game's words
        assert "CPU: " in text
        assert "── turn" in text
        assert "@" not in text.split("── turn")[0]  # names, not card numbers
        await pilot.press("enter")  # go on: the table asks the player again
        await settle(pilot, app)
        assert not isinstance(app.screen, SummaryScreen)
        assert app.table.pending() is not None and app.table.pending().player == 0


async def test_nothing_stops_when_every_watch_is_off() -> None:
    app = make_app(seed=3, watch=frozenset())
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await settle(pilot, app)
            assert not isinstance(app.screen, SummaryScreen)
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            else:
                await pilot.press("p")
        assert app.table.view_for(0)["vars"].get("turn", 0) >= 2  # the computer did play


async def test_a_point_stops_the_table_in_the_middle_of_a_turn() -> None:
    app = make_app(seed=3)
    # the approach windows and the computer's Main Phase pass for the player: a point
    # taken there would go by unseen, so the table stops for it
    app.config = TuiConfig(stops=frozenset({"own_main", "respond"}),
                           watch=frozenset({"points"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        text = "\n".join(line.plain for line in shown.lines)
        assert "→Point Zone" in text  # a point went to a Point Zone: that is why it stopped
        assert "CPU: Approach with" in text


async def test_set_up_answers_alone_open_no_summary() -> None:
    """The computer's answer in set-up ("Keep this hand") ends nobody's turn: the table
    does not stop for it when the player's first turn begins (seed 3: the player goes
    first, and the summary used to open on the computer's keep and the player's draw)."""
    app = make_app(seed=3, watch=frozenset({"turn", "points", "leaves"}))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await settle(pilot, app)
            assert not isinstance(app.screen, SummaryScreen)
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
        view = app.table.view_for(0)["vars"]
        assert view.get("turn") == 1 and view.get("ap") == 0  # the player's own turn 1
        assert any(x.action == "keep" for x in app.log_lines() if x.player == 1)


async def test_the_summary_leaves_out_the_players_own_draw() -> None:
    """After the computer's turn the summary ends at "── turn N: You ──": the player's
    own draw that follows is theirs, not something they waited for."""
    app = make_app(seed=2, watch=frozenset({"turn"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        texts = [line.plain for line in shown.lines]
        assert texts[-1].startswith("── turn ") and texts[-1].endswith(": You ──")
        assert not [t for t in texts if t.lstrip().startswith("You ")]
        draws = [x for x in app.log_lines() if x.kind == "event" and "You " in x.text
                 and "(draw)" in x.text]
        assert draws  # the draw happened and stays in the game log


def test_what_the_other_side_did_keeps_its_effects_on_the_players_cards() -> None:
    """The summary's filter line by line: the computer's decisions and whatever follows
    them stay (even a move of the player's card), the player's own decisions and the
    start of their own turn go, a die's outcome (nobody's) stays."""
    from pmtui.engine.decision import CHANCE
    from pmtui.table.logtext import LogLine

    app = make_app(seed=1)
    lines = [
        LogLine("CPU: Keep this hand", "decision", 1, "keep"),
        LogLine("── turn 1: CPU ──", "turn", 1),
        LogLine("  CPU a card: deck→hand (draw)", "event"),
        LogLine("CPU: Approach with X", "decision", 1, "approach X"),
        LogLine("You: Pass", "decision", 0, "pass"),
        LogLine("You: Let it through", "decision", 0, "no-interference"),
        LogLine("  You Y: main→discard (destroyed)", "event"),
        LogLine("chance: 4", "decision", CHANCE, "4"),
        LogLine("── turn 2: You ──", "turn", 0),
        LogLine("  You a card: deck→hand (draw)", "event"),
        LogLine("CPU: Respond with Z", "decision", 1, "respond Z"),
        LogLine("  You W: main→discard (Z)", "event"),
    ]
    kept = [x.text for x in app._others_doings(lines)]
    assert kept == [
        "CPU: Keep this hand", "── turn 1: CPU ──", "  CPU a card: deck→hand (draw)",
        "CPU: Approach with X", "  You Y: main→discard (destroyed)", "chance: 4",
        "── turn 2: You ──", "CPU: Respond with Z", "  You W: main→discard (Z)",
    ]



async def test_the_summary_waits_until_the_player_decides() -> None:
    """The summary opens where the player decides, never while the computer's turn goes
    on. Seed 3: the player goes first, summons and passes; the summary used to open
    after the pass made for the player in answer to the computer's first summon, with
    the summon still on the stage and "Waiting for CPU…" under it."""
    app = make_app(seed=3, watch=frozenset({"turn"}))
    me = Scripted(prefer=("summon", "done", "pay", "first", "keep"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(80):
            await settle(pilot, app)
            if isinstance(app.screen, SummaryScreen):
                break
            while isinstance(app.screen, PromptScreen):  # the player's moves go by text
                app.screen.dismiss(None)
                await settle(pilot, app)
            d = app.table.decision_for(0)
            if d is not None:
                app.submit(me.choose({}, d))
        assert isinstance(app.screen, SummaryScreen)
        texts = [line.plain for line in app.screen.lines]
        pending = app.table.pending()
        assert pending is not None and pending.player == 0  # the player decides now
        # the computer's summon is summed up whole, not while it stood on the stage
        assert "CPU: Summon Ren Kuzunoha to the Main Area" in texts
        assert "  CPU Ren Kuzunoha: Stage→Main Area (summon)" in texts


async def test_a_turn_the_players_own_move_ended_is_summed_up() -> None:
    """When the player's own move ends their turn (a hand adjustment, stopping the
    approaches), the computer's turn that follows still opens the summary. Seed 3: the
    player passes and ends turn 1 by discarding; the table used to stop for none of
    the computer's turns, since the turn had changed before the player's move was
    marked as seen."""
    app = make_app(seed=3, watch=frozenset({"turn"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        texts = [line.plain for line in shown.lines]
        assert "── turn 2: CPU ──" in texts
        assert any(t.startswith("CPU: Summon") for t in texts)


async def test_under_the_summary_the_prompt_line_claims_no_decision() -> None:
    """Under the summary the bottom line said "Your move (approach ⑥ …)" for a window the
    table passes for the player once the summary closes: a key pressed for it then
    landed on the next decision (the player's Main Phase). It says what enter does."""
    from textual.widgets import Static

    app = make_app(seed=2, watch=frozenset({"turn"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_summary(pilot, app)
        line = str(app.game_screen.query_one("#prompt", Static).render())
        assert "Your move" not in line and "While you waited" in line


async def test_the_next_summary_shows_its_own_moves_on_the_same_screen() -> None:
    """One summary screen per table is shown again (a new screen each time cost half of
    opening it): the second shows the second stretch of moves, not the first."""
    from textual.widgets import Static

    from pmtui.ai import make_player

    app = make_app(seed=7, computer=make_player("random", 7), watch=None)  # every watch
    shown: list[tuple[SummaryScreen, str]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):  # by keys, as a player: pass, let approaches through, stop
            await settle(pilot, app)
            screen = app.screen
            if isinstance(screen, SummaryScreen):
                text = str(screen.query_one("#summary-lines", Static).content)
                assert text == "\n".join(line.plain for line in screen.lines)
                shown.append((screen, text))
                if len(shown) == 2:
                    break
                await pilot.press("enter")
            elif isinstance(screen, ChoiceScreen):
                await pilot.press("enter")
            else:
                d = app.table.decision_for(0)
                key = {"pass": "p", "no-interference": "n", "stop": "x"}
                await pilot.press(next((key[t] for t in key if d and t in d.texts), "enter"))
        assert len(shown) == 2, "the table stopped twice to show the computer's moves"
        (first, first_text), (second, second_text) = shown
        assert second is first
        assert second_text != first_text
        await pilot.press("enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, SummaryScreen)


async def test_the_computers_plays_in_the_players_own_turn_are_summed_up() -> None:
    """The computer's Decline cards disabled the player's summon in the player's own turn:
    nothing left a Main Area and no turn ended, so the table went back to the player's
    Main Phase with the summon gone and only the log saying why. Now the summary opens."""
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.app import PmApp

    from .test_chain import Declines, chain_game, pay_two, uid_of

    table = LocalTable(chain_game(), [HUMAN, Declines()])
    app = PmApp(table, config=TuiConfig(watch=frozenset({"turn"})), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        nanami = uid_of(app, "TWC-023", "0/hand")
        app.submit(f"summon TWC-023@{nanami} main")
        await settle(pilot, app)
        await pay_two(pilot, app)
        await pilot.press("down", "enter")  # answer its Sorry, We're Closed with ours
        await settle(pilot, app)
        await pay_two(pilot, app)  # it answers again; the player has none left: passed
        assert isinstance(app.screen, SummaryScreen)
        texts = [line.plain.strip() for line in app.screen.lines]
        assert "CPU: Sorry, We're Closed disabled your summon of Nanami Kurose" in texts
        await pilot.press("enter")
        await settle(pilot, app)
        d = app.table.pending()
        assert d is not None and d.player == 0 and d.kind == "priority"  # back to the player


def test_lines_alike_stay_apart_unless_nothing_tells_them_apart() -> None:
    """Two cards of one name each taking the same hit read alike but are two events:
    the summary shows both. Only a decision the player was told nothing of but its
    kind (two traps set face down) is one line with its count (docs/tui.md)."""
    from pmtui.table.logtext import LogLine

    app = make_app(seed=1)
    hit = LogLine("  Your Cinder Hound takes 15 damage from Brakka: 25 HP left", "effect")
    trap = LogLine("CPU trap", "decision", 1, "trap", hidden=True)
    app.log_lines = lambda since=0: [hit, hit, trap, trap]  # type: ignore[method-assign]
    assert [t.plain for t in app._summary()] == [hit.text, hit.text, "CPU trap ×2"]


async def test_the_computers_cost_is_its_plays_not_a_count_of_picks() -> None:
    """A cost paid from the computer's hand: the picks (hidden: "CPU: pay" once per card
    and once to confirm) are left out; the play's line and the cost's moves under it say
    what was paid for and with what. Seed 2: the computer summons on turn 1."""
    app = make_app(seed=2, watch=frozenset({"turn"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        texts = [line.plain.strip() for line in shown.lines]
        assert not any(t.lower().startswith("cpu: pay") for t in texts), texts
        summon = next(i for i, t in enumerate(texts) if t.startswith("CPU: Summon"))
        # what paid, under the play (after the card's move to the stage)
        assert any(t.endswith("(cost)") for t in texts[summon + 1:summon + 3]), texts
        logged = [x.text for x in app.log_lines()]
        assert not any(t.lower().startswith("cpu: pay") for t in logged)
        # the table's own log still has them: the picks are left out on the screen only
        assert any(x.hidden and x.action == "pay" for x in app.table.log_for(0))


async def test_the_game_over_box_shows_the_move_that_ended_the_game() -> None:
    """A long last turn in the game over box: it opens at its end, where the move that
    ended the game is, like the summary, and up and down scroll it (it opened at the top
    with the end cut off below, and no key reached it)."""
    from rich.text import Text
    from textual.containers import VerticalScroll

    from pmtui.tui.screens.info import GameOverScreen

    app = make_app(seed=1)
    lines = [Text(f"CPU: move {i}") for i in range(40)]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.push_screen(GameOverScreen("The computer wins.", "You have no HP left", lines))
        await settle(pilot, app)
        scroll = app.screen.query_one(VerticalScroll)
        assert scroll.max_scroll_y > 0  # more lines than the box shows
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("up")
        await settle(pilot, app)
        assert scroll.scroll_y < scroll.max_scroll_y


async def test_a_game_ended_by_a_pass_made_for_the_player_is_summed_up() -> None:
    """The table opens where the player's only choice is a pass that ends the game (the
    last point goes in as the approach resolves): the table passes for them, and the
    game over box shows what ended it, though no move of the computer's came after the
    point the player last saw (it showed no "While you waited" then)."""
    from pmtui.engine.game import Game
    from pmtui.engine.views import view
    from pmtui.table.session import HUMAN, LocalTable, new_game_header
    from pmtui.tui.app import PmApp
    from pmtui.tui.screens.info import GameOverScreen

    header, _ = new_game_header(2, vs="computer", level="random")
    played = Game(ruleset(), header)
    while played.over is None:
        d = played.pending()
        assert d is not None
        played.act(Scripted().choose(view(played.ruleset, played.state, d.player), d),
                   d.player)
    assert played.moves[-1] == (0, "pass")  # the player's pass ended it
    game = Game(ruleset(), header)
    for player, text in played.moves[:-1]:
        game.act(text, player)
    d = game.pending()
    assert d is not None and d.texts == ["pass"]  # their only choice: the table makes it
    app = PmApp(LocalTable(game, [HUMAN, Scripted()]), config=TuiConfig(), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert game.over is not None and len(game.moves) - 1 in app.table.auto
        box = app.screen
        assert isinstance(box, GameOverScreen)
        text = "\n".join(line.plain for line in box.last)
        assert "→Point Zone" in text  # the point that ended the game
        assert text.splitlines()[-1].startswith("== ")  # and the end, last
        assert "While you waited" in "\n".join(
            str(w.render()) for w in box.query("Static"))
