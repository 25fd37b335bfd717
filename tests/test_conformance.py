"""One API test over every registered ruleset (as OpenSpiel runs one over every game).

For each ruleset the registry knows (the toy included: tests/conftest.py registers
it), random games from several seeds are played to their end, and along the way:

- every option's text parses with the ruleset's notation and prints back the same;
- re-executing the log from the seed gives the same events (verify);
- `concealed` is None or answers for every card (and only a hook gets events noted);
- no view and no redacted event shows a viewer a card they may not know: a card
  in a zone they cannot see, or one the ruleset conceals from them;
- folding the logged events gives the game's state;
- a `var` event setting none of `end_vars` never changes what `end_check` answers;
- undoing a decision and making it again gives the same state;
- the save file written and read back gives the same game;
- a blind pick (options naming hidden positions, `hand#2`) names no card and offers
  the same whatever the cards its player cannot see are;
- a window restricted to one kind of answer (pmtui.engine.chain's mode) is one the
  screen names, with a stop, what alone may answer there, and a way to pass.
"""

from __future__ import annotations

import random
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmtui.engine.chain import window_mode
from pmtui.engine.decision import CHANCE, Decision
from pmtui.engine.game import Game
from pmtui.engine.journal import JournalWriter, read_journal
from pmtui.engine.notation import HIDDEN
from pmtui.engine.ruleset import Ruleset
from pmtui.engine.state import State, apply_event, fold
from pmtui.engine.views import (
    SecretDecisions,
    named_cards,
    redact,
    redact_decision,
    view,
    visible,
)
from pmtui.table.games import make_header
from pmtui.table.registry import known, ruleset

SEEDS = (1, 2, 3)
REF = re.compile(r"@(\d+)\b")  # a card's number in an option text (ID@N)
MAX_DECISIONS = 5000  # a random game that has not ended by then is a bug in the ruleset


def _missing(rid: str) -> list[str]:
    """Members of the Ruleset protocol that this ruleset does not have (yet)."""
    rs = ruleset(rid)
    return sorted(n for n in typing._get_protocol_attrs(Ruleset) if not hasattr(rs, n))  # type: ignore[attr-defined]


def _params() -> list[object]:
    """Every registered ruleset. One still moving behind the contract is expected to fail
    where it lacks a member (an AttributeError, nothing else), and says which it lacks."""
    out: list[object] = []
    for rid in known():
        missing = _missing(rid)
        marks = [pytest.mark.xfail(raises=AttributeError, strict=False,
                                   reason=f"{rid} lacks {', '.join(missing)}")] if missing else []
        out.append(pytest.param(rid, marks=marks, id=rid))
    return out


RULESETS = _params()


def new_game(rs: Ruleset, seed: int, **extra: Any) -> Game:
    names = rs.builtin_decks()
    decks = [rs.load_deck(names[i % len(names)]) for i in range(2)]
    players = [{"name": f"random-{i + 1}", "kind": "random"} for i in range(2)]
    header = make_header(rs, decks, seed, players, mode="simulate", **extra)
    return Game(rs, header)


def playout(rs: Ruleset, seed: int, game: Game | None = None) -> Iterator[Game]:
    """A random game to its end, yielding the game before every decision."""
    game = game or new_game(rs, seed)
    r = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        d = game.pending()
        if d is None:
            return
        yield game
        game.act(d.texts[r.randrange(len(d.texts))], d.player)
    pytest.fail(f"{rs.id} seed {seed}: no end after {MAX_DECISIONS} random decisions")


def play_to_end(rs: Ruleset, seed: int) -> Game:
    game = new_game(rs, seed)
    for _ in playout(rs, seed, game):
        pass
    return game


@pytest.fixture(scope="module", params=RULESETS)
def played(request: pytest.FixtureRequest) -> tuple[Ruleset, list[Game]]:
    rs = ruleset(request.param)
    games = []
    for seed in SEEDS:
        games.append(play_to_end(rs, seed))
    return rs, games


def test_the_toy_is_registered_and_complete() -> None:
    assert {"toy", "precious_memories"} <= set(known())
    assert _missing("toy") == [] and _missing("precious_memories") == []


@pytest.mark.parametrize("rid", RULESETS)
def test_the_ruleset_has_every_member_of_the_contract(rid: str) -> None:
    missing = _missing(rid)
    if missing:
        raise AttributeError(f"{rid} lacks {', '.join(missing)}")


def test_concealed_is_none_or_answers_for_every_card(played: tuple[Ruleset, list[Game]]) -> None:
    """`concealed` is a member of the contract: None (no face-down cards, and then the
    engine notes nothing in the events) or a hook answering a bool for any card and viewer;
    a ruleset with the hook has some card concealed from someone in its random games."""
    rs, games = played
    hook = rs.concealed
    assert hook is None or callable(hook), f"{rs.id}: concealed is {hook!r}"
    noted = [
        r for game in games for r in game.records
        if r.get("type") == "event" and ("concealed" in r["event"] or "unveiled" in r["event"])
    ]
    if hook is None:
        assert not noted, f"{rs.id}: notes without a concealed hook: {noted[:1]}"
        return
    assert noted, f"{rs.id}: a concealed hook, yet no card was ever concealed"
    for game in games:
        state = game.state
        for c in state.cards:
            for viewer in (0, 1, None):
                assert isinstance(hook(state, c.uid, viewer), bool), f"{rs.id}: {c.uid}"


def test_the_sandbox_menus_speak_the_rulesets_notation(
    played: tuple[Ruleset, list[Game]],
) -> None:
    """Positions' sandbox members: every place names a seat and a zone of the ruleset,
    each riders entry a card, moments have unique keys (at most one current), and each
    suggestion's verb is one of the notation's."""
    rs, games = played
    pos = rs.positions
    zones = {*pos.zones, *pos.areas}
    for game in games:
        state = game.state
        assert pos.suggestions(state, None), f"{rs.id}: nothing to ask about"
        moments = pos.moments(state)
        assert len({m.key for m in moments}) == len(moments)
        assert sum(m.current for m in moments) <= 1
        for c in state.cards[:40]:
            places = pos.places(state, c.cid, c.owner, c.uid)
            assert places, f"{rs.id}: nowhere to put {c.cid}"
            assert len({p.key for p in places}) == len(places)
            for place in places:
                assert place.player == c.owner and place.zone in zones, f"{rs.id}: {place}"
            for u, what in pos.riders(state, c.uid):
                assert 0 <= u < len(state.cards) and what
            for text in pos.suggestions(state, c.uid):
                assert text.split()[0] in rs.notation.verbs, f"{rs.id}: {text!r}"


def test_random_games_end(played: tuple[Ruleset, list[Game]]) -> None:
    rs, games = played
    for game in games:
        assert game.over is not None
        assert game.pending() is None
        assert game.moves, f"{rs.id}: a game without a single decision"


@pytest.mark.parametrize("rid", RULESETS)
def test_every_option_round_trips_through_the_notation(rid: str) -> None:
    rs = ruleset(rid)
    seen = 0
    for game in playout(rs, SEEDS[0]):
        d = game.pending()
        assert d is not None and d.player != CHANCE  # the game draws chance itself
        for text in d.texts:
            move = rs.notation.parse(text)
            assert str(move) == text, f"{rid}: {text!r} prints back as {str(move)!r}"
            seen += 1
    assert seen


@pytest.mark.parametrize("rid", RULESETS)
def test_chance_outcomes_can_be_given_as_decisions(rid: str) -> None:
    """With "chance": "ask" every die or coin the rules leave to chance is asked like a
    decision (player CHANCE); given at random, the game still ends, its chance options
    round-trip through the notation, and the log re-executes to the same events."""
    rs = ruleset(rid)
    game = new_game(rs, SEEDS[0], chance="ask")
    r = random.Random(SEEDS[0])
    asked = 0
    for _ in range(MAX_DECISIONS):
        d = game.pending()
        if d is None:
            break
        if d.player == CHANCE:
            asked += 1
            for text in d.texts:
                assert str(rs.notation.parse(text)) == text
        game.act(d.texts[r.randrange(len(d.texts))], d.player)
    assert game.over is not None, f"{rid}: no end with chance asked"
    again = Game.from_records(rs, game.header, game.records[1:], verify=True)
    assert again.records == game.records
    fixed = [rec for rec in game.records if rec.get("type") == "decision"
             and rec.get("player") == CHANCE]
    assert len(fixed) == asked
    if rid == "toy":  # a game known to roll for its attacks: the check did check something
        assert asked > 0


def test_re_execution_reproduces_the_events(played: tuple[Ruleset, list[Game]]) -> None:
    rs, games = played
    for game in games:
        again = Game.from_records(rs, game.header, game.records[1:], verify=True)
        assert again.records == game.records


def test_fold_of_the_events_is_the_state(played: tuple[Ruleset, list[Game]]) -> None:
    rs, games = played
    for game in games:
        evs = [r["event"] for r in game.records if r.get("type") == "event"]
        assert fold(evs).to_json() == game.state.to_json()


def test_end_vars_names_every_variable_the_victory_check_reads(
    played: tuple[Ruleset, list[Game]],
) -> None:
    """`end_vars` (docs/rulesets.md): the engine skips the victory check after a `var`
    event that sets none of them, so such an event must never change what the check
    answers. Folded event by event, the answer after each skipped one is the answer
    before it."""
    rs, games = played
    names = rs.end_vars
    assert names is None or isinstance(names, frozenset), f"{rs.id}: end_vars is {names!r}"
    if names is None:
        return
    skipped = 0
    for game in games:
        state = State()
        for r in game.records:
            if r.get("type") != "event":
                continue
            ev = r["event"]
            before = rs.end_check(state) if ev["t"] == "var" else None
            apply_event(state, ev)
            if ev["t"] == "var" and names.isdisjoint(ev["set"]):
                skipped += 1
                assert rs.end_check(state) == before, f"{rs.id}: {ev} changed the end"
    assert skipped, f"{rs.id}: no var event was ever skipped"


def test_save_and_load_round_trip(
    played: tuple[Ruleset, list[Game]], tmp_path: Path
) -> None:
    rs, games = played
    for i, game in enumerate(games):
        path = tmp_path / f"{rs.id}-{i}.jsonl"
        with JournalWriter(path, game.header) as w:
            w.write(game.records[1:])
        loaded = read_journal(path)
        assert loaded.header["ruleset"] == rs.id
        again = Game.from_records(rs, loaded.header, loaded.records, verify=True)
        assert again.state.to_json() == game.state.to_json()
        assert again.moves == game.moves


def test_undo_then_redo_gives_the_same_state(played: tuple[Ruleset, list[Game]]) -> None:
    rs, games = played
    for game in games:
        r = random.Random(len(game.moves))
        n = len(game.moves)
        for keep in sorted({0, n // 2, max(n - 3, 0), r.randrange(n)}):
            copy = Game.from_records(rs, game.header, game.records[1:])
            copy.undo(keep)
            assert copy.state.to_json() == game.state_after(keep).to_json()
            for player, text in game.moves[keep:]:
                copy.act(text, player)
            assert copy.state.to_json() == game.state.to_json(), f"{rs.id}: undo to {keep}"


# -- hidden information ------------------------------------------------------------------------


def _unknown(rs: Ruleset, state: State, viewer: int | None) -> set[int]:
    """Cards `viewer` may not know now: in a zone they cannot see, or concealed from them."""
    hook = rs.concealed
    return {
        c.uid for c in state.cards
        if c.zone and (
            not visible(rs, c.zone, viewer) or (hook is not None and hook(state, c.uid, viewer))
        )
    }


def _named(ev: dict[str, Any]) -> set[int]:
    """Card numbers an event (as a viewer gets it) names."""
    out: set[int] = set()
    if isinstance(ev.get("card"), int) and ev.get("t") in ("move", "flag"):
        out.add(ev["card"])
    for c in ev.get("cards", ()) if ev.get("t") in ("flag", "create") else ():
        if isinstance(c, int):
            out.add(c)
        elif isinstance(c, list) and c and isinstance(c[0], int):
            out.add(c[0])
    if ev.get("t") == "shuffle":
        out.update(ev.get("order", ()))
    return out


def _named_cids(ev: dict[str, Any]) -> bool:
    return ev.get("t") == "move" and ev.get("cid") is not None


@pytest.mark.parametrize("rid", RULESETS)
def test_views_and_events_never_show_what_a_viewer_may_not_know(rid: str) -> None:
    rs = ruleset(rid)
    for seed in SEEDS[:2]:
        game = play_to_end(rs, seed)
        viewers = (0, 1, None)
        state = State()
        for rec in game.records[1:]:
            if rec.get("type") != "event":
                continue
            ev = rec["event"]
            before = {v: _unknown(rs, state, v) for v in viewers}
            apply_event(state, ev)
            for v in viewers:
                after = _unknown(rs, state, v)
                secret = before[v] & after  # neither before nor after: it stays a secret
                seen = redact(rs, ev, v)
                leaked = _named(seen) & secret
                assert not leaked, f"{rid} seed {seed}: {ev} shows {v} cards {leaked}"
                if ev.get("t") == "move" and ev.get("card") in secret:
                    assert not _named_cids(seen), f"{rid}: {ev} shows {v} the card id"
                assert "concealed" not in seen and "unveiled" not in seen
        for v in viewers:
            _check_view(rs, state, v)


# Found by the test below on every game but the toy: a play declared from the hand and
# then given up left its card named in the log the opponent reads (Precious Memories
# "summon X@81 main" then cancel). The log is read through views.SecretDecisions, as the
# table log, SSH sessions and the replay viewer read it.
@pytest.mark.parametrize("rid", RULESETS)
def test_logged_decisions_never_name_what_a_viewer_may_not_know(rid: str) -> None:
    """A decision as another player reads it names no card they could not know before
    it and cannot know after its events (a card played from a hand is known once it
    lies on the table, or once it is revealed to them, until it moves again)."""
    rs = ruleset(rid)
    for seed in SEEDS[:2]:
        game = play_to_end(rs, seed)
        # read as every surface reads the log (table log, SSH, replay): through the one
        # boundary that keeps a declared play secret until it is confirmed
        secrets = SecretDecisions(rs)
        secrets.feed(game.records)
        state = State()
        pending: list[tuple[dict[str, Any], dict[int | None, set[int]]]] = []
        shown: dict[int | None, set[int]] = {v: set() for v in (0, 1, None)}

        for rec in [*game.records[1:], {"type": "decision", "player": None}]:
            if rec.get("type") == "decision":  # the one before is complete: check it
                for done, before in pending:
                    for v, unknown in before.items():
                        if v == done.get("player"):
                            continue
                        # as the log stood when the next decision came (at the end: all of it)
                        if secrets.hides(done.get("seq"), v, rec.get("seq")):
                            continue  # only its kind is shown
                        text = str(redact_decision(done, v).get("action", ""))
                        named = {int(n) for n in REF.findall(text)}
                        leaked = named & unknown & _unknown(rs, state, v) - shown[v]
                        assert not leaked, f"{rid}: {done['action']!r} read by {v}: {leaked}"
                pending = [(rec, {v: _unknown(rs, state, v) - shown[v] for v in (0, 1, None)})]
            elif rec.get("type") == "event":
                ev = rec["event"]
                apply_event(state, ev)
                told = {u for u in ev.get("cards") or [ev.get("card")] if isinstance(u, int)}
                if ev["t"] == "reveal":
                    for v in shown:
                        shown[v] |= told
                elif ev["t"] == "look":
                    shown[ev.get("player")] |= told
                elif ev["t"] == "move":
                    for v in shown:
                        shown[v] -= told


def _check_view(rs: Ruleset, state: State, viewer: int | None) -> None:
    hook = rs.concealed
    shown = view(rs, state, viewer)
    for key, cards in shown["zones"].items():
        if not visible(rs, key, viewer):
            assert isinstance(cards, int), f"{rs.id}: {key} shown to {viewer}"
            continue
        uids = state.zones.get(key, [])
        assert len(cards) == len(uids)
        for c, uid in zip(cards, uids, strict=True):
            if hook is not None and hook(state, uid, viewer):
                assert c["uid"] is None and c["cid"] is None, f"{rs.id}: {key} {c}"
            else:
                assert c["uid"] == uid and c["cid"] == state.cards[uid].cid


# -- the contract's extensions: blind picks and restricted windows ----------------------------


@pytest.fixture(scope="module", params=RULESETS)
def picks_and_windows(
    request: pytest.FixtureRequest,
) -> tuple[Ruleset, list[tuple[State, Decision]], list[tuple[State, Decision]]]:
    """More random games per ruleset, keeping the states of its blind picks and of its
    decisions inside restricted windows."""
    rs = ruleset(request.param)
    picks, windows = [], []
    for seed in (4, 5, 6):
        for game in playout(rs, seed):
            d = game.pending()
            assert d is not None
            if any(HIDDEN.fullmatch(w) for t in d.texts for w in t.split()):
                picks.append((game.state.copy(), d))
            if window_mode(game.state.vars):
                windows.append((game.state.copy(), d))
    return rs, picks, windows


def _mixed(rs: Ruleset, state: State, player: int, r: random.Random) -> State:
    """`state` with the cards of every zone `player` cannot see in another order (each
    card number now another card of that zone): what they cannot tell apart."""
    out = state.copy()
    for key, uids in out.zones.items():
        if visible(rs, key, player) or len(uids) < 2:
            continue
        cids = [out.cards[u].cid for u in uids]
        r.shuffle(cids)
        for u, cid in zip(uids, cids, strict=True):
            out.cards[u].cid = cid
    return out


def test_a_blind_pick_names_positions_never_cards(
    picks_and_windows: tuple[Ruleset, list[tuple[State, Decision]], list[tuple[State, Decision]]],
) -> None:
    rs, picks, _ = picks_and_windows
    r = random.Random(0)
    for state, d in picks:
        assert isinstance(d.player, int)
        for text in d.texts:
            hidden = [w for w in text.split() if HIDDEN.fullmatch(w)]
            assert not hidden or not named_cards(text), f"{rs.id}: {text!r} names a card"
        for _ in range(3):
            again = rs.decision(_mixed(rs, state, d.player, r))
            assert again is not None and again.texts == d.texts, (
                f"{rs.id}: the blind pick {d.texts} changes with cards its player cannot see")
    if rs.id == "toy":  # T5e: the toy's pilfer is one, so the check above is not empty
        assert picks and all(d.kind == "pilfer" for _, d in picks)


def test_a_restricted_window_is_named_by_the_screen(
    picks_and_windows: tuple[Ruleset, list[tuple[State, Decision]], list[tuple[State, Decision]]],
) -> None:
    """In a window restricted to one kind of answer, the screen's window for the decision
    says what alone may answer, names one of its stops (the table passes there by the
    player's settings) and passing is one of the options."""
    rs, _, windows = picks_and_windows
    spec = rs.screen
    stops = {st.name for st in spec.stops}
    for state, d in windows:
        if d.player == CHANCE or spec.words.pass_text not in d.texts:
            continue  # a die rolled or a pick made inside the window: no answer asked
        assert isinstance(d.player, int)
        w = spec.window(d, view(rs, state, d.player))
        mode = window_mode(state.vars)
        assert w is not None and w.only, f"{rs.id}: a {mode!r} window the screen does not name"
        assert w.stop in stops, f"{rs.id}: window stop {w.stop!r} is not among {stops}"
    if rs.id == "toy":  # T5d: the snare window is one
        assert any(d.kind == "respond" for _, d in windows)
