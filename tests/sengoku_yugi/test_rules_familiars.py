"""Ultimate mode: familiars (Guide II (4)-(10))."""

from __future__ import annotations

from .position import Position

AOI1, AOI2, AOI4 = "SGY-001", "SGY-002", "SGY-004"
KAEDE1 = "SGY-027"
EGG, RIPPLET, BROOKLING, WYRM = "SGF-001", "SGF-002", "SGF-003", "SGF-004"


def ultimate(**kw: object) -> Position:
    return Position(mode="ultimate", sh_hp=(8, 8), **kw)  # type: ignore[arg-type]


def test_contract_adds_the_familiars_attack_in_attack_stance() -> None:
    """G2 (5): pay the Contract Cost; the familiar under an ally in Attack Stance of at
    least its Level; its ATK/MAT add while the holder is in Attack Stance."""
    pos = ultimate()
    aoi = pos.put(AOI1, 0, "bf", at="c2")
    rip = pos.put(RIPPLET, 0, "fhand")
    brook = pos.put(BROOKLING, 0, "fhand")
    assert f"contract {RIPPLET}@{rip} c2" in pos.options
    assert not any(o.startswith(f"contract {BROOKLING}@{brook}") for o in pos.options)
    pos.act(f"contract {RIPPLET}@{rip} c2")
    assert pos.v("action_points") == [27, 30] and pos.f(rip) == {"of": aoi, "role": "fam"}
    assert pos.rs.card_view(pos.state, aoi, 0)["atk"] == 7
    pos.state.cards[aoi].f["df"] = True
    assert pos.rs.card_view(pos.state, aoi, 0)["atk"] == 5
    assert not any(o.startswith("contract") for o in pos.options)  # one per character


def test_release_makes_the_familiar_a_unit_with_its_stacks_charge() -> None:
    """G2 (7): 1 AP, the familiar (or its holder) steps one cell; HP = total Charge Value."""
    pos = ultimate()
    aoi = pos.put(AOI2, 0, "bf", at="c2")
    rip = pos.under(RIPPLET, aoi, "fam")
    egg = pos.under(EGG, rip, "es")
    assert {"release c2 c3", "release c2 c3 holder"} <= set(pos.options)
    pos.act("release c2 b2")
    assert pos.zone(rip) == "shared/bf" and pos.f(rip)["at"] == "b2" and pos.f(rip)["hp"] == 2
    assert pos.f(egg)["of"] == rip and pos.v("action_points") == [29, 30]
    assert "move b2 a2" in pos.options  # it moves like a character


def test_an_egg_is_never_released() -> None:
    pos = ultimate()
    aoi = pos.put(AOI2, 0, "bf", at="c2")
    pos.under(EGG, aoi, "fam")
    assert not any(o.startswith("release") for o in pos.options)


def test_holder_defeated_releases_the_familiar_and_an_egg_returns_to_hand() -> None:
    """G2 (7): the holder leaves: a familiar stays as a Released unit; an Egg goes to hand."""
    pos = ultimate(p=1)
    aoi = pos.put(AOI1, 0, "bf", at="c2", df=True, hp=1)
    rip = pos.under(RIPPLET, aoi, "fam")
    pos.put("SGY-030", 1, "bf", at="c3", dt=1, hp=3)  # Kaede Level 4, ATK 14
    pos.act("attack c3 c2 atk")
    pos.act("done")
    pos.act("done")
    assert pos.zone(aoi) == "0/standby"
    assert pos.zone(rip) == "shared/bf" and pos.f(rip)["at"] == "c2" and pos.f(rip)["hp"] == 1

    pos = ultimate(p=1)
    aoi = pos.put(AOI1, 0, "bf", at="c2", df=True, hp=1)
    egg = pos.under(EGG, aoi, "fam")
    pos.put("SGY-030", 1, "bf", at="c3", dt=1, hp=3)
    pos.act("attack c3 c2 atk")
    pos.act("done")
    pos.act("done")
    assert pos.zone(egg) == "0/fhand"


def test_stronghold_damage_lets_the_defender_fetch_a_familiar() -> None:
    """G2 (4): after the combat, as many familiars as the damage, Contract Cost at most
    10 minus the remaining Stronghold HP."""
    pos = ultimate()
    pos.put(AOI4, 0, "bf", at="c2", dt=1, hp=5)
    pos.deck(1, KAEDE1)
    cheap = pos.put(EGG, 1, "summon")  # cost 2
    dear = pos.put(WYRM, 1, "summon")  # cost 7
    pos.act("attack c2 c4 atk")
    pos.act("done")  # no attack boost
    pos.act("done")  # no guard boost
    d = pos.decision
    assert d.player == 1 and set(d.texts) == {f"pick {EGG}@{cheap}", "none"}  # 10 - 7 = 3
    pos.act(f"pick {EGG}@{cheap}")
    assert pos.zone(cheap) == "1/fhand" and pos.zone(dear) == "1/summon"


def test_contracted_familiar_ability_rolls_and_applies_up_to_the_roll() -> None:
    """G2 (9): holder in Defense Stance: ACT, pay the Ability Cost, roll, apply the
    chosen ability's effects at or below the roll."""
    pos = ultimate()
    aoi = pos.put(AOI2, 0, "bf", at="c2", df=True, hp=1)
    egg = pos.under(EGG, aoi, "fam")
    assert f"act {EGG}@{egg}" in pos.options
    pos.act(f"act {EGG}@{egg}")
    assert pos.v("action_points") == [29, 30] and pos.decision.kind == "die"
    pos.act("roll 2")
    assert set(pos.options) == {"apply support", "apply none"}  # evolution needs a 4
    pos.act("apply support")
    pos.act("target c2")
    assert pos.f(aoi)["hp"] == 2
    assert not any(o.startswith(f"act {EGG}") for o in pos.options)  # once per turn


def test_evolution_from_hand_needs_the_holder_in_defense_stance() -> None:
    """G2 (6): the evolved form goes on top; lower forms become Evolution Sources."""
    pos = ultimate()
    aoi = pos.put(AOI2, 0, "bf", at="c2")
    egg = pos.under(EGG, aoi, "fam")
    rip = pos.put(RIPPLET, 0, "fhand")
    assert not any(o.startswith("evolve") for o in pos.options)
    pos.state.cards[aoi].f["df"] = True
    pos.act(f"evolve {RIPPLET}@{rip} c2")
    assert pos.f(rip) == {"of": aoi, "role": "fam"} and pos.f(egg) == {"of": rip, "role": "es"}


def test_the_familiar_hand_limit_feeds_hp_to_one_ally() -> None:
    """G1 Q&A (limit 3) and G2 Q&A (one ally): the excess goes to the Summoning Zone."""
    pos = ultimate(phase="charge")
    aoi = pos.put(AOI4, 0, "bf", at="c2", hp=1)
    fams = [pos.put(c, 0, "fhand") for c in (EGG, RIPPLET, BROOKLING, WYRM)]
    pos.act("charge-ap")
    assert "draw" not in pos.options
    pos.act("charge-familiar c2")
    pos.act(f"send {WYRM}@{fams[3]}")
    assert pos.f(aoi)["hp"] == 3 and pos.zone(fams[3]) == "0/summon"
    assert "draw" in pos.options


def test_mental_point_puts_the_card_at_its_place_by_level() -> None:
    """G1 (15) Q&A on adding to the Growth Source: higher Levels above lower ones. Mental
    Point (G2 (9)) adds a Level 2 card to a stack holding Level 3 and Level 1 sources: it
    goes between them, and another unit's sources in the same zone keep their places."""
    pos = ultimate()
    other_top = pos.put(AOI2, 0, "bf", at="b2")
    other_gs = pos.under(AOI1, other_top)
    yukino = pos.put("SGY-046", 0, "bf", at="c2", df=True, hp=2)  # Level 4
    l3, l1 = pos.under("SGY-045", yukino), pos.under("SGY-043", yukino)
    egg = pos.under("SGF-013", yukino, "fam")  # Dusk Egg: Mental Point at 1
    l2 = pos.put("SGY-044", 0, "standby")
    pos.act(f"act SGF-013@{egg}")
    pos.act("roll 1")
    pos.act("apply support")
    pos.act("target c2")
    pos.act(f"pick SGY-044@{l2}")
    assert pos.f(l2) == {"of": yukino, "role": "gs"}
    assert [u for u in pos.state.zone("0/under") if u != egg] == [other_gs, l3, l2, l1]
