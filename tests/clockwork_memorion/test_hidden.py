"""Hidden information (S:127, S:131, M7): the secret Summon Limit, hands, a window
only hand cards open, and computer players that decide from their view alone."""

from __future__ import annotations

import json
import random
from pathlib import Path

from pmtui.engine.game import Game
from pmtui.engine.state import zkey
from pmtui.engine.views import redact, redact_decision, view
from pmtui.table.games import make_header
from pmtui.table.scenarios import load, loads
from pmtui.table.scenarios.run import new_game as scenario_game
from rulesets.clockwork_memorion import make_ruleset

RS = make_ruleset()
# Crown of Laughter in hand; CWM-011, CWM-003, CWM-006 on top of the deck
PUT_BACK = Path(__file__).parents[1] / "scenarios" / "clockwork_memorion" / \
    "s130_put_back_in_any_order.toml"


def _game(seed: int) -> Game:
    decks = [RS.load_deck(n) for n in RS.builtin_decks()]
    players = [{"name": f"p{i + 1}", "kind": "random"} for i in range(2)]
    return Game(RS, make_header(RS, decks, seed, players, mode="simulate"))


def test_the_first_summon_limit_choice_never_reaches_the_other_player() -> None:
    g = _game(5)
    first = g.state.vars["first"]
    g.act("limit 2 rev", first)
    seen = [redact(RS, r["event"], 1 - first) if r["type"] == "event"
            else redact_decision(r, 1 - first) for r in g.records[1:]]
    assert "2 rev" not in json.dumps(seen)
    assert g.pending().player == 1 - first


def test_a_window_only_the_hand_opens_is_passed_in_secret() -> None:
    """P2 holds a memorion that could answer P1's summon: the window is asked, and
    passing it leaves no trace P1 can read (else P1 would learn about P2's hand)."""
    text = """ruleset = "clockwork_memorion"
[position]
[p1]
ruler = { card = "CWM-001", action = true }
limit = { card = "CWM-002", face = 1 }
hand = ["CWM-003"]
deck = 3
[p2]
ruler = { card = "CWM-019", action = true }
limit = { card = "CWM-020", face = 1 }
hand = ["CWM-012"]
deck = 3
"""
    sc = loads(text, "secret.toml")
    game = scenario_game(sc)
    game.act("summon CWM-003@2 z1", 0)
    d = game.pending()
    assert d is not None and d.player == 1 and d.kind == "respond"
    assert d.secret_pass == "pass"
    game.act("pass", 1)
    rec = next(r for r in reversed(game.records) if r["type"] == "decision" and r["player"] == 1)
    shown = redact_decision(rec, 0)
    assert "pass" not in json.dumps(shown) and "respond" not in json.dumps(shown)


def _swap_their_hand(state, me: int, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Give the other player's hand and deck cards other ids (what the view cannot show)."""
    other = 1 - me
    hidden = [*state.zones.get(zkey(other, "hand"), ()), *state.zones.get(zkey(other, "deck"), ())]
    ids = [state.cards[u].cid for u in hidden]
    rng.shuffle(ids)
    for u, cid in zip(hidden, ids, strict=True):
        state.cards[u].cid = cid


def test_the_heuristic_decides_the_same_when_hidden_cards_change() -> None:
    """No peeking: swapping the cards of the other side's hand and deck around never
    changes the heuristic's choice (it reads the player's view only)."""
    checked = 0
    for seed in (3, 4):
        g = _game(seed)
        r = random.Random(seed)
        for _ in range(400):
            d = g.pending()
            if d is None:
                break
            if d.kind in ("main1", "battle", "block", "respond") and len(d.options) > 1:
                first = RS.make_strategy(9).choose(view(RS, g.state, d.player), d)
                copy = g.state.copy()
                _swap_their_hand(copy, d.player, random.Random(seed))
                again = RS.make_strategy(9).choose(view(RS, copy, d.player), d)
                assert first == again, (seed, d.kind, first, again)
                checked += 1
            g.act(d.texts[r.randrange(len(d.texts))], d.player)
    assert checked > 20


def test_putting_looked_at_cards_back_is_seen_only_by_their_player() -> None:
    """S:130-131: the cards looked at are seen by their player only, so is the order
    they choose for them (Crown of Laughter: the top 3, back in any order)."""
    game = scenario_game(load(PUT_BACK))
    game.act("recall CWM-018@2 CWM-001@0", 0)
    secret = ("CWM-011", "CWM-003", "CWM-006", "CWM-014")
    for pick in ("put CWM-006", "put CWM-011"):
        d = game.pending()
        assert d is not None and d.player == 0 and d.kind == "put" and d.private
        assert "CWM-011@3" in " ".join(d.texts)  # their player is asked by name
        theirs = json.dumps(view(RS, game.state, 1))
        assert not any(cid in theirs for cid in secret)
        assert json.loads(theirs)["vars"]["ask"]["cards"] in (3, 2)  # a count, no numbers
        game.act(next(t for t in d.texts if t.startswith(pick)), 0)
    mine = [redact(RS, r["event"], 0) if r["type"] == "event" else redact_decision(r, 0)
            for r in game.records[1:]]
    seen = [redact(RS, r["event"], 1) if r["type"] == "event" else redact_decision(r, 1)
            for r in game.records[1:]]
    assert "put CWM-006" in json.dumps(mine)  # the player's own log keeps the choice
    assert not any(cid in json.dumps(seen) for cid in secret)
    assert game.state.zones[zkey(0, "deck")][:3] == [5, 3, 4]  # CWM-006, 011, 003
