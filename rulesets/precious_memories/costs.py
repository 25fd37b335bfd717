"""Cost payment (p.11-12, p.16-17): what may pay for what.

Nearly every requirement here is "the paid cards include ...", so adding a card
never breaks it. One is not: a purple card paid the first way takes *only*
cards of its series with its name (p.17), so one other card breaks that way.
`can_finish` says whether a legal finish is still reachable, and the payment
offers only cards that keep one reachable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pmtui.engine.state import State, zkey

from .cards import CardDef, SeriesTable

FOUR = ("red", "blue", "yellow", "green")


def payers(state: State, player: int, exclude: Iterable[int] = ()) -> list[int]:
    """Cards that can pay now: the hand, and face-up Point Zone cards (p.12)."""
    cards = state.cards
    hand = state.zone(zkey(player, "hand"))
    points = [u for u in state.zone(zkey(player, "points")) if not cards[u].f.get("down")]
    if not exclude:  # the usual question: asked at every decision that lists plays
        return hand + points
    skip = set(exclude)
    return [u for u in hand if u not in skip] + [u for u in points if u not in skip]


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


def same_named(card: CardDef, p: CardDef, series: SeriesTable) -> bool:
    """A card of the purple card's series with its name (p.17, way one)."""
    return p.name == card.name and series.same(p.series, card.series)


def _purple_met(card: CardDef, paid: list[CardDef], series: SeriesTable) -> tuple[bool, str]:
    """One of three ways (p.17): only same-named cards of the series; red, blue,
    yellow and green cards of the series among them; a purple card of the series."""
    if paid and all(same_named(card, p, series) for p in paid):
        return True, ""
    same = [p for p in paid if series.same(p.series, card.series)]
    if {p.colour for p in same} >= set(FOUR):
        return True, ""
    if any(p.colour == "purple" for p in same):
        return True, ""
    return False, (
        f"a purple card's cost is paid, from {card.series}, only with cards named "
        f"{card.name}, or with red, blue, yellow and green cards among them, or with a "
        "purple card among them (p.17)"
    )


def can_finish(
    card: CardDef,
    paid: list[CardDef],
    rest: list[CardDef],
    met: Callable[[list[CardDef]], bool],
    series: SeriesTable,
) -> bool:
    """Whether adding some cards of `rest` to `paid` makes `met` true. `met` is the
    usage-cost check (the rules above plus Combo). Every way is monotone except a
    purple card's first one, which is tried alone on the same-named cards."""
    if met(paid + rest):
        return True
    if card.colour != "purple":
        return False
    return met(paid + [p for p in rest if same_named(card, p, series)])


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
