"""Player names belong to keys: the first key that signs in under a name keeps it.

Before, any authorized key could sign in under any name (`ssh -i alice_key bob@host`)
and open tables as "bob". Now a name is bound to one key: the key named for it in the
authorized-keys file (`environment="PMTUI_NAME=bob"` before the key), or else the key
that first used it. The bindings are kept in `<data dir>/names.json`, written
atomically; an admin frees a name by removing its entry (docs/ssh.md), which the
server notices at the next sign-in.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pmtui.engine import bounded
from pmtui.table.files import write_atomically

log = logging.getLogger("pmtui.net")

NAMES_FILE = "names.json"
NAMES_FORMAT = "pmtui-names/1"
NAME_OPTION = "PMTUI_NAME"  # environment="PMTUI_NAME=<name>" in authorized_keys
MAX_NAMES_PER_KEY = 4  # one key cannot take every name on the server


class NamesError(ValueError):
    """The names file cannot be read (one line): the server does not start without it."""


class NameLimit(ValueError):
    """A key that holds as many names as it may (one line)."""


class NameBook:
    """Which key each player name belongs to."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / NAMES_FILE
        self._names: dict[str, dict[str, str]] = {}
        self._text: bytes | None = None
        self._reload(strict=True)

    def _reload(self, strict: bool = False) -> None:
        """Read the file again if it changed (an admin freed a name)."""
        try:
            data, problem = bounded.read_bytes(self.path)
            if problem:
                raise OSError(problem)
        except FileNotFoundError:
            data = b""
        except OSError as exc:
            if strict:
                raise NamesError(f"{self.path}: {exc.strerror or exc}") from None
            log.warning("%s: %s (keeping the names read before)", self.path, exc)
            return
        if data == self._text:
            return
        try:
            self._names = _parse(data)
        except (ValueError, TypeError) as exc:
            if strict:
                raise NamesError(f"{self.path}: {exc}") from None
            log.warning("%s: %s (keeping the names read before)", self.path, exc)
            return
        self._text = data

    def held_by_others(self, key: str) -> list[str]:
        """The names bound to keys other than `key`."""
        self._reload()
        return [n for n, e in self._names.items() if e.get("key") != key]

    def owner(self, name: str) -> str | None:
        """The fingerprint of the key `name` belongs to (None: nobody's yet)."""
        self._reload()
        entry = self._names.get(name)
        return entry.get("key") if entry else None

    def claim(self, name: str, key: str) -> bool:
        """Bind `name` to `key` if it is free; True when the name is (now) this key's.

        Raises NameLimit when the key holds MAX_NAMES_PER_KEY names already, and
        OSError when a new binding cannot be saved (the sign-in is refused rather
        than handing out a name that a restart would forget).
        """
        owner = self.owner(name)
        if owner is not None:
            return owner == key
        if sum(1 for e in self._names.values() if e.get("key") == key) >= MAX_NAMES_PER_KEY:
            raise NameLimit(f"this key already has {MAX_NAMES_PER_KEY} names; "
                            "sign in under one of them")
        self._names[name] = {"key": key, "since": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                time.gmtime())}
        data = json.dumps({"format": NAMES_FORMAT, "names": self._names}, indent=1,
                          sort_keys=True).encode() + b"\n"
        try:
            write_atomically(self.path, data)
        except OSError:
            del self._names[name]
            raise
        self._text = data
        log.info("the name %s now belongs to key %s", name, key)
        return True


def _parse(data: bytes) -> dict[str, dict[str, str]]:
    if not data.strip():
        return {}
    doc, problem = bounded.parse_json(data)
    if problem:
        raise ValueError(problem)
    if not isinstance(doc, dict) or doc.get("format") != NAMES_FORMAT:
        raise ValueError(f"not a names file of this server (format {NAMES_FORMAT!r})")
    names = doc.get("names")
    if not isinstance(names, dict):
        raise ValueError('"names" must be an object')
    out: dict[str, dict[str, str]] = {}
    for name, entry in names.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
            raise ValueError(f"the entry for {name!r} has no key")
        out[str(name)] = {str(k): str(v) for k, v in entry.items()}
    return out


def named_in_options(options: Mapping[str, Any] | None) -> str | None:
    """The name an authorized-keys line gives its key (environment="PMTUI_NAME=...")."""
    if not options:
        return None
    env = options.get("environment")
    if isinstance(env, Mapping):
        name = env.get(NAME_OPTION)
        return str(name) if name else None
    return None
