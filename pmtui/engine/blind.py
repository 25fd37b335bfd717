"""A blind pick: a player chooses a card of a zone they cannot see into (the other
player's hand) by its position, never by the card.

The options name positions (`hand#2`, the notation's hidden-position reference),
so neither the option texts nor the logged decision say which card is where. So
that a position says nothing either (a card the picker saw go into that hand sits
last in it), the zone is mixed first (`mix`): a shuffle event, whose order only
those who see the zone learn. The card picked is found by its position when the
choice is applied (`picked`); what the ruleset then does with it (reveals it,
moves it to a public zone) is what shows it to the picker.
"""

from __future__ import annotations

from .context import Context
from .decision import Option
from .notation import hidden_ref, read_hidden
from .state import State


def mix(ctx: Context, zone: str, why: str = "blind pick") -> None:
    """Shuffle `zone` (a zone key) so its positions say nothing of its cards."""
    if len(ctx.state.zones.get(zone, ())) > 1:
        ctx.shuffle(zone, why=why)


def offer(state: State, zone: str, verb: str) -> tuple[Option, ...]:
    """One option per position of `zone` (a zone key): `verb hand#1` ... `verb hand#n`,
    each with the data (verb, zone, position)."""
    name = zone.rpartition("/")[2]
    n = len(state.zones.get(zone, ()))
    return tuple(Option(f"{verb} {hidden_ref(name, i)}", (verb, zone, i))
                 for i in range(1, n + 1))


def picked(state: State, zone: str, position: int | str) -> int:
    """The card at `position` of `zone`: a number from 1, or a reference ("hand#2")."""
    if isinstance(position, str):
        position = read_hidden(position)[1]
    cards = state.zones.get(zone, ())
    if not 1 <= position <= len(cards):
        raise ValueError(f"no position {position} in a zone of {len(cards)} cards")
    return cards[position - 1]
