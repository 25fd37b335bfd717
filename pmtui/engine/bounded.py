"""Reading a data file within bounds: its size, its longest line and how deeply its
values nest.

Any file pmtui reads may come from someone else (a card or deck file, a scenario, a
save, a server's own files) and may be `/dev/zero`, one endless line or a list nested
50,000 deep. Every reader takes its bytes through here, so such a file is a one-line
error naming it, never a hang, a MemoryError or a RecursionError.
"""

from __future__ import annotations

import json
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

MAX_BYTES = 16 << 20  # a data file (the largest card file is under 20 KB)
MAX_LINE = 1 << 20  # one line of it (a save's longest record is a few KB)
MAX_DEPTH = 32  # values inside values (card files nest up to 8 deep, saves 7)


def size_problem(size: int, limit: int = MAX_BYTES) -> str | None:
    return f"larger than {limit >> 20} MiB" if size > limit else None


def read_bytes(src: Traversable | Path, limit: int = MAX_BYTES) -> tuple[bytes, str | None]:
    """The bytes of `src`, at most one past `limit`, and what is wrong with their size
    (None: nothing). OSError is the caller's to word."""
    with src.open("rb") as f:
        data = f.read(limit + 1)
    return data, size_problem(len(data), limit)


def long_line(text: str | bytes, limit: int = MAX_LINE) -> int | None:
    """The number of the first line longer than `limit`, or None."""
    nl = "\n" if isinstance(text, str) else b"\n"
    start = 0
    lineno = 1
    while True:
        end = text.find(nl, start)  # type: ignore[arg-type]
        stop = len(text) if end < 0 else end
        if stop - start > limit:
            return lineno
        if end < 0:
            return None
        start, lineno = end + 1, lineno + 1


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and tables nest more than `limit` deep in `value` (walked without
    recursion, so the answer never needs the stack it measures)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((c, depth + 1) for c in children)
    return False


DEPTH_PROBLEM = f"nested more than {MAX_DEPTH} deep"


def read_text(src: Traversable | Path, label: str, error: type[Exception]) -> str:
    """The UTF-8 text of a data file within MAX_BYTES and MAX_LINE; anything wrong is
    a one-line `error` naming `label`."""
    try:
        data, problem = read_bytes(src)
    except OSError as exc:
        raise error(f"{label}: cannot read ({exc.strerror or exc})") from None
    if problem:
        raise error(f"{label}: {problem}")
    return decode_text(data, label, error)


def decode_text(data: bytes, label: str, error: type[Exception]) -> str:
    """The UTF-8 text of a file's bytes (read with `read_bytes`), no line longer than
    MAX_LINE; a one-line `error` naming `label` otherwise."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{label}: not UTF-8 text ({exc.reason})") from None
    line = long_line(text)
    if line is not None:
        raise error(f"{label}: line {line}: longer than {MAX_LINE >> 20} MiB")
    return text


def parse_json(data: bytes | str) -> tuple[Any, str | None]:
    """A JSON document within the bounds (size, nesting) and what is wrong with it, in
    words (None: nothing), invalid JSON included."""
    problem = size_problem(len(data))
    if problem:
        return None, problem
    try:
        value = json.loads(data)
    except RecursionError:
        return None, DEPTH_PROBLEM
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 text ({exc.reason})"
    except json.JSONDecodeError as exc:
        return None, f"line {exc.lineno}: not valid JSON ({exc.msg})"
    except ValueError as exc:  # Python's limit on an integer's digits
        return None, f"not valid JSON ({exc})"
    if too_deep(value):
        return None, DEPTH_PROBLEM
    return value, None


def load_json(data: bytes | str, label: str, error: type[Exception]) -> Any:
    """A JSON document within the bounds; anything wrong is a one-line `error` naming
    `label` (see parse_json)."""
    value, problem = parse_json(data)
    if problem:
        raise error(f"{label}: {problem}")
    return value


def read_json(src: Path, label: str, error: type[Exception]) -> Any:
    """A JSON file read within the bounds (see load_json)."""
    try:
        data, problem = read_bytes(src)
    except OSError as exc:
        raise error(f"{label}: cannot read ({exc.strerror or exc})") from None
    if problem:
        raise error(f"{label}: {problem}")
    return load_json(data, label, error)
