"""The order things happen in (S:93-107, S:174-176, M21): two successors destroyed in
one destruction step trigger the turn player's ability first; an answer resolves
before what it answers, each link with its own window (S:68, S:191, M20); no window in
the damage, destruction and departure steps (S:114)."""

from __future__ import annotations

import random

from pmtui.table.scenarios import loads, run
from rulesets.clockwork_memorion import actions

from .test_rules_setup import RS, new_game

MIRROR = """ruleset = "clockwork_memorion"
actions = ["attack CWM-023", "block CWM-023@{blocker}"]
[position]
turn = {turn}
phase = "battle"
[p1]
ruler = {{ card = "CWM-001", action = true }}
limit = {{ card = "CWM-020", face = 1 }}
succ = [{{ card = "CWM-023", z = 2 }}]
deck = 3
[p2]
ruler = {{ card = "CWM-019", action = true }}
limit = {{ card = "CWM-020", face = 1 }}
succ = [{{ card = "CWM-023", z = 2 }}]
deck = 3
"""


def _gains(text: str) -> list[int]:
    """Whose counters went up, in order, in the mirror of two Hollow Mourners."""
    result = run(loads(text, "mirror.toml"))
    assert result.ok, result.failures
    seen, order = [0, 0], []
    for r in result.game.records:
        ev = r.get("event") or {}
        if ev.get("t") == "var" and "ctr" in ev["set"]:
            new = ev["set"]["ctr"]
            order += [p for p in (0, 1) if new[p] > seen[p]]
            seen = list(new)
    return order


def test_the_turn_players_trigger_resolves_first() -> None:
    # p1's turn: p1's Mourner attacks, p2's blocks, both reach Mind 000 in the damage step
    assert _gains(MIRROR.format(turn=3, blocker=8)) == [0, 1]


def test_on_the_other_turn_the_other_order() -> None:
    # p2's turn: the same fight the other way round
    text = MIRROR.replace('"attack CWM-023", "block CWM-023@{blocker}"',
                          '"attack CWM-023@{blocker}", "block CWM-023@2"')
    assert _gains(text.format(turn=4, blocker=8)) == [1, 0]


RULERS = """ruleset = "clockwork_memorion"
actions = ["use CWM-001 1", "use CWM-019 1"]
[position]
[p1]
ruler = { card = "CWM-001" }
limit = { card = "CWM-002", face = 1 }
deck = 3
[p2]
ruler = { card = "CWM-019" }
limit = { card = "CWM-020", face = 1 }
deck = 3
"""


def test_an_answer_resolves_before_what_it_answers() -> None:
    """S:68, S:191, S:207 (M20): p1 uses its Ruler, p2 answers with its own; two passes
    resolve only the newest (p2's), then the window opens again over p1's."""
    assert _gains(RULERS) == [1, 0]
    result = run(loads(RULERS, "rulers.toml"))
    resolved = [i for i, r in enumerate(result.game.records)
                if (r.get("event") or {}).get("why") == "the newest resolves"]
    assert len(resolved) == 2
    between = [r["event"]["set"]["resp"] for r in result.game.records[resolved[0]:resolved[1]]
               if r.get("type") == "event" and "resp" in r["event"].get("set", {})]
    assert {"prio": 1, "passes": 0} in between  # p1's entry: its own window, p2 first


BATTLE = """ruleset = "clockwork_memorion"
actions = []
[position]
phase = "battle"
[p1]
ruler = { card = "CWM-001", action = true }
limit = { card = "CWM-002", face = 1 }
succ = [{ card = "CWM-005", z = 2 }]
hand = ["CWM-011"]
deck = 3
[p2]
ruler = { card = "CWM-019", action = true }
limit = { card = "CWM-020", face = 1 }
succ = [{ card = "CWM-005", z = 2 }]
hand = ["CWM-011"]
deck = 3
"""


def test_no_window_in_the_damage_destruction_and_departure_steps() -> None:
    """S:76, S:114, S:195: both players hold a recall all through the fight, yet nobody
    is asked between the damage step and the departure to Storage."""
    game = run(loads(BATTLE, "battle.toml")).game
    game.act("attack CWM-005@2", 0)
    asked: list[str] = []
    while game.state.vars.get("battle") or game.state.vars.get("chain"):
        d = game.pending()
        v = game.state.vars
        top = (v.get("chain") or [{}])[-1].get("k")
        assert (v.get("battle") or {}).get("stage") != "dealt" and top not in (
            "dmgdone", "depart"), (d.kind, v)
        asked.append(d.kind)
        text = next((t for t in d.texts if t in ("pass", "block CWM-005@9")), d.texts[0])
        game.act(text, d.player)
    assert asked.count("respond") >= 4 and "block" in asked
    assert len(game.state.zones["0/storage"]) == len(game.state.zones["1/storage"]) == 1


def test_the_rules_pass_a_window_exactly_when_nothing_can_answer() -> None:
    """M20: `can_interrupt` (what the table's passes read) agrees with the answers the
    window would list, for both players at every decision of two random games."""
    for seed in (1, 2):
        game, rng = new_game(seed), random.Random(seed)
        while (d := game.pending()) is not None:
            for p in (0, 1):
                assert actions.can_interrupt(game.state, RS.pool, p) == bool(
                    actions.interrupt_options(game.state, RS.pool, p))
                assert actions.can_recall(game.state, RS.pool, p) == bool(
                    actions.recall_options(game.state, RS.pool, p))
            game.act(rng.choice(d.texts), d.player)
