"""A finished table lets go of its game once its sessions have left (issue 18, item 7):
the server's memory must not grow with games played. Only the result stays, for the
lobby, and only for the last FINISHED_LISTED tables; the journal on disk keeps the game."""

from __future__ import annotations

import fcntl
import gc
import random
from pathlib import Path

import pytest

import pmtui.net.tables as tables
from pmtui.engine.game import Game
from pmtui.net.tables import Registry, SeatTable, ServerTable, TableError, User
from pmtui.table.session import LocalTable

DECKS = ("starlit_overture", "tidewater_morning")


def live(kind: type) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, kind))


def file_in_use(path: Path) -> bool:
    """Whether this process still holds the journal open (its writer keeps an flock)."""
    with path.open("rb") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        return False


def play_to_the_end(reg: Registry, i: int) -> ServerTable:
    """Two people (a key each) sit down, play random legal moves to the end, and leave."""
    a, b = User(f"a{i}", f"SHA256:a{i}"), User(f"b{i}", f"SHA256:b{i}")
    t = reg.create(a, DECKS[i % 2])
    reg.join(b, t.id, DECKS[(i + 1) % 2])
    t.attach(0)
    t.attach(1)
    t.attach(None)  # and someone watching
    rng = random.Random(i)
    for _ in range(5000):
        d = t.local.pending()
        if d is None:
            break
        texts = [x for x in d.texts if x != "cancel"] or d.texts
        t.act(d.player, rng.choice(texts))
    assert t.local.over, "the game did not end"
    return t


def test_finished_games_are_released_when_their_sessions_leave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "FINISHED_LISTED", 2, raising=False)
    reg = Registry(tmp_path)
    before = (live(Game), live(LocalTable))
    done = []
    for i in range(4):
        t = play_to_the_end(reg, i)
        path = t.path
        assert file_in_use(path)
        t.detach(0)
        t.detach(None)
        assert t.local is not None, "released while a player was still at the table"
        winner = t.describe()
        t.detach(1)  # the last one leaves
        assert t.local is None and t.writer is None
        assert not file_in_use(path), "the finished table's save is still open"
        assert t.state == "over" and t.describe() == winner and winner.startswith("over:")
        with pytest.raises(TableError, match="is over"):
            SeatTable(t, 0)
        assert t.open_seat() is None
        done.append(t.id)
        # however many games were played, none of them stays in memory
        assert (live(Game), live(LocalTable)) == before
    # the lobby lists the last FINISHED_LISTED results, no more
    assert [t.id for t in reg.listing()] == done[-2:]
    assert all(t.result for t in reg.listing())
    assert live(ServerTable) <= 2


def test_a_game_ended_by_the_computer_after_its_player_left_is_released(
        tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    user = User("alice", "SHA256:alice")
    t = reg.play_computer(user, DECKS[0], level="random")
    t.attach(0)
    t.detach(0)  # gone in the middle of the game: the table stays, to come back to
    assert t.local is not None and reg.seats_of(user) == [t]
    t.attach(0)
    rng = random.Random(3)
    while (d := t.local.pending()) is not None:  # no event loop: the computer moves in act()
        t.act(d.player, rng.choice([x for x in d.texts if x != "cancel"] or d.texts))
    # as if the player's last move had left the computer thinking, and they left then
    t.computer_running = True
    t.detach(0)
    assert t.local is not None, "released while the computer was still moving"
    t._computer_done()  # its last move ended the game
    assert t.local is None and t.state == "over"
    assert reg.seats_of(user) == []  # nothing left to go back to


def test_a_table_played_without_sessions_keeps_its_game(tmp_path: Path) -> None:
    """Tools and tests that drive a table directly may still read the finished game."""
    reg = Registry(tmp_path)
    t = reg.create(User("a", "SHA256:a"), DECKS[0])
    reg.join(User("b", "SHA256:b"), t.id, DECKS[1])
    rng = random.Random(5)
    while (d := t.local.pending()) is not None:
        t.act(d.player, rng.choice([x for x in d.texts if x != "cancel"] or d.texts))
    assert t.local is not None and t.local.over
    reg.shutdown()


def test_results_packed_and_unpacked_are_the_same_new_objects(tmp_path: Path) -> None:
    """When the server is empty the finished tables' results and the keys' action times
    are packed into one bytes object, collected, and made anew (pmtui/net/memory.py):
    the lobby lists the same, the limits count the same, and nothing made during play
    is kept but the new objects."""
    reg = Registry(tmp_path)
    finished = []
    for i in range(2):
        t = play_to_the_end(reg, i)
        for seat in (0, 1, None):
            t.detach(seat)
        finished.append(t)
    waiting = reg.create(User("carol", "SHA256:carol"), DECKS[0])
    listed = [(t.id, t.describe(), t.names(), t.state, t.game) for t in reg.listing()]
    times = {k: list(q) for k, q in reg._actions.items()}
    old = [(t, t.result, t.seats[0]) for t in finished]

    blob = reg.pack_results()
    assert isinstance(blob, bytes)
    assert [t.id for t in reg.listing()] == [waiting.id]  # the unfinished one stays
    assert reg._actions == {}
    reg.unpack_results(blob)

    assert [(t.id, t.describe(), t.names(), t.state, t.game) for t in reg.listing()] == listed
    assert {k: list(q) for k, q in reg._actions.items()} == times
    assert reg.get(waiting.id) is waiting
    for (t, result, seat), new in zip(old, [reg.get(t.id) for t in finished], strict=True):
        assert new is not t and new.result == result and new.result is not result
        assert new.seats[0] == seat and new.seats[0] is not seat
        assert new.local is None and new.writer is None and new.path == t.path
        with pytest.raises(TableError, match="is over"):
            SeatTable(new, 0)
