"""Turn Start (P08), the Main Phase priority (P09, P20) and Turn End (P15)."""

from __future__ import annotations

import pytest
from helpers import Table, new_game

from pmtui.engine import IllegalAction

# -- Turn Start (P08) -----------------------------------------------------------------


def test_first_player_draws_one_on_first_turn_p08() -> None:
    game = new_game(seed=11)
    game.act("first")
    game.act("keep")
    game.act("keep")
    first = game.state.vars["first"]
    assert len(game.state.zone(f"{first}/hand")) == 7 + 1
    assert len(game.state.zone(f"{first}/deck")) == 60 - 7 - 1
    assert len(game.state.zone(f"{1 - first}/hand")) == 7


def test_turn_start_draws_two_from_the_top_p08() -> None:
    t = Table.start(first=0)
    top = t.deck_top(1, "TWC-001", "TWC-004")
    hand = t.zone(1, "hand")
    t.pass_turn()
    assert (t.v["turn"], t.v["ap"]) == (2, 1)
    assert t.zone(1, "hand") == hand + top


def test_turn_start_draws_the_only_card_left_and_that_player_loses_p08_p07() -> None:
    t = Table.start(first=0)
    for u in t.zone(1, "deck")[1:]:
        t.move(u, "discard")
    last = t.zone(1, "deck")[0]
    t.pass_turn()
    assert t.where(last) == "1/hand"  # one card drawn, not two
    assert t.game.over == {"winner": 0, "reason": "player 2's deck is empty"}


def test_turn_start_turns_own_cards_active_only_p08() -> None:
    t = Table.start(first=0)
    mine = [t.put(1, "TWC-004", "main", rest=True), t.put(1, "TWC-010", "support", rest=True)]
    theirs = t.put(0, "STA-004", "main", rest=True)
    t.pass_turn()
    assert t.v["ap"] == 1
    assert all("rest" not in t.flags(u) for u in mine)
    assert t.flags(theirs).get("rest") is True


def test_turn_start_draws_before_turning_cards_active_p08() -> None:
    t = Table.start(first=0)
    t.put(1, "TWC-004", "main", rest=True)
    n = len(t.game.records)
    t.pass_turn()
    whys = [r["event"].get("why") for r in t.game.records[n:] if r["type"] == "event"]
    assert whys.index("draw") < whys.index("turn cards active")


# -- Main Phase priority (P09, P20) -----------------------------------------------------


def test_approacher_has_the_first_right_to_act_p20() -> None:
    t = Table.start(first=1)
    d = t.pending()
    assert (d.kind, d.player, t.v["phase"]) == ("priority", 1, "main")


def test_a_pass_hands_the_right_to_the_other_player_p20() -> None:
    t = Table.start(first=0)
    t.act("pass")
    assert t.pending().player == 1 and t.v["phase"] == "main"


def test_approacher_then_interferer_passing_end_the_main_phase_p07_p09_p20() -> None:
    t = Table.start(first=1)
    t.pass_turn()  # turn 2: player 0 approaches
    t.put(0, "STA-004", "main")
    t.act("pass")
    assert t.v["phase"] == "main"
    t.act("pass")
    assert (t.v["phase"], t.v["step"]) == ("approach", "assign")


def test_after_a_play_resolves_the_right_goes_to_the_other_player_p20() -> None:
    t = Table.start(first=0)
    t.act("pass")  # the approacher passes: one pass so far
    ev, pay = t.hand(1, "STA-015", "STA-001")  # a [Main/Both] event and a red payer
    t.act(f"event {t.ref(ev)}", f"pay {t.ref(pay)}", "done")
    t.act("pass", "pass")  # the approacher, then the interferer, do not decline
    assert t.where(ev) == "1/discard"
    assert (t.pending().player, t.v["passes"]) == (0, 0)  # the count starts again
    t.act("pass")
    assert t.v["phase"] == "main" and t.pending().player == 1


def test_interferer_then_approacher_passing_gives_the_right_back_p07() -> None:
    """P07 (001: "in the order of turn and non-turn"): the Interferer has the last word."""
    t = Table.start(first=0)
    t.set_vars(prio=1, passes=0)  # the Interferer holds the right, no pass before
    t.act("pass")  # the Interferer passes
    t.act("pass")  # then the Approacher: not "in this order", the window stays open
    assert (t.v["phase"], t.pending().player, t.v["passes"]) == ("main", 1, 2)
    t.act("pass")  # the Interferer's pass right after the Approacher's closes it
    assert t.v["phase"] != "main"


def test_a_chain_the_approacher_started_resolves_on_the_interferers_pass_p07_p22() -> None:
    t = Table.start(first=0)
    (c,) = t.hand(0, "STA-003")
    t.act(f"summon {t.ref(c)} main")
    t.act("pass")  # the Interferer does not answer
    d = t.pending()
    assert (d.kind, d.player) == ("respond", 0)  # the Approacher may still answer
    t.act("pass")
    d = t.pending()
    assert (d.kind, d.player) == ("respond", 1) and t.where(c) == "0/stage"
    t.act("pass")  # the Interferer passes after the Approacher: it resolves
    assert t.where(c) == "0/main"


def test_a_chain_the_interferer_started_resolves_after_two_passes_p07_p22() -> None:
    t = Table.start(first=0)
    t.act("pass")
    ev, pay = t.hand(1, "STA-015", "STA-001")
    t.act(f"event {t.ref(ev)}", f"pay {t.ref(pay)}", "done")
    t.act("pass")  # the Approacher answers first and passes
    assert t.pending().kind == "respond" and t.pending().player == 1
    t.act("pass")  # then the Interferer: it resolves
    assert t.where(ev) == "1/discard"


def test_response_window_starts_with_the_other_player_p22() -> None:
    t = Table.start(first=0)
    (c,) = t.hand(0, "STA-003")
    t.act(f"summon {t.ref(c)} main")
    d = t.pending()
    assert (d.kind, d.player) == ("respond", 1)


def test_interferer_cannot_summon_or_play_supports_p09_p10() -> None:
    t = Table.start(first=0)
    t.put(1, "TWC-004", "main")
    t.hand(1, "TWC-003", "TWC-001", "TWC-017", "TWC-012", "TWC-013")
    t.act("pass")
    texts = t.options()
    assert not [x for x in texts if x.startswith(("summon", "support"))]
    assert any(x.startswith("event TWC-012") for x in texts)  # [Main/Both] is fine
    with pytest.raises(IllegalAction):
        t.act(f"summon {t.ref(t.uid(1, 'TWC-003', 'hand'))} main")


# -- Turn End (P15) -----------------------------------------------------------------------


def test_hand_adjustment_to_seven_for_the_approacher_only_p15() -> None:
    t = Table.start(first=0)
    for cid in ("STA-001", "STA-003"):
        t.put(0, cid, "hand")  # 8 + 2 = 10 cards
    for cid in ("TWC-001", "TWC-003", "TWC-004"):
        t.put(1, cid, "hand")  # the interferer holds 10 too
    t.act("pass", "pass")
    d = t.pending()
    assert (t.v["phase"], t.v["step"], d.kind, d.player) == ("end", "adjust", "discard", 0)
    assert len(d.texts) == 10
    t.act(d.texts[0])
    t.act(t.options()[0])
    assert t.v["turn"] == 1  # still one to go
    t.act(t.options()[0])
    assert (t.v["turn"], t.v["ap"]) == (2, 1)
    assert len(t.zone(0, "hand")) == 7 and len(t.zone(0, "discard")) == 3
    assert len(t.zone(1, "hand")) == 10 + 2  # the interferer never adjusted


def test_no_hand_adjustment_at_seven_or_fewer_p15() -> None:
    t = Table.start(first=0)
    t.move(t.zone(0, "hand")[0], "deck", "bottom")
    t.act("pass", "pass")
    assert (t.v["turn"], t.v["ap"]) == (2, 1)


def test_until_end_of_turn_modifiers_end_in_the_last_step_of_turn_end_p15() -> None:
    t = Table.start(first=0)
    c = t.put(0, "STA-004", "main", mods=[[10, 10]])
    t.act("pass", "pass")
    assert t.v["step"] == "adjust" and t.flags(c)["mods"] == [[10, 10]]
    t.act(t.options()[0])
    assert "mods" not in t.flags(c) and t.v["turn"] == 2
