"""Keywords and effect features of the card-effects issue, each on a test-only
card (tests/data/keyword_cards.toml), with the rulebook page it implements."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pmtui.engine import Game, IllegalAction
from pmtui.engine.ruleset import DeckList
from pmtui.table.games import make_header
from rulesets.precious_memories import PreciousMemories, Tables
from rulesets.precious_memories.cards import data_dir, load_pool
from rulesets.precious_memories.effects import stats
from tests.helpers import Table

KW_FILE = Path(__file__).parent / "data" / "keyword_cards.toml"


@cache
def kw_rules() -> PreciousMemories:
    files = sorted(Path(str(f)) for f in data_dir().iterdir() if str(f).endswith(".toml"))
    return PreciousMemories(Tables.load(load_pool([*files, KW_FILE])))


def _Deck(main: list[str], ex: list[str]) -> DeckList:  # noqa: N802
    return DeckList("kw", {"main": tuple(main), "ex": tuple(ex)})


def table(first: int = 0) -> Table:
    """Turn 1, player `first` in the Main Phase; decks hold 3 of every test card
    and filler to draw; both hands emptied."""
    cards = kw_rules().t.pool.cards()
    kw = [c.id for c in cards if c.id.startswith("KWT") and not c.ex]
    filler = ["STA-003"] * 30
    deck = _Deck(kw * 3 + filler, [c.id for c in cards if c.ex])
    header = make_header(kw_rules(), [deck, deck], 3, [{"name": "a"}, {"name": "b"}], "test")
    t = Table(Game(kw_rules(), header))
    t.act("first" if t.pending().player == first else "second", "keep", "keep")
    t.clear_hand(0)
    t.clear_hand(1)
    return t


def to_turn(t: Table, turn: int) -> None:
    """Pass turns (doing nothing) until `turn` starts; hands are emptied again."""
    while t.v["turn"] < turn:
        t.pass_turn()
    t.clear_hand(0)
    t.clear_hand(1)


def in_main(t: Table, p: int, cid: str, **flags: Any) -> int:
    return t.put(p, cid, "main", **flags)


def st(t: Table, uid: int) -> tuple[int, int]:
    return stats(t.state, kw_rules().t, uid)


def resolve(t: Table) -> None:
    """Nobody answers the open response chain: it resolves (the Interferer passes last, p.07)."""
    t.pass_priority()


def back(t: Table) -> None:
    """After a play the other player holds the right; they pass it back (p.20)."""
    t.act("pass")


# -- [Active] (p.22) --


def test_active_chara_may_approach_the_turn_it_is_summoned_p22() -> None:
    t = table()
    to_turn(t, 2)  # player 2's turn
    ap = t.v["ap"]
    quick, plain = t.hand(ap, "KWT-001", "KWT-006")
    t.act(f"summon {t.ref(quick)} main")
    resolve(t)
    back(t)
    t.act(f"summon {t.ref(plain)} main")
    resolve(t)
    t.pass_priority()
    opts = t.options()
    assert f"approach {t.ref(quick)}" in opts
    assert f"approach {t.ref(plain)}" not in opts  # summoned this turn, no [Active] (p.13)


# -- Ignore X (p.22) --


def test_ignore_keeps_cheap_interferers_out_p22() -> None:
    t = table()
    to_turn(t, 3)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    ig = in_main(t, ap, "KWT-002")
    cheap = in_main(t, op, "KWT-006")  # usage cost 0 <= 2
    dear = in_main(t, op, "KWT-004")  # usage cost 2 <= 2 as well
    t.pass_priority()
    t.act(f"approach {t.ref(ig)}")
    t.pass_priority()
    # nobody may interfere: the point is taken automatically
    assert t.v["step"] == "w6"
    assert len(t.zone(op, "points")) == 1
    assert not t.flags(cheap).get("rest") and not t.flags(dear).get("rest")


def test_ignore_lets_costlier_charas_interfere_p22() -> None:
    t = table()
    to_turn(t, 3)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    ig = in_main(t, ap, "KWT-002")
    lev = in_main(t, op, "KWT-013", level=4)  # cost 0 + 3 stacked levels = 3 > 2
    t.pass_priority()
    t.act(f"approach {t.ref(ig)}")
    t.pass_priority()
    assert t.pending().kind == "interfere"
    assert f"interfere {t.ref(lev)}" in t.options()


# -- Break (p.22) --


def test_break_puts_the_point_face_down_p22() -> None:
    t = table()
    to_turn(t, 3)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    b = in_main(t, ap, "KWT-003")
    t.pass_priority()
    t.act(f"approach {t.ref(b)}")
    t.pass_priority()
    (point,) = t.zone(op, "points")
    assert t.flags(point).get("down") is True


def test_break_point_cannot_pay_costs_p22() -> None:
    t = table()
    to_turn(t, 3)
    ap = t.v["ap"]
    down = t.put(ap, "KWT-005", "points", down=True)
    (combo,) = t.hand(ap, "KWT-004")
    # the only payer is face down: the summon is not offered
    assert not any(o.startswith(f"summon {t.ref(combo)}") for o in t.options())
    assert t.where(down) == f"{ap}/points"


# -- Combo (Japanese text, p.23) --


@pytest.mark.parametrize(("payer", "ok"), [("KWT-005", True), ("KWT-006", False)])
def test_combo_cost_must_include_left_or_right_name_p23(payer: str, ok: bool) -> None:
    t = table()
    combo, pay = t.hand(0, "KWT-004", payer)
    # without a Hana or Yuki among the possible payers the summon is not offered
    assert (f"summon {t.ref(combo)} main" in t.options()) is ok
    t.put(0, "KWT-005", "points")  # a face-up Hana point makes it declarable
    t.act(f"summon {t.ref(combo)} main", f"pay {t.ref(pay)}")
    assert ("done" in t.options()) is ok
    if not ok:
        assert "Combo" in t.pending().info["why"]


def test_combo_name_counts_as_either_name_p23() -> None:
    t = table()
    combo = in_main(t, 0, "KWT-004")
    (hana,) = t.hand(0, "KWT-005")
    # a chara named "Hana" is a copy by name only when the card number matches: no block
    assert f"summon {t.ref(hana)} main" in t.options()
    from rulesets.precious_memories.targets import names_of

    d = kw_rules().t.defs["KWT-004"]
    assert set(names_of(kw_rules().t, d)) == {"Hana&Yuki", "Hana", "Yuki"}
    assert t.where(combo) == "0/main"


# -- Adversity (p.23) --


def test_adversity_gives_stats_and_text_with_enough_points_p23() -> None:
    t = table()
    c = in_main(t, 0, "KWT-007")
    assert st(t, c) == (20, 20)
    assert not any(o.startswith(f"use {t.ref(c)}") for o in t.options())
    for _ in range(3):
        t.put(0, "STA-003", "points")
    assert st(t, c) == (40, 30)
    assert f"use {t.ref(c)} 1" in t.options()


# -- Reinforcement (p.23) --


def reinforced(t: Table) -> tuple[int, int, int, int]:
    to_turn(t, 3)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    lead = in_main(t, ap, "KWT-008")
    mem = in_main(t, ap, "KWT-009")
    t.pass_priority()
    return ap, op, lead, mem


def test_reinforcement_joint_approach_adds_ap_p23() -> None:
    t = table()
    ap, op, lead, mem = reinforced(t)
    guard = in_main(t, op, "KWT-002")  # 50/50
    t.act(f"approach {t.ref(lead)} with {t.ref(mem)}")
    assert t.flags(lead)["rest"] and t.flags(mem)["rest"]
    t.pass_priority()
    t.act(f"interfere {t.ref(guard)}")
    t.pass_priority()
    # 30 + 20 = 50 AP >= 50 DP: the interferer leaves; 50 AP beats both DPs:
    # the Interferer chooses which approacher leaves
    assert t.pending().kind == "eliminate" and t.pending().player == op
    t.act(f"eliminate {t.ref(mem)}")
    assert t.where(guard) == f"{op}/discard"
    assert t.where(mem) == f"{ap}/discard"
    assert t.where(lead) == f"{ap}/main"


def test_reinforcement_still_gives_one_point_p23() -> None:
    t = table()
    ap, op, lead, mem = reinforced(t)
    t.act(f"approach {t.ref(lead)} with {t.ref(mem)}")
    t.pass_priority()
    assert len(t.zone(op, "points")) == 1


def test_reinforcement_partner_must_match_p23() -> None:
    t = table()
    to_turn(t, 3)
    ap = t.v["ap"]
    lead = in_main(t, ap, "KWT-008")
    other = in_main(t, ap, "KWT-006")
    t.pass_priority()
    assert f"approach {t.ref(lead)} with {t.ref(other)}" not in t.options()


# -- Cardcaptor (p.24) --


def test_cardcaptor_gains_the_discarded_cards_text_p24() -> None:
    t = table()
    cap = in_main(t, 0, "KWT-010")
    (other,) = t.hand(0, "KWT-011")
    hand_before = len(t.zone(0, "hand"))
    t.act(f"use {t.ref(cap)} 1", f"discard {t.ref(other)}")
    resolve(t)
    assert t.where(other) == "0/discard"
    assert len(t.zone(0, "hand")) == hand_before - 1 + 1  # discarded one, drew one
    assert t.flags(cap)["gained"] == ["KWT-011"]
    back(t)
    # the gained text is usable now ...
    assert f"use {t.ref(cap)} 1 from KWT-011" in t.options()
    t.act(f"use {t.ref(cap)} 1 from KWT-011")
    resolve(t)
    back(t)
    assert st(t, cap) == (50, 20)
    # ... and Cardcaptor itself is once per turn per player
    t.put(0, "KWT-011", "hand")
    assert f"use {t.ref(cap)} 1" not in t.options()


def test_cardcaptor_gained_text_ends_with_the_turn_p24() -> None:
    t = table()
    cap = in_main(t, 0, "KWT-010")
    (other,) = t.hand(0, "KWT-011")
    t.act(f"use {t.ref(cap)} 1", f"discard {t.ref(other)}")
    resolve(t)
    t.pass_turn()
    assert "gained" not in t.flags(cap)


# -- Backup (p.24) --


def test_backup_is_used_from_the_hand_in_its_window_p24() -> None:
    t = table()
    to_turn(t, 3)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    att = in_main(t, ap, "KWT-002")  # 50 AP
    guard = in_main(t, op, "KWT-006")  # 10/10
    (bea,) = t.hand(op, "KWT-012")
    t.pass_priority()
    t.act(f"approach {t.ref(att)}")
    t.act("pass")  # the approacher passes; the interferer may use Backup
    assert f"backup {t.ref(bea)}" in t.options()
    t.act(f"backup {t.ref(bea)}", f"target {t.ref(guard)}")
    resolve(t)
    assert t.where(bea) == f"{op}/discard"
    assert st(t, guard) == (10, 50)


def test_backup_not_offered_outside_its_window_p24() -> None:
    t = table()
    (bea,) = t.hand(0, "KWT-012")
    in_main(t, 0, "KWT-006")
    assert f"backup {t.ref(bea)}" not in t.options()  # own Main Phase


# -- Level Up (p.24) --


def test_level_up_stacks_first_free_then_paid_p24() -> None:
    t = table()
    base = in_main(t, 0, "KWT-013", rest=True)
    lv1, lv2, payer = t.hand(0, "KWT-014", "KWT-014", "KWT-005")
    t.act(f"levelup {t.ref(lv1)} on {t.ref(base)}")
    resolve(t)  # free: no payment step
    # the Level Up card goes on top and is the chara now (p.24; 001: "on top of")
    assert t.where(lv1) == "0/main" and t.where(base) == "0/stack"
    assert t.flags(base) == {"under": lv1}
    assert t.flags(lv1)["level"] == 2 and t.flags(lv1)["rest"] is True  # keeps the mode
    assert st(t, lv1) == (50, 50)  # its own printed 40/40, +10/+10 for the card under it
    from rulesets.precious_memories.targets import usage_cost

    assert usage_cost(t.state, kw_rules().t, lv1) == 2  # its own 1, +1 for the card under it
    back(t)
    # its own Lv2 text is active now
    assert f"use {t.ref(lv1)} 1" in t.options()
    # never Level Up with the exact same card (p.24): the second KWT-014 is not offered
    assert not any(o.startswith(f"levelup {t.ref(lv2)}") for o in t.options())
    assert t.where(payer) == "0/hand"


def test_second_level_up_in_a_turn_pays_its_usage_cost_p24() -> None:
    t = table()
    a = in_main(t, 0, "KWT-013")
    b = in_main(t, 0, "KWT-010")  # "Capture Girl": a different chara
    lv_a, lv_b, payer = t.hand(0, "KWT-014", "KWT-011", "KWT-005")
    t.act(f"levelup {t.ref(lv_a)} on {t.ref(a)}")
    resolve(t)
    back(t)
    # KWT-011 has no Level Up keyword: not offered; only KWT-014-like cards level up
    assert not any(o.startswith(f"levelup {t.ref(lv_b)}") for o in t.options())
    assert t.flags(b).get("level") is None
    assert t.v["lvl"] == {"0": 1}  # the free Level Up of turn 1 is used
    assert t.where(payer) == "0/hand"


def test_level_up_keeps_changes_coins_and_place_p24() -> None:
    t = table()
    other_chara = in_main(t, 0, "KWT-006")
    base = in_main(t, 0, "KWT-013", mods=[[10, -10]], coins=1)
    (lv,) = t.hand(0, "KWT-014")
    t.act(f"levelup {t.ref(lv)} on {t.ref(base)}")
    resolve(t)
    assert t.zone(0, "main") == [other_chara, lv]  # it takes the old card's place
    f = t.flags(lv)
    assert f["mods"] == [[10, -10]] and f["coins"] == 1 and f["level"] == 2
    # printed 40/40, level +10/+10, coin +10/+10, change +10/-10
    assert st(t, lv) == (70, 50)


def test_level_up_card_that_would_be_a_second_copy_is_not_offered_p09_p24() -> None:
    t = table()
    base = in_main(t, 0, "KWT-013")
    t.put(0, "KWT-014", "support")
    (lv,) = t.hand(0, "KWT-014")
    # on top it would be the chara: a second KWT-014 in the Area (one copy per Area, p.09)
    assert not any(o.startswith(f"levelup {t.ref(lv)}") for o in t.options())
    assert t.where(base) == "0/main"


def test_level_up_stack_moves_as_one_p24() -> None:
    t = table()
    to_turn(t, 2)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    base = in_main(t, op, "KWT-013")
    (lv,) = t.hand(op, "KWT-014")
    t.pass_turn()  # now op's turn 3
    t.clear_hand(ap)
    t.act(f"levelup {t.ref(lv)} on {t.ref(base)}")
    resolve(t)
    # discard the stack by an effect of the other player in their turn
    t.pass_turn()
    ap2 = t.v["ap"]
    (sw,) = t.hand(ap2, "KWT-017")
    t.act(f"event {t.ref(sw)}", f"target {t.ref(lv)}")  # the top card is the chara
    resolve(t)
    assert t.where(base) == f"{op}/discard" and t.where(lv) == f"{op}/discard"


# -- Decline (p.22) --


def test_decline_disables_a_play_and_the_cost_is_lost_p22() -> None:
    t = table()
    (sweep,) = t.hand(0, "KWT-017")
    foe = in_main(t, 1, "KWT-006")
    (no,) = t.hand(1, "KWT-015")
    t.act(f"event {t.ref(sweep)}", f"target {t.ref(foe)}")
    assert t.pending().kind == "respond" and t.pending().player == 1
    assert f"event {t.ref(no)}" in t.options()
    t.act(f"event {t.ref(no)}")
    # the chain holds two plays; nobody answers, it resolves last in first out
    assert len(t.v["chain"]) == 2
    resolve(t)
    assert t.where(foe) == "1/main"  # Sweep Away was disabled
    assert t.where(sweep) == "0/discard" and t.where(no) == "1/discard"
    assert t.v["prio"] == 1  # the other player of the one who started the chain


def test_decline_can_be_declined_p22() -> None:
    t = table()
    sweep, no0 = t.hand(0, "KWT-017", "KWT-015")
    foe = in_main(t, 1, "KWT-006")
    (no1,) = t.hand(1, "KWT-015")
    t.act(f"event {t.ref(sweep)}", f"target {t.ref(foe)}", f"event {t.ref(no1)}")
    t.act(f"event {t.ref(no0)}")  # decline the decline
    resolve(t)
    assert t.where(foe) == "1/discard"  # Sweep Away resolved after all


# -- Cannot be targeted (p.23) --


def test_untargetable_chara_is_never_a_target_p23() -> None:
    t = table()
    (sweep,) = t.hand(0, "KWT-017")
    uta = in_main(t, 1, "KWT-016")
    # the only opponent chara cannot be targeted: the card cannot be played (p.23)
    assert f"event {t.ref(sweep)}" not in t.options()
    foe = in_main(t, 1, "KWT-006")
    t.act(f"event {t.ref(sweep)}")
    assert f"target {t.ref(uta)}" not in t.options()
    assert f"target {t.ref(foe)}" in t.options()


def test_target_gone_before_resolution_voids_the_card_p23() -> None:
    t = table()
    (sweep,) = t.hand(0, "KWT-017")
    foe = in_main(t, 1, "KWT-006")
    t.act(f"event {t.ref(sweep)}", f"target {t.ref(foe)}")
    t.move(foe, "hand")  # the target leaves before the chain resolves
    resolve(t)
    assert t.where(sweep) == "0/discard"
    assert t.where(foe) == "1/hand"


# -- coins, removal, EX cards --


def test_plus_coin_gives_ten_ten_and_vanishes_with_the_chara_p21() -> None:
    t = table()
    (coin,) = t.hand(0, "KWT-018")
    mine = in_main(t, 0, "KWT-006")
    t.act(f"event {t.ref(coin)}", f"target {t.ref(mine)}")
    resolve(t)
    assert t.flags(mine)["coins"] == 1 and st(t, mine) == (20, 20)
    t.move(mine, "discard")
    assert "coins" not in t.flags(mine)


def test_removed_from_play_leaves_the_game_p21() -> None:
    t = table()
    (gone,) = t.hand(0, "KWT-019")
    foe = in_main(t, 1, "KWT-006")
    t.act(f"event {t.ref(gone)}", f"target {t.ref(foe)}")
    resolve(t)
    assert t.where(foe) == "1/removed"


def test_ex_card_taken_from_the_ex_deck_and_never_back_to_the_deck_p26() -> None:
    t = table()
    (call,) = t.hand(0, "KWT-021")
    t.act(f"event {t.ref(call)}")
    resolve(t)
    assert t.pending().kind == "pick"
    emi = t.uid(0, "KWT-020", "ex")
    t.act(f"pick {t.ref(emi)}")
    assert t.where(emi) == "0/hand"
    back(t)
    t.act(f"summon {t.ref(emi)} main")
    resolve(t)
    back(t)
    (ret,) = t.hand(0, "KWT-022")
    t.act(f"event {t.ref(ret)}", f"target {t.ref(emi)}")
    resolve(t)
    assert t.where(emi) == "0/discard"  # an EX card bound for the deck is discarded (p.26)


# -- triggers, permanent effects, costs --


def test_on_summon_trigger_resolves_before_the_next_decision_p17() -> None:
    t = table()
    (wen,) = t.hand(0, "KWT-023")
    t.act(f"summon {t.ref(wen)} main")
    resolve(t)
    assert len(t.zone(0, "hand")) == 1  # drew one
    assert t.pending().kind == "priority"


def test_every_time_trigger_on_point_p17() -> None:
    t = table()
    to_turn(t, 3)
    ap, op = t.v["ap"], 1 - t.v["ap"]
    att = in_main(t, ap, "KWT-002")
    t.deck_top(op, "KWT-024")
    t.pass_priority()
    t.act(f"approach {t.ref(att)}")
    t.pass_priority()
    assert len(t.zone(op, "hand")) == 1  # Pointy Pia went to the points and drew a card


def test_permanent_effect_modifies_other_own_charas_p16() -> None:
    t = table()
    ami = in_main(t, 0, "KWT-025")
    mate = in_main(t, 0, "KWT-006")
    foe = in_main(t, 1, "KWT-006")
    assert st(t, mate) == (20, 10)
    assert st(t, ami) == (10, 10)  # "other" charas only
    assert st(t, foe) == (10, 10)


def test_rest_cost_and_search_shuffles_the_deck_p17_p21() -> None:
    t = table()
    sae = in_main(t, 0, "KWT-026")
    t.act(f"use {t.ref(sae)} 1")
    resolve(t)
    assert t.flags(sae)["rest"] is True
    assert t.pending().kind == "pick"
    pick = t.pending().texts[0]
    t.act(pick)
    found = t.state.cards[int(pick.split("@")[1])]
    from rulesets.precious_memories.targets import names_of

    assert "Hana" in names_of(kw_rules().t, kw_rules().t.defs[found.cid])  # Combo counts (p.23)
    assert found.zone == "0/hand"
    back(t)
    assert f"use {t.ref(sae)} 1" not in t.options()  # rested, and once per turn


def test_coloured_effect_cost_needs_that_colour_p17() -> None:
    t = table()
    cora = in_main(t, 0, "KWT-027")
    red1, red2 = t.hand(0, "KWT-005", "KWT-006")
    assert f"use {t.ref(cora)} 1" not in t.options()  # no blue card to pay with
    t.put(0, "KWT-027", "hand")
    t.act(f"use {t.ref(cora)} 1", f"pay {t.ref(red1)}", f"pay {t.ref(red2)}")
    assert "done" not in t.options() and "blue" in t.pending().info["why"]


def test_effect_once_per_turn_p17() -> None:
    t = table()
    c = in_main(t, 0, "KWT-007")
    for _ in range(3):
        t.put(0, "STA-003", "points")
    t.act(f"use {t.ref(c)} 1")
    resolve(t)
    back(t)
    assert f"use {t.ref(c)} 1" not in t.options()
    with pytest.raises(IllegalAction):
        t.act(f"use {t.ref(c)} 1")
