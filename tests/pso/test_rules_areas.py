"""PSO rules: Areas, bosses, quests, traps and the main character's replacement.
Each test names its section of the source and, where we decided, the D-number."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.engine.views import redact, view

from .helpers import dmg, events_of, position_game, ref, side, texts, uid_of


def _main(p0: dict, p1: dict, turn: int = 2, tp: int = 0, seed: int = 1) -> Game:
    return position_game({"turn": turn, "tp": tp, "phase": "main", "players": [p0, p1]}, seed)


def _end_turn(g: Game) -> None:
    if g.pending().kind == "main":
        g.act("combat")
    g.act("end")


# -- Areas ------------------------------------------------------------------------


def test_a_new_area_replaces_the_old_one_into_its_owners_discard():
    """Area Cards: play a new one and discard the old one (D-02: to its owner's pile)."""
    g = _main(side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-040"]),
              side(monsters=["HAL-030"], area=["HAL-041"]))
    g.act(f"area {ref(g, 'HAL-040')}")
    assert g.state.cards[uid_of(g, "HAL-041")].zone == "1/discard"
    assert g.state.cards[uid_of(g, "HAL-040")].zone == "shared/area"


def test_area_bars_apply_to_both_players_cards():
    """Area Cards: "add those to your current stats on all applicable characters" (D-21)."""
    g = _main(side(lead=["HAL-001"], monsters=["HAL-022"]),
              side(monsters=["HAL-030"], area=["HAL-041"]))
    rs = g.ruleset
    assert rs.card_view(g.state, uid_of(g, "HAL-001"), 0)["mst"] == 15  # 5 + 10
    assert rs.card_view(g.state, uid_of(g, "HAL-030"), 0)["dfp"] == 20  # 10 + 5 bar + 5 power


# -- bosses -----------------------------------------------------------------------


def test_boss_area_blocks_new_areas_until_defeated():
    """Area Cards: boss areas "must be defeated before they can be replaced"."""
    g = _main(side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-040"]),
              side(monsters=["HAL-030"], area=["HAL-042"]))
    assert not any(t.startswith("area") for t in texts(g))
    g2 = _main(side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-040"]),
               side(monsters=["HAL-030"], area=[{"id": "HAL-042", "beaten": True}]))
    assert any(t.startswith("area") for t in texts(g2))


def test_boss_is_attacked_like_an_enemy_and_beaten_at_its_hp():
    """Area Cards: "Attack boss areas as if they were normal enemies" (by either player,
    D-22); at HP 0 it may be replaced."""
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-004"], monsters=["HAL-022"]),
        side(monsters=["HAL-030"], area=[{"id": "HAL-043", "dmg": 130}])]})
    boss = uid_of(g, "HAL-043")
    g.act(f"attack {ref(g, 'HAL-004')}")
    assert f"target HAL-043@{boss}" in texts(g)
    g.act(f"target HAL-043@{boss}")  # ATP 35 + 5 bar - DFP 15 = 25
    assert dmg(g, boss) == 155 and g.state.cards[boss].f.get("beaten")
    assert g.state.cards[boss].zone == "shared/area"  # stays until replaced
    g.act(f"attack {ref(g, 'HAL-022')}")
    assert f"target HAL-043@{boss}" not in texts(g)


def test_boss_power_hits_the_player_whose_turn_ends():
    """Area Cards: a boss acts only as its text says (D-22): ours hit at each turn's end."""
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-004"], monsters=["HAL-030"]),
        side(monsters=["HAL-033"], area=["HAL-043"])]})
    g.act("end")
    assert dmg(g, uid_of(g, "HAL-030")) == 0  # 15 - DFP 10 - 5 (mine) = 0
    assert dmg(g, uid_of(g, "HAL-004")) == 0  # 15 - DFP 15
    assert dmg(g, uid_of(g, "HAL-033")) == 0  # not the turn player's


# -- traps ------------------------------------------------------------------------


def test_trap_is_face_down_to_the_opponent():
    """Event cards, traps (D-14): set face down; the opponent sees how many, not which."""
    g = _main(side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-054", "HAL-080"]),
              side(monsters=["HAL-030"]))
    assert "trap" in texts(g)
    g.act("trap")
    d = g.pending()
    assert d.private and d.texts == [f"set {ref(g, 'HAL-054')}", "back"]
    evs = g.act(d.texts[0])
    assert g.state.cards[uid_of(g, "HAL-054")].zone == "0/traps"
    theirs = view(g.ruleset, g.state, 1)
    assert theirs["zones"]["0/traps"] == 1
    move = events_of(evs, "move")[0]
    assert redact(g.ruleset, move, 1)["card"] is None and "cid" not in redact(g.ruleset, move, 1)
    assert g.records[-len(evs) - 1]["private"]


def test_traps_fire_on_a_new_area_then_are_discarded():
    """Event cards: traps "stay in play until a new area is played, whereupon they activate,
    deal damage, and are discarded" - both players' traps, whoever plays the Area (D-14)."""
    g = _main(side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-040"]),
              side(monsters=["HAL-033", "HAL-030"], traps=["HAL-054"]))
    trap = uid_of(g, "HAL-054")
    evs = g.act(f"area {ref(g, 'HAL-040')}")
    assert g.state.cards[trap].zone == "1/discard"
    assert dmg(g, uid_of(g, "HAL-022")) == 5  # 15 - DFP 10, Grazer EVP 0
    assert dmg(g, uid_of(g, "HAL-033")) == 0  # the trap's owner's cards are spared
    assert events_of(evs, "reveal")


# -- quests -----------------------------------------------------------------------


def _quest_game(turn_played: int, turn: int, tp: int, p0_monsters: int, p1_monsters: int,
                p0_chars: list | None = None) -> Game:
    return position_game({"turn": turn, "tp": tp, "phase": "combat", "players": [
        side(lead=["HAL-001"], chars=p0_chars or [], monsters=["HAL-022"] * p0_monsters,
             deck=["HAL-080"] * 5, area=[{"id": "HAL-044", "qturn": turn_played}]),
        side(lead=["HAL-002"], monsters=["HAL-030"] * p1_monsters, deck=["HAL-080"] * 5),
    ]})


def test_quest_blocks_new_areas():
    """Area Cards: quests "must be won or lost" before a new Area."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-040"]),
        side(monsters=["HAL-030"], area=[{"id": "HAL-044", "qturn": 1}])]})
    assert not any(t.startswith("area") for t in texts(g))


def test_quest_cannot_be_won_before_an_opponent_turn_passed():
    """Losing/winning quests: "You cannot instantly win a quest" - the opponent's turn must
    pass first (D-23)."""
    g = _quest_game(turn_played=5, turn=6, tp=0, p0_monsters=6, p1_monsters=3)
    g.act("end")
    assert g.state.cards[uid_of(g, "HAL-044")].zone == "shared/area"


def test_quest_won_on_your_turn_gives_reward_and_punishment():
    """Losing/winning quests: win on your own turn by the "quest pass" objective; the winner
    gets the reward, the other the punishment, then the quest is discarded (D-24)."""
    g = _quest_game(turn_played=4, turn=6, tp=0, p0_monsters=6, p1_monsters=3)
    g.act("end")
    assert g.state.cards[uid_of(g, "HAL-044")].zone == "0/discard"
    assert len(g.state.zone("0/hand")) == 2  # reward: draw 2
    # punishment: 10 to each of the loser's cards, DFP and evasion off
    hits = [dmg(g, u) for z in ("1/lead", "1/monsters") for u in g.state.zone(z)]
    assert hits == [10] * 4


def test_quest_won_by_the_main_npc_in_play():
    """Losing/winning quests: having the "main NPC" in play wins on your turn."""
    g = _quest_game(turn_played=4, turn=6, tp=0, p0_monsters=1, p1_monsters=4,
                    p0_chars=["HAL-007"])
    evs = g.act("end")
    quest = events_of(evs, "say", "quest")
    assert quest and quest[0]["winner"] == 0 and "main NPC" in quest[0]["why"]


def test_quest_lost_only_on_the_opponents_turn():
    """Losing/winning quests: "ONLY LOSE WHEN IT IS YOUR OPPONENT'S TURN": player 2 meets the
    fail condition (2 or fewer monsters) and loses at the end of player 1's turn."""
    g = _quest_game(turn_played=4, turn=7, tp=1, p0_monsters=3, p1_monsters=2)
    g.act("end")  # player 2's own turn: player 2 cannot lose now
    assert g.state.cards[uid_of(g, "HAL-044")].zone == "shared/area"
    g2 = _quest_game(turn_played=4, turn=6, tp=0, p0_monsters=3, p1_monsters=2)
    evs = g2.act("end")
    quest = events_of(evs, "say", "quest")
    assert quest and quest[0]["winner"] == 0 and quest[0]["why"] == "quest lost"


# -- the main character ---------------------------------------------------------------


def test_main_character_replaced_by_the_owners_choice():
    """Setup and Character Cards: when the main character dies, its owner chooses one of
    their normal characters as the new one (D-18), even in the other player's turn."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-003"], monsters=["HAL-022"], hand=["HAL-056"]),
        side(lead=[{"id": "HAL-002", "dmg": 45}], chars=["HAL-006", "HAL-004", "HAL-008"],
             monsters=["HAL-030"])]})
    g.act(f"event {ref(g, 'HAL-056')}")
    g.act(f"target {ref(g, 'HAL-002')}")
    d = g.pending()
    assert d.kind == "lead" and d.player == 1
    assert sorted(d.texts) == sorted([f"lead {ref(g, 'HAL-006')}", f"lead {ref(g, 'HAL-004')}"])
    g.act(f"lead {ref(g, 'HAL-004')}", 1)
    assert g.state.zone("1/lead") == [uid_of(g, "HAL-004")]
    assert g.pending().kind == "main" and g.pending().player == 0


def test_an_npc_never_becomes_main_character_and_the_next_normal_one_does():
    """Character Cards: NPCs "can never be switched to your main character"; with no normal
    character left, the next one played becomes the main character (D-19)."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-003"], monsters=["HAL-022"], hand=["HAL-056"]),
        side(lead=[{"id": "HAL-002", "dmg": 45}], chars=["HAL-008"], monsters=["HAL-030"],
             hand=["HAL-006"])]})
    g.act(f"event {ref(g, 'HAL-056')}")
    g.act(f"target {ref(g, 'HAL-002')}")
    assert g.state.zone("1/lead") == [] and g.pending().player == 0
    _end_turn(g)
    g.act(f"character {ref(g, 'HAL-006')}", 1)
    assert g.state.zone("1/lead") == [uid_of(g, "HAL-006")]


def test_revive_brings_a_creature_back_undamaged():
    """Item Cards: items may revive a character."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-081"], discard=["HAL-025"]),
        side(monsters=["HAL-030"])]})
    g.act(f"item {ref(g, 'HAL-081')}")
    g.act(f"target {ref(g, 'HAL-025')}")
    u = uid_of(g, "HAL-025")
    assert g.state.cards[u].zone == "0/monsters" and dmg(g, u) == 0


def test_powers_fire_on_their_own():
    """Additional card attacks/abilities: powers are not optional - a "when destroyed" power
    fires (Rust Mite: 5 to each foe monster, no DFP, no evasion)."""
    for seed in range(1, 40):
        g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
            side(lead=["HAL-004"], monsters=["HAL-020", "HAL-022"]),
            side(monsters=[{"id": "HAL-035", "dmg": 20}, "HAL-033"])]}, seed)
        g.act(f"attack {ref(g, 'HAL-004')}")
        evs = g.act(f"target {ref(g, 'HAL-035')}")
        if not events_of(evs, "say", "evaded"):
            assert dmg(g, uid_of(g, "HAL-020")) == 5 and dmg(g, uid_of(g, "HAL-022")) == 5
            return
    raise AssertionError("every seed evaded")
