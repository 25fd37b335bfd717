"""PSO rules: setup, the turn, combat and its limits. Each test names its section of the
source (PSO CCG rules v3.00, ../shared/seeds/002_…txt) and, where we decided, the D-number
in docs/rules-interpretations-pso.md."""

from __future__ import annotations

import pytest

from pmtui.engine.game import Game
from pmtui.engine.state import zkey

from .helpers import events_of, header, new_game, position_game, ref, ruleset, side, texts, uid_of

# -- Setup ------------------------------------------------------------------------


def test_setup_main_character_monster_search_and_opening_hands():
    """Setup: main character in play, every Monster of the top 10 in play, 5 cards,
    a coin for the first player, who also draws on turn 1 (D-06, D-07)."""
    for seed in range(1, 8):
        g = new_game(seed)
        s = g.state
        first = s.vars["first"]
        for p in (0, 1):
            assert len(s.zone(zkey(p, "lead"))) == 1
            mons = s.zone(zkey(p, "monsters"))
            assert mons and all(ruleset().pool[s.cards[u].cid].type == "monster" for u in mons)
            hand = 5 + (1 if p == first else 0)
            assert len(s.zone(zkey(p, "hand"))) == hand
        coin = [e["event"] for e in g.records
                if e.get("type") == "event" and e["event"].get("coin")]
        assert len(coin) == 1 and (coin[0]["faces"] == [1]) == (first == 0)


def test_setup_looks_at_ten_and_every_monster_among_them_comes_into_play():
    """Setup: "play any monster cards in those 10" - all of them, no choice (D-04)."""
    g = new_game(5)
    for p in (0, 1):
        looks = [r["event"] for r in g.records
                 if r.get("type") == "event" and r["event"]["t"] == "look"
                 and r["event"]["player"] == p]
        seen = [c for look in looks for c in look["cids"]]
        mons = [c for c in seen if ruleset().pool[c].type == "monster"]
        assert len(looks[-1]["cards"]) == 10
        assert sorted(mons) == sorted(g.state.cards[u].cid for u in g.state.zone(f"{p}/monsters"))


def test_setup_search_repeats_until_a_monster_is_found():
    """Setup: "If you don't get any monster cards in those 10, try again" (D-04)."""
    h = header()
    filler = ["HAL-080"] * 39
    h["decks"][0]["main"] = filler + ["HAL-020"]
    retried = False
    for seed in range(1, 12):
        h["seed"] = seed
        g = Game(ruleset(), h, hashing=False)
        looks = [r for r in g.records if r.get("type") == "event"
                 and r["event"]["t"] == "look" and r["event"]["player"] == 0]
        assert [g.state.cards[u].cid for u in g.state.zone("0/monsters")] == ["HAL-020"]
        retried |= len(looks) > 1
    assert retried


def test_a_deck_without_monsters_cannot_start():
    """Setup would search for ever; a deck needs a Monster (D-05)."""
    h = header()
    h["decks"][1]["main"] = ["HAL-080"] * 40
    with pytest.raises(ValueError, match="no Monster"):
        Game(ruleset(), h, hashing=False)


# -- the turn ---------------------------------------------------------------------


def _main(**p0: list) -> Game:
    p0.setdefault("lead", ["HAL-001"])
    p0.setdefault("monsters", ["HAL-022"])
    return position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(**p0), side(lead=["HAL-002"], monsters=["HAL-030", "HAL-033"], deck=["HAL-080"] * 3),
    ]})


def test_one_character_per_turn():
    """Game play: "Play another character card" - one per turn (D-08)."""
    g = _main(hand=["HAL-003", "HAL-005"])
    assert sum(t.startswith("character") for t in texts(g)) == 2
    g.act(f"character {ref(g, 'HAL-003')}")
    assert not any(t.startswith("character") for t in texts(g))
    assert g.state.cards[uid_of(g, "HAL-003")].zone == "0/chars"


def test_monsters_events_and_items_any_number_of_times():
    """Game play: monsters, events and items "as many times as you want"."""
    g = _main(hand=["HAL-020", "HAL-021", "HAL-050"], deck=["HAL-080"] * 5)
    g.act(f"monster {ref(g, 'HAL-020')}")
    g.act(f"monster {ref(g, 'HAL-021')}")
    g.act(f"event {ref(g, 'HAL-050')}")
    assert len(g.state.zone("0/monsters")) == 3
    assert len(g.state.zone("0/hand")) == 2  # Supply Drop drew 2


def test_one_area_per_turn():
    """Game play: a new Area is "optional, limited" - one per turn (D-09)."""
    g = _main(hand=["HAL-040", "HAL-041"])
    g.act(f"area {ref(g, 'HAL-040')}")
    assert not any(t.startswith("area") for t in texts(g))


def test_items_need_the_main_character():
    """Item Cards: "these can only be played if you have a character in play" (D-25)."""
    g = _main(lead=[], hand=["HAL-080"], monsters=[{"id": "HAL-022", "dmg": 20}])
    assert not any(t.startswith("item") for t in texts(g))
    g2 = _main(hand=["HAL-080"], monsters=[{"id": "HAL-022", "dmg": 20}])
    g2.act(f"item {ref(g2, 'HAL-080')}")
    g2.act(f"target {ref(g2, 'HAL-022')}")
    assert g2.state.cards[uid_of(g2, "HAL-022")].f.get("dmg") is None


def test_running_out_of_cards_only_stops_the_draw():
    """Running out of cards: no draw, nothing else changes."""
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], deck=[]),
        side(lead=["HAL-002"], monsters=["HAL-030"], deck=[]),
    ]})
    g.act("end")
    assert g.over is None and g.state.vars["ap"] == 1 and not g.state.zone("1/hand")


def test_turn_limit_ends_a_stalled_game_in_a_draw():
    """Ours, not the source's: a game reaching the turn limit is a draw (D-27)."""
    g = position_game({"turn": 9, "tp": 0, "phase": "combat", "limit": 10, "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"]), side(monsters=["HAL-030"]),
    ]})
    g.act("end")
    assert g.over is None
    g.act("combat")
    g.act("end")
    assert g.over["winner"] is None and "not the source's" in g.over["reason"]


# -- combat -----------------------------------------------------------------------


def _combat(p0: dict, p1: dict, seed: int = 1) -> Game:
    return position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [p0, p1]}, seed)


def test_each_creature_acts_once_and_not_when_paralysed():
    """Game play: "each character/monster may only attack once per combat and only if not
    paralyzed"; Battle effects: paralysis stops attacks, spells, weapons and abilities."""
    g = _combat(side(lead=["HAL-003"], monsters=["HAL-022", {"id": "HAL-021", "par": True}]),
                side(monsters=["HAL-030", "HAL-033"]))
    t = texts(g)
    assert f"attack {ref(g, 'HAL-022')}" in t
    assert not any("HAL-021" in x for x in t)
    g.act(f"attack {ref(g, 'HAL-022')}")
    g.act(f"target {ref(g, 'HAL-033')}")
    assert not any("HAL-022" in x for x in texts(g))


def test_only_the_main_character_uses_spells_and_weapons():
    """The Cards: the main character is the only card that can use spell, weapon or item
    cards; the other characters act like monsters (Setup)."""
    g = _combat(side(lead=["HAL-002"], chars=["HAL-006"], monsters=["HAL-031"],
                     hand=["HAL-060", "HAL-074"]),
                side(monsters=["HAL-030"]))
    t = texts(g)
    lead = ref(g, "HAL-002")
    assert f"spell {lead} {ref(g, 'HAL-060')}" in t
    assert f"weapon {lead} {ref(g, 'HAL-074')}" in t
    assert not any(x.startswith(("spell", "weapon")) and "HAL-006" in x for x in t)


def test_androids_use_no_spell_cards_and_weapons_follow_class():
    """Game play: "Spell card (non-androids only)"; Weapon Cards: class limits (RA-/HU-/FO-)."""
    g = _combat(side(lead=["HAL-004"], monsters=["HAL-030"],
                     hand=["HAL-060", "HAL-072", "HAL-070"]),
                side(monsters=["HAL-033"]))
    t = texts(g)
    assert not any(x.startswith("spell") for x in t)
    assert any(x.startswith("weapon") and "HAL-072" in x for x in t)  # HU greatblade
    assert not any(x.startswith("weapon") and "HAL-070" in x for x in t)  # RA bow


def test_a_used_spell_or_weapon_is_discarded_and_the_user_has_acted():
    """Spell Cards / Weapon Cards: played from the hand as the main character's action."""
    g = _combat(side(lead=["HAL-002"], monsters=["HAL-031"], hand=["HAL-060"]),
                side(monsters=["HAL-033"]))
    g.act(f"spell {ref(g, 'HAL-002')} {ref(g, 'HAL-060')}")
    g.act(f"target {ref(g, 'HAL-033')}")
    assert g.state.cards[uid_of(g, "HAL-060")].zone == "0/discard"
    assert not any("HAL-002" in x for x in texts(g))


def test_target_back_cancels_a_declared_action():
    g = _combat(side(lead=["HAL-001"], monsters=["HAL-022"]), side(monsters=["HAL-033"]))
    before = texts(g)
    g.act(f"attack {ref(g, 'HAL-022')}")
    g.act("back")
    assert texts(g) == before


def test_ability_needs_its_area():
    """Additional card attacks/abilities: "Some of these cannot be used if the current area
    does not match"."""
    g = _combat(side(lead=["HAL-001"], monsters=["HAL-023"]), side(monsters=["HAL-033"]))
    assert not any(x.startswith("ability") and "HAL-023" in x for x in texts(g))
    g2 = _combat(side(lead=["HAL-001"], monsters=["HAL-023"], area=["HAL-040"]),
                 side(monsters=["HAL-033"]))
    assert any(x.startswith("ability") and "HAL-023" in x for x in texts(g2))


def test_an_area_may_forbid_abilities_and_blasts():
    """Additional card attacks/abilities and Event cards: areas and other cards may limit
    abilities, spells and photon blasts."""
    g = _combat(side(lead=["HAL-004"], monsters=["HAL-030"]),
                side(monsters=["HAL-033"], area=["HAL-043"]))
    assert not any(x.startswith("ability") for x in texts(g))
    m = _main(hand=["HAL-056"], area=["HAL-041"])
    assert not any(x.startswith("event") for x in texts(m))
    m2 = _main(hand=["HAL-056"])
    assert any(x.startswith("event") for x in texts(m2))


def test_events_are_discarded_after_use():
    """Event cards: normal events "affect the game and are discarded"."""
    g = _main(hand=["HAL-050"], deck=["HAL-080"] * 4)
    evs = g.act(f"event {ref(g, 'HAL-050')}")
    assert g.state.cards[uid_of(g, "HAL-050")].zone == "0/discard"
    assert len(events_of(evs, "move")) == 3


def test_deck_search_takes_the_card_and_shuffles():
    """Deck searches: "shuffle your deck after EVERY deck search" (D-30)."""
    g = _main(hand=["HAL-053"], deck=["HAL-080", "HAL-081", "HAL-025", "HAL-082"])
    evs = g.act(f"event {ref(g, 'HAL-053')}")
    assert g.state.cards[uid_of(g, "HAL-025")].zone == "0/hand"
    assert [e["t"] for e in evs][-3:] == ["reveal", "move", "shuffle"]
