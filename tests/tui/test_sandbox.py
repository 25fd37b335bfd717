"""The sandbox (`pmtui sandbox`): positions set up by keys, why not?, undo, save as scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.engine.state import zkey
from pmtui.table.sandbox import EditError, Sandbox
from pmtui.table.scenarios import load, new_game, place
from pmtui.tui.sandbox.app import SandboxApp
from pmtui.tui.sandbox.prompts import (
    CardSearchScreen,
    MenuScreen,
    SandboxHelpScreen,
    SaveScreen,
    WhyScreen,
)
from pmtui.tui.sandbox.screen import SandboxScreen
from pmtui.tui.screens.info import GameOverScreen
from pmtui.tui.screens.prompts import ChoiceScreen
from pmtui.tui.widgets.picklist import PickList
from rulesets.precious_memories.position_edit import in_progress, remap, state_to_doc

from .helpers import to_col, to_row

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.toml"))

POSITION = {
    "position": {"turn": 3},
    "p1": {"hand": ["STA-005", "STA-001", "STA-016"], "main": ["STA-002", "STA-004"],
           "points": ["STA-003", {"card": "STA-008", "down": True}], "deck": 20},
    "p2": {"hand": ["TWC-003"], "main": [{"card": "TWC-001", "rest": True, "coins": 1}],
           "support": ["TWC-002"], "deck": 20},
}


async def settle(pilot) -> None:  # noqa: ANN001
    await pilot.pause()
    await pilot.pause()


def cids(sb: Sandbox, player: int, zone: str) -> list[str]:
    st = sb.state
    return [st.cards[u].cid for u in st.zones.get(zkey(player, zone), ())]


async def go(pilot, screen: SandboxScreen, row: str, col: int = 0) -> None:  # noqa: ANN001
    await to_row(pilot, screen, row)
    await to_col(pilot, screen, row, col)


async def add_here(pilot, app: SandboxApp, query: str) -> None:  # noqa: ANN001
    """a, type the search, enter (first match), enter (the zone under the cursor)."""
    await pilot.press("a")
    assert isinstance(app.screen, CardSearchScreen)
    await pilot.press(*query)
    await pilot.press("enter")
    assert isinstance(app.screen, MenuScreen)
    await pilot.press("enter")
    await settle(pilot)


async def type_over(pilot, text: str) -> None:  # noqa: ANN001
    await pilot.press("ctrl+u", *text)


# -- the test: set up by keys, why not, save, pmtui check -------------------------


async def test_set_up_by_keys_ask_why_not_and_save(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    app = SandboxApp(Sandbox.from_doc())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.sandbox_screen
        sb = app.model
        await go(pilot, screen, "my-main")
        await add_here(pilot, app, "STA-002")
        await go(pilot, screen, "my-main", 1)
        await add_here(pilot, app, "Yuzuha")  # the first Yuzuha Minase of the pool
        await go(pilot, screen, "opp-main")
        await add_here(pilot, app, "TWC-001")
        await go(pilot, screen, "my-hand")
        await add_here(pilot, app, "STA-005")
        assert cids(sb, 0, "main")[0] == "STA-002" and len(cids(sb, 0, "main")) == 2
        assert cids(sb, 1, "main") == ["TWC-001"]
        assert cids(sb, 0, "hand") == ["STA-005"]
        assert "added Sora Kisaragi (STA-005) to P1's hand" in app.last_report

        # why not? the focused hand card first: summon it (nothing to pay with)
        await pilot.press("w")
        why = app.screen
        assert isinstance(why, WhyScreen)
        assert why.answer.startswith("why not: P1 cannot pay for STA-005")
        assert "(p.11)" in why.answer
        # typed: approaching in the Main Phase
        await type_over(pilot, "approach STA-002")
        await pilot.press("enter")
        assert "(p.13)" in why.answer and why.answer.startswith("why not:")
        # picked from the list: pass is legal
        while not why.query_one("#why-input").value == "pass":
            await pilot.press("down")
        assert why.answer.startswith("legal")
        await pilot.press("escape")
        assert isinstance(app.screen, SandboxScreen)

        # save as a scenario
        path = tmp_path / "saved position.toml"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveScreen)
        await type_over(pilot, str(path))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SandboxScreen)
        assert path.exists() and "pmtui check passes" in app.last_report
        assert not app.dirty
    text = path.read_text(encoding="utf-8")
    assert 'illegal = ["approach STA-002"]' in text and 'reason_contains = "p.13"' in text
    assert 'legal = ["pass"]' in text
    capsys.readouterr()
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "expectations met" in out and "STA-005@0" in out


def test_snapshot_80x24(snap_compare) -> None:  # noqa: ANN001
    app = SandboxApp(Sandbox.from_doc(POSITION, name="snapshot position"))

    async def focus(pilot) -> None:  # noqa: ANN001
        await settle(pilot)
        await pilot.press("up", "up", "up")  # P1's Main Area, its first chara
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=focus)


# -- editing by keys -------------------------------------------------------------------------


async def test_rest_coin_summoned_face_move_remove_by_keys() -> None:
    app = SandboxApp(Sandbox.from_doc(POSITION))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, sb = app.sandbox_screen, app.model
        await go(pilot, screen, "my-main", 1)  # STA-004
        uid = screen.focused_card()["uid"]
        await pilot.press("r", "c", "c", "t")
        await settle(pilot)
        card = screen.focused_card()
        assert card["cid"] == "STA-004"
        assert card.get("rest") and card.get("coins") == 2 and card.get("turn") == 3
        assert sb.why(f"approach STA-004@{card['uid']}") is not None
        await pilot.press("C")
        assert screen.focused_card().get("coins") == 1
        # the face of a point card, from the zone bar
        await go(pilot, screen, "my-bar", 2)
        assert screen.focused_item() == "points"
        await pilot.press("f")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # STA-003, face up -> face down
        await settle(pilot)
        st = sb.state
        assert all(st.cards[u].f.get("down") for u in st.zones[zkey(0, "points")])
        # move STA-002 to the Support Area (menu), then remove it
        await go(pilot, screen, "my-main", 0)
        await pilot.press("m")
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        values = [v for _, v in menu.options]
        await pilot.press(*["down"] * values.index("0:support"), "enter")
        await settle(pilot)
        assert cids(sb, 0, "support") == ["STA-002"]
        assert screen.row_name == "my-support"  # the cursor followed the card
        await pilot.press("d")
        await settle(pilot)
        assert cids(sb, 0, "support") == []
        # undo, undo: back it comes, then back to the Main Area
        await pilot.press("u")
        assert cids(sb, 0, "support") == ["STA-002"]
        await pilot.press("u")
        assert "STA-002" in cids(sb, 0, "main")
        assert uid is not None


async def test_bad_edits_are_one_line_notices() -> None:
    doc = {"position": {"turn": 3},
           "p1": {"main": ["STA-001", "STA-002", "STA-004", "STA-005", "STA-007"],
                  "deck": 20},
           "p2": {"deck": 20}}
    app = SandboxApp(Sandbox.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, sb = app.sandbox_screen, app.model
        before = cids(sb, 0, "main")
        await go(pilot, screen, "my-main", 4)
        await add_here(pilot, app, "TWC-001")  # a sixth chara
        assert cids(sb, 0, "main") == before
        assert "(p.06)" in app.last_report and "\n" not in app.last_report
        await go(pilot, screen, "my-support")
        await add_here(pilot, app, "STA-002")  # a copy of STA-002 in the Support Area
        assert "(p.09)" in app.last_report
        await go(pilot, screen, "my-hand")
        await pilot.press("r")  # Rest is for Area charas: no key, nothing happens
        await pilot.press("w")
        await type_over(pilot, "fly STA-002")
        await pilot.press("enter")
        assert "unknown action" in app.screen.answer
        await pilot.press("escape")
        await pilot.press("ctrl+s")
        await type_over(pilot, "/proc/no/such/dir/x.toml")
        await pilot.press("enter")
        assert isinstance(app.screen, SaveScreen)  # stays open with the reason
        assert "cannot write" in str(app.screen.query_one("#save-msg").render())
        await pilot.press("escape")
        assert sb.history == []


async def test_phase_menu_and_playing_then_saving(tmp_path: Path) -> None:
    app = SandboxApp(Sandbox.from_doc(POSITION))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sb = app.model
        await pilot.press("P")
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        values = [v for _, v in menu.options]
        steps = values.index("approach:assign:") - max(menu.initial, 0)  # from the current
        await pilot.press(*["down"] * steps, "enter")
        await settle(pilot)
        d = sb.game.pending()
        assert d.kind == "approach" and sb.state.vars["step"] == "assign"
        # play: approach with STA-004 from the enter menu (a is "add" in the sandbox)
        screen = app.sandbox_screen
        await go(pilot, screen, "my-main", 1)
        await pilot.press("enter")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert sb.state.vars["step"] == "w2"
        await pilot.press("p", "p")  # both pass; P2's only chara rests: no interference
        await settle(pilot)
        assert sb.state.vars["step"] == "w6" and len(cids(sb, 1, "points")) == 1
        path = tmp_path / "after.toml"
        assert "pmtui check passes" in sb.save(path)
        game = new_game(load(path))
        assert game.pending().kind == "priority" and game.state.vars["step"] == "w6"
        assert len(game.state.zones[zkey(1, "points")]) == 1
        # undo the two passes and the approach, then the phase change
        for _ in range(4):
            await pilot.press("u")
        assert sb.state.vars["phase"] == "main" and sb.history == []
        await pilot.press("u")  # nothing left: a notice, no change
        assert sb.state.vars["phase"] == "main"


async def test_game_over_then_undo() -> None:
    doc = {"position": {"turn": 3, "phase": "approach", "step": "interfere",
                        "approach": "STA-002"},
           "p1": {"main": ["STA-002"], "deck": 5},
           "p2": {"points": ["TWC-001"] * 6, "deck": 5}}
    app = SandboxApp(Sandbox.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")  # P2 takes the seventh point
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.press("u")
        await settle(pilot)
        assert app.model.game.over is None
        assert app.model.game.pending().kind == "interfere"


async def test_help_and_palette_add() -> None:
    app = SandboxApp(Sandbox.from_doc())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, SandboxHelpScreen)
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.press(*"add Shiori")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # the zone under the cursor: P1's hand
        await settle(pilot)
        assert [app.model.defs[c].name for c in cids(app.model, 0, "hand")] == ["Shiori Nagisa"]


async def test_quit_asks_once_when_not_saved() -> None:
    app = SandboxApp(Sandbox.from_doc())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.model.add("STA-001", 0, "hand")
        await pilot.press("q")
        assert app.is_running and "not saved" in app.last_report
        await pilot.press("q")
        await settle(pilot)
    assert app.return_code == 0


# -- the model ----------------------------------------------------------------------------


def test_model_edits_undo_and_numbering() -> None:
    sb = Sandbox.from_doc(POSITION)
    uid = sb.add("STA-007", 0, "main")
    assert sb.state.cards[uid].cid == "STA-007"
    host = next(u for u in sb.state.zones[zkey(0, "main")] if sb.state.cards[u].cid == "STA-002")
    n = sb.add("STA-016", 0, "main", host=host)
    assert sb.state.cards[n].zone == zkey(0, "attached")
    host = next(u for u in sb.state.zones[zkey(0, "main")] if sb.state.cards[u].cid == "STA-002")
    new, report = sb.move(host, 0, "hand")  # a chara leaving takes its support to the discard
    assert "went to the discard" in report and cids(sb, 0, "discard") == ["STA-016"]
    with pytest.raises(EditError, match=r"p\.09"):
        sb.add("STA-007", 0, "support")
    sb.undo()
    sb.undo()
    sb.undo()
    assert sb.state.zones.get(zkey(0, "main")) and cids(sb, 0, "main") == ["STA-002", "STA-004"]
    with pytest.raises(EditError):
        sb.undo()


def test_editing_waits_while_paying() -> None:
    doc = {"position": {"turn": 3}, "p1": {"hand": ["STA-005", "STA-001", "STA-003"],
                                           "deck": 20}, "p2": {"deck": 20}}
    sb = Sandbox.from_doc(doc)
    before = sb.mark()
    sb.table.act(0, "summon STA-005@0 main")
    assert sb.played(before)
    assert in_progress(sb.state) and sb.can_edit()
    with pytest.raises(EditError, match="paid for"):
        sb.add("STA-006", 0, "hand")
    with pytest.raises(EditError):
        sb.to_toml()
    sb.undo()
    assert sb.can_edit() is None


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_rulebook_position_round_trips(path: Path) -> None:
    """At every step of every rulebook scenario, the state written as a position and set
    up again gives the same cards where they were and the same choices."""
    sc = load(path)
    sb = Sandbox.from_doc(rs=sc.rs)  # the scenario's own cards (card_files) too
    game = new_game(sc)
    for act in [None, *sc.actions]:
        if act is not None:
            d = game.pending()
            if d is None:
                break
            game.act(sb.rs.notation.resolve(d.texts, act.text, place(game.state)).text, d.player)
        st = game.state
        if in_progress(st):
            continue
        doc, order = state_to_doc(st, sb.defs)
        again = sb._game(sb._parse(doc))
        d1, d2 = game.pending(), again.pending()
        assert sorted(remap(t, order) for t in (d1.texts if d1 else [])) == \
            sorted(d2.texts if d2 else [])
        for key, uids in st.zones.items():
            mine = [remap(f"{st.cards[u].cid}@{u}", order) for u in uids]
            theirs = [f"{again.state.cards[u].cid}@{u}" for u in again.state.zones.get(key, [])]
            if key.endswith(("/attached", "/stack")):  # the order there means nothing
                mine, theirs = sorted(mine), sorted(theirs)
            assert mine == theirs, key


def test_cli_sandbox_bad_scenario_is_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    assert main(["sandbox", str(tmp_path / "missing.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: ") and err.count("\n") == 1
    bad = tmp_path / "bad.toml"
    bad.write_text('[p1]\nmain = ["STA-001", "STA-001"]\ndeck = 1\n[p2]\ndeck = 1\n')
    assert main(["sandbox", str(bad)]) == 2
    assert "p.09" in capsys.readouterr().err


def test_open_a_scenario_with_its_actions() -> None:
    path = next(p for p in SCENARIOS if p.name.startswith("p11_two_2cost"))
    sb, notes = Sandbox.from_scenario(path)
    assert notes == [] and sb.name.startswith("two cards")
    assert cids(sb, 0, "main") == ["STA-005"]
    assert len(sb.game.moves) == len(load(path).actions)
    while sb.history:  # back through the file's actions to its position
        sb.undo()
    assert sb.game.moves == [] and cids(sb, 0, "hand") == ["STA-005", "STA-001", "STA-003"]


async def test_the_card_search_takes_filters_and_says_what_is_wrong() -> None:
    """Issue 17 item 10: `colour:purple type:event` in the add-a-card search; a bad
    filter is a line over the empty list, and typing on fixes it."""
    app = SandboxApp(Sandbox.from_doc())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, CardSearchScreen)
        assert "colour:" in str(screen.query_one("#search").placeholder)
        await pilot.press(*"colour:purple type:event")
        await settle(pilot)
        listed = [item.value for item in screen.query_one(PickList).items]
        expected = {c.id for c in app.model.rs.search_cards("colour:purple type:event")}
        assert listed and set(listed) == expected
        assert all(app.model.defs[c].colour == "purple" for c in listed)
        await pilot.press("ctrl+u", *"colour:pink")
        await settle(pilot)
        assert screen.query_one(PickList).items == []
        assert "purple" in str(screen.query_one("#count").render())
        await pilot.press("enter")  # nothing to take: the search stays open
        assert app.screen is screen
        await pilot.press("ctrl+u", *"cost:5 type:chara")
        await settle(pilot)
        assert len(screen.query_one(PickList).items) == len(
            app.model.rs.search_cards("cost:5 type:chara")) > 0


async def test_palette_add_with_a_filter_in_another_game() -> None:
    """The palette's card hits describe a card as `pmtui cards` lists it, in every game
    (it read Precious Memories' colour and series, which a PSO card does not have)."""
    from pmtui.table.games import ruleset

    app = SandboxApp(Sandbox.from_doc(rs=ruleset("pso")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.press(*"add type:monster hp:70+")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")
        await settle(pilot)
        hand = [app.model.defs[c] for c in cids(app.model, 0, "hand")]
        assert len(hand) == 1 and hand[0].type == "monster" and hand[0].hp >= 70


async def test_the_sandbox_asks_a_question_again_with_always_ask() -> None:
    """The sandbox checks the rules' own order of passes (p.07): the Interferer, who
    passed on a summon, is asked again after the Approacher's pass; the table answers
    for them only with "always ask" off."""
    import tomllib

    from .test_hotseat import DECLINE

    doc = tomllib.loads(DECLINE.replace("P1_ANSWER", "TWC-007"))
    app = SandboxApp(Sandbox.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.table
        summon = next(t for t in table.pending().texts if t.startswith("summon TWC-005")
                      and t.endswith(" main"))
        table.act(0, summon)
        while table.pending().kind == "pay":
            d = table.pending()
            table.act(0, "done" if "done" in d.texts else
                      next(t for t in d.texts if t.startswith("pay")))
        table.act(1, "pass")  # P2 passes on the summon
        table.act(0, "pass")  # P1 on their own play
        d = table.pending()
        assert d.player == 1 and d.kind == "respond"
        assert table.pass_stands(d)  # the same question, nothing played since
        assert not app._pass_stands(d)  # but here it is asked
        app.always_ask = False
        assert app._pass_stands(d)


# -- why not from the focused card, every verb, a pass that moves the game on ------------


async def test_why_not_starts_from_the_focused_cards_verbs_and_offers_every_verb() -> None:
    """w on a chara in the Main Area opens with its own verbs (approach, then interfere:
    p.13, p.14), not with another card's play that names it (a support set on it);
    on a hand card the list still holds every verb of the game, approach among them
    (it was missing: only the hand card's plays and the answers were offered)."""
    app = SandboxApp(Sandbox.from_doc(POSITION))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, sb = app.sandbox_screen, app.model
        chara = sb.state.zones[zkey(0, "main")][0]
        await go(pilot, screen, "my-main")
        assert screen._uid() == chara
        await pilot.press("w")
        why = app.screen
        assert isinstance(why, WhyScreen)
        own = f"STA-002@{chara}"
        assert why.query_one("#why-input").value == f"approach {own}"
        assert [t for t, _ in why.suggestions[:2]] == [f"approach {own}", f"interfere {own}"]
        assert "(p.13)" in why.answer
        await pilot.press("escape")
        await go(pilot, screen, "my-hand")
        await pilot.press("w")
        why = app.screen
        assert isinstance(why, WhyScreen)
        verbs = {t.split()[0] for t, _ in why.suggestions}
        assert set(sb.rs.notation.verbs) <= verbs
        reason = dict(why.suggestions)[f"approach {own}"]
        assert reason is not None and "(p.13)" in reason


@pytest.mark.parametrize("game", ["precious_memories", "pso", "sengoku_yugi"])
def test_the_suggestions_hold_every_verb_of_the_game(game: str) -> None:
    """In every game, about any card on the table: each verb of the game's notation
    is offered once at least, so "why not?" can be asked about it without typing."""
    from pmtui.table.games import ruleset
    from pmtui.tui.sandbox.app import suggestions

    # Precious Memories starts from an empty table: the position with cards out
    sb = Sandbox.from_doc(POSITION) if game == "precious_memories" else \
        Sandbox.from_doc(rs=ruleset(game))
    st = sb.state
    shown = [u for key, uids in st.zones.items() if not key.endswith("/deck") for u in uids]
    assert shown
    for uid in (shown[0], shown[-1]):
        asked = suggestions(sb, uid)
        assert set(sb.rs.notation.verbs) <= {t.split()[0] for t in asked}
        assert len(asked) == len(set(asked))


async def test_a_pass_that_moves_the_game_past_the_moment_set_up_says_so() -> None:
    """Both pass in P1's Main Phase with nothing that may approach: the game goes on
    through the Approach Phase and Turn End to turn 4 (p.13, p.15) in one key. The
    notice says where it is now and where it was."""
    app = SandboxApp(Sandbox.from_doc())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert "moved on" not in app.last_report  # P2 may still answer: same moment
        await pilot.press("p")
        await settle(pilot)
        assert app.model.state.vars["turn"] == 4
        assert app.last_report.startswith("the game moved on: now turn 4, ")
        assert "(was turn 3, P1 is the Approacher, Main Phase)" in app.last_report
