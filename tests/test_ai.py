"""Computer players: they see only their view, they play legally, and the
heuristic is better than chance (figures of the full benchmark: docs/BENCHMARKS.md)."""

from __future__ import annotations

import pytest

from pmtui.ai import make_player, search
from pmtui.engine import view
from pmtui.engine.decision import CHANCE, Decision, Option
from pmtui.engine.state import State
from pmtui.table.simulate import play_one
from tests.helpers import decks, new_game, rs


def _midgame(seed: int = 4) -> tuple[object, int]:
    """A game advanced to a priority decision of player 0 with cards in hand."""
    from pmtui.ai import RandomPlayer

    g = new_game(seed)
    players = [RandomPlayer(1), RandomPlayer(2)]
    while True:
        d = g.pending()
        assert d is not None
        hidden = g.state.zones.get("1/hand")  # the opponent holds cards to hide
        if d.kind == "priority" and d.player == 0 and g.state.vars["turn"] >= 3 and hidden:
            return g, 0
        g.act(players[d.player].choose(view(rs(), g.state, d.player), d))


def _swap_hidden(state: State, owner: int) -> State:
    """The same position with the opponent's hand and deck cards exchanged."""
    other = state.copy()
    hand = other.zones[f"{owner}/hand"]
    deck = other.zones[f"{owner}/deck"]
    for a in hand:
        for b in deck:
            ca, cb = other.cards[a], other.cards[b]
            if ca.cid != cb.cid:
                ca.cid, cb.cid = cb.cid, ca.cid
                break
    return other


@pytest.mark.parametrize("kind", ["random", "heuristic", "search"])
def test_players_decide_from_the_view_only(kind: str) -> None:
    game, me = _midgame()
    state = game.state
    changed = _swap_hidden(state, 1 - me)
    assert state.to_json() != changed.to_json()  # the hidden cards really differ
    v1, v2 = view(rs(), state, me), view(rs(), changed, me)
    assert v1 == v2
    d1, d2 = rs().decision(state), rs().decision(changed)
    assert d1.texts == d2.texts
    kwargs: dict[str, object] = {"ruleset": rs()}
    if kind == "search":
        kwargs["budget"] = 0.02
    a = make_player(kind, 9, **kwargs).choose(v1, d1)
    b = make_player(kind, 9, **kwargs).choose(v2, d2)
    assert a == b and a in d1.texts


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(12):
        seats = ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic")
        result = play_one(seed, decks(), seats)
        wins += result.winner == seats.index("heuristic")
    assert wins >= 11


def test_search_player_plays_a_legal_game() -> None:
    result = play_one(3, decks(), ("search", "random"), level="easy")
    assert result.winner is not None or result.reason.startswith("draw")
    assert result.decisions > 0


def test_unknown_player_kind_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown player kind 'genius'"):
        make_player("genius", 0)


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_players_that_know_the_game_need_its_ruleset(kind: str) -> None:
    with pytest.raises(ValueError, match="needs the game's ruleset"):
        make_player(kind, 0)


def test_the_search_budget_counts_processor_time_within_a_cap_on_the_clock(monkeypatch):
    """A loaded machine gives the search the same thinking (processor time), but a
    decision never takes more than WALL_CAP times its budget on the clock (docs/ai.md)."""
    cpu, wall = [100.0], [500.0]
    monkeypatch.setattr(search.time, "thread_time", lambda: cpu[0])
    monkeypatch.setattr(search.time, "perf_counter", lambda: wall[0])
    budget = search.Budget(0.25)
    cpu[0] += 0.1
    wall[0] += 0.5  # waiting for the processor half of the time: not thinking
    assert not budget.over()
    cpu[0] += 0.16
    wall[0] += 0.16
    assert budget.over()
    budget = search.Budget(0.25)
    wall[0] += 0.25 * search.WALL_CAP + 0.01  # a very busy machine: the clock stops it
    assert budget.over()


def _no_thread_time(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    if how == "missing":
        monkeypatch.delattr(search.time, "thread_time")
    else:
        def fails() -> float:
            raise OSError("no per-thread processor clock")
        monkeypatch.setattr(search.time, "thread_time", fails)


@pytest.mark.parametrize("how", ["missing", "failing"])
def test_without_a_thread_clock_the_budget_is_counted_on_the_clock(monkeypatch, how):
    """Where the processor time of a thread cannot be read, the budget falls back to
    the clock: it ends at its own length, not only at the WALL_CAP times longer cap."""
    _no_thread_time(monkeypatch, how)
    wall = [500.0]
    monkeypatch.setattr(search.time, "perf_counter", lambda: wall[0])
    budget = search.Budget(0.25)
    wall[0] += 0.2
    assert not budget.over()
    wall[0] += 0.06
    assert budget.over()


@pytest.mark.parametrize("how", ["missing", "failing"])
def test_without_a_thread_clock_the_budget_still_ends_a_decision(monkeypatch, how):
    _no_thread_time(monkeypatch, how)
    game, me = _midgame(3)  # a choice among six options
    d = rs().decision(game.state)
    player = make_player("search", 9, ruleset=rs(), budget=0.02)
    rollouts = []
    real = player.rollout
    monkeypatch.setattr(player, "rollout", lambda *a: rollouts.append(1) or real(*a))
    assert player.choose(view(rs(), game.state, me), d) in d.texts
    # the search ran (more than one option), and the budget, not the round limit, ended it
    assert len(d.options) > 1 and 0 < len(rollouts) < 400 * len(d.options)


def test_the_same_roll_meets_the_same_luck_in_any_order():
    """Common random numbers keyed by the chance (docs/ai.md): the n-th evasion roll of a
    card draws the same number whatever other rolls came first, and its second roll a
    fresh one."""
    def roll(card: str) -> Decision:
        return Decision(CHANCE, "evasion", (Option(f"evade {card}", weight=2),
                                            Option(f"hit {card}", weight=3)))

    def draws(order: list[str]) -> dict[tuple[str, int], float]:
        luck, seen, out = search.Luck(7), {}, {}
        for card in order:
            seen[card] = seen.get(card, 0) + 1
            out[card, seen[card]] = luck.of(roll(card)).random()
        return out

    a = draws(["X@1", "Y@2", "X@1"])
    b = draws(["Y@2", "X@1", "X@1"])
    assert a == b
    assert a["X@1", 1] != a["X@1", 2] != a["Y@2", 1]
    assert draws(["X@1"])["X@1", 1] != search.Luck(8).of(roll("X@1")).random()
