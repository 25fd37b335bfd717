"""The Clockwork Memorion scenario files (tests/scenarios/clockwork_memorion/) pass
`pmtui check`, each naming its source: a seed line (S:n), a page tag (G, V14, W1-W5, K,
J) or one of our decisions (M#); malformed positions get one-line errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.table.scenarios import ScenarioError, load, loads, run

HERE = Path(__file__).parent.parent / "scenarios" / "clockwork_memorion"
SCENARIOS = sorted(HERE.glob("*.toml"))
SOURCE = re.compile(r"(S:\d+|M\d+|V14|G|W[1-5]|K|J)")


def test_there_are_enough_scenarios() -> None:
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_names_its_source_and_passes_check(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sc = load(path)
    assert SOURCE.fullmatch(sc.page), f"{path.name}: page {sc.page!r}"
    assert sc.expects, f"{path.name} checks nothing"
    status = main(["check", str(path)])
    out = capsys.readouterr().out
    assert status == 0 and "ok:" in out, out


@pytest.mark.parametrize(("name", "old", "new", "words"), [
    ("s049_recall_time_defers_loss.toml", 'winner = "p1"', 'winner = "none"', "winner"),
    ("s242_breakthrough.toml", "life = [2000, 1700]", "life = [2000, 2000]", "Life"),
    ("s236_endurance.toml", "action = false", "action = true", "action"),
    ("s127_blind_pick_by_position.toml", '"order CWM-021 CWM-022 CWM-027"',
     '"order CWM-021 CWM-027 CWM-022"', "p2.drop"),
])
def test_a_scenario_fails_when_the_rules_disagree(name: str, old: str, new: str,
                                                  words: str) -> None:
    text = (HERE / name).read_text()
    assert old in text
    result = run(loads(text.replace(old, new, 1), "wrong.toml"))
    assert not result.ok and any(words in f for f in result.failures), result.failures


BASE = 'ruleset = "clockwork_memorion"\n[position]\n{pos}\n[p1]\n{p1}\n[p2]\ndeck = 3\n'


@pytest.mark.parametrize(("pos", "p1", "words"), [
    ("", 'hand = ["CWM-999"]', "unknown card"),
    ("", 'succ = [{ card = "CWM-011", z = 1 }]', "is a memorion, not a successor"),
    ("", 'succ = [{ card = "CWM-003", z = 1 }, { card = "CWM-004", z = 1 }]', "not free"),
    ("", 'succ = [{ card = "CWM-003", z = 7 }]', "zones 1-5"),
    ("", 'limit = { card = "CWM-002", face = 3 }', "1 or 2"),
    ('phase = "lunch"', "", "position.phase"),
    ('recall_time = "p3"', "", "recall_time"),
    ("", 'attic = ["CWM-003"]', "no such zone"),
    ('recalls = [{ target = "CWM-003", word = "+100" }]', "", "no CWM-003 in play"),
])
def test_malformed_positions_are_one_line(pos: str, p1: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        loads(BASE.format(pos=pos, p1=p1), "bad.toml")
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_position_is_written_back_the_same() -> None:
    """The sandbox's save: write(state) gives a document that sets up the same state,
    memorions on their slots included."""
    sc = load(HERE / "s164_summon_onto_a_successor.toml")
    result = run(sc)
    pos = sc.rs.positions
    doc, order = pos.write(result.game.state)
    pos2 = pos.parse(doc)
    cids = [c[0] for c in pos2["cards"]]
    state = result.game.state
    assert cids == [state.cards[u].cid for u in order]
    mem = next(c for c in pos2["cards"] if c[0] == "CWM-015")
    assert mem[2] == "mem" and mem[3]["slot"] == 1
    assert cids[mem[3]["host"]] == "CWM-007"
