"""Building games: rulesets by id, headers, decks. Shared by the CLI, TUI and server."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pmtui.engine.context import LEGACY_RNG, check_rng
from pmtui.engine.journal import FORMAT, VERSION
from pmtui.engine.ruleset import DeckError, DeckList, Ruleset
from pmtui.table.registry import DEFAULT_RULESET, UnknownRuleset
from pmtui.table.registry import ruleset as _registered

__all__ = ["DEFAULT_RULESET", "SetupError", "builtin_decks", "load_deck", "make_header", "ruleset"]


class SetupError(ValueError):
    """A game cannot be set up (one-line reason)."""


def ruleset(ruleset_id: str = DEFAULT_RULESET) -> Ruleset:
    """The installed ruleset for an id (SetupError, one line listing the installed ones)."""
    try:
        return _registered(ruleset_id)
    except UnknownRuleset as exc:
        raise SetupError(str(exc)) from None


def load_deck(spec: str, rs: Ruleset) -> DeckList:
    """A deck by built-in name or file path, validated (SetupError on any problem)."""
    try:
        deck = rs.load_deck(spec)
    except DeckError as exc:
        raise SetupError(str(exc)) from None
    problems = rs.validate_deck(deck)
    if problems:
        raise SetupError(f"deck {deck.name}: {problems[0]}")
    return deck


def builtin_decks(rs: Ruleset | None = None) -> list[str]:
    return (rs or ruleset()).builtin_decks()


def make_header(
    rs: Ruleset,
    decks: Sequence[DeckList],
    seed: int,
    players: Sequence[Mapping[str, object]],
    mode: str,
    *,
    rng: str = LEGACY_RNG,
    **extra: object,
) -> dict[str, object]:
    """A new game's header. `rng` names how the seed becomes outcomes: the legacy
    derivation for a seed someone chose, KEYED_RNG for a secret one (engine/context.py)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seq": 0,
        "type": "header",
        "ruleset": rs.id,
        "ruleset_version": rs.version,
        "pool_digest": rs.pool_digest,
        "seed": seed,
        "rng": check_rng(rng),
        "mode": mode,
        "players": [dict(p) for p in players],
        "decks": [d.to_header() for d in decks],
        **extra,
    }
