"""The game screen plays SENGOKU YUGI on its grid at 80x24: cells with their names,
face-down pieces as backs, a card deployed and a piece moved by keys."""

from __future__ import annotations

from tui.helpers import focus, game, settle, take_keyboard  # type: ignore[import-not-found]

from pmtui.engine.game import Game
from pmtui.table.games import make_header, ruleset
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.prompts import ChoiceScreen
from pmtui.tui.widgets.board import GridView
from rulesets.sengoku_yugi.screen import strongholds


def sengoku_app(seed: int = 4, board: str = "") -> PmApp:
    rs = ruleset("sengoku_yugi")
    decks = [rs.load_deck("mist_valley_standard"), rs.load_deck("moon_shore_standard")]
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    extra = {"options": {"board": board}} if board else {}
    g = Game(rs, make_header(rs, decks, seed, players, mode="hotseat", **extra))
    # setup, then the first player's Charge Phase: straight to the Main Phase
    while g.state.vars["phase"] != "main":
        d = g.pending()
        assert d is not None
        g.act("charge-ap" if "charge-ap" in d.texts else
              "draw" if "draw" in d.texts else d.texts[0], d.player)
    return PmApp(LocalTable(g, [HUMAN, HUMAN]), hotseat=True, config=TuiConfig(),
                 threaded=False)


async def test_the_grid_is_drawn_and_played_by_keys() -> None:
    app = sengoku_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        me = screen.decision.player
        grid = app.screen.query_one(GridView)
        drawn = grid.render().plain
        assert "a1" in drawn and "e4" in drawn  # empty cells show their names
        # each player sees their own Backline at the bottom (the grid is turned for seat 2)
        assert (drawn.index("e1") < drawn.index("a4")) == (me == 1)
        assert "▒" in drawn  # G1 (9)⑪: the second player's cards stay face down
        # Deployment (G1 (11)④): the key opens the Perimeter cells to choose from
        card = await focus(pilot, app, "my-hand",
                           lambda c: any(t.startswith(f"deploy {c['cid']}@{c['uid']} ")
                                         for t in screen.texts()))
        await pilot.press("d")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        options = list(app.screen.options)
        assert options and all(t.startswith(f"deploy {card['cid']}@{card['uid']} ")
                               for t in options)
        await pilot.press("enter")
        await settle(pilot, app)
        board = app.table.view_for(me)["zones"]["shared/bf"]
        placed = next(c for c in board if c.get("uid") == card["uid"])
        screen = game(app)
        while screen.decision is not None and screen.decision.kind == "trigger":
            app.table.act(me, "skip")  # a deploy trigger: let it pass
            await settle(pilot, app)
            screen = game(app)
        # Move (G1 (11)④): focus the piece's cell, press m, choose the cell
        assert screen.board.goto(lambda s: s.cell == placed["at"])
        screen._draw()
        assert card["name"] in str(screen.query_one("#detail").render())
        await pilot.press("m")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        assert all(t.startswith(f"move {placed['at']} ") for t in app.screen.options)
        target = app.screen.options[0].split()[2]
        await pilot.press("enter")
        await settle(pilot, app)
        board = app.table.view_for(me)["zones"]["shared/bf"]
        assert next(c for c in board if c.get("uid") == card["uid"])["at"] == target
        # the Commander leaves the Command Zone by the same key on its card
        cmd = await focus(pilot, app, "my-cz", lambda c: True)
        await pilot.press("m")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        assert all(t.startswith(f"move {cmd['cid']}@{cmd['uid']} ") for t in app.screen.options)
        await pilot.press("escape")
        await settle(pilot, app)
        await pilot.press("x")  # end the turn
        await take_keyboard(pilot, app)
        assert app.table.pending().player != me


async def test_a_board_of_another_size_is_drawn_and_walked_at_its_size() -> None:
    """S2: the `board` option (here 6x7) is the grid drawn, with its Strongholds on
    d1 and d6, and the cursor reaches its far corner."""
    app = sengoku_app(board="6x7")
    async with app.run_test(size=(100, 30)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        me = screen.decision.player
        drawn = app.screen.query_one(GridView).render().plain
        lines = [ln for ln in drawn.splitlines() if ln.strip()]
        assert "g6" in drawn and "a1" in drawn and "h" not in "".join(
            w[0] for w in drawn.split() if len(w) == 2 and w[1].isdigit())
        assert len(lines) % 6 == 0  # six rows of cells
        assert (drawn.index("g6") < drawn.index("a1")) == (me == 0)
        cells = {s.cell for n in screen.board.nav for s in n.spots if s.kind == "cell"}
        assert len(cells) == 42 and {"a1", "g6", "d1", "d6"} <= cells
        assert screen.board.goto(lambda s: s.cell == "g6")
        assert set(app.screen.query_one(GridView).fixtures) == {"d1", "d6"}


async def test_the_largest_board_keeps_every_row_at_80x24() -> None:
    """S2: an 8x9 board needs eight lines: the grid takes them from the other rows
    rather than cut the viewer's own Backline off the bottom."""
    app = sengoku_app(board="8x9")
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        grid = app.screen.query_one(GridView)
        assert len(grid.grid.rows) == 8 and grid.size.height >= 8


async def test_the_strongholds_stand_on_their_cells_with_owner_and_hp() -> None:
    """G1 (8): each Stronghold is on the middle cell of its Backline (c1, c4), shown
    with whose it is and its HP, which follows the game."""
    app = sengoku_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        grid = app.screen.query_one(GridView)
        hp = app.table.view_for(0)["vars"]["sh_hp"]
        assert grid.fixtures["c1"].title == "▣Ann" and grid.fixtures["c4"].title == "▣Bo"
        drawn = grid.render().plain
        assert "▣Ann" in drawn and f"HP{hp[0]}" in drawn and "c1" not in drawn
        # the faces are read from the view: a Stronghold down to 2 HP shows 2
        view = app.table.view_for(0)
        fallen = {**view, "vars": {**view["vars"], "sh_hp": [hp[0], 2]}}
        faces = strongholds(fallen, ["Ann", "Bo"])
        assert (faces["c4"].right, faces["c1"].right) == ("HP 2", f"HP {hp[0]}")
        assert (faces["c1"].colour, faces["c4"].colour) == ("own", "foe")
        # whose it is in words, against the computer too: "Your Stronghold", not "You's"
        faces = strongholds(view, ["You", "CPU"])
        assert (faces["c1"].status, faces["c4"].status) == (("Your Stronghold",),
                                                            ("CPU's Stronghold",))


async def test_the_replay_viewer_steps_through_a_saved_game_on_the_grid() -> None:
    from pathlib import Path

    from pmtui.table.replay import ReplayModel
    from pmtui.tui.replay import ReplayApp

    save = Path(__file__).parents[2] / "saves" / "sengoku_yugi" / "standard-heuristic.jsonl"
    app = ReplayApp(ReplayModel.from_file(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.replay_screen
        grid = screen.query_one(GridView)
        before = grid.render().plain
        assert "a1" in before
        for _ in range(6):
            await pilot.press("n")  # a few turns on: pieces have moved
        await pilot.pause()
        after = grid.render().plain
        assert after != before and screen.model.cursor.turn_at(screen.position) >= 4


async def test_a_hand_ability_is_used_from_the_focused_hand_card() -> None:
    """S46: `show hand#N` names the card by its place; the key on the focused card finds it."""
    app = sengoku_app(seed=3)  # the first player holds a card with a hand ability
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        shows = [t for t in screen.texts() if t.startswith("show ")]
        assert shows
        index = int(shows[0].split()[1].split("#")[1]) - 1
        hand = app.table.view_for(screen.decision.player)["zones"][
            f"{screen.decision.player}/hand"]
        wanted = hand[index]
        card = await focus(pilot, app, "my-hand", lambda c: c.get("uid") == wanted["uid"])
        assert any(t.startswith(f"show hand#{index + 1}") for t in screen.spot_options())
        assert card["uid"] == wanted["uid"]
        await pilot.press("h")  # the Show key on the focused card
        await settle(pilot, app)
        assert shows[0] in [r.get("action") for r in app.table.game.records
                            if r.get("type") == "decision"]


async def test_pieces_that_can_move_or_attack_are_marked_on_the_grid() -> None:
    """A piece whose cell starts a legal option ("move c2 c3") carries the ▸ mark."""
    app = sengoku_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        me = screen.decision.player
        movers = {t.split()[1] for t in screen.texts() if t.startswith("move ")}
        board = app.table.view_for(me)["zones"]["shared/bf"]
        marks = screen._marks()
        for c in board:
            if c.get("uid") is not None and c["at"] in movers:
                assert marks.get(c["uid"]) == "▸", c["at"]
        assert movers and "▸" in app.screen.query_one(GridView).render().plain


async def test_the_sandbox_draws_the_grid_and_adds_a_unit_by_keys() -> None:
    """`pmtui sandbox --game sengoku_yugi`: the grid is drawn; a card added by keys goes
    to the cell chosen from the menu."""
    from pmtui.table.sandbox import Sandbox
    from pmtui.tui.sandbox.app import SandboxApp
    from pmtui.tui.sandbox.prompts import CardSearchScreen, MenuScreen

    rs = ruleset("sengoku_yugi")
    app = SandboxApp(Sandbox.from_doc(rs=rs))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one(GridView)
        assert "c2" in grid.render().plain
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, CardSearchScreen)
        await pilot.press(*"SGY-004")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        labels = [str(label) for label, _value in app.screen.options]
        cell = next(i for i, label in enumerate(labels) if label.endswith("Battlefield c2"))
        for _ in range(cell):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        board = app.model.state.zones.get("shared/bf", [])
        assert [app.model.state.cards[u].f.get("at") for u in board] == ["c2"]


async def test_a_game_against_the_computer_starts_and_goes_on_by_keys() -> None:
    """`pmtui play --game sengoku_yugi`: the setup choices are prompts answered with enter,
    the computer answers its own, and the game reaches the human's Main Phase."""
    from pmtui.table.session import new_game_header, new_table

    header, seats = new_game_header(5, vs="computer", game="sengoku_yugi",
                                    opponent="heuristic")
    table = new_table(header, seats)
    app = PmApp(table, hotseat=False, config=TuiConfig(), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot, app)
            d = table.pending()
            if d is not None and d.player == 0 and d.kind == "main":
                break
            if d is not None and d.player == 0:
                # a prompt (setup, charge): take its first choice
                if not isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
                    await settle(pilot, app)
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
        d = table.pending()
        assert d is not None and d.player == 0 and d.kind == "main"
        assert table.game.state.vars["phase"] == "main"
        assert app.screen.query_one(GridView).render().plain


def test_the_log_names_zones_the_board_does_not_draw() -> None:
    """A card put under a unit, or into the Last Guard, is named in words in the log,
    not by the zone's key ("Under")."""
    from pmtui.table.logtext import moves_text

    title = ruleset("sengoku_yugi").screen.layout.title
    move = {"t": "move", "card": 7, "cid": "SGY-013", "from": "0/hand", "to": "0/under",
            "why": "equip"}
    assert moves_text([move], lambda _cid: "Ashigaru", zone_name=title) \
        == "P1 Ashigaru: Hand→Under units (equip)"
    assert title("guard") == "Last Guard"
    assert title("bf") == "Battlefield"


def test_the_charge_phase_reads_in_the_guides_words() -> None:
    """The Charge Phase's options (Guide I (11)②) read "Charge hp cz" and "Charge ap"
    in the prompt, the log and the summary: the notation with a capital letter."""
    from tests.sengoku_yugi.helpers import new_game

    g = new_game(seed=4)
    spec = ruleset("sengoku_yugi").screen
    seen: set[str] = set()
    while g.over is None and len(seen) < 3:
        d = g.pending()
        assert d is not None
        if d.kind == "charge":
            seen.update(t.split()[0] for t in d.texts)
            for t in d.texts:
                label = spec.label(t)
                assert not label.lower().startswith(("charge ", "charge-")), label
                assert " cz" not in label and "hp " not in label, label
        g.act(d.texts[0], d.player)
    assert {"charge-ap", "draw"} <= seen
    assert spec.label("charge-hp cz") == "HP Charge: +1 HP to the ally in the Command Zone"
    assert spec.label("charge-hp d1") == "HP Charge: +1 HP to the ally on d1"
    assert spec.label("charge-ap") == "AP Charge: +10 AP"


def test_the_commanders_call_to_the_fight_reads_in_words() -> None:
    """"Send the Commander into the fight?" offered "Join b2" and "No join"."""
    spec = ruleset("sengoku_yugi").screen
    assert spec.label("join b2") == "Send the Commander to b2 to fight"
    assert spec.label("no-join") == "Keep the Commander out of the fight"


async def test_the_hand_window_with_nothing_to_use_is_answered_only_where_nobody_sees_it() -> None:
    """S47 (G1 (14) Trigger, Hand): against the computer on one's own terminal the table
    answers a hand's window whose only answer is `skip` (nobody sees the wait, the
    computer reads no clock; the pass counts as made for the player, so `u` passes over
    it); in hot seat the hand-over would show it, so the question is asked there."""
    from pmtui.table.scenarios import loads
    from pmtui.table.scenarios.run import new_game as scenario_game
    from pmtui.table.session import computer_player

    from .test_hidden import WHISPER_ASKED

    rs = ruleset("sengoku_yugi")
    for hotseat in (False, True):
        g = scenario_game(loads(WHISPER_ASKED.replace('"SGY-021"', '"SGY-001"')))
        g.act("attack c3 c1 atk")
        g.act("done")
        d = g.pending()
        assert d is not None and (d.player, d.kind, d.texts) == (0, "hand", ["skip"])
        other = HUMAN if hotseat else computer_player("heuristic", 1, rs)
        table = LocalTable(g, [HUMAN, other])
        app = PmApp(table, hotseat=hotseat, config=TuiConfig(), threaded=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            skipped = [k for k, (p, text) in enumerate(g.moves) if (p, text) == (0, "skip")]
            if hotseat:
                d = table.pending()
                assert not skipped and d is not None and d.kind == "hand"
            else:
                assert len(skipped) == 1 and skipped[0] in table.auto


async def test_a_face_down_card_and_the_reason_not_now_are_said_once() -> None:
    """A face-down piece read "▒ face down" over a second line "down"; and outside the
    Main Phase the card sheet gave every verb the same "not a choice now: commander
    decision of P1: ..." line. Now the back says it once, and one plain reason stands
    for every verb (explain.py)."""
    from pmtui.tui.screens.info import CardScreen
    from pmtui.tui.widgets.board import CardRow

    app = sengoku_app()
    async with app.run_test(size=(80, 40)) as pilot:
        await take_keyboard(pilot, app)
        back = next(r for r in app.screen.query(CardRow) if r.id == "opp-cz").render()
        lines = [ln.strip() for ln in str(getattr(back, "plain", back)).splitlines()]
        assert lines[0] == "▒ face down" and not any(lines[1:]), lines

    rs = ruleset("sengoku_yugi")
    decks = [rs.load_deck("mist_valley_standard"), rs.load_deck("moon_shore_standard")]
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    g = Game(rs, make_header(rs, decks, 4, players, mode="hotseat"))
    d = g.pending()
    assert d is not None and d.kind == "commander"
    g.act(d.texts[0], d.player)  # the Commander goes to the Command Zone; a Nameless next
    d = g.pending()
    assert d is not None and d.kind == "place"
    app = PmApp(LocalTable(g, [HUMAN, HUMAN]), hotseat=True, config=TuiConfig(),
                threaded=False)
    async with app.run_test(size=(80, 40)) as pilot:
        await take_keyboard(pilot, app)
        uid = g.state.zones[f"{d.player}/cz"][0]
        assert len(app.table.why_not(d.player, uid)) > 1  # several verbs, one reason
        app.inspect(uid)
        await settle(pilot, app)
        assert isinstance(app.screen, CardScreen)
        text = app.screen.body.plain
        assert f"Not now: first answer “{d.prompt}”" in text
        assert text.count("first answer") == 1 and "decision of" not in text
