"""Clockwork Memorion's options in words: a zone by its number, a slot by its number,
an ability by what it says, never "z1" or a card id (the summon menu named zones "z1",
the redraw rows "return CWM-025@13")."""

from __future__ import annotations

from pmtui.table.registry import ruleset


def test_options_read_in_words() -> None:
    rs = ruleset("clockwork_memorion")
    screen, pool = rs.screen, rs.cards
    view = {"zones": {}, "vars": {}}
    name = pool["CWM-025"].name
    assert screen.label("summon CWM-025@13 z1", view) == f"Summon {name} to zone 1"
    assert screen.label("return CWM-025@13", view) == f"Return to the deck: {name}"
    memorion, holder = pool["CWM-031"].name, pool["CWM-006"].name
    assert screen.label("recall CWM-031@24 CWM-006@41 slot 1 rewrite", view) == \
        f"Recall {memorion} onto {holder}, slot 1 (rewrite)"
    ruler = next(c for c in pool.values() if c.abilities)
    assert screen.label(f"use {ruler.id}@0 1", view) == \
        f"Use {ruler.name}: {ruler.abilities[0].text}"
    assert screen.label("limit 2 rev", view) == "Summon Limit: face 2, reversed"


def test_putting_back_reads_where_and_which_of_them() -> None:
    """Crown of Laughter's "back on top in any order" (S:130): each choice says where the
    card goes and which of the looked-at cards it will be drawn as, never its id."""
    rs = ruleset("clockwork_memorion")
    screen, pool = rs.screen, rs.cards
    name = pool["CWM-004"].name
    top = {"zones": {}, "vars": {"ask": {"what": "put", "p": 0, "pos": "top",
                                         "cards": [3, 4], "placed": [5]}}}
    assert screen.label("put CWM-004@3", top) == f"Put {name} on top, drawn 2nd of 3"
    bottom = {"zones": {}, "vars": {"ask": {"what": "put", "p": 0, "pos": "bottom",
                                            "cards": [3, 4], "placed": []}}}
    assert screen.label("put CWM-004@3", bottom) == f"Put {name} at the bottom, drawn 1st of 2"
