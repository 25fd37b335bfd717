"""Deck lists as players share them: `3 Card Name` a line, grouped by part under `# part`
lines (docs/decks.md). Read back with names or ids, case aside; an unknown name gets
one line with the closest names."""

from __future__ import annotations

import difflib
import re
from collections import Counter

from pmtui.engine.ruleset import DeckList, Ruleset
from pmtui.table.logtext import printable

MAX_LIST_BYTES = 64 * 1024  # a pasted or read list; a full deck's list is a few KB
MAX_COPIES = 99  # on one line
_LINE = re.compile(r"(\d+)\s*[xX]?\s+(\S.*)")
_ID_AFTER = re.compile(r"(.*\S)\s+\(([^()]+)\)")  # "Name (ID)": a name several cards share


class DeckListError(ValueError):
    """A list that cannot be read: one line, naming the line at fault."""


def _names(rs: Ruleset) -> dict[str, list[str]]:
    """Folded card name -> the ids of the cards so named, in pool order."""
    out: dict[str, list[str]] = {}
    for cid, card in rs.cards.items():
        out.setdefault(card.name.casefold(), []).append(cid)
    return out


def export_list(rs: Ruleset, deck: DeckList) -> list[str]:
    """The deck as list lines: each part with cards under `# part`, `COUNT NAME` in the
    order the cards first appear; a name several cards share carries its id."""
    names = _names(rs)
    lines: list[str] = []
    for part in rs.deck_parts:
        ids = deck.part(part)
        if not ids:
            continue
        lines.append(f"# {part}")
        for cid, n in Counter(ids).items():
            card = rs.cards.get(cid)
            if card is None:
                lines.append(f"{n} {cid}")
            elif len(names.get(card.name.casefold(), ())) == 1:
                lines.append(f"{n} {card.name}")
            else:
                lines.append(f"{n} {card.name} ({cid})")
    return lines


def import_list(rs: Ruleset, text: str, name: str) -> DeckList:
    """The deck a list describes (DeckListError, one line, naming the line at fault).
    A card before any `# part` line goes where the game puts it (`deck_slot`)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_LIST_BYTES:
        raise DeckListError(f"a deck list has at most {MAX_LIST_BYTES // 1024} KB")
    parts = {p.casefold(): p for p in rs.deck_parts}
    ids = {cid.casefold(): cid for cid in rs.cards}
    names = _names(rs)
    found: dict[str, list[str]] = {p: [] for p in rs.deck_parts}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):  # a part's heading, or a comment
            current = parts.get(line[1:].strip().casefold(), current)
            continue
        m = _LINE.fullmatch(line)
        count, what = (int(m[1]), m[2].strip()) if m else (1, line)
        if not 1 <= count <= MAX_COPIES:
            raise DeckListError(f"line {number}: a count is 1 to {MAX_COPIES}, not {count}")
        cid = _card(rs, what, ids, names, number)
        found[current or rs.deck_slot(cid).part].extend([cid] * count)
    return DeckList(name, {p: tuple(v) for p, v in found.items() if v}, source="deck list")


def _card(rs: Ruleset, what: str, ids: dict[str, str], names: dict[str, list[str]],
          number: int) -> str:
    """The id `what` means: "Name (ID)", an id, or a name one card has."""
    key = what.casefold()
    m = _ID_AFTER.fullmatch(what)
    if m and m[2].casefold() in ids:
        return ids[m[2].casefold()]
    if key in ids:
        return ids[key]
    shown = printable(what[:80])
    named = names.get(key, [])
    if len(named) == 1:
        return named[0]
    if named:
        listed = ", ".join(named[:4]) + (", ..." if len(named) > 4 else "")
        raise DeckListError(f'line {number}: several cards are named "{shown}" ({listed}): '
                            f'write "{shown} (ID)"')
    close = difflib.get_close_matches(key, names, n=3, cutoff=0.6)
    if not close:
        raise DeckListError(f'line {number}: no card "{shown}" (`pmtui cards` lists them)')
    spelled = [printable(rs.cards[names[c][0]].name) for c in close]
    options = spelled[0] if len(spelled) == 1 else f"{', '.join(spelled[:-1])} or {spelled[-1]}"
    raise DeckListError(f'line {number}: no card "{shown}" — did you mean {options}?')
