"""Sampling hidden cards for searching players (pmtui/engine/sampling.py)."""

from __future__ import annotations

import random

from pmtui.engine.sampling import likely_list, sample_state

VIEW = {
    "player": 0,
    "zones": {
        "0/hand": [{"uid": 0, "cid": "A", "owner": 0}],
        "0/deck": 2,
        "1/hand": 1,
        "1/traps": 1,
        "1/board": [{"uid": 3, "cid": "B", "owner": 1, "rest": True}],
    },
    "vars": {"turn": 2},
}


def test_likely_list_is_the_known_list_holding_most_of_what_was_shown() -> None:
    known = [["A", "A", "C"], ["B", "B", "D"]]
    assert likely_list(["B", "D"], known, "Z") == ["B", "B", "D"]
    assert likely_list(["Q"], known, "Z", size=3) == ["Q", "Q", "Q"]  # none holds it
    assert likely_list([], [], "Z", size=2) == ["Z", "Z"]


def test_a_sample_keeps_what_the_view_shows_and_fills_the_rest_from_the_lists() -> None:
    lists = {0: ["A", "A", "C"], 1: ["B", "T", "D"]}
    for seed in range(20):
        state = sample_state(VIEW, lists, random.Random(seed), ["Z"],
                             first=lambda zone: zone.endswith("traps"),
                             draw=lambda zone, pool: (pool.remove("T") or "T")
                             if zone.endswith("traps") and "T" in pool else None)
        assert state.cards[0].cid == "A" and state.zones["0/hand"] == [0]
        assert state.cards[3].f == {"rest": True} and state.zones["1/board"] == [3]
        assert sorted(state.cards[u].cid for u in state.zones["0/deck"]) == ["A", "C"]
        assert [state.cards[u].cid for u in state.zones["1/traps"]] == ["T"]
        assert state.cards[state.zones["1/hand"][0]].cid == "D"  # B is on the board
        assert sorted(u for z in state.zones.values() for u in z) == list(range(6))
        assert state.vars == {"turn": 2}
    a = sample_state(VIEW, lists, random.Random(1), ["Z"])
    b = sample_state(VIEW, lists, random.Random(1), ["Z"])
    assert a.to_json() == b.to_json()  # the rng decides everything
