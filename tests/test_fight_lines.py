"""Precious Memories: every approach, Decline and effect in the log's words, in the
log panel, the replay's step lines and the "While you waited" summary, as each seat
may read them: the numbers compared and who leaves, or that nobody does (p.14, p.23),
what a Decline disabled (p.19), what an effect does (p.16-17)."""

from __future__ import annotations

import json
from textwrap import dedent

from helpers import Table
from log_helpers import NAMES, log_texts, step_lines

from pmtui.engine.game import Game
from pmtui.table import scenarios

POSITION = """
[position]
phase = "approach"
step = "assign"
[p1]
main = {mine}
deck = 10
[p2]
main = {theirs}
deck = 10
"""


def played(position: str, actions: list[str]) -> Game:
    sc = scenarios.loads(f"actions = {json.dumps(actions)}\n{dedent(position)}", name="fight")
    result = scenarios.run(sc)
    assert result.ok, "\n".join(result.failures)
    return result.game


def battle(mine: str, theirs: str) -> Game:
    """P1's `mine` approaches, P2's `theirs` interferes, both windows pass: the judgement."""
    return played(POSITION.format(mine=json.dumps([mine]), theirs=json.dumps([theirs])),
                  [f"approach {mine}", "pass", "pass", f"interfere {theirs}", "pass", "pass"])


THEIRS = ("CPU", "You")  # seat 1 reading: the seats' names as its own table says them


def fights(game: Game, reader: int) -> list[str]:
    return [t for t in log_texts(game, reader, THEIRS if reader else NAMES) if " against " in t]


def test_a_battle_that_eliminates_nobody_says_so_with_its_numbers_p14() -> None:
    """Yuzuha 10/30 against Kaede 10/30: AP 10 reaches neither DP 30. The log said
    nothing after the interference: it read as if the approach ended in nothing."""
    g = battle("STA-006", "TWC-006")
    want = ("Your Yuzuha Minase (AP 10, DP 30) against CPU's Kaede Oribe (AP 10, DP 30): "
            "nobody leaves")
    assert fights(g, 0) == [want]
    assert fights(g, 1) == ["CPU's Yuzuha Minase (AP 10, DP 30) against your Kaede Oribe "
                            "(AP 10, DP 30): nobody leaves"]


def test_a_battle_names_who_leaves_p14() -> None:
    """DP equal to the opposing AP leaves (Umi 30/30 against Yuzuha's AP 30); both
    comparisons at once, so both may leave (Kanon 40/20 against Umi 30/30)."""
    assert fights(battle("STA-007", "TWC-004"), 0) == [
        "Your Yuzuha Minase (AP 30, DP 50) against CPU's Umi Takatsuki (AP 30, DP 30): "
        "CPU's Umi Takatsuki leaves"]
    both = fights(battle("STA-004", "TWC-004"), 0)
    assert both == ["Your Kanon Amagiri (AP 40, DP 20) against CPU's Umi Takatsuki "
                    "(AP 30, DP 30): CPU's Umi Takatsuki and your Kanon Amagiri leave"]


def test_an_interferer_gone_before_the_judgement_is_said_p14() -> None:
    """An interfering chara that already left compares nothing: the log says so."""
    g = played(POSITION.format(mine='["STA-004"]', theirs='["TWC-004"]'),
               ["approach STA-004", "pass", "pass", "interfere TWC-004"])
    t = Table(g)
    t.move(t.uid(1, "TWC-004", "main"), "hand")  # an effect returns it in the window
    t.pass_priority()
    assert "CPU's Umi Takatsuki left before the judgement: no battle" in log_texts(g, 0)


def test_the_replay_step_line_is_the_fight() -> None:
    """The replay viewer's line for the judgement's record is the fight line."""
    g = battle("STA-006", "TWC-006")
    assert ("Your Yuzuha Minase (AP 10, DP 30) against CPU's Kaede Oribe (AP 10, DP 30): "
            "nobody leaves") in step_lines(g, 0)


def test_an_effect_says_what_it_does_and_on_whom_p16() -> None:
    """Moonlit event LBK-024: one own Lantern Brigade chara gets AP+20/DP+20 until end of
    turn. The log had the play and the target only; the change itself was not said."""
    g = played("""
        [p1]
        main = ["LBK-001"]
        hand = ["LBK-024", "LBK-004", "LBK-005"]
        deck = 12
        [p2]
        main = ["TWC-001"]
        deck = 12
        """, ["event LBK-024", "pay LBK-004", "pay LBK-005", "done", "target LBK-001",
              "pass", "pass", "pass"])
    name, target = (g.ruleset.cards[c].name for c in ("LBK-024", "LBK-001"))
    said = f"{name}, effect 1 on {{}} {target}: AP+20/DP+20 until end of turn"
    assert "Your " + said.format("your") in log_texts(g, 0)
    assert "CPU's " + said.format("CPU's") in log_texts(g, 1, THEIRS)


def test_a_decline_says_what_it_disabled_p19() -> None:
    """Student Council Veto (STA-029, [Decline/Opponent]) answers P1's summon: the log
    says the Veto's effect applies, then what it disabled, to both seats."""
    g = played("""
        [position]
        turn = 3
        phase = "main"
        [p1]
        main = ["TWC-001"]
        hand = ["TWC-023", "TWC-002", "TWC-003"]
        deck = 10
        [p2]
        hand = ["STA-029", "STA-001", "STA-003"]
        deck = 10
        """, ["summon TWC-023 main", "pay TWC-002", "pay TWC-003", "done",
              "event STA-029", "pay STA-001", "pay STA-003", "done", "pass", "pass"])
    veto, nanami = (g.ruleset.cards[c].name for c in ("STA-029", "TWC-023"))
    mine = log_texts(g, 0)
    assert f"CPU's {veto}, effect 1: disable what it answers" in mine
    assert f"CPU: {veto} disabled your summon of {nanami}" in mine
    assert f"You: {veto} disabled CPU's summon of {nanami}" in log_texts(g, 1, THEIRS)


def test_a_card_searched_and_shown_is_named_in_the_opponents_log_p21() -> None:
    """Fresh Batch (TWC-013): look through the deck for a Café Staff chara, show it, put
    it into the hand. The opponent's log said only "a card: deck→hand": the reveal
    event was not drawn. The cards the search passed over stay unnamed to them."""
    g = played("""
        [p1]
        hand = ["TWC-013", "TWC-006"]
        deck = ["TWC-005", "TWC-002", "STA-004"]
        [p2]
        deck = 10
        """, ["event TWC-013", "pay TWC-006", "done", "pass", "pass", "pass", "pick TWC-002"])
    shown = g.ruleset.cards["TWC-002"].name
    theirs = log_texts(g, 1, THEIRS)
    assert f"CPU shows {shown} (searched card)" in theirs
    unseen = {g.ruleset.cards[c].name for c in ("TWC-005", "STA-004")}
    assert not [t for t in theirs if any(n in t for n in unseen)]


def test_the_summary_while_you_waited_shows_the_fight_not_only_the_interference() -> None:
    """The "While you waited" box showed "CPU: Interfere with Kaede Oribe" and nothing
    else when nobody left: now the fight line with its numbers follows."""
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig
    from tests.tui.helpers import Scripted

    g = battle("STA-006", "TWC-006")
    app = PmApp(LocalTable(g, [HUMAN, Scripted()]), config=TuiConfig(watch=frozenset()),
                threaded=False)
    app._mark = 0  # everything since the start: the viewer's own doings are left out
    texts = [t.plain.strip() for t in app._summary()]
    fight = ("Your Yuzuha Minase (AP 10, DP 30) against CPU's Kaede Oribe (AP 10, DP 30): "
             "nobody leaves")
    assert texts[texts.index("CPU: Interfere with Kaede Oribe") + 1] == fight


async def test_a_judgement_the_viewers_own_pass_brings_is_in_the_next_summary() -> None:
    """The computer approaches and the player interferes: in the window after it the
    Approacher passes first and the Interferer's pass closes it (p.07), so the judgement
    follows the player's own move. The summary started after that move and never said
    how the fight went; now the fight line opens the next one (docs/tui.md)."""
    from pmtui.table.sandbox.model import Sandbox
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig
    from pmtui.tui.screens.info import SummaryScreen
    from tests.tui.helpers import Scripted, settle

    game = Sandbox.from_doc({
        "position": {"turn": 4, "phase": "approach", "step": "assign"},
        "p1": {"main": ["TWC-006"], "deck": 10},
        "p2": {"main": ["STA-006"], "deck": 10}}).game
    app = PmApp(LocalTable(game, [HUMAN, Scripted()]),
                config=TuiConfig(always_ask=True, watch=frozenset({"turn"})), threaded=False)
    seen: list[str] = []  # every summary's lines, in order
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # pass, interfere with Kaede, pass: the judgement follows
            await settle(pilot, app)
            if isinstance(app.screen, SummaryScreen):
                seen += [line.plain.strip() for line in app.screen.lines] + ["--"]
                await pilot.press("enter")
                continue
            if app.table.game.state.vars.get("ap") == 0:
                break  # the player's own turn: the computer's is over
            d = app.table.decision_for(0)
            if d is not None and d.kind == "interfere":
                app.submit(next(t for t in d.texts if t.startswith("interfere")))
            elif d is not None and "pass" in d.texts:
                app.submit("pass")
    fight = seen.index("CPU's Yuzuha Minase (AP 10, DP 30) against your Kaede Oribe "
                       "(AP 10, DP 30): nobody leaves")
    assert "You: Interfere with Kaede Oribe" not in seen  # the player's own doings stay out
    assert "── turn 5: You ──" in seen[fight:]  # in the summary of the computer's turn
