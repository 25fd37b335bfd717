"""The notation (pmtui/engine/notation.py with Precious Memories' verbs, docs/notation.md):
parse and print round-trip, parse errors, and the lenient matcher used by scenario files."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pmtui.ai.random_player import RandomPlayer
from pmtui.engine.game import Game
from pmtui.engine.notation import (
    CELL,
    HIDDEN,
    Ambiguous,
    Choice,
    Move,
    NoMatch,
    Notation,
    NotationError,
    Ref,
    show,
)
from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset
from rulesets.precious_memories.notation import AREA, NOTATION, VERBS

AREAS = AREA.words
parse = NOTATION.parse
resolve = NOTATION.resolve

# -- every decision of random games ----------------------------------------

GAMES = 30


def _games() -> list[tuple[int, str, str]]:
    names = builtin_decks()
    return [
        (seed, names[seed % len(names)], names[(seed // 2) % len(names)])
        for seed in range(1, GAMES + 1)
    ]


def _strip_numbers(text: str) -> str:
    return re.sub(r"@\d+", "", text)


@pytest.mark.parametrize(("seed", "deck1", "deck2"), _games())
def test_every_option_of_random_games_round_trips(seed: int, deck1: str, deck2: str) -> None:
    rs = ruleset()
    decks = [load_deck(deck1, rs), load_deck(deck2, rs)]
    header = make_header(rs, decks, seed, [{"name": "a"}, {"name": "b"}], mode="test")
    game = Game(rs, header, hashing=False)
    players = [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]
    verbs: set[str] = set()
    steps = 0
    while (d := game.pending()) is not None and steps < 5000:
        for text in d.texts:
            move = parse(text)
            assert show(move) == text, text
            assert parse(str(move)) == move
            assert move.complete
            verbs.add(move.verb)
            # the lenient form (no card numbers) names this option or identical copies
            loose = _strip_numbers(text)
            try:
                found = resolve(d.texts, loose)
                assert _strip_numbers(found.text) == loose
            except Ambiguous:
                pass
        choice = players[d.player].choose({}, d)
        assert resolve(d.texts, choice).text == choice
        game.act(choice, d.player)
        steps += 1
    assert game.over is not None
    assert {"pass", "summon", "approach"} <= verbs


# -- generated moves ----------------------------------------

CIDS = st.from_regex(r"[A-Z]{2,4}-\d{3}[a-z]?", fullmatch=True)
REFS = st.builds(Ref, CIDS, st.integers(0, 999))
WORDS = st.sampled_from(["1", "2", "from", "STA-001", "x"])


@st.composite
def moves(draw: st.DrawFn) -> Move:
    verb = draw(st.sampled_from(sorted(VERBS)))
    pattern = VERBS[verb]
    args: list[Ref | str] = []
    skipping = False
    k = 0
    while k < len(pattern):
        slot = pattern[k]
        if slot == "[":
            skipping = not draw(st.booleans())
        elif slot == "]":
            skipping = False
        elif skipping:
            pass
        elif slot == "REF":
            args.append(draw(REFS))
        elif isinstance(slot, Choice):
            args.append(draw(st.sampled_from(slot.words)))
        elif slot == "*":
            args.extend(draw(st.lists(st.one_of(REFS, WORDS), max_size=3)))
        else:
            args.append(slot)
        k += 1
    return Move(verb, tuple(args))


@settings(max_examples=300)
@given(moves())
def test_generated_moves_round_trip(move: Move) -> None:
    text = show(move)
    assert parse(text) == move
    assert show(parse(text)) == text
    assert parse(" " + text.replace(" ", "   ") + " ") == move  # spacing does not matter


def test_move_fields() -> None:
    m = parse("summon STA-004@17 main replace STA-001@3")
    assert m.card == Ref("STA-004", 17)
    assert m.args[1] == "main"
    assert m.after("replace") == Ref("STA-001", 3)
    assert m.after("on") is None
    s = parse("support STA-016@2 on STA-004@5")
    assert s.card == Ref("STA-016", 2) and s.after("on") == Ref("STA-004", 5)
    assert parse("approach STA-002@1 with STA-004@2").refs == (
        Ref("STA-002", 1),
        Ref("STA-004", 2),
    )
    assert parse("use STA-001@4 1 from STA-009").args == (Ref("STA-001", 4), "1", "from", "STA-009")
    assert parse("pass").args == ()
    assert parse("first") == Move("first")
    assert parse("first STA-001@3 2") == Move("first", (Ref("STA-001", 3), "2"))


# -- errors ----------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("attack STA-004@1", "unknown action 'attack'"),
        ("summon", "needs a card"),
        ("summon STA-004@1", "needs main or support"),
        ("summon STA-004@1 mian", "not an area"),
        ("summon STA-004@1 main replace", "needs a card"),
        ("summon STA-004@1 main swap STA-001@2", "unexpected 'swap'"),
        ("pass now", "unexpected 'now'"),
        ("pay STA-004", "needs its number"),
        ("pay sta-004@1", "not a card"),
        ("pay STA004@1", "not a card"),
        ("support STA-016@1 at STA-004@2", "expected 'on'"),
        ("approach STA-001@1 with", "needs a card"),
        ("done STA-001@1", "unexpected"),
    ],
)
def test_parse_errors_are_one_line(text: str, says: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    message = str(info.value)
    assert says in message
    assert "\n" not in message


def test_lenient_refs_only_when_asked() -> None:
    assert parse("summon STA-004 main", lenient=True) == Move("summon", (Ref("STA-004"), "main"))
    assert not parse("summon STA-004 main", lenient=True).complete
    with pytest.raises(NotationError):
        parse("summon STA-004 main")


# -- the lenient matcher ----------------------------------------

OPTIONS = [
    "pass",
    "summon STA-004@3 main",
    "summon STA-004@3 support",
    "summon STA-004@4 main",
    "summon STA-004@4 support",
    "summon STA-001@5 main",
    "event STA-012@6",
]


def test_exact_text_wins() -> None:
    assert resolve(OPTIONS, "summon  STA-004@4   main").text == "summon STA-004@4 main"


def test_missing_number_names_the_one_option() -> None:
    assert resolve(OPTIONS, "summon STA-001 main").text == "summon STA-001@5 main"
    assert resolve(OPTIONS, "event STA-012").text == "event STA-012@6"


def test_identical_copies_take_the_first_and_say_so() -> None:
    same = resolve(OPTIONS, "summon STA-004 main", place=lambda n: ("STA-004", "0/hand"))
    assert same.text == "summon STA-004@3 main"
    assert "identical copies" in same.note


def test_different_copies_are_ambiguous() -> None:
    def place(n: int) -> tuple[str, str]:
        return ("STA-004", "0/hand" if n == 3 else "0/points")

    with pytest.raises(Ambiguous, match="add the card numbers"):
        resolve(OPTIONS, "summon STA-004 main", place=place)
    with pytest.raises(Ambiguous):
        resolve(OPTIONS, "summon STA-004 main")  # no way to tell: ambiguous


def test_no_match() -> None:
    with pytest.raises(NoMatch):
        resolve(OPTIONS, "summon STA-002 main")
    with pytest.raises(NoMatch):
        resolve(OPTIONS, "summon STA-004@9 main")
    with pytest.raises(NotationError):
        resolve(OPTIONS, "summon")


# -- the generic grammar: other games' verbs ----------------------------------------

TOY = Notation(
    {"move": ("REF", "to", "CELL"), "peek": ("HIDDEN",), "roll": (),
     "aim": (Choice("side", ("left", "right")),)},
    card_id=r"T\d+",
    example="T1@3",
)


def test_a_ruleset_brings_its_own_verbs() -> None:
    m = TOY.parse("move T1@3 to c3")
    assert m == Move("move", (Ref("T1", 3), "to", "c3"))
    assert show(m) == "move T1@3 to c3"
    assert TOY.parse("peek hand#2").args == ("hand#2",)
    assert TOY.parse("aim left").args == ("left",)
    assert CELL.fullmatch("c3") and HIDDEN.fullmatch("deck#10")
    for text, says in [("move T1@3 to 3c", "not a cell"), ("peek hand", "hidden position"),
                       ("aim up", "not a side (left or right)"), ("summon T1@1", "unknown"),
                       ("move STA-001@1 to c3", "like T1@3")]:
        with pytest.raises(NotationError, match=re.escape(says)):
            TOY.parse(text)
    assert TOY.resolve(["move T1@3 to c3", "roll"], "move T1 to c3").text == "move T1@3 to c3"


def test_a_verb_written_out_to_ask_about() -> None:
    """`Notation.written_out`: the cards in order (the last again), a choice's first
    word, no optional part, nothing for "*"; None for a card verb without cards."""
    assert NOTATION.written_out("summon", ["STA-004@3"]) == "summon STA-004@3 main"
    assert NOTATION.written_out("support", ["STA-016@2", "STA-002@3"]) == \
        "support STA-016@2 on STA-002@3"
    assert NOTATION.written_out("levelup", ["STA-004@3"]) == "levelup STA-004@3 on STA-004@3"
    assert NOTATION.written_out("approach", ["STA-004@3"]) == "approach STA-004@3"
    assert NOTATION.written_out("use", ["STA-004@3"]) == "use STA-004@3"
    assert NOTATION.written_out("pass", []) == "pass"
    assert NOTATION.written_out("event", []) is None
