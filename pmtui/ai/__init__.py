"""Computer players. Each sees only its player's view (pmtui.engine.views)."""

from .base import Player, make_player
from .random_player import RandomPlayer

__all__ = ["Player", "RandomPlayer", "make_player"]
