"""Words a newcomer can read (issue 17, item 4): the turn panel says who is to act and
which step of an approach this is in the rulebook's terms (p.13-14 number the steps
①-⑥; p.20, the right to act), and the reasons why a card cannot be played now name
cards and seats as the board does, not by reference and P1/P2."""

from __future__ import annotations

from pmtui.table.games import ruleset
from pmtui.table.words import in_words
from pmtui.tui.screens.info import CardScreen, HelpScreen
from pmtui.tui.widgets.panels import TurnFlow

from .helpers import settle
from .test_chain import CHAIN, chain_app, uid_of

# Latte Art Contest (TWC-015) is an [Approach/Self] event: not in a Main Phase (p.17)
EVENT = {**CHAIN, "p1": {**CHAIN["p1"], "hand": ["TWC-015", *CHAIN["p1"]["hand"]]}}


async def test_turn_panel_and_reasons_in_plain_words() -> None:
    from pmtui.table.sandbox.model import Sandbox

    app = chain_app(Sandbox.from_doc(EVENT).game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        flow = str(app.game_screen.query_one("#flow", TurnFlow).render())
        assert "You to act" in flow and "Approacher: You" in flow
        assert "Priority" not in flow and "pass 0" not in flow and "A: You" not in flow
        latte = uid_of(app, "TWC-015", "0/hand")
        app.inspect(latte)
        await settle(pilot, app)
        assert isinstance(app.screen, CardScreen)
        text = app.screen.body.plain
        reasons = text.split("Not now:")[1]
        assert "Latte Art Contest has the timing [approach/self]" in reasons
        assert "your Main Phase" in reasons
        assert "TWC-015" not in reasons and "P1" not in reasons
        await pilot.press("escape", "question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)  # the legend is one key away


def test_approach_steps_by_the_rulebook_numbers() -> None:
    spec = ruleset("precious_memories").screen
    view = {"zones": {}, "vars": {"turn": 4, "phase": "approach", "step": "w2", "ap": 1,
                                  "prio": 0, "passes": 1}}
    flow = spec.flow(view, ["You", "CPU"])
    assert [label for label, _ in flow.steps] == ["①", "②", "③", "④", "⑤", "⑥"]
    assert [label for label, now in flow.steps if now] == ["②"]
    lines = [line.text + line.more for line in flow.lines]
    assert "② events, effects" in lines[0]
    assert "You to act · CPU passed" in lines
    assert "(A) the Approacher" in spec.words.role_legend and "①" in spec.words.legend


def test_rules_text_in_the_table_words() -> None:
    name = ruleset("precious_memories").screen.card_name
    said = in_words("TWC-016@28 was just declared; P1 may only answer it (p.22)", name,
                    ["You", "CPU"])
    assert said == "Sorry, We're Closed was just declared; you may only answer it (p.22)"
    assert in_words("P1 holds priority in P2's Main Phase", name, ["You", "CPU"]) \
        == "You hold priority in CPU's Main Phase"
    assert in_words("a copy of STA-011 in P2's Area", name, ["Ann", "Bo"]) \
        == "a copy of Mirei Tsukishiro (STA-011) in Bo's Area"
    # p.09: a copy is the same series and number, so the id stays in sight
    assert in_words("P2's Area already holds a copy of STA-011 (same series and number)",
                    name, ["You", "CPU"]) \
        == "CPU's Area already holds a copy of Mirei Tsukishiro (STA-011, same series and " \
           "number)"
    # the end of the game (p.07: an empty deck loses), as the game over box says it
    assert in_words("player 1's deck is empty", name, ["You", "CPU"]) == "Your deck is empty"
    assert in_words("player 2 has 7 point cards", name, ["You", "CPU"]) \
        == "CPU has 7 point cards"
    # Clockwork Memorion's end (S:45): the verb agrees with "You"
    assert in_words("player 1 loses: Life 0 (S:45)", name, ["You", "CPU"]) \
        == "You lose: Life 0 (S:45)"


def test_the_prompt_line_names_an_approach_window_in_words() -> None:
    """The bottom line's prompt in an approach window says the rulebook's step (p.13-14),
    not the rules' own step names ("Your move (approach w2)")."""
    from pmtui.table.sandbox.model import Sandbox

    for step, words in (("w2", "② after the approach"), ("w4", "④ before judgement"),
                        ("w6", "⑥ after judgement")):
        doc = {"position": {"turn": 3, "phase": "approach", "step": step,
                            "approach": "STA-002",
                            **({"interfere": "STA-001"} if step != "w2" else {})},
               "p1": {"main": ["STA-002"], "deck": 10}, "p2": {"main": ["STA-001"],
                                                              "deck": 10}}
        d = Sandbox.from_doc(doc).game.pending()
        assert d is not None and d.kind == "priority"
        assert d.prompt == f"Your move (approach {words})", d.prompt


def test_a_label_read_in_the_log_for_either_seat_names_no_ones_deck() -> None:
    """"CPU: No interference: take the top card of your deck as a point" read as if the
    point came from the player's deck: the log and the summaries show the same label
    for the computer's decision as the menu does for the player's."""
    label = ruleset("precious_memories").screen.label("no-interference")
    assert "your" not in label and "point" in label


def test_a_moves_reason_in_brackets_keeps_one_pair() -> None:
    """A play disabled by a Decline goes to the discard without its cost back (p.17): the
    log line reads "(disabled, cost not refunded)", not brackets inside brackets."""
    from pmtui.table.logtext import moves_text

    move = {"t": "move", "card": 3, "cid": "STA-011", "from": "1/hand", "to": "1/discard",
            "why": "disabled (cost not refunded)"}
    assert moves_text([move], lambda _cid: "Mirei", ["You", "CPU"]) \
        == "CPU Mirei: hand→discard (disabled, cost not refunded)"


def test_the_hand_redraw_in_words() -> None:
    """The redraw's picks read "CPU: bottom" in the log (the kind, the card hidden) and
    "bottom Umi Takatsuki" in the menu: words say what happens (p.05, Hand Redraw)."""
    spec = ruleset("precious_memories").screen
    assert spec.label("bottom") == "Put a card under the deck (hand redraw)"
    assert spec.label("bottom TWC-004@12") == f"Put {spec.card_name('TWC-004')} under the deck"


async def test_a_notice_shows_a_cards_brackets_as_written() -> None:
    """A rules reason names "[Decline]" cards; Textual's markup took the word away."""
    from textual.widgets._toast import Toast

    from .helpers import make_app

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        app.notify("answer it with a [Decline] card, or [/bold] pass")
        await pilot.pause(0.2)
        shown = [str(t.render()) for t in app.screen.query(Toast)]
        assert any("with a [Decline] card, or [/bold] pass" in s for s in shown), shown


def test_a_reason_from_a_save_reaches_the_screen_without_its_escapes() -> None:
    """The end's reason of a resumed game comes from its save: the game over box and the
    status line show it with control characters written out, brackets as they are."""
    from .helpers import make_app

    app = make_app(seed=1)
    assert app.named("P1 wins [b]\x1b]0;pwned\x07") == "You win [b]\\x1b]0;pwned\\x07"


def test_a_seats_verb_agrees_with_it() -> None:
    """"You play" but "CPU plays": the stage line, PSO's coin and the end line."""
    from pmtui.engine.screen import acts
    from pmtui.table.logtext import end_text

    assert [acts(n, v) for n, v in (("You", "go"), ("CPU", "go"), ("ann", "pass"),
                                    ("CPU", "play"))] \
        == ["You go", "CPU goes", "ann passes", "CPU plays"]
    assert end_text({"winner": 0, "reason": "r"}, ["You", "CPU"]) == "== You win: r =="
    assert end_text({"winner": 1, "reason": "r"}, ["You", "CPU"]) == "== CPU wins: r =="


def test_a_rolls_reason_names_its_card_and_seat() -> None:
    """A roll's reason comes from the rules with a card's ref (PSO's area damage rolls
    "evasion of HAL-001@41") or a seat as "player 1" (SENGOKU YUGI's die for the first
    turn) in it: the log and the summary said them so, beside lines naming both."""
    from pmtui.table.logtext import log_lines

    rolls = [{"t": "roll", "sides": 5, "faces": [2], "why": "evasion of HAL-001@41, EVP 1/5"},
             {"t": "roll", "chance": "die", "outcome": "roll 5", "why": "player 1 rolls again"},
             {"t": "roll", "chance": "die", "outcome": "roll 1",
              "why": "player 2 rolls for the first turn"}]
    lines = log_lines([{"type": "event", "event": r} for r in rolls], event=lambda e: e,
                      decision=lambda r: r, names=("You", "CPU"),
                      card_name=lambda cid: "Kestrel Vane" if cid == "HAL-001" else "a card")
    assert [line.text for _, line in lines] == [
        "  d5: 2 (evasion of Kestrel Vane, EVP 1/5)",
        "  die: roll 5 (you roll again)",
        "  die: roll 1 (CPU rolls for the first turn)"]


async def test_a_verb_naming_no_card_says_why_not_now() -> None:
    """PSO's end-the-turn key in the step of playing cards said "End turn: not possible
    now": a verb that names no card had no reason; the rules give one."""
    from pmtui.table.session import new_game_header, new_table
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig

    header, seats = new_game_header(3, vs="computer", game="pso", opponent="random")
    table = new_table(header, seats)
    app = PmApp(table, hotseat=False, config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        d = table.decision_for(app.viewer)
        assert d is not None and d.kind == "main" and "end" not in d.texts
        await pilot.press("n")
        await pilot.pause(0.2)
        said = [n.message for n in app._notifications]
        assert any(m.startswith("End turn: ") and "playing cards" in m for m in said), said
        assert table.decision_for(app.viewer) == d  # nothing was done


def test_the_logs_end_line_names_the_seats() -> None:
    """The game's end in the table's log read "== CPU wins: player 1 has 7 point cards
    ==" (the rules' reason, p.8 victory, unworded): it now names the seats as the board
    does, in every game."""
    import random

    from pmtui.engine.game import Game
    from pmtui.table.games import builtin_decks, load_deck, make_header
    from pmtui.table.session import HUMAN, LocalTable

    for gid in ("precious_memories", "pso"):
        rs = ruleset(gid)
        name = builtin_decks(rs)[0]
        decks = (load_deck(name, rs), load_deck(name, rs))
        game = Game(rs, make_header(rs, decks, 3, [{"name": "a"}, {"name": "b"}], "test"))
        pick = random.Random(1)
        while (d := game.pending()) is not None:
            game.act(pick.choice(d.options).text, d.player)
        assert game.over is not None and "player" in str(game.over["reason"])
        last = LocalTable(game, [HUMAN, HUMAN]).log_for(0, ["You", "CPU"])[-1].text
        assert last.startswith("== ") and "player" not in last, last
        assert "You" in last.split(":", 1)[1] or "CPU" in last.split(":", 1)[1], last
