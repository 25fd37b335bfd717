"""The search player's parts for Clockwork Memorion (rulesets/clockwork_memorion/
strategy.py, docs/ai.md): the hidden cards it samples and the score of its leaves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pmtui.ai import make_player
from pmtui.engine.game import Game
from pmtui.engine.state import zkey
from pmtui.engine.views import LazyView, view
from pmtui.table.games import make_header
from pmtui.table.scenarios import load, loads
from pmtui.table.scenarios.run import new_game as scenario_game
from rulesets.clockwork_memorion import make_ruleset

RS = make_ruleset()
# Crown of Laughter in hand; CWM-011, CWM-003, CWM-006 on top of the deck
PUT_BACK = Path(__file__).parents[1] / "scenarios" / "clockwork_memorion" / \
    "s130_put_back_in_any_order.toml"
LISTS = {n: list(RS.load_deck(n).part("main")) for n in RS.builtin_decks()}


def _game(first: str, second: str, seed: int, turns: int) -> Game:
    """Heuristic players into `turns`'s first decision, `first`'s deck against `second`'s."""
    decks = [RS.load_deck(first), RS.load_deck(second)]
    players = [{"name": f"p{i + 1}", "kind": "heuristic"} for i in range(2)]
    g = Game(RS, make_header(RS, decks, seed, players, mode="simulate"))
    ai = [make_player("heuristic", i, ruleset=RS) for i in range(2)]
    while (d := g.pending()) is not None and not (
            g.state.vars.get("turn", 0) >= turns and g.state.vars.get("phase") == "main1"):
        g.act(ai[d.player].choose(LazyView(RS, g.state, d.player), d), d.player)
    assert d is not None
    return g


def test_the_other_sides_hidden_cards_come_from_the_list_its_table_shows() -> None:
    """Seat 1 plays Grey Vigil: its Ruler and Summon Limit are on the table (J, S:42),
    so a sample fills its hand and deck from Grey Vigil's list, not from the first
    public list (Bright Carnival); and the same view gives the same sample whatever
    the real hidden cards are (no peeking)."""
    g = _game("bright_carnival", "grey_vigil", 3, 1)
    strategy = RS.make_strategy(1, searching=True)
    known = [LISTS["bright_carnival"], LISTS["grey_vigil"]]
    v = view(RS, g.state, 0)
    sample = strategy.determinize(v, LISTS["bright_carnival"], known, random.Random(5))
    hidden = [*sample.zones[zkey(1, "hand")], *sample.zones[zkey(1, "deck")]]
    assert len(hidden) > 20
    assert {sample.cards[u].cid for u in hidden} <= set(LISTS["grey_vigil"])
    swapped = g.state.copy()
    real = [*swapped.zones[zkey(1, "hand")], *swapped.zones[zkey(1, "deck")]]
    ids = [swapped.cards[u].cid for u in real]
    random.Random(2).shuffle(ids)
    for u, cid in zip(real, ids, strict=True):
        swapped.cards[u].cid = cid
    assert swapped.to_json() != g.state.to_json()
    again = strategy.determinize(view(RS, swapped, 0), LISTS["bright_carnival"], known,
                                 random.Random(5))
    assert again.to_json() == sample.to_json()


SPENT = """ruleset = "clockwork_memorion"
[position]
turn = 5
phase = "main1"
[p1]
ruler = { card = "CWM-001" }
limit = { card = "CWM-002", face = 1 }
succ = [{ card = "CWM-009", z = 1 }]
hand = ["CWM-011", "CWM-012"]
deck = 10
[p2]
ruler = { card = "CWM-019", action = true }
limit = { card = "CWM-020", face = 1 }
succ = [{ card = "CWM-027", z = 1 }, { card = "CWM-021", z = 2 }]
hand = ["CWM-029"]
deck = 10
"""


def test_blockers_spent_attacking_are_worth_less_to_their_side() -> None:
    """At the start of a turn the other side's successors that attacked are still in
    Action (the Stand-up is their owner's, G): they cannot block, and the score of the
    player to move rises. The score it replaced read Life, Power, Mind and the hand
    alone, the same either way."""
    state = scenario_game(loads(SPENT, "spent.toml")).state
    assert state.vars["ap"] == 0
    strategy = RS.make_strategy(1, searching=True)
    ready = strategy.evaluate(state, 0)
    spent = state.copy()
    for u in spent.zones[zkey(1, "succ")]:
        spent.cards[u].f["act"] = True
    assert strategy.evaluate(spent, 0) > ready
    assert strategy.evaluate(spent, 1) == pytest.approx(-strategy.evaluate(spent, 0))


def test_the_heuristic_puts_the_card_it_most_wants_to_draw_on_top() -> None:
    """Crown of Laughter's top 3 back in any order (S:130): the heuristic orders them by
    its liking, the Level 2 successor first, the plain memorion last."""
    game = scenario_game(load(PUT_BACK))
    game.act("recall CWM-018@2 CWM-001@0", 0)
    ai = make_player("heuristic", 0, ruleset=RS)
    while (d := game.pending()) is not None and d.kind == "put":
        game.act(ai.choose(LazyView(RS, game.state, 0), d), 0)
    deck = game.state.zones[zkey(0, "deck")]
    assert [game.state.cards[u].cid for u in deck] == ["CWM-006", "CWM-003", "CWM-011",
                                                       "CWM-014"]
