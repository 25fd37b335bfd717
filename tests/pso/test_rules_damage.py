"""PSO rules: damage, evasion, stats (bars against text), statuses, deaths, victory.
Each test names its section of the source and, where we decided, the D-number."""

from __future__ import annotations

from pmtui.engine.game import Game

from .helpers import dmg, events_of, position_game, ref, side, texts, uid_of


def _combat(p0: dict, p1: dict, seed: int = 1, turn: int = 2) -> Game:
    return position_game({"turn": turn, "tp": 0, "phase": "combat", "players": [p0, p1]}, seed)


def _hit(g: Game, how: str, target: str, *cards: str) -> list:
    g.act(f"{how} " + " ".join(ref(g, c) for c in cards))
    return g.act(f"target {ref(g, target)}")


def test_normal_attack_is_atp_minus_dfp():
    """Character/monster card stats: ATP is the normal attack's damage; DFP is subtracted
    from every incoming attack. Grazer ATP 15 against Golem DFP 15: nothing; Brakka ATP 30
    against it: 15."""
    g = _combat(side(lead=["HAL-003"], monsters=["HAL-022"]), side(monsters=["HAL-033"]))
    golem = uid_of(g, "HAL-033")
    _hit(g, "attack", "HAL-033", "HAL-022")
    assert dmg(g, golem) == 0
    _hit(g, "attack", "HAL-033", "HAL-003")
    assert dmg(g, golem) == 15


def test_area_bar_adds_to_atp():
    """Area Cards / Stat boosters: bar values are additions (+5 ATP in Greenwood Trail);
    Brakka's power adds 10 more in a forest."""
    g = _combat(side(lead=["HAL-003"], monsters=["HAL-022"], area=["HAL-040"]),
                side(monsters=["HAL-033"]))
    lead = uid_of(g, "HAL-003")
    assert g.ruleset.card_view(g.state, lead, 0)["atp"] == 45
    _hit(g, "attack", "HAL-033", "HAL-003")
    assert dmg(g, uid_of(g, "HAL-033")) == 30


def test_spell_adds_mst_ignores_evasion_and_meets_dfp():
    """Spell Cards: base damage plus the caster's MST; EVP does not apply to spells; DFP
    does (Defense: "including spells") (D-16). Ember Dart 10 + MST 20 - DFP 15 = 15."""
    for seed in range(1, 6):
        g = _combat(side(lead=["HAL-002"], monsters=["HAL-031"], hand=["HAL-060"]),
                    side(monsters=["HAL-033", {"id": "HAL-035"}]), seed)
        evs = _hit(g, "spell", "HAL-033", "HAL-002", "HAL-060")
        assert not events_of(evs, "roll")
        assert dmg(g, uid_of(g, "HAL-033")) == 15


def test_no_damage_is_not_zero_damage():
    """Spell Cards: "No damage" never deals damage; "0 damage" deals the caster's MST."""
    g = _combat(side(lead=["HAL-001"], monsters=["HAL-034"]), side(monsters=["HAL-020"]))
    _hit(g, "cast", "HAL-020", "HAL-034")  # Ash Veil: No damage, paralysis
    hopper = uid_of(g, "HAL-020")
    assert dmg(g, hopper) == 0 and g.state.cards[hopper].f.get("par")
    g2 = _combat(side(lead=["HAL-001"], monsters=["HAL-024"]), side(monsters=["HAL-020"]))
    _hit(g2, "cast", "HAL-020", "HAL-024")  # Drowse Spores: 0 + MST 10 against DFP 0
    assert dmg(g2, uid_of(g2, "HAL-020")) == 10


def test_evasion_of_a_declared_attack_is_a_chance_outcome():
    """Character/monster card stats, EVP: the attack is evaded with chance X/5 (D-17). For
    a declared action it is a chance decision drawn by the game and logged as a roll
    (evade : hit weighted X : 5 - X); a scenario may fix it."""
    outcomes = set()
    for seed in range(1, 40):
        g = _combat(side(lead=["HAL-003"], monsters=["HAL-022"]),
                    side(monsters=[{"id": "HAL-020", "dmg": 20}, "HAL-033"]), seed)  # EVP 1
        evs = _hit(g, "attack", "HAL-020", "HAL-003")
        rolls = events_of(evs, "roll")
        assert len(rolls) == 1 and rolls[0]["chance"] == "evasion"
        assert "EVP 1/5" in rolls[0]["why"]
        evaded = rolls[0]["outcome"].startswith("evade ")
        hopper = uid_of(g, "HAL-020")
        assert (g.state.cards[hopper].zone == "1/monsters") == evaded
        outcomes.add(evaded)
    assert outcomes == {True, False}


def test_evasion_outcome_can_be_fixed():
    """With chance decisions answered from outside (a scenario's chance = "ask"), the
    evasion of each target is an action: evade or hit."""
    h = {"format": "pmtui-save", "version": 1, "ruleset": "pso", "seed": 1, "decks": [],
         "chance": "ask", "players": [{"name": "a"}, {"name": "b"}],
         "scenario": {"turn": 2, "tp": 0, "phase": "combat", "players": [
             side(lead=["HAL-001"], monsters=["HAL-022"]),
             side(monsters=["HAL-020", "HAL-021"])]}}
    from .helpers import ruleset

    g = Game(ruleset(), h, hashing=False)
    g.act(f"ability {ref(g, 'HAL-001')}")  # Twin Shot: two foes, 15 each
    g.act(f"target {ref(g, 'HAL-020')}")
    g.act(f"target {ref(g, 'HAL-021')}")
    d = g.pending()
    assert d.kind == "evasion" and d.texts == [f"evade {ref(g, 'HAL-020')}",
                                               f"hit {ref(g, 'HAL-020')}"]
    g.act(f"evade {ref(g, 'HAL-020')}")
    g.act(f"hit {ref(g, 'HAL-021')}")
    assert dmg(g, uid_of(g, "HAL-020")) == 0 and dmg(g, uid_of(g, "HAL-021")) == 10
    assert g.pending().kind == "combat"


def test_automatic_effects_roll_evasion_at_once():
    """A boss's or a trap's damage is not declared by a player: its evasion roll is made
    at once, a logged roll of 1-5 (D-17)."""
    g2 = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-004"], monsters=["HAL-021"]),
        side(monsters=["HAL-033"], area=["HAL-043"])]})
    evs = g2.act("end")
    rolls = [e for e in events_of(evs, "roll") if e.get("sides") == 5]
    assert rolls and all("EVP" in e["why"] for e in rolls)


def test_no_roll_without_evp_and_evp_five_always_evades():
    """EVP 0 never evades and EVP 5 always does: no roll is logged for a certain outcome."""
    g = _combat(side(lead=["HAL-003"], monsters=["HAL-022"]), side(monsters=["HAL-033"]))
    assert not events_of(_hit(g, "attack", "HAL-033", "HAL-003"), "roll")
    g2 = _combat(side(lead=["HAL-001"], monsters=["HAL-022"]),
                 side(monsters=[{"id": "HAL-022"}, "HAL-033"]))
    grazer = uid_of(g2, "HAL-022", "1/monsters")
    g2.state.cards[grazer].f["mods"] = [["evp", "set", 5, 9, grazer]]
    g2.act(f"attack {ref(g2, 'HAL-001')}")
    evs = g2.act(f"target HAL-022@{grazer}")
    assert not events_of(evs, "roll") and events_of(evs, "say", "evaded")
    assert dmg(g2, grazer) == 0


def test_effects_other_than_damage_apply_on_an_evaded_attack():
    """Character/monster card stats: "any effects other than damage (such as paralysis)
    still apply" after an evasion."""
    seen = False
    for seed in range(1, 60):
        g = _combat(side(lead=["HAL-004"], monsters=["HAL-030"]),
                    side(monsters=["HAL-023", "HAL-033"]), seed)  # Stalker EVP 2
        evs = _hit(g, "ability", "HAL-023", "HAL-004")
        stalker = uid_of(g, "HAL-023")
        if events_of(evs, "say", "evaded"):
            seen = True
            assert dmg(g, stalker) == 0 and g.state.cards[stalker].f.get("par")
    assert seen


def test_photon_blast_ignores_dfp_and_evp():
    """Event cards: photon blasts ignore DFP and EVP."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-056"]),
        side(monsters=["HAL-033", "HAL-020"])]})
    g.act(f"event {ref(g, 'HAL-056')}")
    evs = g.act(f"target {ref(g, 'HAL-033')}")
    assert dmg(g, uid_of(g, "HAL-033")) == 50 and not events_of(evs, "roll")


def test_multiple_targets_each_take_the_full_amount_unless_divided():
    """Multiple targets: "2 targets, 5 damage" hits each for 5; "divided" splits (D-15)."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-052"]),
        side(monsters=["HAL-033", "HAL-022", "HAL-030"])]})
    g.act(f"event {ref(g, 'HAL-052')}")
    assert texts(g)[0].startswith("target")
    g.act(f"target {ref(g, 'HAL-022', '1/monsters')}")
    g.act(f"target {ref(g, 'HAL-030')}")
    assert dmg(g, uid_of(g, "HAL-022", "1/monsters")) == 10  # 20 - DFP 10
    assert dmg(g, uid_of(g, "HAL-030")) == 10
    d = _combat(side(lead=["HAL-001"], monsters=["HAL-032"]),
                side(monsters=["HAL-033", "HAL-022", "HAL-030"]))
    d.act(f"ability {ref(d, 'HAL-032')}")
    d.act(f"target {ref(d, 'HAL-022', '1/monsters')}")
    d.act(f"target {ref(d, 'HAL-030')}")
    assert dmg(d, uid_of(d, "HAL-022", "1/monsters")) == 5  # 30 / 2 = 15 - DFP 10


def test_text_replaces_evp_and_the_owner_chooses_between_two():
    """Stat boosters and Conflicts in effect: text values replace; when two replacements of
    one stat compete, the owner of the affected card chooses (D-32). The boss Area sets
    every EVP to 1, the Hopper's own power to 2 in a forest."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-042"]),
        side(lead=["HAL-002"], monsters=["HAL-020", "HAL-033"])]})
    hopper = uid_of(g, "HAL-020")
    assert g.ruleset.card_view(g.state, hopper, 0)["evp"] == 1  # printed
    g.act(f"area {ref(g, 'HAL-042')}")
    d = g.pending()
    assert d.kind == "prefer" and d.player == 1  # the Hopper's owner, in the other's turn
    boss = uid_of(g, "HAL-042")
    g.act(f"prefer HAL-020@{hopper} evp HAL-042@{boss}", 1)
    assert g.ruleset.card_view(g.state, hopper, 0)["evp"] == 1
    assert g.pending().kind == "main"
    g2 = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-042"]),
        side(lead=["HAL-002"], monsters=["HAL-020", "HAL-033"])]})
    g2.act(f"area {ref(g2, 'HAL-042')}")
    g2.act(f"prefer HAL-020@{hopper} evp HAL-020@{hopper}", 1)
    assert g2.ruleset.card_view(g2.state, hopper, 0)["evp"] == 2


def test_evp_on_a_bar_replaces_too():
    """Stat boosters: EVP always replaces, bar or not (a bar's other stats add)."""
    from rulesets.pso import board

    g = _combat(side(lead=["HAL-001"], monsters=["HAL-020"]), side(monsters=["HAL-033"]))
    pool = g.ruleset.pool
    u = uid_of(g, "HAL-020")
    g.state.cards[u].f["mods"] = [["evp", "set", 4, 9, u], ["atp", "add", 5, 9, u]]
    assert board.stat(g.state, pool, u, "evp") == 4
    assert board.stat(g.state, pool, u, "atp") == 15


def test_paralysis_ends_at_the_end_of_its_owners_turn_and_poison_hits_then():
    """Battle effects and Game play: at the end of your turn your cards' paralysis ends and
    your poisoned cards take 10 (monsters too, D-13)."""
    g = _combat(side(lead=["HAL-001"], monsters=[{"id": "HAL-022", "par": True, "poi": True}]),
                side(monsters=[{"id": "HAL-030", "poi": True, "par": True}]))
    mine, theirs = uid_of(g, "HAL-022"), uid_of(g, "HAL-030")
    g.act("end")
    assert not g.state.cards[mine].f.get("par") and dmg(g, mine) == 10
    assert g.state.cards[mine].f.get("poi")
    assert g.state.cards[theirs].f.get("par") and dmg(g, theirs) == 0


def test_poison_can_destroy_on_its_owners_turn():
    g = _combat(side(lead=["HAL-001"], monsters=["HAL-022", {"id": "HAL-020", "poi": True,
                                                              "dmg": 30}]),
                side(monsters=["HAL-030"]))
    g.act("end")
    assert g.state.cards[uid_of(g, "HAL-020")].zone == "0/discard"


def test_cures_remove_statuses():
    """Battle effects: cure cards end paralysis and poison."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=[{"id": "HAL-022", "par": True, "poi": True}],
             hand=["HAL-084"]), side(monsters=["HAL-030"])]})
    g.act(f"item {ref(g, 'HAL-084')}")
    g.act(f"target {ref(g, 'HAL-022')}")
    f = g.state.cards[uid_of(g, "HAL-022")].f
    assert not f.get("par") and not f.get("poi")


def test_destroyed_at_once_and_victory_when_no_monster_left():
    """Game play clean-up (applied at once, D-12) and Winning: all the opponent's monsters
    dead wins, whatever characters remain."""
    for seed in range(1, 30):
        g = _combat(side(lead=["HAL-003"], monsters=["HAL-022"]),
                    side(lead=["HAL-002"], monsters=[{"id": "HAL-020", "dmg": 10}]), seed)
        evs = _hit(g, "attack", "HAL-020", "HAL-003")
        if not events_of(evs, "say", "evaded"):
            assert g.over == {"winner": 0, "reason": "player 2 has no Monster left"}
            return
    raise AssertionError("every seed evaded")


def test_both_last_monsters_at_once_is_a_draw():
    """Winning, and D-26: traps fire together on a new Area; both last monsters die at once."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=[{"id": "HAL-033", "dmg": 155}], hand=["HAL-040"],
             traps=["HAL-055"]),
        side(monsters=[{"id": "HAL-030", "dmg": 55}], traps=["HAL-055"])]})
    g.act(f"area {ref(g, 'HAL-040')}")
    assert g.over is not None and g.over["winner"] is None


def test_a_card_whose_hp_boost_ends_with_no_hp_left_is_destroyed():
    """Game play clean-up (D-12, D-38): a boost "until the end of the turn" ends, and a
    card whose damage now reaches its HP is discarded before the next turn starts."""
    g = _combat(side(lead=["HAL-001"], monsters=["HAL-033", {"id": "HAL-020", "dmg": 45}]),
                side(monsters=["HAL-030"]))
    hopper = uid_of(g, "HAL-020")
    g.state.cards[hopper].f["mods"] = [["hp", "add", 10, 2, hopper]]  # HP 50 until turn 2 ends
    g.act("end")
    assert g.state.cards[hopper].zone == "0/discard"
