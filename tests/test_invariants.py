"""Invariants over many random games, checked after every single event.

Each game is played by two random players (who see only their views); its log
is then folded again event by event and the state checked after each one.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from helpers import decks, new_game, rs

from pmtui.ai import RandomPlayer
from pmtui.engine import Game, State, apply_event
from pmtui.engine.views import LazyView
from pmtui.table.games import builtin_decks, make_header

GAMES = 320
CHUNKS = 16
PAIRS = list(itertools.product(builtin_decks(), repeat=2))
AREA = ("main", "support")


def play_checked(seed: int, names: tuple[str, str]) -> Game:
    """A whole random game; every pending decision must offer something."""
    ruleset = rs()
    header = make_header(ruleset, decks(names), seed, [{"name": "a"}, {"name": "b"}], "test")
    game = Game(ruleset, header, hashing=False)
    players = [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]
    for _ in range(20000):
        d = game.pending()
        if d is None:
            return game
        assert d.options, f"seed {seed}: {d.kind} decision with no option"
        assert len(set(d.texts)) == len(d.texts), f"seed {seed}: two options share a notation"
        game.act(players[d.player].choose(LazyView(ruleset, game.state, d.player), d), d.player)
    raise AssertionError(f"seed {seed}: no end after 20000 decisions")


def check(state: State, sizes: list[int], where: str) -> None:
    """Every invariant, on the whole state (kept cheap: it runs after every event)."""
    defs = rs().t.defs
    cards = state.cards
    placed: list[int] = []
    count = [0, 0]
    for key, uids in state.zones.items():
        if not uids:
            continue
        p = int(key[0])
        count[p] += len(uids)
        placed += uids
        points = key.endswith("/points")
        bad = [
            u
            for u in uids
            if (c := cards[u]).zone != key or c.owner != p or (not points and "down" in c.f)
        ]
        assert not bad, f"{where}: card {bad[0]} ({cards[bad[0]]}) misplaced in {key}"
    assert len(placed) == len(set(placed)) == len(cards), f"{where}: a card in 0 or 2 zones"
    for p in (0, 1):
        assert count[p] == sizes[p], f"{where}: player {p} has {count[p]} cards"
        main = state.zones.get(f"{p}/main", [])
        assert len(main) <= 5, f"{where}: {len(main)} charas in player {p}'s Main Area"
        for u in main:
            d = defs[cards[u].cid]
            assert d.type == "chara" and d.has_apdp, f"{where}: {d.id} in the Main Area"
        bases = [defs[cards[u].cid].base_id for z in AREA for u in state.zones.get(f"{p}/{z}", [])]
        assert len(bases) == len(set(bases)), f"{where}: two copies in player {p}'s Area"
        points = state.zones.get(f"{p}/points", [])
        assert len(points) <= 7, f"{where}: player {p} has {len(points)} point cards"
        for u in state.zones.get(f"{p}/attached", []):
            host = cards[u].f.get("host")
            assert host is not None and cards[host].zone in (f"{p}/main", f"{p}/support"), (
                f"{where}: support {u} set on a chara that is not in the Area"
            )


def refold_and_check(game: Game) -> int:
    sizes = [len(d["main"]) + len(d.get("ex", ())) for d in game.header["decks"]]
    state = State()
    n = 0
    for rec in game.records:
        if rec["type"] != "event":
            continue
        apply_event(state, rec["event"])
        n += 1
        check(state, sizes, f"seed {game.seed} event {rec['seq']} ({rec['event'].get('why')})")
    assert state.to_json() == game.state.to_json()
    return n


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_hold_after_every_event(chunk: int) -> None:
    per = GAMES // CHUNKS
    for i in range(chunk * per, (chunk + 1) * per):
        seed = 1000 + i
        game = play_checked(seed, PAIRS[i % len(PAIRS)])
        over = game.over
        assert over is not None and over["reason"]
        assert refold_and_check(game) > 0
        last: Any = game.records[-1]
        assert last["type"] == "event" and last["event"]["t"] == "end"


def test_all_deck_pairs_are_played() -> None:
    assert {PAIRS[i % len(PAIRS)] for i in range(GAMES)} == set(PAIRS)


def test_the_checker_is_not_vacuous() -> None:
    game = new_game(7)
    sizes = [len(d["main"]) + len(d.get("ex", ())) for d in game.header["decks"]]
    state = game.state.copy()
    check(state, sizes, "as played")
    deck = state.zones["0/deck"]
    for u in deck[:6]:  # six charas or not, the Main Area cannot hold six cards
        apply_event(state, {"t": "move", "card": u, "from": "0/deck", "to": "0/main"})
    with pytest.raises(AssertionError, match="Main Area"):
        check(state, sizes, "six in the Main Area")
    state = game.state.copy()
    state.cards[deck[0]].zone = "0/hand"
    with pytest.raises(AssertionError, match="misplaced in 0/deck"):
        check(state, sizes, "zone field out of step")
