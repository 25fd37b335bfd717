"""Save files for games being played: where they live, starting, resuming, checking.

A save is the game's log, written as it is played (docs/save-format.md):
`attach` makes every decision's records durable (written and fsynced) inside
`Game.act`, before it returns and so before any screen shows the decision.

Resuming re-executes the logged decisions from the seed (`Game.from_records`)
and compares what they produce with what the file holds. A crash can cut a
save inside one decision's group of records: the decision is in the file but
not all of its events. That decision was never acknowledged (its commit never
finished), so `open_game` cuts the file back to just before it and the game
continues from the state the player last saw.

Everything wrong with a file is a one-line `SaveError`; nothing else escapes.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import platformdirs

from pmtui.engine.context import LEGACY_RNG
from pmtui.engine.decision import MARKS
from pmtui.engine.game import (
    Game,
    Record,
    differs,
    ends_game,
    header_problem,
    in_words,
    same,
    setup_problem,
)
from pmtui.engine.hashes import HASH_KEYS
from pmtui.engine.journal import (
    JournalWriter,
    LoadedJournal,
    SaveError,
    _oneline,
    bounded_lines,
    in_file,
    line_of,
    parse_journal,
    read_journal,
)
from pmtui.engine.ruleset import Ruleset

__all__ = [
    "SaveError",
    "attach",
    "check_log",
    "check_save",
    "is_finished",
    "latest_unfinished",
    "new_save_path",
    "open_game",
    "check_shown",
    "reexecute",
    "saves_dir",
    "start_game",
]

SUFFIX = ".jsonl"
_TAIL = 1 << 16  # bytes read from the end of a save to tell whether its game is over


def saves_dir() -> Path:
    """The per-user folder for saves (created on first save, not here)."""
    return platformdirs.user_data_path("pmtui", appauthor=False) / "saves"


def new_save_path(seed: int | None, directory: Path | None = None) -> Path:
    """A fresh file name for a new game: `<date>-<time>-seed<seed>.jsonl`, never an existing
    one; a secret seed (None) is not written into the name: `<date>-<time>.jsonl`."""
    folder = directory if directory is not None else saves_dir()
    stem = time.strftime("%Y%m%d-%H%M%S") + (f"-seed{seed}" if seed is not None else "")
    path = folder / f"{stem}{SUFFIX}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{SUFFIX}"
        n += 1
    return path


# -- finding the game to resume ---------------------------------------------------------


def _last_records(path: Path) -> list[dict[str, Any]]:
    """The complete records at the end of the file, last first (a torn line skipped)."""
    with path.open("rb") as f:
        size = f.seek(0, os.SEEK_END)
        f.seek(max(0, size - _TAIL))
        lines = f.read().split(b"\n")
    if size > _TAIL:
        lines = lines[1:]  # probably cut in the middle
    out = []
    for line in reversed(lines):
        with contextlib.suppress(ValueError):
            value = json.loads(line)
            if isinstance(value, dict):
                out.append(value)
    return out


def is_finished(path: str | Path) -> bool | None:
    """Whether the save's game is over (None: not a save this pmtui can continue).

    Cheap: reads the first line and the end of the file. A game is over when
    its last record, notes aside, is the `end` event (an undo after the end
    takes the end back, and an incomplete last decision cannot end the game).
    """
    path = Path(path)
    try:
        with path.open("rb") as f:
            first = next(bounded_lines(f, os.fspath(path)), b"")
        parse_journal([first], os.fspath(path))
        if not first.endswith(b"\n"):
            return False  # a header alone is a game that has not started
        for rec in _last_records(path):
            if rec.get("type") == "note":
                continue
            if rec.get("type") == "header":
                return False
            return ends_game(rec)
        return False
    except (OSError, SaveError):
        return None


def latest_unfinished(directory: Path | None = None) -> Path | None:
    """The most recently written save whose game is not over, or None."""
    folder = directory if directory is not None else saves_dir()
    try:
        candidates = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
    except OSError:
        return None
    stamped = []
    for p in candidates:
        with contextlib.suppress(OSError):
            stamped.append((p.stat().st_mtime_ns, p.name, p))
    for _, _, path in sorted(stamped, reverse=True):
        if is_finished(path) is False:
            return path
    return None


# -- re-executing a log ------------------------------------------------------------------


def _ruleset_for(header: Mapping[str, Any], name: str) -> Ruleset:
    """The ruleset the save names (SaveError, one line, when it is not installed)."""
    from pmtui.table.games import SetupError, ruleset
    from pmtui.table.registry import header_ruleset

    problem = header_problem(header)  # a ruleset that is not a string: said as such
    if problem:
        raise SaveError(f"{name} line 1: {problem}")
    try:
        return ruleset(header_ruleset(header))
    except SetupError as exc:
        raise SaveError(f"{name} line 1: header: {exc}") from None


def _describe(rec: Record | None) -> str:
    if rec is None:
        return "nothing"
    if rec.get("type") == "event":
        text = json.dumps(rec.get("event"), ensure_ascii=False, separators=(",", ":"))
        return f"event {text[:80]}"
    if rec.get("type") == "decision":
        return f"decision P{_seat(rec.get('player'))} {rec.get('action')}"
    if rec.get("type") == "undo":
        return f"undo to {rec.get('to')}"
    return str(rec.get("type"))


_MISSING = object()


def _difference(want: Any, got: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where two records first differ, types counting: (path, logged, re-executed)."""
    if not same(want, got) and (
        not isinstance(want, Mapping | list) or not isinstance(got, type(want))
    ):
        return path, want, got
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        for k in sorted(set(want) | set(got), key=str):
            found = _difference(want.get(k, _MISSING), got.get(k, _MISSING),
                                f"{path}.{k}" if path else str(k))
            if found:
                return found
    elif isinstance(want, list) and isinstance(got, list | tuple):
        if len(want) != len(got):
            return f"{path} length", len(want), len(got)
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            found = _difference(a, b, f"{path}[{i}]")
            if found:
                return found
    return None


def _show(value: Any) -> str:
    if value is _MISSING:
        return "nothing"
    return json.dumps(value, ensure_ascii=False)[:40]


def _mismatch(name: str, want: Record, got: Record | None) -> str:
    """One line: the record, what was logged and re-executed, and where they differ
    (so two texts that read the same, like 1 and true, still show their difference)."""
    text = (f"{name} {line_of(want.get('seq'))}: logged {_describe(want)}, "
            f"re-executed {_describe(got)}")
    found = None
    if got is not None and want.get("type") == got.get("type"):
        keys = {"event": ("event", *HASH_KEYS), "decision": ("player", "action", "kind",
                                                               *MARKS)}
        for k in keys.get(str(want.get("type")), ("to",)):
            found = _difference(want.get(k, _MISSING), got.get(k, _MISSING), k)
            if found:
                break
    if found:
        where, a, b = found
        text += f" (at {where}: {_show(a)} logged, {_show(b)} re-executed)"
    return _oneline(text)


def _seat(player: Any) -> str:
    return str(player + 1) if isinstance(player, int) else "?"


def reexecute(
    header: Mapping[str, Any],
    records: Sequence[Record],
    *,
    verify: bool = False,
    name: str = "<save>",
) -> tuple[Game, int]:
    """Re-execute a log; returns the game and how many of `records` it stands on.

    Every record re-executed must equal the logged one (with `verify`, the
    state hashes too; without, events are compared, which fixes the state just
    as well since folding is pure). The count is `len(records)` unless the log
    ends inside a decision's group of records (a crash cut the commit short):
    then the game stops before that decision and the count is its index. The
    game's records are the logged ones, so its sequence numbers are the file's.
    Raises SaveError naming the first record that differs.
    """
    rs = _ruleset_for(header, name)
    try:
        return _reexecute(rs, header, records, verify, name)
    except SaveError as exc:
        played = header.get("ruleset_version")
        if played in (None, rs.version):
            raise
        # a save from before an upgrade: say first that the rules changed, not that the
        # file was tampered with (the events the rules write are part of the log)
        raise SaveError(_oneline(
            f"{name}: played under {rs.id} {played}, and these are the rules of "
            f"{rs.version}, under which it no longer re-executes as logged: {exc}"
        )) from None


def _reexecute(rs: Ruleset, header: Mapping[str, Any], records: Sequence[Record],
               verify: bool, name: str) -> tuple[Game, int]:
    game = _run(rs, header, records, verify, name)
    produced = game.records[1:]
    # notes are for people: never compared, wherever they stand (even one written by
    # hand between a decision and its events)
    rules = [r for r in records if r.get("type") != "note"]
    made = [r for r in produced if r.get("type") != "note"]
    for want, got in zip(rules, made, strict=False):
        if differs(want, got, verify):
            raise SaveError(_mismatch(name, want, got))
    if len(made) < len(rules):
        raise SaveError(
            f"{name} {line_of(rules[len(made)].get('seq'))}: logged "
            f"{_describe(rules[len(made)])}, re-executed nothing "
            f"(the game had already ended)"
        )
    kept = len(records)
    if len(made) > len(rules):  # an incomplete last group, and all of it matched
        kept = max(
            (i for i, r in enumerate(records) if r.get("type") == "decision"), default=0
        )
        # kept == 0: the set-up itself was cut short and is written again, hashes included
        game = _run(rs, header, records[:kept], verify or kept == 0, name)
    game.records[1 : kept + 1] = [dict(r) for r in records[:kept]]
    return game, kept


def _run(rs: Ruleset, header: Mapping[str, Any], records: Sequence[Record], hashes: bool,
         name: str) -> Game:
    from pmtui.engine.game import ReplayMismatch

    problem = header_problem(header) or setup_problem(rs, header)
    if problem:
        raise SaveError(f"{name} line 1: {problem}")
    try:
        return Game.from_records(rs, header, records, hashing=hashes)
    except ReplayMismatch as exc:
        raise SaveError(_oneline(in_file(name, str(exc)))) from None
    except Exception as exc:  # noqa: BLE001 - the last net: the rules refusing the log
        raise SaveError(_oneline(f"{name}: cannot re-execute the game ({in_words(exc)})"))\
            from None


def _torn_warning(name: str, records: Sequence[Record], kept: int) -> str:
    rec = records[kept] if kept < len(records) else None
    what = _describe(rec) if rec and rec.get("type") == "decision" else "the game's set-up"
    return (
        f"{name} line {kept + 2}: {what} was cut short by a crash before it was saved in "
        f"full (it was never acknowledged); the game goes on from before it"
    )


def check_log(loaded: LoadedJournal, name: str = "<save>") -> tuple[Game, list[str]]:
    """Re-execute a read save, comparing events and state hashes (SaveError naming the
    first record that differs). An incomplete last decision (a crash) is a warning."""
    game, kept = reexecute(loaded.header, loaded.records, verify=True, name=name)
    warnings = []
    # every header field is checked or explained: these two may change legitimately
    rs, header = game.ruleset, loaded.header
    if header.get("pool_digest") not in (None, rs.pool_digest):
        warnings.append(f"{name}: the card pool has changed since this game was played "
                        "(pool_digest); the log still re-executes identically")
    if header.get("ruleset_version") not in (None, rs.version):
        warnings.append(f"{name}: played under {rs.id} {header.get('ruleset_version')}, "
                        f"checked with {rs.version}")
    if kept < len(loaded.records):
        warnings.append(_torn_warning(name, loaded.records, kept))
    return game, warnings


NOT_SHOWN = "it does not verify, so it is not shown; --unverified shows it anyway"


def check_shown(loaded: LoadedJournal, name: str, *, unverified: bool = False
                ) -> tuple[list[str], str]:
    """A save read to be shown (`pmtui export`, `pmtui replay`), re-executed and compared
    as `pmtui verify` does, so a forged decision or player is not shown as the game
    played: (its warnings, ""). One that does not verify is a SaveError saying so, or
    with `unverified` ([], "NOT VERIFIED: " and why), for the caller to keep in view."""
    try:
        _, warnings = check_log(loaded, name)
    except SaveError as exc:
        if not unverified:
            raise SaveError(f"{exc} ({NOT_SHOWN})") from None
        return [], f"NOT VERIFIED: {exc}"
    return warnings, ""


def check_save(path: str | Path) -> tuple[Game, LoadedJournal, list[str]]:
    """`pmtui verify` as a function: read, re-execute, compare; all warnings."""
    loaded = read_journal(path)
    game, warnings = check_log(loaded, _oneline(os.fspath(path)))
    return game, loaded, loaded.warnings + warnings


def holds(path: str | Path, records: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the save at `path` holds exactly `records` (after its header): a game
    in memory whose every record reached its file, so what is kept beside the file
    (its analysis) is of the game shown."""
    try:
        loaded = read_journal(path)
    except (OSError, SaveError):
        return False
    body = [r for r in records if r.get("type") != "header"]
    return [r for r in loaded.records if r.get("type") != "header"] == body


# -- playing into a save ---------------------------------------------------------------


def attach(game: Game, writer: JournalWriter) -> None:
    """Save `game` into `writer` from now on: each change is written and fsynced inside
    `Game.act` / `Game.undo`, before they return. A failed write raises SaveError out
    of them (the decision is made in memory but not saved; `writer.commit()` retries)."""
    if writer.next_seq != len(game.records):
        raise SaveError(
            f"{writer.path}: the save holds {writer.next_seq - 1} records, "
            f"the game {len(game.records) - 1}"
        )
    game.on_records = writer.write
    if not game.snapshot_every:
        game.keep_snapshots()  # a game being played may be undone: keep undo fast


def _names_a_folder(path: str | Path) -> bool:
    """`--save DIR/` or an existing folder: the game goes into it under a fresh name,
    as `cp FILE DIR/` would (a `Path` has lost the trailing separator: pass a str)."""
    raw = os.fspath(path)
    return raw.endswith(("/", os.sep)) or Path(raw).is_dir()


def start_game(
    header: Mapping[str, Any],
    path: str | Path | None = None,
    *,
    ruleset: Ruleset | None = None,
) -> tuple[Game, JournalWriter]:
    """A new game saved as it is played: at `path` (`--save`; a folder gets a new file
    inside it) or a new file in `saves_dir()`. The header and the set-up are durable
    when this returns."""
    name = _oneline(os.fspath(path)) if path is not None else "<new save>"
    rs = ruleset if ruleset is not None else _ruleset_for(header, name)
    chosen = header.get("rng", LEGACY_RNG) == LEGACY_RNG  # a secret seed stays out of file names
    seed = int(header.get("seed", 0)) if chosen else None
    target = new_save_path(seed) if path is None else (
        new_save_path(seed, Path(path)) if _names_a_folder(path) else Path(path))
    writer = JournalWriter(target, dict(header))
    try:
        game = Game(rs, header, on_records=writer.write)
    except SaveError:
        writer.close()
        raise
    except Exception:
        writer.close()  # a header the rules cannot set up: leave no unplayable save behind
        with contextlib.suppress(OSError):
            target.unlink()
        raise
    attach(game, writer)
    return game, writer


def open_game(path: str | Path, *, verify: bool = False) -> tuple[Game, JournalWriter, list[str]]:
    """Continue a save: (the game where it stopped, a writer attached to it, warnings).

    The save is locked while the writer is open (close it when the game is left).
    A torn last line is dropped and an unacknowledged, incomplete last decision
    cut off, both with a warning; with `verify` the state hashes are compared
    too (slower). Raises SaveError (one line) when the save cannot be continued.
    """
    name = _oneline(os.fspath(path))
    writer = JournalWriter(path)
    try:
        loaded = writer.loaded
        assert loaded is not None
        warnings = list(loaded.warnings)
        records = list(loaded.records)
        game, kept = reexecute(loaded.header, records, verify=verify, name=name)
        if kept < len(records):
            warnings.append(_torn_warning(name, records, kept))
            writer.drop_after(kept)
        missing = game.records[writer.next_seq :]  # set-up events a crash cut off
        if missing:
            writer.write(missing)
        if loaded.header.get("pool_digest") not in (None, game.ruleset.pool_digest):
            warnings.append(f"{name}: the card pool has changed since this game was saved")
        game.hashing = True
        game.legacy_hashes = frozenset()  # an old save goes on with the chain (hashes.py)
        attach(game, writer)
    except BaseException:
        writer.close()
        raise
    return game, writer, warnings
