"""Building games: rulesets by id, headers, decks. Shared by the CLI, TUI and server."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from typing import Any

from pmtui.engine.context import LEGACY_RNG, check_rng
from pmtui.engine.game import Game
from pmtui.engine.journal import FORMAT, VERSION
from pmtui.engine.ruleset import Ruleset

DEFAULT_RULESET = "precious_memories"


class SetupError(ValueError):
    """A game cannot be set up (one-line reason)."""


def ruleset(ruleset_id: str = DEFAULT_RULESET) -> Any:
    """The ruleset object for an id; each lives in the package rulesets.<id>."""
    # One cache key per id: `ruleset()` and `ruleset("precious_memories")` used to be
    # two entries, so startup loaded and checked the card pool twice.
    return _ruleset(ruleset_id)


@cache
def _ruleset(ruleset_id: str) -> Any:
    if not ruleset_id.isidentifier():
        raise SetupError(f"unknown ruleset {ruleset_id!r}")
    try:
        module = importlib.import_module(f"rulesets.{ruleset_id}")
    except ModuleNotFoundError:
        raise SetupError(f"unknown ruleset {ruleset_id!r}") from None
    return module.make_ruleset()


def load_deck(spec: str, rs: Any) -> Any:
    """A deck by built-in name or file path, validated (SetupError on any problem)."""
    from rulesets.precious_memories.decks import DeckError, validate_deck
    from rulesets.precious_memories.decks import load_deck as load

    try:
        deck = load(spec, rs.t.pool)
    except DeckError as exc:
        raise SetupError(str(exc)) from None
    problems = validate_deck(deck, rs.t.pool, rs.t.series)
    if problems:
        raise SetupError(f"deck {deck.name}: {problems[0]}")
    return deck


def builtin_decks() -> list[str]:
    from rulesets.precious_memories.decks import builtin_decks as names

    return names()


def make_header(
    rs: Ruleset | Any,
    decks: Sequence[Any],
    seed: int,
    players: Sequence[dict[str, Any]],
    mode: str,
    *,
    rng: str = LEGACY_RNG,
    **extra: Any,
) -> dict[str, Any]:
    """A new game's header. `rng` names how the seed becomes outcomes: the legacy
    derivation for a seed someone chose, KEYED_RNG for a secret one (engine/context.py)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seq": 0,
        "type": "header",
        "ruleset": rs.id,
        "ruleset_version": rs.version,
        "pool_digest": rs.t.pool.digest,
        "seed": seed,
        "rng": check_rng(rng),
        "mode": mode,
        "players": list(players),
        "decks": [{"name": d.name, "main": list(d.main), "ex": list(d.ex)} for d in decks],
        **extra,
    }


def game_from_log(
    header: dict[str, Any], records: list[dict[str, Any]], verify: bool = False
) -> Game:
    rs = ruleset(str(header.get("ruleset", DEFAULT_RULESET)))
    return Game.from_records(rs, header, records, verify=verify)
