"""Why an action is not legal now, with the source section that says so."""

from __future__ import annotations

from .helpers import position_game, ref, side


def _why(g, text):
    return g.ruleset.explain(g.state, text)


def test_legal_actions_have_no_reason():
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-020"]),
        side(monsters=["HAL-030"])]})
    assert _why(g, f"monster {ref(g, 'HAL-020')}") is None


def test_reasons_name_the_rule():
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "did": {"character": True},
                       "players": [
        side(lead=[], monsters=["HAL-022"], hand=["HAL-003", "HAL-080", "HAL-054"]),
        side(monsters=["HAL-030"], area=["HAL-042"]), ]})
    assert "one character per turn" in _why(g, f"character {ref(g, 'HAL-003')}")
    assert "main character" in _why(g, f"item {ref(g, 'HAL-080')}")
    assert "trap" in _why(g, f"event {ref(g, 'HAL-054')}")
    assert "waits for playing cards" in _why(g, f"attack {ref(g, 'HAL-022')}")
    assert "no such card" in _why(g, "monster HAL-020@999")
    assert "one character per turn" in _why(g, "character HAL-003")
    assert "unknown action" in _why(g, "fly")
    assert _why(g, f"area {ref(g, 'HAL-080')}").endswith("is not an area card")


def test_a_card_of_another_kind_is_named_as_such():
    """The card sheet asks why a weapon in hand cannot be played as an event: the reason
    is its kind (The Cards: a weapon is used by the main character), not the generic
    'not among the choices now' with the action's notation."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-070", "HAL-080"]),
        side(monsters=["HAL-030"])]})
    assert _why(g, f"event {ref(g, 'HAL-070')}").endswith("is not an event card")
    assert _why(g, f"item {ref(g, 'HAL-070')}").endswith("is not an item card")
    assert _why(g, f"monster {ref(g, 'HAL-070')}").endswith("is not a monster card")
    assert _why(g, f"monster {ref(g, 'HAL-080')}").endswith("is not a monster card")


def test_combat_reasons():
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-004"], monsters=[{"id": "HAL-021", "par": True}, "HAL-023"],
             hand=["HAL-060", "HAL-070"]),
        side(monsters=["HAL-030"], area=["HAL-041"])]})
    assert "paralysed" in _why(g, f"attack {ref(g, 'HAL-021')}")
    assert "forest" in _why(g, f"ability {ref(g, 'HAL-023')}")
    lead = ref(g, "HAL-004")
    assert "androids" in _why(g, f"spell {lead} {ref(g, 'HAL-060')}")
    assert "RA only, not HU" in _why(g, f"weapon {lead} {ref(g, 'HAL-070')}")
    assert "only the main character" in _why(g, f"spell {ref(g, 'HAL-023')} {ref(g, 'HAL-060')}")


def test_a_target_already_picked_says_so():
    """One action's targets are different cards ("Two foes take 20 damage each", Event
    cards): a second pick of the first target says it is already a target, not that it
    cannot be one."""
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-052"]),
        side(monsters=["HAL-030", "HAL-031"])]})
    g.act(f"event {ref(g, 'HAL-052')}", 0)
    first = ref(g, "HAL-030")
    g.act(f"target {first}", 0)
    assert g.state.vars["act"]["picked"]
    assert "already one of this action's targets" in _why(g, f"target {first}")
    assert _why(g, f"target {ref(g, 'HAL-031')}") is None
