"""A progress bar for long headless runs (`pmtui simulate`), on the terminal only."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(total: int, what: str, show: bool) -> Iterator[Callable[[int], None] | None]:
    """Yields `advance(n)` for a Rich bar on stderr, or None when `show` is false
    (machine output, a pipe): nothing is then printed at all."""
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (f"{what}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    # past the command's stderr, which writes every escape out (cli._Escaped, whose
    # `terminal` is the stream under it): the bar is drawn with escapes of its own and
    # holds no words from a file
    console = Console(file=getattr(sys.stderr, "terminal", sys.stderr))
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda n: bar.advance(task, n)
