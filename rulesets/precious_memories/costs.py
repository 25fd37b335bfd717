"""Cost payment (p.11-12, p.16-17): what may pay for what.

Every requirement here is "the paid cards include ...", so it is monotone:
adding a card never breaks a payment. That lets the engine offer any available
card at every step and know a legal finish always stays reachable.
"""

from __future__ import annotations

from collections.abc import Iterable

from pmtui.engine.state import State, zkey

from .cards import CardDef, SeriesTable

FOUR = ("red", "blue", "yellow", "green")


def payers(state: State, player: int, exclude: Iterable[int] = ()) -> list[int]:
    """Cards that can pay now: the hand, and face-up Point Zone cards (p.12)."""
    skip = set(exclude)
    hand = [u for u in state.zone(zkey(player, "hand")) if u not in skip]
    points = [
        u
        for u in state.zone(zkey(player, "points"))
        if u not in skip and not state.cards[u].f.get("down")
    ]
    return hand + points


def card_requirement_met(
    card: CardDef, paid: list[CardDef], series: SeriesTable
) -> tuple[bool, str]:
    """Whether `paid` pays the usage cost of `card`, and if not, why (one line)."""
    total = sum(p.provides for p in paid)
    if card.cost <= 0:
        return True, ""
    if total < card.cost:
        return False, f"provided cost {total} is less than the usage cost {card.cost} (p.11)"
    if card.colour == "purple":
        return _purple_met(card, paid, series)
    for p in paid:
        if p.colour == card.colour or series.same(p.series, card.series):
            return True, ""
    return False, f"the cost needs a {card.colour} card or a card of {card.series} (p.11)"


def _purple_met(card: CardDef, paid: list[CardDef], series: SeriesTable) -> tuple[bool, str]:
    same = [p for p in paid if series.same(p.series, card.series)]
    if any(p.name == card.name for p in same):
        return True, ""
    if {p.colour for p in same} >= set(FOUR):
        return True, ""
    if any(p.colour == "purple" for p in same):
        return True, ""
    return False, (
        f"a purple card's cost needs, from {card.series}: a card named {card.name}, "
        "or red, blue, yellow and green cards, or a purple card (p.17)"
    )


def effect_requirement_met(
    amount: int, colour: str | None, paid: list[CardDef]
) -> tuple[bool, str]:
    """An effect's numeric cost: a coloured number needs one card of that colour,
    a white number none; no series match is needed (p.16, Q&A p.27)."""
    total = sum(p.provides for p in paid)
    if total < amount:
        return False, f"provided cost {total} is less than {amount} (p.16)"
    if amount > 0 and colour and colour != "white" and not any(p.colour == colour for p in paid):
        return False, f"the cost needs a {colour} card (p.16)"
    return True, ""
