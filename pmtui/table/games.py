"""Building games: rulesets by id, headers, decks. Shared by the CLI, TUI and server."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pmtui.engine.context import LEGACY_RNG, check_rng
from pmtui.engine.journal import FORMAT, VERSION
from pmtui.engine.ruleset import DeckError, DeckList, Ruleset
from pmtui.table.registry import DEFAULT_RULESET, UnknownRuleset
from pmtui.table.registry import ruleset as _registered

__all__ = [
    "DEFAULT_RULESET", "SetupError", "builtin_decks", "check_options", "load_deck", "make_header",
    "parse_options", "ruleset",
]


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


def builtin_decks(rs: Ruleset | None = None, options: Mapping[str, str] | None = None) -> list[str]:
    """The built-in decks; with game options, those that suit them (all when none do)."""
    rs = rs or ruleset()
    return (rs.builtin_decks(options) if options else []) or rs.builtin_decks()


def deck_format(rs: Ruleset, spec: str) -> str | None:
    """A deck's format (DeckList.format), None when it cannot be read: a broken deck
    file stays listed and says what is wrong when chosen."""
    try:
        return rs.load_deck(spec).format
    except Exception:  # noqa: BLE001 - whatever a deck file holds
        return None


def opponent_deck(rs: Ruleset, names: Sequence[str], deck: DeckList, start: int) -> str | None:
    """The built-in deck to meet `deck`: the first of `names` from index `start` on (round
    the end) of its format, so a quick deck meets a quick one, never a full one; None
    when none is."""
    for k in range(len(names)):
        name = names[(start + k) % len(names)]
        if deck_format(rs, name) in (deck.format, None):
            return name
    return None


def parse_options(rs: Ruleset, pairs: Sequence[str] | None) -> dict[str, str]:
    """`NAME=VALUE` words (`--option`) as header options; SetupError, one line, for a
    malformed word or a name the ruleset does not offer (its values are checked by
    its setup: see `check_options`)."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, eq, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name or not value:
            raise SetupError(f"option {pair!r}: write it as NAME=VALUE")
        if name not in rs.header_options:
            offered = ", ".join(sorted(rs.header_options)) or "none"
            raise SetupError(f"{rs.name} has no option {name!r} (its options: {offered})")
        options[name] = value
    return options


def check_options(rs: Ruleset, decks: Sequence[DeckList], options: Mapping[str, str]) -> None:
    """Set up one game with these decks and options, so a bad value is one line
    (SetupError) before any game is played rather than an error in each game."""
    from pmtui.engine.game import Game

    header = make_header(rs, decks, 0, [{"name": "1"}, {"name": "2"}], "check",
                         options=dict(options))
    try:
        Game(rs, header, hashing=False)
    except (ValueError, KeyError) as exc:
        message = str(exc.args[0]) if exc.args else type(exc).__name__
        if not any(value in message for value in options.values()):
            given = " ".join(f"{k}={v}" for k, v in options.items())
            message = f"option {given}: {message}"
        raise SetupError(message) from None


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
