"""Game options from the command line (`--option NAME=VALUE`): Ultimate mode by an
option (Guide II: the Familiar Deck, the Egg), its decks picked when none is given,
and one clear line for an unknown option or value."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.engine.game import Game
from pmtui.table.games import SetupError, parse_options, ruleset
from pmtui.table.session import new_game_header

ROOT = Path(__file__).resolve().parents[2]


def pmtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)


def test_games_lists_each_games_options() -> None:
    out = pmtui("games").stdout
    assert "--option mode=" in out and "--option board=" in out
    assert "ultimate" in out.split("--option mode=")[1].splitlines()[0]


def test_play_help_names_the_option() -> None:
    """The help names --option and where each game's options are listed (the help
    itself names no game); `pmtui games` names the Ultimate mode (test above)."""
    out = pmtui("play", "--help").stdout
    assert "--option NAME=VALUE" in out and "pmtui games" in out


def test_simulate_plays_ultimate_by_the_option(tmp_path: Path) -> None:
    proc = pmtui("simulate", "--game", "sengoku_yugi", "--option", "mode=ultimate",
                 "--games", "2", "--jobs", "1", "--json", "--save-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["errors"] == 0 and data["games"] == 2
    header = json.loads(sorted(tmp_path.glob("*.jsonl"))[0].read_text().splitlines()[0])
    assert header["options"] == {"mode": "ultimate"}
    assert all(d.get("familiar") for d in header["decks"])  # the *_ultimate decks



@pytest.mark.parametrize(("option", "words"), [
    ("colour=red", "no option 'colour'"),
    ("mode=ultra", "choose standard or ultimate"),
    ("board=3x3", "rows must be even"),
    ("mode", "NAME=VALUE"),
])
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_bad_option_is_one_line(command: str, option: str, words: str) -> None:
    proc = pmtui(command, "--game", "sengoku_yugi", "--option", option, "--seed", "3",
                 *(["--games", "1"] if command == "simulate" else []))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in proc.stderr


def test_an_ultimate_header_gets_ultimate_decks_and_mode() -> None:
    rs = ruleset("sengoku_yugi")
    header, _ = new_game_header(5, game="sengoku_yugi", options={"mode": "ultimate"})
    assert header["options"]["mode"] == "ultimate"
    assert all(d.get("familiar") for d in header["decks"])  # the *_ultimate decks
    assert Game(rs, header).state.vars["mode"] == "ultimate"
    std, _ = new_game_header(5, game="sengoku_yugi", options={"mode": "standard"})
    assert Game(rs, std).state.vars["mode"] == "standard"
    assert not any(d.get("familiar") for d in std["decks"])


def test_ultimate_with_standard_decks_is_refused() -> None:
    with pytest.raises(SetupError, match="Familiar Deck"):
        new_game_header(5, game="sengoku_yugi", options={"mode": "ultimate"},
                        deck="mist_valley_standard")


def test_parse_options_knows_only_the_rulesets_names() -> None:
    rs = ruleset("sengoku_yugi")
    assert parse_options(rs, ["mode=ultimate", "board=6x7"]) == {"mode": "ultimate",
                                                                 "board": "6x7"}
    with pytest.raises(SetupError, match="its options: board, mode"):
        parse_options(rs, ["level=9"])
