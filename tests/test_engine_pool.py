"""The engine's generic card pool and card search (pmtui.engine.pool)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pmtui.engine.pool import CardPool, gather, matching


class PoolError(ValueError):
    pass


@dataclass(frozen=True)
class Def:
    id: str
    name: str
    text: str = ""


class Pool(CardPool[Def]):
    __slots__ = ()
    error = PoolError

    def haystack(self, card: Def) -> tuple[str, ...]:
        return (card.id, card.name, card.text)


class CompactPool(Pool):
    __slots__ = ()
    separators = (",", ":")


CARDS = [Def("B-2", "Moth Lantern", "Draw a card."), Def("A-1", "Tide Bell", "Rest a chara.")]


def test_pool_keeps_file_order_and_names_its_error() -> None:
    pool = Pool(CARDS)
    assert list(pool) == ["B-2", "A-1"] and pool["A-1"].name == "Tide Bell"
    assert "A-1" in pool and "Z-9" not in pool and len(pool) == 2
    with pytest.raises(PoolError, match="unknown card id Z-9"):
        pool.get("Z-9")
    with pytest.raises(PoolError, match="card A-1: field id: duplicate id"):
        Pool([*CARDS, Def("A-1", "Again")])


def test_digest_ignores_order_and_follows_the_format() -> None:
    assert Pool(CARDS).digest == Pool(reversed(CARDS)).digest
    assert Pool(CARDS).digest != CompactPool(CARDS).digest  # the subclass's format counts
    assert Pool(CARDS).digest != Pool(CARDS[:1]).digest


def test_search_every_word_in_the_haystack() -> None:
    pool = Pool(CARDS)
    assert [c.id for c in pool.search("")] == ["B-2", "A-1"]
    assert [c.id for c in pool.search("LANTERN draw")] == ["B-2"]
    assert pool.search("lantern chara") == []  # both words must be in one card


def test_matching_folds_case_and_keeps_order() -> None:
    words = ["Straße Nord", "strasse süd", "Hafen"]
    assert matching(words, "STRASSE", lambda w: (w,)) == ["Straße Nord", "strasse süd"]
    assert matching(words, "", lambda w: (w,)) == words


def test_sengoku_yugi_search_cards_uses_its_fields() -> None:
    from rulesets.sengoku_yugi import make_ruleset

    rs = make_ruleset()
    card = next(c for c in rs.pool.cards.values() if c.epithet and c.ability)
    for word in (card.epithet.split()[0], card.ability.name.split()[0], card.attr):
        assert card.id in [i.id for i in rs.search_cards(word.upper())]
    assert len(rs.search_cards("")) == len(rs.cards)
    assert rs.search_cards(f"{card.id} no-such-word") == []


def test_gather_keeps_file_order_and_names_both_files_of_a_duplicate() -> None:
    cards, origin = gather([("a.toml", CARDS[:1]), ("b.toml", CARDS[1:])], PoolError)
    assert [c.id for c in cards] == ["B-2", "A-1"] and origin == {"B-2": "a.toml", "A-1": "b.toml"}
    with pytest.raises(PoolError, match=r"^c.toml: card A-1: field id: duplicate id "
                                        r"\(already in b.toml\)$"):
        gather([("a.toml", CARDS[:1]), ("b.toml", CARDS[1:]), ("c.toml", CARDS[1:])], PoolError)
