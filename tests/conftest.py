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
    if "PMTUI_CACHE_DIR" not in os.environ:
        _made.append(tempfile.mkdtemp(prefix="pmtui-test-cache-"))
        os.environ["PMTUI_CACHE_DIR"] = _made[-1]


def pytest_unconfigure(config: pytest.Config) -> None:
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)
