"""Deck files and deck-building checks for Precious Memories.

A deck file is TOML: `name`, optional `description`, a `[main]` table of
"CARD-ID" = count and an optional `[ex]` table (format: docs/cards.md).
Loading checks the file's shape; `validate_deck` checks the building rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .cards import CardError, CardPool, SeriesTable, data_dir, parse_toml, ruleset_data


class DeckError(ValueError):
    """A deck file problem. The message is always one line."""


@dataclass(frozen=True)
class Deck:
    name: str
    main: tuple[str, ...]  # card ids, expanded by count, in file order
    ex: tuple[str, ...]
    source: str  # where it came from: a built-in stem's path or the file path
    description: str = ""


def builtin_decks() -> list[str]:
    """Stems of the built-in deck files, sorted."""
    folder = data_dir().joinpath("decks")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_deck(path_or_name: str | Path, pool: CardPool) -> Deck:
    """Load a deck from a file path or a built-in deck's stem.

    Ids are kept even when unknown (validate_deck reports them) but are matched
    case-insensitively against the pool, so "sta-001" finds "STA-001".
    """
    text = str(path_or_name)
    if isinstance(path_or_name, str) and text in builtin_decks():
        label = f"cards/precious_memories/decks/{text}.toml"
        src = data_dir().joinpath("decks", f"{text}.toml")
    else:
        label = text
        src = Path(path_or_name)
        if not src.is_file():
            hint = f" (built-in decks: {', '.join(builtin_decks())})" if "/" not in text else ""
            raise DeckError(f"{label}: no such deck file{hint}")
    try:
        data = parse_toml(label, src)
    except CardError as exc:
        raise DeckError(str(exc)) from None

    unknown = set(data) - {"name", "description", "main", "ex"}
    if unknown:
        raise DeckError(f"{label}: field {sorted(unknown)[0]}: unknown field")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DeckError(f"{label}: field name: missing or not a non-empty string")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise DeckError(f"{label}: field description: must be a string")
    if "main" not in data:
        raise DeckError(f"{label}: field main: missing (a [main] table of \"ID\" = count)")
    by_upper = {cid.upper(): cid for cid in pool}
    main = _expand(label, "main", data["main"], by_upper)
    ex = _expand(label, "ex", data.get("ex", {}), by_upper)
    return Deck(name=name, main=main, ex=ex, source=label, description=description)


def _expand(label: str, field: str, table: object, by_upper: dict[str, str]) -> tuple[str, ...]:
    if not isinstance(table, dict):
        raise DeckError(f"{label}: field {field}: must be a table of \"ID\" = count")
    ids: list[str] = []
    for raw_id, count in table.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise DeckError(
                f"{label}: field {field}: card {raw_id}: count must be a positive integer, "
                f"got {count!r}"
            )
        ids.extend([by_upper.get(raw_id.upper(), raw_id)] * count)
    return tuple(ids)


def validate_deck(
    deck: Deck, pool: CardPool, series: SeriesTable, *, single_series: bool = False
) -> list[str]:
    """Every deck-building problem, one sentence each with its rulebook page.

    single_series turns on the optional one-series regulation (P26), where
    `series` decides which titles count as one series (P24).
    """
    rules = ruleset_data()
    problems: list[str] = []
    known = [cid for cid in deck.main + deck.ex if cid in pool]
    for part, ids in (("main deck", deck.main), ("EX deck", deck.ex)):
        for cid in dict.fromkeys(ids):
            if cid not in pool:
                problems.append(
                    f"Unknown card {cid} in the {part}: it is not in the card pool "
                    "(a card is its series and number, P05)."
                )

    size = rules["deck_size"]
    if len(deck.main) != size:
        problems.append(
            f"The main deck has {len(deck.main)} cards; it must have exactly {size} (P05, P25)."
        )
    problems += _copies(deck.main, pool, rules["max_copies"], "main deck", "P05")

    for cid in dict.fromkeys(deck.main):
        if cid in pool and pool.get(cid).ex:
            problems.append(
                f"{cid} is an EX card: EX cards go only in the EX deck, never the main deck (P26)."
            )
    for cid in dict.fromkeys(deck.ex):
        if cid in pool and not pool.get(cid).ex:
            problems.append(f"{cid} is not an EX card: only EX cards may be in the EX deck (P26).")
    ex_max = rules["ex_deck_max"]
    if len(deck.ex) > ex_max:
        problems.append(
            f"The EX deck has {len(deck.ex)} cards; it may have at most {ex_max} (P26)."
        )
    problems += _copies(deck.ex, pool, rules["ex_max_copies"], "EX deck", "P26")

    if single_series and known:
        names = dict.fromkeys(series.canonical(pool.get(cid).series) for cid in known)
        if len(names) > 1:
            problems.append(
                f"Single-series regulation: the deck mixes {', '.join(names)} "
                "(titles listed as one series count as one, P24, P26)."
            )
    return problems


def _copies(ids: tuple[str, ...], pool: CardPool, limit: int, part: str, page: str) -> list[str]:
    # Copies are counted by base id: a parallel "X-001a" is the same card as "X-001".
    counts: Counter[str] = Counter()
    spelled: dict[str, list[str]] = {}
    for cid in ids:
        base = pool.get(cid).base_id if cid in pool else cid
        counts[base] += 1
        spelled.setdefault(base, [])
        if cid not in spelled[base]:
            spelled[base].append(cid)
    out = []
    for base, n in counts.items():
        if n > limit:
            how = f" (counting {' and '.join(spelled[base])} together)" if len(
                spelled[base]) > 1 else ""
            out.append(
                f"The {part} has {n} copies of {base}{how}; at most {limit} copies of a card "
                f"are allowed ({page})."
            )
    return out
