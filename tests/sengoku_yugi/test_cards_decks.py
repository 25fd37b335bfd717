"""The starter pool and deck construction (Guide I (4)-(7), Guide II (2)-(3))."""

from __future__ import annotations

import dataclasses

import pytest

from rulesets.sengoku_yugi.cards import (
    AILMENTS,
    ATTRIBUTES,
    WEAPONS,
    WHERE,
    CardError,
    load_pool,
    parse_card,
)
from rulesets.sengoku_yugi.decks import builtin_decks, load_deck, validate_deck


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    return load_pool()


def test_every_weapon_attribute_and_kind_is_in_the_pool(pool) -> None:  # type: ignore[no-untyped-def]
    """G1 (4), (7): 10 weapons, 7 attributes; Main, Support, Nameless; Familiars, Eggs."""
    cards = list(pool.cards.values())
    assert {c.weapon for c in cards if c.character} == set(WEAPONS)
    assert {c.attr for c in cards} == set(ATTRIBUTES)
    assert {c.kind for c in cards} == {"main", "support", "nameless", "familiar", "egg"}


def test_every_ability_word_of_the_guides_is_used(pool) -> None:  # type: ignore[no-untyped-def]
    """G1 (14): turns, categories, places and after-handling, TRG/ACT/CNT, costs,
    Counters, dice, ❶/❷ options; G1 Q&A: the ailments."""
    abilities = [c.ability for c in pool.cards.values() if c.ability]
    assert {a.turn for a in abilities} == {"your", "opp", "both"}
    assert {a.category for a in abilities} == {"acquire", "recover", "disrupt", "star", "spade"}
    assert {a.where for a in abilities} == set(WHERE)
    assert {a.kind for a in abilities} == {"trg", "act", "cnt"}
    assert any(a.counter for a in abilities) and any(a.after_die for a in abilities)
    assert any(len(a.options) == 2 for a in abilities)
    costs = [o.cost for a in abilities for o in a.options]
    for field in ("ap", "hand_standby", "hand_banish", "sh_banish", "standby_banish",
                  "turn_ally"):
        assert any(getattr(c, field) for c in costs), field
    effects = [e for a in abilities for o in a.options for e in o.effects]
    effects += [e for c in pool.cards.values() for _at, e in c.support.steps + c.combat.steps]
    assert {e.what for e in effects if e.do == "ailment"} == set(AILMENTS)
    assert any(e.die for e in effects)


def test_builtin_decks_are_legal_two_per_mode(pool) -> None:  # type: ignore[no-untyped-def]
    for mode in ("standard", "ultimate"):
        names = builtin_decks(mode)
        assert len(names) >= 2
        for name in names:
            assert validate_deck(load_deck(name), pool) == []


def test_each_broken_construction_rule_has_its_reason(pool) -> None:  # type: ignore[no-untyped-def]
    """G1 (5): 50-60 cards, 3 per name and Level, plus 2 Nameless; S6 a Commander;
    G2 (2): 10-20 familiars, one each, at least one Egg."""
    deck = load_deck("mist_valley_ultimate")
    few = dataclasses.replace(deck, main=deck.main[:40])
    assert any("50-60" in p for p in validate_deck(few, pool))
    four = dataclasses.replace(deck, main=deck.main + ("SGY-001",))
    assert any("4 copies of Aoi Tsuruga Level 1" in p for p in validate_deck(four, pool))
    no_cmd = dataclasses.replace(deck, main=tuple(c for c in deck.main
                                                  if pool.get(c).level != 1))
    assert any("Commander" in p for p in validate_deck(no_cmd, pool))
    one = dataclasses.replace(deck, nameless=deck.nameless[:1])
    assert any("2 Nameless" in p for p in validate_deck(one, pool))
    eggless = dataclasses.replace(deck, familiar=tuple(c for c in deck.familiar
                                                       if pool.get(c).kind != "egg"))
    assert any("Egg" in p for p in validate_deck(eggless, pool))
    double = dataclasses.replace(deck, familiar=deck.familiar + deck.familiar[:1])
    assert any("one copy" in p for p in validate_deck(double, pool))
    unknown = dataclasses.replace(deck, main=deck.main + ("SGY-999",))
    assert validate_deck(unknown, pool) == ["unknown card 'SGY-999'"]


def test_card_file_errors_are_one_line() -> None:
    base = {"id": "SGY-900", "kind": "main", "name": "Test", "level": 1, "cost": 3,
            "charge": 1, "attr": "fire", "atk": 1, "mat": 1, "def": 1, "mdf": 1,
            "gender": "m", "weapon": "bow"}
    parse_card(base, "t.toml")
    for bad, words in (({"level": 5}, "Level 1-4"), ({"weapon": "laser"}, "weapon"),
                       ({"kind": "support", "level": 1}, "Level 2-3"),
                       ({"gems": ["up"]}, "gems"), ({"id": "x"}, "id")):
        with pytest.raises(CardError) as err:
            parse_card({**base, **bad}, "t.toml")
        assert words in str(err.value) and "\n" not in str(err.value)
