"""Deck files and deck-building rules (rulebook P05, P25, P26; series P24)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulesets.precious_memories.cards import CardPool, SeriesTable, load_pool, load_series_table
from rulesets.precious_memories.decks import (
    Deck,
    DeckError,
    builtin_decks,
    load_deck,
    validate_deck,
)


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return load_pool()


@pytest.fixture(scope="module")
def series() -> SeriesTable:
    return load_series_table()


def deck_file(tmp_path: Path, main: dict[str, int], ex: dict[str, int] | None = None,
              head: str = 'name = "T"\n', name: str = "deck.toml") -> Path:
    lines = [head, "[main]"] + [f'"{k}" = {v}' for k, v in main.items()]
    if ex is not None:
        lines += ["[ex]"] + [f'"{k}" = {v}' for k, v in ex.items()]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# Fifteen plain non-EX cards x4 = 60: a legal base to break one rule at a time.
BASE = {
    "STA-001": 4, "STA-002": 4, "STA-003": 4, "STA-004": 4, "STA-005": 4, "STA-006": 4,
    "STA-007": 4, "STA-008": 4, "STA-009": 4, "STA-010": 4, "STB-001": 4, "STB-002": 4,
    "STB-003": 4, "STB-004": 4, "STA-012": 4,
}


def problems(tmp_path: Path, pool: CardPool, series: SeriesTable, main: dict[str, int],
             ex: dict[str, int] | None = None) -> list[str]:
    return validate_deck(load_deck(deck_file(tmp_path, main, ex), pool), pool, series)


# ------------------------------------------------------------------ built-in decks


def test_there_are_four_builtin_decks() -> None:
    assert builtin_decks() == sorted(builtin_decks())
    assert len(builtin_decks()) == 4


@pytest.mark.parametrize("stem", builtin_decks())
def test_builtin_deck_is_legal_p05_p25_p26(stem: str, pool: CardPool,
                                           series: SeriesTable) -> None:
    deck = load_deck(stem, pool)
    assert validate_deck(deck, pool, series) == []
    assert deck.source.endswith(f"decks/{stem}.toml")
    assert deck.name and deck.description


@pytest.mark.parametrize("stem", builtin_decks())
def test_builtin_deck_follows_the_allocation_advice_p25(stem: str, pool: CardPool) -> None:
    types = Counter(pool.get(cid).type for cid in load_deck(stem, pool).main)
    assert 40 <= types["chara"] <= 44
    assert 12 <= types["event"] <= 16
    assert 0 <= types["support"] <= 4


def test_builtin_decks_have_distinct_plans(pool: CardPool, series: SeriesTable) -> None:
    plans = set()
    for stem in builtin_decks():
        main = load_deck(stem, pool).main
        colours = frozenset(pool.get(c).colour for c in main)
        names = frozenset(series.canonical(pool.get(c).series) for c in main)
        plans.add((colours, names))
    assert len(plans) == 4
    assert any(len(names) > 1 for _, names in plans), "one deck mixes series"
    assert any("purple" in colours for colours, _ in plans)


def test_a_builtin_deck_uses_an_ex_deck_p26(pool: CardPool) -> None:
    assert any(load_deck(stem, pool).ex for stem in builtin_decks())


def test_deck_expands_counts_in_file_order(tmp_path: Path, pool: CardPool) -> None:
    deck = load_deck(deck_file(tmp_path, {"STA-002": 2, "STA-001": 1}), pool)
    assert deck.main == ("STA-002", "STA-002", "STA-001")
    assert deck.ex == ()
    assert isinstance(deck, Deck)


def test_deck_ids_match_pool_case_insensitively(tmp_path: Path, pool: CardPool) -> None:
    deck = load_deck(deck_file(tmp_path, {"sta-011a": 1}), pool)
    assert deck.main == ("STA-011a",)


# ------------------------------------------------------------------ building rules


def test_base_deck_is_legal(tmp_path: Path, pool: CardPool, series: SeriesTable) -> None:
    assert problems(tmp_path, pool, series, BASE) == []


def test_deck_needs_exactly_60_cards_p05(tmp_path: Path, pool: CardPool,
                                         series: SeriesTable) -> None:
    main = dict(BASE, **{"STA-012": 3})
    assert problems(tmp_path, pool, series, main) == [
        "The main deck has 59 cards; it must have exactly 60 (P05, P25)."
    ]


def test_deck_of_61_cards_is_also_wrong_p05(tmp_path: Path, pool: CardPool,
                                            series: SeriesTable) -> None:
    main = dict(BASE, **{"STA-013": 1})
    assert problems(tmp_path, pool, series, main) == [
        "The main deck has 61 cards; it must have exactly 60 (P05, P25)."
    ]


def test_five_copies_counting_a_parallel_p05(tmp_path: Path, pool: CardPool,
                                             series: SeriesTable) -> None:
    main = dict(BASE)
    main["STA-012"] = 3  # keep 60 cards, so only the copy rule breaks
    del main["STA-010"]
    main.update({"STA-011": 3, "STA-011a": 2})
    assert problems(tmp_path, pool, series, main) == [
        "The main deck has 5 copies of STA-011 (counting STA-011 and STA-011a together); "
        "at most 4 copies of a card are allowed (P05)."
    ]


def test_four_copies_with_a_parallel_are_fine_p05(tmp_path: Path, pool: CardPool,
                                                  series: SeriesTable) -> None:
    main = dict(BASE)
    del main["STA-010"]
    main.update({"STA-011": 2, "STA-011a": 2})
    assert problems(tmp_path, pool, series, main) == []


def test_ex_card_in_main_deck_p26(tmp_path: Path, pool: CardPool, series: SeriesTable) -> None:
    main = dict(BASE, **{"STA-012": 3, "STA-017": 1})
    assert problems(tmp_path, pool, series, main) == [
        "STA-017 is an EX card: EX cards go only in the EX deck, never the main deck (P26)."
    ]


def test_non_ex_card_in_ex_deck_p26(tmp_path: Path, pool: CardPool, series: SeriesTable) -> None:
    assert problems(tmp_path, pool, series, BASE, {"STA-013": 1}) == [
        "STA-013 is not an EX card: only EX cards may be in the EX deck (P26)."
    ]


def test_ex_deck_of_16_cards_p26(tmp_path: Path, pool: CardPool, series: SeriesTable) -> None:
    ex = {"STA-017": 4, "LBK-023": 4, "LBK-024": 4}
    assert problems(tmp_path, pool, series, BASE, ex) == []
    ex["STA-017"] = 8  # 16 cards, and 8 copies of one card
    assert problems(tmp_path, pool, series, BASE, ex) == [
        "The EX deck has 16 cards; it may have at most 15 (P26).",
        "The EX deck has 8 copies of STA-017; at most 4 copies of a card are allowed (P26).",
    ]


def test_unknown_ids_are_reported_once_p05(tmp_path: Path, pool: CardPool,
                                           series: SeriesTable) -> None:
    main = dict(BASE, **{"STA-012": 2, "ZZZ-999": 2})
    assert problems(tmp_path, pool, series, main) == [
        "Unknown card ZZZ-999 in the main deck: it is not in the card pool "
        "(a card is its series and number, P05)."
    ]


def test_every_problem_is_listed_at_once(tmp_path: Path, pool: CardPool,
                                         series: SeriesTable) -> None:
    found = problems(tmp_path, pool, series, {"STA-001": 5, "STA-017": 1}, {"STA-001": 1})
    assert len(found) == 4
    assert all(p.endswith(")." ) and "\n" not in p for p in found)


def test_single_series_regulation_uses_series_groups_p24_p26(
    tmp_path: Path, pool: CardPool, series: SeriesTable
) -> None:
    deck = load_deck(deck_file(tmp_path, BASE), pool)  # Starlit Academy and its sequel
    assert validate_deck(deck, pool, series, single_series=True) == []
    mixed = load_deck("lantern_and_leaf", pool)
    found = validate_deck(mixed, pool, series, single_series=True)
    assert len(found) == 1 and found[0].startswith("Single-series regulation")
    assert validate_deck(deck, pool, SeriesTable(), single_series=True) != []


# ------------------------------------------------------------------ malformed deck files


def load_error(path: Path, pool: CardPool) -> str:
    with pytest.raises(DeckError) as info:
        load_deck(path, pool)
    msg = str(info.value)
    assert "\n" not in msg and str(path) in msg
    return msg


def test_deck_toml_syntax_error_names_line(tmp_path: Path, pool: CardPool) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\n[main]\n"STA-001" = \n', encoding="utf-8")
    assert ": line 3: TOML syntax error:" in load_error(path, pool)


def test_deck_count_must_be_positive_integer(tmp_path: Path, pool: CardPool) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\n[main]\n"STA-001" = "four"\n', encoding="utf-8")
    assert load_error(path, pool).endswith(
        "field main: card STA-001: count must be a positive integer, got 'four'")
    path.write_text('name = "x"\n[main]\n"STA-001" = 0\n', encoding="utf-8")
    assert "count must be a positive integer, got 0" in load_error(path, pool)


def test_deck_needs_a_name(tmp_path: Path, pool: CardPool) -> None:
    msg = load_error(deck_file(tmp_path, BASE, head=""), pool)
    assert msg.endswith("field name: missing or not a non-empty string")


def test_deck_needs_a_main_table(tmp_path: Path, pool: CardPool) -> None:
    path = tmp_path / "nomain.toml"
    path.write_text('name = "x"\n', encoding="utf-8")
    assert "field main: missing" in load_error(path, pool)


def test_deck_unknown_field(tmp_path: Path, pool: CardPool) -> None:
    path = tmp_path / "extra.toml"
    path.write_text('name = "x"\nsideboard = 3\n[main]\n"STA-001" = 1\n', encoding="utf-8")
    assert load_error(path, pool).endswith("field sideboard: unknown field")


def test_missing_deck_file_names_builtins(tmp_path: Path, pool: CardPool) -> None:
    with pytest.raises(DeckError, match="no such deck file .built-in decks: foxfire_vigil"):
        load_deck("no_such_deck", pool)
    with pytest.raises(DeckError, match="no such deck file$"):
        load_deck(tmp_path / "gone.toml", pool)
