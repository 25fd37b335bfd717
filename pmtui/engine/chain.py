"""A response chain, for rulesets where a player may answer the other's play.

An entry (whatever the ruleset needs to resolve it later) is pushed; the other
player may respond, the right alternating; two passes in a row (or, when the
ruleset names one, a pass by the player with the last word right after the
other's) resolve the whole chain last in, first out. The chain lives in the
game variables ("chain", "resp"), so it is saved, replayed and undone like
everything else.
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


def pass_response(ctx: Context, last_word: int | None = None) -> list[dict[str, Any]] | None:
    """A pass. Returns the entries to resolve, last in first, and closes the chain;
    None while it stays open. Without `last_word` two passes in a row close it;
    with it, only a pass by `last_word` right after the other player's pass does
    (a game where one player always has the last word)."""
    resp = ctx.state.vars["resp"]
    passer = resp["prio"]
    closes = resp["passes"] >= 1 and (last_word is None or passer == last_word)
    if not closes:
        nxt = {"prio": 1 - passer, "passes": resp["passes"] + 1}
        ctx.emit({"t": "var", "set": {"resp": nxt}, "why": "pass"})
        return None
    entries = list(reversed(ctx.state.vars["chain"]))
    ctx.emit({"t": "var", "set": {"chain": None, "resp": None}, "why": "chain resolves"})
    return entries
