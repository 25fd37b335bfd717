"""The starter pool and decks (S:1-5, S:43; C8, M1): the ability-text grammar, deck
validation, and card files that cannot be read answered in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.engine.ruleset import DeckList
from rulesets.clockwork_memorion import make_ruleset
from rulesets.clockwork_memorion.board import value
from rulesets.clockwork_memorion.cards import (
    ACTION_WORDS,
    KEYWORDS,
    Ability,
    CardError,
    Slot,
    load_pool,
    parse_slots,
)
from rulesets.clockwork_memorion.decks import validate

RS = make_ruleset()


def test_the_pool_has_35_cards_and_every_mechanic() -> None:
    pool = RS.pool
    assert len(pool) >= 35
    abilities = [a for c in pool.cards() for a in (*c.abilities, *c.deified)]
    words = {w.lower() for a in abilities for s in a.slots for w in s.words}
    words |= {c.word.lower() for c in pool.cards() if c.memory}
    assert set(KEYWORDS) <= words
    assert set(ACTION_WORDS) - {"when blocked"} <= words | {"when blocked"}
    kinds = {a.kind for a in abilities}
    assert {"trig", "cont", "act", "aura", "recalled"} <= kinds
    assert any(not s.words for a in abilities for s in a.slots), "a blank memory"
    assert {c.kind for c in pool.cards()} == {"ruler", "limit", "successor", "memorion", "king"}


def test_the_starter_decks_are_legal() -> None:
    names = RS.builtin_decks()
    assert len(names) >= 2
    for n in names:
        assert RS.validate_deck(RS.load_deck(n)) == []


@pytest.mark.parametrize(("change", "words"), [
    (lambda ids: ids[:-1], "holds 30 cards"),
    (lambda ids: [*ids[:-1], "CWM-019"], "exactly one Ruler"),
    (lambda ids: [i for i in ids if i != "CWM-002"] + ["CWM-003"], "one Summon Limit"),
    (lambda ids: [*[i for i in ids if i != "CWM-016"], "CWM-003"], "at most 3"),
])
def test_deck_rules(change, words) -> None:  # type: ignore[no-untyped-def]
    ids = list(RS.load_deck("bright_carnival").part("main"))
    problems = RS.validate_deck(DeckList("x", {"main": tuple(change(ids))}))
    assert any(words in p for p in problems), problems


def test_the_ex_format_takes_30_to_40() -> None:
    ids = list(RS.load_deck("bright_carnival").part("main")) + ["CWM-011"]
    deck = DeckList("x", {"main": tuple(ids)})
    assert any("30 cards" in p for p in validate(deck, RS.pool))
    assert validate(deck, RS.pool, "ex") == []


def test_slots_parse_and_blank() -> None:
    slots = parse_slots("[Action: When summoned]: gain [Potency: 1] and [Ability: ___].", "t")
    assert slots == (Slot("action", ("When summoned",)), Slot("potency", ("1",)),
                     Slot("ability", ()))


def test_word_arithmetic() -> None:
    """S:200-204: Power words add up; unsigned sums stop at 0, signed ones may go below."""
    ab = Ability("trig", "pump", "", slots=(Slot("power", ()),))
    assert value(ab, [["100", "+100"]], "power") == 200
    assert value(ab, [["±000", "-100"]], "power") == -100
    assert value(ab, [["100", "-200"]], "power") == -100  # a signed word makes it signed
    plain = Ability("trig", "gain", "", slots=(Slot("potency", ()),))
    assert value(plain, [["1"]], "potency") == 1


@pytest.mark.parametrize(("text", "words"), [
    ('[[card]]\nid = "CWM-900"\nname = "X"\nkind = "dragon"\n', "kind must be"),
    ('[[card]]\nid = "CWM-900"\nname = "X"\nkind = "memorion"\nmemory = "power:lots"\n',
     "not a Power word"),
    ('[[card]]\nid = "CWM-900"\nname = "X"\nkind = "successor"\nemotion = "joy"\n'
     'memory = "power:+100"\nabilities = [{ kind = "trig", do = "gain", text = "gain" }]\n',
     "needs an [Action"),
    ('[[card]]\nid = "CWM-900"\nname = "X\\u001b[31m"\nkind = "memorion"\nmemory = "power:1"\n',
     "control"),
    ('[[card]]\nid = "CWM-900"\nname = "X"\nkind = "memorion"\nmemory = "power:1"\n'
     'colour = 3\n', "unknown field"),
])
def test_bad_card_files_are_one_line(tmp_path: Path, text: str, words: str) -> None:
    (tmp_path / "bad.toml").write_text(text)
    with pytest.raises(CardError) as err:
        load_pool(tmp_path)
    assert words in str(err.value) and "\n" not in str(err.value)
