"""No traceback reaches the player: key actions and event handlers report an
unexpected exception as a one-line notice and the game goes on, and a screen
dismisses itself only once.

(Textual would otherwise stop the screen's message loop and end the app.)
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from textual.await_complete import AwaitComplete

T = TypeVar("T", bound=type)


def _notify(self: Any, exc: Exception) -> None:
    app = getattr(self, "app", self)
    if not getattr(app, "catch_errors", True):
        raise exc
    app.notify(f"internal error: {type(exc).__name__}: {exc}"[:200], severity="error",
               timeout=10)


def _wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def run_async(self: Any, *args: Any, **kw: Any) -> Any:
            try:
                return await fn(self, *args, **kw)
            except Exception as exc:  # noqa: BLE001 - reported, never raised at the player
                _notify(self, exc)
                return None

        return run_async

    @functools.wraps(fn)
    def run(self: Any, *args: Any, **kw: Any) -> Any:
        try:
            return fn(self, *args, **kw)
        except Exception as exc:  # noqa: BLE001
            _notify(self, exc)
            return None

    return run


def guarded(cls: T) -> T:
    """Wrap every `action_*` and `on_*` method defined on the class."""
    for name, value in list(vars(cls).items()):
        if callable(value) and (name.startswith("action_") or name.startswith("on_")):
            setattr(cls, name, _wrap(value))
    return cls


class DismissOnce:
    """Mixin for a Screen: it dismisses itself only while it is the screen on top.

    Keys read in one go are queued before the screen they close has gone: two enters
    on a menu chose twice (its callback ran twice) and the second dismiss popped the
    screen under it, the app's last one, which ended the session (`ScreenStackError:
    Can't pop screen`). A screen no longer on top ignores the keys still queued for it.
    """

    def dismiss(self, result: Any = None) -> AwaitComplete:
        app = getattr(self, "app", None)
        if app is None or not app.screen_stack or app.screen_stack[-1] is not self:
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]
