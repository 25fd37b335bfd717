"""Combat (Guide I (12)) and combat against Last Guards (Guide I (13)); victory (G1 (10))."""

from __future__ import annotations

from .position import Position

AOI1, AOI4 = "SGY-001", "SGY-004"
GENBA1, GENBA3 = "SGY-005", "SGY-007"
KAEDE1, KAEDE2, KAEDE4 = "SGY-027", "SGY-028", "SGY-030"
TETSU1 = "SGY-031"


def test_only_enemies_in_defense_stance_can_be_attacked() -> None:
    """G1 (12)③: an enemy in Attack Stance cannot be chosen."""
    pos = Position()
    pos.put(AOI1, 0, "bf", at="c2", dt=1)
    enemy = pos.put(KAEDE1, 1, "bf", at="c3")
    assert not any(o.startswith("attack c2 c3") for o in pos.options)
    pos.state.cards[enemy].f["df"] = True
    assert {"attack c2 c3 atk", "attack c2 c3 mat"} <= set(pos.options)


def test_the_stronghold_is_a_target_but_not_for_a_unit_deployed_this_turn() -> None:
    """G1 (12)③ note: a newly deployed ally may attack, but not the Stronghold."""
    pos = Position(turn=5)
    pos.put(AOI1, 0, "bf", at="c2", dt=5)
    assert not any(o.startswith("attack c2 c4") for o in pos.options)
    pos.state.cards[0].f["dt"] = 3
    assert "attack c2 c4 atk" in pos.options


def test_no_attack_on_the_first_players_first_turn() -> None:
    """G1 (12)①: the first player cannot declare an attack on their first turn."""
    pos = Position(turn=1)
    pos.put(AOI1, 0, "bf", at="c2", dt=0)
    pos.put(KAEDE1, 1, "bf", at="c3", df=True)
    assert not any(o.startswith("attack") for o in pos.options)


def test_normal_combat_damage_and_the_attacker_turns_to_defense() -> None:
    """G1 (12)⑤-⑥: ATK 5 against DEF 3 deals 1; the attacker ends in Defense Stance."""
    pos = Position()
    att = pos.put(AOI1, 0, "bf", at="c2", dt=1)
    enemy = pos.put(KAEDE2, 1, "bf", at="c3", df=True, hp=3)  # DEF 4
    pos.act("attack c2 c3 atk")
    pos.act("done")  # no attack boost (Level 1 has none anyway)
    assert pos.decision.player == 1 and pos.decision.kind == "boost"
    pos.act("done")
    assert pos.f(enemy)["hp"] == 2  # 5 // 4 = 1
    assert pos.f(att)["df"] is True
    assert pos.v("combat") is None


def test_attack_not_above_defence_deals_nothing() -> None:
    pos = Position()
    pos.put("SGY-017", 0, "bf", at="c2", dt=1)  # Chiyo Level 1: ATK 3
    enemy = pos.put(KAEDE1, 1, "bf", at="c3", df=True, hp=2)  # DEF 3
    pos.act("attack c2 c3 atk")
    pos.act("done")
    pos.act("done")
    assert pos.f(enemy)["hp"] == 2


def test_attackers_self_boost_pays_a_same_name_card() -> None:
    """G1 (12)②: Level 3 boosts once with a same-name card from hand or Growth Sources."""
    pos = Position()
    att = pos.put(GENBA3, 0, "bf", at="c2", dt=1, hp=3)
    src = pos.under(GENBA1, att)
    in_hand = pos.put(GENBA1, 0, "hand")
    enemy = pos.put(KAEDE4, 1, "bf", at="c3", df=True, hp=9)  # DEF 6
    pos.act("attack c2 c3 atk")
    assert {f"boost {GENBA1}@{src}", f"boost {GENBA1}@{in_hand}", "done"} == set(pos.options)
    pos.act(f"boost {GENBA1}@{in_hand}")
    assert pos.options == ["done"]  # once only at Level 3
    assert pos.zone(in_hand) == "0/standby"
    pos.act("done")
    pos.act("done")
    assert pos.f(enemy)["hp"] == 7  # (11 + 3) // 6 = 2


def test_defenders_self_boost_is_capped_by_its_level() -> None:
    """G1 (12)④: +1 DEF per same-name card, at most the target's Level."""
    pos = Position()
    pos.put(GENBA3, 0, "bf", at="c2", dt=1, hp=3)  # ATK 11
    enemy = pos.put(KAEDE1, 1, "bf", at="c3", df=True, hp=3)  # DEF 3
    a, b = pos.put(KAEDE1, 1, "hand"), pos.put(KAEDE1, 1, "hand")
    pos.act("attack c2 c3 atk")
    pos.act("done")
    assert {f"boost {KAEDE1}@{a}", f"boost {KAEDE1}@{b}"} <= set(pos.options)
    pos.act(f"boost {KAEDE1}@{a}")
    assert pos.options == ["done"]
    pos.act("done")
    assert pos.f(enemy)["hp"] == 1  # 11 // 4 = 2


def test_defeat_sends_to_standby_and_the_owner_may_keep_one_growth_source() -> None:
    """G1 (12)⑤: HP 0 -> Standby Zone; one Growth Source may go to hand, the rest to Standby."""
    pos = Position()
    pos.put(AOI4, 0, "bf", at="c2", dt=1, hp=3)  # ATK 14
    enemy = pos.put(KAEDE2, 1, "bf", at="c3", df=True, hp=1)
    src1 = pos.under(KAEDE1, enemy)
    src2 = pos.under(KAEDE1, enemy)
    pos.act("attack c2 c3 atk")
    pos.act("done")
    pos.act("done")
    assert pos.zone(enemy) == "1/standby"
    d = pos.decision
    assert d.player == 1 and set(d.texts) == {f"pick {KAEDE1}@{src1}", f"pick {KAEDE1}@{src2}",
                                              "none"}
    pos.act(f"pick {KAEDE1}@{src2}")
    assert pos.zone(src2) == "1/hand" and pos.zone(src1) == "1/standby"


def stronghold_fight(guard: str, attacker: str = AOI4, sh: int = 6,
                     commander: str | None = None) -> tuple[Position, int, int]:
    pos = Position(sh_hp=(6, sh))
    att = pos.put(attacker, 0, "bf", at="c2", dt=1, hp=5)
    g = pos.deck(1, guard, TETSU1)[0]
    if commander:
        pos.put(commander, 1, "cz")
    pos.act("attack c2 c4 atk")
    pos.act("done")
    return pos, att, g


def test_last_guard_weaker_stronghold_takes_one() -> None:
    """G1 (13)③: attack above the guard: the guard falls, the Stronghold takes exactly 1."""
    pos, att, g = stronghold_fight(KAEDE1)  # 14 against 5
    assert pos.zone(g) == "1/guard" and pos.decision.player == 1
    pos.act("done")
    assert pos.zone(g) == "1/standby" and pos.v("sh_hp") == [6, 5]
    assert pos.f(att)["hp"] == 5 and pos.f(att)["df"] is True


def test_last_guard_stronger_hurts_the_attacker_and_goes_to_hand() -> None:
    """G1 (13)③: guard above the attack: damage as in normal combat, the guard to hand."""
    pos, att, g = stronghold_fight(KAEDE4, attacker=AOI1)  # 5 against 14
    pos.act("done")
    assert pos.f(att)["hp"] == 3  # 5 - 14 // 5
    assert pos.zone(g) == "1/hand" and pos.v("sh_hp") == [6, 6]


def test_last_guard_equal_both_take_one() -> None:
    """G1 (13)③: equal: the guard is defeated, the Stronghold -1, the attacker 1 damage."""
    pos, att, g = stronghold_fight(KAEDE1, attacker=AOI1)  # 5 against 5
    pos.act("done")
    assert pos.f(att)["hp"] == 4 and pos.zone(g) == "1/standby" and pos.v("sh_hp") == [6, 5]


def test_commander_joins_free_and_adds_its_attack() -> None:
    """G1 (13)①, G1 Q&A: the Commander enters on an empty Perimeter cell for no AP;
    its attack adds to the guard's (S20, S23: it takes no damage)."""
    pos = Position()
    pos.put(AOI4, 0, "bf", at="c2", dt=1, hp=5)  # 14
    cmd = pos.put(KAEDE1, 1, "cz", hp=2)  # 5
    guard = pos.deck(1, TETSU1)[0]  # 5
    pos.act("attack c2 c4 atk")
    pos.act("done")
    assert set(pos.options) == {"join b4", "join d4", "join b3", "join c3", "join d3", "no-join"}
    pos.act("join b3")
    assert pos.zone(cmd) == "shared/bf" and pos.f(cmd)["at"] == "b3"
    assert pos.v("action_points") == [30, 30]
    pos.act("done")  # the Commander has no Self-Boost at Level 1
    pos.act("done")  # nor the guard
    assert pos.v("sh_hp") == [6, 5] and pos.zone(guard) == "1/standby"  # 14 > 10
    assert pos.f(cmd)["hp"] == 2


def test_striking_a_fallen_stronghold_wins() -> None:
    """G1 (10): after its HP is 0, an attack that deals Stronghold damage wins."""
    pos, _att, _g = stronghold_fight(KAEDE1, sh=0)
    pos.act("done")
    assert pos.v("result")[0] == 0
    assert any(e["t"] == "end" and e["winner"] == 0 for e in pos.events)


def test_reaching_zero_is_not_yet_a_win() -> None:
    pos, _att, _g = stronghold_fight(KAEDE1, sh=1)
    pos.act("done")
    assert pos.v("sh_hp") == [6, 0] and pos.v("result") is None
