"""The combat plan of the PSO search player (rulesets/pso/plan.py): the attacks shared out
so that every opposing Monster is destroyed this turn, the victory condition."""

from __future__ import annotations

import pytest

from pmtui.engine.views import view
from rulesets.pso import plan

from .helpers import position_game, ref, ruleset, side


def _wipe_position():
    """Player 1's combat: the main character (ability: 30 after DFP on either Monster) and
    a character (attack: 20 after DFP) against a Monster with 20 HP left and no evasion,
    and one with 30 left and EVP 1. Only the character on the first and the main
    character on the second destroy both (0.8, the second may evade)."""
    return position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-004"], chars=["HAL-003"], monsters=["HAL-020"]),
        side(lead=["HAL-002"], monsters=[{"id": "HAL-030", "dmg": 40},
                                         {"id": "HAL-025", "dmg": 110}])]})


def _aims(strategy, game) -> dict[str, str]:
    """Who hits what as `strategy` plays the first two actions of the combat."""
    rs = ruleset()
    aims: dict[str, str] = {}
    actor = ""
    while len(aims) < 2 and (d := game.pending()) is not None:
        text = strategy.choose(view(rs, game.state, d.player), d)
        if d.kind == "combat":
            actor = text.split()[1]
        elif d.kind == "target":
            aims[actor] = text.split()[1]
        game.act(text, d.player)
    return aims


def test_the_plan_shares_the_attacks_out_to_destroy_every_monster():
    g = _wipe_position()
    aims = _aims(ruleset().make_strategy(1, searching=True), g)
    assert aims == {ref(g, "HAL-003"): ref(g, "HAL-030"), ref(g, "HAL-004"): ref(g, "HAL-025")}


def test_one_action_at_a_time_can_spend_the_strong_attack_on_the_weak_monster():
    """The rules of thumb alone (the heuristic player): the main character's sure kill
    of the first Monster looks best, and then the second survives. This is what the plan
    is for."""
    spent = 0
    for seed in range(1, 9):
        g = _wipe_position()
        aims = _aims(ruleset().make_strategy(seed), g)
        spent += aims.get(ref(g, "HAL-004")) == ref(g, "HAL-030")
    assert spent > 0


def test_wipe_weighs_evasion_and_prefers_the_surer_sharing():
    # two blows of 30 on one Monster with 30 HP: one that lands surely, one at 0.6
    sure = plan.Blow("a", 1, (30, 30), (1.0, 0.4))
    shaky = plan.Blow("b", 2, (30, 30), (0.6, 1.0))
    best = plan.wipe([30, 30], [[sure], [shaky]])
    assert best is not None
    assert {(b.key, m) for b, m in best.blows} == {("a", 0), ("b", 1)}
    assert best.chance == pytest.approx(1.0)


def test_the_least_sure_blow_is_played_first():
    """A miss is known while the others can still be shared out again (plan.Plan.first)."""
    sure = plan.Blow("sure", 1, (30, 0), (1.0, 1.0))
    shaky = plan.Blow("shaky", 2, (0, 30), (1.0, 0.6))
    best = plan.wipe([30, 30], [[sure], [shaky]])
    assert best is not None and best.chance == pytest.approx(0.6)
    assert best.first() == (shaky, 1)


def test_wipe_adds_up_blows_and_knows_when_none_is_possible():
    small = [plan.Blow(k, i, (15,), (0.8,)) for i, k in enumerate("xy")]
    both = plan.wipe([30], [[b] for b in small])
    assert both is not None and both.chance == pytest.approx(0.64)
    assert plan.wipe([31], [[b] for b in small]) is None  # 30 at most
    assert plan.wipe([], [[small[0]]]) is None


def test_a_blow_on_every_monster_counts_on_each():
    sweep = plan.Blow("sweep", 1, (10, 10), (1.0, 1.0), every=True)
    poke = plan.Blow("poke", 2, (10, 10), (1.0, 1.0))
    best = plan.wipe([10, 20], [[sweep], [poke]])
    assert best is not None and best.chance == 1.0
    assert (poke, 1) in best.blows and (sweep, None) in best.blows
