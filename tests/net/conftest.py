"""Every test here is bounded: a test still running after WATCHDOG seconds dumps every
thread's stack and ends its process (a hang must never hold up a test run). A long run
asked for on purpose (the fuzz at its full volume, tests/net/test_fuzz.py) sets
PMTUI_TEST_WATCHDOG."""

from __future__ import annotations

import faulthandler
import os
import sys
from collections.abc import Iterator

import pytest

WATCHDOG = int(os.environ.get("PMTUI_TEST_WATCHDOG", "150"))


@pytest.fixture(autouse=True)
def _watchdog() -> Iterator[None]:
    faulthandler.dump_traceback_later(WATCHDOG, exit=True, file=sys.__stderr__)
    yield
    faulthandler.cancel_dump_traceback_later()
