"""The Approach Phase (P13-P15), approach charas that leave (P21), minus values (P20)."""

from __future__ import annotations

from helpers import Table

from pmtui.engine import zkey


def approach_table(mine: tuple[str, ...] = ("STA-004",), theirs: tuple[str, ...] = ()) -> Table:
    """Turn 2, player 0 approaches; empty hands; these charas in the Main Areas."""
    t = Table.start(first=1)
    t.pass_turn()
    for p in (0, 1):
        t.hand(p)
        for u in t.zone(p, "discard"):  # the first player's hand adjustment
            t.move(u, "deck", "bottom")
    for cid in mine:
        t.put(0, cid, "main")
    for cid in theirs:
        t.put(1, cid, "main")
    assert (t.v["turn"], t.v["ap"], t.v["phase"]) == (2, 0, "main")
    return t


def to_assign(t: Table) -> None:
    t.pass_priority()
    assert t.v["step"] == "assign"


def approach(t: Table, cid: str) -> int:
    u = t.uid(0, cid, "main")
    t.act(f"approach {t.ref(u)}")
    return u


# -- assigning the approach (P13) -------------------------------------------------------------


def test_no_approach_on_the_first_players_first_turn_p13() -> None:
    t = Table.start(first=0)
    t.put(0, "STA-004", "main")
    t.hand(0)
    t.pass_priority()
    assert t.v["turn"] == 2  # straight through Turn End: no "assign" step at all


def test_the_second_players_first_turn_may_approach_p13() -> None:
    t = approach_table()
    to_assign(t)
    d = t.pending()
    assert (d.kind, d.player) == ("approach", 0)
    assert d.texts == [f"approach {t.ref(t.uid(0, 'STA-004', 'main'))}", "stop"]


def test_approaching_rests_the_chara_p13() -> None:
    t = approach_table()
    to_assign(t)
    a = approach(t, "STA-004")
    assert t.flags(a)["rest"] is True
    assert (t.v["step"], t.pending().player) == ("w2", 0)  # the approacher acts first


def test_rested_and_support_area_charas_cannot_approach_p06_p13() -> None:
    t = approach_table(("STA-004",))
    t.put(0, "STA-001", "main", rest=True)
    t.put(0, "STA-002", "support")
    to_assign(t)
    assert t.options() == [f"approach {t.ref(t.uid(0, 'STA-004', 'main'))}", "stop"]


def test_each_chara_approaches_once_per_turn_p13() -> None:
    t = approach_table(("STA-004", "STA-001"))
    to_assign(t)
    a = approach(t, "STA-004")
    t.pass_priority()  # w2
    assert t.v["step"] == "w6"  # nobody to interfere: a point, then the last window
    t.flag(a, rest=None)  # made Active again by some effect
    t.pass_priority()  # w6: back to assigning
    assert t.options() == [f"approach {t.ref(t.uid(0, 'STA-001', 'main'))}", "stop"]


def test_after_the_last_window_the_approacher_may_approach_again_p15() -> None:
    t = approach_table(("STA-004", "STA-001"))
    to_assign(t)
    approach(t, "STA-004")
    t.pass_priority()
    t.pass_priority()
    assert t.v["step"] == "assign"
    approach(t, "STA-001")
    t.pass_priority()
    t.pass_priority()
    # no chara left to approach: the Approach Phase ends and so does the turn
    assert (t.v["turn"], t.v["ap"]) == (3, 1)


def test_stop_ends_the_approach_phase_p15() -> None:
    t = approach_table(("STA-004", "STA-001"))
    to_assign(t)
    t.act("stop")
    assert (t.v["turn"], t.v["ap"]) == (3, 1)


# -- interference (P14) -------------------------------------------------------------------------


def test_the_interferer_chooses_an_active_main_area_chara_or_none_p14() -> None:
    t = approach_table(("STA-004",), ("TWC-004", "TWC-001"))
    t.flag(t.uid(1, "TWC-001", "main"), rest=True)
    t.put(1, "TWC-002", "support")
    to_assign(t)
    approach(t, "STA-004")
    t.pass_priority()
    d = t.pending()
    assert (d.kind, d.player) == ("interfere", 1)
    assert d.texts == [f"interfere {t.ref(t.uid(1, 'TWC-004', 'main'))}", "no-interference"]


def test_interfering_rests_the_chara_p14() -> None:
    t = approach_table(("STA-004",), ("TWC-005",))
    to_assign(t)
    approach(t, "STA-004")
    t.pass_priority()
    i = t.uid(1, "TWC-005", "main")
    t.act(f"interfere {t.ref(i)}")
    assert t.flags(i)["rest"] is True
    assert (t.v["step"], t.pending().player) == ("w4", 0)


def test_no_interference_puts_the_top_of_the_interferers_own_deck_face_up_p14() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    to_assign(t)
    approach(t, "STA-004")
    t.pass_priority()
    top = t.zone(1, "deck")[0]
    my_deck = t.zone(0, "deck")
    t.act("no-interference")
    assert t.zone(1, "points") == [top]
    assert "down" not in t.flags(top)  # face up: it can pay costs later
    assert t.zone(0, "deck") == my_deck and t.zone(0, "points") == []
    assert t.v["step"] == "w6"


def test_nobody_to_interfere_gives_the_point_by_itself_p14() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    t.flag(t.uid(1, "TWC-004", "main"), rest=True)
    to_assign(t)
    approach(t, "STA-004")
    top = t.zone(1, "deck")[0]
    t.pass_priority()
    assert t.zone(1, "points") == [top] and t.v["step"] == "w6"


# -- elimination judgement (P14) ----------------------------------------------------------------


def judge(mine: str, theirs: str) -> Table:
    t = approach_table((mine,), (theirs,))
    to_assign(t)
    approach(t, mine)
    t.pass_priority()
    t.act(f"interfere {t.ref(t.uid(1, theirs, 'main'))}")
    t.pass_priority()  # w4 closes: the judgement
    assert t.v["step"] == "w6"
    return t


def test_both_charas_can_be_eliminated_at_once_p14() -> None:
    t = judge("STA-004", "TWC-004")  # 40/20 against 30/30
    assert t.cids(0, "discard") == ["STA-004"] and t.cids(1, "discard") == ["TWC-004"]
    assert t.zone(1, "points") == []  # an interference gives no point


def test_dp_equal_to_the_opposing_ap_is_eliminated_p14() -> None:
    t = judge("STA-007", "TWC-004")  # 30/50 against 30/30: DP 30 = AP 30
    assert t.cids(1, "discard") == ["TWC-004"]
    assert t.cids(0, "main") == ["STA-007"]  # DP 50 is higher than AP 30: stays


def test_higher_dp_stays_p14() -> None:
    t = judge("STA-001", "TWC-005")  # 20/20 against 50/50
    assert t.cids(1, "main") == ["TWC-005"] and t.cids(0, "discard") == ["STA-001"]


def test_an_eliminated_chara_takes_its_supports_to_the_discard_zone_p10_p14() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    s = t.put(1, "TWC-017", "attached", host=t.uid(1, "TWC-004", "main"))
    to_assign(t)
    approach(t, "STA-004")
    t.pass_priority()
    t.act(f"interfere {t.ref(t.uid(1, 'TWC-004', 'main'))}")
    t.pass_priority()
    assert t.where(s) == "1/discard"


def test_values_below_zero_count_as_zero_p20() -> None:
    # raw numbers would compare -10 <= -50 (false); as zeros, 0 <= 0 eliminates
    t = approach_table(("STA-001",), ("TWC-004",))
    a, i = t.uid(0, "STA-001", "main"), t.uid(1, "TWC-004", "main")
    to_assign(t)
    approach(t, "STA-001")
    t.pass_priority()
    t.act(f"interfere {t.ref(i)}")
    t.flag(a, mods=[[-70, 0, "t"]])  # AP 20 - 70 = -50: counts as 0
    t.flag(i, mods=[[0, -40, "t"]])  # DP 30 - 40 = -10: counts as 0
    t.pass_priority()
    assert t.where(i) == "1/discard"


def test_dp_at_zero_outside_the_judgement_eliminates_nothing_qa_p27() -> None:
    t = approach_table(("STA-001",))
    a = t.uid(0, "STA-001", "main")
    t.flag(a, mods=[[0, -50, "t"]])
    t.pass_priority()
    assert t.where(a) == "0/main"


# -- an approach chara that leaves (P21) ---------------------------------------------------------


def test_approach_chara_gone_before_interference_skips_to_the_last_window_p21() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    to_assign(t)
    a = approach(t, "STA-004")
    t.move(a, "hand")  # an effect returns it during the window after assigning
    t.pass_priority()
    assert t.v["step"] == "w6" and t.pending().kind == "priority"
    assert t.zone(1, "points") == []  # no interference step, so no point either


def test_approach_chara_moved_to_the_support_area_also_skips_p21() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    to_assign(t)
    a = approach(t, "STA-004")
    t.move(a, "support", rest=True)
    t.pass_priority()
    assert t.v["step"] == "w6" and t.zone(1, "points") == []


def test_approach_chara_gone_before_judgement_skips_the_judgement_p21() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    to_assign(t)
    a = approach(t, "STA-004")
    t.pass_priority()
    i = t.uid(1, "TWC-004", "main")
    t.act(f"interfere {t.ref(i)}")
    t.move(a, "discard")
    t.pass_priority()
    assert t.v["step"] == "w6" and t.where(i) == "1/main"


def test_interfering_chara_gone_before_judgement_compares_nothing_p14() -> None:
    t = approach_table(("STA-004",), ("TWC-004",))
    to_assign(t)
    a = approach(t, "STA-004")
    t.pass_priority()
    i = t.uid(1, "TWC-004", "main")
    t.act(f"interfere {t.ref(i)}")
    t.move(i, "hand")
    t.pass_priority()
    assert t.where(a) == "0/main" and t.zone(1, "points") == []
    assert t.state.zone(zkey(1, "discard")) == []
