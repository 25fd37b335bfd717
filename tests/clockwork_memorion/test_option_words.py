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
