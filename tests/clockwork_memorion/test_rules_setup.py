"""Setup (S:2-3, S:42, S:157, G, M7-M10): the Ruler and the Summon Limit start on the
table, each Summon Limit is laid in secret and both are revealed together, a coin picks
the first player, hands of 6 and 7, and one redraw of any number each."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.engine.views import view
from pmtui.table.games import make_header
from rulesets.clockwork_memorion import make_ruleset
from rulesets.clockwork_memorion.board import limit_marks, zone

RS = make_ruleset()


def new_game(seed: int = 3) -> Game:
    decks = [RS.load_deck(n) for n in RS.builtin_decks()]
    players = [{"name": f"p{i + 1}", "kind": "random"} for i in range(2)]
    return Game(RS, make_header(RS, decks, seed, players, mode="simulate"))


def test_ruler_and_summon_limit_start_on_the_table() -> None:
    g = new_game()
    s = g.state
    for p in (0, 1):
        assert [RS.pool.get(s.cards[u].cid).kind for u in zone(s, p, "ruler")] == ["ruler"]
        assert [RS.pool.get(s.cards[u].cid).kind for u in zone(s, p, "limit")] == ["limit"]
        assert len(zone(s, p, "deck")) == 28
    d = g.pending()
    assert d is not None and d.kind == "limit" and d.private
    assert d.player == s.vars["first"]


def test_the_summon_limit_is_chosen_in_secret_then_revealed() -> None:
    g = new_game()
    first = g.state.vars["first"]
    g.act("limit 2 rev", first)
    other = 1 - first
    seen = view(RS, g.state, other)
    assert "2 rev" not in str(seen["vars"].get("lpick")), "the other player saw the choice"
    assert view(RS, g.state, first)["vars"]["lpick"][str(first)] == "2 rev"
    assert limit_marks(g.state, RS.pool, first) is None  # not laid yet
    g.act("limit 1 fwd", other)
    s = g.state
    face2 = RS.pool.get(s.cards[zone(s, first, "limit")[0]].cid).faces[1]
    assert limit_marks(s, RS.pool, first) == tuple(reversed(face2))
    assert "lpick" not in s.vars


def test_opening_hands_are_six_and_seven_and_the_redraw_returns_any_number() -> None:
    g = new_game()
    first = g.state.vars["first"]
    g.act("limit 1 fwd", first)
    g.act("limit 1 fwd", 1 - first)
    s = g.state
    assert len(zone(s, first, "hand")) == 6 and len(zone(s, 1 - first, "hand")) == 7
    d = g.pending()
    assert d is not None and d.kind == "redraw" and d.player == first
    back = [t for t in d.texts if t.startswith("return")][:2]
    before = set(zone(s, first, "hand"))
    g.act(back[0], first)
    g.act(next(t for t in g.pending().texts if t.startswith("return")), first)
    g.act("keep", first)
    assert len(zone(g.state, first, "hand")) == 6
    assert set(zone(g.state, first, "hand")) != before
    d = g.pending()
    assert d.kind == "redraw" and d.player == 1 - first
    g.act("keep", 1 - first)
    d = g.pending()
    assert d.kind == "respond" and d.player == first  # the start of Main Phase I (M20)
    while d.kind == "respond":
        g.act("pass", d.player)
        d = g.pending()
    assert d.kind == "main1" and d.player == first and g.state.vars["turn"] == 1
    assert "battle" not in d.texts and "end" in d.texts  # S:213: the first turn summons only


def test_the_first_player_is_a_coin() -> None:
    firsts = {new_game(seed).state.vars["first"] for seed in range(12)}
    assert firsts == {0, 1}
