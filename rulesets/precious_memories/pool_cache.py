"""A cache of the parsed and checked built-in card pool (`Tables`).

Parsing and checking the card files costs `pmtui` some 25 ms before its first
frame, and they rarely change, so the result is pickled in the user cache dir
(platformdirs; `PMTUI_CACHE_DIR` moves it, `PMTUI_NO_CACHE=1` turns it off). A
pickle runs code when loaded: the file is trusted as the user's own cache dir is,
like Python's own `__pycache__`.

It is keyed by a SHA-256 of everything the result depends on: every built-in
card file (name and bytes), ruleset.toml, the source of the modules that build
`Tables`, and the Python version. Any change is a miss, and a miss loads and
checks the files as before, so a broken card file still fails with its
one-line `CardError`; a failure is never cached. An unreadable, corrupt or
unwritable cache is a miss too, never an error.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from pmtui.engine import bounded, tomlfile
from pmtui.engine import pool as engine_pool

from . import cards

FORMAT = b"pmtui card-pool cache 1"
FILE = "card-pool.pickle"
# the modules whose code decides what `Tables.load` builds
SOURCES = ("cards.py", "effect_model.py", "tables.py", "pool_cache.py")

T = TypeVar("T")


def cache_dir() -> Path | None:
    """Where the cache lives; None when it is turned off."""
    if os.environ.get("PMTUI_NO_CACHE"):
        return None
    explicit = os.environ.get("PMTUI_CACHE_DIR")
    if explicit:
        return Path(explicit)
    import platformdirs

    return platformdirs.user_cache_path("pmtui", appauthor=False)


def key() -> str:
    """The hash of every input of the built-in pool (OSError if one cannot be read)."""
    h = hashlib.sha256(FORMAT)
    h.update(sys.version.encode())
    here = Path(__file__).parent
    for name in SOURCES:
        _feed(h, name, (here / name).read_bytes())
    # the pool class's fields and slots and the file reading come from the engine
    for module in (engine_pool, tomlfile, bounded):
        _feed(h, module.__name__, Path(str(module.__file__)).read_bytes())
    _feed(h, "ruleset.toml", files(__package__).joinpath("ruleset.toml").read_bytes())
    for label, src in cards.builtin_sources():
        _feed(h, label, src.read_bytes())
    return h.hexdigest()


def _feed(h: Any, name: str, data: bytes) -> None:
    # lengths first, so no two different inputs give the same byte stream
    h.update(f"\0{len(name)}:{name}{len(data)}:".encode())
    h.update(data)


def cached(build: Callable[[], T], kind: type[T]) -> T:
    """`build()`, or the result of an earlier `build()` on the same inputs."""
    folder = cache_dir()
    if folder is None:
        return build()
    try:
        k = key()
    except OSError:  # e.g. a card file that cannot be read: build() reports it
        return build()
    path = folder / FILE
    try:
        with path.open("rb") as f:
            stored_key, value = pickle.load(f)
        if stored_key == k and isinstance(value, kind):
            return value
    except Exception:  # noqa: BLE001 - missing, corrupt or from other code: a miss
        pass
    value = build()  # raises CardError on a bad file, before anything is written
    _store(folder, path, (k, value))
    return value


def _store(folder: Path, path: Path, entry: object) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".card-pool-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(entry, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)  # atomic: a concurrent reader sees old or new, whole
        except BaseException:
            os.unlink(tmp)
            raise
    except Exception:  # noqa: BLE001 - read-only or full disk: run without a cache
        pass
