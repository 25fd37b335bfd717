"""The ruleset registry (pmtui/table/registry.py, issue 13): games found by id, `pmtui games`,
`--game ID` on the commands, and files that open with the ruleset they name."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main
from pmtui.engine.ruleset import DeckList
from pmtui.table import registry
from rulesets.precious_memories import PreciousMemories

SAVE = Path(__file__).parent.parent / "saves" / "starlit-vs-tidewater.jsonl"


class Twin(PreciousMemories):
    """Precious Memories under another id: a second game with real decks and cards."""

    id = "pm_twin"
    name = "Twin Memories"


@pytest.fixture
def twin() -> Iterator[str]:
    registry.register(Twin.id, Twin)
    yield Twin.id
    registry.unregister(Twin.id)


def test_the_default_game_is_found_by_its_entry_point() -> None:
    assert registry.DEFAULT_RULESET in registry.known()
    rs = registry.ruleset()
    assert rs.id == registry.DEFAULT_RULESET
    assert registry.ruleset(registry.DEFAULT_RULESET) is rs  # one object per id


def test_an_unknown_id_is_one_line_naming_the_installed_games() -> None:
    with pytest.raises(registry.UnknownRuleset) as info:
        registry.ruleset("chess")
    message = str(info.value)
    assert "unknown ruleset 'chess'" in message and registry.DEFAULT_RULESET in message
    assert "\n" not in message


def test_register_and_unregister(twin: str) -> None:
    assert twin in registry.known()
    assert registry.ruleset(twin).name == "Twin Memories"
    entries = {e.id: e for e in registry.installed()}
    assert entries[twin].version == Twin.version
    registry.unregister(twin)
    assert twin not in registry.known()
    registry.register(twin, Twin)  # the fixture unregisters it again


def test_header_ruleset_defaults_for_old_files() -> None:
    assert registry.header_ruleset({"ruleset": "pm_twin"}) == "pm_twin"
    assert registry.header_ruleset({}) == registry.DEFAULT_RULESET
    assert registry.header_ruleset({"ruleset": 7}) == registry.DEFAULT_RULESET


def test_pmtui_games_lists_them(twin: str, capsys: Any) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "(default)" in lines[registry.DEFAULT_RULESET]
    assert "Twin Memories" in lines[twin] and Twin.version in lines[twin]


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "--game", "chess"],
        ["deck", "validate", "--game", "chess", "starlit_overture"],
        ["simulate", "--game", "chess", "--games", "1"],
    ],
)
def test_game_option_names_an_installed_game(args: list[str], capsys: Any) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: unknown ruleset 'chess'") and err.count("\n") == 1


def test_commands_run_the_game_they_are_given(twin: str, tmp_path: Path, capsys: Any) -> None:
    assert main(["cards", "--game", twin, "--json", "STA-001"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["id"] == "STA-001"
    assert main(["deck", "validate", "--game", twin, "starlit_overture"]) == 0
    assert "legal deck" in capsys.readouterr().out
    assert main(["simulate", "--game", twin, "--games", "2", "--jobs", "1", "--json",
                 "--save-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0
    saves = sorted(tmp_path.glob("*.jsonl"))
    assert saves and json.loads(saves[0].read_text().splitlines()[0])["ruleset"] == twin
    assert main(["verify", str(saves[0])]) == 0  # verify opens it with the game it names
    assert "OK" in capsys.readouterr().out


def test_a_save_of_a_game_not_installed_is_a_one_line_error(tmp_path: Path,
                                                             capsys: Any) -> None:
    lines = SAVE.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["ruleset"] = "chess"
    path = tmp_path / "chess.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert "unknown ruleset 'chess'" in err and err.count("\n") == 1


def test_a_scenario_runs_with_the_ruleset_it_names(twin: str, tmp_path: Path,
                                                    capsys: Any) -> None:
    path = tmp_path / "twin.toml"
    path.write_text(
        f'ruleset = "{twin}"\n[p1]\nhand = ["STA-001"]\ndeck = 5\n[p2]\ndeck = 5\n'
        '[[expect]]\nto_act = "p1"\nlegal = ["pass"]\nzone = "p1.hand"\ncards = ["STA-001"]\n',
        encoding="utf-8",
    )
    from pmtui.table.scenarios import load

    sc = load(path)
    assert sc.rs.id == twin and sc.header["ruleset"] == twin
    assert main(["check", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["position"]["players"]["p1"]["hand"][0]["card"].startswith(
        "STA-001@")


def test_a_deck_list_names_its_parts() -> None:
    deck = DeckList("d", {"main": ("A-001", "A-001"), "ex": ("A-002",)})
    assert deck.part("main") == ("A-001", "A-001") and deck.part("side") == ()
    assert deck.cards == ("A-001", "A-001", "A-002")
    assert deck.to_header() == {"name": "d", "main": ["A-001", "A-001"], "ex": ["A-002"]}


def test_pmtui_names_no_game_but_the_default_id() -> None:
    """The table is game-neutral: outside the registry's default id no source file of
    pmtui names an installed game (its id or any word of it, case aside)."""
    words = {w for e in registry.installed() for w in e.id.split("_")}
    assert {"pso", "sengoku", "precious"} <= words  # the three games are installed
    pattern = re.compile(r"\b(" + "|".join(sorted(words)) + r")\b", re.IGNORECASE)
    default = f"DEFAULT_RULESET = {registry.DEFAULT_RULESET!r}".replace("'", '"')
    root = Path(registry.__file__).parents[1]
    found = [f"{p.relative_to(root.parent)}:{n}: {line.strip()}"
             for p in sorted(root.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line) and line.strip() != default]
    assert found == []


def test_a_games_options_read_without_rule_numbers() -> None:
    """The option lines reach players (`pmtui games`, the SSH lobby's "Game option"
    menu): PSO's turn limit once ended "(default 200; ours, D-27)", a number in our
    rules-interpretations document that a player has never seen."""
    for entry in registry.installed():
        for name, what in registry.ruleset(entry.id).header_options.items():
            assert not re.search(r"\b[A-Z]{1,2}-?\d+\b", what), (entry.id, name, what)
