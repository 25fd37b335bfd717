"""Writing a scenario document as TOML that `pmtui.table.scenarios.load` reads back.

Only what scenario files use: strings, whole numbers, booleans, lists and
tables. A card entry that is a table is written inline on one line (TOML
inline tables cannot span lines); lists of cards go one entry per line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.tomlfile import toml_key, toml_value

TOP_ORDER = ("name", "page", "description", "ruleset", "seed", "chance", "card_files", "fix",
             "actions")


def _list(name: str, items: Sequence[Any], comments: Sequence[str] = ()) -> list[str]:
    if not items:
        return [f"{toml_key(name)} = []"]
    one = f"{toml_key(name)} = {toml_value(list(items))}"
    if len(one) <= 88 and not comments:
        return [one]
    out = [f"{toml_key(name)} = ["]
    for i, item in enumerate(items):
        note = f"  # {comments[i]}" if i < len(comments) and comments[i] else ""
        out.append(f"  {toml_value(item)},{note}")
    out.append("]")
    return out


def dump(doc: Mapping[str, Any], *, comments: Sequence[str] = (),
         card_notes: Mapping[tuple[str, str, int], str] | None = None) -> str:
    """The document as TOML text: top keys, [position] (and its chain), a table per player
    ([p1], [p2]), [[expect]]. Position keys and zones keep the order the ruleset wrote
    them in (`Positions.write`)."""
    lines = [f"# {c}" if c else "#" for c in comments]
    for k in TOP_ORDER:
        if k in doc:
            lines += _list(k, doc[k]) if isinstance(doc[k], list) \
                else [f"{k} = {toml_value(doc[k])}"]
    setup = doc.get("setup")
    if setup is not None:  # decks the game's own setup runs on, instead of a position
        if setup.get("options"):
            lines += ["", "[setup]", f"options = {toml_value(setup['options'])}"]
        for p, parts in setup.items():
            if p != "options":
                lines += ["", f"[setup.{p}]"]
                for part, ids in parts.items():
                    lines += _list(part, ids)
    pos = dict(doc.get("position") or {})
    chain = pos.pop("chain", None)
    if "position" in doc or setup is None:
        lines += ["", "[position]"]
    for k, x in pos.items():
        lines.append(f"{toml_key(k)} = {toml_value(x)}")
    for entry in chain or ():
        lines += ["", "[[position.chain]]"]
        lines += [f"{toml_key(k)} = {toml_value(x)}" for k, x in entry.items()]
    notes = card_notes or {}
    players = [k for k in doc if k not in (*TOP_ORDER, "position", "expect", "setup")]
    for p in players:
        table = doc.get(p) or {}
        lines += ["", f"[{p}]"]
        for zone, items in table.items():
            if isinstance(items, list):
                lines += _list(zone, items, [notes.get((p, zone, i), "")
                                             for i in range(len(items))] if notes else ())
            else:
                lines.append(f"{zone} = {toml_value(items)}")
    for e in doc.get("expect") or ():
        lines += ["", "[[expect]]"]
        for k, x in e.items():
            lines += _list(k, x) if isinstance(x, list) else [f"{toml_key(k)} = {toml_value(x)}"]
    return "\n".join(lines).lstrip("\n") + "\n"
