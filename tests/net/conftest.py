"""Every test here is bounded: a test still running after WATCHDOG seconds dumps every
thread's stack and ends its process (a hang must never hold up a test run)."""

from __future__ import annotations

import faulthandler
import sys
from collections.abc import Iterator

import pytest

WATCHDOG = 150


@pytest.fixture(autouse=True)
def _watchdog() -> Iterator[None]:
    faulthandler.dump_traceback_later(WATCHDOG, exit=True, file=sys.__stderr__)
    yield
    faulthandler.cancel_dump_traceback_later()
