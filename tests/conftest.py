"""Suite-wide setup: the card-pool cache (rulesets/precious_memories/pool_cache.py) goes
to a temporary folder, never the user's cache dir; commands run as subprocesses inherit it."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_made: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    # The tests-only toy ruleset (tests/toy) joins the installed ones for this process;
    # subprocesses find it through tests/plugins (see tests/toy/__init__.py).
    from toy.ruleset import make_ruleset

    from pmtui.table.registry import register

    register("toy", make_ruleset)
    _quicker_idle_wait()
    if "PMTUI_CACHE_DIR" not in os.environ:
        _made.append(tempfile.mkdtemp(prefix="pmtui-test-cache-"))
        os.environ["PMTUI_CACHE_DIR"] = _made[-1]


def _quicker_idle_wait() -> None:
    """Textual's test pilot waits, after every key press and pause, until the app is idle:
    it sleeps in steps of 20 ms until one step took under 1 ms of CPU (textual._wait).
    Whole games played by keys press thousands of keys, so most of their time was those
    steps. Steps of 4 ms with the same ratio (0.2 ms of CPU) make the same test of
    idleness, five times as often."""
    import textual._wait as idle

    idle.SLEEP_GRANULARITY = 0.004
    idle.SLEEP_IDLE = idle.SLEEP_GRANULARITY / 20


def pytest_unconfigure(config: pytest.Config) -> None:
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)
