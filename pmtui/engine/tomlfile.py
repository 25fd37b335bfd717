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


def read_toml(
    label: str, src: Traversable | Path, error: type[Exception], *, column: bool = True
) -> dict[str, Any]:
    """Read and parse one TOML file; every failure is a one-line `error` naming `label`."""
    try:
        text = src.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{label}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise error(f"{label}: cannot read ({exc.strerror or exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        what, line, col = syntax_error(exc)
        if line is None:
            raise error(f"{label}: TOML syntax error: {what}") from None
        where = f" (column {col})" if column else ""
        raise error(f"{label}: line {line}: TOML syntax error: {what}{where}") from None
