"""Scenario files and `pmtui check` (pmtui/table/scenarios/, docs/scenarios.md).

Every tests/scenarios/*.toml must pass `pmtui check`; malformed files get one
line naming the file and line and exit 2; failed expectations exit 1.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.engine.game import Game
from pmtui.table.games import ruleset
from pmtui.table.scenarios import ScenarioError, load, loads, run

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_passes(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, out + err
    assert "ok:" in out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_names_its_page(path: Path) -> None:
    sc = load(path)
    assert re.fullmatch(r"p\.\d\d", sc.page), f'{path.name}: page = "p.NN" missing'
    assert path.name.startswith(sc.page.replace(".", "")), path.name
    assert sc.expects, f"{path.name} checks nothing"


def test_there_are_scenarios_for_the_worked_examples_and_qa() -> None:
    pages = {p.name[:3] for p in SCENARIOS}
    assert {"p11", "p12", "p14", "p27"} <= pages
    assert len([p for p in SCENARIOS if p.name.startswith("p27")]) >= 8


BASE = """\
name = "t"
actions = {actions}

[position]
turn = 3

[p1]
hand = ["STA-005", "STA-001", "STA-003"]
main = {main}
deck = 20

[p2]
deck = 20
{expect}"""


def write(tmp_path: Path, actions: str = "[]", main: str = "[]", expect: str = "") -> Path:
    path = tmp_path / "s.toml"
    path.write_text(BASE.format(actions=actions, main=main, expect=expect), encoding="utf-8")
    return path


def check(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    status = main(["check", str(path), *extra])
    out, err = capsys.readouterr()
    return status, out, err


# -- malformed files: exit 2, one line naming the line ----------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "line", "says"),
    [
        ({"main": '["STA-002", "XYZ-999"]'}, 9, "unknown card id XYZ-999"),
        (
            {"main": '["STA-001", "STA-002", "STA-004", "STA-006", "STA-008", "TWC-001"]'},
            9,
            "holds at most 5",
        ),
        ({"main": '["STA-010"]'}, 9, "no AP/DP"),
        ({"main": '["STA-012"]'}, 9, "event card"),
        ({"main": '["STA-002", "STA-002"]'}, 9, "one copy of a chara"),
        ({"main": '["STA-011", "STA-011a"]'}, 9, "a copy of STA-011"),
        ({"main": '[{ card = "STA-002", tired = true }]'}, 9, "unknown key 'tired'"),
        (
            {"actions": '["summon STA-005 main", "pay STA-001", "payy STA-003"]'},
            2,
            "unknown action 'payy'",
        ),
        ({"actions": '["summon STA-005"]'}, 2, "needs main or support"),
        ({"actions": '["summon XYZ-999 main"]'}, 2, "unknown card id XYZ-999"),
        ({"expect": '[[expect]]\nzone = "p1.mian"\ncount = 1\n'}, 14, "zone 'p1.mian'"),
        ({"expect": '[[expect]]\ncolour = "red"\n'}, 14, "unknown key 'colour'"),
        ({"expect": '[[expect]]\nafter = 9\ncount = 1\nzone = "p1.hand"\n'}, 14, "after"),
        ({"expect": '[[expect]]\nnote = "x"\n'}, 14, "nothing to check"),
    ],
)
def test_malformed_scenarios(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kwargs: dict[str, str], line: int, says: str
) -> None:
    path = write(tmp_path, **kwargs)
    status, out, err = check(path, capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert f"{path}:{line}:" in err
    assert says in err


def test_toml_syntax_error_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text('name = "t"\n[position]\nturn = = 3\n', encoding="utf-8")
    status, _, err = check(path, capsys)
    assert status == 2
    assert f"{path}:3: TOML syntax error" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[p1]\ndeck = 20\n", "missing table [p2]"),
        ("[p1]\nhand = []\n[p2]\ndeck = 20\n", "give the deck"),
        ('[p1]\ndeck = 20\nactions = ["pass"]\n[p2]\ndeck = 1\n', "put actions above"),
        (
            '[position]\nphase = "approach"\nstep = "w4"\n[p1]\ndeck = 1\n[p2]\ndeck = 1\n',
            "needs the approach chara",
        ),
        (
            '[position]\nturn = 1\nphase = "approach"\n[p1]\ndeck = 1\n[p2]\ndeck = 1\n',
            "first turn has no Approach Phase",
        ),
        (
            '[position]\nturn = 2\napproacher = "p1"\nfirst = "p1"\n[p1]\ndeck = 1\n'
            "[p2]\ndeck = 1\n",
            "the Approacher is p2",
        ),
        (
            '[p1]\ndeck = 1\npoints = ["STA-001","STA-001","STA-001","STA-001","STA-003",'
            '"STA-003","STA-003","STA-003"]\n[p2]\ndeck = 1\n',
            "8 point cards",
        ),
        (
            '[p1]\ndeck = 1\nmain = [{ card = "STA-002", supports = ["STA-016", "STA-016"] }]\n'
            "[p2]\ndeck = 1\n",
            "one copy of a support",
        ),
        ("bogus = 1\n[p1]\ndeck = 1\n[p2]\ndeck = 1\n", "unknown key 'bogus'"),
        ('ruleset = "chess"\n[p1]\ndeck = 1\n[p2]\ndeck = 1\n', "unknown ruleset"),
    ],
)
def test_impossible_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, says: str
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    status, _, err = check(path, capsys)
    assert status == 2, err
    assert err.count("\n") == 1, err
    assert says in err
    assert re.match(rf"pmtui: {re.escape(str(path))}(:\d+)?: ", err)


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = check(tmp_path / "nope.toml", capsys)
    assert status == 2
    assert "cannot read" in err


# -- failures: exit 1, a line for each ----------------------------------------


def test_illegal_action_stops_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path, actions='[\n  "summon STA-005 main",\n  "pay STA-001",\n  "done",\n  "pass",\n]'
    )
    status, out, _ = check(path, capsys)
    assert status == 1
    fails = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert fails == [
        f"FAIL {path}:5: done: the cost of STA-005@0 is not paid yet: provided cost 2 is "
        f"less than the usage cost 4 (p.11)"
    ]


def test_wrong_player_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, actions='["p2: pass"]')
    status, out, _ = check(path, capsys)
    assert status == 1
    assert "it is P1's decision" in out


def test_failed_expectations_each_get_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expect = (
        '[[expect]]\nzone = "p1.hand"\ncount = 2\n\n'
        '[[expect]]\ncard = "STA-002"\nap = 50\n\n'
        '[[expect]]\nwinner = "p1"\n\n'
        '[[expect]]\nlegal = ["approach STA-002"]\n\n'
        '[[expect]]\nillegal = ["summon STA-001 main"]\n\n'
        '[[expect]]\nillegal = ["summon STA-002 main"]\nreason_contains = "p.99"\n'
    )
    path = write(tmp_path, main='["STA-002"]', expect=expect)
    status, out, _ = check(path, capsys)
    assert status == 1
    fails = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert len(fails) == 6, out
    assert fails[0].startswith(f"FAIL {path}:14: expected 2 cards in p1.hand, there are 3")
    assert "expected STA-002@3 to have AP 50, it has 40" in fails[1]
    assert "expected winner p1, got none" in fails[2]
    assert "expected 'approach STA-002' to be legal" in fails[3] and "(p.13)" in fails[3]
    assert "to be illegal, but it is a choice now" in fails[4]
    assert "expected the reason to mention 'p.99'" in fails[5] and "(p.09)" in fails[5]


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        actions='["summon STA-003 main", "pass", "pass", "pass"]',
        expect='[[expect]]\nzone = "p1.main"\ncards = ["STA-003"]\n',
    )
    status, out, _ = check(path, capsys, "--json")
    assert status == 0
    data = json.loads(out)
    assert {"ok", "failures", "legal", "position"} <= set(data)
    assert data["ok"] is True and data["failures"] == []
    assert data["legal"] == ["pass"]
    assert data["applied"] == ["summon STA-003@2 main", "pass", "pass", "pass"]
    pos = data["position"]
    assert pos["turn"] == 3 and pos["approacher"] == "p1" and pos["to_act"] == "p2"
    assert pos["players"]["p1"]["main"][0]["card"] == "STA-003@2"
    assert pos["players"]["p1"]["main"][0]["ap"] == 20
    assert pos["players"]["p1"]["deck"] == 20


def test_json_output_on_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, expect='[[expect]]\nzone = "p1.hand"\ncount = 0\n')
    status, out, _ = check(path, capsys, "--json")
    assert status == 1
    data = json.loads(out)
    assert data["ok"] is False
    assert len(data["failures"]) == 1 and ":14: expected 0 cards" in data["failures"][0]


# -- the position in the game ----------------------------------------


def test_scenario_games_replay_and_undo(tmp_path: Path) -> None:
    """A scenario game is an ordinary log: it re-executes identically and undoes."""
    sc = load(write(tmp_path, actions='["summon STA-003 main", "pass", "pass"]'))
    result = run(sc)
    game = result.game
    again = Game.from_records(ruleset(), game.header, game.records[1:], verify=True)
    assert again.state.to_json() == game.state.to_json()
    game.undo(0)
    assert [game.state.cards[u].cid for u in game.state.zone("0/hand")] == [
        "STA-005",
        "STA-001",
        "STA-003",
    ]


def test_numbering_follows_the_file() -> None:
    sc = loads(
        '[p1]\nhand = ["STA-001"]\nmain = [{ card = "STA-002", supports = ["STA-016"], '
        'stack = ["STA-001"] }]\npoints = ["STA-003"]\ndeck = ["STA-004"]\n'
        '[p2]\nhand = ["TWC-001"]\ndeck = 2\n'
    )
    cards = sc.header["scenario"]["cards"]
    assert [(c[1], c[3]) for c in cards] == [
        ("STA-001", "0/hand"),
        ("STA-002", "0/main"),
        ("STA-016", "0/attached"),
        ("STA-001", "0/stack"),
        ("STA-003", "0/points"),
        ("STA-004", "0/deck"),
        ("TWC-001", "1/hand"),
        ("STA-006", "1/deck"),
        ("STA-006", "1/deck"),
    ]
    assert cards[1][4] == {"level": 2}
    assert cards[2][4] == {"host": 1} and cards[3][4] == {"under": 1}


# -- positions before the game, a left approach chara, shuffled / order kept, not,
# -- extra card files (docs/scenarios.md)


def _run(text: str) -> list[str]:
    sc = loads(text, name="t.toml")
    return run(sc).failures


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ('phase = "setup"\nstep = "choose"\n', "leave the hands empty"),
        ('phase = "setup"\nturn = 3\n', "not before the game starts"),
        ('phase = "setup"\nstep = "deal"\n', "not a step of game preparation"),
        ('phase = "main"\nchooser = "p1"\n', 'only before the game starts'),
        ('phase = "approach"\nstep = "w2"\napproach = "STA-002"\nleft_approach = "STA-001"\n',
         "not both"),
        ('phase = "approach"\nstep = "assign"\nleft_approach = "STA-001"\n',
         "only in a window"),
    ],
)
def test_bad_setup_and_left_approach_positions(position: str, says: str) -> None:
    main = "" if "setup" in position else 'main = ["STA-002"]\n'
    text = f'[position]\n{position}\n[p1]\nhand = ["STA-001"]\n{main}deck = 20\n' \
           '[p2]\ndeck = 20\n[[expect]]\nturn = 1\n'
    with pytest.raises(ScenarioError, match=says):
        loads(text, name="t.toml")


def test_setup_position_zones_p05() -> None:
    text = '[position]\nphase = "setup"\n[p1]\nmain = ["STA-002"]\ndeck = 20\n[p2]\ndeck = 20\n' \
           '[[expect]]\nturn = 1\n'
    with pytest.raises(ScenarioError, match="before the game starts the cards are in the deck"):
        loads(text, name="t.toml")


SHUFFLE = """
actions = ["event STA-015", "pay STA-001", "done", "pass", "pass", "pass"]
[position]
turn = 3
[p1]
hand = ["STA-015", "STA-001"]
deck = 20
[p2]
deck = 20
"""


def test_shuffled_and_order_kept_read_the_log() -> None:
    ok = SHUFFLE + '[[expect]]\nzone = "p1.deck"\nshuffled = true\norder_kept = false\n' \
        '[[expect]]\nzone = "p2.deck"\nshuffled = false\norder_kept = true\n' \
        '[[expect]]\nafter = 3\nzone = "p1.deck"\nshuffled = false\n'
    assert _run(ok) == []
    bad = SHUFFLE + '[[expect]]\nzone = "p1.deck"\nshuffled = false\norder_kept = true\n'
    fails = _run(bad)
    assert len(fails) == 2
    assert "expected p1.deck not to be shuffled since the start; it was shuffled 1" in fails[0]
    assert "expected the order of p1.deck to stay since the start; it changed" in fails[1]


def test_shuffled_needs_a_zone() -> None:
    with pytest.raises(ScenarioError, match="shuffled goes with a zone"):
        loads(SHUFFLE + "[[expect]]\nshuffled = true\n", name="t.toml")


def test_not_turns_an_expectation_around() -> None:
    # P1 drew one card with the event: the hand holds one card, so "not 0" holds
    assert _run(SHUFFLE + '[[expect]]\nzone = "p1.hand"\ncount = 0\nnot = true\n') == []
    assert _run(SHUFFLE + '[[expect]]\nzone = "p1.hand"\ncount = 1\n') == []


def test_not_fails_when_the_checks_hold() -> None:
    fails = _run(SHUFFLE + '[[expect]]\nzone = "p1.deck"\nshuffled = true\nnot = true\n'
                 'note = "why"\n')
    assert len(fails) == 1
    assert "expected not (zone = 'p1.deck', shuffled = True), but it holds (why)" in fails[0]
    with pytest.raises(ScenarioError, match="nothing to check"):
        loads(SHUFFLE + "[[expect]]\nnot = true\n", name="t.toml")


def test_card_files_are_loaded_relative_to_the_scenario(tmp_path: Path) -> None:
    (tmp_path / "extra.toml").write_text(
        (Path(__file__).parent / "scenarios" / "cards" / "test_only.toml").read_text("utf-8"),
        encoding="utf-8",
    )
    text = 'card_files = ["extra.toml"]\n[p1]\nhand = ["XTO-002"]\ndeck = 5\n[p2]\ndeck = 5\n' \
           '[[expect]]\nzone = "p1.hand"\ncards = ["XTO-002"]\n'
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    assert run(load(path)).ok
    with pytest.raises(ScenarioError, match="unknown card id XTO-002"):
        loads(text.replace('card_files = ["extra.toml"]\n', ""), name=str(path))
    path.write_text(text.replace("extra.toml", "missing.toml"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"s\.toml:1: card_files: .*missing\.toml"):
        load(path)
