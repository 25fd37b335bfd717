"""SENGOKU YUGI: each combat in the log's words, with the numbers compared and its
outcome (Guide I (12)⑤ normal combat, Guide I (13)③ the Last Guard): the log said only
"Attack c4 from c2 (MAT)" and, when a unit fell, its move."""

from __future__ import annotations

from .position import Position
from .test_rules_combat import AOI1, KAEDE1, KAEDE2, KAEDE4, stronghold_fight

NAMES = ("You", "CPU")


def said(pos: Position) -> list[str]:
    """The game's own lines for the events a position's actions produced, the cards
    named from its state (every card of these positions is face up)."""
    screen = pos.rs.screen

    def name(uid: object) -> str:
        return pos.rs.cards[pos.state.cards[uid].cid].name if isinstance(uid, int) else "?"

    lines = (screen.event_line(ev, name, NAMES) for ev in pos.events)
    return [x for x in lines if x]


def combat(attacker: str, target: str, hp: int) -> Position:
    pos = Position()
    pos.put(attacker, 0, "bf", at="c2", dt=1)
    pos.put(target, 1, "bf", at="c3", df=True, hp=hp)
    pos.act("attack c2 c3 atk")
    pos.act("done")
    pos.act("done")
    return pos


def test_a_combat_that_defeats_nobody_says_the_damage_and_hp_left() -> None:
    """G1 (12)⑤: ATK 5 against DEF 4 deals 5 // 4 = 1; 3 HP become 2."""
    assert said(combat(AOI1, KAEDE2, 3)) == [
        "Your Aoi Tsuruga (ATK 5) against CPU's Kaede Shirasagi (DEF 4): 1 damage, 2 HP left"]


def test_a_combat_that_defeats_its_target_says_so() -> None:
    assert said(combat(AOI1, KAEDE2, 1)) == [
        "Your Aoi Tsuruga (ATK 5) against CPU's Kaede Shirasagi (DEF 4): 1 damage, "
        "CPU's Kaede Shirasagi is defeated"]


def test_an_attack_not_above_the_defence_says_no_damage() -> None:
    """G1 (12)⑤: an attack not above the defence deals nothing."""
    assert said(combat("SGY-017", KAEDE1, 2)) == [
        "Your Chiyo Kazane (ATK 3) against CPU's Kaede Shirasagi (DEF 3): no damage"]


def test_the_last_guard_falls_or_holds_and_strikes_back() -> None:
    """G1 (13)③: above the guard, the Stronghold takes 1; below it, the guard holds and
    its attack hits the attacker as in normal combat."""
    pos, _att, _g = stronghold_fight(KAEDE1)  # 14 against 5
    pos.act("done")
    assert said(pos)[-1] == ("Your Aoi Tsuruga (ATK 14) against CPU's Last Guard Kaede "
                             "Shirasagi (ATK 5): CPU's Stronghold takes 1 damage")
    pos, _att, _g = stronghold_fight(KAEDE4, attacker=AOI1)  # 5 against 14
    pos.act("done")
    assert said(pos)[-1] == ("Your Aoi Tsuruga (ATK 5) against CPU's Last Guard Kaede "
                             "Shirasagi (ATK 14): the Last Guard holds, your Aoi Tsuruga "
                             "takes 2 back, 3 HP left")


def test_a_commander_joining_the_last_guard_is_named_in_the_fight() -> None:
    """G1 (13)①: the Commander joins free and its attack adds to the guard's: 5 + 5."""
    pos = Position()
    pos.put("SGY-004", 0, "bf", at="c2", dt=1, hp=5)  # Aoi Level 4: ATK 14
    pos.put(KAEDE1, 1, "cz", hp=2)
    pos.deck(1, "SGY-031")
    pos.act("attack c2 c4 atk")
    pos.act("done")
    pos.act("join b4")
    pos.act("done")
    pos.act("done")
    tetsu = pos.rs.cards["SGY-031"].name
    assert said(pos)[-1] == (f"Your Aoi Tsuruga (ATK 14) against CPU's Last Guard {tetsu} and "
                             "Commander Kaede Shirasagi (ATK 10): CPU's Stronghold takes 1 "
                             "damage")
