"""Reading a TOML data file (cards, decks, scenarios) with one-line errors, and writing
a key or a value back (a scenario saved from the sandbox, the table's settings)."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pmtui.engine import bounded

# tomllib (3.11) puts the position only into the message text
_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(k: str) -> str:
    """A key as TOML writes it: bare when it may be, else quoted."""
    return k if _BARE_KEY.fullmatch(k) else toml_value(k)


def toml_value(v: object) -> str:
    """A string, number, boolean, list or table as one TOML value on one line (a table
    inline); TypeError for anything else (a date: no file written here holds one)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        # JSON escapes the C0 controls as TOML does; DEL, raw, TOML refuses
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(str(k))} = {toml_value(x)}"
                                for k, x in v.items()) + " }"
    if isinstance(v, Sequence):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def toml_files(folder: Traversable, label: str) -> list[tuple[str, Traversable]]:
    """(label/name, file) of every *.toml file in `folder`, sorted by name: a ruleset's
    built-in card or deck files, in load order."""
    return [
        (f"{label}/{p.name}", p)
        for p in sorted(folder.iterdir(), key=lambda t: t.name)
        if p.name.endswith(".toml") and p.is_file()
    ]


def syntax_error(exc: tomllib.TOMLDecodeError) -> tuple[str, int | None, int | None]:
    """(what went wrong, line, column) of a TOML syntax error; no position: None."""
    msg = str(exc)
    m = _AT.search(msg)
    if m is None:
        return msg.splitlines()[0], None, None
    return msg[: m.start()].strip(), int(m.group(1)), int(m.group(2))


def parse_toml(text: str, label: str, error: type[Exception]) -> dict[str, Any]:
    """tomllib.loads, values nested past bounded.MAX_DEPTH refused as a one-line `error`
    naming `label` (tomllib recurses: a deep list would end in RecursionError). A syntax
    error stays a TOMLDecodeError, for the caller to place in its own words."""
    try:
        doc = tomllib.loads(text)
    except RecursionError:
        raise error(f"{label}: {bounded.DEPTH_PROBLEM}") from None
    if bounded.too_deep(doc):
        raise error(f"{label}: {bounded.DEPTH_PROBLEM}")
    return doc


def read_toml(
    label: str, src: Traversable | Path, error: type[Exception], *, column: bool = True
) -> dict[str, Any]:
    """Read and parse one TOML file within the bounds of `pmtui.engine.bounded`; every
    failure is a one-line `error` naming `label`."""
    return toml_text(label, bounded.read_text(src, label, error), error, column=column)


def toml_text(label: str, text: str, error: type[Exception], *, column: bool = True
              ) -> dict[str, Any]:
    """Parse the text of a TOML file (read within the bounds: `bounded.read_text`);
    every failure is a one-line `error` naming `label` and the line."""
    try:
        return parse_toml(text, label, error)
    except tomllib.TOMLDecodeError as exc:
        what, line, col = syntax_error(exc)
        if line is None:
            raise error(f"{label}: TOML syntax error: {what}") from None
        where = f" (column {col})" if column else ""
        raise error(f"{label}: line {line}: TOML syntax error: {what}{where}") from None
