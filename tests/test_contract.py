"""Precious Memories implements the whole ruleset contract (pmtui/engine/ruleset.py): every
member the protocols name is there, and the parts the shell calls answer as documented
(docs/rulesets.md)."""

from __future__ import annotations

import random

import pytest

from pmtui.engine.game import Game
from pmtui.engine.ruleset import (
    CardInfo,
    DeckError,
    DeckList,
    PositionEdits,
    PositionError,
    Positions,
    Ruleset,
    Strategy,
)
from pmtui.engine.views import view
from pmtui.table.games import make_header, ruleset


def members(protocol: type) -> set[str]:
    """The attributes and methods a protocol names (its own, not object's)."""
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {k for k, v in vars(protocol).items()
              if not k.startswith("_") and (callable(v) or isinstance(v, property))}
    return names


@pytest.mark.parametrize(
    ("protocol", "get"),
    [
        (Ruleset, lambda rs: rs),
        (Positions, lambda rs: rs.positions),
        (PositionEdits, lambda rs: rs.positions.edits),
        (Strategy, lambda rs: rs.make_strategy(1)),
    ],
    ids=["Ruleset", "Positions", "PositionEdits", "Strategy"],
)
def test_every_member_is_there(protocol: type, get) -> None:
    obj = get(ruleset())
    missing = sorted(m for m in members(protocol) if not hasattr(obj, m))
    assert missing == []


def test_card_data_and_decks() -> None:
    rs = ruleset()
    info = rs.card_info("STA-001")
    assert isinstance(info, CardInfo) and info.id == "STA-001" and "STA-001" in info.line
    assert info.name == rs.cards["STA-001"].name and info.data["id"] == "STA-001"
    assert [c.id for c in rs.search_cards("STA-001")][:1] == ["STA-001"]
    assert len(rs.search_cards("")) == len(rs.cards)
    assert isinstance(rs.pool_digest, str) and len(rs.pool_digest) >= 16
    names = rs.builtin_decks()
    deck = rs.load_deck(names[0])
    assert isinstance(deck, DeckList) and set(deck.parts) == set(rs.deck_parts)
    assert rs.validate_deck(deck) == []
    short = DeckList("short", {"main": deck.part("main")[:10], "ex": ()})
    assert any("exactly 60" in p for p in rs.validate_deck(short))
    with pytest.raises(DeckError):
        rs.load_deck("no_such_deck")


def test_strategy_hooks_read_views_only() -> None:
    rs = ruleset()
    decks = [rs.load_deck(n) for n in rs.builtin_decks()[:2]]
    game = Game(rs, make_header(rs, decks, 3, [{"name": "a"}, {"name": "b"}], "test"))
    strategy = rs.make_strategy(3)
    while (d := game.pending()) is not None and game.state.vars.get("turn", 0) < 3:
        game.act(strategy.choose(view(rs, game.state, d.player), d), d.player)
    me = game.pending().player
    seen = view(rs, game.state, me)
    lists = [list(x.part("main")) for x in decks]
    sample = strategy.determinize(seen, lists[0], lists, random.Random(1))
    # the sample agrees with everything the player sees ...
    assert view(rs, sample, me)["zones"] == seen["zones"]
    # ... and the rules can go on from it
    assert rs.decision(sample) is not None
    assert -1.0 <= strategy.evaluate(sample, me) <= 1.0
    assert strategy.searched_kinds and all(isinstance(k, str) for k in strategy.searched_kinds)
    assert isinstance(strategy.search_confidence, float) and strategy.search_confidence >= 0


def test_positions_parse_write_and_refuse() -> None:
    pos = ruleset().positions
    doc = {"position": {"turn": 3}, "p1": {"hand": ["STA-001"], "main": ["STA-002"], "deck": 5},
           "p2": {"deck": 5}}
    position = pos.parse(doc)
    rs = ruleset()
    header = make_header(rs, [DeckList("x", {"main": (), "ex": ()})] * 2, 0,
                         [{"name": "a"}, {"name": "b"}], "test", scenario=position)
    game = Game(rs, header)
    written, order = pos.write(game.state)
    assert pos.parse(written) == position and sorted(order) == list(range(len(order)))
    assert pos.busy(game.state) is None
    assert pos.moment(game.state)["turn"] == 3
    assert "turn 3" in pos.moment_line(game.state)
    main = game.state.zones["0/main"][0]
    assert pos.card_text(game.state, main).startswith("STA-002@")
    assert {"ap", "dp"} <= set(pos.card_json(game.state, main))
    with pytest.raises(PositionError) as info:
        pos.parse({"p1": {"main": [f"STA-00{i}" for i in range(1, 7)], "deck": 3},
                   "p2": {"deck": 3}})
    assert info.value.path == ("p1", "main", 5) and "p.06" in str(info.value)


def test_sandbox_marks_are_the_games_words() -> None:
    """The sandbox's card marks (Rest, summoned, coins, face-down points) come from the
    ruleset with their rulebook pages (p.07, p.13)."""
    from pmtui.table.sandbox import EditError, Sandbox

    sb = Sandbox.from_doc({"position": {"turn": 3}, "p1": {"main": ["STA-002"], "deck": 3,
                                                           "points": ["STA-003"]},
                           "p2": {"deck": 3}})
    chara = sb.state.zones["0/main"][0]
    uid, said = sb.toggle_rest(chara)
    assert said.endswith("is in Rest") and sb.state.cards[uid].f.get("rest")
    uid, said = sb.coin(uid, 2)
    assert said.endswith("2 coin(s), +20/+20") and sb.state.cards[uid].f.get("coins") == 2
    uid, said = sb.toggle_summoned(uid)
    assert "cannot approach, p.13" in said
    with pytest.raises(EditError, match=r"p\.07"):
        sb.toggle_down(uid)
    point = sb.state.zones["0/points"][0]
    _, said = sb.toggle_down(point)
    assert said.endswith("is face down")
    with pytest.raises(EditError, match="only for charas"):
        sb.toggle_rest(sb.state.zones["0/points"][0])


def test_the_three_tables_offer_what_a_screen_asks(tmp_path) -> None:
    """The local table, a seat at a network table and the sandbox's table all have every
    member of the Table protocol (pmtui/table/protocol.py) the screens use."""
    from pmtui.net.tables import Registry, SeatTable, User
    from pmtui.table.protocol import Table
    from pmtui.table.sandbox import Sandbox
    from pmtui.table.session import new_game_header, new_table

    header, seats = new_game_header(5, opponent="random")
    local = new_table(header, seats)
    reg = Registry(tmp_path)
    t = reg.play_computer(User("alice", "k"), "starlit_overture")
    seat = SeatTable(t, 0)
    sandbox = Sandbox.from_doc().table
    wanted = members(Table)
    assert {"view_for", "decision_for", "log_for", "act", "screen"} <= wanted
    for table in (local, seat, sandbox):
        missing = sorted(m for m in wanted if not hasattr(table, m))
        assert missing == [], type(table).__name__
        assert table.names and "zones" in table.view_for(0)
    reg.shutdown()
