"""The save-file journal: JSON Lines reading, validation, upcasting and durable appends.

A save is the game log (see docs/save-format.md): line 1 is a header, every
later line one record with a consecutive sequence number. This module knows
only that envelope; what a decision or an event means is the engine's business.

Reading never lets anything but `SaveError` escape for bad content, and every
message is one line naming the file and, where it applies, the line.
Writing is append-only; `commit` flushes and fsyncs, so a record is on disk
before the caller acknowledges it. A crash can only leave a torn last line,
which the reader drops with a warning and the appender cuts off.

Stdlib only: the engine must not depend on the TUI, the network or a ruleset.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from pmtui.engine import bounded

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; a second writer goes undetected
    fcntl = None  # type: ignore[assignment]

FORMAT = "pmtui-save"
VERSION = 2

# Types a record after the header may have. New types come with a new VERSION,
# never silently: an old pmtui must refuse a save it cannot fully understand.
RECORD_TYPES: frozenset[str] = frozenset({"decision", "event", "undo", "note"})

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]



def _v1_header(obj: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names the seed's derivation in the header ("rng"); every version-1
    game used the one there was then (pmtui.engine.context.LEGACY_RNG)."""
    if obj.get("type") == "header" and "rng" not in obj:
        return {**obj, "rng": "legacy"}
    return obj


# UPCASTERS[v] lifts one header or record dict from format version v to v + 1
# (the header's "version" field is updated by the reader, not the upcaster).
UPCASTERS: dict[int, Upcaster] = {1: _v1_header}

# Versions whose records are written exactly as today's (only the header differs):
# a save in one of them may be continued in place, its header still saying what it
# meant when it was written. Version 2 changed only the header.
SAME_RECORDS = frozenset({1, VERSION})

MAX_SAVE_BYTES = 256 << 20  # a long game's save is under 1 MiB
_SHOW_LIMIT = 40  # longest quoted value in a message, so one bad field can't flood it
_BLANK = " \t\r"  # JSON whitespace that may sit on an otherwise empty line


class SaveError(ValueError):
    """A one-line, player-facing problem with a save file.

    e.g. 'save.jsonl line 12: sequence number 14 where 12 was expected'.
    `line` is the 1-based line number when the problem is about one line.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class LoadedJournal:
    header: dict[str, Any]  # line 1, upcast to VERSION
    records: list[dict[str, Any]]  # lines 2.., each upcast; in order
    warnings: list[str] = field(default_factory=list)  # e.g. a dropped torn last line
    path: Path | None = None

    @property
    def last_seq(self) -> int:
        """Sequence number of the last record (0 when only the header is there)."""
        return int(self.records[-1]["seq"]) if self.records else 0


# -- reading ------------------------------------------------------------------


@dataclass
class _Scan:
    """A parse result plus what the appender needs to continue the file cleanly."""

    journal: LoadedJournal
    version: int  # the version the file was written in, before upcasting
    clean_end: int  # byte offset just past the last kept line (bytes input only)
    ends_with_lf: bool  # whether that last kept line had its LF


class _BadValue(ValueError):
    """Raised from inside the JSON decoder for values a save may not hold."""


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # json.loads keeps the last of duplicate keys silently; in a save that is
    # ambiguity (which "seq" is true?), so it is an error instead.
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _BadValue(f"duplicate key {_show(key)}")
        obj[key] = value
    return obj


def _reject_constant(name: str) -> Any:
    raise _BadValue(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):  # e.g. 1e999: cannot be written back
        raise _BadValue(f"number {_show(text)} is out of range")
    return value


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object_pairs,
    parse_constant=_reject_constant,
    parse_float=_finite_float,
)


def _oneline(text: str) -> str:
    """Escape anything unprintable so a message (file names too) stays on one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _brief(text: str, limit: int = _SHOW_LIMIT) -> str:
    text = _oneline(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show(value: Any) -> str:
    return _brief(repr(value))


def _kind(value: Any) -> str:
    names = {
        list: "an array",
        str: "a string",
        bool: "true/false",
        type(None): "null",
        int: "a number",
        float: "a number",
    }
    return names.get(type(value), type(value).__name__)


def line_of(seq: object) -> str:
    """Where a record stands in its save, as every message names it: line n holds the
    record with sequence number n - 1 (the header, 0, is line 1)."""
    return f"line {seq + 1}" if isinstance(seq, int) and not isinstance(seq, bool) else "a line"


def in_file(name: str, problem: str) -> str:
    """A file's name before a problem: "save.jsonl line 12: …" when the problem names its
    line (it starts "line N: "), "save.jsonl: …" otherwise."""
    return f"{name} {problem}" if problem.startswith("line ") else f"{name}: {problem}"


def _at(name: str, lineno: int, problem: str) -> SaveError:
    return SaveError(f"{name} line {lineno}: {problem}", line=lineno)


def _pieces(lines: Iterable[bytes | str]) -> Iterator[tuple[bytes | str, bool, int]]:
    """Yield (content, terminated by LF, size in bytes) per physical line.

    Each item is one line, with or without its LF; items holding several lines
    are split. Only LF separates lines: CR, U+2028 and friends are content.
    """
    for item in lines:
        if isinstance(item, bytes | bytearray):
            item, nl = bytes(item), b"\n"
        elif isinstance(item, str):
            nl = "\n"
        else:
            raise TypeError(f"journal lines must be bytes or str, not {type(item).__name__}")
        raw = isinstance(item, bytes)
        start = 0
        while (end := item.find(nl, start)) >= 0:  # type: ignore[arg-type]
            yield item[start:end], True, (end + 1 - start) if raw else 0
            start = end + 1
        if start < len(item) or start == 0:  # an unterminated rest, or an empty item
            yield item[start:], False, (len(item) - start) if raw else 0


def _decode(content: bytes | str, first: bool) -> tuple[str, str | None]:
    if isinstance(content, bytes):
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError as exc:
            return (
                "",
                f"not valid UTF-8 (byte 0x{content[exc.start]:02x} at column {exc.start + 1})",
            )
    else:
        text = content
    if first and text.startswith("\ufeff"):  # a BOM some Windows editors add
        text = text[1:]
    return text, None


def _loads(text: str) -> tuple[Any, str | None]:
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON ({exc.msg} at column {exc.colno})"
    except _BadValue as exc:
        return None, f"not valid JSON ({exc})"
    except ValueError:  # Python's int-length limit (over 4300 digits)
        return None, "not valid JSON (a number is too long)"
    except RecursionError:
        return None, f"not a record ({bounded.DEPTH_PROBLEM})"
    except MemoryError:
        return None, "line too large to read"
    if bounded.too_deep(value):
        return None, f"not a record ({bounded.DEPTH_PROBLEM})"
    return value, None


def _oldest_readable() -> int:
    version = VERSION
    while version - 1 in UPCASTERS:
        version -= 1
    return version


def _upcast(
    obj: dict[str, Any], version: int, name: str, lineno: int, is_header: bool
) -> dict[str, Any]:
    for v in range(version, VERSION):
        try:
            lifted = UPCASTERS[v](obj)
        except Exception as exc:  # an upcaster meeting data it can't lift: still one line
            raise _at(
                name, lineno, f"cannot upgrade from format version {v} ({type(exc).__name__})"
            ) from exc
        if not isinstance(lifted, dict):
            raise _at(name, lineno, f"cannot upgrade from format version {v} (got {_kind(lifted)})")
        obj = lifted
        if is_header:
            obj["version"] = v + 1
    return obj


def _read_header(value: Any, name: str, lineno: int) -> tuple[dict[str, Any], int]:
    if not isinstance(value, dict):
        problem = f"not a pmtui save: the first line is {_kind(value)}, not an object"
        raise _at(name, lineno, problem)
    if "format" not in value:
        raise _at(name, lineno, 'not a pmtui save: the first line has no "format"')
    if value["format"] != FORMAT:
        raise _at(
            name, lineno, f"not a pmtui save: format is {_show(value['format'])}, not {FORMAT!r}"
        )
    version = value.get("version")
    if type(version) is not int:  # bool is an int subclass; true is not a version
        raise _at(name, lineno, f"format version must be a whole number, got {_show(version)}")
    if version > VERSION:
        # Not a line problem: the whole file is from the future.
        raise SaveError(
            f"{name}: written by a newer pmtui (format version {_show(version)}, "
            f"this program reads up to {VERSION})"
        )
    oldest = _oldest_readable()
    if version < oldest:
        raise _at(
            name,
            lineno,
            f"unknown format version {version} (this program reads {oldest} to {VERSION})",
        )
    header = _upcast(value, version, name, lineno, is_header=True)
    if header.get("type") != "header":
        raise _at(
            name,
            lineno,
            f'the first line must have "type": "header", not {_show(header.get("type"))}',
        )
    seq = header.get("seq")
    if type(seq) is not int or seq != 0:
        raise _at(name, lineno, f"the header must have sequence number 0, not {_show(seq)}")
    return header, version


def _read_record(value: Any, name: str, lineno: int, version: int, expected: int) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _at(name, lineno, f"a record must be a JSON object, not {_kind(value)}")
    record = _upcast(value, version, name, lineno, is_header=False)
    if "seq" not in record:
        raise _at(name, lineno, 'record has no sequence number ("seq")')
    seq = record["seq"]
    if type(seq) is not int:
        raise _at(name, lineno, f"sequence number must be a whole number, not {_show(seq)}")
    if seq != expected:
        hint = " (a repeated line?)" if seq < expected else " (a missing line?)"
        raise _at(name, lineno, f"sequence number {_show(seq)} where {expected} was expected{hint}")
    rtype = record.get("type")
    if rtype == "header":
        raise _at(name, lineno, "a second header")
    if not isinstance(rtype, str) or rtype not in RECORD_TYPES:
        expected_types = ", ".join(sorted(RECORD_TYPES))
        raise _at(name, lineno, f"unknown record type {_show(rtype)} (expected {expected_types})")
    return record


def _with_last(items: Iterator[tuple[bytes | str, bool, int]]) -> Iterator[tuple[Any, bool]]:
    """Pair each item with whether it is the last: torn-tail rules only apply there."""
    sentinel = object()
    previous: Any = sentinel
    for item in items:
        if previous is not sentinel:
            yield previous, False
        previous = item
    if previous is not sentinel:
        yield previous, True


def _parse(lines: Iterable[bytes | str], name: str) -> _Scan:
    name = _oneline(name)
    header: dict[str, Any] | None = None
    version = VERSION
    records: list[dict[str, Any]] = []
    warnings: list[str] = []
    offset = clean_end = 0
    ends_with_lf = True
    blank_from: int | None = None  # first line of a run of blank lines
    lineno = 0
    for (content, terminated, size), is_last in _with_last(_pieces(lines)):
        lineno += 1
        offset += size
        if is_last and not terminated and not content:
            break  # nothing after the final LF: not a line
        text, problem = _decode(content, first=lineno == 1)
        if problem is None and not text.strip(_BLANK):
            blank_from = blank_from or lineno
            continue
        value: Any = None
        if problem is None:
            value, problem = _loads(text)
        if problem is not None and "\r" in text.rstrip(_BLANK):
            # not a torn write: lines ended by CR alone run together into one
            raise _at(name, lineno, "lines end with CR alone (only LF ends a line of a save)")
        if problem is not None and is_last and not terminated:
            # A write cut short by a crash: the record was never acknowledged.
            if header is None:
                raise _at(name, lineno, "incomplete header (the file was cut off while written)")
            warnings.append(f"{name} line {lineno}: torn last line dropped (incomplete write)")
            break
        if blank_from is not None:
            raise _at(name, blank_from, "blank line (every line must hold a record)")
        if problem is not None:
            if header is None:
                raise _at(name, lineno, f"not a pmtui save: {problem}")
            raise _at(name, lineno, problem)
        if header is None:
            header, version = _read_header(value, name, lineno)
        else:
            records.append(_read_record(value, name, lineno, version, len(records) + 1))
        clean_end, ends_with_lf = offset, terminated
    if header is None:
        raise SaveError(f"{name}: empty save file")
    if blank_from is not None:
        warnings.append(f"{name} line {blank_from}: blank lines at the end ignored")
    return _Scan(LoadedJournal(header, records, warnings), version, clean_end, ends_with_lf)


def parse_journal(
    lines: Iterable[bytes | str] | bytes | str, name: str = "<save>"
) -> LoadedJournal:
    """Parse a journal from lines (as iterating a binary file gives them) or one blob.

    Raises SaveError, naming `name` and the line, for anything that is not a
    valid save. A torn last line is dropped and reported in `warnings`.
    """
    if isinstance(lines, bytes | bytearray | str):
        lines = [lines]
    return _parse(lines, name).journal


def bounded_lines(f: BinaryIO, name: str) -> Iterator[bytes]:
    """The lines of a save file, none longer than MAX_LINE and all of them within
    MAX_SAVE_BYTES (so `/dev/zero` or one endless line is refused at once, SaveError)."""
    total, lineno = 0, 0
    while line := f.readline(bounded.MAX_LINE + 1):
        lineno += 1
        total += len(line)
        if len(line) > bounded.MAX_LINE and not line.endswith(b"\n"):
            raise _at(_oneline(name), lineno,
                      f"longer than {bounded.MAX_LINE >> 20} MiB (not a record of a save)")
        if total > MAX_SAVE_BYTES:
            raise SaveError(f"{_oneline(name)}: larger than {MAX_SAVE_BYTES >> 20} MiB "
                            "(not a save this program reads)")
        yield line


def _scan_file(path: Path, name: str) -> _Scan:
    try:
        with path.open("rb") as f:
            scan = _parse(bounded_lines(f, name), name)
    except OSError as exc:
        raise SaveError(f"{_oneline(name)}: cannot read the save ({_os_reason(exc)})") from exc
    except MemoryError:
        raise SaveError(f"{_oneline(name)}: the save is too large to read") from None
    scan.journal.path = path
    return scan


def read_journal(path: str | Path) -> LoadedJournal:
    """Read and validate a save file; see parse_journal."""
    return _scan_file(Path(path), os.fspath(path)).journal


def _os_reason(exc: OSError) -> str:
    return _oneline(exc.strerror or str(exc) or type(exc).__name__)


# -- writing ------------------------------------------------------------------


def _encode(obj: dict[str, Any], name: str, what: str) -> bytes:
    try:
        text = json.dumps(
            obj, separators=(",", ":"), ensure_ascii=False, sort_keys=False, allow_nan=False
        )
        return text.encode("utf-8") + b"\n"  # json.dumps escapes LF, so this is one line
    except (TypeError, ValueError, RecursionError) as exc:  # UnicodeEncodeError is a ValueError
        raise SaveError(f"{name}: cannot save {what} ({_brief(str(exc), 80)})") from exc


def _encode_header(header: dict[str, Any], name: str) -> bytes:
    if not isinstance(header, dict):
        raise SaveError(f"{name}: the header must be a dict, not {type(header).__name__}")
    fixed: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seq": 0, "type": "header"}
    full = dict(fixed)  # envelope keys first, so a reader sees them at the start of line 1
    for key, value in header.items():
        if key in fixed and (type(value) is not type(fixed[key]) or value != fixed[key]):
            raise SaveError(f"{name}: header {key!r} must be {fixed[key]!r}, not {_show(value)}")
        full[key] = value
    return _encode(full, name, "the header")


def _encode_record(record: dict[str, Any], expected: int, name: str) -> bytes:
    # Same envelope rules as the reader: the writer must never make a file the
    # reader refuses.
    if not isinstance(record, dict):
        raise SaveError(f"{name}: a record must be a dict, not {type(record).__name__}")
    seq = record.get("seq")
    if type(seq) is not int or seq != expected:
        raise SaveError(
            f"{name}: cannot save record with seq {_show(seq)} where {expected} was expected"
        )
    rtype = record.get("type")
    if not isinstance(rtype, str) or rtype not in RECORD_TYPES:  # a list would be unhashable
        raise SaveError(f"{name}: cannot save record {seq} of type {_show(rtype)}")
    return _encode(record, name, f"record {seq}")


def _fsync_dir(directory: Path) -> None:
    # A new file is only durable once its directory entry is; not possible on Windows.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


class JournalWriter:
    """Append-only writer. A 'commit' writes lines, flushes and fsyncs: nothing
    acknowledged is ever lost.

    `JournalWriter(path, header)` creates a new save (an existing non-empty file
    is refused) and commits the header at once. `JournalWriter(path)` continues
    an existing save: it is read and validated first (`self.loaded`), a torn
    last line or trailing blank lines are cut off and a missing final LF added,
    so the next record starts on a clean line.

    Records are validated and serialized at `append` (the caller sets "seq";
    it must follow on), and only reach the disk at `commit`. If a commit fails
    (disk full, ...), the file is cut back to its last committed end, the
    records stay buffered for a retry, and SaveError is raised.

    While open, the file holds an exclusive advisory lock (POSIX), so a second
    writer on the same save gets SaveError instead of interleaving records.
    Closing commits what is buffered; leaving a `with` block by an exception
    discards it instead, so a half-applied decision is never made durable.
    """

    def __init__(self, path: str | Path, header: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self._name = _oneline(os.fspath(path))
        self._file: io.FileIO | None = None
        self._buffer: list[bytes] = []
        self._next_seq = 1
        self._end = 0  # byte offset of the end of the committed data
        self._broken = False  # a failed write could not be cut back
        self.loaded: LoadedJournal | None = None
        if header is None:
            self._open_existing()
        else:
            self._create(header)

    # -- opening --------------------------------------------------------------

    def _create(self, header: dict[str, Any]) -> None:
        line = _encode_header(header, self._name)  # a bad header never touches the disk
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # O_CREAT without O_TRUNC: an existing file is opened, checked, left alone.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
            self._file = io.FileIO(fd, "r+")
        except OSError as exc:
            raise SaveError(f"{self._name}: cannot create the save ({_os_reason(exc)})") from exc
        try:
            self._lock()
            size = os.fstat(self._file.fileno()).st_size
        except OSError as exc:
            self._abandon()
            raise SaveError(f"{self._name}: cannot create the save ({_os_reason(exc)})") from exc
        except SaveError:
            self._abandon()
            raise
        if size > 0:
            self._abandon()
            raise SaveError(f"{self._name}: already exists and is not empty; not overwriting it")
        self._buffer.append(line)
        try:
            self.commit()
        except SaveError:
            self._abandon()
            raise
        _fsync_dir(self.path.parent)

    def _open_existing(self) -> None:
        try:
            self._file = io.FileIO(self.path, "r+")
        except OSError as exc:
            raise SaveError(f"{self._name}: cannot open the save ({_os_reason(exc)})") from exc
        try:
            self._lock()  # before reading, so nobody appends between our read and our cut
            scan = _scan_file(self.path, self._name)
            if scan.version not in SAME_RECORDS:
                # Appending version-1 lines under an older header would make a
                # file that upcasts them wrongly; migrate to a new file instead.
                raise SaveError(
                    f"{self._name}: saved in format version {scan.version}; "
                    f"this pmtui can read it but not continue it in place"
                )
            f = self._file
            size = f.seek(0, os.SEEK_END)
            changed = False
            if size > scan.clean_end:  # torn tail or trailing blank lines
                f.truncate(scan.clean_end)
                changed = True
            f.seek(scan.clean_end)
            self._end = scan.clean_end
            if not scan.ends_with_lf:  # last line complete but its LF was stripped
                self._write_all(b"\n")
                self._end += 1
                changed = True
            if changed:
                os.fsync(f.fileno())
        except OSError as exc:
            self._abandon()
            raise SaveError(f"{self._name}: cannot open the save ({_os_reason(exc)})") from exc
        except SaveError:
            self._abandon()
            raise
        self.loaded = scan.journal
        self._next_seq = scan.journal.last_seq + 1

    def _lock(self) -> None:
        if fcntl is None or self._file is None:
            return
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SaveError(
                f"{self._name}: the save is already open for writing (by another game?)"
            ) from None
        except OSError:
            pass  # the filesystem has no locks (some network mounts): carry on unlocked

    def _abandon(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    # -- writing --------------------------------------------------------------

    @property
    def next_seq(self) -> int:
        """The "seq" the next appended record must carry."""
        return self._next_seq

    def _open_file(self) -> io.FileIO:
        if self._file is None:
            raise SaveError(f"{self._name}: the save is closed")
        return self._file

    def append(self, record: dict[str, Any]) -> None:
        """Validate and buffer one record; nothing reaches the disk until commit."""
        self._open_file()
        self._buffer.append(_encode_record(record, self._next_seq, self._name))
        self._next_seq += 1

    def _write_all(self, data: bytes) -> None:
        f = self._open_file()
        view = memoryview(data)
        while view:  # raw writes may be partial
            written = f.write(view)
            if not written:
                raise OSError("write made no progress")
            view = view[written:]

    def commit(self) -> None:
        """Write the buffered records, flush and fsync; raises SaveError on failure."""
        f = self._open_file()
        if not self._buffer:
            return
        if self._broken:
            raise SaveError(
                f"{self._name}: an earlier write failed and could not be undone; "
                f"reopen the save to continue from the last saved record"
            )
        try:
            self._write_all(b"".join(self._buffer))
            os.fsync(f.fileno())
        except OSError as exc:
            self._cut_back()
            raise SaveError(
                f"{self._name}: could not write the save ({_os_reason(exc)}); "
                f"the last change is not saved"
            ) from exc
        self._end = f.tell()
        self._buffer.clear()

    def _cut_back(self) -> None:
        # Remove a partial write so a retry doesn't leave a broken line mid-file.
        f = self._open_file()
        try:
            f.truncate(self._end)
            f.seek(self._end)
            os.fsync(f.fileno())
        except OSError:
            self._broken = True  # the reader will still drop a torn tail on reopen

    def write(self, records: Iterable[dict[str, Any]]) -> None:
        """Append all records and commit them; all-or-nothing if one is invalid."""
        self._open_file()
        lines: list[bytes] = []
        seq = self._next_seq
        for record in records:
            lines.append(_encode_record(record, seq, self._name))
            seq += 1
        self._buffer.extend(lines)
        self._next_seq = seq
        self.commit()

    def drop_after(self, seq: int) -> None:
        """Cut the file back so that its last record is `seq` (0: the header only).

        Only for repairing what a crash left: the first lines of a commit whose
        rest never reached the disk, so none of it was acknowledged. Taking back
        acknowledged decisions is an undo record, never this. Needs an empty
        buffer; raises SaveError if the file cannot be cut.
        """
        f = self._open_file()
        if self._buffer:
            raise SaveError(f"{self._name}: cannot cut the save back with records unwritten")
        if type(seq) is not int or not 0 <= seq < self._next_seq:
            raise SaveError(f"{self._name}: no record {_show(seq)} to cut back to")
        if seq == self._next_seq - 1:
            return
        try:
            f.seek(0)
            data = f.read(self._end)  # the committed part: every line ends with LF
            offset = 0
            for _ in range(seq + 1):  # just past line seq + 1, which holds record seq
                offset = data.find(b"\n", offset) + 1
                if not offset:
                    raise OSError("the save is shorter than its records")
            f.truncate(offset)
            f.seek(offset)
            os.fsync(f.fileno())
        except OSError as exc:
            with contextlib.suppress(OSError):
                f.seek(self._end)
            raise SaveError(
                f"{self._name}: cannot cut the save back ({_os_reason(exc)})"
            ) from exc
        self._end = offset
        self._next_seq = seq + 1
        if self.loaded is not None:
            del self.loaded.records[seq:]

    def discard(self) -> None:
        """Drop buffered, uncommitted records."""
        self._next_seq -= len(self._buffer)
        self._buffer.clear()

    def close(self) -> None:
        """Commit what is buffered, then close (and unlock). Safe to call twice."""
        if self._file is None:
            return
        try:
            if self._buffer and not self._broken:
                self.commit()
        finally:
            self._abandon()

    @property
    def closed(self) -> bool:
        return self._file is None

    def __enter__(self) -> JournalWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is not None:
            self.discard()
        self.close()
