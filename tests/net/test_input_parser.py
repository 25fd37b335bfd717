"""The SSH driver's input parser (pmtui/net/driver.py, InputParser): the same keys as
Textual's, and nothing of a session kept once it has left. Textual caches extended
keys in a class-wide lru_cache over the parser itself, which kept every session's
parser, and through its last key the session's whole app, alive (the soak in
docs/BENCHMARKS.md)."""

from __future__ import annotations

import gc
import weakref

from textual._xterm_parser import XTermParser

from pmtui.net.driver import InputParser

SEQUENCES = ["\x1b[97u", "\x1b[97;5u", "\x1b[13u", "\x1b[B", "\x1b[A", "j", "\r", "\x1b[1;5C"]


def keys(parser: XTermParser, text: str) -> list[tuple[str, str | None]]:
    return [(m.key, getattr(m, "character", None)) for m in parser.feed(text)
            if hasattr(m, "key")]


def test_the_same_keys_as_textuals_parser() -> None:
    for text in SEQUENCES:
        assert keys(InputParser(), text) == keys(XTermParser(), text), repr(text)
    assert keys(InputParser(), "\x1b[97u") == [("a", "a")]


def test_a_parser_that_read_extended_keys_is_freed_when_dropped() -> None:
    parser = InputParser()
    for text in SEQUENCES:
        keys(parser, text)
    gone = weakref.ref(parser)
    del parser
    gc.collect()
    assert gone() is None
