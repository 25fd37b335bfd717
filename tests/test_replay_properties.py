"""Replay and hidden-information properties over random games (hypothesis, bounded).

A game is a log: folding its events gives the live state, re-executing its
decisions gives the same log byte for byte, and what reaches a player goes
through view/redact only.
"""

from __future__ import annotations

import json
from typing import Any

from helpers import DECKS, decks, random_game, rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmtui import cli
from pmtui.engine import Game, State, apply_event, fold, redact, state_hash, view, zkey
from pmtui.engine.hashes import DIGEST_EVERY, chain_link
from pmtui.engine.views import visible
from pmtui.table.games import builtin_decks
from pmtui.table.simulate import simulate

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
PAIRS = st.tuples(st.sampled_from(builtin_decks()), st.sampled_from(builtin_decks()))
FEW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TIMING = ("seconds", "games_per_s", "decisions_per_s")


def dump(records: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(r, sort_keys=True, separators=(",", ":")) for r in records)


def events(game: Game) -> list[dict[str, Any]]:
    return [r["event"] for r in game.records if r["type"] == "event"]


# -- the log is the game ------------------------------------------------------------------


@FEW
@given(seed=SEEDS, names=PAIRS)
def test_fold_of_the_logged_events_is_the_live_state(seed: int, names: tuple[str, str]) -> None:
    game = random_game(seed, names)
    assert fold(events(game)).to_json() == game.state.to_json()


@FEW
@given(seed=SEEDS, names=PAIRS)
def test_re_execution_reproduces_the_log_byte_for_byte(seed: int, names: tuple[str, str]) -> None:
    game = random_game(seed, names, hashing=True)
    again = Game.from_records(rs(), game.header, game.records[1:], verify=True)
    assert dump(again.records) == dump(game.records)
    assert again.state.to_json() == game.state.to_json()


@FEW
@given(seed=SEEDS)
def test_logged_state_hashes_match_a_re_fold(seed: int) -> None:
    game = random_game(seed, hashing=True)
    state = State()
    link = ""
    since = digests = 0
    records = game.records
    for i, rec in enumerate(records):
        if rec["type"] != "event":
            continue
        apply_event(state, rec["event"])
        link = chain_link(link, rec["event"])
        assert rec["chain"] == link, f"record {rec['seq']}"
        since += 1
        ends_commit = i + 1 == len(records) or records[i + 1]["type"] != "event"
        due = ends_commit and (since >= DIGEST_EVERY or rec["event"]["t"] == "end")
        assert ("digest" in rec) == due, f"record {rec['seq']}"  # exactly where it is due
        if due:
            assert rec["digest"] == state_hash(state), f"record {rec['seq']}"
            since, digests = 0, digests + 1
    assert "digest" in records[-1]  # the final state is always digested
    assert 0 < digests <= len(events(game)) // DIGEST_EVERY + 1


@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_simulate_is_deterministic_apart_from_timing(seed: int) -> None:
    pair = decks(DECKS)

    def run() -> dict[str, Any]:
        data = simulate(4, seed, lambda i: (pair[i % 2], pair[1 - i % 2])).to_json()
        return {k: v for k, v in data.items() if k not in TIMING}

    first = run()
    assert first == run()
    assert first["games"] == 4 and first["errors"] == 0


def test_cli_simulate_json_has_no_errors(capsys: Any) -> None:
    assert cli.main(["simulate", "--games", "30", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 30 and data["errors"] == 0
    assert data["p1_wins"] + data["p2_wins"] + data["draws"] == 30


# -- hidden information ------------------------------------------------------------------------


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()), *(strings(k) for k in value))
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value))
    return set()


def hidden_keys(state: State, player: int) -> list[str]:
    keys = [zkey(1 - player, "hand"), zkey(1 - player, "ex")] + [zkey(p, "deck") for p in (0, 1)]
    return [k for k in keys if k in state.zones]


def check_view(state: State, player: int) -> None:
    ruleset = rs()
    v = view(ruleset, state, player)
    hidden = {u for k in hidden_keys(state, player) for u in state.zones[k]}
    for k in hidden_keys(state, player):
        assert v["zones"][k] == len(state.zones[k])  # a count, never the cards
    listed = {c["uid"] for z in v["zones"].values() if isinstance(z, list) for c in z}
    assert not listed & hidden
    shown = {
        state.cards[u].cid
        for k, uids in state.zones.items()
        if visible(ruleset, k, player)
        for u in uids
    }
    every_cid = {c.cid for c in state.cards}
    leaked = (strings(v) & every_cid) - shown
    assert not leaked, f"player {player} can read {sorted(leaked)}"


@FEW
@given(seed=SEEDS, names=PAIRS)
def test_views_never_show_hidden_cards(seed: int, names: tuple[str, str]) -> None:
    game = random_game(seed, names)
    state = State()
    for i, ev in enumerate(events(game)):
        apply_event(state, ev)
        if i % 7 == 0 or ev.get("t") == "end":
            for p in (0, 1):
                check_view(state, p)


def test_a_play_being_paid_for_is_hidden_from_the_opponent() -> None:
    from helpers import Table

    t = Table.start()
    c, pay = t.hand(0, "STA-004", "STA-001")
    t.act(f"summon {t.ref(c)} main", f"pay {t.ref(pay)}")
    ruleset = t.game.ruleset
    assert view(ruleset, t.state, 1)["vars"]["play"] == {"by": 0}
    assert view(ruleset, t.state, 0)["vars"]["play"]["paid"] == [pay]


def test_a_private_choice_among_hidden_cards_is_hidden_from_the_opponent() -> None:
    """An effect asking a player to pick from their deck or hand (e.g. a search)
    must not hand the opponent those cards' numbers: with the header's deck lists
    a number names the card."""
    from helpers import Table

    t = Table.start()
    deck = t.zone(0, "deck")[:3]
    t.set_vars(ask={"p": 0, "from": deck, "why": "take a card", "opt": True, "private": True})
    ruleset = t.game.ruleset
    assert view(ruleset, t.state, 0)["vars"]["ask"]["from"] == deck
    for other in (1, None):
        ask = view(ruleset, t.state, other)["vars"]["ask"]
        assert "from" not in ask and ask["count"] == 3 and ask["p"] == 0
    ev = t.game.records[-1]["event"]
    assert "from" not in redact(ruleset, ev, 1)["set"]["ask"]


@FEW
@given(seed=SEEDS)
def test_redacted_events_hide_the_cards_the_player_cannot_see(seed: int) -> None:
    ruleset = rs()
    game = random_game(seed)
    draws = 0
    for ev in events(game):
        for p in (0, 1):
            r = redact(ruleset, ev, p)
            if ev["t"] == "move" and not (
                visible(ruleset, ev["from"], p) or visible(ruleset, ev["to"], p)
            ):
                assert r["card"] is None and "cid" not in r
            if ev["t"] == "shuffle" and not visible(ruleset, ev["zone"], p):
                assert "order" not in r and r["count"] == len(ev["order"])
            if ev["t"] == "create":
                for uid, _cid, _owner, zone in r["cards"]:
                    assert (uid is None) == (not visible(ruleset, zone, p))
        if ev["t"] == "move" and ev["from"].endswith("/deck") and ev["to"].endswith("/hand"):
            drawer = int(ev["to"][0])
            assert redact(ruleset, ev, drawer) == ev  # the drawer sees the card
            draws += 1
    assert draws >= 14  # at least the two opening hands


def test_redact_of_an_opponents_draw_hides_the_card() -> None:
    ev = {"t": "move", "card": 42, "cid": "STA-004", "from": "1/deck", "to": "1/hand",
          "pos": "bottom", "why": "draw"}
    seen = redact(rs(), ev, 0)
    assert seen["card"] is None and "cid" not in seen and "STA-004" not in json.dumps(seen)
    assert seen["from"] == "1/deck" and seen["to"] == "1/hand"  # the count still moves
    assert redact(rs(), ev, 1) == ev
    assert redact(rs(), ev, None)["card"] is None  # a spectator sees no hands
