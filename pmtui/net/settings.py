"""Each SSH player's table settings, kept by the server in memory.

A local table reads and writes the player's own `tui.toml`; the server has no file
per player and never touches its own. So a change made on the settings screen at a
server table (the colour depth, which applies from the next table, the stops, the
theme) is kept here under the player's name and key, and each table they open
starts from it: one player's settings never reach another's table. They last while
the server runs, starting afresh included (recycle.py hands them over; docs/ssh.md).
"""

from __future__ import annotations

import copy
from typing import Any

from pmtui.net.tables import User
from pmtui.tui.keys import TuiConfig, read_config

KEPT = "for your next tables on this server"


class PlayerSettings:
    def __init__(self) -> None:
        self._kept: dict[User, dict[str, Any]] = {}

    def config_for(self, user: User) -> TuiConfig:
        """A new table's settings for `user`: the ones they last changed, else the defaults.
        A copy: a table changing its own never changes what another table was given."""
        cfg = TuiConfig(path="your settings", kept=KEPT)
        data = self._kept.get(user)
        return read_config(cfg, copy.deepcopy(data)) if data is not None else cfg

    def keep(self, user: User, data: dict[str, Any]) -> None:
        """What `user`'s settings screen changed (keys.config_data)."""
        self._kept[user] = copy.deepcopy(data)

    def pack(self) -> list[list[Any]]:
        """For the server's next image (recycle.py): [name, key, settings] rows, JSON."""
        return [[u.name, u.key, data] for u, data in self._kept.items()]

    def unpack(self, rows: list[list[Any]]) -> None:
        for name, key, data in rows:
            self._kept[User(name, key)] = data
