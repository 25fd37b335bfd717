"""The view carries the values the rules derive for each visible card (DESIGN: hidden
information at one boundary; issue 13): current AP/DP, usage cost and where they differ."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.engine.views import view
from pmtui.table.games import ruleset
from pmtui.table.scenarios import loads

# p.10: a support's [Permanent] text applies to the chara it is set on (STA-030: AP+10);
# p.24: each card under a levelled-up chara gives AP/DP +10 and Usage Cost +1, and the
# chara's own [Lv2] [Permanent] text applies (STA-019: AP+10/DP+10).
POSITION = """
name = "derived values on the board"
[p1]
main = [{ card = "STA-001", supports = ["STA-030"] }, { card = "STA-019", stack = ["STA-018"] }]
hand = ["STA-019"]
deck = 10
[p2]
deck = 10
"""


def position_game() -> Game:
    sc = loads(POSITION)
    return Game(ruleset(sc.rs.id), sc.header)


def _by_cid(cards: list[dict], cid: str) -> dict:
    return next(c for c in cards if c["cid"] == cid)


def test_support_and_level_stack_values_in_the_view() -> None:
    game = position_game()
    for player in (0, 1, None):  # the owner, the opponent and a spectator read the same values
        main = view(game.ruleset, game.state, player)["zones"]["0/main"]
        sta001 = _by_cid(main, "STA-001")
        assert (sta001["ap"], sta001["dp"]) == (30, 20)
        assert any("Glow-in-the-Dark Stars" in w for w in sta001["why"])
        mirei = _by_cid(main, "STA-019")
        assert (mirei["ap"], mirei["dp"]) == (60, 60)
        assert mirei["cost"] == 4  # printed 3, +1 for the card under it
        assert any(w.startswith("Lv2") for w in mirei["why"])
        assert "texts" not in mirei  # the card under it lends no text: the top one is the chara


def test_cards_outside_the_areas_carry_printed_values() -> None:
    game = position_game()
    hand = view(game.ruleset, game.state, 0)["zones"]["0/hand"]
    card = _by_cid(hand, "STA-019")
    assert (card["ap"], card["dp"], card["cost"]) == (40, 40, 3)
    assert "why" not in card
    attached = view(game.ruleset, game.state, 0)["zones"]["0/attached"]
    assert "ap" not in _by_cid(attached, "STA-030")  # a support has no AP/DP


def test_view_values_match_the_rules_stats() -> None:
    from rulesets.precious_memories.effects import stats

    game = position_game()
    t = game.ruleset.t
    for c in view(game.ruleset, game.state, 0)["zones"]["0/main"]:
        assert (c["ap"], c["dp"]) == stats(game.state, t, c["uid"])


def test_level_coins_and_changes_each_have_a_reason_line() -> None:
    """p.22: AP/DP add printed values, +10/+10 per level and coin, and changes; below 0 is 0."""
    sc = loads("""
[p1]
main = [{ card = "LBK-001", stack = ["LBK-001"], coins = 1, mods = [[20, -90]] }]
deck = 10
[p2]
deck = 10
""")
    game = Game(ruleset(sc.rs.id), sc.header)
    d = game.ruleset.t.defs["LBK-001"]
    (card,) = view(game.ruleset, game.state, 1)["zones"]["0/main"]
    assert (card["ap"], card["dp"]) == (d.ap + 40, max(d.dp + 20 - 90, 0))
    assert card["cost"] == d.cost + 1
    assert card["why"][1:4] == ["Lv2: AP+10/DP+10", "1 coin(s): AP+10/DP+10",
                                "changed this turn: AP+20/DP-90"]
