"""Undo: exact earlier states (randomness included), snapshots, and what each mode allows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from save_helpers import decision_indexes, new_game, play, saved_game

from pmtui.ai import make_player
from pmtui.engine.game import Game
from pmtui.engine.state import state_hash
from pmtui.engine.views import LazyView
from pmtui.table.saves import check_save, open_game
from pmtui.table.undo import (
    UndoRefused,
    can_undo,
    reveals_to,
    undo,
    undo_last,
    undo_targets,
)


def asked_hash(game: Game, k: int) -> str:
    """The state hash at the moment effective decision k was asked, from the logged events."""
    from pmtui.engine.replay import ReplayCursor, effective_decisions

    index = effective_decisions(game.records)[k]  # game.records[0] is the header
    return state_hash(ReplayCursor(game.header, game.records).seek(index - 1))


def own_events(game: Game, k: int) -> list[dict[str, Any]]:
    from pmtui.engine.replay import effective_decisions

    index = effective_decisions(game.records)[k]
    out = []
    for rec in game.records[index + 1 :]:
        if rec["type"] in ("decision", "undo"):
            break
        if rec["type"] == "event":
            out.append(rec["event"])
    return out


@pytest.fixture(scope="module")
def finished() -> Game:
    return play(new_game(11), 11)


def test_undo_is_the_exact_earlier_state_rng_included(finished: Game) -> None:
    rng = random.Random(5)
    for k in sorted(rng.sample(range(len(finished.moves)), 12), reverse=True):
        game = Game.from_records(finished.ruleset, finished.header, finished.records[1:])
        original = list(game.moves)
        before = asked_hash(game, k)
        expected = own_events(game, k)
        d0 = game.pending()
        game.undo(k)
        assert game.records[-1] == {"seq": len(game.records) - 1, "type": "undo", "to": k}
        assert state_hash(game.state) == before
        assert game.moves == original[:k]
        d = game.pending()
        assert d is not None and d.player == original[k][0] and original[k][1] in d.texts
        assert d0 is None  # the finished game had no decision; the undone one has
        # the same choices again produce the same events, shuffles and draws included
        assert game.act(original[k][1]) == expected
        for player, text in original[k + 1 :]:
            game.act(text, player)
        assert game.state.to_json() == finished.state.to_json()


def test_undoing_a_draw_and_drawing_again_gives_the_same_card(finished: Game) -> None:
    draws = [
        k for k in range(len(finished.moves))
        if any(e["t"] == "move" and e["to"].endswith("/hand") and e["from"].endswith("/deck")
               for e in own_events(finished, k))
    ]
    assert len(draws) > 5
    for k in draws[:: max(1, len(draws) // 6)]:
        game = Game.from_records(finished.ruleset, finished.header, finished.records[1:])
        drawn = [e["card"] for e in own_events(game, k) if e["t"] == "move"
                 and e["to"].endswith("/hand") and e["from"].endswith("/deck")]
        asked = asked_hash(game, k)
        for _ in range(2):  # undo twice over: still nothing new to see
            game.undo(k)
            assert state_hash(game.state) == asked  # decks in the same order, same RNG
            events = game.act(finished.moves[k][1])
            again = [e["card"] for e in events if e["t"] == "move"
                     and e["to"].endswith("/hand") and e["from"].endswith("/deck")]
            assert again == drawn


def test_snapshots_give_the_same_state_as_rebuilding(finished: Game) -> None:
    game = Game.from_records(finished.ruleset, finished.header, finished.records[1:])
    game.keep_snapshots(5)
    for k in (0, 1, 4, 5, 6, 17, 50, len(game.moves) // 2, len(game.moves) - 1):
        assert game.state_after(k).to_json() == game.rebuild(game.moves[:k]).to_json(), k
    assert game.state_after(len(game.moves)).to_json() == game.state.to_json()
    # undo drops the snapshots it took back, later ones are taken afresh
    game.undo(30)
    assert all(n <= 30 for n in game._snapshots)
    play(game, 4, limit=20)
    plain = Game.from_records(game.ruleset, game.header, game.records[1:])
    assert plain.state.to_json() == game.state.to_json()
    with pytest.raises(Exception, match="no decision"):
        game.state_after(len(game.moves) + 1)


@pytest.mark.parametrize("mode", ["computer", "hotseat", "sandbox"])
def test_local_modes_undo_to_any_earlier_decision_of_yours(mode: str) -> None:
    game = play(new_game(5, mode), 5, limit=150)
    for player in (0, 1):
        mine = [k for k, (p, _) in enumerate(game.moves) if p == player]
        assert undo_targets(game, player) == mine
    assert undo_targets(game, None) == list(range(len(game.moves)))  # the sandbox's own seat
    theirs = next(k for k, (p, _) in enumerate(game.moves) if p == 1)
    n = len(game.records)
    with pytest.raises(UndoRefused, match="not one of yours"):
        undo(game, 0, mode, theirs)
    assert len(game.records) == n  # a refused undo leaves no record
    k = undo_targets(game, 0)[-3]
    later_theirs = sum(p == 1 for p, _ in game.moves[k:])
    assert later_theirs > 0
    rec = undo(game, 0, mode, k)  # the computer's later decisions go with it
    assert rec["type"] == "undo" and rec["to"] == k and len(game.moves) == k
    assert game.pending().player == 0


def test_undo_last_and_nothing_to_undo() -> None:
    game = new_game(8, "hotseat")
    assert not can_undo(game, 0) and undo_targets(game, 1) == []
    with pytest.raises(UndoRefused, match="nothing"):
        undo_last(game, 0)
    play(game, 8, limit=12)
    last_mine = max(k for k, (p, _) in enumerate(game.moves) if p == 0)
    assert undo_last(game, 0)["to"] == last_mine


def network_play(seed: int, limit: int) -> Game:
    """A network game, checking the undo rule after every decision."""
    game = new_game(seed, "network")
    rng = random.Random(seed)
    players = [make_player("random", rng.randrange(2**31)) for _ in (0, 1)]
    rs = game.ruleset
    runs = {0: 0, 1: 0}  # own decisions in a row since the last reveal, per player
    while (d := game.pending()) is not None and len(game.moves) < limit:
        game.act(players[d.player].choose(LazyView(rs, game.state, d.player), d))
        k = len(game.moves) - 1
        events = own_events(game, k)
        for p in (0, 1):
            if p != d.player or any(reveals_to(rs, e, p) for e in events):
                runs[p] = 0
            else:
                runs[p] += 1
            assert undo_targets(game, p) == list(range(k + 1 - runs[p], k + 1)), (k, p)
    return game


def test_network_undo_only_own_decisions_since_the_last_reveal() -> None:
    seen_long_run = seen_reveal_block = False
    for seed in (1, 2, 3):
        game = network_play(seed, 300)
        rs = game.ruleset
        for k in range(len(game.moves)):
            p = game.moves[k][0]
            if any(reveals_to(rs, e, p) for e in own_events(game, k)):
                seen_reveal_block = True
        seen_long_run = seen_long_run or any(
            len(undo_targets(g, p)) >= 3
            for g in [play(new_game(seed, "network"), seed, limit=n) for n in range(20, 60, 3)]
            for p in (0, 1)
        )
    assert seen_reveal_block and seen_long_run


def test_network_undo_needs_the_opponents_consent() -> None:
    game = new_game(1, "network")
    # play until someone has two undoable decisions in a row (e.g. declaring and paying)
    rng = random.Random(1)
    players = [make_player("random", rng.randrange(2**31)) for _ in (0, 1)]
    while True:
        d = game.pending()
        game.act(players[d.player].choose(LazyView(game.ruleset, game.state, d.player), d))
        if len(undo_targets(game, d.player)) >= 2:
            player = d.player
            break
    targets = undo_targets(game, player)
    other = 1 - player
    assert undo_targets(game, other) == []  # the opponent has decided nothing since
    n = len(game.records)
    with pytest.raises(UndoRefused, match="did not accept"):
        undo(game, player, "network", targets[0])
    with pytest.raises(UndoRefused, match="did not accept"):
        undo(game, player, "network", targets[0], consent=False)
    asked: list[tuple[int, int]] = []
    with pytest.raises(UndoRefused, match="did not accept"):
        undo(game, player, "network", targets[0], consent=lambda p, k: asked.append((p, k)))
    assert asked == [(player, targets[0])] and len(game.records) == n
    with pytest.raises(UndoRefused, match="since you last saw"):
        undo(game, player, "network", targets[0] - 1, consent=True)
    with pytest.raises(UndoRefused, match="nothing"):
        undo(game, other, "network", targets[0], consent=True)
    undo(game, player, "network", targets[0], consent=lambda p, k: True)
    assert len(game.moves) == targets[0] and game.pending().player == player


def test_unknown_modes_get_the_strict_rule() -> None:
    game = play(new_game(2, "telepathy"), 2, limit=60)
    assert undo_targets(game, 0) == undo_targets(game, 0, "network")
    assert undo_targets(game, 0, "computer") != undo_targets(game, 0)


def test_reveals_to() -> None:
    rs = new_game().ruleset
    draw = {"t": "move", "card": 1, "from": "0/deck", "to": "0/hand"}
    assert reveals_to(rs, draw, 0) and not reveals_to(rs, draw, 1)
    point = {"t": "move", "card": 1, "from": "1/deck", "to": "1/points"}
    assert reveals_to(rs, point, 0) and reveals_to(rs, point, 1)
    played = {"t": "move", "card": 1, "from": "0/hand", "to": "0/discard"}
    assert not reveals_to(rs, played, 0) and reveals_to(rs, played, 1)
    assert reveals_to(rs, {"t": "look", "player": 1, "cards": [3]}, 1)
    assert not reveals_to(rs, {"t": "look", "player": 1, "cards": [3]}, 0)
    assert reveals_to(rs, {"t": "reveal", "cards": [3]}, 0)
    assert not reveals_to(rs, {"t": "shuffle", "zone": "0/deck", "order": [1]}, 0)


def test_undo_in_a_saved_game_is_one_more_line(tmp_path: Any) -> None:
    path = tmp_path / "g.jsonl"
    game = saved_game(path, 6, limit=120, undo_rate=0.08)
    lines = path.read_text().splitlines()
    undos = [ln for ln in lines if '"type":"undo"' in ln]
    assert undos and len(lines) == len(game.records)
    checked, loaded, warnings = check_save(path)
    assert warnings == [] and checked.state.to_json() == game.state.to_json()
    resumed, writer, _ = open_game(path)
    with writer:
        assert resumed.moves == game.moves
        undo(resumed, 0, None, undo_targets(resumed, 0)[0])
    assert len(path.read_text().splitlines()) == len(lines) + 1
    assert check_save(path)[2] == []
    decisions = decision_indexes(loaded.records)
    assert len(decisions) > len(game.moves)  # undone decisions stay in the file
