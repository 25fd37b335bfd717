"""Abilities (Guide I (14), (15) Q&A): triggers, costs, Counter, dice, after-resolution
handling, ailments and Blessings (S25-S28, S35-S37)."""

from __future__ import annotations

from pmtui.engine.views import view
from rulesets.sengoku_yugi.units import BF

from .position import Position

AOI1, AOI2, AOI3, AOI4 = "SGY-001", "SGY-002", "SGY-003", "SGY-004"
GENBA3 = "SGY-007"
CHIYO2 = "SGY-018"
JUBEI3 = "SGY-041"
YUKINO1, YUKINO3 = "SGY-043", "SGY-045"
KAEDE1, KAEDE2, KAEDE4 = "SGY-027", "SGY-028", "SGY-030"


def test_a_deploy_trigger_is_offered_and_optional() -> None:
    """G1 (14) Troop Request I pattern; S25: the owner may use or skip it."""
    pos = Position()
    card = pos.put(AOI2, 0, "hand")
    top = pos.deck(0, KAEDE1)[0]
    pos.act(f"deploy {AOI2}@{card} c2")
    d = pos.decision
    assert d.kind == "trigger" and set(d.texts) == {f"use {AOI2}@{card}", "skip"}
    pos.act(f"use {AOI2}@{card}")
    assert pos.zone(top) == "0/hand" and pos.v("action_points") == [30 - 5 - 2, 30]
    assert pos.decision.kind == "main"


def test_skipping_a_trigger_does_nothing() -> None:
    pos = Position()
    card = pos.put(AOI2, 0, "hand")
    top = pos.deck(0, KAEDE1)[0]
    pos.act(f"deploy {AOI2}@{card} c2")
    pos.act("skip")
    assert pos.zone(top) == "0/sh" and pos.v("action_points") == [25, 30]


def counter_position() -> tuple[Position, int, int]:
    pos = Position(p=1)
    mine = pos.put(AOI1, 0, "bf", at="c2")
    kaede = pos.put(KAEDE2, 1, "hand")
    pos.act(f"deploy {KAEDE2}@{kaede} c3")
    pos.act(f"use {KAEDE2}@{kaede}")
    return pos, mine, kaede


def test_the_opponent_may_pay_the_counter_to_negate() -> None:
    """G1 (14) Counter and S26: shown the Counter cost, the opponent answers; paying it
    negates the ability; the user's cost stays paid."""
    pos, mine, _ = counter_position()
    d = pos.decision
    assert d.player == 0 and set(d.texts) == {"counter", "allow"}
    pos.act("counter")
    assert pos.v("action_points") == [28, 30 - 5 - 2]
    assert not pos.f(mine).get("df") and pos.v("ab") is None


def test_allowed_the_ability_resolves_on_a_target_in_range() -> None:
    """G1 (14) Rules: a Battlefield ability picks an enemy within its user's range."""
    pos, mine, _ = counter_position()
    pos.act("allow")
    assert pos.options == ["target c2"]
    pos.act("target c2")
    assert pos.f(mine)["df"] is True


def thunderclap(first: str, after: str) -> tuple[Position, int, int]:
    pos = Position()
    jubei = pos.put(JUBEI3, 0, "bf", at="c2", hp=3)
    enemy = pos.put(KAEDE1, 1, "bf", at="c3")
    pos.act(f"act {JUBEI3}@{jubei}")
    pos.act("target c3")
    assert pos.decision.kind == "die"
    pos.act(first)
    assert pos.decision.kind == "die"  # BF_Stance:Atk→Def[1]-[4] rolls after resolving
    pos.act(after)
    return pos, jubei, enemy


def test_a_die_effect_applies_only_on_its_faces() -> None:
    """G1 (14) Intimidation I: roll once; [3]-[6] applies the effect."""
    pos, _jubei, enemy = thunderclap("roll 2", "roll 6")
    assert not pos.f(enemy).get("df")
    pos, _jubei, enemy = thunderclap("roll 3", "roll 6")
    assert pos.f(enemy)["df"] is True


def test_after_resolution_die_turns_the_user_on_one_to_four() -> None:
    """G1 Q&A on BF_Stance:Atk→Def[1]-[4]: 1-4 turns to Defense Stance, 5-6 stays."""
    pos, jubei, _ = thunderclap("roll 6", "roll 5")
    assert not pos.f(jubei).get("df")
    pos, jubei, _ = thunderclap("roll 6", "roll 4")
    assert pos.f(jubei)["df"] is True


def test_each_ability_once_per_turn() -> None:
    """G1 (14) Rules: an ability on the same card once per turn."""
    pos, jubei, _ = thunderclap("roll 6", "roll 6")
    assert not any(o.startswith(f"act {JUBEI3}@{jubei}") for o in pos.options)


def test_hand_ability_pays_costs_and_goes_to_standby() -> None:
    """G1 (14) Rations I pattern: SH->Banish and AP paid; Hand->Standby afterwards; any
    valid target on the field."""
    pos = Position()
    pray = pos.put(CHIYO2, 0, "hand")
    hurt = pos.put(AOI2, 0, "bf", at="a2", hp=1)
    top = pos.deck(0, KAEDE1)[0]
    assert pos.state.zone("0/hand") == [pray]
    pos.act("show hand#1")  # a hand card is named by its place, not its number
    assert pos.zone(top) == "0/banish" and pos.v("action_points") == [27, 30]
    pos.act("target a2")
    assert pos.f(hurt)["hp"] == 2 and pos.zone(pray) == "0/standby"


def test_a_second_dose_of_an_ailment_deals_its_elemental_damage() -> None:
    """G1 Q&A on ailments: Burn again -> 1 Fire damage; S27: ignoring DEF."""
    pos = Position()
    genba = pos.put(GENBA3, 0, "bf", at="c2", hp=3)
    enemy = pos.put(KAEDE4, 1, "bf", at="c3", df=True, hp=5, ail=["burn"])
    pos.act(f"act {GENBA3}@{genba}")
    pos.act("target c3")
    assert pos.f(enemy)["hp"] == 3 and pos.f(enemy)["ail"] == ["burn", "burn"]  # stacked
    assert pos.f(genba)["df"] is True  # BF_Stance:Atk→Def handling


def test_ailments_stack_and_the_view_and_log_show_the_count() -> None:
    """G1 Q&A "Can status ailments be stacked on the same character?" Yes: two Burns make
    a count of 2, on the board and the card panel, in `pmtui check`'s text and in the log
    (S50)."""
    pos = Position()
    genba = pos.put(GENBA3, 0, "bf", at="c2", hp=3)
    enemy = pos.put(KAEDE4, 1, "bf", at="c3", df=True, hp=5, ail=["burn"])
    pos.act(f"act {GENBA3}@{genba}")
    events = pos.act("target c3")
    screen = pos.rs.screen
    seen = view(pos.rs, pos.state, 0)
    card = next(c for c in seen["zones"][BF] if c["uid"] == enemy)
    assert "burn×2" in screen.face(card, "bf", seen).status
    panel = [line.text for line in screen.detail(card, "bf", seen).lines]
    assert "HP 3/9 · Defense Stance · burn×2" in panel  # at 80x24 a cell has one line
    assert "burn×2" in pos.rs.positions.card_text(pos.state, enemy)
    lines = [screen.event_line(e, lambda u: pos.rs.cards[pos.state.cards[u].cid].name, ["You",
             "CPU"]) for e in events]
    assert "Kaede Shirasagi: ailments burn×2 (Genba Kurokawa)" in lines


def test_a_stacked_burn_hurts_by_its_count() -> None:
    """S50 (the source is silent): Burn and Poison deal 1 point a dose at the Active
    Phase, at once; a Blessing of the attribute stops 1 of it (S28)."""
    pos = Position(p=1)
    burnt = pos.put(AOI4, 0, "bf", at="c2", hp=6, ail=["burn", "burn", "poison"])
    blessed = pos.put(AOI2, 0, "bf", at="b2", hp=4, ail=["burn", "burn"], bl=["fire"])
    pos.act("end")
    assert pos.f(burnt)["hp"] == 6 - 2 - 1 and pos.f(blessed)["hp"] == 4 - 1


def test_collapse_and_slow_follow_the_count() -> None:
    """S50: Collapse is DEF/MDF -2 a dose (not below 0); Slow makes a move cost 1 AP more
    a dose."""
    pos = Position()
    aoi = pos.put(AOI4, 0, "bf", at="c2", hp=3)
    plain = pos.rs.card_view(pos.state, aoi, 0)
    pos.state.cards[aoi].f["ail"] = ["collapse", "collapse"]
    view = pos.rs.card_view(pos.state, aoi, 0)
    assert view["def"] == max(0, plain["def"] - 4) and view["mdf"] == max(0, plain["mdf"] - 4)
    pos.state.cards[aoi].f["ail"] = ["slow", "slow"]
    pos.act("move c2 c3")
    assert pos.v("action_points") == [30 - 3, 30]


def test_cure_takes_away_every_dose_of_one_type() -> None:
    """G2 (9) Cure "one type of status ailment": each type offered once; the chosen type
    goes with all its doses (S50)."""
    pos = Position()
    pos.put("SGY-044", 0, "bf", at="c2", hp=2)  # Yukino Level 2: Mist Veil (cure, bless)
    sick = pos.put(AOI1, 0, "bf", at="b2", ail=["burn", "poison", "burn"])
    pos.act("act SGY-044@0")
    pos.act("target b2")
    assert pos.options == ["cure burn", "cure poison"]
    pos.act("cure burn")
    assert pos.f(sick)["ail"] == ["poison"]


def test_burn_hurts_at_its_owners_active_phase() -> None:
    """S28 (our reference card): Burn deals 1 Fire damage at the owner's Active Phase."""
    pos = Position(p=1)
    burnt = pos.put(AOI2, 0, "bf", at="c2", hp=2, ail=["burn"])
    pos.act("end")
    assert pos.f(burnt)["hp"] == 1


def test_paralysis_and_silence_restrict_actions() -> None:
    """S28: Paralysis: no moving or attacking; Silence: no MAT attacks."""
    pos = Position()
    pos.put(AOI1, 0, "bf", at="c2", dt=1, ail=["silence"])
    pos.put(KAEDE1, 1, "bf", at="c3", df=True)
    assert "attack c2 c3 atk" in pos.options and "attack c2 c3 mat" not in pos.options
    pos.state.cards[0].f["ail"] = ["paralysis"]
    assert not any(o.startswith(("attack c2", "move c2")) for o in pos.options)


def test_continuous_armor_holds_in_its_stance() -> None:
    """G1 (14)④ CNT; S37: Tide Ward holds in Defense Stance."""
    pos = Position()
    aoi = pos.put(AOI3, 0, "bf", at="c2", hp=3)
    assert pos.rs.card_view(pos.state, aoi, 0)["def"] == 5
    pos.state.cards[aoi].f["df"] = True
    assert pos.rs.card_view(pos.state, aoi, 0)["def"] == 6


def test_signs_of_growth_and_one_ability_per_timing() -> None:
    """S28 Signs of Growth; G1 Q&A: one ability per trigger timing (S35)."""
    pos = Position()
    yukino = pos.put(YUKINO3, 0, "bf", at="c2", dt=1, hp=3)  # ATK 11
    spare = pos.put(YUKINO1, 0, "standby")
    pos.put(KAEDE4, 1, "bf", at="c3", df=True, hp=9)
    pos.act("attack c2 c3 atk")
    pos.act("done")
    pos.act("done")
    d = pos.decision
    assert set(d.texts) == {f"use {YUKINO3}@{yukino}", f"use {YUKINO3}@{yukino} signs", "skip"}
    pos.act(f"use {YUKINO3}@{yukino} signs")
    pos.act(f"pick {YUKINO1}@{spare}")
    assert pos.f(spare) == {"of": yukino, "role": "gs"}
    assert pos.decision.kind == "main"  # Frost Edge is not offered again at this timing


def test_a_hand_ability_answers_an_attack_on_the_stronghold() -> None:
    """G1 (14)③ Hand→SH and ①【Opp's】: Rallying Whisper, used from hand on the opponent's
    turn when the Stronghold is attacked, goes under the Stronghold afterwards."""
    pos = Position(p=1)
    pos.put(KAEDE4, 1, "bf", at="c3", dt=1, hp=5)
    whisper = pos.put("SGY-021", 0, "hand")
    top, nxt = pos.deck(0, AOI1, AOI2)
    pos.act("attack c3 c1 atk")
    pos.act("done")
    d = pos.decision
    assert d.player == 0 and set(d.texts) == {"show hand#1", "skip"}
    assert pos.state.zone("0/hand") == [whisper]
    pos.act("show hand#1")
    assert pos.zone(top) == "0/hand"  # drawn
    assert pos.zone(whisper) == "0/sh" and pos.state.zone("0/sh")[-1] == whisper
    # S47: after a use the hand's window is asked again, whether or not a card is left
    assert (pos.decision.kind, pos.options) == ("hand", ["skip"])
    pos.act("skip")
    assert pos.zone(nxt) == "0/guard"  # the next card is the Last Guard


def test_troop_takes_one_and_orders_the_rest_under_the_stronghold() -> None:
    """G2 (9) Troop, S30: look at the top cards, take one, the rest to the bottom in the
    order the player chooses (hidden from the opponent)."""
    pos = Position()
    scout = pos.put("SGY-010", 0, "hand")  # Scout's Report: Troop 3, from hand
    a, b, c, d = pos.deck(0, AOI1, AOI2, GENBA3, KAEDE1)
    pos.act("show hand#1")
    assert set(pos.options) == {f"pick {AOI1}@{a}", f"pick {AOI2}@{b}", f"pick {GENBA3}@{c}"}
    assert pos.decision.private
    pos.act(f"pick {AOI2}@{b}")
    assert pos.decision.private and pos.decision.kind == "pick"
    pos.act(f"pick {GENBA3}@{c}")  # to the bottom first; Aoi goes under it
    assert pos.zone(b) == "0/hand" and pos.zone(scout) == "0/standby"
    assert pos.state.zone("0/sh") == [d, c, a]


def test_cure_removes_the_one_ailment_chosen() -> None:
    """G2 (9) Cure: one type of status ailment; Mist Veil then blesses (S28)."""
    pos = Position()
    pos.put("SGY-044", 0, "bf", at="c2", hp=2)  # Yukino Level 2: Mist Veil (cure, bless)
    sick = pos.put(AOI1, 0, "bf", at="b2", ail=["burn", "poison"])
    pos.act("act SGY-044@0")
    pos.act("target b2")
    assert set(pos.options) == {"cure burn", "cure poison"}
    pos.act("cure poison")
    assert pos.f(sick)["ail"] == ["burn"] and pos.f(sick)["bl"] == ["water"]


def test_signs_of_growth_counts_apart_from_the_printed_ability() -> None:
    """G1 (14) Rules: each ability on a card once per turn; an ACT used earlier in the turn
    leaves Signs of Growth usable when the card deals combat damage (S35)."""
    pos = Position()
    genba = pos.put(GENBA3, 0, "bf", at="c2", dt=1, hp=3)  # Kindling Strike (ACT), Signs
    spare = pos.put("SGY-005", 0, "standby")
    pos.put(KAEDE4, 1, "bf", at="c3", df=True, hp=9)
    pos.put(KAEDE1, 1, "bf", at="b3", df=True, hp=3)
    pos.act(f"act {GENBA3}@{genba}")
    pos.act("target c3")
    assert pos.f(genba)["df"] is True  # BF_Stance:Atk→Def
    pos.state.cards[genba].f.pop("df")  # a later turn of events: it stands again
    pos.act("attack c2 b3 atk")
    pos.act("done")
    pos.act("done")
    assert f"use {GENBA3}@{genba} signs" in pos.options
    pos.act(f"use {GENBA3}@{genba} signs")
    pos.act(f"pick SGY-005@{spare}")
    assert pos.f(spare) == {"of": genba, "role": "gs"}
