"""Game preparation and the Hand Redraw (rulebook P05)."""

from __future__ import annotations

from helpers import new_game

from pmtui.engine import zkey


def events(game) -> list[dict]:
    return [r["event"] for r in game.records if r["type"] == "event"]


def test_both_decks_are_shuffled_before_anything_else_p05() -> None:
    game = new_game(seed=3)
    evs = events(game)
    assert evs[0]["t"] == "create"
    shuffles = [e for e in evs if e["t"] == "shuffle"]
    assert [e["zone"] for e in shuffles] == [zkey(0, "deck"), zkey(1, "deck")]
    created = {p: [c[0] for c in evs[0]["cards"] if c[3] == zkey(p, "deck")] for p in (0, 1)}
    for e, p in zip(shuffles, (0, 1), strict=True):
        assert sorted(e["order"]) == created[p] and e["order"] != created[p]
        assert "rng" in e  # the outcome and the random draw that made it are logged


def test_random_chooser_picks_first_or_second_p05() -> None:
    choosers = set()
    for seed in range(1, 30):
        game = new_game(seed=seed)
        d = game.pending()
        assert d.kind == "order" and d.texts == ["first", "second"]
        assert d.player == game.state.vars["chooser"]
        choosers.add(d.player)
    assert choosers == {0, 1}  # rock-paper-scissors: either player may win it


def test_chooser_going_second_makes_the_other_player_first_p05() -> None:
    game = new_game(seed=5)
    chooser = game.pending().player
    game.act("second")
    assert game.state.vars["first"] == 1 - chooser
    game = new_game(seed=5)
    game.act("first")
    assert game.state.vars["first"] == chooser


def test_both_players_draw_seven_then_the_first_player_may_redraw_p05() -> None:
    game = new_game(seed=2)
    game.act("first")
    first = game.state.vars["first"]
    for p in (0, 1):
        assert len(game.state.zone(zkey(p, "hand"))) == 7
        assert len(game.state.zone(zkey(p, "deck"))) == 60 - 7
    d = game.pending()
    assert (d.kind, d.player, d.texts) == ("redraw", first, ["keep", "redraw"])


def test_hand_redraw_puts_the_hand_under_the_deck_in_chosen_order_and_draws_seven_p05() -> None:
    game = new_game(seed=4)
    game.act("first")
    p = game.state.vars["first"]
    hand = list(game.state.zone(zkey(p, "hand")))
    deck_top = list(game.state.zone(zkey(p, "deck")))[:7]
    game.act("redraw")
    chosen = [hand[3], hand[0], hand[6], hand[1], hand[5], hand[2]]  # any order we like
    for u in chosen:
        d = game.pending()
        assert d.kind == "bottom" and d.player == p and d.private
        assert sorted(d.texts) == sorted(
            f"bottom {game.state.cards[x].cid}@{x}" for x in game.state.zone(zkey(p, "hand"))
        )
        game.act(f"bottom {game.state.cards[u].cid}@{u}")
    # the seventh card goes under last, by itself; then seven new cards are drawn
    last = next(u for u in hand if u not in chosen)
    deck = game.state.zone(zkey(p, "deck"))
    assert deck[-7:] == chosen + [last]  # last chosen lies at the very bottom
    assert game.state.zone(zkey(p, "hand")) == deck_top  # the new hand: the old top seven
    assert len(deck) == 60 - 7


def test_hand_redraw_never_shuffles_p05() -> None:
    game = new_game(seed=4)
    game.act("first")
    game.act("redraw")
    before = len(game.records)
    while game.pending().kind == "bottom":
        game.act(game.pending().texts[0])
    game.act("redraw")  # the second player redraws too
    while game.pending().kind == "bottom":
        game.act(game.pending().texts[0])
    new = [r["event"]["t"] for r in game.records[before:] if r["type"] == "event"]
    assert "shuffle" not in new


def test_hand_redraw_only_once_per_player_p05() -> None:
    game = new_game(seed=6)
    game.act("first")
    first = game.state.vars["first"]
    game.act("redraw")
    while game.pending().kind == "bottom":
        game.act(game.pending().texts[0])
    d = game.pending()  # not the same player again: the other player's turn to choose
    assert (d.kind, d.player) == ("redraw", 1 - first)
    game.act("keep")
    d = game.pending()
    assert d.kind == "priority" and d.player == first
    assert game.state.vars["phase"] == "main" and game.state.vars["turn"] == 1


def test_keeping_keeps_the_hand_p05() -> None:
    game = new_game(seed=8)
    game.act("second")
    first = game.state.vars["first"]
    hands = [list(game.state.zone(zkey(p, "hand"))) for p in (0, 1)]
    game.act("keep")
    game.act("keep")
    assert game.state.zone(zkey(1 - first, "hand")) == hands[1 - first]
    # the first player's hand is the same seven plus the Turn Start draw
    assert game.state.zone(zkey(first, "hand"))[:7] == hands[first]
