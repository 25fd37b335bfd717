"""Decks: loading deck files and the construction rules (Guide I (5), Guide II (2)).

A deck file is TOML: name, mode, nameless = [2 ids], familiar = [ids] (Ultimate),
and a [main] table of card id = copies (docs/cards-sengoku_yugi.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pmtui.engine.tomlfile import read_toml

from .cards import CardError, Pool, default_folder

MAIN_MIN, MAIN_MAX, COPIES = 50, 60, 3
FAMILIAR_MIN, FAMILIAR_MAX = 10, 20


class DeckError(ValueError):
    """A deck file that cannot be read (one line)."""


@dataclass(frozen=True)
class Deck:
    name: str
    mode: str
    main: tuple[str, ...]
    nameless: tuple[str, ...]
    familiar: tuple[str, ...] = ()

    def header_part(self) -> dict[str, Any]:
        return {"name": self.name, "main": list(self.main), "nameless": list(self.nameless),
                "familiar": list(self.familiar)}


def decks_folder() -> Path:
    return default_folder() / "decks"


def builtin_decks(mode: str | None = None) -> list[str]:
    names = sorted(p.stem for p in decks_folder().glob("*.toml"))
    return [n for n in names if mode is None or n.endswith(f"_{mode}")]


def parse_deck(raw: dict[str, Any], where: str) -> Deck:
    main_raw = raw.get("main", {})
    if not isinstance(main_raw, dict):
        raise DeckError(f"{where}: [main] must be a table of card id = copies")
    main: list[str] = []
    for cid, n in main_raw.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 99:
            raise DeckError(f"{where}: copies of {cid} must be a whole number 1-99")
        main += [cid] * n
    for key in ("nameless", "familiar"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise DeckError(f"{where}: {key} must be a list of card ids")
    mode = raw.get("mode", "standard")
    if mode not in ("standard", "ultimate"):
        raise DeckError(f"{where}: mode must be standard or ultimate")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():  # as every game's deck files
        raise DeckError(f"{where}: name must be a non-empty string")
    return Deck(name, mode, tuple(main), tuple(raw.get("nameless", [])),
                tuple(raw.get("familiar", [])))


def load_deck(spec: str) -> Deck:
    """A deck by built-in name or by file path."""
    path = decks_folder() / f"{spec}.toml"
    if not path.is_file():
        path = Path(spec)
    if not path.exists():
        raise DeckError(f"no deck {spec!r} (built in: {', '.join(builtin_decks())})")
    return parse_deck(read_toml(path.name, path, DeckError), path.name)


def validate_deck(deck: Deck, pool: Pool, mode: str | None = None) -> list[str]:
    """Every construction rule broken, one line each (empty: the deck is legal)."""
    mode = mode or deck.mode
    problems: list[str] = []
    try:
        mains = [pool.get(c) for c in deck.main]
        nameless = [pool.get(c) for c in deck.nameless]
        familiars = [pool.get(c) for c in deck.familiar]
    except CardError as exc:
        return [str(exc)]
    if not MAIN_MIN <= len(mains) <= MAIN_MAX:
        problems.append(f"{len(mains)} Main and Support cards; a deck has {MAIN_MIN}-{MAIN_MAX}")
    wrong = sorted({c.id for c in mains if c.kind not in ("main", "support")})
    if wrong:
        problems.append(f"only Main and Support cards go in [main], not {', '.join(wrong)}")
    for (name, level), n in sorted(Counter((c.name, c.level) for c in mains).items()):
        if n > COPIES:
            problems.append(f"{n} copies of {name} Level {level}; at most {COPIES}")
    if not any(c.kind == "main" and c.level == 1 for c in mains):
        problems.append("no Level 1 Main card to be the Commander")
    if len(nameless) != 2 or any(c.kind != "nameless" for c in nameless):
        problems.append("a deck adds exactly 2 Nameless cards")
    elif nameless[0].name == nameless[1].name:
        problems.append("the two Nameless cards need different names (both stand on the field)")
    if mode == "ultimate":
        if not FAMILIAR_MIN <= len(familiars) <= FAMILIAR_MAX:
            problems.append(
                f"{len(familiars)} familiar cards; a Familiar Deck has "
                f"{FAMILIAR_MIN}-{FAMILIAR_MAX}"
            )
        if any(not c.familiar for c in familiars):
            problems.append("only familiar cards go in the Familiar Deck")
        doubles = sorted(c for c, n in Counter(deck.familiar).items() if n > 1)
        if doubles:
            problems.append(f"one copy of each familiar, not {', '.join(doubles)}")
        if not any(c.kind == "egg" for c in familiars):
            problems.append("a Familiar Deck needs at least one Familiar Egg")
    return problems
