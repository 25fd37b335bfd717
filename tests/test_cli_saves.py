"""`pmtui verify` and `pmtui export` on bad save files: one line, non-zero exit, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from save_helpers import ROOT, saved_game

from pmtui.cli import main

COMMANDS = [["verify"], ["export"], ["export", "--format", "json"]]


@pytest.fixture(scope="module")
def good(tmp_path_factory: Any) -> bytes:
    path = tmp_path_factory.mktemp("good") / "g.jsonl"
    saved_game(path, 4, limit=60)
    return path.read_bytes()


def _lines(data: bytes) -> list[dict[str, Any]]:
    return [json.loads(x) for x in data.splitlines()]


def _dump(recs: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in recs)


def _edit(fn: Callable[[list[dict[str, Any]]], None]) -> Callable[[bytes], bytes]:
    def make(data: bytes) -> bytes:
        recs = _lines(data)
        fn(recs)
        return _dump(recs)

    return make


def _set(i: int, **kv: Any) -> Callable[[bytes], bytes]:
    return _edit(lambda recs: recs[i].update(kv))


def _first(kind: str, recs: list[dict[str, Any]], after: int = 20) -> int:
    return next(i for i, r in enumerate(recs) if r["type"] == kind and i > after)


# name -> (how to make the file from a good save, message pattern)
BAD: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "empty": (lambda d: b"", "empty save file"),
    "garbage": (lambda d: b"\x00\x9f\x92\x96 garbage\n" * 3, "line 1: not a pmtui save"),
    "text": (lambda d: b"hello world\n", "line 1: not a pmtui save"),
    "json array": (lambda d: b"[1, 2, 3]\n", "not a pmtui save"),
    "torn header": (lambda d: d[:40], "incomplete header"),
    "broken middle": (lambda d: d[:5000] + b"}}" + d[5000:], "not valid JSON"),
    "missing line": (lambda d: b"\n".join(d.split(b"\n")[:9] + d.split(b"\n")[10:]),
                     "line 10: sequence number 10 where 9 was expected"),
    "blank line": (lambda d: d.replace(b"\n", b"\n\n", 3), "blank line"),
    "newer version": (_set(0, version=99), "written by a newer pmtui"),
    "unknown type": (_set(5, type="telepathy"), "line 6: unknown record type 'telepathy'"),
    "second header": (_set(7, type="header"), "line 8: a second header"),
}

# well-formed saves whose content the game refuses: verify exits 1 naming the record
MISMATCH: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "changed event": (_edit(lambda r: r[_first("event", r)]["event"].update(card=1)),
                      r"line \d+: logged event"),
    "changed hash": (_edit(lambda r: r[_first("event", r)].update(hash="0" * 16)),
                     r"line \d+: logged event"),
    "event not an object": (_edit(lambda r: r[_first("event", r)].update(event=5)),
                            r"line \d+: logged event 5"),
    "event missing": (_edit(lambda r: r[_first("event", r)].pop("event")),
                      r"line \d+: logged event null"),
    "illegal decision": (_edit(lambda r: r[_first("decision", r)].update(action="fly")),
                         r"line \d+: not a legal choice now: 'fly'"),
    "player not a seat": (_edit(lambda r: r[_first("decision", r)].update(player="x")),
                          r"line \d+: it is player"),
    "undo too far": (_edit(lambda r: r.append({"seq": len(r), "type": "undo", "to": 10**6})),
                     r"line \d+: bad undo"),
    "undo not a number": (_edit(lambda r: r.append({"seq": len(r), "type": "undo", "to": "x"})),
                          r"line \d+: an undo's 'to' must be a whole number"),
    "no decks": (_edit(lambda r: r[0].pop("decks")), r"line 1: header: no 'decks'"),
    "seed not a number": (_set(0, seed="abc"),
                          "line 1: header: 'seed' must be a whole number, not \"abc\""),
    "unknown ruleset": (_set(0, ruleset="chess"), "line 1: header: unknown ruleset 'chess'"),
    "extra event": (_edit(lambda r: r.append({"seq": len(r), "type": "event",
                                              "event": {"t": "say"}})), "re-executed nothing"),
}


def run(argv: list[str], capsys: Any) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(err: str, pattern: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("pmtui: ")
    assert "Traceback" not in err
    import re

    assert re.search(pattern, lines[0]), lines[0]


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_bad_files_are_one_line_errors(
    name: str, command: list[str], good: bytes, tmp_path: Path, capsys: Any
) -> None:
    make, pattern = BAD[name]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(make(good))
    before = path.read_bytes()
    status, out, err = run([*command, str(path)], capsys)
    assert status == 2
    one_line_error(err, pattern)
    assert path.read_bytes() == before  # never touched


@pytest.mark.parametrize("name", sorted(MISMATCH))
def test_verify_names_the_first_differing_record(
    name: str, good: bytes, tmp_path: Path, capsys: Any
) -> None:
    make, pattern = MISMATCH[name]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(make(good))
    status, out, err = run(["verify", str(path)], capsys)
    assert status == 1 and out == ""
    one_line_error(err, pattern)
    for command in COMMANDS[1:]:  # exporting what is there still works, or fails in one line
        status, out, err = run([*command, str(path)], capsys)
        assert status == 0 or len(err.splitlines()) == 1, err


def test_missing_file_and_directory(tmp_path: Path, capsys: Any) -> None:
    for command in COMMANDS:
        status, _, err = run([*command, str(tmp_path / "nope.jsonl")], capsys)
        assert status == 2
        one_line_error(err, "cannot read the save")
        status, _, err = run([*command, str(tmp_path)], capsys)
        assert status == 2
        one_line_error(err, "cannot read the save")


def test_a_torn_last_line_is_a_warning(good: bytes, tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "torn.jsonl"
    path.write_bytes(good + b'{"seq":999,"type":"ev')
    for command in COMMANDS:
        status, out, err = run([*command, str(path)], capsys)
        assert status == 0 and out
        line = good.count(b"\n") + 1
        assert err.splitlines() == [
            f"pmtui: warning: {path} line {line}: torn last line dropped (incomplete write)"
        ]


def test_an_incomplete_last_decision_verifies_with_a_warning(
    good: bytes, tmp_path: Path, capsys: Any
) -> None:
    recs = _lines(good)
    d = max(i for i, r in enumerate(recs[:-2]) if r["type"] == "decision"
            and recs[i + 1]["type"] == recs[i + 2]["type"] == "event")
    path = tmp_path / "cut.jsonl"
    path.write_bytes(_dump(recs[: d + 2]))
    status, out, err = run(["verify", str(path)], capsys)
    assert status == 0 and "OK" in out
    assert len(err.splitlines()) == 1 and "cut short by a crash" in err


@pytest.mark.parametrize("case", ["garbage", "torn header", "changed event", "no decks"])
def test_no_traceback_from_the_real_command(case: str, good: bytes, tmp_path: Path) -> None:
    make = (BAD | MISMATCH)[case][0]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(make(good))
    for command in (["verify"], ["export"]):
        proc = subprocess.run(
            [sys.executable, "-m", "pmtui", *command, str(path)],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )
        assert proc.returncode != 0
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.splitlines()) == 1, proc.stderr
    if case in MISMATCH:  # the file itself is readable: export shows it when asked to
        proc = subprocess.run(
            [sys.executable, "-m", "pmtui", "export", "--unverified", str(path)],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )
        assert proc.returncode == 0 and proc.stderr.startswith("pmtui: warning: NOT VERIFIED")
