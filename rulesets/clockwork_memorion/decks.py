"""Decks: files and the construction rules (S:1-5, S:9-11, S:43; C8, C9, M1)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

from pmtui.engine.ruleset import DeckError, DeckList

from .cards import Pool, default_folder

STANDARD = 30  # S:2 "basically 30"; J "exactly 30"
EX_RANGE = (30, 40)  # S:2: the EX match (a header option, M1)
COPIES = 3  # S:4
FORMAT_NAMES = {"standard": "standard format", "ex": "EX match"}


def decks_folder() -> Path:
    return default_folder() / "decks"


def builtin_decks() -> list[str]:
    return sorted(p.stem for p in decks_folder().glob("*.toml"))


def load_deck(spec: str) -> DeckList:
    path = decks_folder() / f"{spec}.toml" if spec in builtin_decks() else Path(spec)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DeckError(f"{spec}: cannot read ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DeckError(f"{spec}: not a TOML deck ({str(exc).splitlines()[0]})") from None
    main = raw.get("main")
    if not isinstance(main, dict) or not all(
            isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool) and n > 0
            for k, n in main.items()):
        raise DeckError(f"{spec}: [main] must be a table of card id = copies")
    fmt = raw.get("format", "standard")
    if fmt not in FORMAT_NAMES:
        raise DeckError(f"{spec}: format must be standard or ex, not {fmt!r}")
    ids = tuple(cid for cid, n in main.items() for _ in range(n))
    return DeckList(str(raw.get("name", path.stem)), {"main": ids}, str(path),
                    str(raw.get("description", "")), "" if fmt == "standard" else fmt)


def validate(deck: DeckList, pool: Pool, fmt: str = "standard") -> list[str]:
    """Every problem, one sentence each with its source."""
    ids = deck.part("main")
    problems = [f"unknown card {cid}" for cid in dict.fromkeys(ids) if cid not in pool]
    known = [cid for cid in ids if cid in pool]
    lo, hi = (STANDARD, STANDARD) if fmt == "standard" else EX_RANGE
    if not lo <= len(ids) <= hi:
        want = f"{lo}" if lo == hi else f"{lo}-{hi}"
        problems.append(f"a {fmt} deck holds {want} cards, this one {len(ids)} (S:2)")
    for kind, word in (("ruler", "Ruler"), ("limit", "Summon Limit card")):
        n = sum(pool.get(c).kind == kind for c in known)
        if n != 1:
            problems.append(f"a deck holds exactly one {word}, this one {n} (S:3, S:11, S:43)")
    names = Counter(pool.get(c).name for c in known)
    for name, n in sorted(names.items()):
        if n > COPIES:
            problems.append(f"at most {COPIES} cards named {name}, this deck has {n} (S:4)")
    return problems
