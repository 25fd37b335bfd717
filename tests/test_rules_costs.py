"""Paying costs (P11, P12), purple cards (P17), series that count as one (P24),
effect costs (P16, Q&A P27)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import Table, rs

from rulesets.precious_memories import costs


def declare(t: Table, uid: int, where: str = "main") -> None:
    t.act(f"summon {t.ref(uid)} {where}")
    assert t.pending().kind == "pay"


def can_finish(t: Table) -> bool:
    return "done" in t.options()


def test_cards_paid_from_hand_go_to_the_discard_zone_p12() -> None:
    t = Table.start()
    c, a, b = t.hand(0, "STA-004", "STA-001", "STA-003")  # cost 2; both provide 2
    declare(t, c)
    t.act(f"pay {t.ref(a)}")
    assert t.where(a) == "0/hand"  # nothing moves until the payment is confirmed
    t.act("done")
    assert t.where(a) == "0/discard" and t.where(b) == "0/hand"


def test_face_up_points_pay_by_turning_face_down_p12() -> None:
    t = Table.start()
    (c,) = t.hand(0, "STA-004")
    p = t.put(0, "STA-001", "points")
    declare(t, c)
    t.act(f"pay {t.ref(p)}", "done")
    assert t.where(p) == "0/points" and t.flags(p)["down"] is True


def test_face_down_points_cannot_pay_p06_p12() -> None:
    t = Table.start()
    c, h = t.hand(0, "STA-004", "STA-006")
    down = t.put(0, "STA-001", "points", down=True)
    up = t.put(0, "STA-003", "points")
    declare(t, c)
    assert f"pay {t.ref(down)}" not in t.options()
    assert {f"pay {t.ref(up)}", f"pay {t.ref(h)}"} <= set(t.options())


def test_hand_and_points_can_pay_together_qa_p27() -> None:
    t = Table.start()
    c, h = t.hand(0, "STA-005", "STA-001")  # cost 4
    p = t.put(0, "STA-003", "points")
    declare(t, c)
    t.act(f"pay {t.ref(h)}", f"pay {t.ref(p)}", "done")
    assert t.where(h) == "0/discard" and t.flags(p)["down"] is True


def test_total_must_reach_the_usage_cost_p11() -> None:
    t = Table.start()
    c, a, b = t.hand(0, "STA-005", "STA-001", "STA-006")  # cost 4; provide 2 + 1
    t.put(0, "STA-008", "hand")  # provides 2
    declare(t, c)
    t.act(f"pay {t.ref(a)}", f"pay {t.ref(b)}")
    assert not can_finish(t) and t.pending().info["total"] == 3
    t.act(f"pay {t.ref(t.uid(0, 'STA-008', 'hand'))}")
    assert can_finish(t)


def test_a_card_cannot_pay_for_itself_p11() -> None:
    t = Table.start()
    c, _ = t.hand(0, "STA-004", "STA-001")
    declare(t, c)
    assert f"pay {t.ref(c)}" not in t.options()


def test_a_card_that_cannot_be_paid_is_not_offered_p11() -> None:
    t = Table.start()
    c, _ = t.hand(0, "STA-005", "STA-001")  # cost 4, only 2 available
    assert not [x for x in t.options() if t.ref(c) in x]


def test_cost_needs_a_card_of_the_same_colour_or_series_p11() -> None:
    t = Table.start()
    c, green = t.hand(0, "STA-004", "TWC-006")  # red Starlit cost 2; green Tidewater gives 2
    red_other = t.put(0, "LBK-015", "hand")  # red, another series
    yellow_same = t.put(0, "STA-008", "hand")  # yellow, the same series
    declare(t, c)
    t.act(f"pay {t.ref(green)}")
    assert not can_finish(t)
    assert "Starlit Academy" in t.pending().info["why"]
    t.act("cancel")
    for helper in (red_other, yellow_same):
        declare(t, c)
        t.act(f"pay {t.ref(green)}", f"pay {t.ref(helper)}")
        assert can_finish(t)
        t.act("cancel")


def test_series_printed_under_another_title_count_as_the_same_series_p24() -> None:
    t = Table.start()
    c, yellow = t.hand(0, "STB-001", "STA-006")  # red "Starlit Academy II" cost 1
    declare(t, c)
    t.act(f"pay {t.ref(yellow)}")  # yellow "Starlit Academy"
    assert can_finish(t)


def test_excess_cost_is_lost_p11() -> None:
    t = Table.start()
    c, a, b = t.hand(0, "STB-001", "STA-001", "STA-003")  # cost 1; 2 + 2 offered
    declare(t, c)
    t.act(f"pay {t.ref(a)}", f"pay {t.ref(b)}", "done")
    assert t.where(a) == t.where(b) == "0/discard"


def test_cancelling_a_payment_moves_nothing_p11() -> None:
    t = Table.start()
    c, a = t.hand(0, "STA-004", "STA-001")
    before = t.state.to_json()["zones"]
    declare(t, c)
    t.act(f"pay {t.ref(a)}", "cancel")
    assert t.state.to_json()["zones"] == before
    assert t.pending().kind == "priority" and t.pending().player == 0


# -- purple cards (P17) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("payers", "ok"),
    [
        (("STA-001", "STA-001"), True),  # only Mirei Tsukishiro cards of the same series
        (("STA-003", "STA-008"), False),  # red and yellow of the series, no purple, no Mirei
        (("LBK-012", "STA-003", "STA-008"), False),  # a purple card of another series
        (("LBK-015", "LBK-001", "STA-003", "STA-008"), False),  # no purple payer at all
    ],
)
def test_purple_card_payment_in_play_p17(payers: tuple[str, ...], ok: bool) -> None:
    t = Table.start()
    c, *paid = t.hand(0, "STA-011", *payers)  # purple Mirei Tsukishiro, cost 4
    for cid in ("STA-002", "STA-002", "STA-018", "STA-019"):  # Mireis that could pay
        t.put(0, cid, "hand")  # (1 each), kept back: the summon is declarable
    declare(t, c)
    for u in paid:
        if f"pay {t.ref(u)}" not in t.options():  # it would leave no way to finish (p.17)
            assert not ok
            return
        t.act(f"pay {t.ref(u)}")
    assert can_finish(t) is ok


def test_purple_way_one_takes_only_same_named_cards_p17() -> None:
    """P17: "only use a card of same series with the same name": one Mirei among
    other cards is not the first way (there is no purple card nor four colours)."""
    t = Table.start()
    c, mirei, kanon, mirei2 = t.hand(0, "STA-011", "STA-001", "STA-003", "STA-001")
    declare(t, c)
    # with no purple card and not four colours, only the first way is open: Kanon
    # would close it, so she is never offered
    assert f"pay {t.ref(kanon)}" not in t.options()
    t.act(f"pay {t.ref(mirei)}")
    assert f"pay {t.ref(kanon)}" not in t.options()
    assert "(p.17)" in (rs().explain(t.state, f"pay {t.ref(kanon)}") or "")
    t.act(f"pay {t.ref(mirei2)}")
    assert can_finish(t)
    assert f"pay {t.ref(kanon)}" not in t.options()  # excess may be paid, but not this card


def test_purple_way_one_is_not_offered_when_another_way_stays_open_p17() -> None:
    """A card that breaks the first way may still be paid when the third stays open."""
    t = Table.start()
    c, mirei, purple, kanon = t.hand(0, "STA-011", "STA-001", "STA-011a", "STA-003")
    declare(t, c)
    t.act(f"pay {t.ref(mirei)}")
    assert f"pay {t.ref(kanon)}" in t.options()  # the purple STA-011a can still be added
    t.act(f"pay {t.ref(kanon)}")
    assert not can_finish(t)  # 4 provided, but neither only Mireis nor a purple card yet
    t.act(f"pay {t.ref(purple)}")
    assert can_finish(t)


def test_purple_card_paid_with_a_purple_card_of_the_same_series_p17() -> None:
    t = Table.start()
    c, purple, a, b = t.hand(0, "LBK-013", "LBK-014", "LBK-004", "LBK-007")  # Ren cost 4
    declare(t, c)
    t.act(*(f"pay {t.ref(u)}" for u in (purple, a, b)))  # Oboro is purple: 1 + 2 + 2
    assert can_finish(t)


def test_the_three_purple_ways_p17() -> None:
    d, series = rs().t.defs, rs().t.series
    card = d["STA-011"]  # purple Mirei Tsukishiro, Starlit Academy, cost 4
    st = d["STA-008"]  # a Starlit Academy card that gives 2, recoloured below

    def starlit(colour: str) -> object:
        return replace(st, colour=colour)

    four = [starlit(c) for c in ("red", "blue", "yellow", "green")]
    assert costs.card_requirement_met(card, four, series)[0]  # way 2: all four colours
    assert not costs.card_requirement_met(card, four[:3] + [starlit("red")], series)[0]
    other = [replace(x, series="Tidewater Café Days") for x in four]
    assert not costs.card_requirement_met(card, other, series)[0]  # of the same series only
    mixed = four[:3] + [replace(four[3], series="Tidewater Café Days")]
    assert not costs.card_requirement_met(card, mixed, series)[0]
    assert costs.card_requirement_met(card, [d["STA-001"], d["STA-001"]], series)[0]  # way 1
    # way 1 takes only same-named cards: one Mirei among others is not enough (P17)
    assert not costs.card_requirement_met(card, [d["STA-001"], d["STA-003"]], series)[0]
    assert costs.card_requirement_met(card, [d["STA-011a"], st, st], series)[0]  # way 3
    # the II title counts as the same series (P24)
    assert costs.card_requirement_met(card, [replace(d["STA-001"], series="Starlit Academy II"),
                                              d["STA-001"]], series)[0]


def test_purple_cost_still_needs_the_total_p17() -> None:
    d, series = rs().t.defs, rs().t.series
    ok, why = costs.card_requirement_met(d["STA-011"], [d["STA-001"]], series)
    assert not ok and "less than the usage cost 4" in why


# -- Combo (P23, Japanese text) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("payers", "ok"),
    [
        (("STA-003",), True),  # Kanon Amagiri: the left name
        (("STB-001", "STA-006"), True),  # Noa Shirasagi: the right name is enough too
        (("STA-001",), False),  # red and of the series, but neither name
    ],
)
def test_combo_cost_needs_a_chara_with_the_left_or_the_right_name_p23(
    payers: tuple[str, ...], ok: bool
) -> None:
    t = Table.start(texts=True)
    c, *paid = t.hand(0, "STB-006", *payers)  # "Kanon Amagiri&Noa Shirasagi", cost 2
    t.put(0, "STA-003", "hand")  # keeps the summon declarable
    declare(t, c)
    t.act(*(f"pay {t.ref(u)}" for u in paid))
    assert can_finish(t) is ok


# -- effect costs (P16, Q&A P27) --------------------------------------------------------------


def test_effect_cost_colour_and_white_p16() -> None:
    d = rs().t.defs
    green_other_series = d["TWC-006"]  # gives 2
    assert costs.effect_requirement_met(2, "white", [green_other_series])[0]
    assert costs.effect_requirement_met(2, "green", [green_other_series])[0]
    assert not costs.effect_requirement_met(2, "red", [green_other_series])[0]
    assert not costs.effect_requirement_met(3, "white", [green_other_series])[0]
    assert costs.effect_requirement_met(0, None, [])[0]
