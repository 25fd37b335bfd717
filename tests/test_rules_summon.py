"""Chara summon, events and supports in the Main Phase (P06, P09, P10, P17, Q&A P27)."""

from __future__ import annotations

from helpers import Table

FIVE = ("STA-001", "STA-002", "STA-004", "STA-005", "STA-006")


def summons(t: Table, uid: int) -> list[str]:
    return [x for x in t.options() if x.startswith(f"summon {t.ref(uid)} ")]


# -- Chara summon (P06, P09) -------------------------------------------------------------


def test_summon_to_main_or_support_area_p09() -> None:
    t = Table.start()
    (c,) = t.hand(0, "STA-003")
    assert summons(t, c) == [f"summon {t.ref(c)} main", f"summon {t.ref(c)} support"]


def test_chara_without_ap_dp_goes_only_to_the_support_area_p06_p09() -> None:
    t = Table.start()
    c, _ = t.hand(0, "STA-010", "STA-001")
    assert summons(t, c) == [f"summon {t.ref(c)} support"]


def test_usage_cost_zero_needs_no_payment_p11() -> None:
    t = Table.start()
    (c,) = t.hand(0, "STA-003")  # usage cost 0
    t.act(f"summon {t.ref(c)} main")
    assert t.pending().kind == "respond" and t.where(c) == "0/stage"


def test_summoned_chara_is_active_in_the_chosen_area_p09() -> None:
    t = Table.start()
    a, b, pay = t.hand(0, "STA-003", "STA-010", "STA-006")
    t.summon(a, "main")
    t.act("pass")  # after a play the other player has the right first (P20)
    t.summon(b, "support", pay)
    assert t.where(a) == "0/main" and t.where(b) == "0/support"
    assert "rest" not in t.flags(a) and "rest" not in t.flags(b)
    assert t.flags(a)["turn"] == 1


def test_summoned_chara_cannot_approach_that_turn_p09_p13() -> None:
    t = Table.start(first=1)
    t.pass_turn()  # turn 2, player 0 approaches
    old = t.put(0, "STA-004", "main")
    (new,) = t.hand(0, "STA-003")
    t.summon(new, "main")
    t.pass_priority()
    assert t.v["step"] == "assign"
    assert t.options() == [f"approach {t.ref(old)}", "stop"]


def test_only_one_copy_of_a_chara_in_the_whole_area_p09_qa_p27() -> None:
    t = Table.start()
    t.put(0, "STA-004", "support")
    (c,) = t.hand(0, "STA-004")
    assert summons(t, c) == []


def test_a_parallel_card_counts_as_the_same_chara_p05_p09() -> None:
    t = Table.start()
    t.put(0, "STA-011", "main")
    (c,) = t.hand(0, "STA-011a")
    t.put(0, "STA-001", "hand")  # a Mirei Tsukishiro of the same series could pay
    assert summons(t, c) == []


def test_copy_arriving_while_a_summon_waits_is_discarded_at_resolution_p09() -> None:
    t = Table.start()
    (c,) = t.hand(0, "STA-003")
    t.act(f"summon {t.ref(c)} main")
    t.put(0, "STA-003", "support")  # e.g. an effect put a copy in meanwhile
    t.pass_priority()
    assert t.where(c) == "0/discard"


def test_main_area_holds_five_and_a_sixth_replaces_one_p06() -> None:
    t = Table.start()
    five = [t.put(0, cid, "main") for cid in FIVE]
    (c,) = t.hand(0, "STA-003")
    assert summons(t, c) == [
        *(f"summon {t.ref(c)} main replace {t.ref(o)}" for o in five),
        f"summon {t.ref(c)} support",
    ]
    t.act(f"summon {t.ref(c)} main replace {t.ref(five[2])}")
    assert t.where(five[2]) == "0/main"  # nothing leaves before the summon resolves
    t.pass_priority()
    assert t.where(five[2]) == "0/discard" and t.where(c) == "0/main"
    assert len(t.zone(0, "main")) == 5


def test_a_declined_summon_keeps_the_chara_it_would_replace_p06_p22() -> None:
    t = Table.start()
    five = [t.put(0, cid, "main") for cid in FIVE]
    (c,) = t.hand(0, "STA-003")
    t.act(f"summon {t.ref(c)} main replace {t.ref(five[0])}")
    # a [Decline] card disables the summon (the effects layer marks the chain entry)
    t.set_vars(chain=[{**t.v["chain"][0], "disabled": True}])
    t.pass_priority()
    assert t.where(c) == "0/discard" and t.where(five[0]) == "0/main"


def test_support_area_has_no_limit_p06() -> None:
    t = Table.start()
    for cid in ("STA-001", "STA-002", "STA-004", "STA-005", "STA-006", "STA-007"):
        t.put(0, cid, "support")
    (c,) = t.hand(0, "STA-003")
    assert f"summon {t.ref(c)} support" in summons(t, c)


# -- events (P10, P17) -----------------------------------------------------------------------


def events(t: Table) -> set[str]:
    return {x.split()[1].split("@")[0] for x in t.options() if x.startswith("event ")}


TIMED = ("STA-012", "STA-013", "STA-014", "STA-015", "TWC-016", "STA-001")
# STA-012 main/self, STA-013 approach/self, STA-014 approach/both, STA-015 main/both,
# TWC-016 decline/both; STA-001 is a red Starlit payer for all of them.


def test_events_only_at_their_timing_in_the_main_phase_p10_p17() -> None:
    t = Table.start(first=0)
    t.hand(0, *TIMED)
    t.hand(1, *TIMED)
    assert events(t) == {"STA-012", "STA-015"}  # the approacher: [Main/Self], [Main/Both]
    t.act("pass")
    assert events(t) == {"STA-015"}  # the interferer: [Main/Both] only


def test_events_only_at_their_timing_in_the_approach_phase_p13_p17() -> None:
    t = Table.start(first=1)
    t.pass_turn()  # turn 2, player 0 approaches
    a = t.put(0, "STA-004", "main")
    t.hand(0, *TIMED)
    t.hand(1, *TIMED)
    t.pass_priority()
    t.act(f"approach {t.ref(a)}")
    assert t.v["step"] == "w2"
    assert events(t) == {"STA-013", "STA-014"}
    t.act("pass")
    assert events(t) == {"STA-014"}


def test_approach_events_need_an_approach_qa_p27() -> None:
    t = Table.start(first=1)
    t.pass_turn()
    t.put(0, "STA-004", "main")
    t.hand(0, "STA-013", "STA-001")
    t.pass_priority()
    t.act("stop")  # no approach chara: the windows of the Approach Phase never open
    assert t.v["turn"] == 3


def test_event_goes_to_the_discard_zone_after_it_resolves_p10() -> None:
    t = Table.start()
    ev, pay = t.hand(0, "STA-012", "STA-003")
    t.act(f"event {t.ref(ev)}", f"pay {t.ref(pay)}", "done")
    assert t.where(ev) == "0/stage"
    t.pass_priority()
    assert t.where(ev) == "0/discard" and t.where(pay) == "0/discard"


# -- supports (P10, Q&A P27) -------------------------------------------------------------------


def supports(t: Table, uid: int) -> list[str]:
    return [x for x in t.options() if x.startswith(f"support {t.ref(uid)} ")]


def test_support_is_set_on_one_of_your_charas_active_or_rest_p10() -> None:
    t = Table.start()
    a = t.put(0, "STA-004", "main", rest=True)
    b = t.put(0, "STA-010", "support")
    t.put(1, "TWC-004", "main")  # not on the opponent's
    s, pay = t.hand(0, "STA-016", "STA-006")
    assert supports(t, s) == [f"support {t.ref(s)} on {t.ref(h)}" for h in (a, b)]
    t.act(f"support {t.ref(s)} on {t.ref(a)}")
    t.pay(pay)
    assert t.where(s) == "0/attached" and t.flags(s)["host"] == a


def test_one_copy_of_a_support_per_chara_p10() -> None:
    t = Table.start()
    a = t.put(0, "STA-004", "main")
    b = t.put(0, "STA-001", "main")
    t.put(0, "STA-016", "attached", host=a)
    s, _ = t.hand(0, "STA-016", "STA-006")
    assert supports(t, s) == [f"support {t.ref(s)} on {t.ref(b)}"]


def test_support_is_discarded_when_its_chara_leaves_the_area_p10_qa_p27() -> None:
    t = Table.start()
    five = [t.put(0, cid, "main") for cid in FIVE]
    s = t.put(0, "STA-016", "attached", host=five[0])
    (c,) = t.hand(0, "STA-003")
    t.act(f"summon {t.ref(c)} main replace {t.ref(five[0])}")
    t.pass_priority()
    assert t.where(five[0]) == "0/discard" and t.where(s) == "0/discard"


def test_support_whose_chara_left_before_it_resolved_is_discarded_p10() -> None:
    t = Table.start()
    a = t.put(0, "STA-004", "main")
    s, pay = t.hand(0, "STA-016", "STA-006")
    t.act(f"support {t.ref(s)} on {t.ref(a)}", f"pay {t.ref(pay)}", "done")
    t.move(a, "hand")  # returned to the hand by some effect meanwhile
    t.pass_priority()
    assert t.where(s) == "0/discard"
