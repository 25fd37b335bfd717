"""Writing small files (the SSH server's, the table's settings, own decks) so that a crash
leaves the old one or the new one."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def write_atomically(path: Path, data: bytes, mode: int = 0o600,
                     check: Callable[[Path], None] | None = None) -> None:
    """`data` to `path`: written to a temporary file beside it, fsynced, then renamed
    over it (OSError if any step fails). `check` reads the temporary file first and
    raises to keep the old file (the temporary one is removed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    if check is not None:
        try:
            check(tmp)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    os.replace(tmp, path)
