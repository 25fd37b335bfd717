"""Reading option texts and views without knowing the game: card refs (cid@uid)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# A card in an option text: its id, "@", its number in this game (the notation's card ref).
REF = re.compile(r"(?<![\w@])([^\s@]+)@(\d+)\b")


def where(view: Mapping[str, Any], uid: int) -> str:
    """The zone name (without the seat) holding card `uid` in a view, or ""."""
    for key, z in view["zones"].items():
        if isinstance(z, list) and any(c.get("uid") == uid for c in z):
            return key.rpartition("/")[2]
    return ""
