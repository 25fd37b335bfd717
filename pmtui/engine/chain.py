"""A response chain, for rulesets where a player may answer the other's play.

An entry (whatever the ruleset needs to resolve it later) is pushed; the other
player may respond, the right alternating; two passes in a row resolve the
whole chain last in, first out. The chain lives in the game variables
("chain", "resp"), so it is saved, replayed and undone like everything else.
"""

from __future__ import annotations

from typing import Any

from .context import Context


def push(ctx: Context, entry: dict[str, Any], player: int, why: str = "declared") -> None:
    """Add an entry to the chain; the other player may respond first."""
    chain = list(ctx.state.vars.get("chain", ())) + [dict(entry, by=player)]
    ctx.emit(
        {"t": "var", "set": {"chain": chain, "resp": {"prio": 1 - player, "passes": 0}}, "why": why}
    )


def holder(vars: dict[str, Any]) -> int:
    return int(vars["resp"]["prio"])


def pass_response(ctx: Context) -> list[dict[str, Any]] | None:
    """A pass. Returns the entries to resolve, last in first, once both players
    have passed in a row (and closes the chain); None while it stays open."""
    resp = ctx.state.vars["resp"]
    if resp["passes"] + 1 < 2:
        ctx.emit(
            {"t": "var", "set": {"resp": {"prio": 1 - resp["prio"], "passes": 1}}, "why": "pass"}
        )
        return None
    entries = list(reversed(ctx.state.vars["chain"]))
    ctx.emit({"t": "var", "set": {"chain": None, "resp": None}, "why": "chain resolves"})
    return entries
