"""`pmtui analyse`: a saved game's decisions weighed by the search's playouts, from the
seat's view, the same for a seed however it is spread, and never served stale."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest
from helpers import decks, rs
from test_ai import _midgame, _swap_hidden

from pmtui.cli import main
from pmtui.engine import view
from pmtui.engine.ruleset import Ruleset
from pmtui.engine.state import State
from pmtui.table import analysis, games
from pmtui.table.analysis import Analysis, Plan, Settings, analyse, chances, plan

GOLDEN = Path(__file__).parent.parent / "saves" / "pso" / "quick-heuristic-vs-random.jsonl"


def _short_save(tmp_path: Path, records: int = 120) -> Path:
    """The start of a golden game: an unfinished game with a few decisions of each seat."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines(keepends=True)[: records + 1]
    out = tmp_path / "short.jsonl"
    out.write_text("".join(lines), encoding="utf-8")
    return out


def test_the_analysis_is_the_same_for_a_seed_and_weighs_each_decision(tmp_path: Path) -> None:
    save = _short_save(tmp_path)
    a = analyse(save, Settings(0, "easy", 3), use_cache=False)
    b = analyse(save, Settings(0, "easy", 3), use_cache=False)
    assert a.to_json() == b.to_json()
    assert len(a.points) >= 3 and all(p.seat == 0 for p in a.points)
    for p in a.points:
        assert 0.0 <= p.after <= p.before <= 1.0 and p.best_chance == p.before
        assert p.weighed >= 2


def test_one_job_and_two_give_the_same_result(tmp_path: Path) -> None:
    save = _short_save(tmp_path)
    one = analyse(save, Settings(1, "easy", 5), jobs=1, use_cache=False)
    two = analyse(save, Settings(1, "easy", 5), jobs=2, use_cache=False)
    assert one.points and one.to_json() == two.to_json()


def test_the_opponents_hidden_cards_do_not_change_the_estimate() -> None:
    """Two positions that differ only in the opponent's hand and deck: the seat's view is
    the same, and so is every chance the analysis gives (docs/ai.md, "No cheating")."""
    game, me = _midgame(6)
    state = game.state
    changed = _swap_hidden(state, 1 - me)
    assert state.to_json() != changed.to_json()
    assert view(rs(), state, me) == view(rs(), changed, me)
    d1, d2 = rs().decision(state), rs().decision(changed)
    deck = list(decks()[me].part("main"))
    settings = Settings(me, "easy", 2)
    a = chances(rs(), state, d1, d1.texts[0], settings, deck, salt=7)
    b = chances(rs(), changed, d2, d2.texts[0], settings, deck, salt=7)
    assert len(a[0]) > 2 and a == b
    # from the true cards ("both", a finished game's) the swap tells: it is not the view
    known = Settings(None, "easy", 2)
    assert chances(rs(), state, d1, d1.texts[0], known, deck, salt=7) != \
        chances(rs(), changed, d2, d2.texts[0], known, deck, salt=7)


def test_the_kept_result_is_used_again_and_never_stale(tmp_path: Path) -> None:
    save = _short_save(tmp_path)
    settings = Settings(0, "easy", 1)
    first = plan(save, settings)
    assert isinstance(first, Plan)
    result = first.run()
    assert analysis.beside(save).exists()
    kept = plan(save, settings)
    assert isinstance(kept, Analysis) and kept.to_json() == result.to_json()
    # other settings: worked out again
    assert isinstance(plan(save, Settings(0, "easy", 2)), Plan)
    assert isinstance(plan(save, Settings(1, "easy", 1)), Plan)
    # a changed save: worked out again, on the new positions
    _short_save(tmp_path, records=100)
    again = plan(save, settings)
    assert isinstance(again, Plan) and again.key != result.digest
    assert max(again.steps) < 100


def test_the_kept_result_is_as_readable_as_the_save(tmp_path: Path) -> None:
    """Beside a save in a shared folder, a result others cannot read would be worked
    out again by each of them: it takes the mode the umask gives, as the save does."""
    old = os.umask(0o022)
    try:
        save = _short_save(tmp_path)
        where = analysis.keep(save, Analysis(Settings(0, "easy", 1), "d"))
    finally:
        os.umask(old)
    assert where == analysis.beside(save)
    assert stat.S_IMODE(where.stat().st_mode) == 0o644 == stat.S_IMODE(save.stat().st_mode)


def test_a_folder_that_cannot_be_written_keeps_the_result_in_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = _short_save(tmp_path)
    monkeypatch.setattr(analysis, "beside", lambda path: Path("/proc/no-such/x.json"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = analyse(save, Settings(0, "easy", 1))
    assert analysis.in_cache(save).exists()
    assert str(tmp_path / "cache") in str(analysis.in_cache(save))
    kept = plan(save, Settings(0, "easy", 1))
    assert isinstance(kept, Analysis) and kept.to_json() == result.to_json()


def test_turning_points_are_falls_of_15_points() -> None:
    def pt(step: int, before: float, after: float) -> analysis.Point:
        return analysis.Point(step, 0, 1, "main", "a", before, after, "b", before, 2)

    a = Analysis(Settings(0), "x", [pt(1, 0.6, 0.6), pt(2, 0.62, 0.5),  # 12: none
                                    pt(3, 0.5, 0.3),  # a fall of 20 at the decision
                                    pt(4, 0.1, 0.1)])  # 20 since the seat's previous one
    assert [p.step for p in a.turning_points()] == [3, 4]
    assert a.at(3).step == 3 and a.at(0) is None


def test_the_command_prints_json_without_a_bar_and_refuses_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = _short_save(tmp_path)
    assert main(["analyse", str(save), "--seat", "1", "--level", "easy", "--jobs", "1",
                 "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["settings"] == {"seat": 1, "level": "easy", "seed": 1, "version": 2}
    assert data["points"] and err == ""
    # as text, each option in words as the seat saw it when asked: no card ids
    assert main(["analyse", str(save), "--seat", "1", "--level", "easy", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == len(data["points"]) + 1 and err == ""
    assert not re.search(r"\b[A-Z]{3}-\d{3}@\d+", out)
    names = {d.name for d in games.ruleset("pso").cards.values()}
    for p, line in zip(data["points"], lines, strict=False):
        if "@" in p["played"]:
            assert any(n in line for n in names), line
    assert main(["analyse", str(save), "--seat", "both"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "finished game" in err
    assert main(["analyse", str(save), "--seat", "3"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "--seat" in err
    assert main(["analyse", str(tmp_path / "none.jsonl")]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err


# -- every game, through the strategy contract alone ---------------------------------------

SAVES = GOLDEN.parent.parent
# a finished game of each ruleset shipped (a new one fails the first test until it has
# one here: its analysis then runs in the tests below); the tests' own toy ruleset, which
# nothing under pmtui/ knows either, plays one at the start
GOLDEN_GAMES = {
    "precious_memories": SAVES / "starlit-vs-tidewater.jsonl",
    "pso": SAVES / "pso" / "standard-heuristic.jsonl",
    "sengoku_yugi": SAVES / "sengoku_yugi" / "standard-heuristic.jsonl",
    "clockwork_memorion": SAVES / "clockwork_memorion" / "heuristic-carnival-vs-vigil.jsonl",
}
EVERY_GAME = sorted([*GOLDEN_GAMES, "toy"])


@pytest.fixture(scope="module")
def toy_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("toy")
    assert main(["simulate", "--game", "toy", "--games", "1", "--seed", "1", "--p1",
                 "heuristic", "--p2", "heuristic", "--save-dir", str(folder), "--jobs", "1",
                 "--json"]) == 0
    return next(folder.glob("*.jsonl"))


def _save_of(game: str, request: pytest.FixtureRequest) -> Path:
    return request.getfixturevalue("toy_save") if game == "toy" else GOLDEN_GAMES[game]


def test_every_installed_game_is_among_those_analysed() -> None:
    from pmtui.table.registry import known

    assert set(known()) == set(EVERY_GAME)


def _opening(save: Path, tmp_path: Path, decisions: int) -> Path:
    """A save up to seat 2's `decisions`-th decision (an unfinished game)."""
    lines = save.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = [i for i, line in enumerate(lines)
           if '"type":"decision"' in line and '"player":1,' in line][decisions]
    out = tmp_path / "opening.jsonl"
    out.write_text("".join(lines[:cut]), encoding="utf-8")
    return out


@pytest.mark.parametrize("game", EVERY_GAME)
def test_every_game_is_analysed_the_same_for_a_seed_with_one_job_or_two(
        game: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    save = _opening(_save_of(game, request), tmp_path, 3)  # a few positions: a test of a second
    one = analyse(save, Settings(1, "easy", 4), jobs=1, use_cache=False)
    two = analyse(save, Settings(1, "easy", 4), jobs=2, use_cache=False)
    assert len(one.points) >= 2 and one.to_json() == two.to_json()
    assert all(p.seat == 1 and 0.0 <= p.after <= p.before <= 1.0 for p in one.points)


def _hidden_swap(save: Path, nth: int | None, deck: list[str]
                 ) -> tuple[Ruleset, State, State]:
    """(the ruleset, the position at `step`, the same with two of the opponent's cards in
    different places exchanged, unseen by seat 1, such that the chances played out from
    the true cards change: a card that matters, not two deep in a deck) at seat 1's
    `nth` decision. `nth` None:
    seat 1's first decision with three options past its tenth, any unseen exchange."""
    from pmtui.engine.journal import read_journal
    from pmtui.engine.replay import ReplayCursor

    loaded = read_journal(save)
    rules = ruleset_of(loaded.header)
    body = [r for r in loaded.records if r.get("type") != "header"]
    cursor = ReplayCursor(loaded.header, body)
    mine = analysis.positions(body, 0)
    steps = [mine[nth]] if nth is not None else mine[10:]
    known = Settings(None, "easy", 2)
    for at in steps:
        state = cursor.state_at(at).copy()
        decision = rules.decision(state)
        if decision is None or decision.player != 0 or len(decision.options) < 3:
            continue
        seen = view(rules, state, 0)
        truth = chances(rules, state, decision, decision.texts[0], known, deck, salt=3)
        zones = [z for z, uids in state.zones.items()
                 if uids and state.cards[uids[0]].owner == 1]
        for za, zb in ((za, zb) for za in zones for zb in zones if za != zb):
            for a, b in ((a, b) for a in state.zones[za][:2] for b in state.zones[zb][:3]):
                if state.cards[a].cid == state.cards[b].cid:
                    continue
                changed = state.copy()
                ca, cb = changed.cards[a], changed.cards[b]
                ca.cid, cb.cid = cb.cid, ca.cid
                if view(rules, changed, 0) != seen:
                    continue
                if nth is None or chances(rules, changed, rules.decision(changed),
                                           decision.texts[0], known, deck, salt=3) != truth:
                    return rules, state, changed
    raise AssertionError(f"{save}: no unseen exchange of the opponent's cards that matters")


# the step of a decision of seat 1 where an exchange the seat cannot see changes the
# true-card playouts (found by trying); PSO's playouts end with the seat's own turn
# (its `search_turns` is 1), so none there changes them: any unseen exchange is taken
# which of seat 1's decisions (its index among them: record steps move when a game's
# events change, decisions do not) has an unseen exchange that matters; PSO: none needed
HIDDEN_AT = {"precious_memories": 45, "sengoku_yugi": 6, "clockwork_memorion": 15,
             "toy": 11, "pso": None}


@pytest.mark.parametrize("game", EVERY_GAME)
def test_every_games_analysis_is_the_same_when_the_opponents_hidden_cards_differ(
        game: str, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    monkeypatch.setitem(analysis.LEVEL_ROUNDS, "easy", 2)
    save = _save_of(game, request)
    header = json.loads(save.read_text(encoding="utf-8").split("\n", 1)[0])
    deck = list(header["decks"][0][ruleset_of(header).deck_parts[0]])
    rules, state, changed = _hidden_swap(save, HIDDEN_AT[game], deck)
    d1, d2 = rules.decision(state), rules.decision(changed)
    assert d1 is not None and d2 is not None and d1.texts == d2.texts
    settings = Settings(0, "easy", 2)  # from seat 1's view: the exchange does not show
    a = chances(rules, state, d1, d1.texts[0], settings, deck, salt=3)
    b = chances(rules, changed, d2, d2.texts[0], settings, deck, salt=3)
    assert len(a[0]) >= 3 and a == b


def ruleset_of(header: dict) -> Ruleset:
    from pmtui.table.games import ruleset
    from pmtui.table.registry import header_ruleset

    return ruleset(header_ruleset(header))


# -- the strategy's calibration map (pmtui/engine/calibration.py) ------------------------


def _chances(save: Path, raw: bool = False) -> list[tuple[int, str, float, float]]:
    from pmtui.engine.journal import read_journal

    loaded = read_journal(save)
    body = [r for r in loaded.records if r.get("type") != "header"]
    settings = Settings(0, "easy", 2)
    steps = analysis.positions(body, 0)[:4]  # a few positions: a test of a second
    got = analysis.analyse_steps(loaded.header, body, steps, settings, raw=raw)
    return [(p.step, p.best, p.before, p.after) for p in got if p is not None]


@pytest.fixture(scope="module")
def pm_raw() -> list[tuple[int, str, float, float]]:
    """Precious Memories' chances around the middle, where a map bites; without the map."""
    return _chances(GOLDEN_GAMES["precious_memories"], raw=True)


def test_a_strategys_calibration_map_moves_every_chance_and_keeps_their_order(
        pm_raw: list[tuple[int, str, float, float]], monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.engine.calibration import calibrated
    from rulesets.precious_memories.strategy import Strategy

    save, raw = GOLDEN_GAMES["precious_memories"], pm_raw
    monkeypatch.setattr(Strategy, "chance_calibration", (2.0, 0.5), raising=False)
    mapped = _chances(save)
    assert [(s, b) for s, b, _, _ in mapped] == [(s, b) for s, b, _, _ in raw]  # same best
    pairs = [(r, m) for (*_, rb, ra), (*_, mb, ma) in zip(raw, mapped, strict=True)
             for r, m in ((rb, mb), (ra, ma))]
    assert any(abs(r - m) > 0.05 for r, m in pairs)  # the map changed what is reported
    for r, m in pairs:
        assert m == pytest.approx(calibrated(r, (2.0, 0.5)))
    for r1, m1 in pairs:  # the order of the chances is kept
        assert all(m1 <= m2 for r2, m2 in pairs if r1 < r2)


def test_without_a_map_or_with_1_0_the_chances_are_the_playouts_own(
        pm_raw: list[tuple[int, str, float, float]], monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesets.precious_memories.strategy import Strategy

    save, raw = GOLDEN_GAMES["precious_memories"], pm_raw
    monkeypatch.delattr(Strategy, "chance_calibration", raising=False)
    assert _chances(save) == raw  # a strategy with no map (the toy's, a new game's)
    monkeypatch.setattr(Strategy, "chance_calibration", (1.0, 0.0), raising=False)
    assert _chances(save) == raw
