"""The rulesets installed, found by id.

A ruleset package declares itself in its distribution's entry points, group
`pmtui.rulesets`: `my_game = "rulesets.my_game:make_ruleset"`, the value a
callable that returns a `Ruleset`. Tests add their own with `register`. This is
the only place in pmtui that names a game: the default one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from pmtui.engine.ruleset import Ruleset

DEFAULT_RULESET = "precious_memories"
GROUP = "pmtui.rulesets"

Factory = Callable[[], Ruleset]

_registered: dict[str, Factory] = {}


class UnknownRuleset(ValueError):
    """No ruleset with this id is installed (one line, listing the known ids)."""


@dataclass(frozen=True)
class RulesetEntry:
    id: str
    name: str
    version: str


def register(ruleset_id: str, factory: Factory) -> None:
    """Make a ruleset known by id without an entry point (tests, plug-ins in one process)."""
    _registered[ruleset_id] = factory
    _ruleset.cache_clear()


def forget() -> None:
    """Drop the ruleset objects made so far: the next lookup makes them again (and reads
    their card files again). For tests that change card files."""
    _ruleset.cache_clear()


def unregister(ruleset_id: str) -> None:
    _registered.pop(ruleset_id, None)
    _ruleset.cache_clear()


@cache
def _entry_points() -> dict[str, Factory]:
    found: dict[str, Factory] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, _lazy(ep.name, ep.load))
    if DEFAULT_RULESET not in found:
        # run from a source tree whose install predates the entry point: the default
        # game is declared the same way pyproject.toml declares it
        ep = EntryPoint(DEFAULT_RULESET, f"rulesets.{DEFAULT_RULESET}:make_ruleset", GROUP)
        found[DEFAULT_RULESET] = _lazy(ep.name, ep.load)
    return found


def _lazy(name: str, load: Callable[[], object]) -> Factory:
    def make() -> Ruleset:
        factory = load()
        if not callable(factory):
            raise UnknownRuleset(f"ruleset {name!r}: its entry point is not a factory")
        return factory()  # type: ignore[no-any-return]

    return make


def _factories() -> dict[str, Factory]:
    return {**_entry_points(), **_registered}


def known() -> list[str]:
    """Ids of every installed ruleset, sorted."""
    return sorted(_factories())


def ruleset(ruleset_id: str = DEFAULT_RULESET) -> Ruleset:
    """The ruleset for an id (one object per id per process: its card data loads once).
    UnknownRuleset, one line listing the installed ids, when there is none."""
    return _ruleset(ruleset_id)


@cache
def _ruleset(ruleset_id: str) -> Ruleset:
    factory = _factories().get(ruleset_id)
    if factory is None:
        ids = ", ".join(known()) or "none"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (installed: {ids}; see pmtui games)")
    return factory()


def installed() -> list[RulesetEntry]:
    """Every installed ruleset with its name and version (`pmtui games`)."""
    out = []
    for rid in known():
        rs = ruleset(rid)
        out.append(RulesetEntry(rid, rs.name, rs.version))
    return out


def header_ruleset(header: object) -> str:
    """The ruleset id a save or scenario header names (the default for old files without one)."""
    rid = header.get("ruleset") if isinstance(header, Mapping) else None
    return rid if isinstance(rid, str) else DEFAULT_RULESET
