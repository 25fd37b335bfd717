"""Suite-wide setup: the card-pool cache (rulesets/precious_memories/pool_cache.py) goes
to a temporary folder, never the user's cache dir; commands run as subprocesses inherit it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

_made: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    # The tests-only toy ruleset (tests/toy) joins the installed ones for this process;
    # subprocesses find it through tests/plugins (see tests/toy/__init__.py).
    from toy.ruleset import make_ruleset

    from pmtui.table.registry import register

    register("toy", make_ruleset)
    _quicker_idle()
    if "PMTUI_CACHE_DIR" not in os.environ:
        _made.append(tempfile.mkdtemp(prefix="pmtui-test-cache-"))
        os.environ["PMTUI_CACHE_DIR"] = _made[-1]


def pytest_unconfigure(config: pytest.Config) -> None:
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)


def _quicker_idle() -> None:
    """Pilot waits for "idle" after every key by sleeping 20 ms slices until the process
    spends almost no CPU in one; the suite's tests press thousands of keys, so most of
    their time was that sleep. The same test with 4 ms slices (and the idle mark scaled
    with them) still waits for every message queue (`Pilot._wait_for_screen`) before it
    goes on; only the guess "nothing is running" is made sooner."""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = 1 / 250
    wait.SLEEP_IDLE = wait.SLEEP_GRANULARITY / 20.0



def _kept_results() -> set[str]:
    saves = Path(__file__).resolve().parents[1] / "saves"
    return {p.relative_to(saves.parent).as_posix() for p in saves.rglob("*.analysis.json")}


_KEPT_AT_START = _kept_results()  # the shipped ones (the viewer shows them at once)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """No test writes into the source tree: the analysis keeps its result beside the save
    it read, so a test that opens a shipped save by keys must open a copy."""
    if hasattr(session.config, "workerinput"):  # a pytest-xdist worker: the controller checks
        return
    stray = sorted(_kept_results() - _KEPT_AT_START)
    if stray:
        print(f"\ntests wrote into the source tree: {', '.join(stray)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
