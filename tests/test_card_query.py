"""Finding cards by their printed data: FIELD:VALUE filters in `pmtui cards` and the
sandbox search, with fields each game names (issue 17 item 10, docs/cards.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from pmtui.cli import main
from pmtui.engine.cardquery import QueryError, known_values
from pmtui.table.registry import ruleset

GAMES = ("precious_memories", "pso", "sengoku_yugi")


def ids(game: str, query: str) -> set[str]:
    return {c.id for c in ruleset(game).search_cards(query)}


def where(game: str, test: Callable[[Mapping[str, Any]], bool]) -> set[str]:
    """The ids of the cards whose data (the `--json` listing) passes `test`."""
    rs = ruleset(game)
    return {cid for cid in rs.cards if test(rs.card_info(cid).data)}


# -- each field of each game, checked against the card data ---------------------------------


@pytest.mark.parametrize(("game", "name"), [(g, f.name) for g in GAMES
                                            for f in ruleset(g).card_fields])
def test_every_field_of_every_game_splits_the_pool(game: str, name: str) -> None:
    """The first and the last value each field takes: the cards found carry it, the
    others do not, and some card is found."""
    rs = ruleset(game)
    field = next(f for f in rs.card_fields if f.name == name)
    cards = list(rs.cards.values())
    for value in {known_values(field, cards)[0], known_values(field, cards)[-1]}:
        found = ids(game, f'{name}:"{value}"')
        assert found
        for card in cards:
            got = field.get(card)
            words = [] if got is None else [got] if isinstance(got, (str, int)) else list(got)
            holds = any((value.casefold() in str(w).casefold()) if field.part
                        else str(w).casefold() == value.casefold() for w in words)
            assert (card.id in found) == holds, (card.id, value)


def test_precious_memories_colour_cost_type_series_keyword() -> None:
    g = "precious_memories"
    assert ids(g, "colour:red cost:4") == where(
        g, lambda d: d["colour"] == "red" and d["cost"] == 4) == {"STA-005"}
    assert ids(g, "color:PURPLE") == where(g, lambda d: d["colour"] == "purple") != set()
    assert ids(g, "cost:2-4 type:event") == where(
        g, lambda d: 2 <= d["cost"] <= 4 and d["type"] == "event")
    assert ids(g, "cost:4+") == where(g, lambda d: d["cost"] >= 4)
    assert ids(g, "cost:0,5") == where(g, lambda d: d["cost"] in (0, 5))
    assert ids(g, "series:starlit") == where(g, lambda d: d["series"].startswith("Starlit"))
    assert ids(g, 'series:"Starlit Academy II"') == where(
        g, lambda d: d["series"] == "Starlit Academy II")
    assert ids(g, "keyword:levelup") == where(g, lambda d: "levelup" in d["keywords"])
    assert ids(g, "keyword:reinforcement") == where(
        g, lambda d: any(k.startswith("reinforcement:") for k in d["keywords"]))
    # events have no AP: an AP filter never finds one
    assert not ids(g, "ap:0+ type:event")


def test_precious_memories_filters_and_words_together() -> None:
    """`red` was a text word only (it found 4 cards); with a filter and a word both hold."""
    g = "precious_memories"
    foxes = ids(g, "fox")
    assert ids(g, "colour:purple fox") == foxes & ids(g, "colour:purple")
    assert ids(g, "colour:purple fox") < ids(g, "colour:purple")


def test_pso_type_class_race_and_stats() -> None:
    g = "pso"
    assert ids(g, "type:monster") == where(g, lambda d: d["type"] == "monster")
    assert ids(g, "class:HU") == where(g, lambda d: d["cls"] == "HU" or "HU" in d["classes"])
    assert ids(g, "race:android type:character") == where(
        g, lambda d: d["race"] == "android" and d["type"] == "character")
    assert ids(g, "hp:50+ type:monster") == where(
        g, lambda d: d["type"] == "monster" and d["hp"] >= 50)
    assert ids(g, "kind:boss") == where(g, lambda d: d["kind"] == "boss") != set()


def test_sengoku_yugi_type_attribute_level_cost_weapon_ability() -> None:
    g = "sengoku_yugi"
    assert ids(g, "type:familiar") == where(g, lambda d: d["kind"] == "familiar")
    # the attribute is printed as a colour: `colour` names it too
    assert ids(g, "colour:fire cost:5") == ids(g, "attribute:fire cost:5") == where(
        g, lambda d: d["attr"] == "fire" and d["cost"] == 5)
    assert ids(g, "level:2-3 weapon:bow") == where(
        g, lambda d: 2 <= d["level"] <= 3 and d["weapon"] == "bow")
    assert ids(g, "ability:cnt") == where(
        g, lambda d: d["ability"] is not None and d["ability"]["kind"] == "cnt") != set()


# -- bad filters: one line naming what may be written -----------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_field_names_the_games_fields(game: str) -> None:
    rs = ruleset(game)
    with pytest.raises(QueryError) as info:
        rs.search_cards("bogus:1")
    msg = str(info.value)
    assert "\n" not in msg and game in msg
    assert all(f.name in msg for f in rs.card_fields)


@pytest.mark.parametrize(("game", "field", "bad", "valid"), [
    ("precious_memories", "colour", "pink", "purple"),
    ("precious_memories", "keyword", "flying", "levelup"),
    ("precious_memories", "series", "nowhere", "Starlit Academy"),
    ("pso", "type", "chara", "monster"),
    ("pso", "class", "XX", "FO"),
    ("sengoku_yugi", "attribute", "red", "lightning"),
    ("sengoku_yugi", "weapon", "sword", "greatsword"),
])
def test_an_unknown_value_names_the_values(game: str, field: str, bad: str, valid: str) -> None:
    with pytest.raises(QueryError) as info:
        ruleset(game).search_cards(f"{field}:{bad}")
    msg = str(info.value)
    assert "\n" not in msg and repr(bad) in msg and valid in msg


@pytest.mark.parametrize(("query", "says"), [
    ("cost:cheap", "a range like 2-4"),
    ("cost:4-2", "empty"),
    ("cost:", "give a value"),
    ("cost:1-2-3", "a range like 2-4"),
])
def test_bad_numbers(query: str, says: str) -> None:
    for game in ("precious_memories", "sengoku_yugi"):
        with pytest.raises(QueryError, match=says):
            ruleset(game).search_cards(query)


# -- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["cards", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_filters(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--colour", "red", "--cost", "4")
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == ["STA-005"]
    _, out, _ = run(capsys, "--type", "event", "--series", "Starlit Academy", "--cost", "1-2")
    assert {line.split()[0] for line in out.splitlines()} == ids(
        "precious_memories", 'type:event series:"Starlit Academy" cost:1-2')
    _, out, _ = run(capsys, "--keyword", "cardcaptor", "--json")
    assert out.count('"id"') == len(ids("precious_memories", "keyword:cardcaptor")) > 0
    status, out, _ = run(capsys, "--game", "sengoku_yugi", "--color", "holy", "--type", "main")
    assert status == 0 and out.count("\n") == len(ids("sengoku_yugi", "attr:holy type:main"))
    status, out, _ = run(capsys, "--game", "pso", "type:weapon", "class:RA")
    assert status == 0 and out.count("\n") == len(ids("pso", "type:weapon class:RA")) > 0


@pytest.mark.parametrize(("argv", "says"), [
    (("--colour", "pink"), "colour: blue, green, purple, red, yellow"),
    (("--game", "pso", "--colour", "red"), "pso cards have no field 'colour'; fields: type,"),
    (("--game", "pso", "--series", "x"), "pso cards have no field 'series'"),
    (("--game", "sengoku_yugi", "--keyword", "fly"), "ability: acquire, act,"),
    (("--cost", "two"), "cost takes a number"),
    (("--series", 'a"b'), "double quote"),
    (("nope:1",), "fields: colour, type, cost"),
])
def test_cli_bad_filters_are_one_line(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                      says: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pmtui: ") and says in err


def test_cli_lists_the_fields_of_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    for game in GAMES:
        status, out, _ = run(capsys, "--game", game, "--fields")
        assert status == 0
        assert [line.split()[0] for line in out.splitlines()] == [
            f.name for f in ruleset(game).card_fields]
    _, out, _ = run(capsys, "--fields")
    assert "colour     the card's colour (also color): blue, green, purple, red, yellow" in out
