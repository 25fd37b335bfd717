"""`explain` (rulesets/precious_memories/explain.py) agrees with the options on
offer: None for every legal choice, a reason with a rulebook page otherwise."""

from __future__ import annotations

import random
import re

import pytest

from pmtui.ai.random_player import RandomPlayer
from pmtui.engine.game import Game
from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset

PAGE = re.compile(r"p\.\d\d")


@pytest.mark.parametrize("seed", range(1, 9))
def test_explain_agrees_with_the_options(seed: int) -> None:
    rs = ruleset()
    names = builtin_decks()
    decks = [load_deck(names[seed % len(names)], rs), load_deck(names[-1 - seed % 2], rs)]
    game = Game(rs, make_header(rs, decks, seed, [{}, {}], mode="test"), hashing=False)
    players = [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]
    rng = random.Random(seed)
    seen: list[str] = []
    while (d := game.pending()) is not None:
        for text in d.texts:
            assert rs.explain(game.state, text) is None, text
            assert rs.explain(game.state, re.sub(r"@\d+", "", text)) is None, text
        seen.extend(d.texts)
        for text in rng.sample(seen, min(4, len(seen))):
            if text in d.texts:
                continue
            why = rs.explain(game.state, text)
            assert why and "\n" not in why, text
            assert PAGE.search(why), f"{text!r}: {why}"
        game.act(players[d.player].choose({}, d), d.player)
    assert rs.explain(game.state, "pass") == "the game is over (p.07)"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty action"),
        ("attack STA-001", "unknown action 'attack'"),
        ("summon XYZ-999 main", "unknown card XYZ-999"),
        ("summon STA-001@999 main", "no card number 999"),
    ],
)
def test_explain_odd_input(text: str, says: str) -> None:
    rs = ruleset()
    names = builtin_decks()
    decks = [load_deck(names[0], rs), load_deck(names[0], rs)]
    game = Game(rs, make_header(rs, decks, 1, [{}, {}], mode="test"), hashing=False)
    for _ in range(3):  # through the turn order choice and both hand redraws
        d = game.pending()
        assert d is not None
        game.act(d.texts[0], d.player)
    while (d := game.pending()) is not None and d.kind != "priority":
        game.act(d.texts[0], d.player)
    why = rs.explain(game.state, text)
    assert why is not None and says in why
