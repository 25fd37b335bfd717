"""Tests for the save-file journal (pmtui/engine/journal.py)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmtui.engine import journal
from pmtui.engine.journal import (
    FORMAT,
    VERSION,
    JournalWriter,
    LoadedJournal,
    SaveError,
    parse_journal,
    read_journal,
)

HEADER: dict[str, Any] = {
    "ruleset": "precious_memories",
    "ruleset_version": "2.22",
    "pool_digest": "sha256:0f1e",
    "seed": 12345,
    "players": ["Ann", "Bö"],
    "decks": [["c1", "c2"], ["c3"]],
    "mode": "computer",
    "options": {},
}

# Multibyte text on purpose: cuts must also land inside UTF-8 sequences.
RECORDS: list[dict[str, Any]] = [
    {"seq": 1, "type": "event", "event": {"e": "shuffle", "order": [3, 1, 2]}, "hash": "ab"},
    {"seq": 2, "type": "decision", "player": 0, "action": "play 香風智乃"},
    {"seq": 3, "type": "event", "event": {"e": "draw", "card": "c2"}, "hash": "cd"},
    {"seq": 4, "type": "undo", "to": 0},
    {"seq": 5, "type": "note", "text": 'line\u2028sep and "quotes"'},
]

HEADER_LINE = {"format": FORMAT, "version": VERSION, "seq": 0, "type": "header", **HEADER}


def encode(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


SAMPLE = b"".join(encode(o) for o in [HEADER_LINE, *RECORDS])
SAMPLE_LINES = SAMPLE.splitlines(keepends=True)


def load_or_error(data: bytes | list[bytes], name: str = "save.jsonl") -> LoadedJournal | SaveError:
    """Parse; anything but a SaveError or a load escapes and fails the test."""
    try:
        loaded = parse_journal(data, name)
    except SaveError as exc:
        check_message(str(exc), name)
        return exc
    check_valid(loaded)
    return loaded


def check_message(message: str, name: str = "save.jsonl") -> None:
    assert "\n" not in message and "\r" not in message
    assert message.startswith(name)
    assert len(message) < 300


def check_valid(loaded: LoadedJournal) -> None:
    assert loaded.header["format"] == FORMAT
    assert loaded.header["version"] == VERSION
    assert loaded.header["type"] == "header" and loaded.header["seq"] == 0
    for i, rec in enumerate(loaded.records, start=1):
        assert rec["seq"] == i
        assert rec["type"] in journal.RECORD_TYPES
    for warning in loaded.warnings:
        check_message(warning)
        assert re.search(r" line \d+: ", warning)


def new_save(tmp_path: Path, records: list[dict[str, Any]] = RECORDS) -> Path:
    path = tmp_path / "save.jsonl"
    with JournalWriter(path, HEADER) as writer:
        writer.write(records)
    return path


# -- round trip and durability ------------------------------------------------


def test_round_trip(tmp_path: Path) -> None:
    path = new_save(tmp_path)
    assert path.read_bytes() == SAMPLE  # compact, LF, UTF-8, keys in the given order
    loaded = read_journal(path)
    assert loaded.header == HEADER_LINE
    assert loaded.records == RECORDS
    assert loaded.warnings == []
    assert loaded.path == path
    assert loaded.last_seq == 5
    assert parse_journal(SAMPLE_LINES).records == RECORDS
    # str lines without terminators work too (e.g. from str.split)
    assert parse_journal(SAMPLE.decode().split("\n")).records == RECORDS


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(json_values, max_size=6))
def test_round_trip_any_json(tmp_path: Path, payloads: list[Any]) -> None:
    path = tmp_path / "any.jsonl"
    path.unlink(missing_ok=True)
    records = [{"seq": i, "type": "event", "event": p} for i, p in enumerate(payloads, 1)]
    with JournalWriter(path, {"seed": 1}) as writer:
        writer.write(records)
    loaded = read_journal(path)
    assert loaded.records == records
    assert path.read_bytes().count(b"\n") == len(records) + 1  # one line per record


def test_commit_fsyncs_and_append_does_not_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(fd), real_fsync(fd))[1])
    path = tmp_path / "save.jsonl"
    writer = JournalWriter(path, HEADER)
    assert len(calls) >= 1  # the header is durable at once (file, then directory)
    size = path.stat().st_size

    calls.clear()
    writer.append(RECORDS[0])
    writer.append(RECORDS[1])
    assert calls == [] and path.stat().st_size == size  # buffered only
    writer.commit()
    assert len(calls) == 1
    assert read_journal(path).records == RECORDS[:2]  # visible to another reader

    writer.commit()  # nothing buffered: nothing to do
    assert len(calls) == 1
    writer.write(RECORDS[2:])
    assert len(calls) == 2
    writer.close()
    assert read_journal(path).records == RECORDS


def test_failed_commit_is_cut_back_and_can_be_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.jsonl"
    writer = JournalWriter(path, HEADER)
    writer.write(RECORDS[:1])
    before = path.read_bytes()
    real_fsync = os.fsync
    failures = [OSError(28, "No space left on device")]

    def flaky_fsync(fd: int) -> None:
        if failures:
            raise failures.pop()
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", flaky_fsync)
    writer.append(RECORDS[1])
    with pytest.raises(SaveError, match="No space left") as info:
        writer.commit()
    check_message(str(info.value), str(path))
    assert path.read_bytes() == before  # the partial write was removed
    writer.commit()  # the record stayed buffered
    writer.close()
    assert read_journal(path).records == RECORDS[:2]


# -- torn tails ---------------------------------------------------------------


def line_spans(data: bytes) -> list[tuple[int, int]]:
    """(start, index of the LF) for each line of a file that ends with LF."""
    spans, start = [], 0
    while start < len(data):
        end = data.index(b"\n", start)
        spans.append((start, end))
        start = end + 1
    return spans


def expected_after_cut(cut: int) -> tuple[list[dict[str, Any]], bool] | None:
    """Records a load must keep, and whether a warning is due; None: must refuse."""
    spans = line_spans(SAMPLE)
    if cut < spans[0][1]:
        return None  # the header itself is incomplete
    complete = [i for i, (_, end) in enumerate(spans) if end <= cut]  # LF may be missing
    mid_line = any(start < cut < end for start, end in spans)
    return [RECORDS[i - 1] for i in complete if i > 0], mid_line


@pytest.mark.parametrize("as_file", [False, True])
def test_truncated_at_every_byte(tmp_path: Path, as_file: bool) -> None:
    path = tmp_path / "cut.jsonl"
    for cut in range(len(SAMPLE) + 1):
        data = SAMPLE[:cut]
        if as_file:
            path.write_bytes(data)
            try:
                result: LoadedJournal | SaveError = read_journal(path)
            except SaveError as exc:
                result = exc
        else:
            result = load_or_error(data)
        expected = expected_after_cut(cut)
        if expected is None:
            assert isinstance(result, SaveError), cut
            continue
        assert isinstance(result, LoadedJournal), (cut, result)
        records, warned = expected
        assert result.records == records, cut  # no complete line before the cut is lost
        assert bool(result.warnings) == warned, (cut, result.warnings)
        if warned:
            assert "torn last line dropped" in result.warnings[0]


def test_reopen_after_every_cut_truncates_and_appends_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    for cut in range(len(SAMPLE) + 1):
        expected = expected_after_cut(cut)
        path.write_bytes(SAMPLE[:cut])
        if expected is None:
            with pytest.raises(SaveError):
                JournalWriter(path)
            assert path.read_bytes() == SAMPLE[:cut]  # a refused file is left alone
            continue
        kept, _ = expected
        note = {"seq": len(kept) + 1, "type": "note", "text": f"after cut {cut}"}
        with JournalWriter(path) as writer:
            assert writer.loaded is not None and writer.loaded.records == kept
            assert writer.next_seq == note["seq"]
            writer.append(note)
        loaded = read_journal(path)
        assert loaded.warnings == [], cut
        assert loaded.records == [*kept, note], cut
        assert path.read_bytes().endswith(b"\n")


def test_last_line_without_newline_is_kept(tmp_path: Path) -> None:
    stripped = SAMPLE.rstrip(b"\n")
    loaded = parse_journal(stripped)
    assert loaded.records == RECORDS and loaded.warnings == []
    path = tmp_path / "s.jsonl"
    path.write_bytes(stripped)
    note = {"seq": 6, "type": "note"}
    with JournalWriter(path) as writer:
        writer.append(note)
    assert path.read_bytes() == SAMPLE + encode(note)


def test_trailing_blank_lines_warn_and_are_cut_on_append(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(SAMPLE + b"\n  \r\n")
    loaded = read_journal(path)
    assert loaded.records == RECORDS
    assert loaded.warnings == [f"{path} line 7: blank lines at the end ignored"]
    with JournalWriter(path) as writer:
        writer.append({"seq": 6, "type": "note"})
    assert read_journal(path).warnings == []


def test_torn_multibyte_last_line_is_a_torn_write() -> None:
    cut = SAMPLE.index("香".encode()) + 1  # inside a 3-byte character
    loaded = parse_journal(SAMPLE[:cut], "s")
    assert loaded.warnings == ["s line 3: torn last line dropped (incomplete write)"]


# -- corruption ---------------------------------------------------------------


def error_of(data: bytes | list[bytes], name: str = "save.jsonl") -> str:
    with pytest.raises(SaveError) as info:
        parse_journal(data, name)
    message = str(info.value)
    check_message(message, name)
    return message


H = encode(HEADER_LINE)


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (H + encode(RECORDS[1]), 2, "sequence number 2 where 1 was expected"),
        (SAMPLE_LINES[0] + SAMPLE_LINES[2] + SAMPLE_LINES[1], 2, "sequence number 2"),  # reordered
        (
            b"".join(SAMPLE_LINES[:3] + SAMPLE_LINES[2:]),
            4,
            "2 where 3 was expected (a repeated line?)",
        ),  # duplicate
        (b"".join(SAMPLE_LINES[:2] + SAMPLE_LINES[3:]), 3, "3 where 2 was expected"),  # missing
        (H + b"\n" + encode(RECORDS[0]), 2, "blank line"),
        (H + b"[1,2]\n", 2, "not an array"),
        (H + b'"seq"\n', 2, "JSON object"),
        (H + b'{"seq":1,"type":"event"\n' + encode(RECORDS[1]), 2, "not valid JSON"),
        (H + b'{"seq":1,"type":"event"}\xff\n' + encode(RECORDS[1]), 2, "UTF-8"),
        (H + b'{"seq":1,"type":"telepathy"}\n', 2, "unknown record type 'telepathy'"),
        (H + b'{"seq":1,"type":["event"]}\n', 2, "unknown record type"),
        (H + b'{"seq":1,"type":"header"}\n', 2, "second header"),
        (H + b'{"type":"note"}\n', 2, "no sequence number"),
        (H + b'{"seq":"1","type":"note"}\n', 2, "whole number"),
        (H + b'{"seq":true,"type":"note"}\n', 2, "whole number"),
        (H + b'{"seq":1.0,"type":"note"}\n', 2, "whole number"),
        (H + b'{"seq":1,"seq":2,"type":"note"}\n', 2, "duplicate key 'seq'"),
        (H + b'{"seq":1,"type":"note","x":NaN}\n', 2, "NaN"),
        (H + b'{"seq":1,"type":"note","x":1e999}\n', 2, "out of range"),
        (H + b'{"seq":1,"type":"note","x":' + b"9" * 5000 + b"}\n", 2, "too long"),
        (H + b"[" * 200_000 + b"\n" + encode(RECORDS[0]), 2, "nested more than 32 deep"),
        (b"hello\n", 1, "not a pmtui save"),
        (b"[]\n", 1, "not a pmtui save"),
        (b'{"version":1}\n', 1, 'no "format"'),
        (b'{"format":"pmtui-sav","version":1}\n', 1, "format is 'pmtui-sav'"),
        (b'{"format":"pmtui-save"}\n', 1, "format version must be a whole number"),
        (b'{"format":"pmtui-save","version":"1"}\n', 1, "whole number"),
        (b'{"format":"pmtui-save","version":true}\n', 1, "whole number"),
        (b'{"format":"pmtui-save","version":0,"seq":0,"type":"header"}\n', 1, "version 0"),
        (b'{"format":"pmtui-save","version":-3,"seq":0,"type":"header"}\n', 1, "version -3"),
        (b'{"format":"pmtui-save","version":1,"seq":0}\n', 1, '"type": "header"'),
        (b'{"format":"pmtui-save","version":1,"seq":1,"type":"header"}\n', 1, "sequence number 0"),
        (b'{"format":"pmt', 1, "incomplete header"),
        (b"\x00\x01\x02\xff\n\x03", 1, "UTF-8"),
    ],
    ids=lambda v: f"{len(v)}B" if isinstance(v, bytes) else str(v),
)
def test_errors_name_the_line(data: bytes, line: int, words: str) -> None:
    message = error_of(data)
    assert f"save.jsonl line {line}: " in message
    assert words in message


@pytest.mark.parametrize("data", [b"", b"\n", b"\n\n  \n"])
def test_empty_save(data: bytes) -> None:
    assert error_of(data) == "save.jsonl: empty save file"


def test_newer_version_refused() -> None:
    newer = VERSION + 1
    data = (b'{"format":"pmtui-save","version":%d,"seq":0,"type":"header"}\n'
            b'{"seq":1,"type":"new"}\n' % newer)
    assert error_of(data) == (
        f"save.jsonl: written by a newer pmtui (format version {newer}, "
        f"this program reads up to {VERSION})"
    )


def test_unknown_keys_are_kept_and_ignored() -> None:
    header = {**HEADER_LINE, "future_field": {"a": 1}}
    rec = {"seq": 1, "type": "decision", "player": 1, "action": "pass", "clock": 3.5}
    loaded = parse_journal(encode(header) + encode(rec))
    assert loaded.header["future_field"] == {"a": 1}
    assert loaded.records == [rec]


def test_bom_and_crlf_tolerated() -> None:
    crlf = SAMPLE.replace(b"\n", b"\r\n")
    assert parse_journal(b"\xef\xbb\xbf" + crlf).records == RECORDS


def test_line_separators_inside_strings_are_not_line_breaks() -> None:
    # U+2028 and CR are content; only LF ends a line (str.splitlines would break this).
    loaded = parse_journal(SAMPLE.decode())
    assert loaded.records[4]["text"] == RECORDS[4]["text"]


def test_file_name_cannot_break_the_message(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        parse_journal(b"[]\n", "evil\nname")
    assert str(info.value).startswith("evil\\nname line 1: ")
    check_message(str(info.value), "evil\\nname")


def test_unreadable_paths(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.jsonl", tmp_path):
        with pytest.raises(SaveError) as info:
            read_journal(path)
        check_message(str(info.value), str(path))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_bytes_never_crash(data: st.DataObject) -> None:
    blob = bytearray(SAMPLE)
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(blob)))
        op = data.draw(st.sampled_from(["flip", "insert", "delete"]))
        if op == "insert" or pos == len(blob):
            blob[pos:pos] = data.draw(st.binary(min_size=1, max_size=3))
        elif op == "delete":
            del blob[pos : pos + data.draw(st.integers(1, 8))]
        else:
            blob[pos] ^= 1 << data.draw(st.integers(0, 7))
    result = load_or_error(bytes(blob))
    if isinstance(result, LoadedJournal):
        # whatever loads is a prefix of the truth or a consistent edit of it
        assert len(result.records) <= len(RECORDS) + 1


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_binary_garbage_never_crashes(blob: bytes) -> None:
    load_or_error(blob)
    load_or_error(SAMPLE + blob)  # garbage after a valid save


@settings(max_examples=200, deadline=None)
@given(st.permutations(SAMPLE_LINES[1:]), st.lists(st.integers(1, 5), max_size=2))
def test_reordered_and_duplicated_lines(order: list[bytes], dups: list[int]) -> None:
    lines = [SAMPLE_LINES[0], *order]
    for i in dups:
        lines.insert(i, lines[i])
    result = load_or_error(b"".join(lines))
    if isinstance(result, LoadedJournal):
        assert result.records == RECORDS  # only the true order loads
    else:
        assert isinstance(result.line, int) and f"line {result.line}:" in str(result)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.binary(max_size=40) | st.text(max_size=40), max_size=8))
def test_arbitrary_line_lists_never_crash(lines: list[bytes | str]) -> None:
    load_or_error([encode(HEADER_LINE), *lines])


# -- upcasting ----------------------------------------------------------------


def v0_file() -> bytes:
    # A pretend version 0: records said "kind" where version 1 says "type".
    header = {"format": FORMAT, "version": 0, "seq": 0, "kind": "header", "seed": 7}
    recs = [{"seq": 1, "kind": "decision", "player": 0, "action": "pass"}]
    return b"".join(encode(o) for o in [header, *recs])


def lift_v0(obj: dict[str, Any]) -> dict[str, Any]:
    obj = dict(obj)
    obj["type"] = obj.pop("kind")
    return obj


def test_upcast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "version 0" in error_of(v0_file())  # without an upcaster: refused
    monkeypatch.setitem(journal.UPCASTERS, 0, lift_v0)
    loaded = parse_journal(v0_file())
    assert loaded.header == {"format": FORMAT, "version": VERSION, "seq": 0, "type": "header",
                             "seed": 7, "rng": "legacy"}
    assert loaded.records == [{"seq": 1, "type": "decision", "player": 0, "action": "pass"}]


def test_failing_upcaster_is_a_save_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(obj: dict[str, Any]) -> dict[str, Any]:
        if obj.get("kind") != "header":
            raise KeyError("player")
        return lift_v0(obj)

    monkeypatch.setitem(journal.UPCASTERS, 0, broken)
    message = error_of(v0_file())
    assert "line 2: cannot upgrade from format version 0" in message


def test_old_version_is_not_appended_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(journal.UPCASTERS, 0, lift_v0)
    path = tmp_path / "old.jsonl"
    path.write_bytes(v0_file())
    with pytest.raises(SaveError, match="format version 0"):
        JournalWriter(path)
    assert path.read_bytes() == v0_file()


# -- the writer ---------------------------------------------------------------


def test_refuses_to_overwrite(tmp_path: Path) -> None:
    path = new_save(tmp_path)
    with pytest.raises(SaveError, match="not overwriting"):
        JournalWriter(path, HEADER)
    assert path.read_bytes() == SAMPLE


def test_creates_in_an_existing_empty_file_and_new_folders(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    JournalWriter(empty, {}).close()
    assert read_journal(empty).header == {
        "format": FORMAT,
        "version": VERSION,
        "seq": 0,
        "type": "header",
    }
    nested = tmp_path / "a" / "b" / "s.jsonl"
    JournalWriter(nested, HEADER).close()
    assert read_journal(nested).header == HEADER_LINE


def test_header_envelope_cannot_be_overridden(tmp_path: Path) -> None:
    for bad in ({"version": VERSION + 1}, {"format": "x"}, {"seq": 1}, {"type": "note"},
                {"version": True}):
        with pytest.raises(SaveError):
            JournalWriter(tmp_path / "h.jsonl", bad)
        assert not (tmp_path / "h.jsonl").exists()  # nothing written for a bad header


def test_append_validates_the_envelope(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    with JournalWriter(path, HEADER) as writer:
        for bad in (
            {"seq": 2, "type": "note"},  # skips 1
            {"seq": 1, "type": "header"},
            {"seq": 1, "type": ["note"]},
            {"seq": True, "type": "note"},
            {"seq": 1, "type": "note", "x": {1, 2}},  # not JSON
            {"seq": 1, "type": "note", "x": float("nan")},
            {"seq": 1, "type": "note", "x": "\udc80"},  # not encodable as UTF-8
        ):
            with pytest.raises(SaveError) as info:
                writer.append(bad)
            check_message(str(info.value), str(path))
        with pytest.raises(SaveError):  # all or nothing
            writer.write([RECORDS[0], {"seq": 3, "type": "note"}])
        assert writer.next_seq == 1
        writer.write(RECORDS)
    assert read_journal(path).records == RECORDS


def test_close_commits_but_an_exception_discards(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    with JournalWriter(path, HEADER) as writer:
        writer.append(RECORDS[0])
    assert read_journal(path).records == RECORDS[:1]
    with pytest.raises(RuntimeError), JournalWriter(path) as writer:
        writer.append(RECORDS[1])
        raise RuntimeError("half a decision")
    assert read_journal(path).records == RECORDS[:1]
    writer.close()  # closing twice is fine
    with pytest.raises(SaveError, match="closed"):
        writer.append(RECORDS[1])


@pytest.mark.skipif(journal.fcntl is None, reason="no advisory locks on this platform")
def test_second_writer_is_refused(tmp_path: Path) -> None:
    path = new_save(tmp_path)
    with JournalWriter(path) as first:
        with pytest.raises(SaveError, match="already open"):
            JournalWriter(path)
        first.append({"seq": 6, "type": "note"})
    with JournalWriter(path) as again:  # released on close
        assert again.next_seq == 7
