"""The contract's extensions at the table, on the toy (tests/toy/ruleset.py, section T5):
a row of numbered posts drawn with each card at its post and each post's mark (T5a),
a double-sided card showing the side up and, on its sheet, the other (T5b), a text
whose words change during play drawn as it stands now (T5c), a window where only
traps answer named as such and passed by the table (T5d), and a blind pick offered by
position, never naming the card (T5e)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from toy.ruleset import Toy

from pmtui.engine.game import Game
from pmtui.table.games import make_header
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import CardScreen
from pmtui.tui.screens.prompts import ChoiceScreen, RespondScreen
from pmtui.tui.widgets.board import CardRow

from .helpers import focus, game, settle, take_keyboard
from .test_toy_table import screen_text

RS = Toy()
SCENARIOS = Path(__file__).parents[1] / "toy" / "scenarios"

# p1's camp: a Pebble Scout on post 1 beside its lit lantern; post 3 is free
CAMP = {
    "position": {"turn": 2, "active": "p1", "hp": [4, 6]},
    "p1": {"hand": ["TOY-03"], "deck": ["TOY-01"] * 2, "camp": ["1 TOY-01", "2 TOY-07 lit"]},
    "p2": {"hand": ["TOY-01"], "deck": ["TOY-01"] * 2, "camp": ["2 TOY-07"]},
}
# p1's Knight on a1 may attack p2, who has a trap set on c3 and a Scout in hand
SNARE = {
    "position": {"turn": 3, "active": "p1", "hp": [6, 6],
                 "board": {"a1": "p1 TOY-02", "c3": "p2 TOY-04 down"}},
    "p1": {"hand": ["TOY-03", "TOY-01"], "deck": ["TOY-01"] * 2},
    "p2": {"hand": ["TOY-01"], "deck": ["TOY-01"] * 2},
}


def app_for(doc: Mapping[str, object], config: TuiConfig | None = None) -> PmApp:
    """A hot-seat toy table set up at a scenario position."""
    decks = [RS.load_deck("skirmish")] * 2
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    header = make_header(RS, decks, 1, players, mode="hotseat",
                         scenario=RS.positions.parse(doc))
    return PmApp(LocalTable(Game(RS, header), [HUMAN, HUMAN]), hotseat=True,
                 config=config or TuiConfig(watch=frozenset()), threaded=False)


def detail(app: PmApp) -> str:
    return str(game(app).query_one("#detail").render())


async def test_a_numbered_row_draws_each_card_at_its_post_with_the_posts_marks() -> None:
    """T5a: the Scout on post 1, the lantern on post 2, post 3 empty with its mark; a
    creature put on post 3 is drawn there, after the lantern (in zone order it came
    last anyway, so post 1 is emptied first to show the row keeps the places)."""
    app = app_for(CAMP)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        row = game(app).query_one("#my-camp", CardRow)
        top = row.render().plain.splitlines()[0]
        assert top.index("1 Pebble") < top.index("2* ") < top.index("─ 3 ─"), top
        creature = await focus(pilot, app, "my-hand", lambda c: c.get("cid") == "TOY-03")
        await pilot.press("c")  # Camp: the one free post is the only choice
        await settle(pilot, app)
        placed = app.table.game.state.cards[int(creature["uid"])]
        assert placed.zone == "0/camp" and placed.f["post"] == 3
        top = row.render().plain.splitlines()[0]
        assert top.index("2* ") < top.index("3 Moss Golem"), top
        assert "─ 3 ─" not in top
        # the cursor walks the posts in order: right of the lantern is the Golem
        spots = next(n.spots for n in game(app).board.nav if n.rid == "my-camp")
        assert [s.card["cid"] if s.card else None for s in spots] == [
            "TOY-01", "TOY-07", "TOY-03"]


async def test_the_lanterns_text_is_drawn_as_it_stands_and_its_sheet_shows_both_sides(
) -> None:
    """T5b, T5c: the panel shows the lit side's words with the blank filled (one
    creature beside it), the printed words apart, and the dark side under its own
    heading; the full sheet (D) too."""
    app = app_for(CAMP)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        await focus(pilot, app, "my-camp", lambda c: c.get("cid") == "TOY-07")
        game(app)._draw()
        text = detail(app)
        assert "gain 1 HP" in text and "printed:" in text and "[warmth]" in text
        await pilot.press("D")
        await settle(pilot, app)
        assert isinstance(app.screen, CardScreen)
        sheet = app.screen.body.plain
        assert "gain 1 HP" in sheet
        assert "Other side" in sheet and "Unlit: it warms nobody" in sheet
        await pilot.press("escape")
        await settle(pilot, app)
        await pilot.press("k")  # Kindle: the dark side comes up, the lit one goes below
        await settle(pilot, app)
        await focus(pilot, app, "my-camp", lambda c: c.get("cid") == "TOY-07")
        game(app)._draw()
        text = detail(app)
        assert "Unlit: it warms nobody" in text.split("Other side")[0]
        assert "gain [warmth] HP" in text.split("Other side")[1]


async def test_only_traps_answer_in_the_snare_window_and_the_pick_is_blind() -> None:
    """T5d: the attack opens a window where the defender is asked, by name of the window
    ("traps only"), the panel saying who may answer; T5e: springing the trap offers the
    attacker's hand by position only; the passes left are the table's (only choice)."""
    app = app_for(SNARE)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        assert screen.board.goto(lambda s: s.cell == "c3")  # Bo's trap: its back only
        screen._draw()
        assert "face down" in detail(app) and "Snare Vine" not in detail(app)
        assert screen.board.goto(lambda s: s.cell == "a1")
        await pilot.press("a")  # the Knight attacks
        await take_keyboard(pilot, app)
        assert isinstance(app.screen, RespondScreen)
        assert "(traps only)?" in app.screen.title_text
        assert app.screen.options == ["spring c3", "pass"]
        assert "Bo may answer: traps" in screen_text(app)  # the turn panel, wrapped
        assert "Answer the attack (traps only)" in str(
            game(app).query_one("#prompt").render())  # the prompt line under the board
        await pilot.press("enter")  # spring c3
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.options == ["pilfer hand#1", "pilfer hand#2"]
        shot = screen_text(app)
        assert "Moss Golem" not in shot  # in Ann's hand, which Bo picks from unseen
        await pilot.press("enter")
        await take_keyboard(pilot, app)
        g = app.table.game
        assert len(g.state.zones["0/discard"]) == 1  # the pilfered card, face up now
        # Ann then Bo could only pass: the table passed for both, the die came next
        assert [text for _, text in g.moves[-2:]] == ["pass", "pass"]
        assert "resp" not in g.state.vars or g.state.vars["resp"] is None


async def test_the_table_passes_a_window_taken_out_of_the_stops() -> None:
    """T5d: a player who took the snare window out of their stops is not asked there,
    though they could spring a trap: the table passes for them."""
    app = app_for(SNARE, TuiConfig(stops=frozenset(), watch=frozenset()))
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        assert game(app).board.goto(lambda s: s.cell == "a1")
        await pilot.press("a")
        await take_keyboard(pilot, app)
        g = app.table.game
        assert not isinstance(app.screen, RespondScreen)
        assert [text for _, text in g.moves[-2:]] == ["pass", "pass"]
        assert g.state.zones["shared/board"] and "0/discard" not in g.state.zones


async def test_the_sandbox_and_the_replay_draw_the_text_as_it_stands(tmp_path: Path) -> None:
    """T5c wherever a card is shown: the sandbox set up at the camp position and the
    replay viewer on a save of a game from it (a second creature camped beside the
    lantern, then the lantern kindled: two HP then)."""
    from pmtui.engine.journal import JournalWriter
    from pmtui.table.replay import ReplayModel
    from pmtui.table.sandbox import Sandbox
    from pmtui.tui.replay import ReplayApp
    from pmtui.tui.sandbox.app import SandboxApp

    def on_lantern(s: object) -> bool:
        card = getattr(s, "card", None)
        return card is not None and card.get("cid") == "TOY-07" and card.get("owner") == 0

    sb = Sandbox.from_doc(CAMP, rs=RS)
    app = SandboxApp(sb)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.screen.board.goto(on_lantern)
        app.screen.refresh_board()
        await pilot.pause()
        assert "you gain 1" in screen_text(app)  # the panel wraps before "HP"
    dark = {**CAMP, "p1": {**CAMP["p1"], "camp": ["1 TOY-01", "2 TOY-07"]}}
    g = app_for(dark).table.game
    golem = next(u for u in g.state.zones["0/hand"] if g.state.cards[u].cid == "TOY-03")
    lantern = next(u for u in g.state.zones["0/camp"] if g.state.cards[u].cid == "TOY-07")
    g.act(f"camp TOY-03@{golem} 3", 0)
    g.act(f"kindle TOY-07@{lantern}", 0)  # the step the replay ends on is about the lantern
    save = tmp_path / "lantern.jsonl"
    with JournalWriter(save, g.header) as w:
        w.write(g.records[1:])
    replay = ReplayApp(ReplayModel.from_file(save), perspective=0)
    async with replay.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert "you gain 2" in screen_text(replay)


def test_words_changed_during_play_are_drawn_apart_and_the_other_side_under_its_heading(
) -> None:
    """The table's drawing of the two new face and panel parts, whatever the game."""
    from pmtui.engine.screen import Detail, Face, Line
    from pmtui.tui.display import detail_text, face_lines

    def text_styles(face: Face) -> set[str]:
        lines = face_lines(face, {}, 20, 6)
        return {str(t.style) for t in lines[4:] if t.plain.strip()}

    printed = Face("Lantern", text="gain [warmth] HP")
    assert text_styles(printed) == {"dim"}
    assert text_styles(Face("Lantern", text="gain 2 HP", text_changed=True)) == {"cyan"}
    panel = detail_text(Detail("Lit Lantern", lines=(Line("gain 2 HP"),),
                               other=(Line("Dark Lantern", "bold"), Line("warms nobody"))), {})
    up, _, down = panel.plain.partition("Other side")
    assert "gain 2 HP" in up and "Dark Lantern" in down and "warms nobody" in down
    assert "Other side" not in detail_text(Detail("Scout", lines=(Line("x"),)), {}).plain
