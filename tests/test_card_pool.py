"""The starter pool as a whole (the card-effects issue): its size and spread,
every keyword on at least two cards, every effect primitive, trigger timing and
cost kind in use, card texts that say what the data does, and legal decks.

tests/test_card_effects.py plays every single card; this file checks the pool.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from rulesets.precious_memories.cards import CardDef, load_pool, load_series_table
from rulesets.precious_memories.decks import builtin_decks, load_deck, validate_deck
from rulesets.precious_memories.effect_model import (
    STEPS,
    TRIGGERS,
    Effect,
    Keywords,
    parse_effects,
    parse_keywords,
)

POOL = load_pool()
SERIES = load_series_table()


def _fail(field: str, problem: str) -> Exception:
    return ValueError(f"{field}: {problem}")


EFFECTS: dict[str, tuple[Effect, ...]] = {
    c.id: parse_effects(c.effects, _fail) for c in POOL.cards()
}
KW: dict[str, Keywords] = {c.id: parse_keywords(c.keywords, c.name, _fail) for c in POOL.cards()}
DISTINCT = [c for c in POOL.cards() if c.id == c.base_id]


def all_effects() -> Iterator[tuple[CardDef, Effect]]:
    for c in POOL.cards():
        for e in EFFECTS[c.id]:
            yield c, e


def cards_with(pred: object) -> list[str]:
    return sorted({c.id for c, e in all_effects() if pred(c, e)})  # type: ignore[operator]


def keyword_cards(pred: object) -> list[str]:
    return sorted(c.id for c in POOL.cards() if pred(KW[c.id]))  # type: ignore[operator]


# -- size and spread --


def test_at_least_100_distinct_cards_not_counting_parallels() -> None:
    assert len(DISTINCT) >= 100
    assert len(POOL) > len(DISTINCT), "a parallel print is kept as an example"


def test_three_series_and_all_five_colours() -> None:
    series = {SERIES.canonical(c.series) for c in POOL.cards()}
    assert len(series) >= 3
    assert {c.colour for c in POOL.cards()} == {"red", "blue", "yellow", "green", "purple"}
    titles = {c.series for c in POOL.cards()}
    assert len(titles) > len(series), "a second title of a series (series_groups, P24)"


def test_types_in_the_proportions_of_the_deck_advice_p25() -> None:
    # per deck about 40-44 charas, 12-16 events and 0-4 supports out of 60
    types = Counter(c.type for c in DISTINCT)
    n = len(DISTINCT)
    assert 0.60 <= types["chara"] / n <= 0.75
    assert 0.18 <= types["event"] / n <= 0.30
    assert 0.02 <= types["support"] / n <= 0.08


def test_every_series_has_several_colours_and_both_kinds_of_card() -> None:
    by_series: dict[str, list[CardDef]] = {}
    for c in DISTINCT:
        by_series.setdefault(SERIES.canonical(c.series), []).append(c)
    for name, cards in by_series.items():
        assert len({c.colour for c in cards}) >= 2, name
        assert {"chara", "event"} <= {c.type for c in cards}, name
        assert len(cards) >= 25, name


# -- keywords on at least two cards --


KEYWORD_CHECKS = {
    "active": lambda k: k.active,
    "ignore": lambda k: k.ignore >= 0,
    "break": lambda k: k.brk,
    "combo": lambda k: k.combo is not None,
    "adversity": lambda k: k.adversity is not None,
    "reinforcement": lambda k: bool(k.reinforcement),
    "cardcaptor": lambda k: k.cardcaptor,
    "levelup": lambda k: k.levelup,
    "untargetable": lambda k: k.untargetable,
}


@pytest.mark.parametrize("name", sorted(KEYWORD_CHECKS))
def test_keyword_on_at_least_two_cards(name: str) -> None:
    assert len(keyword_cards(KEYWORD_CHECKS[name])) >= 2


def test_combo_cards_are_named_left_and_right_after_real_charas_p23() -> None:
    names = {c.name for c in POOL.cards() if c.type == "chara"}
    for cid in keyword_cards(KEYWORD_CHECKS["combo"]):
        left, right = KW[cid].combo  # type: ignore[misc]
        assert "&" in POOL.get(cid).name
        assert left in names and right in names, cid


def test_adversity_cards_have_texts_that_need_it_p23() -> None:
    adv = keyword_cards(KEYWORD_CHECKS["adversity"])
    with_text = cards_with(lambda c, e: e.adversity)
    assert len(with_text) >= 2 and set(with_text) <= set(adv)


def test_reinforcement_by_name_and_by_property_p23() -> None:
    kinds = {
        KW[c].reinforcement.startswith("[") for c in keyword_cards(KEYWORD_CHECKS["reinforcement"])
    }
    assert kinds == {True, False}


def test_cardcaptor_effects_have_the_rulebook_shape_p24() -> None:
    cc = keyword_cards(KEYWORD_CHECKS["cardcaptor"])
    for cid in cc:
        card = POOL.get(cid)
        shaped = [
            e
            for e in EFFECTS[cid]
            if e.timing == "main/both"
            and e.discard_name == card.name
            and e.once_per_player
            and e.steps[0].do == "gain"
        ]
        assert len(shaped) == 1, cid
        assert len(EFFECTS[cid]) >= 2, f"{cid}: it should have a text to pass on"
    names = Counter(POOL.get(c).name for c in cc)
    assert any(n >= 2 for n in names.values()), "two Cardcaptor cards share a name"


def test_backup_cards_p24() -> None:
    found = cards_with(lambda c, e: e.timing == "backup")
    assert len(found) >= 2
    for c, e in all_effects():
        if e.timing == "backup":
            assert e.backup and "/" in e.backup, c.id


def test_level_up_cards_and_level_texts_p24() -> None:
    assert len(keyword_cards(KEYWORD_CHECKS["levelup"])) >= 2
    assert cards_with(lambda c, e: e.level == 2)
    assert cards_with(lambda c, e: e.level == 3)
    # a Level Up card has a same-named chara to go on
    for cid in keyword_cards(KEYWORD_CHECKS["levelup"]):
        card = POOL.get(cid)
        assert any(
            o.name == card.name and o.base_id != card.base_id for o in POOL.cards() if not o.ex
        ), cid


def test_decline_cards_and_effects_disable_p22() -> None:
    events = [
        c.id for c in POOL.cards() if c.type == "event" and (c.timing or "").startswith("decline")
    ]
    effects = cards_with(lambda c, e: c.type != "event" and "decline" in e.phases)
    assert len(events) + len(effects) >= 2 and events and effects
    for cid in events + effects:
        assert any(s.do == "disable" for e in EFFECTS[cid] for s in e.steps), cid


def test_coins_plus_inert_and_removed() -> None:
    def coin(kind: str) -> list[str]:
        return cards_with(
            lambda c, e: any(s.do == "coin" and s.args.get("kind", "plus") == kind for s in e.steps)
        )

    assert len(coin("plus")) >= 2
    assert len(coin("inert")) >= 2
    assert len(cards_with(lambda c, e: any(s.do == "remove_coin" for s in e.steps))) >= 2


def test_removed_from_play_and_ex_cards_p21_p26() -> None:
    assert len(cards_with(lambda c, e: any(s.do == "remove" for s in e.steps))) >= 2
    assert len([c for c in POOL.cards() if c.ex]) >= 2
    assert len(cards_with(lambda c, e: any(s.do == "ex" for s in e.steps))) >= 2


def test_purple_cards_and_purple_rules_p17() -> None:
    purple = [c for c in POOL.cards() if c.colour == "purple"]
    assert len({c.type for c in purple}) == 3, "purple charas, events and supports"
    assert cards_with(lambda c, e: e.colour == "purple")
    assert cards_with(lambda c, e: any(s.do == "summon" and s.args.get("purple") for s in e.steps))


def test_a_series_filter_reaches_the_second_title_p24() -> None:
    found = [
        (c.id, s.args["filter"]["series"])
        for c, e in all_effects()
        for s in e.steps
        if "series" in s.args.get("filter", {})
    ]
    assert found
    for _cid, wanted in found:
        assert any(o.series != wanted and SERIES.same(o.series, wanted) for o in POOL.cards()), (
            "some card of another title counts as this series"
        )


# -- every primitive, timing and cost kind --


@pytest.mark.parametrize("step", sorted(STEPS))
def test_every_effect_step_is_used(step: str) -> None:
    assert cards_with(lambda c, e: any(s.do == step for s in e.steps)), step


@pytest.mark.parametrize("timing", [*TRIGGERS, "permanent", "backup"])
def test_every_trigger_timing_is_used(timing: str) -> None:
    assert cards_with(lambda c, e: e.timing == timing), timing


@pytest.mark.parametrize("phase", ["main", "approach", "decline"])
@pytest.mark.parametrize("side", ["self", "opponent", "both"])
def test_movement_timings_are_used(phase: str, side: str) -> None:
    timings = {e.timing for _, e in all_effects()} | {c.timing for c in POOL.cards() if c.timing}
    if (phase, side) == ("decline", "self"):
        pytest.skip("answering your own play: no card needs it")
    assert f"{phase}/{side}" in timings


def test_every_cost_kind_is_used_p16_p17() -> None:
    used = [(c, e) for c, e in all_effects() if e.movement or e.timing == "backup"]
    assert any(e.cost > 0 and e.colour != "white" for _, e in used), "a coloured number"
    assert any(e.cost > 0 and e.colour == "white" for _, e in used), "a white number"
    assert any(e.rest for _, e in used), "rest this chara"
    assert any(e.discard_name for _, e in used), "discard a named card"
    assert any(e.cost == 0 and not e.rest and not e.discard_name for _, e in used), "free"
    assert any(e.requires for _, e in all_effects()), "a requirement"
    assert any(s.cond for _, e in all_effects() for s in e.steps), "a step condition"


# -- texts that say what the data does --


TRIGGER_WORDS = {
    "on_summon": "[On Summon]",
    "on_approach": "[On Approach]",
    "on_interfere": "[On Interfere]",
    "on_eliminated": "[On Eliminated]",
    "on_point": "[On Point]",
    "turn_start": "[Turn Start]",
    "turn_end": "[Turn End]",
    "permanent": "[Permanent]",
}


def timing_label(timing: str) -> str:
    phases, _, side = timing.partition("/")
    return "[" + "+".join(p.capitalize() for p in phases.split("+")) + "/" + side.capitalize() + "]"


def keyword_words(kw: str) -> str:
    head, _, arg = kw.partition(":")
    if head == "ignore":
        return f"Ignore {arg}"
    if head == "adversity":
        return f"Adversity {arg.split(':')[0]}"
    if head == "reinforcement":
        return f"Reinforcement {arg}" if arg.startswith("[") else f"Reinforcement: {arg}"
    return {
        "active": "[Active]",
        "break": "Break",
        "combo": "Combo",
        "cardcaptor": "Cardcaptor",
        "levelup": "Level Up",
        "untargetable": "Cannot be Targeted",
    }[head]


def expected_words(c: CardDef) -> list[str]:
    words = [keyword_words(k) for k in c.keywords]
    if c.type == "event" and c.timing:
        words.append(timing_label(c.timing))
    for e in EFFECTS[c.id]:
        if c.type == "event":
            continue  # its timing is the card's
        if e.discard_name:
            words.append("Cardcaptor")
        elif e.timing == "backup":
            words.append(f"[Backup: {timing_label(e.backup)[1:]}")
        elif e.movement:
            words.append(timing_label(e.timing))
        else:
            words.append(TRIGGER_WORDS[e.timing])
        if e.level > 1:
            words.append(f"[Lv{e.level}]")
        if e.cost:
            words.append(f"({e.cost})" if e.colour == "white" else f"({e.cost} {e.colour})")
        if e.rest:
            words.append("rest this chara")
        if e.adversity:
            words.append("Adversity")
    return words


@pytest.mark.parametrize("cid", sorted(POOL))
def test_card_text_matches_its_data(cid: str) -> None:
    c = POOL.get(cid)
    if not c.effects and not c.keywords:
        assert c.text == "", "a card without effects has no rules text"
        return
    for w in expected_words(c):
        assert w in c.text, f"{cid}: text should say {w!r}: {c.text!r}"


def test_texts_are_original_and_in_our_own_words() -> None:
    # our own card language: no "Self's Chara"-style rulebook translation phrases
    for c in POOL.cards():
        assert not re.search(r"Self's|Opponent's Chara|Appointed", c.text), c.id


# -- decks --


@pytest.mark.parametrize("stem", builtin_decks())
def test_starter_deck_is_legal_and_uses_its_ex_deck(stem: str) -> None:
    deck = load_deck(stem, POOL)
    assert validate_deck(deck, POOL, SERIES) == []
    fetches_ex = any(s.do == "ex" for cid in set(deck.main) for e in EFFECTS[cid] for s in e.steps)
    assert fetches_ex == bool(deck.ex), "an EX deck exactly when a card can fetch from it"


def test_starter_decks_show_most_of_the_pool() -> None:
    used = set()
    for stem in builtin_decks():
        deck = load_deck(stem, POOL)
        used |= {POOL.get(cid).base_id for cid in (*deck.main, *deck.ex)}
    assert len(used) >= 0.9 * len(DISTINCT)
