"""Setup (Guide I (9)) and the turn: Active, Charge, Draw, End Turn (Guide I (11))."""

from __future__ import annotations

from pmtui.engine.decision import CHANCE
from pmtui.engine.game import Game
from pmtui.engine.views import view

from .helpers import header, new_game, ruleset
from .position import Position

AOI1, AOI2, GENBA1 = "SGY-001", "SGY-002", "SGY-005"


def setup_to_first_turn(mode: str = "standard", seed: int = 2) -> Game:
    game = new_game(mode, seed=seed)
    while game.state.vars["phase"] == "setup":
        d = game.pending()
        assert d is not None
        game.act(d.texts[0], d.player)
    return game


def test_setup_choices_are_private_and_name_a_level_one_commander() -> None:
    """G1 (9)②-③: a Level 1 Main card face down in the Command Zone, two Nameless face
    down on Perimeter cells; the choices name hidden cards (S41)."""
    game = new_game()
    d = game.pending()
    assert d is not None and d.kind == "commander" and d.private and d.player == 0
    rs = ruleset()
    for text in d.texts:
        card = rs.pool.get(text.split()[1].split("@")[0])
        assert card.kind == "main" and card.level == 1
    game.act(d.texts[0], 0)
    d = game.pending()
    assert d is not None and d.kind == "place" and {t.split()[2] for t in d.texts} == {
        "b1", "d1", "b2", "c2", "d2"}


def test_after_setup_hands_ap_and_stronghold_hp() -> None:
    """G1 (9)⑥-⑨: HP 6 (Standard), 5 cards each, AP 0 for the first player and 5 for the
    second; the die decided who goes first."""
    game = setup_to_first_turn()
    v = game.state.vars
    first = v["first"]
    assert v["sh_hp"] == [6, 6]
    assert v["action_points"][first] == 0 or "ap" in v["charged"]
    assert v["action_points"][1 - first] == 5
    assert len(game.state.zone(f"{1 - first}/hand")) == 5
    rolls = [r["event"] for r in game.records if r.get("type") == "event"
             and r["event"]["t"] == "roll"]
    assert len(rolls) >= 2 and all(e["chance"] == "die" for e in rolls)


def test_ultimate_starts_at_eight_with_an_egg_in_hand() -> None:
    """G1 (9)⑤-⑥: Ultimate: HP 8 and one Familiar Egg in hand."""
    game = setup_to_first_turn("ultimate")
    v = game.state.vars
    assert v["sh_hp"] == [8, 8]
    for p in (0, 1):
        fh = game.state.zone(f"{p}/fhand")
        assert len(fh) == 1 and ruleset().pool.get(game.state.cards[fh[0]].cid).kind == "egg"


def test_second_players_cards_stay_face_down_during_the_first_turn() -> None:
    """G1 (9)⑪ and G1 Q&A: the first player reveals; the second player's cards stay face
    down (and unnamed in the first player's view) until their turn."""
    game = setup_to_first_turn()
    first = game.state.vars["first"]
    second = 1 - first
    mine = view(ruleset(), game.state, first)
    board = mine["zones"]["shared/bf"]
    theirs = [c for c in board if c["owner"] == second]
    assert len(theirs) == 2 and all(c["cid"] is None and c.get("concealed") for c in theirs)
    assert all(c.get("at") for c in theirs)  # where they stand is known
    own = [c for c in board if c["owner"] == first]
    assert len(own) == 2 and all(c["cid"] for c in own)
    seen_by_owner = view(ruleset(), game.state, second)["zones"]["shared/bf"]
    assert all(c["cid"] for c in seen_by_owner if c["owner"] == second)


def test_a_fixed_die_decides_the_first_player() -> None:
    """G1 (9)⑧ and S7: higher roll first; a tie rolls again."""
    game = Game(ruleset(), {**header(), "chance": "ask"})
    while game.state.vars["phase"] == "setup" and "roll" not in game.state.vars:
        d = game.pending()
        assert d is not None
        game.act(d.texts[0], d.player)
    for face in ("roll 3", "roll 3", "roll 2", "roll 5"):
        d = game.pending()
        assert d is not None and d.player == CHANCE
        game.act(face, CHANCE)
    assert game.state.vars["first"] == 1 and game.state.vars["action_points"] == [5, 0]


def test_active_phase_returns_allies_to_attack_stance() -> None:
    """G1 (11)①."""
    pos = Position(p=1)
    mine = pos.put(AOI1, 0, "bf", at="c2", df=True)
    theirs = pos.put(GENBA1, 1, "bf", at="c3", df=True)
    pos.act("end")
    assert not pos.f(mine).get("df") and pos.f(theirs).get("df")
    assert pos.v("phase") == "charge" and pos.v("ap") == 0


def test_ap_charge_and_the_hand_limit() -> None:
    """G1 (11)② AP Charge and G1 Q&A: +10, then exactly the excess over 5 goes to
    Standby for its Charge Values (S8, S9)."""
    pos = Position(phase="charge", ap=(1, 0))
    hand = [pos.put(AOI1, 0, "hand") for _ in range(5)]
    extra = [pos.put(AOI2, 0, "hand"), pos.put(AOI2, 0, "hand")]
    assert "draw" not in pos.options  # AP Charge comes first
    pos.act("charge-ap")
    assert pos.v("action_points") == [11, 0]
    assert pos.decision.kind == "send"
    pos.act(f"send {AOI2}@{extra[0]}")
    pos.act(f"send {AOI2}@{extra[1]}")
    assert pos.v("action_points") == [15, 0]  # two Charge Values of 2
    assert pos.options == ["draw"]  # AP Charge once a turn; no HP Charge target here
    assert all(pos.zone(u) == "0/hand" for u in hand)


def test_hp_charge_costs_at_least_five_and_gives_one() -> None:
    """G1 (11)② HP Charge and G1 Q&A: cost = Deployment Cost, at least 5; +1 HP only;
    never above the maximum."""
    pos = Position(phase="charge", ap=(5, 0))
    low = pos.put(AOI1, 0, "bf", at="c2", hp=1)  # cost 3 -> pays 5
    full = pos.put(GENBA1, 0, "bf", at="b2", hp=3)
    assert "charge-hp c2" in pos.options and "charge-hp b2" not in pos.options
    pos.act("charge-hp c2")
    assert pos.f(low)["hp"] == 2 and pos.v("action_points") == [0, 0]
    assert not any(o.startswith("charge-hp") for o in pos.options)
    assert pos.f(full)["hp"] == 3


def test_draw_phase_fills_the_hand_and_recycles_the_standby_zone() -> None:
    """G1 (11)③: draw to 5 character cards; an empty Stronghold takes the shuffled
    Standby Zone."""
    pos = Position(phase="charge")
    pos.put(AOI1, 0, "hand")
    pos.deck(0, GENBA1)
    old = [pos.put(AOI2, 0, "standby") for _ in range(5)]
    pos.act("charge-ap")
    pos.act("draw")
    assert len(pos.state.zone("0/hand")) == 5
    assert pos.v("phase") == "main"
    assert sum(pos.zone(u) == "0/hand" for u in old) == 3
    assert any(e["t"] == "shuffle" and e["zone"] == "0/sh" for e in pos.events)


def test_ultimate_without_familiars_is_refused_in_one_line() -> None:
    """G1 (9)⑤: Ultimate mode starts with an Egg in hand: a deck without one cannot play it."""
    import pytest

    head = header("standard")
    head["options"] = {"mode": "ultimate"}
    with pytest.raises(ValueError) as err:
        Game(ruleset(), head)
    assert "Egg" in str(err.value) and "\n" not in str(err.value)
