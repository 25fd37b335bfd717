"""The PSO scenario files (tests/scenarios/pso/): each passes `pmtui check` and names the
section of the source it checks (docs/rules-interpretations-pso.md lists them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.table.scenarios import load

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "pso").glob("*.toml"))
SECTIONS = {
    "The Cards", "Game play", "Deck Limits", "Card Limits", "Setup",
    "Character/monster card stats", "Additional card attacks/abilities", "Battle effects",
    "Character Cards", "Spell Cards", "Weapon Cards", "Item Cards", "Area Cards",
    "Losing/winning quests", "Event cards", "Winning", "Conflicts in effect",
    "Running out of cards", "Multiple targets", "Stat boosters", "Deck searches",
}


def test_there_are_enough_scenarios():
    assert len(SCENARIOS) >= 25


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_passes(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, out + err
    assert "ok:" in out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_names_its_section(path: Path) -> None:
    sc = load(path)
    assert sc.rs.id == "pso"
    assert sc.page in SECTIONS, f"{path.name}: page = a section of the source, not {sc.page!r}"
    assert sc.expects, f"{path.name} checks nothing"


def test_positions_write_back_what_they_read() -> None:
    """A position written from a state sets up the same state again (the sandbox relies on
    it): same cards, zones and flags, in the numbering the writer gives."""
    from pmtui.engine.game import Game

    for path in SCENARIOS:
        sc = load(path)
        if "scenario" not in sc.header:  # it starts from decks, before any position
            continue
        game = Game(sc.rs, sc.header, hashing=False)
        doc, order = sc.rs.positions.write(game.state)
        again = Game(sc.rs, {**sc.header, "scenario": sc.rs.positions.parse(doc)}, hashing=False)
        a, b = game.state, again.state
        assert [a.cards[u].cid for u in order] == [c.cid for c in b.cards], path.name
        for n, old in enumerate(order):
            assert a.cards[old].zone == b.cards[n].zone, path.name
            assert a.cards[old].f == b.cards[n].f, path.name
        assert a.vars["turn"] == b.vars["turn"] and a.vars["ap"] == b.vars["ap"]


def test_sandbox_edits_and_marks() -> None:
    from pmtui.engine.game import Game
    from pmtui.engine.ruleset import PositionError

    sc = load(SCENARIOS[0])
    edits = sc.rs.positions.edits
    state = Game(sc.rs, sc.header, hashing=False).state.copy()
    mon = state.zones["0/monsters"][0]
    assert edits.mark(state, mon, "coins", 2, "it") == "it: 20 damage"
    assert edits.mark(state, mon, "paralysed", None, "it") == "it is paralysed"
    assert state.cards[mon].f == {"dmg": 20, "par": True}
    with pytest.raises(PositionError, match="no card mark 'rest'"):
        edits.mark(state, mon, "rest", None, "it")
    new = edits.add(state, "HAL-021", 1, "monsters")
    assert state.zones["1/monsters"][-1] == new
    with pytest.raises(PositionError, match="already a card"):
        edits.add(state, "HAL-002", 0, "lead")
    doc, order = sc.rs.positions.write(state)
    assert doc["p2"]["monsters"][-1] == "HAL-021" and len(order) == len(state.cards)


def test_renumbering_card_references() -> None:
    """A sandbox rewrites the actions it replays into the new numbering of the position."""
    sc = load(SCENARIOS[0])
    assert sc.rs.positions.edits.remap("target HAL-022@7 back", [3, 7, 1]) == \
        "target HAL-022@1 back"
    assert sc.rs.positions.edits.remap("attack HAL-001@9", [0]) == "attack HAL-001@9"


@pytest.mark.parametrize(
    ("body", "part"),
    [
        ('[p1]\nmonsterz = ["HAL-020"]', "unknown zone 'monsterz'"),
        ('[p1]\nmonsters = ["HAL-999"]', "unknown card id 'HAL-999'"),
        ('[position]\nphase = "end"\n[p1]\nmonsters = ["HAL-020"]', "main or combat"),
        ('[p1]\nhand = ["HAL-020"]', "nobody has a monster"),
        ('[position]\nplayer = "p3"\n[p1]\nmonsters = ["HAL-020"]', '"p1" or "p2"'),
        ('[p1]\nmonsters = [{ card = "HAL-020", dmg = "lots" }]', "wrong kind of value"),
        ('[position]\narea = "HAL-020x"\n[p1]\nmonsters = ["HAL-020"]', "unknown card id"),
    ],
)
def test_malformed_positions_are_one_line_errors(body: str, part: str) -> None:
    from pmtui.table.scenarios import ScenarioError, loads

    text = f'ruleset = "pso"\npage = "Setup"\n{body}\n[[expect]]\nturn = 2\n'
    with pytest.raises(ScenarioError) as exc:
        loads(text, "bad.toml")
    assert part in str(exc.value) and "\n" not in str(exc.value)
    assert str(exc.value).startswith("bad.toml")
