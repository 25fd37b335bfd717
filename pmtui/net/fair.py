"""Sharing the server's one event loop between sessions (docs/ssh.md, "Fair shares").

Every session's Textual app runs in the server's single event loop, so what one
session's keys cost (the screens they open, the frames they draw) is time no other
session is served. A byte cap alone did not bound it: eight sessions of one key,
each within 4 KB/s of random bytes, kept the loop busy and another player's key
waited half a second to a second. So:

- `Account`: the loop time spent on behalf of one key's sessions. Each session's
  task runs in a context holding its key's account, and every callback scheduled
  from that context (its app's tasks, timers, refreshes) is timed and charged to it
  (`meter`: the loop's `call_soon` and `call_at`, so no callback escapes). The time
  is the clock's, not the processor's: while a callback runs, preempted or not, no
  other session's does (on a busy machine the server got a quarter of a core, and
  a share of processor time was then the whole of the loop).
- While other keys are being served too (they used more than `ACTIVE` seconds
  lately), a key may use `WORK_SHARE` of the loop over time (a tenth) and
  `WORK_BURST` seconds at once: its account has an allowance that refills at that
  rate up to that bound, and its input waits while the allowance is spent. A key
  alone on the server is not held back (nobody waits for it). A player's ordinary
  keys use far less than a tenth: a cursor key at a table is a few milliseconds.
- `Scheduler`: one per server; sessions with input waiting take turns. Each turn
  goes to the waiting session whose key has spent the least time lately, and gives
  its app one key, once it has taken the last (pmtui/net/driver.py); a key whose
  allowance is spent waits until it has refilled. So a player's key is fed before
  any more of a flood's, and a flood has no queue of keys ahead of it.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol

WORK_SHARE = 0.1  # seconds of loop time a key's sessions may use per second, sustained
WORK_BURST = 0.5  # ... and at once
ACTIVE = 0.02  # seconds used lately by the other keys: they are being served
RECENT = 2.0  # seconds over which "spent lately" decays to a third

ACCOUNT: contextvars.ContextVar[Account | None] = contextvars.ContextVar(
    "pmtui_account", default=None)


class Account:
    """Loop time spent for one key: in all, lately (decaying), and what is left to spend."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.spent = 0.0  # seconds, in all
        self._recent = 0.0  # seconds, decaying with RECENT
        self._allowance = WORK_BURST
        self._last = clock()
        self.contended = False  # other keys are being served (the scheduler says)

    def charge(self, seconds: float) -> None:
        self._refill()
        self.spent += seconds
        self._recent += seconds
        # overdrawn by at most a burst: a key that was alone waits no longer than
        # WORK_BURST / WORK_SHARE once others come
        self._allowance = max(-WORK_BURST, self._allowance - seconds)

    def _refill(self) -> None:
        now = self.clock()
        elapsed = now - self._last
        if elapsed > 0:
            self._last = now
            self._allowance = min(WORK_BURST, self._allowance + elapsed * WORK_SHARE)
            self._recent *= math.exp(-elapsed / RECENT)

    def recent(self) -> float:
        """Seconds spent lately: who has had least goes first."""
        self._refill()
        return self._recent

    def wait(self) -> float:
        """Seconds until the account may spend again (0: now)."""
        self._refill()
        if not self.contended or self._allowance > 0:
            return 0.0
        return -self._allowance / WORK_SHARE + 0.001


def _metered(account: Account, callback: Callable[..., object], *args: Any) -> None:
    start = time.perf_counter()
    try:
        callback(*args)
    finally:
        account.charge(time.perf_counter() - start)


def meter(loop: asyncio.AbstractEventLoop) -> Callable[[], None]:
    """Charge every callback `loop` runs to the account of the context it was scheduled
    in (none: not charged). Returns the function that puts the loop back as it was.

    The loop's own `call_soon` and `call_at` (which `call_later` and every task step go
    through) are wrapped on this loop object only."""
    call_soon, call_at = loop.call_soon, loop.call_at

    def account_of(context: contextvars.Context | None) -> Account | None:
        return ACCOUNT.get() if context is None else context.get(ACCOUNT)

    def metered_call_soon(callback: Callable[..., object], *args: Any,
                          context: contextvars.Context | None = None) -> asyncio.Handle:
        account = account_of(context)
        if account is None:
            return call_soon(callback, *args, context=context)
        return call_soon(_metered, account, callback, *args, context=context)

    def metered_call_at(when: float, callback: Callable[..., object], *args: Any,
                        context: contextvars.Context | None = None) -> asyncio.TimerHandle:
        account = account_of(context)
        if account is None:
            return call_at(when, callback, *args, context=context)
        return call_at(when, _metered, account, callback, *args, context=context)

    loop.call_soon = metered_call_soon  # type: ignore[method-assign]
    loop.call_at = metered_call_at  # type: ignore[method-assign]

    def unmeter() -> None:
        for name in ("call_soon", "call_at"):
            vars(loop).pop(name, None)

    return unmeter


class Waiting(Protocol):
    """A session's terminal with input waiting, as the scheduler sees it."""

    account: Account

    def ready_in(self) -> float | None:
        """Seconds until it can take a turn (0: now); None: nothing waits any more."""

    def turn(self) -> None:
        """Give its app its next key."""


class Scheduler:
    """Turns at feeding input, one at a time, among the sessions with input waiting."""

    def __init__(self) -> None:
        self.accounts: weakref.WeakSet[Account] = weakref.WeakSet()  # while in use
        self._waiting: dict[Waiting, int] = {}  # -> when it last had a turn (a count)
        self._turns = 0
        self._handle: asyncio.Handle | asyncio.TimerHandle | None = None
        self._at = math.inf  # when the handle runs (loop time)

    def account(self) -> Account:
        """A new account, counted among those that may contend."""
        account = Account()
        self.accounts.add(account)
        return account

    def wake(self, who: Waiting) -> None:
        """`who` has input waiting."""
        self._waiting.setdefault(who, -1)
        self._run_in(0.0)

    def _run_in(self, delay: float) -> None:
        loop = asyncio.get_running_loop()
        at = loop.time() + delay
        if self._handle is not None:
            if self._at <= at:
                return
            self._handle.cancel()
        self._at = at
        # in the server's own context: the scheduler's time is nobody's charge
        if delay <= 0:
            self._handle = loop.call_soon(self._run, context=_SERVER_CONTEXT)
        else:
            self._handle = loop.call_later(delay, self._run, context=_SERVER_CONTEXT)

    def _run(self) -> None:
        self._handle, self._at = None, math.inf
        used = {a: a.recent() for a in self.accounts}
        total = sum(used.values())
        ready: list[Waiting] = []
        later = math.inf
        for who in list(self._waiting):
            own = used.get(who.account, who.account.recent())
            who.account.contended = total - own > ACTIVE
            wait = who.ready_in()
            if wait is None:
                del self._waiting[who]
            elif wait <= 0:
                ready.append(who)
            else:
                later = min(later, wait)
        if ready:
            # least time spent lately first; among equals, the longest without a turn
            best = min(ready, key=lambda w: (w.account.recent(), self._waiting[w]))
            self._turns += 1
            self._waiting[best] = self._turns
            best.turn()
            # one turn per pass of the loop: the apps run in between
            self._run_in(0.0)
        elif later < math.inf:
            self._run_in(later)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._waiting.clear()


_SERVER_CONTEXT = contextvars.Context()  # no account in it
