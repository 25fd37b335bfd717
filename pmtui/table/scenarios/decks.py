"""The decks a scenario writes: each player's deck of a `[setup]` (the game's own setup
runs on them) and the deck of a deck-legality expectation (docs/scenarios.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pmtui.engine.ruleset import DeckError, DeckList, Doc, Ruleset

if TYPE_CHECKING:  # load imports this module
    from .load import ScenarioError


def deck_of(raw: object, base: Path, rs: Ruleset, what: str) -> DeckList:
    """A deck written in a scenario: a table of the game's deck parts (each a list of
    card ids, top first) or a string, a built-in deck's name or a deck file (relative to
    the scenario). ValueError (one line, starting with `what`) when it cannot be read."""
    if isinstance(raw, str):
        path = base / raw
        try:
            return rs.load_deck(str(path) if path.is_file() else raw)
        except DeckError as exc:
            raise ValueError(f"{what}: {exc}") from None
    parts = ", ".join(rs.deck_parts)
    if not isinstance(raw, Mapping):
        raise ValueError(f"{what}: a table of deck parts ({parts}) or a deck's name or file")
    out: dict[str, tuple[str, ...]] = {}
    for part, ids in raw.items():
        if part not in rs.deck_parts:
            raise ValueError(f"{what}: no deck part {part!r} (parts: {parts})")
        if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
            raise ValueError(f"{what}.{part}: a list of card ids, top first")
        unknown = [c for c in ids if c not in rs.cards]
        if unknown:
            raise ValueError(f"{what}.{part}: unknown card id {unknown[0]}")
        out[part] = tuple(ids)
    return DeckList(what, {part: out.get(part, ()) for part in rs.deck_parts})


def setup_decks(doc: Doc, rs: Ruleset, name: str,
           fail: Callable[..., ScenarioError]) -> tuple[list[DeckList], dict[str, str]]:
    """A scenario that starts before the game's setup: each seat's deck, the options."""
    for key in ("position", *rs.positions.players):
        if key in doc:
            raise fail(f"{key}: a scenario with [setup] starts from the decks, before any "
                       "position", (key,))
    setup = doc["setup"]
    if not isinstance(setup, Mapping):
        raise fail("setup: a table, with a deck for each player", ("setup",))
    players = rs.positions.players
    for key in setup:
        if key not in (*players, "options"):
            raise fail(f"setup: unknown key {key!r} (known: {', '.join(players)}, options)",
                       ("setup", key))
    decks = []
    for p in players:
        if p not in setup:
            raise fail(f"setup.{p}: the deck of {p} is missing", ("setup",))
        try:
            decks.append(deck_of(setup[p], Path(name).parent, rs, f"setup.{p}"))
        except ValueError as exc:
            raise fail(str(exc), ("setup", p)) from None
    options = setup.get("options", {})
    if not isinstance(options, Mapping):
        raise fail("setup.options: a table of the game's options", ("setup", "options"))
    for key, value in options.items():
        if key not in rs.header_options:
            known = ", ".join(rs.header_options) or "none"
            raise fail(f"setup.options: unknown option {key!r} (known: {known})",
                       ("setup", "options"))
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise fail(f"setup.options.{key}: a string or a whole number",
                       ("setup", "options"))
    return decks, {k: str(v) for k, v in options.items()}
