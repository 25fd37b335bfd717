"""Main Phase actions (Guide I (11)④): Deployment, Growth, Focus, Move, Swap."""

from __future__ import annotations

from .position import Position

AOI1, AOI2, AOI3 = "SGY-001", "SGY-002", "SGY-003"
GENBA1 = "SGY-005"
ISAO2 = "SGY-014"
ASHIGARU = "SGY-025"  # Nameless, male, longsword
KAEDE1 = "SGY-027"


def test_deployment_goes_to_an_empty_perimeter_cell_with_one_hp() -> None:
    """G1 (11)④ Deployment: pay the cost, Attack Stance, HP 1, Perimeter or Command Zone."""
    pos = Position()
    card = pos.put(AOI1, 0, "hand")
    pos.put(GENBA1, 0, "bf", at="b2")
    cells = {o.split()[2] for o in pos.options if o.startswith(f"deploy {AOI1}@{card}")}
    assert cells == {"b1", "d1", "c2", "d2", "cz"}
    pos.act(f"deploy {AOI1}@{card} c2")
    assert pos.zone(card) == "shared/bf" and pos.f(card)["at"] == "c2" and pos.f(card)["hp"] == 1
    assert not pos.f(card).get("df")
    assert pos.v("action_points") == [27, 30]


def test_no_two_cards_of_one_name_and_only_level_one_to_the_command_zone() -> None:
    """G1 (11)④ Deployment: one name once on the Battlefield (S14: Command Zone too);
    only Level 1 cards go to the Command Zone."""
    pos = Position()
    pos.put(AOI1, 0, "cz")
    copy = pos.put(AOI1, 0, "hand")
    lv2 = pos.put(GENBA1.replace("005", "006"), 0, "hand")
    assert not any(o.startswith(f"deploy {AOI1}@{copy}") for o in pos.options)
    assert not any(o.startswith(f"deploy SGY-006@{lv2} cz") for o in pos.options)


def test_deployment_needs_the_ap() -> None:
    pos = Position(ap=(2, 0))
    pos.put(AOI1, 0, "hand")
    assert not any(o.startswith("deploy") for o in pos.options)


def test_growth_adds_one_hp_and_the_charge_value() -> None:
    """G1 (11)④ Growth: higher Level on top, +1 HP, AP = Charge Value (S15, S16)."""
    pos = Position()
    base = pos.put(AOI1, 0, "bf", at="c2", hp=1)
    top = pos.put(AOI3, 0, "hand")  # skipping Level 2 is allowed (S16)
    pos.act(f"grow {AOI3}@{top} c2")
    assert pos.zone(top) == "shared/bf" and pos.f(top)["at"] == "c2"
    assert pos.f(top)["hp"] == 2
    assert pos.zone(base) == "0/under" and pos.f(base) == {"of": top, "role": "gs"}
    assert pos.v("action_points") == [32, 30]  # Aoi Level 3 has Charge Value 2


def test_focus_keeps_hp_and_gains_ap() -> None:
    """G1 (11)④ Focus: same name and Level on top: AP = Charge Value, no HP."""
    pos = Position()
    pos.put(AOI2, 0, "bf", at="c2", hp=2)
    top = pos.put(AOI2, 0, "hand")
    pos.act(f"focus {AOI2}@{top} c2")
    assert pos.f(top)["hp"] == 2 and pos.v("action_points") == [32, 30]


def test_nameless_grows_into_same_gender_and_weapon_only() -> None:
    """G1 (11)④ Growth note: a Nameless card grows into any card of its gender and weapon."""
    pos = Position()
    pos.put(ASHIGARU, 0, "bf", at="b2")
    isao = pos.put(ISAO2, 0, "hand")
    aoi = pos.put(AOI2, 0, "hand")
    assert f"grow {ISAO2}@{isao} b2" in pos.options
    assert not any(o.startswith(f"grow {AOI2}@{aoi}") for o in pos.options)


def test_a_nameless_card_never_goes_on_a_level_one_card() -> None:
    """G1 (11)④ Focus note."""
    pos = Position()
    pos.put("SGY-013", 0, "bf", at="b2")  # Isao Level 1, male longsword
    nameless = pos.put(ASHIGARU, 0, "hand")
    assert not any(f"@{nameless} " in o for o in pos.options if o.startswith(("grow", "focus")))


def test_move_is_orthogonal_into_empty_cells_for_one_ap() -> None:
    """G1 (11)④ Move: one cell up/down/left/right; not over the Stronghold or other units."""
    pos = Position()
    pos.put(AOI1, 0, "bf", at="c2")
    pos.put(KAEDE1, 1, "bf", at="c3")
    pos.put(GENBA1, 0, "bf", at="b2")
    moves = {o for o in pos.options if o.startswith("move c2")}
    assert moves == {"move c2 d2"}  # c1 is the Stronghold, b2 an ally, c3 an enemy (S17)
    pos.act("move c2 d2")
    assert pos.v("action_points") == [29, 30]


def test_a_unit_in_defense_stance_cannot_move() -> None:
    pos = Position()
    pos.put(AOI1, 0, "bf", at="c2", df=True)
    assert not any(o.startswith("move c2") for o in pos.options)


def test_commander_moves_out_to_the_perimeter_never_back() -> None:
    """G1 (11)④ Move: Command Zone -> an empty Perimeter cell for 1 AP."""
    pos = Position()
    cmd = pos.put(AOI1, 0, "cz", hp=2)
    assert f"move {AOI1}@{cmd} c2" in pos.options
    assert f"move {AOI1}@{cmd} a2" not in pos.options
    pos.act(f"move {AOI1}@{cmd} c2")
    assert pos.zone(cmd) == "shared/bf" and pos.f(cmd)["hp"] == 2
    assert pos.v("action_points") == [29, 30]
    assert not any(o.endswith(" cz") for o in pos.options if o.startswith("move"))


def test_swap_two_adjacent_allies_for_two_ap() -> None:
    """G1 (11)④ Swap: adjacent in a row or column, both in Attack Stance."""
    pos = Position()
    a = pos.put(AOI1, 0, "bf", at="b2")
    b = pos.put(GENBA1, 0, "bf", at="c2")
    pos.put("SGY-009", 0, "bf", at="d2", df=True)
    assert [o for o in pos.options if o.startswith("swap")] == ["swap b2 c2"]
    pos.act("swap b2 c2")
    assert pos.f(a)["at"] == "c2" and pos.f(b)["at"] == "b2" and pos.v("action_points") == [28, 30]
