"""The SENGOKU YUGI scenario files (tests/scenarios/sengoku_yugi/) pass `pmtui check`,
each naming its place in the guides; malformed positions get one-line errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.table.scenarios import ScenarioError, load, loads, run

HERE = Path(__file__).parent.parent / "scenarios" / "sengoku_yugi"
SCENARIOS = sorted(HERE.glob("*.toml"))


def test_there_are_enough_scenarios_with_the_qa() -> None:
    assert len(SCENARIOS) >= 30
    assert sum("_qa_" in p.name for p in SCENARIOS) >= 8


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_cites_the_guides_and_passes_check(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sc = load(path)
    assert re.fullmatch(r"G[12] \(\d+\).*", sc.page), f"{path.name}: page {sc.page!r}"
    assert sc.expects, f"{path.name} checks nothing"
    status = main(["check", str(path)])
    out = capsys.readouterr().out
    assert status == 0 and "ok:" in out, out


def test_a_scenario_fails_when_the_rules_disagree() -> None:
    """An expectation that contradicts the rules is reported (the checks can fail)."""
    text = (HERE / "g1_13_guard_weaker.toml").read_text().replace(
        "sh_hp = [6, 5]", "sh_hp = [6, 4]")
    result = run(loads(text, "wrong.toml"))
    assert not result.ok and any("sh_hp" in f for f in result.failures)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ('[p1]\nbf = [{ card = "SGY-001", at = "z9" }]', "needs at = a cell"),
        ('[p1]\nbf = [{ card = "SGY-001", at = "c1" }]', "cell c1 is taken"),
        ('[p1]\nhand = ["SGY-999"]', "unknown card"),
        ('[p1]\ncz = ["SGY-001", "SGY-005"]', "one Commander"),
        ('[p1]\nbf = [{ card = "SGY-001", at = "c2", hp = 9 }]', "hp 1-3"),
        ('[p1]\nfhand = ["SGY-001"]', "does not belong"),
    ],
)
def test_malformed_positions_are_one_line(change: str, words: str) -> None:
    text = f'ruleset = "sengoku_yugi"\n[position]\nturn = 3\n{change}\n[p2]\nsh = 3\n'
    with pytest.raises(ScenarioError) as err:
        loads(text, "bad.toml")
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_position_is_written_back_the_same() -> None:
    """The sandbox's save: write(state) gives a document that sets up the same state."""
    sc = load(HERE / "g2_07_release.toml")
    result = run(sc)
    pos = sc.rs.positions
    doc, order = pos.write(result.game.state)
    again = run(loads(_toml(doc), "again.toml"))
    state, state2 = result.game.state, again.game.state
    assert [state.cards[u].cid for u in order] == [c.cid for c in state2.cards]
    for new, old in enumerate(order):
        assert state2.cards[new].f.get("at") == state.cards[old].f.get("at")


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return json.dumps(v)


def _toml(doc: dict[str, object]) -> str:
    lines = ['ruleset = "sengoku_yugi"']
    for table, body in doc.items():
        lines.append(f"[{table}]")
        lines += [f"{k} = {_value(v)}" for k, v in body.items()]  # type: ignore[attr-defined]
    return "\n".join(lines) + "\n"


def test_the_sandbox_sets_up_a_position_on_the_grid() -> None:
    """The sandbox's edits: a unit onto a cell, its marks (stance, HP, deployed this turn,
    face down), moved to another cell, removed; why-not answers on the result."""
    from pmtui.table.sandbox.model import EditError, Sandbox
    from rulesets.sengoku_yugi import make_ruleset

    sb = Sandbox.from_doc(rs=make_ruleset())
    places = sb.positions.places(sb.state, "SGY-004", 0, None)
    assert any(p.zone == "bf" and p.where == {"at": "c2"} for p in places)
    assert not any(p.where.get("at") in ("c1", "c4") for p in places)  # the Strongholds
    uid = sb.add("SGY-004", 0, "bf", at="c2")
    assert sb.state.cards[uid].f["at"] == "c2"
    uid, said = sb.card_mark(uid, "coins", 3)
    assert sb.state.cards[uid].f["hp"] == 4 and "HP 4" in said
    enemy = sb.add("SGY-027", 1, "bf", at="c3")
    enemy, _ = sb.card_mark(enemy, "rest")
    assert sb.state.cards[enemy].f["df"] is True
    assert sb.why("attack c2 c3 atk") is None  # Aoi Level 4 hits Kaede in Defense Stance
    uid = next(c.uid for c in sb.state.cards if c.cid == "SGY-004" and c.zone)
    uid, _ = sb.move(uid, 0, "bf", at="a2")
    assert sb.state.cards[uid].f["at"] == "a2" and sb.state.cards[uid].f["hp"] == 4
    assert "outside its attack range" in (sb.why("attack a2 c3 atk") or "")
    with pytest.raises(EditError):
        sb.add("SGY-001", 1, "bf", at="c3")  # taken
    with pytest.raises(EditError):
        sb.card_mark(enemy, "coins-of-gold")
    sb.remove(enemy)
    assert all(c.cid != "SGY-027" or not c.zone for c in sb.state.cards)


def test_the_sandbox_opens_a_scenario_and_asks_why() -> None:
    from pmtui.table.sandbox.model import Sandbox

    sb, notes = Sandbox.from_scenario(HERE / "g1_12_backline_range.toml")
    assert notes == [] and sb.why("attack b1 b3 atk") is None
    assert "outside its attack range" in (sb.why("attack b1 c4 atk") or "")
