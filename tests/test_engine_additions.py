"""Engine additions the next games need: rolls, chance decisions, shared zones,
face-down (concealed) cards in public zones, undo across rolls, a game-free chain.

The toy ruleset (tests/toy) is the game; its rules sections are T1..T4.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from toy.ruleset import BOARD, RELICS, Toy, at

from pmtui.engine import chance
from pmtui.engine.context import Context, GameOver
from pmtui.engine.decision import CHANCE, Decision, IllegalAction, Option
from pmtui.engine.game import Game
from pmtui.engine.state import State, apply_event, fold, shared_zone
from pmtui.engine.views import redact, view, visible
from pmtui.table.undo import reveals_to, undo_targets

RS = Toy()
VIEWERS = (0, 1, None)


def new(seed: int = 1, **header: Any) -> Game:
    return Game(RS, {"seed": seed, "players": [{}, {}], **header})


def events(game: Game) -> list[dict[str, Any]]:
    return [r["event"] for r in game.records if r.get("type") == "event"]


def play_random(game: Game, seed: int, stop: Any = None) -> Game:
    r = random.Random(seed)
    while (d := game.pending()) is not None:
        if stop is not None and stop(game, d):
            break
        game.act(r.choice(d.texts), d.player)
    return game


def attack_now(game: Game) -> str:
    """Play until an attack is possible; returns its text (placing creatures on the way)."""
    r = random.Random(0)
    for _ in range(200):
        d = game.pending()
        attacks = [t for t in d.texts if t.startswith("attack")]
        if attacks:
            return attacks[0]
        places = [t for t in d.texts if t.startswith("place")]
        game.act(places[0] if places else r.choice(d.texts), d.player)
    raise AssertionError("no attack came up")


# -- the roll event ------------------------------------------------------------------------


def test_roll_and_flip_log_their_faces_and_advance_the_counter() -> None:
    state = State()
    ctx = Context(state, seed=7)
    faces = ctx.roll(6, 3, why="test")
    heads = ctx.flip(why="coin")
    roll, flip = ctx.events
    assert roll == {"t": "roll", "sides": 6, "faces": faces, "rng": 1, "why": "test"}
    assert len(faces) == 3 and all(1 <= f <= 6 for f in faces)
    assert flip["coin"] is True and flip["sides"] == 2 and flip["rng"] == 2
    assert heads == (flip["faces"] == [1])
    assert state.vars["rng"] == 2
    again = Context(State(), seed=7)
    assert again.roll(6, 3, why="test") == faces  # same seed, same counter: same faces
    with pytest.raises(ValueError):
        ctx.roll(0)


def test_folding_rolls_is_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """T3: a game with rolls folds back to its state from the events alone, no RNG."""
    game = play_random(new(3), 3)
    evs = events(game)
    assert any(e["t"] == "roll" for e in evs)

    def no_rng(*_a: Any, **_k: Any) -> None:
        raise AssertionError("the fold drew randomness")

    monkeypatch.setattr(random, "Random", no_rng)
    folded = fold(evs)
    assert folded.to_json() == game.state.to_json()
    assert folded.vars["rng"] == game.state.vars["rng"]


# -- chance decisions ------------------------------------------------------------------------


def test_chance_is_resolved_by_the_game_and_logged_only_as_a_roll() -> None:
    game = new(5)
    text = attack_now(game)
    before = len(game.moves)
    game.act(text)
    assert game.pending().player != CHANCE  # resolved inside the same step
    assert len(game.moves) == before + 1
    assert all(r.get("player") != CHANCE for r in game.records if r.get("type") == "decision")
    rolls = [e for e in events(game) if e["t"] == "roll" and e.get("chance") == "hit"]
    assert len(rolls) == 1 and rolls[0]["outcome"] in {f"roll {f}" for f in range(1, 7)}
    assert "rng" in rolls[0] and "fixed" not in rolls[0]
    again = Game.from_records(RS, game.header, game.records[1:], verify=True)
    assert again.state.to_json() == game.state.to_json()


@pytest.mark.parametrize(("face", "hits"), [(1, False), (2, False), (3, True), (6, True)])
def test_a_scenario_fixes_the_die(face: int, hits: bool) -> None:
    """T3: an attack hits on 3 or more; with "chance": "ask" the outcome is given as a choice."""
    game = new(5, chance="ask")
    text = attack_now(game)
    me = game.pending().player
    hp_before = list(game.state.vars["hp"])
    game.act(text)
    d = game.pending()
    assert d.player == CHANCE and d.kind == "hit"
    assert d.texts == [f"roll {f}" for f in range(1, 7)]
    with pytest.raises(IllegalAction, match="chance's decision"):
        game.act(f"roll {face}", me)
    game.act(f"roll {face}", CHANCE)
    hp = game.state.vars["hp"]
    assert (hp[1 - me] < hp_before[1 - me]) is hits
    rec = [r for r in game.records if r.get("type") == "decision"][-1]
    assert rec["player"] == CHANCE and rec["action"] == f"roll {face}"
    roll = [e for e in events(game) if e["t"] == "roll"][-1]
    assert roll["fixed"] is True and "rng" not in roll
    again = Game.from_records(RS, game.header, game.records[1:], verify=True)
    assert again.state.to_json() == game.state.to_json()


def test_chance_outcomes_and_weighted_sampling() -> None:
    d = Decision(CHANCE, "sum", (Option("two", weight=1), Option("seven", weight=6),
                                 Option("never", weight=0)))
    probs = {o.text: p for o, p in chance.outcomes(d)}
    assert probs == {"two": pytest.approx(1 / 7), "seven": pytest.approx(6 / 7)}
    r = random.Random(1)
    drawn = [chance.sample(d, r).text for _ in range(700)]
    assert "never" not in drawn and 500 < drawn.count("seven") < 700
    with pytest.raises(ValueError):
        chance.sample(Decision(CHANCE, "none", (Option("x", weight=0),)), r)
    with pytest.raises(ValueError):
        chance.resolve(RS, Context(State(), 0), Decision(0, "main", (Option("end"),)))


def test_rolls_in_words() -> None:
    assert chance.roll_text({"t": "roll", "sides": 6, "faces": [4], "why": "roll"}) == (
        "d6: 4 (roll)")
    assert chance.roll_text({"t": "roll", "sides": 6, "faces": [3, 5]}) == "2d6: 3 5"
    assert chance.roll_text({"t": "roll", "sides": 2, "faces": [2], "coin": True}) == (
        "coin: tails")
    assert chance.roll_text({"t": "roll", "chance": "hit", "outcome": "roll 4",
                             "why": "The attack's die", "fixed": True}) == (
        "hit: roll 4 (The attack's die), fixed")


# -- shared zones ----------------------------------------------------------------------------


class _Vis:
    visibility = {"board": "public", "pool": "owner", "deck": "hidden"}


def test_shared_zones_are_nobodys() -> None:
    assert shared_zone("board") == "shared/board"
    for viewer in VIEWERS:
        assert visible(_Vis, "shared/board", viewer)
        assert not visible(_Vis, "shared/pool", viewer)  # "owner": no owner, so nobody
        assert not visible(_Vis, "shared/deck", viewer)
    assert visible(_Vis, "0/pool", 0) and not visible(_Vis, "0/pool", 1)


# -- face-down cards in public zones ------------------------------------------------------------


def _on_board(game: Game, viewer: int | None, cell: str) -> dict[str, Any]:
    [card] = [c for c in view(RS, game.state, viewer)["zones"][BOARD] if c["cell"] == cell]
    return card


def test_the_face_down_relic_shows_as_a_back_to_everyone() -> None:
    """T1: nobody knows which relic lies on b2, its owner included."""
    game = new(2)
    uid = at(game.state, "b2")
    assert game.state.cards[uid].cid in RELICS
    for viewer in VIEWERS:
        back = _on_board(game, viewer, "b2")
        assert back["uid"] is None and back["cid"] is None and back["concealed"] is True
        assert back["down"] is True
        dumped = json.dumps(view(RS, game.state, viewer))
        assert not any(relic in dumped for relic in RELICS)  # the other one is in the box
        moves = [redact(RS, e, viewer) for e in events(game) if e["t"] == "move"]
        relic_move = next(m for m in moves if m.get("f", {}).get("cell") == "b2")
        assert relic_move["card"] is None and "cid" not in relic_move
        assert "concealed" not in relic_move and "unveiled" not in relic_move


def _set_trap(game: Game) -> tuple[int, int, str]:
    for _ in range(200):
        d = game.pending()
        sets = [t for t in d.texts if t.startswith("set ")]
        if sets:
            game.act(sets[0])
            cell = sets[0].split()[1]
            return d.player, at(game.state, cell), cell
        game.act("end" if "end" in d.texts else d.texts[0], d.player)
    raise AssertionError("no trap came up")


def test_a_set_trap_is_its_owners_secret_until_sprung() -> None:
    """T3: the owner sees their set trap; the opponent and spectators see its back."""
    game = new(4)
    owner, uid, cell = _set_trap(game)
    mine = _on_board(game, owner, cell)
    assert mine["uid"] == uid and mine["cid"] == "TOY-04"
    for viewer in (1 - owner, None):
        back = _on_board(game, viewer, cell)
        assert back["uid"] is None and back["cid"] is None and back["owner"] == owner
        set_move = redact(RS, events(game)[-1], viewer)
        assert set_move["t"] == "move" and set_move["card"] is None and "cid" not in set_move
    assert redact(RS, events(game)[-1], owner)["cid"] == "TOY-04"
    # spring it on the owner's next turn: turned face up, new information for the opponent
    while not (game.pending().player == owner and f"spring {cell}" in game.pending().texts):
        game.act("end")
    n = len(game.records)
    game.act(f"spring {cell}")
    new_events = [r["event"] for r in game.records[n:] if r.get("type") == "event"]
    flip = next(e for e in new_events if e["t"] == "flag")
    assert redact(RS, flip, 1 - owner)["card"] == uid  # face up now: the card is known
    assert reveals_to(RS, flip, 1 - owner) and not reveals_to(RS, flip, owner)


def test_no_view_or_redacted_event_names_a_concealed_card() -> None:
    """Over whole random games: whatever is concealed from a viewer never reaches them."""
    for seed in range(8):
        game = new(seed)
        r = random.Random(seed)
        while (d := game.pending()) is not None:
            game.act(r.choice(d.texts), d.player)
        state = State()
        for ev in events(game):
            before = {v: _secret(state, v) for v in VIEWERS}
            apply_event(state, ev)
            after = {v: _secret(state, v) for v in VIEWERS}
            for v in VIEWERS:
                seen = redact(RS, ev, v)
                ids = _cards_named(seen)
                assert not (ids & (before[v] & after[v])), (seed, v, ev, seen)
                for key, cards in view(RS, state, v)["zones"].items():
                    if isinstance(cards, list):
                        assert not ({c["uid"] for c in cards} & after[v]), (key, v)


def _secret(state: State, viewer: int | None) -> set[int]:
    """Cards the viewer may not know: in a zone they cannot see, or concealed from them."""
    return {
        c.uid for c in state.cards
        if not visible(RS, c.zone, viewer) or RS.concealed(state, c.uid, viewer)
    }


def _cards_named(ev: dict[str, Any]) -> set[int]:
    named: set[int] = set()
    if isinstance(ev.get("card"), int):
        named.add(ev["card"])
    for c in ev.get("cards", ()):
        if isinstance(c, int):
            named.add(c)
        elif isinstance(c, list) and isinstance(c[0], int):
            named.add(c[0])
    named.update(ev.get("order", ()))
    return named


# -- undo across rolls ---------------------------------------------------------------------------


def test_a_roll_is_new_information_for_network_undo() -> None:
    assert reveals_to(RS, {"t": "roll", "sides": 6, "faces": [2]}, 0)
    game = new(5, mode="ssh")
    text = attack_now(game)
    me = game.pending().player
    game.act(text)  # the die is rolled inside this step
    assert undo_targets(game, me, "ssh") == []
    assert undo_targets(game, me, "computer")  # local modes may still go back


def test_undo_then_redo_rolls_the_same() -> None:
    """The RNG counter is in the state: taking back an attack does not re-roll the die."""
    game = new(5)
    text = attack_now(game)
    keep = len(game.moves)
    game.act(text)
    after = game.state.to_json()
    game.undo(keep)
    game.act(text)
    assert game.state.to_json() == after


# -- the chain helper -----------------------------------------------------------------------------


def test_the_chain_helper_speaks_no_game() -> None:
    src = Path(__file__).parents[1].joinpath("pmtui/engine/chain.py").read_text().lower()
    for word in ("precious", "decline", "approach", "interfere", "chara", "support"):
        assert word not in src
    from pmtui.engine import chain

    state = State()
    ctx = Context(state, 0)
    chain.push(ctx, {"what": "a"}, 0)
    chain.push(ctx, {"what": "b"}, 1)
    assert chain.holder(state.vars) == 0
    assert chain.pass_response(ctx) is None
    assert [e["what"] for e in chain.pass_response(ctx)] == ["b", "a"]
    assert "chain" not in state.vars


def test_the_board_is_a_shared_public_zone() -> None:
    """T2: one shared board everyone sees; the relic box is shared and nobody's to see."""
    game = new(1)
    assert BOARD == "shared/board"
    for v in VIEWERS:
        assert visible(RS, BOARD, v)
        assert view(RS, game.state, v)["zones"]["shared/box"] == 1


# -- a game nobody saves, and the victory check after var events ------------------------------


def test_a_game_without_its_log_plays_the_same_and_counts_its_records() -> None:
    logged = play_random(new(5), 3)
    quiet = Game(RS, logged.header, hashing=False, log=False)
    for player, text in logged.moves:
        quiet.act(text, player)
    assert quiet.state.to_json() == logged.state.to_json()
    assert quiet.moves == logged.moves
    assert quiet.records == [quiet.header]  # nothing kept ...
    quiet.note("a note")  # ... yet the sequence numbers go on as in the logged game
    assert quiet._seq == len(logged.records) + 1
    with pytest.raises(ValueError, match="without its log"):
        quiet.hashing = True
    # asked for no log and for what needs one: refused, not a log kept after all
    with pytest.raises(ValueError, match="without its log"):
        Game(RS, logged.header, log=False)  # hashing is on by default
    with pytest.raises(ValueError, match="without its log"):
        Game(RS, logged.header, hashing=False, log=False, on_records=lambda recs: None)


def test_the_victory_check_skips_var_events_that_set_none_of_its_variables() -> None:
    asked: list[dict[str, Any]] = []

    def end_check(state: State) -> tuple[int | None, str] | None:
        asked.append(dict(state.vars))
        return (0, "score reached") if state.vars.get("score", 0) >= 3 else None

    ctx = Context(State(), 1, end_check, end_vars=frozenset({"score"}))
    ctx.emit({"t": "var", "set": {"phase": "main"}, "why": "not read by the check"})
    assert asked == []
    ctx.emit({"t": "var", "set": {"score": 2}, "why": "read by the check"})
    assert len(asked) == 1
    ctx.emit({"t": "say", "text": "hello"})  # other events are checked as ever
    assert len(asked) == 2
    with pytest.raises(GameOver):
        ctx.emit({"t": "var", "set": {"score": 3, "phase": "end"}, "why": "wins"})
    assert ctx.state.vars["over"] == {"winner": 0, "reason": "score reached"}
    every = Context(State(), 1, end_check)  # without end_vars: after every event
    every.emit({"t": "var", "set": {"phase": "main"}, "why": "checked"})
    assert len(asked) == 4
