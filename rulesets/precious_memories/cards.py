"""Card model and TOML loader for Precious Memories.

Pure data: no Textual, and from the engine only its generic card pool, so the TUI,
tools and tests can all share it. The file format is described in docs/cards.md.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pmtui.engine.cardquery import CardField
from pmtui.engine.pool import MAX_CARD_NUMBER, gather, read_card_file
from pmtui.engine.pool import CardPool as EnginePool
from pmtui.engine.tomlfile import read_toml, toml_files

RULESET_DIR = "precious_memories"
ID_PATTERN = re.compile(r"^[A-Z]{2,4}-\d{3}[a-z]?$")

# TOML field -> kind; "opt" fields may be omitted.
_REQUIRED = ("id", "name", "type", "colour", "usage_cost", "provided_cost")
_OPTIONAL = (
    "series", "ap", "dp", "properties", "rarity", "text", "flavour", "ex", "timing",
    "keywords", "effects",
)
_KNOWN = frozenset(_REQUIRED + _OPTIONAL)


class CardError(ValueError):
    """A card file problem. The message is always one line."""


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str  # series code + number, optional parallel letter: "STA-001", "STA-001a"
    name: str
    series: str
    type: str  # "chara" | "event" | "support"
    colour: str  # "red" | "blue" | "yellow" | "green" | "purple"
    cost: int  # usage cost
    provides: int  # provided cost
    ap: int | None  # None for charas without AP/DP, events and supports
    dp: int | None
    properties: tuple[str, ...]
    rarity: int  # 0..5, 0 = starless promo
    text: str
    flavour: str
    ex: bool
    timing: str | None  # events: "main/self", "approach/both", ...; None for charas
    keywords: tuple[str, ...]
    effects: tuple[dict, ...]  # raw effect tables, interpreted by the rules code

    @property
    def base_id(self) -> str:
        """Copy identity: the id without a parallel letter (P05)."""
        return self.id[:-1] if self.id[-1].islower() else self.id

    @property
    def has_apdp(self) -> bool:
        return self.ap is not None and self.dp is not None


# ---------------------------------------------------------------- ruleset data


@cache
def ruleset_data() -> dict[str, Any]:
    """The parsed ruleset.toml that sits next to this module."""
    text = files(__package__).joinpath("ruleset.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def data_dir() -> Traversable:
    """The folder holding this ruleset's card files (cards/precious_memories)."""
    return files("cards").joinpath(RULESET_DIR)


class SeriesTable:
    """Series printed under several titles that count as one series (P24)."""

    def __init__(self, groups: Mapping[str, Iterable[str]] | None = None) -> None:
        self._canon: dict[str, str] = {}
        for canonical, others in (groups or {}).items():
            for name in (canonical, *others):
                seen = self._canon.get(name)
                if seen is not None and seen != canonical:
                    raise CardError(
                        f"ruleset.toml: series_groups: {name!r} is in both "
                        f"{seen!r} and {canonical!r}"
                    )
                self._canon[name] = canonical

    def canonical(self, series: str) -> str:
        return self._canon.get(series, series)

    def same(self, a: str, b: str) -> bool:
        return self.canonical(a) == self.canonical(b)


def load_series_table() -> SeriesTable:
    groups = ruleset_data().get("series_groups", {})
    if not isinstance(groups, dict) or not all(
        isinstance(v, list) and all(isinstance(s, str) for s in v) for v in groups.values()
    ):
        raise CardError("ruleset.toml: series_groups: each value must be a list of strings")
    return SeriesTable(groups)


# ---------------------------------------------------------------- pool


class CardPool(EnginePool[CardDef]):
    """Ordered, immutable mapping id -> CardDef. Unknown ids raise CardError."""

    __slots__ = ()
    error = CardError
    separators = (",", ":")  # the digest's format since the first saves: keep it

    def haystack(self, card: CardDef) -> tuple[str, ...]:
        return (card.id, card.name, card.series, *card.properties, card.text)


# The filter fields of `pmtui cards` and the sandbox search (docs/cards.md, "Finding
# cards"); the words are those printed on the cards (p.04).
CARD_FIELDS: tuple[CardField[CardDef], ...] = (
    CardField("colour", "the card's colour", lambda c: c.colour, aliases=("color",)),
    CardField("type", "the card type", lambda c: c.type),
    CardField("cost", "the usage cost", lambda c: c.cost, number=True),
    CardField("provides", "the provided cost", lambda c: c.provides, number=True),
    CardField("ap", "a chara's printed AP", lambda c: c.ap, number=True),
    CardField("dp", "a chara's printed DP", lambda c: c.dp, number=True),
    CardField("series", "the series (a part of its name will do)", lambda c: c.series,
              part=True),
    CardField("property", "a property (a part will do)", lambda c: c.properties, part=True),
    CardField("keyword", "a keyword ability", lambda c: [k.split(":")[0] for k in c.keywords]),
    CardField("rarity", "the stars, 0 for a promo", lambda c: c.rarity, number=True),
)


# ---------------------------------------------------------------- loading


def load_pool(paths: Iterable[Path] | None = None, extra: Iterable[Path] = ()) -> CardPool:
    """Load card files (default: every cards/precious_memories/*.toml), then `extra`.

    Raises CardError with a one-line message naming file, card and field.
    """
    sources: list[tuple[str, Traversable | Path]]
    if paths is None:
        sources = builtin_sources()
    else:
        sources = [(str(p), Path(p)) for p in paths]
    sources += [(str(p), Path(p)) for p in extra]
    cards, origin = gather(((label, _load_file(label, src)) for label, src in sources), CardError)
    _check_parallels(cards, origin)
    return CardPool(cards)


def builtin_sources() -> list[tuple[str, Traversable | Path]]:
    """(label, file) of every built-in card file, in load order."""
    return list(toml_files(data_dir(), f"cards/{RULESET_DIR}"))


def parse_toml(label: str, src: Traversable | Path) -> dict[str, Any]:
    """Read and parse one TOML file; every failure is a one-line CardError."""
    return read_toml(label, src, CardError)


def _load_file(label: str, src: Traversable | Path) -> list[CardDef]:
    data = read_card_file(label, src, CardError)
    set_name = data.get("set")
    if not isinstance(set_name, str) or not set_name.strip():
        raise CardError(f"{label}: field set: missing or not a non-empty string")
    default_series = data.get("series", set_name)
    if not isinstance(default_series, str) or not default_series.strip():
        raise CardError(f"{label}: field series: must be a non-empty string")
    unknown = set(data) - {"set", "series", "card"}
    if unknown:
        raise CardError(f"{label}: field {sorted(unknown)[0]}: unknown top-level field")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        raise CardError(f"{label}: field card: must be an array of tables ([[card]])")
    rules = ruleset_data()
    return [
        _card(label, i, raw, default_series, rules) for i, raw in enumerate(raw_cards, start=1)
    ]


def _card(label: str, index: int, raw: Any, series: str, rules: dict[str, Any]) -> CardDef:
    cid = raw.get("id") if isinstance(raw, dict) else None
    who = f"card {cid}" if isinstance(cid, str) and cid else f"card #{index}"

    def fail(field: str, problem: str) -> CardError:
        return CardError(f"{label}: {who}: field {field}: {problem}")

    if not isinstance(raw, dict):
        raise fail("card", "must be a table")
    for key in raw:
        if key not in _KNOWN:
            raise fail(key, "unknown field")
    for key in _REQUIRED:
        if key not in raw:
            raise fail(key, "missing")

    def string(field: str, default: str | None = None, *, empty: bool = True) -> str:
        value = raw.get(field, default)
        if not isinstance(value, str):
            raise fail(field, f"must be a string, got {_kind(value)}")
        if not empty and not value.strip():
            raise fail(field, "must not be empty")
        return value

    def integer(field: str, lo: int, hi: int = MAX_CARD_NUMBER, default: int | None = None
                ) -> int:
        value = raw.get(field, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(field, f"must be an integer, got {_kind(value)}")
        if not lo <= value <= hi:
            raise fail(field, f"must be {lo}..{hi}, got {str(value)[:24]}")
        return value

    def strings(field: str) -> tuple[str, ...]:
        value = raw.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise fail(field, "must be a list of strings")
        return tuple(value)

    card_id = string("id", empty=False)
    if not ID_PATTERN.match(card_id):
        raise fail("id", f"{card_id!r} does not look like SER-001 or SER-001a")
    name = string("name", empty=False)
    card_series = string("series", series, empty=False)
    ctype = string("type")
    if ctype not in rules["card_types"]:
        raise fail("type", f"unknown type {ctype!r} (use {', '.join(rules['card_types'])})")
    colour = string("colour")
    if colour not in rules["colours"]:
        raise fail("colour", f"unknown colour {colour!r} (use {', '.join(rules['colours'])})")
    cost = integer("usage_cost", 0)
    provides = integer("provided_cost", 0)
    rarity = integer("rarity", 0, rules["rarity_max"], default=0)

    ap = dp = None
    if "ap" in raw or "dp" in raw:
        if ctype != "chara":
            field = "ap" if "ap" in raw else "dp"
            raise fail(field, f"only charas have AP/DP (this is {_a(ctype)} card)")
        if "ap" not in raw:
            raise fail("ap", "DP given without AP")
        if "dp" not in raw:
            raise fail("dp", "AP given without DP")
        ap = integer("ap", 0)
        dp = integer("dp", 0)

    ex = raw.get("ex", False)
    if not isinstance(ex, bool):
        raise fail("ex", f"must be true or false, got {_kind(ex)}")

    timing = raw.get("timing")
    if timing is not None:
        timing = string("timing")
        phase, _, side = timing.partition("/")
        if phase not in rules["timing_phases"] or side not in rules["timing_sides"]:
            raise fail("timing", f"{timing!r} is not <phase>/<side>, e.g. 'main/self'")
    # Playing a card happens at its card-type's time: charas and supports only in
    # your own Main Phase (P09, P10), events at their printed timing (P10).
    if ctype == "event" and timing is None:
        raise fail("timing", "missing (an event needs a timing such as 'main/self')")
    if ctype == "chara" and timing is not None:
        raise fail("timing", "a chara is summoned in your own Main Phase; put timings on effects")
    if ctype == "support" and timing not in (None, "main/self"):
        raise fail("timing", "a support is played only in your own Main Phase ('main/self')")

    effects = raw.get("effects", [])
    if not isinstance(effects, list) or not all(isinstance(e, dict) for e in effects):
        raise fail("effects", "must be an array of tables")
    # Checked here so a bad effect is reported with its file, card and field.
    from .effect_model import parse_effects, parse_keywords

    parse_effects(effects, fail)
    parse_keywords(strings("keywords"), name, fail)

    return CardDef(
        id=card_id,
        name=name,
        series=card_series,
        type=ctype,
        colour=colour,
        cost=cost,
        provides=provides,
        ap=ap,
        dp=dp,
        properties=strings("properties"),
        rarity=rarity,
        text=string("text", ""),
        flavour=string("flavour", ""),
        ex=ex,
        timing=timing,
        keywords=strings("keywords"),
        effects=tuple(effects),
    )


def _check_parallels(cards: list[CardDef], origin: dict[str, str]) -> None:
    # A parallel is the same card with other art (P05): name, series and type must agree.
    by_id = {c.id: c for c in cards}
    for card in cards:
        base = by_id.get(card.base_id)
        if base is None or base is card:
            continue
        for field in ("name", "series", "type"):
            if getattr(card, field) != getattr(base, field):
                raise CardError(
                    f"{origin[card.id]}: card {card.id}: field {field}: a parallel must match "
                    f"{base.id} ({getattr(base, field)!r})"
                )


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _kind(value: object) -> str:
    if value is None:
        return "nothing"
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
            list: "an array", dict: "a table"}.get(type(value), type(value).__name__)
