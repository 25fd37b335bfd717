"""Every file read is bounded in size, line length and depth (issue 29, item 4).

A file nested 50,000 deep used to end in "maximum recursion depth exceeded" naming no
file (or a RecursionError out of the card-pool loader), and `pmtui verify /dev/zero`
grew to gigabytes without returning. Each is now a one-line error naming the file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.engine import bounded
from pmtui.engine.journal import SaveError, read_journal
from pmtui.table.registry import ruleset

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "saves" / "starlit-vs-tidewater.jsonl"
DEEP = 50_000
GAMES = ("precious_memories", "pso", "sengoku_yugi")


def deep_toml(n: int = DEEP) -> str:
    return "x = " + "[" * n + "]" * n + "\n"


def one_line(text: str, *names: str) -> None:
    assert "\n" not in text.strip() and "recursion" not in text.lower(), text
    assert "RecursionError" not in text and all(n in text for n in names), text


def test_the_bounds_measure_without_the_stack() -> None:
    assert bounded.too_deep([[[1]]], 2) and not bounded.too_deep([[[1]]], 3)
    deep: list[object] = []
    for _ in range(DEEP):
        deep = [deep]
    assert bounded.too_deep(deep)  # no RecursionError: measured without recursion
    assert bounded.long_line("ab\nabcd\n", 3) == 2 and bounded.long_line("ab\nabc", 3) is None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("depth", [DEEP, 200])
def test_a_deeply_nested_deck_file_is_one_line(tmp_path: Path, game: str, depth: int) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(deep_toml(depth), encoding="utf-8")
    with pytest.raises(ValueError) as exc:
        ruleset(game).load_deck(str(path))
    one_line(str(exc.value), "deck.toml", "nested more than 32 deep")


def _card_loaders(game: str, folder: Path) -> object:
    if game == "precious_memories":
        from rulesets.precious_memories.cards import load_pool
        return load_pool([folder / "c.toml"])
    if game == "pso":
        from rulesets.pso.cards import load_pool as pso_pool
        return pso_pool([folder / "c.toml"])
    from rulesets.sengoku_yugi.cards import load_pool as sy_pool
    return sy_pool(folder)


@pytest.mark.parametrize("game", GAMES)
def test_a_deeply_nested_or_huge_card_file_is_one_line(tmp_path: Path, game: str) -> None:
    card = tmp_path / "c.toml"
    card.write_text(deep_toml(), encoding="utf-8")
    with pytest.raises(ValueError) as exc:
        _card_loaders(game, tmp_path)
    one_line(str(exc.value), "c.toml", "nested more than 32 deep")
    with card.open("w", encoding="utf-8") as f:  # many short lines, past the size bound
        f.write("# padding\n" * (bounded.MAX_BYTES // 10 + 1))
    with pytest.raises(ValueError) as exc:
        _card_loaders(game, tmp_path)
    one_line(str(exc.value), "c.toml", "larger than 16 MiB")
    card.write_text("# " + "x" * bounded.MAX_LINE + "\n", encoding="utf-8")
    with pytest.raises(ValueError) as exc:
        _card_loaders(game, tmp_path)
    one_line(str(exc.value), "c.toml", "line 1: longer than 1 MiB")


def test_a_deeply_nested_scenario_is_one_line(tmp_path: Path) -> None:
    from pmtui.table.scenarios import ScenarioError, load

    path = tmp_path / "sc.toml"
    path.write_text('name = "x"\n' + deep_toml(), encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        load(path)
    one_line(str(exc.value), "sc.toml", "nested more than 32 deep")


def test_a_save_line_nested_too_deep_names_its_line(tmp_path: Path) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    for depth in (DEEP, 100):
        rec = json.loads(lines[3])
        rec["event"]["why"] = "DEEP"
        text = json.dumps(rec).replace('"DEEP"', "[" * depth + "]" * depth)
        path = tmp_path / "deep.jsonl"
        path.write_text("\n".join([*lines[:3], text, *lines[4:]]) + "\n", encoding="utf-8")
        with pytest.raises(SaveError) as exc:
            read_journal(path)
        one_line(str(exc.value), "deep.jsonl line 4: ", "nested more than 32 deep")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # the timeout only keeps a hang from holding the suite: the command must end by itself
    return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True,
                          text=True, env=env, timeout=60)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("command", ["verify", "export", "resume", "replay"])
def test_dev_zero_is_refused_at_once(command: str) -> None:
    """`pmtui verify /dev/zero` and `pmtui resume /dev/zero` never returned and grew to
    4 GB: a line is read only up to its bound."""
    done = run(command, "/dev/zero")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "pmtui: /dev/zero line 1: longer than 1 MiB (not a record of a save)")


def test_one_endless_line_of_a_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    head = GOLDEN.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(head + "\n" + '{"seq":1,"type":"note","text":"' + "x" * bounded.MAX_LINE
                    + '"}\n', encoding="utf-8")
    with pytest.raises(SaveError, match=r"long.jsonl line 2: longer than 1 MiB"):
        read_journal(path)


# -- the server's own files -------------------------------------------------------------


def test_a_deeply_nested_waiting_table_file_is_skipped_with_a_warning(tmp_path: Path) -> None:
    """docs/ssh.md: a bad waiting-table file is a one-line warning and the table is not
    brought back; nested 50,000 deep it stopped `pmtui serve`."""
    from pmtui.net.tables import Registry

    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "waiting-3.json").write_text("[" * DEEP + "]" * DEEP)
    (tables / "waiting-4.json").write_text('{"format": ' + "[" * 40 + "]" * 40 + "}")
    reg = Registry(tmp_path)
    try:
        warnings = reg.restore()
        assert len(warnings) == 2, warnings
        for w, name in zip(sorted(warnings), ("waiting-3.json", "waiting-4.json"), strict=True):
            one_line(w, name, "a waiting table not brought back", "nested more than 32 deep")
        assert reg.listing() == []
    finally:
        reg.shutdown()


def test_a_deeply_nested_names_file_stops_the_server_naming_it(tmp_path: Path) -> None:
    from pmtui.net.names import NameBook, NamesError

    (tmp_path / "names.json").write_text("[" * DEEP + "]" * DEEP)
    with pytest.raises(NamesError) as exc:
        NameBook(tmp_path)
    one_line(str(exc.value), str(tmp_path / "names.json"), "nested more than 32 deep")


async def test_a_deeply_nested_handover_is_a_warning(tmp_path: Path) -> None:
    from pmtui.net import recycle
    from pmtui.net.server import KeyAuth, PmServer

    (tmp_path / recycle.HANDOVER).write_text("[" * DEEP + "]" * DEEP)
    server = PmServer(tmp_path, KeyAuth(None, open_=True))
    try:
        warnings = await server.start("127.0.0.1", 0)
        assert any(recycle.HANDOVER in w and "nested more than 32 deep" in w
                   for w in warnings), warnings
        assert all("recursion" not in w for w in warnings)
    finally:
        await server.stop()
