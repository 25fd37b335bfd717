"""Emitting the engine's own event kinds from rules code (state.py folds them)."""

from __future__ import annotations

from .context import Context


def setvars(ctx: Context, why: str, **values: object) -> None:
    """Set game variables (a "var" event); a value of None removes the variable."""
    ctx.emit({"t": "var", "set": values, "why": why})
