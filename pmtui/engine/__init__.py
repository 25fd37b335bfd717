"""The ruleset-agnostic core: state, events, decisions, the game log, views."""

from .context import Context, GameOver
from .decision import Decision, IllegalAction, Option
from .game import Game, ReplayMismatch
from .state import Card, Event, FoldError, State, apply_event, fold, state_hash, zkey
from .views import redact, redact_decision, view

__all__ = [
    "Card", "Context", "Decision", "Event", "FoldError", "Game", "GameOver", "IllegalAction",
    "Option", "ReplayMismatch", "State", "apply_event", "fold", "redact", "redact_decision",
    "state_hash", "view", "zkey",
]
