"""Checks that let things through (issue 29, item 9): what `pmtui play` refuses,
`pmtui verify` refuses too, and the command line, deck and card files refuse values
no game means.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main

ROOT = Path(__file__).resolve().parent.parent
PM = ROOT / "saves" / "starlit-vs-tidewater.jsonl"
PSO = ROOT / "saves" / "pso" / "standard-random.jsonl"


def edited(tmp_path: Path, golden: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    lines = golden.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    edit(head)
    path = tmp_path / "save.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def _players(n: int) -> Callable[[dict[str, Any]], None]:
    return lambda h: h.__setitem__("players", (h["players"] * 2)[:n])


CASES: dict[str, tuple[Path, Callable[[dict[str, Any]], None], str]] = {
    "no players": (PM, _players(0), "'players' must hold 2 players (one a seat), not 0"),
    "three players": (PM, _players(3), "'players' must hold 2 players (one a seat), not 3"),
    "a board option in a Precious Memories save": (
        PM, lambda h: h.__setitem__("options", {"board": "5x5"}),
        "options: Precious Memories has no option \"board\""),
    "a turn limit of 10^18": (
        PSO, lambda h: h.setdefault("options", {}).__setitem__("turn_limit", str(10**18)),
        "give a whole number of turns from 1 to 10000"),
    "chance ask in a game played": (
        PM, lambda h: h.__setitem__("chance", "ask"), "\"ask\" is for a scenario's"),
    "a 1 MB player name": (
        PM, lambda h: h["players"][0].__setitem__("name", "x" * 1_000_000),
        "players[0].name is longer than 64 characters"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_verify_refuses_what_play_never_writes(tmp_path: Path, case: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    golden, edit, what = CASES[case]
    path = edited(tmp_path, golden, edit)
    for command in ("verify", "export", "replay", "resume"):
        assert main([command, str(path)]) != 0, command
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and f"{path} line 1: header: " in err, err[:300]
        assert what in err, (command, err[:300])


@pytest.mark.parametrize("argv,what", [
    (["play", "--game", ""], "argument --game: give a game's id"),
    (["play", "--seed", "-1"], "argument --seed: -1 is not from 0 to 2^128 - 1"),
    (["simulate", "--seed", "-1", "--games", "1"], "argument --seed: -1 is not from 0"),
    (["play", "--seed", str(1 << 128)], "is not from 0 to 2^128 - 1"),
    (["serve", "--restart-above", "-5"], "-5 is not a number of MiB, 0 or more"),
    (["serve", "--restart-above", "nan"], "nan is not a number of MiB, 0 or more"),
    (["cards", "--game", " "], "argument --game: give a game's id"),
])
def test_the_command_line_refuses_values_no_game_means(
        argv: list[str], what: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert what in capsys.readouterr().err


def test_a_sengoku_yugi_deck_needs_a_name(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    built_in = sorted((ROOT / "cards" / "sengoku_yugi" / "decks").glob("*.toml"))[0]
    text = "\n".join(line for line in built_in.read_text(encoding="utf-8").splitlines()
                     if not line.startswith("name"))
    deck = tmp_path / "nameless.toml"
    deck.write_text(text + "\n", encoding="utf-8")
    assert main(["deck", "validate", "--game", "sengoku_yugi", str(deck)]) == 1
    assert "nameless.toml: name must be a non-empty string" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["precious_memories", "sengoku_yugi"])
def test_a_card_number_past_any_games_is_refused(tmp_path: Path, game: str) -> None:
    src = sorted((ROOT / "cards" / game).glob("*.toml"))[0].read_text(encoding="utf-8")
    field = {"precious_memories": "usage_cost", "sengoku_yugi": "cost"}[game]
    lines = src.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{field} ="))
    lines[at] = f"{field} = 99999999999999999999"
    (tmp_path / "c.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if game == "precious_memories":
        from rulesets.precious_memories.cards import CardError, load_pool
        with pytest.raises(CardError, match=r"field usage_cost: must be 0\.\.9999"):
            load_pool([tmp_path / "c.toml"])
    else:
        from rulesets.sengoku_yugi.cards import CardError as SyError
        from rulesets.sengoku_yugi.cards import load_pool as sy_pool
        with pytest.raises(SyError, match="cost must be a whole number from 0 to 9999"):
            sy_pool(tmp_path)
