"""`pmtui analyse`: a saved game's decisions weighed by the search's playouts, from the
seat's view, the same for a seed however it is spread, and never served stale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import decks, rs
from test_ai import _midgame, _swap_hidden

from pmtui.cli import main
from pmtui.engine import view
from pmtui.table import analysis
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
    assert data["settings"] == {"seat": 1, "level": "easy", "seed": 1, "version": 1}
    assert data["points"] and err == ""
    assert main(["analyse", str(save), "--seat", "both"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "finished game" in err
    assert main(["analyse", str(save), "--seat", "3"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "--seat" in err
    assert main(["analyse", str(tmp_path / "none.jsonl")]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err
