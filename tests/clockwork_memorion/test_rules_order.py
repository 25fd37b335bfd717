"""The order things happen in (S:93-107, S:174-176, M21): two successors destroyed in
one destruction step trigger the turn player's ability first; Recall Time holds the
destruction back until it ends (S:14, S:75)."""

from __future__ import annotations

from pmtui.table.scenarios import loads, run

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
