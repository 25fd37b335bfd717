"""Victory conditions (P07): seven point cards, an empty deck, a draw, an immediate end."""

from __future__ import annotations

import pytest
from helpers import Table

from pmtui.engine import Context, IllegalAction


def approach_unopposed(t: Table) -> None:
    """Turn 2: player 0's STA-004 approaches; player 1 has nothing to interfere with."""
    a = t.put(0, "STA-004", "main")
    t.pass_priority()
    t.act(f"approach {t.ref(a)}")
    t.pass_priority()


def test_a_seventh_point_card_loses_at_once_p07() -> None:
    t = Table.start(first=1)
    t.pass_turn()
    for u in t.zone(1, "deck")[-6:]:
        t.move(u, "points")
    approach_unopposed(t)
    assert t.game.over == {"winner": 0, "reason": "player 2 has 7 point cards"}
    assert len(t.zone(1, "points")) == 7
    last = t.game.records[-1]
    assert last["type"] == "event" and last["event"]["t"] == "end"
    assert t.game.pending() is None
    with pytest.raises(IllegalAction):
        t.act("pass")


def test_six_point_cards_play_on_p07() -> None:
    t = Table.start(first=1)
    t.pass_turn()
    for u in t.zone(1, "deck")[-5:]:
        t.move(u, "points")
    approach_unopposed(t)
    assert t.game.over is None and len(t.zone(1, "points")) == 6


def test_the_last_deck_card_given_as_a_point_loses_by_empty_deck_p07() -> None:
    t = Table.start(first=1)
    t.pass_turn()
    for u in t.zone(1, "deck")[1:]:
        t.move(u, "discard")
    approach_unopposed(t)
    assert t.game.over == {"winner": 0, "reason": "player 2's deck is empty"}


def test_an_empty_deck_is_checked_after_every_event_p07() -> None:
    t = Table.start()
    deck = t.zone(1, "deck")

    def empty_then_refill(ctx: Context) -> None:
        for u in deck:
            ctx.emit({"t": "move", "card": u, "from": "1/deck", "to": "1/discard"})
        ctx.emit({"t": "move", "card": deck[0], "from": "1/discard", "to": "1/deck"})

    t.arrange(empty_then_refill)  # the refill never happens: the game is already over
    assert t.game.over == {"winner": 0, "reason": "player 2's deck is empty"}
    assert t.zone(1, "deck") == []


def test_both_players_losing_at_once_is_a_draw_p07() -> None:
    t = Table.start()
    t.emit(
        *(
            {"t": "move", "card": u, "from": f"{p}/deck", "to": f"{p}/discard"}
            for p in (0, 1)
            for u in t.zone(p, "deck")
        )
    )  # one simultaneous block: victory is checked after all of it
    over = t.game.over
    assert over is not None and over["winner"] is None and over["reason"].startswith("draw")


def test_seven_points_and_an_empty_deck_for_the_same_player_is_a_loss_not_a_draw_p07() -> None:
    t = Table.start()
    deck = t.zone(1, "deck")
    t.emit(*({"t": "move", "card": u, "from": "1/deck", "to": "1/points"} for u in deck))
    assert t.game.over is not None and t.game.over["winner"] == 0
