"""Every save error names the file and the line and says in words what is wrong
(issue 29, item 8; docs/save-format.md, "Errors").

Header errors named no line, some showed Python's words ("TypeError: 'int' object is
not iterable", "CardError: unknown card id …"), decision errors said "record 389"
where the others said "line 390" for the same place, and a file whose lines end with
CR alone was called "cut off while written".
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main
from pmtui.engine.journal import SaveError
from pmtui.engine.state import FoldError
from pmtui.table.replay import ReplayModel
from pmtui.table.saves import check_save, open_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "saves" / "starlit-vs-tidewater.jsonl"
PYTHON = re.compile(r"\b\w*(Error|Exception)\b|object is not|NoneType|Traceback|\brecord \d")
Header = dict[str, Any]


def _set(key: str, value: object) -> Callable[[Header], None]:
    return lambda h: h.__setitem__(key, value)


def _deck(field: str, value: object) -> Callable[[Header], None]:
    return lambda h: h["decks"][0].__setitem__(field, value)


def _card(h: Header) -> None:
    h["decks"][0]["main"][0] = "LBK-999"


HEADERS: dict[str, tuple[Callable[[Header], None], str]] = {
    "ruleset a number": (_set("ruleset", 7), "'ruleset' must be a string, not 7"),
    "ruleset unknown": (_set("ruleset", "../../etc/passwd"), "unknown ruleset"),
    "seed a string": (_set("seed", "7"), "'seed' must be a whole number"),
    "seed true": (_set("seed", True), "'seed' must be a whole number, not true"),
    "rng a list": (_set("rng", []), "'rng' must be a string"),
    "rng unknown": (_set("rng", "dice"), "unknown random-number derivation 'dice'"),
    "mode a number": (_set("mode", 3), "'mode' must be a string"),
    "players not a list": (_set("players", "x"), "'players' must be a list"),
    "players empty": (_set("players", []), "'players' must hold 2 players"),
    "a player not an object": (_set("players", [1, 2]), "every entry of 'players'"),
    "decks null": (_set("decks", None), "'decks' must be a list, not null"),
    "decks empty": (_set("decks", []), "'decks' must hold 2 decks"),
    "decks missing": (lambda h: h.pop("decks"), "no 'decks'"),
    "deck part a number": (_deck("main", 7), "decks[0].main must be a list of card ids"),
    "deck name a number": (_deck("name", 7), "decks[0].name must be a string"),
    "unknown card": (_card, 'decks[0].main: "LBK-999" is not a card of precious_memories'),
    "options a list": (_set("options", []), "'options' must be an object"),
}


def save_with(tmp_path: Path, edit: Callable[[Header], None]) -> Path:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    edited = copy.deepcopy(head)
    edit(edited)
    path = tmp_path / "save.jsonl"
    path.write_text("\n".join([json.dumps(edited), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def said_in_words(message: str, path: Path, where: str, what: str) -> None:
    assert "\n" not in message
    assert message.startswith(f"{path} {where}: "), message
    assert what in message, message
    assert not PYTHON.search(message), message


@pytest.mark.parametrize("case", sorted(HEADERS))
def test_a_header_error_names_line_1_in_words(tmp_path: Path, case: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    edit, what = HEADERS[case]
    path = save_with(tmp_path, edit)
    for read in (check_save, open_game, ReplayModel.from_file):
        with pytest.raises((SaveError, FoldError)) as exc:
            read(path)
        said_in_words(str(exc.value), path, "line 1", what)
    for command in ("verify", "export"):
        assert main([command, str(path)]) != 0
        err = capsys.readouterr().err.removeprefix("pmtui: ")
        said_in_words(err.rstrip("\n").split(" (it does not verify")[0], path, "line 1", what)


def test_a_decision_error_names_its_line_as_every_other_error_does(tmp_path: Path) -> None:
    """The record with sequence number n is on line n + 1."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"action":"approach' in line
              or '"action": "approach' in line)
    rec = json.loads(lines[at])
    rec["action"] = "pass"
    lines[at] = json.dumps(rec)
    path = tmp_path / "save.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        check_save(path)
    said_in_words(str(exc.value), path, f"line {at + 1}", "not a legal choice now: 'pass'")
    assert rec["seq"] == at


def test_lines_ended_by_cr_alone_are_said_to_be(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    path.write_bytes(GOLDEN.read_bytes().replace(b"\n", b"\r"))
    for read in (check_save, open_game):
        with pytest.raises(SaveError) as exc:
            read(path)
        said_in_words(str(exc.value), path, "line 1", "lines end with CR alone")
        assert "cut off" not in str(exc.value)
    path.write_bytes(GOLDEN.read_bytes().replace(b"\n", b"\r\n"))  # Windows: fine
    check_save(path)


def _without_first_say(version: str | None, tmp_path: Path) -> Path:
    """The shipped Precious Memories game as an earlier pmtui would have written it: one
    narration event fewer (its seqs closed up, the hash chain left out, which a save may
    do) and, with `version`, the header naming those earlier rules."""
    lines = [json.loads(x) for x in GOLDEN.read_text(
        encoding="utf-8").splitlines()]
    gone = next(i for i, r in enumerate(lines) if r.get("event", {}).get("t") == "say")
    del lines[gone]
    for seq, rec in enumerate(lines):
        rec["seq"] = seq
        rec.pop("chain", None)
        rec.pop("digest", None)
    if version is not None:
        lines[0]["ruleset_version"] = version
    path = tmp_path / "older.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    return path


def test_a_save_from_earlier_rules_that_no_longer_re_executes_says_so_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pmtui.table.registry import ruleset

    now = ruleset("precious_memories").version
    assert main(["verify", str(_without_first_say("0.0.1", tmp_path))]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"pmtui: {tmp_path / 'older.jsonl'}: played under "
                          f"precious_memories 0.0.1, and these are the rules of {now}")
    assert "\n" not in err and "re-executed event" in err
    # the same file under today's version number is simply one that does not re-execute
    assert main(["verify", str(_without_first_say(None, tmp_path))]) == 1
    assert "played under" not in capsys.readouterr().err
