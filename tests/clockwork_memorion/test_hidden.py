"""Hidden information (S:127, S:131, M7): the secret Summon Limit, hands, a window
only hand cards open, and computer players that decide from their view alone."""

from __future__ import annotations

import json
import random

from pmtui.engine.game import Game
from pmtui.engine.state import zkey
from pmtui.engine.views import redact, redact_decision, view
from pmtui.table.games import make_header
from pmtui.table.scenarios import loads
from pmtui.table.scenarios.run import new_game as scenario_game
from rulesets.clockwork_memorion import make_ruleset

RS = make_ruleset()


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
