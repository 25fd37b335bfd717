"""`pmtui simulate --jobs N` and `--cluster ADDRESS`: the same games, wherever they are played."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pmtui import cli
from pmtui.progress import progress_bar
from pmtui.table.simulate import batch_size, plan, play_batch

TIMING = ("seconds", "games_per_s", "decisions_per_s")
GAMES = ["simulate", "--games", "12", "--seed", "5", "--json"]


def run(capsys: Any, *args: str) -> tuple[dict[str, Any], str]:
    assert cli.main([*GAMES, *args]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    return {k: v for k, v in data.items() if k not in TIMING}, err


@pytest.fixture(scope="module")
def one_job() -> str:
    """`--jobs 1` as JSON text with the timings taken out."""
    from pmtui.table.simulate import simulate

    # the same deck rotation the command uses
    parser_args = cli.build_parser().parse_args(GAMES)
    data = simulate(12, 5, cli._decks_for(parser_args), jobs=1).to_json()
    return json.dumps({k: v for k, v in data.items() if k not in TIMING})


def test_two_processes_give_the_same_summary_as_one(capsys: Any, one_job: str) -> None:
    data, err = run(capsys, "--jobs", "2")
    assert json.dumps(data) == one_job
    assert data["games"] == 12 and data["decisions"] > 0
    assert err == ""  # --json: no progress bar


def test_batches_do_not_change_any_game() -> None:
    def pairs(i: int) -> tuple[Any, Any]:
        parser_args = cli.build_parser().parse_args(GAMES)
        return cli._decks_for(parser_args)(i)

    whole = plan(6, 9, pairs, size=6)
    cut = plan(6, 9, pairs, size=4)
    assert [len(b.seeds) for b in cut] == [4, 2] and cut[1].first == 4
    assert [r for b in whole for r in play_batch(b)] == [r for b in cut for r in play_batch(b)]
    assert batch_size(1000, 2) == 25 and batch_size(10, 2) == 1


def test_saves_from_two_processes_are_the_ones_one_process_writes(
    tmp_path: Path, capsys: Any
) -> None:
    for jobs in ("1", "2"):
        run(capsys, "--jobs", jobs, "--save-dir", str(tmp_path / jobs))
    one = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert len(one) == 12
    assert one == sorted(p.name for p in (tmp_path / "2").iterdir())
    for name in one:
        assert (tmp_path / "1" / name).read_bytes() == (tmp_path / "2" / name).read_bytes()


def test_bad_spreads_are_one_line_errors(capsys: Any, tmp_path: Path) -> None:
    assert cli.main([*GAMES, "--jobs", "0"]) == 2
    assert capsys.readouterr().err == "pmtui: --jobs must be at least 1\n"
    assert cli.main([*GAMES, "--cluster", "tcp://127.0.0.1:1", "--save-dir", str(tmp_path)]) == 2
    assert "cannot be used with --cluster" in capsys.readouterr().err


def test_the_progress_bar_shows_on_a_terminal_only(capsys: Any, monkeypatch: Any) -> None:
    with progress_bar(10, "games", False) as advance:
        assert advance is None
    monkeypatch.setenv("FORCE_COLOR", "1")  # Rich draws as on a terminal
    monkeypatch.setenv("TERM", "xterm")
    with progress_bar(10, "games", True) as advance:
        assert advance is not None
        advance(4)
        advance(6)
    err = capsys.readouterr().err
    assert "games" in err and "10/10" in err
    # the command asks for it only when both streams are a terminal and not --json
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert cli.main(["simulate", "--games", "2", "--jobs", "1"]) == 0
    assert capsys.readouterr().err == ""


def test_a_local_dask_cluster_gives_the_same_summary(capsys: Any, one_job: str) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        data, err = run(capsys, "--cluster", cluster.scheduler_address)
    assert json.dumps(data) == one_job
    assert err == ""


def test_an_unreachable_cluster_is_a_one_line_error(capsys: Any, monkeypatch: Any) -> None:
    pytest.importorskip("distributed")
    import pmtui.cluster

    monkeypatch.setattr(pmtui.cluster, "CONNECT_TIMEOUT", "0.5s")
    assert cli.main([*GAMES, "--cluster", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    assert err.count("\n") == 1


def test_an_interrupted_run_drops_the_batches_not_started(tmp_path: Path) -> None:
    from pmtui.table.simulate import run_batches

    def pairs(i: int) -> tuple[Any, Any]:
        return cli._decks_for(cli.build_parser().parse_args(GAMES))(i)

    batches = plan(200, 3, pairs, save_dir=tmp_path, size=1)

    def interrupt(_n: int) -> None:
        raise KeyboardInterrupt  # as Ctrl-C does, once the first batch is back

    with pytest.raises(KeyboardInterrupt):
        run_batches(batches, jobs=2, done=interrupt)
    played = len(list(tmp_path.iterdir()))
    assert 1 <= played < 200  # the rest was cancelled, not played out
