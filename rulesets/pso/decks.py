"""PSO deck files and deck-building checks (source: "Deck Limits", "Card Limits").

A deck file is TOML: `name`, optional `description`, `format` ("standard": 99
cards, the source's; "quick": 40 cards, ours, D-31), `lead` (the main
character, set aside) and a `[main]` table of "CARD-ID" = count
(docs/cards-pso.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .cards import CardError, CardPool, data_dir, parse_toml

# format -> (deck size, most Monsters)
FORMATS = {"standard": (99, 25), "quick": (40, 10)}
MAX_CHARACTERS = 3


class DeckError(ValueError):
    """A deck file problem. The message is always one line."""


@dataclass(frozen=True)
class Deck:
    name: str
    main: tuple[str, ...]  # card ids, expanded by count, in file order
    lead: str
    format: str = "standard"
    source: str = ""
    description: str = ""

    @property
    def ex(self) -> tuple[str, ...]:
        """The set-aside part, as the shell's deck header names it."""
        return (self.lead,)


def builtin_decks() -> list[str]:
    folder = data_dir().joinpath("decks")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_deck(path_or_name: str | Path, pool: CardPool) -> Deck:
    """A deck from a file path or a built-in deck's stem; DeckError on a bad file."""
    text = str(path_or_name)
    if isinstance(path_or_name, str) and text in builtin_decks():
        label = f"cards/pso/decks/{text}.toml"
        src = data_dir().joinpath("decks", f"{text}.toml")
    else:
        label, src = text, Path(path_or_name)
        if not src.is_file():
            raise DeckError(f"{label}: no such deck file (built-in: {', '.join(builtin_decks())})")
    try:
        data = parse_toml(label, src)
    except CardError as exc:
        raise DeckError(str(exc)) from None
    unknown = set(data) - {"name", "description", "format", "lead", "main"}
    if unknown:
        raise DeckError(f"{label}: field {sorted(unknown)[0]}: unknown field")
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        raise DeckError(f"{label}: field name: missing or not a non-empty string")
    # a deck still being built may have no main character yet (lead = ""): the deck
    # check says it needs one
    if not isinstance(data.get("lead", ""), str):
        raise DeckError(f"{label}: field lead: must be a card id")
    fmt = data.get("format", "standard")
    if fmt not in FORMATS:
        raise DeckError(f"{label}: field format: must be one of {', '.join(FORMATS)}")
    main = data.get("main")
    if not isinstance(main, dict):
        raise DeckError(f"{label}: field main: missing or not a table of \"ID\" = count")
    cards: list[str] = []
    for cid, n in main.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 99:
            raise DeckError(f"{label}: main.{cid}: count must be a whole number from 1 to 99")
        cards += [_canonical(cid, pool)] * n
    desc = data.get("description", "")
    return Deck(
        name=data["name"], main=tuple(cards), lead=_canonical(data.get("lead", "").strip(), pool),
        format=fmt, source=label, description=desc if isinstance(desc, str) else "",
    )


def _canonical(cid: str, pool: CardPool) -> str:
    if cid in pool:
        return cid
    folded = {k.casefold(): k for k in pool}
    return folded.get(cid.casefold(), cid)


def limit_of_count(numerator: int, denominator: int, copies: int) -> int:
    """X of Y: the fraction of Y's copies, rounded half up, never below 1 (A28)."""
    return max(1, (2 * numerator * copies + denominator) // (2 * denominator))


def validate_deck(deck: Deck, pool: CardPool) -> list[str]:
    """Every deck-building rule the deck breaks, one line each (empty: legal)."""
    problems: list[str] = []
    unknown = sorted({c for c in (*deck.main, deck.lead) if c not in pool})
    if unknown:
        return [f"unknown card id {unknown[0]}"]
    size, max_monsters = FORMATS[deck.format]
    label = f"the {deck.format} format"
    if len(deck.main) != size:
        also = " (or 40 in the quick format)" if deck.format == "standard" else ""
        problems.append(
            f"{len(deck.main)} cards: {label} needs exactly {size}{also} (Deck Limits)"
        )
    counts = Counter(deck.main)
    defs = [pool[c] for c in counts]
    chars = [d for d in defs for _ in range(counts[d.id]) if d.type == "character"]
    if len(chars) > MAX_CHARACTERS:
        problems.append(f"{len(chars)} characters: at most {MAX_CHARACTERS} (Deck Limits)")
    names = Counter(d.name for d in chars)
    for name, n in sorted(names.items()):
        if n > 1:
            problems.append(f"{n} characters named {name}: each must be unique (Deck Limits)")
    monsters = sum(counts[d.id] for d in defs if d.type == "monster")
    if monsters > max_monsters:
        problems.append(f"{monsters} monsters: {label} allows {max_monsters} (Deck Limits)")
    if monsters == 0:
        problems.append("no monster: the setup's monster search could never end (D-05)")
    lead = pool[deck.lead]
    if lead.type != "character" or lead.kind != "normal":
        problems.append(f"main character {lead.id} must be a normal character, not an NPC")
    elif lead.name in names:
        problems.append(f"main character {lead.name} is also in the deck (Deck Limits)")
    for d in defs:
        n = counts[d.id]
        if (d.boss or d.quest) and n > 1:
            problems.append(f"{n} copies of {d.kind} Area {d.id}: at most 1 (Deck Limits)")
        if d.limit is not None and n > d.limit:
            problems.append(f"{n} copies of {d.id}: its limit is {d.limit} (Card Limits)")
        if d.limit_of is not None:
            other, num, den = d.limit_of
            most = limit_of_count(num, den, counts.get(other, 0))
            if n > most:
                problems.append(
                    f"{n} copies of {d.id}: {num}/{den} of {counts.get(other, 0)} {other} "
                    f"allows {most} (Card Limits)"
                )
    return problems
